"""The parsed CSS kept between runs: recalled only when it suits, and the same look either way."""

from __future__ import annotations

import errno
import os
import pickle
import tempfile
import threading
import time
from pathlib import Path
from typing import BinaryIO

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet

from desk_browser.memory.cache_writing import STALE_AGE
from desk_browser.ui.css_memo import (
    MEMO_NAME,
    NOTHING_RECALLED,
    keep_parsed_css,
    memo_stamp,
    recall_parsed_css,
)
from desk_browser.ui.textual_compat import parsed_rules
from tests.helpers.pilot import AppFor

CSS = '#a { color: $primary; }\n.b { border: round $primary 50%; }\n'


def _sheet(css: str = CSS, primary: str = '#004578') -> Stylesheet:
    sheet = Stylesheet(variables={'primary': primary})
    sheet.add_source(css, read_from=('app.tcss', ''))
    return sheet


def _rules(sheet: Stylesheet) -> list[tuple[str, dict[str, object]]]:
    return [(rule.selector_set[0].css, dict(rule.styles.get_rules())) for rule in sheet.rules]


def test_a_kept_memo_is_recalled_and_gives_the_same_rules(tmp_path: Path) -> None:
    first = _sheet()
    expected = _rules(first)
    assert keep_parsed_css(first, tmp_path, NOTHING_RECALLED)
    second = _sheet()
    recalled = recall_parsed_css(second, tmp_path)
    assert len(recalled.sources) == 1
    assert list(parsed_rules(second)) == list(parsed_rules(first))
    assert _rules(second) == expected
    assert not keep_parsed_css(second, tmp_path, recalled)  # Nothing new to keep.


def test_a_memo_for_other_variables_is_not_recalled(tmp_path: Path) -> None:
    keep_parsed_css(_parse(_sheet()), tmp_path, NOTHING_RECALLED)
    other = _sheet(primary='#ff0000')
    assert recall_parsed_css(other, tmp_path) == NOTHING_RECALLED
    assert parsed_rules(other) == {}


def test_an_edited_source_is_parsed_afresh_and_dropped_from_the_memo(tmp_path: Path) -> None:
    keep_parsed_css(_parse(_sheet()), tmp_path, NOTHING_RECALLED)
    edited = _sheet(css='#a { color: red; }\n')
    recalled = recall_parsed_css(edited, tmp_path)
    assert _rules(edited)[0][1]['color'] == Color.parse('red')
    assert keep_parsed_css(edited, tmp_path, recalled)
    with (tmp_path / MEMO_NAME).open('rb') as memo_file:
        _stamp, kept = pickle.load(memo_file)
    assert [key[0] for key in kept] == ['#a { color: red; }\n']


def test_a_damaged_memo_is_ignored_and_written_again(tmp_path: Path) -> None:
    (tmp_path / MEMO_NAME).write_bytes(b'not a pickle')
    sheet = _sheet()
    recalled = recall_parsed_css(sheet, tmp_path)
    assert recalled == NOTHING_RECALLED
    assert len(_rules(sheet)) == 2
    assert keep_parsed_css(sheet, tmp_path, recalled)
    assert len(recall_parsed_css(_sheet(), tmp_path).sources) == 1


class _Touching:
    """Unpickled, a pickle of this touches a file: what a memo made by something else might do."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[Path]]:
        return (Path.touch, (self.path,))


class _ReachingThroughGetattr:
    """Unpickled, a pickle of this reaches a function's globals through getattr."""

    def __reduce__(self) -> tuple[object, tuple[object, str]]:
        return (getattr, (Stylesheet.__init__, '__globals__'))


def test_a_memo_naming_anything_but_parsed_css_runs_nothing(tmp_path: Path) -> None:
    sheet = _sheet()
    marker = tmp_path / 'touched'
    for foreign in (_Touching(marker), _ReachingThroughGetattr()):
        parsed = {('#a {}', ('app.tcss', ''), False, 0, ''): [foreign]}
        (tmp_path / MEMO_NAME).write_bytes(pickle.dumps((memo_stamp(sheet), parsed)))
        assert recall_parsed_css(sheet, tmp_path) == NOTHING_RECALLED
    assert not marker.exists()
    assert parsed_rules(sheet) == {}


def test_a_memo_too_large_to_be_ours_is_not_read(tmp_path: Path) -> None:
    keep_parsed_css(_parse(_sheet()), tmp_path, NOTHING_RECALLED)
    memo = tmp_path / MEMO_NAME
    memo.write_bytes(memo.read_bytes() + b'\0' * (5 * 1024 * 1024))
    assert recall_parsed_css(_sheet(), tmp_path) == NOTHING_RECALLED


async def test_the_app_looks_the_same_with_the_memo_as_without(
    app_for: AppFor, demo_desk: Path
) -> None:
    screens, recalled = [], []
    for _run in range(2):
        app = app_for(demo_desk)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press('slash')
            await pilot.pause()
            await pilot.press('escape', 'question_mark')
            await pilot.pause()
            screens.append(app.export_screenshot())
        recalled.append(len(app.recalled_css.sources))
    assert recalled[0] == 0
    assert recalled[1] > 20  # app.tcss, later.tcss and the widgets' DEFAULT_CSS.
    assert screens[0] == screens[1]


