"""The Desks screen: opening a desk and coming back, following the workspace, odd entries."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from desk_browser.demo import DEMO_NOW, DEMO_TODAY
from desk_browser.ui import interpreter_turns
from desk_browser.ui.screens.desks_screen import DesksScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.desk_list import DeskList, sparkline
from desk_browser.ui.workspace_app import WorkspaceBrowser
from desk_browser.ui.workspace_indexing import IndexingProgress
from tests.helpers.desks import append
from tests.helpers.pilot import (
    deterministic_workspace_app,
    screen_text,
    settle,
    settled,
    wait_for_note,
    wait_until,
)
from tests.helpers.tree import snapshot_tree, tree_differences


def _names(app: WorkspaceBrowser) -> list[str]:
    return [health.name for health in app.screen.query_one(DeskList).desks]


async def test_the_desks_need_a_look_first(demo_workspace: Path) -> None:
    before = snapshot_tree(demo_workspace.parent)
    app = deterministic_workspace_app(demo_workspace)
    async with settled(app) as pilot:
        assert isinstance(app.screen, DesksScreen)
        assert _names(app) == ['options', 'research', 'hedging', 'main']
        text = screen_text(pilot)
        assert '2 of 4 desks need a look' in text
        assert 'claude 6 behind' in text
        assert '1 problem' in text
        desks = {health.name: health for health in app.screen.query_one(DeskList).desks}
        assert all(health.problem_count is not None for health in desks.values())
    after = snapshot_tree(demo_workspace.parent)
    assert after == before, tree_differences(before, after)


async def test_enter_opens_the_desk_and_back_returns_with_the_selection_kept(
    demo_workspace: Path,
) -> None:
    before = snapshot_tree(demo_workspace.parent)
    app = deterministic_workspace_app(demo_workspace)
    async with settled(app) as pilot:
        await pilot.press('down', 'down')
        chosen = app.screen.query_one(DeskList).highlighted_desk
        assert chosen is not None and chosen.name == 'hedging'
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.desk == demo_workspace / 'hedging'
        assert '2026-10-21-3' in screen_text(pilot)
        await pilot.press('backspace')
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)
        highlighted = app.screen.query_one(DeskList).highlighted_desk
        assert highlighted is not None and highlighted.name == 'hedging'
        await pilot.press('up', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.desk == demo_workspace / 'research'
        await pilot.press('slash', *'nifty')
        await settle(pilot)
        assert 'hits with every word' in screen_text(pilot)
    after = snapshot_tree(demo_workspace.parent)
    assert after == before, tree_differences(before, after)


async def test_esc_on_a_desk_s_main_screen_goes_back_to_the_desks_and_its_footer_says_so(
    demo_workspace: Path,
) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with settled(app, (80, 24)) as pilot:
        desks_footer = screen_text(pilot).splitlines()[-1]
        assert 'enter Open' in desks_footer  # What the Desks screen is for.
        assert 'esc' not in desks_footer  # Nothing to go back to.
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        footer = screen_text(pilot).splitlines()[-1]
        assert 'esc Desks' in footer and 'n Next' in footer and 'p Previous' in footer
        await pilot.press('d')
        await settle(pilot)
        await pilot.press('escape')  # The day view's own esc: back to the desk's main screen.
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        await pilot.press('escape')
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)
        assert app.desk_open is None


def _desk_row(pilot: Pilot[Any], name: str) -> list[str]:
    """The three lines of a desk's row on the Desks screen, as drawn.

    Empty between a look that replaced the rows and the paint that draws them again.
    """
    lines = pilot.app.screen.query_one(DeskList).rendered_text().splitlines()
    for place, line in enumerate(lines):
        if line[2:].startswith(name + ' '):
            return lines[place : place + 3]
    return []


async def test_each_desk_counts_its_newest_days_orders_and_o_opens_them(
    workspace_copy: Path,
) -> None:
    from desk_browser.ui.screens.orders_screen import OrdersScreen

    app = deterministic_workspace_app(workspace_copy)
    async with settled(app, (80, 24)) as pilot:
        assert 'o Orders' in screen_text(pilot).splitlines()[-1]
        main = _desk_row(pilot, 'main')[2].strip()
        assert main == 'orders today: 7 placed, 6 filled, 1 cancelled, 4 rejected'
        research = _desk_row(pilot, 'research')[2].strip()
        assert research == 'orders Thu 2026-10-15: 6 placed, 5 filled, 1 cancelled'
        journal = workspace_copy / 'main' / 'journal' / '2026-10-21.jsonl'
        placed = {
            'type': 'order_placed',
            'time': '2026-10-21T09:10:00+00:00',
            'order_id': 'T-1',
            'symbol': 'INFY26OCTFUT',
            'side': 'BUY',
            'quantity': 400,
            'price': 1,
        }
        append(journal, (json.dumps(placed) + '\n').encode())
        await wait_until(pilot, lambda: '8 placed' in ''.join(_desk_row(pilot, 'main')), seconds=30)
        await pilot.press('down')
        highlighted = app.screen.query_one(DeskList).highlighted_desk
        assert highlighted is not None and highlighted.name == 'research'
        await pilot.press('o')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OrdersScreen)
        assert screen.day == '2026-10-15' and app.desk == workspace_copy / 'research'
        assert 'Thu 2026-10-15' in screen_text(pilot)
        await pilot.press('escape')  # Opened from the Desks screen: back to it.
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen) and app.desk_open is None
        highlighted = app.screen.query_one(DeskList).highlighted_desk
        assert highlighted is not None and highlighted.name == 'research'


async def test_the_desks_first_paint_waits_for_no_order_count(demo_workspace: Path) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DesksScreen)
        await wait_until(pilot, lambda: 'orders' in screen.query_one(DeskList).rendered_text())
        rows = screen.query_one(DeskList).rendered_text()
        assert 'orders: counting…' in rows or 'orders today' in rows
        await settle(pilot)
        assert 'counting…' not in screen.query_one(DeskList).rendered_text()


async def test_a_new_desk_folder_appears_and_a_desk_that_writes_moves(
    workspace_copy: Path, demo_workspace: Path
) -> None:
    app = deterministic_workspace_app(workspace_copy)
    async with settled(app) as pilot:
        screen = app.screen
        assert isinstance(screen, DesksScreen)
        shutil.copytree(demo_workspace / 'main', workspace_copy / 'alpha')
        research = workspace_copy / 'research' / 'sessions'
        line = {
            'trigger_text': 'NIFTY opened flat',
            'answer': 'Watching.',
            'backend_name': 'claude',
            'finished_at': '2026-10-21T04:00:00+00:00',
        }
        (research / '2026-10-21-1.jsonl').write_text(json.dumps(line) + '\n')
        state = {
            'session_id': '2026-10-21-1',
            'trading_date': '2026-10-21',
            'routes': {'claude': {'exchanges_seen': 1, 'runner_state': None}},
        }
        (research / 'state.json').write_text(json.dumps(state))
        screen._follow_tick()  # What the timer does every FOLLOW_INTERVAL.
        await settle(pilot)
        assert _names(app) == ['options', 'alpha', 'hedging', 'main', 'research']
        assert '2 of 5 desks need a look' not in screen_text(pilot)
        assert '1 of 5 desks needs a look' in screen_text(pilot)


async def test_odd_entries_are_rows_that_say_so(workspace_copy: Path) -> None:
    (workspace_copy / 'loop').symlink_to(workspace_copy / 'loop')
    (workspace_copy / 'flat').write_text('not a desk')
    app = deterministic_workspace_app(workspace_copy)
    async with settled(app) as pilot:
        text = screen_text(pilot)
        assert 'a symlink loop' in text
        assert 'a file, not a desk folder' in text
        shutil.rmtree(workspace_copy / 'hedging')
        desks_screen = app.screen
        assert isinstance(desks_screen, DesksScreen)
        desks_screen._follow_tick()
        await settle(pilot)
        assert 'hedging' not in _names(app)
        await pilot.press('home', 'enter')  # A row that is no desk does not open.
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)


def test_sparkline_scales_to_the_busiest_day() -> None:
    assert sparkline([0, 1, 4, 8]) == '·▂▅█'
    assert sparkline([0, 0]) == '··'


def test_the_browser_opens_a_workspace_on_its_desks_screen(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desk_browser import cli

    opened: list[Path] = []
    monkeypatch.setattr(cli, 'terminal_problem', lambda: None)

    def run_workspace_browser(path: Path, search: str | None = None) -> int:
        assert search is None
        opened.append(path)
        return 0

    monkeypatch.setattr(cli, 'run_workspace_browser', run_workspace_browser)
    monkeypatch.setattr(cli, 'run_browser', lambda *_: pytest.fail('opened as one desk'))
    assert cli.main([str(demo_workspace)]) == 0
    assert cli.main([str(demo_workspace.parent)]) == 0  # workspace/, its desks in desks/.
    assert opened == [demo_workspace.resolve(), demo_workspace.parent.resolve()]


def search_status(app: WorkspaceBrowser) -> str:
    return str(app.screen.query_one('#workspace-search-status').render())


async def search_every_desk(pilot: Pilot[Any], typed: str, *, slash: bool = True) -> None:
    """Types into the search across desks (opened with / first) until every hit is counted."""
    from desk_browser.ui.screens.workspace_search_screen import WorkspaceSearchScreen

    app = pilot.app
    assert isinstance(app, WorkspaceBrowser)
    await settle(pilot)
    await pilot.press(*(['slash'] if slash else []), *typed)
    await wait_until(pilot, lambda: isinstance(app.screen, WorkspaceSearchScreen))
    box = app.screen.query_one('#box', Input)
    await wait_until(
        pilot,
        lambda: (
            getattr(app.screen, '_shown_query', None) == box.value
            and 'counting' not in search_status(app)
        ),
    )
    await settle(pilot)


async def test_slash_searches_every_desk_and_enter_opens_the_record_in_its_desk(
    demo_workspace: Path,
) -> None:
    from desk_browser.memory.index.search import IndexedSearch
    from desk_browser.presentation.hit_details import HitDetailsReader
    from desk_browser.presentation.workspace_search import merge_desk_results
    from desk_browser.ui.screens.record_screen import RecordScreen
    from desk_browser.ui.screens.workspace_search_screen import FIRST_HITS
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList

    names = ['hedging', 'main', 'options', 'research']
    every = {
        name: IndexedSearch(demo_workspace / name).search('nifty gap', 10_000) for name in names
    }
    merged, _ = merge_desk_results(every)
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_every_desk(pilot, 'nifty gap')
        hit_list = app.screen.query_one(DeskHitList)
        assert hit_list.hits == merged[:FIRST_HITS]  # Newest day first, then by desk name.
        desks_with_hits = sum(1 for result in every.values() if result.hits)
        assert search_status(app) == (
            f'{len(merged):,} hits with every word in {desks_with_hits} desks'
        )
        marked = {
            line.plain[span.start : span.end].lower()
            for index in range(FIRST_HITS)
            for line in hit_list.row_lines(index, 118)[1:]
            for span in line.spans
        }
        assert marked == {'nifty', 'gap'}  # The keywords stand out, as in one desk's search.
        for index, found in enumerate(hit_list.hits[:4]):  # Times and sessions from its desk.
            own = every[found.desk].hits
            mine = [position for position, hit in enumerate(own) if hit == found.hit][:1]
            expected = HitDetailsReader(demo_workspace / found.desk).details_at(own, mine)
            assert hit_list.details_at(index) == expected[mine[0]] is not None
        await pilot.press('down', 'end')  # Into the hits, then the last: every hit loads.
        await wait_until(pilot, lambda: len(hit_list.hits) == len(merged))
        assert hit_list.hits == merged
        await settle(pilot)
        assert hit_list.highlighted == len(merged) - 1
        app.screen.query_one('#box', Input).focus()
        await pilot.press('end')
        await search_every_desk(pilot, ' desk:research', slash=False)
        hits = app.screen.query_one(DeskHitList).hits
        assert hits and {found.desk for found in hits} == {'research'}
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert app.desk == demo_workspace / 'research'


async def test_enter_in_the_hits_opens_the_highlighted_one_as_the_footer_says(
    demo_workspace: Path,
) -> None:
    from desk_browser.ui.screens.record_screen import RecordScreen
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList

    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'zzqqx')
        assert 'enter Open' in screen_text(pilot).splitlines()[-1]  # From the box, as here.
        await pilot.press('enter')  # No hit: it says so, as a desk's search does.
        await wait_for_note(pilot, 'No hit to open.')
        app.screen.query_one('#box', Input).value = ''
        await search_every_desk(pilot, 'nifty gap', slash=False)
        await pilot.press('down', 'down')
        hit_list = app.screen.query_one(DeskHitList)
        assert hit_list.has_focus and hit_list.highlighted == 1
        chosen = hit_list.hits[1]
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert app.desk == demo_workspace / chosen.desk
        # Its heading says when and who, as the hit did.
        details = hit_list.details_at(1)
        assert details is not None and app.screen.details == details


async def test_a_word_in_no_desk_is_named_with_the_nearest_word_enter_takes(
    demo_workspace: Path,
) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_every_desk(pilot, 'nifty rollver')
        status = search_status(app)
        assert 'No record has every word' in status
        assert 'rollver: in no record, did you mean rollover?' in status
        await pilot.press('enter')
        await wait_until(pilot, lambda: 'with every word in' in search_status(app))
        assert app.screen.query_one('#box', Input).value == 'nifty rollover'


@pytest.mark.parametrize('width', [80, 120, 200])
def test_each_desk_row_fits_the_width_keeping_what_needs_a_look(
    demo_workspace: Path, width: int
) -> None:
    import datetime

    from desk_browser.memory.workspace import find_desks
    from desk_browser.presentation.desk_health import read_health
    from desk_browser.presentation.formatting import INDIA
    from desk_browser.presentation.orders_day import read_order_counts
    from desk_browser.ui.widgets.desk_list import desk_lines

    moment = datetime.datetime.fromtimestamp(DEMO_NOW, INDIA)
    healths = {entry.name: read_health(entry, moment) for entry in find_desks(demo_workspace).desks}
    rows = {
        name: [
            line.plain
            for line in desk_lines(
                health, DEMO_TODAY, DEMO_NOW, width, read_order_counts(health.path)
            )
        ]
        for name, health in healths.items()
    }
    for lines in rows.values():
        assert all(len(line) <= width and not line.endswith('…') for line in lines), lines
    assert '1 problem' in rows['options'][0] and 'damaged state' in rows['options'][1]
    assert 'quiet today' in rows['research'][1]
    assert 'claude 6 behind' in rows['hedging'][1]
    assert rows['hedging'][2].strip() == 'orders today: 7 placed, 5 filled, 2 cancelled, 3 rejected'
    assert rows['main'][0].split()[1:3] == ['2026-10-21-3', '·']
    if width >= 120:  # Room for every detail.
        assert 'needs a look: quiet today' in rows['research'][1]
        assert 'no problems' in rows['main'][0]


async def test_every_desk_is_indexed_for_search_after_the_counts(demo_workspace: Path) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        indexing = str(app.screen.query_one('#desks-indexing').render())
        assert indexing == 'every desk indexed for search'
        for health in app.screen.query_one(DeskList).desks:
            assert app.workspace.services_for(health.path).search.status().complete


async def test_the_desks_problem_counts_wait_while_an_index_build_runs(
    demo_workspace: Path,
) -> None:
    """As the main screen's check: no file is read for the counts while a build runs."""
    app = deterministic_workspace_app(demo_workspace)
    build = interpreter_turns.short_turns()  # An index build of this process (an open desk's).
    build.__enter__()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: len(_names(app)) == 4)
            await pilot.pause(0.5)
            desks = app.screen.query_one(DeskList).desks
            assert all(health.problem_count is None for health in desks)
            assert interpreter_turns.building()
            build.__exit__(None, None, None)
            await settle(pilot)
            desks = app.screen.query_one(DeskList).desks
            assert all(health.problem_count is not None for health in desks)
            assert '1 problem' in screen_text(pilot)
    finally:
        if interpreter_turns.building():
            build.__exit__(None, None, None)


