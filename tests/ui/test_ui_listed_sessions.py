"""The sessions an overview lists: entries made when looked at, the same as a list to every reader.

A five-year desk lists 2,520 sessions and its first screen draws about twenty: only those (and the
logs read) get their entries before the first paint; the others are made as they are looked at.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk_browser.live.first_read import FirstRead, session_to_open
from desk_browser.live.services import DeskServices
from desk_browser.presentation import desk_data
from desk_browser.presentation.desk_data import FIRST_COUNTED, SessionEntry, read_overview
from desk_browser.presentation.listed_sessions import (
    ListedSessions,
    any_uncounted,
    current_entry,
    listed_copy,
    place_of_session,
    session_ids_of,
)
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.search_indexing import IndexBuilder
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import exchange, write_lines, write_state
from tests.helpers.pilot import AppFor, settle

SIZE = (120, 40)
DAYS = 1_300
"""Two sessions a day: 2,600 sessions, about a five-year desk's."""

NEWEST = datetime.date(2026, 10, 21)


def _many_sessions_desk(root: Path) -> Path:
    """A desk of 2,600 sessions (a few exchanges each) and two undated ones; the newest current."""
    desk = root / 'main'
    sessions = desk / 'sessions'
    for back in range(DAYS):
        day = NEWEST - datetime.timedelta(days=back)
        for number in (1, 2):
            write_lines(
                sessions / f'{day.isoformat()}-{number}.jsonl',
                [exchange(f'trigger {count}', 'answer') for count in range(back % 3)],
            )
    write_lines(sessions / 'odd.jsonl', [exchange('odd', 'answer')])
    write_lines(sessions / f'{NEWEST.isoformat()}-01.jsonl', [])
    write_state(desk, f'{NEWEST.isoformat()}-2', {'claude': {'exchanges_seen': 1}})
    return desk


@pytest.fixture(scope='module')
def many_sessions_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _many_sessions_desk(tmp_path_factory.mktemp('many'))


def _entry(session_id: str, *, counted: bool = False, count: int = 0) -> SessionEntry:
    return SessionEntry(session_id, None, '', count, 0, False, counted=counted)


def _made_by_id(session_id: str) -> SessionEntry:
    return _entry(session_id)


@st.composite
def _listings(draw: st.DrawFn) -> tuple[list[SessionEntry], list[bool]]:
    """Entries with distinct ids, and which of them are left to the maker."""
    ids = draw(st.lists(st.text('abc123-', min_size=1, max_size=5), unique=True, max_size=12))
    counted = draw(st.lists(st.booleans(), min_size=len(ids), max_size=len(ids)))
    entries = [
        _entry(session_id, counted=was_counted, count=len(session_id) if was_counted else 0)
        for session_id, was_counted in zip(ids, counted, strict=True)
    ]
    return entries, [not was_counted for was_counted in counted]


def _listed(entries: list[SessionEntry], left: list[bool]) -> ListedSessions:
    return ListedSessions(
        [entry.session_id for entry in entries],
        [None if leave else entry for entry, leave in zip(entries, left, strict=True)],
        _made_by_id,
    )


@given(_listings(), st.integers(-15, 15), st.integers(-15, 15), st.integers(-3, 3))
def test_a_listing_reads_as_the_list_of_its_entries(
    listing: tuple[list[SessionEntry], list[bool]], start: int, stop: int, step: int
) -> None:
    entries, left = listing
    listed = _listed(entries, left)
    assert len(listed) == len(entries)
    assert listed.made == left.count(False)
    assert list(session_ids_of(listed)) == [entry.session_id for entry in entries]
    assert listed.made == left.count(False)  # The ids alone make nothing.
    if step:
        assert listed[start:stop:step] == entries[start:stop:step]
    for place in range(-len(entries), len(entries)):
        assert listed[place] == entries[place]
    with pytest.raises(IndexError):
        listed[len(entries)]
    assert list(listed) == entries
    assert listed == entries
    assert entries == listed
    assert listed == tuple(entries)
    assert listed == _listed(entries, left)
    assert listed == _listed(entries, [False] * len(entries))
    assert listed.made == len(entries)
    assert listed != [*entries, _entry('other')]
    assert repr(listed) == f'ListedSessions({entries!r})'


@given(_listings())
def test_the_helpers_answer_as_for_a_list_and_make_nothing(
    listing: tuple[list[SessionEntry], list[bool]],
) -> None:
    entries, left = listing
    listed = _listed(entries, left)
    made = listed.made
    for entry in entries:
        assert place_of_session(listed, entry.session_id) == entries.index(entry)
    assert place_of_session(listed, 'not listed') is None
    assert any_uncounted(listed) == any(not entry.counted for entry in entries)
    assert current_entry(listed) is None
    copied = listed_copy(listed)
    assert listed.made == made
    assert copied == entries
    assert listed_copy(entries) == entries


