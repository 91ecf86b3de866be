"""The drawn answers' file (presentation.drawn_answers): read back as written, never trusted."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from desk_browser.memory.cache_folders import desk_cache_file
from desk_browser.memory.cache_writing import STALE_AGE
from desk_browser.presentation.drawn_answers import (
    DRAWN_FOLDER,
    MOST_BYTES,
    MOST_KEPT,
    DrawnLines,
    KeptDrawings,
    drawing_key,
    read_drawn_answers,
    write_drawn_answers,
)

LINES: DrawnLines = (
    (('Rollover', 'bold underline #57a5e2'),),
    (('• ', 'bold #ffa62b'), ('BANKNIFTY at ', None), ('52,720.9', 'bold')),
)


def test_what_is_written_is_read_back(tmp_path: Path) -> None:
    path = desk_cache_file(tmp_path / 'cache', DRAWN_FOLDER, tmp_path / 'desk')
    assert path.parent == tmp_path / 'cache' / 'drawn'
    key = drawing_key(('## Rollover', '72'))
    assert write_drawn_answers(path, {key: LINES})
    assert read_drawn_answers(path) == {key: LINES}
    assert KeptDrawings.read(tmp_path / 'cache', tmp_path / 'desk') == KeptDrawings(
        path, {key: LINES}
    )


def test_the_key_names_every_part_apart() -> None:
    assert drawing_key(('a', 'b')) != drawing_key(('ab',))
    assert drawing_key(('a', 'b')) != drawing_key(('a', 'c'))
    assert drawing_key(('\ud800',)) == drawing_key(('\ud800',))  # A lone surrogate keys too.


def test_a_missing_damaged_or_foreign_file_reads_as_nothing(tmp_path: Path) -> None:
    path = tmp_path / 'drawn.json'
    assert read_drawn_answers(path) == {}
    for content in (
        b'{"version": 1, "answers": ',
        b'[]',
        b'{"version": 2, "answers": {}}',
        b'{"version": 1, "answers": []}',
        b'\xff\xfe',
        b'[' * 100_000,
    ):
        path.write_bytes(content)
        assert read_drawn_answers(path) == {}


def test_an_entry_of_the_wrong_shape_is_left_out_alone(tmp_path: Path) -> None:
    path = tmp_path / 'drawn.json'
    good = [[['text', None], ['more', 'bold']]]
    answers = {
        'good': good,
        'not lines': 'text',
        'no lines': [],
        'a run too long': [[['text', None, 'x']]],
        'a style not text': [[['text', 3]]],
        'a control character': [[['\x1b[2J', None]]],
        'a bidi control': [[['\u202e', None]]],
    }
    path.write_text(json.dumps({'version': 1, 'answers': answers}), encoding='ascii')
    assert read_drawn_answers(path) == {'good': ((('text', None), ('more', 'bold')),)}


def test_an_oversized_file_is_not_read_and_too_many_answers_are_not_kept(tmp_path: Path) -> None:
    path = tmp_path / 'drawn.json'
    path.write_bytes(b' ' * (MOST_BYTES + 1))
    assert read_drawn_answers(path) == {}
    many = {f'key {number}': LINES for number in range(MOST_KEPT + 5)}
    assert write_drawn_answers(path, many)
    assert len(read_drawn_answers(path)) == MOST_KEPT


def test_a_file_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    blocked = tmp_path / 'cache'
    blocked.write_text('a file where the folder would be', encoding='utf-8')
    assert not write_drawn_answers(blocked / 'drawn' / 'x.json', {'key': LINES})
    assert blocked.read_text(encoding='utf-8') == 'a file where the folder would be'


def test_keeping_sweeps_what_writes_cut_short_left(tmp_path: Path) -> None:
    """Stale temporary files of the folder's naming go, whichever desk's; nothing else does."""
    kept = KeptDrawings.read(tmp_path / 'cache', tmp_path / 'desk')
    assert write_drawn_answers(kept.path, {'key': LINES})
    folder = kept.path.parent
    stale = time.time() - STALE_AGE - 60
    leftover = folder / f'.{"f" * 32}.json.abcdefgh.tmp'
    fresh = folder / f'.{kept.path.name}.ijklmnop.tmp'
    foreign = folder / 'notes.tmp'
    for path in (leftover, fresh, foreign):
        path.write_bytes(b'{')
    for path in (leftover, foreign):
        os.utime(path, (stale, stale))
    assert kept.sweep() == 1
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        [kept.path.name, fresh.name, foreign.name]
    )