async def test_the_help_opens_at_the_keys_of_the_screen_under_it(demo_workspace: Path) -> None:
    """At 80x24 the Desks screen's keys, last in the help, were 60 lines down."""
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys, shown in (
            ((), 'Open the highlighted desk'),  # The Desks screen.
            (('enter',), 'Search everything the desk said'),  # A desk's main screen.
            (('d',), 'Day before / after'),  # Its day view.
        ):
            await pilot.press(*keys)
            await settle(pilot)
            await pilot.press('question_mark')
            await settle(pilot)
            assert shown in screen_text(pilot)
            await pilot.press('escape')
            await settle(pilot)


async def test_slash_in_the_search_across_desks_types_itself_or_goes_back_into_the_box(
    demo_workspace: Path,
) -> None:
    """The footer says "/ Search": in the box it is typed (usd/inr), in the hits it goes back
    to the box, as in a desk's search (it was swallowed in both)."""
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList

    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'nifty/gap')
        box = app.screen.query_one('#box', Input)
        assert box.value == 'nifty/gap'
        box.value = 'nifty'
        await search_every_desk(pilot, '', slash=False)
        await pilot.press('down')
        assert app.screen.query_one(DeskHitList).has_focus
        await pilot.press('slash')
        await pilot.pause()
        assert box.has_focus and box.value == 'nifty'