def test_a_copy_and_its_original_change_apart() -> None:
    entries = [_entry('a', counted=True), _entry('b'), _entry('c')]
    listed = _listed(entries, [False, True, True])
    copied = listed.copy()
    counted = dataclasses.replace(entries[1], exchange_count=3, counted=True)
    copied[1] = counted
    assert copied[1] == counted
    assert listed[1] == entries[1]
    assert listed != copied
    with pytest.raises(ValueError, match='not the session listed there'):
        copied[2] = counted


def test_an_entry_left_unmade_needs_a_maker() -> None:
    with pytest.raises(ValueError):
        ListedSessions(['a'], [None])
    with pytest.raises(ValueError):
        ListedSessions(['a', 'b'], [None], _made_by_id)


def test_the_overview_makes_only_the_entries_of_the_logs_it_reads(
    many_sessions_desk: Path,
) -> None:
    overview = read_overview(many_sessions_desk, counted=FIRST_COUNTED)
    sessions = overview.sessions
    assert isinstance(sessions, ListedSessions)
    assert len(sessions) == 2 * DAYS + 2
    assert sessions.made == FIRST_COUNTED
    whole = read_overview(many_sessions_desk).sessions
    for position, (quick, full) in enumerate(zip(sessions, whole, strict=True)):
        if position < FIRST_COUNTED:
            assert quick == full
        else:
            day, number = desk_data._split_session_id(full.session_id)
            assert quick == SessionEntry(full.session_id, day, number, 0, 0, False, counted=False)
    assert sessions[-1].session_id == 'odd'


def test_a_current_session_far_down_is_read_and_made_alone(tmp_path: Path) -> None:
    desk = _many_sessions_desk(tmp_path)
    old = f'{NEWEST - datetime.timedelta(days=1_000)}-1'
    write_state(desk, old, {'claude': {'exchanges_seen': 1}})
    overview = read_overview(desk, counted=FIRST_COUNTED)
    sessions = overview.sessions
    assert isinstance(sessions, ListedSessions)
    assert sessions.made == FIRST_COUNTED + 1
    found = current_entry(sessions)
    assert found is not None
    assert found.session_id == old
    assert found.counted
    assert sessions.made == FIRST_COUNTED + 1
    assert session_to_open(overview, ['nowhere', None, old]) == old
    assert session_to_open(overview, ['nowhere']) == sessions.session_id_at(0)
    assert sessions.made == FIRST_COUNTED + 1
    assert current_entry(read_overview(desk).sessions) == found


def test_the_first_read_makes_no_entry_beyond_the_logs_it_reads(
    many_sessions_desk: Path, tmp_path: Path
) -> None:
    services = DeskServices.for_desk(many_sessions_desk, cache_directory=tmp_path / 'cache')
    services.first_paint.set()
    look = FirstRead(services).start().look(30)
    assert look is not None
    assert look.session_log is not None
    assert look.session_log.session_id == f'{NEWEST.isoformat()}-2'
    sessions = look.overview.sessions
    assert isinstance(sessions, ListedSessions)
    assert sessions.made == FIRST_COUNTED


async def test_the_first_paint_makes_only_the_rows_drawn_and_every_row_comes_right(
    app_for: AppFor, many_sessions_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    at_paint: list[int] = []
    maker = desk_data._listed_without_counts

    def counting_maker(session_id: str) -> SessionEntry:
        made.append(session_id)
        return maker(session_id)

    loaded: Callable[[IndexBuilder], None] = IndexBuilder.session_loaded

    def noting_paint(self: IndexBuilder) -> None:
        loaded(self)
        self._app.call_after_refresh(lambda: at_paint.append(len(made)))

    monkeypatch.setattr(desk_data, '_listed_without_counts', counting_maker)
    monkeypatch.setattr(IndexBuilder, 'session_loaded', noting_paint)
    whole = read_overview(many_sessions_desk).sessions
    app = app_for(many_sessions_desk)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        session_list = main.query_one(SessionList)
        assert at_paint
        # The rows on screen at most (of 2,602), each made once for the list's own copy.
        assert 0 < at_paint[0] <= SIZE[1], at_paint
        for _ in range(600):
            if main.overview is not None and not any_uncounted(main.overview.sessions):
                break
            await pilot.pause(0.05)
        assert main.overview is not None
        assert main.overview.sessions == whole
        assert session_list.entries == whole
        assert session_list.row_count == len(whole)
        session_list.focus()
        await pilot.press('G')
        await settle(pilot)
        assert session_list.highlighted == len(whole) - 1
        assert main.selected_session == 'odd'
        await pilot.press('g', 'end')
        await settle(pilot)
        assert session_list.highlighted == len(whole) - 1
        await pilot.press('home')
        await settle(pilot)
        assert session_list.highlighted == 0
        assert main.selected_session == whole[0].session_id
        for place in (0, 1, 17, 1_000, len(whole) - 2):
            assert session_list.session_at(place) == whole[place]
            assert session_list.row_lines(place, 80)[0].plain.endswith(
                f'{whole[place].exchange_count} exchange'
                + ('' if whole[place].exchange_count == 1 else 's')
            )
