from pathlib import Path

from desk_browser.memory.retired_cache_files import remove_retired_cache_files


def test_the_files_earlier_versions_kept_are_removed(tmp_path: Path) -> None:
    (tmp_path / 'parsed-css.pickle').write_bytes(b'x')
    (tmp_path / 'generated-code-cpython-311-30b07f0.marshal').write_bytes(b'x')
    drawn = tmp_path / 'drawn'
    drawn.mkdir()
    (drawn / ('a' * 32 + '.json')).write_text('{}')

    assert remove_retired_cache_files(tmp_path) == 3
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_anything_else_stays(tmp_path: Path) -> None:
    kept = [tmp_path / 'parsed-css.pickle.keep', tmp_path / 'notes.marshal']
    for path in kept:
        path.write_bytes(b'x')
    (tmp_path / 'checks').mkdir()
    (tmp_path / 'checks' / ('b' * 32 + '.json')).write_text('{}')
    drawn = tmp_path / 'drawn'
    drawn.mkdir()
    (drawn / 'mine.txt').write_text('x')
    (tmp_path / 'outside.json').write_text('{}')
    (drawn / ('c' * 32 + '.json')).symlink_to(tmp_path / 'outside.json')

    assert remove_retired_cache_files(tmp_path) == 0
    assert all(path.exists() for path in kept)
    assert (tmp_path / 'checks' / ('b' * 32 + '.json')).exists()
    assert (drawn / 'mine.txt').exists()
    assert (tmp_path / 'outside.json').exists()


def test_a_missing_cache_folder_is_no_error(tmp_path: Path) -> None:
    assert remove_retired_cache_files(tmp_path / 'missing') == 0