async def test_esc_on_a_record_opened_from_the_search_across_desks_goes_back_to_its_hits(
    demo_workspace: Path,
) -> None:
    """As from a desk's search: esc back to the hits (they were lost: esc went to the desk's
    main screen), / back into the box; leaving the desk otherwise closes the search."""
    from desk_browser.ui.screens.record_screen import RecordScreen
    from desk_browser.ui.screens.workspace_search_screen import WorkspaceSearchScreen
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList

    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'nifty gap')
        search = app.screen
        hit_list = search.query_one(DeskHitList)
        hits = list(hit_list.hits)
        await pilot.press('down', 'down', 'down', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert app.desk == demo_workspace / hits[2].desk
        assert screen_text(pilot).splitlines()[2].strip().endswith('esc back to the hits')
        await pilot.press('escape')
        await settle(pilot)
        assert app.screen is search and app.desk_open is None
        assert hit_list.has_focus and hit_list.highlighted == 2
        assert list(hit_list.hits)[: len(hits)] == hits
        assert search.query_one('#box', Input).value == 'nifty gap'
        await pilot.press('enter')
        await settle(pilot)
        await pilot.press('slash')  # Back into the box, the words still in it.
        await settle(pilot)
        assert app.screen is search and search.query_one('#box', Input).has_focus
        await pilot.press('down', 'enter')
        await settle(pilot)
        await pilot.press('e')  # The day's sessions: the desk's main screen.
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        await pilot.press('escape')  # "esc Desks": the Desks screen itself, the search closed.
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)
        assert not any(isinstance(screen, WorkspaceSearchScreen) for screen in app.screen_stack)