def _parse(sheet: Stylesheet) -> Stylesheet:
    sheet.parse()
    return sheet


def _leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name != MEMO_NAME)


def test_a_full_disk_leaves_the_memo_as_it_was_and_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keep_parsed_css(_parse(_sheet()), tmp_path, NOTHING_RECALLED)
    before = (tmp_path / MEMO_NAME).read_bytes()

    def disk_full(memo: object, memo_file: BinaryIO, protocol: int) -> None:
        memo_file.write(b'half a memo')
        raise OSError(errno.ENOSPC, 'No space left on device')

    monkeypatch.setattr(pickle, 'dump', disk_full)
    assert not keep_parsed_css(_parse(_sheet(primary='#ff0000')), tmp_path, NOTHING_RECALLED)
    assert (tmp_path / MEMO_NAME).read_bytes() == before
    assert _leftovers(tmp_path) == []


def test_keeping_sweeps_the_partial_files_a_killed_process_left(tmp_path: Path) -> None:
    """Of both namings (<pid>.partial before 9e18a60, mkstemp's since), even with nothing new."""
    keep_parsed_css(_parse(_sheet()), tmp_path, NOTHING_RECALLED)
    stale = time.time() - STALE_AGE - 60
    killed = [tmp_path / f'{MEMO_NAME}.40321.partial', tmp_path / f'{MEMO_NAME}.x_7ab2kq.partial']
    fresh = tmp_path / f'{MEMO_NAME}.40322.partial'  # Another app quitting now.
    others = [
        tmp_path / f'{MEMO_NAME}.partial',
        tmp_path / f'{MEMO_NAME}.4032l.partial.bak',
        tmp_path / 'other.pickle.40321.partial',
    ]
    for path in [*killed, fresh, *others]:
        path.write_bytes(b'half a memo')
        os.utime(path, (stale, stale))
    os.utime(fresh, None)
    recalled = recall_parsed_css(_parse(_sheet()), tmp_path)
    assert not keep_parsed_css(_parse(_sheet()), tmp_path, recalled)  # Nothing new to keep.
    assert not any(path.exists() for path in killed)
    assert all(path.exists() for path in [fresh, *others])


def test_a_cache_folder_that_cannot_be_written_is_only_no_memo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_folder = tmp_path / 'cache'
    not_a_folder.write_text('a file where the cache folder should be', encoding='utf-8')
    assert not keep_parsed_css(_parse(_sheet()), not_a_folder, NOTHING_RECALLED)
    assert not keep_parsed_css(_parse(_sheet()), not_a_folder / 'inside', NOTHING_RECALLED)

    def read_only(*arguments: object, **options: object) -> tuple[int, str]:
        raise PermissionError(errno.EROFS, 'Read-only file system')

    monkeypatch.setattr(tempfile, 'mkstemp', read_only)
    assert not keep_parsed_css(_parse(_sheet()), tmp_path / 'read-only', NOTHING_RECALLED)
    assert _leftovers(tmp_path / 'read-only') == []


def test_two_apps_quitting_at_once_leave_a_whole_memo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    both_writing = threading.Barrier(2, timeout=10)
    dump = pickle.dump

    def dump_then_wait(memo: object, memo_file: BinaryIO, protocol: int) -> None:
        dump(memo, memo_file, protocol=protocol)
        memo_file.flush()
        both_writing.wait()  # Both have written before either replaces the memo.

    monkeypatch.setattr(pickle, 'dump', dump_then_wait)
    sheets = [_parse(_sheet()), _parse(_sheet(css=CSS + '.c { color: red; }\n'))]
    written: list[bool] = []
    quitting = [
        threading.Thread(
            target=lambda sheet=sheet: written.append(
                keep_parsed_css(sheet, tmp_path, NOTHING_RECALLED)
            )
        )
        for sheet in sheets
    ]
    for thread in quitting:
        thread.start()
    for thread in quitting:
        thread.join()
    assert written == [True, True]
    assert _leftovers(tmp_path) == []
    monkeypatch.undo()
    recalled = recall_parsed_css(_sheet(), tmp_path)
    assert len(recalled.sources) == 1  # One app's whole memo, whichever replaced it last.


async def test_quitting_with_a_full_disk_is_quiet(
    app_for: AppFor,
    demo_desk: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def disk_full(memo: object, memo_file: BinaryIO, protocol: int) -> None:
        raise OSError(errno.ENOSPC, 'No space left on device')

    monkeypatch.setattr(pickle, 'dump', disk_full)
    app = app_for(demo_desk)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press('q')
        await pilot.pause()
    assert app.return_code == 0
    assert 'Traceback' not in capsys.readouterr().err
    assert not (app.css_memo_folder / MEMO_NAME).exists()
    assert not list(app.css_memo_folder.glob('*.partial'))