async def test_esc_in_the_search_across_desks_clears_the_box_first_as_a_desks_search_does(
    demo_workspace: Path,
) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'nifty')
        assert 'esc Clear / back' in screen_text(pilot).splitlines()[-1]
        box = app.screen.query_one('#box', Input)
        await pilot.press('escape')
        await settle(pilot)
        assert box.value == '' and box.has_focus
        await pilot.press('escape')
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)


async def test_qualifiers_of_the_search_across_desks_are_chips_and_fit_80_columns(
    demo_workspace: Path,
) -> None:
    """Its notes went at the end of its one status line, cut at 80 columns."""
    from desk_browser.ui.widgets.scope_chips import ScopeChips

    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'nifty desk:main,nope day:2026-13-01 kind:exchange')
        chips = app.screen.query_one(ScopeChips)
        lines = [' '.join(line.split()) for line in screen_text(pilot).splitlines()]
        shown = lines[chips.region.y : chips.region.y + chips.region.height]
        assert chips.region.height == 3
        assert shown[0].startswith('desk main kind exchange desk: nope is no desk here')
        said = ' '.join(shown)
        # The desks in the Desks screen's order (those needing a look first).
        assert 'desk: nope is no desk here (the desks: options, research, hedging, main); ' in said
        assert 'day: 2026-13-01 is not a date; searched without it' in said
        assert search_status(app).endswith('hits with every word in 1 desk')
        assert 'nope' not in search_status(app)
        app.screen.query_one('#box', Input).value = 'nifty'
        await search_every_desk(pilot, '', slash=False)
        assert chips.region.height == 0  # No qualifier: no chips, as in a desk's search.


async def test_words_asked_for_open_the_search_across_desks(demo_workspace: Path) -> None:
    """desk-browser WORKSPACE --search WORDS (it exited 2)."""
    from desk_browser.ui.screens.workspace_search_screen import WorkspaceSearchScreen
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList
    from desk_browser.ui.workspace_app import make_workspace_app

    app = make_workspace_app(
        demo_workspace,
        theme='textual-dark',
        today=lambda: DEMO_TODAY,
        cursor_blink=False,
        animation_level='none',
        search='nifty desk:main',
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, WorkspaceSearchScreen))
        await search_every_desk(pilot, '', slash=False)
        box = app.screen.query_one('#box', Input)
        assert box.value == 'nifty desk:main' and box.has_focus
        hits = app.screen.query_one(DeskHitList).hits
        assert hits and {found.desk for found in hits} == {'main'}
        await pilot.press('escape', 'escape')
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)


async def test_the_search_across_desks_says_which_desk_had_a_day_it_could_not_read(
    workspace_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os
    from typing import BinaryIO

    from desk_browser.memory import file_reading, unread_files

    day = sorted((workspace_copy / 'main' / 'journal').iterdir())[0]
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:  # Our reader, as nobody meets it.
        if path == day:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    monkeypatch.setattr(unread_files, 'open_desk_file', refusing)  # Our reader's name.
    app = deterministic_workspace_app(workspace_copy)
    async with app.run_test(size=(120, 40)) as pilot:
        await search_every_desk(pilot, 'nifty')
        await wait_until(pilot, lambda: 'could not be read' in search_status(app))
        assert search_status(app).endswith(' · main: 1 day could not be read: see Problems')


def test_the_desks_indexing_line_names_the_desks_whose_index_stopped_for_lack_of_space() -> None:
    full = "no space left on the cache's disk"
    done = IndexingProgress('', 3, 3, incomplete=(('main', full), ('swing', full)))
    assert done.text == f'search index incomplete for main, swing: {full}'
    going = IndexingProgress('swing', 1, 3, incomplete=(('main', full),))
    assert going.text == 'indexing swing for search · 1 of 3 desks indexed · ' + (
        f'search index incomplete for main: {full}'
    )
    assert IndexingProgress('', 3, 3).text == 'every desk indexed for search'


async def test_a_hit_on_an_order_event_across_desks_opens_its_story_and_esc_its_hits(
    demo_workspace: Path,
) -> None:
    """As a desk's own search does: the order's story, from the trigger to the fill."""
    from desk_browser.memory.order_book import Order
    from desk_browser.ui.screens.order_story_screen import OrderStoryScreen
    from desk_browser.ui.widgets.desk_hit_list import DeskHitList
    from desk_browser.ui.widgets.desk_text_view import DeskTextView

    app = deterministic_workspace_app(demo_workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_every_desk(pilot, 'desk:main kind:order 261020-0003')
        search = app.screen
        hit_list = search.query_one(DeskHitList)
        assert hit_list.hits
        await pilot.press('down', 'enter')
        await settle(pilot)
        story = app.screen
        assert isinstance(story, OrderStoryScreen)
        assert app.desk == demo_workspace / 'main'
        await wait_until(pilot, lambda: isinstance(story.story, Order))
        assert isinstance(story.story, Order) and story.story.order_id == '261020-0003'
        text = story.query_one('#story', DeskTextView).rendered_text()
        assert 'India VIX jumped 10%' in text
        await pilot.press('escape')
        await settle(pilot)
        assert app.screen is search and app.desk_open is None
        assert hit_list.has_focus
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, OrderStoryScreen)
        await pilot.press('slash')  # Back into the box, the words still in it.
        await settle(pilot)
        assert app.screen is search and search.query_one('#box', Input).has_focus
