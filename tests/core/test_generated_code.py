"""The code generated as modules load, kept between starts (desk_browser.generated_code)."""

from __future__ import annotations

import collections
import dataclasses
import inspect
import marshal
import subprocess
import sys
import textwrap
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ForwardRef, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser import generated_code


@pytest.fixture
def remembering(tmp_path: Path) -> Iterator[Path]:
    """Dataclasses made through generated_code, with tmp_path as the cache folder."""
    generated_code.forget()
    generated_code.remember(tmp_path)
    yield tmp_path
    generated_code.forget()


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources generated_code compiles (rather than finds kept)."""
    compiled: list[str] = []

    def counting_compile(source: str, *arguments: Any, **options: Any) -> Any:
        compiled.append(source)
        return compile(source, *arguments, **options)

    monkeypatch.setattr(generated_code, 'compile', counting_compile, raising=False)
    return compiled


def make_classes() -> list[type]:
    """One class of each kind of method dataclasses generates."""
    classes: list[type] = [
        dataclasses.make_dataclass('Plain', [('number', int), ('name', str, 'x')]),
        dataclasses.make_dataclass(
            'Frozen',
            [('number', int), ('items', list[int], dataclasses.field(default_factory=list))],
            frozen=True,
        ),
        dataclasses.make_dataclass('Ordered', [('first', int), ('second', float)], order=True),
        dataclasses.make_dataclass('Slotted', [('number', int)], slots=True, kw_only=True),
        dataclasses.make_dataclass('Hashed', [('number', int)], unsafe_hash=True),
    ]
    return classes


def described(cls: type) -> dict[str, Any]:
    """What a class made by dataclasses does, to compare two makings of it."""
    init = vars(cls).get('__init__')
    return {
        'signature': str(inspect.signature(cls)),
        'init annotations': getattr(init, '__annotations__', None),
        'methods': sorted(name for name in vars(cls) if name.startswith('__')),
        'qualnames': sorted(
            value.__qualname__ for value in vars(cls).values() if inspect.isfunction(value)
        ),
    }


def made_without_the_cache() -> list[dict[str, Any]]:
    generated_code.forget()
    return [described(cls) for cls in make_classes()]


def test_a_class_made_from_kept_code_is_the_class_made_by_compiling(
    tmp_path: Path, compiles: list[str]
) -> None:
    expected = made_without_the_cache()
    generated_code.remember(tmp_path)
    try:
        assert [described(cls) for cls in make_classes()] == expected
        assert compiles
        assert generated_code.keep(tmp_path)
        generated_code.forget()
        compiles.clear()
        generated_code.remember(tmp_path)
        assert [described(cls) for cls in make_classes()] == expected
        assert compiles == []  # Every method's code was found kept.
    finally:
        generated_code.forget()


def test_the_generated_annotations_are_the_types_not_strings(remembering: Path) -> None:
    # This module's `from __future__ import annotations` must not reach the generated code.
    (cls,) = [cls for cls in make_classes() if cls.__name__ == 'Plain']
    assert vars(cls)['__init__'].__annotations__ == {'number': int, 'name': str, 'return': None}


def test_instances_behave_as_with_compiled_code(remembering: Path) -> None:
    plain, frozen, ordered, slotted, hashed = make_classes()
    assert repr(plain(1)) == "Plain(number=1, name='x')"
    assert plain(1) == plain(1, 'x') and plain(1) != plain(2)
    item = frozen(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.number = 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        del item.number
    assert frozen(3) == frozen(3, [])
    assert ordered(1, 2.0) < ordered(1, 3.0)
    assert slotted(number=5).number == 5 and not hasattr(slotted(number=5), '__dict__')
    with pytest.raises(TypeError):
        slotted(5)
    assert hash(hashed(7)) == hash((7,))


def test_nothing_compiled_anew_writes_nothing(remembering: Path) -> None:
    make_classes()
    assert generated_code.keep(remembering)
    written = (remembering / generated_code.FILE_NAME).stat().st_mtime_ns
    generated_code.forget()
    generated_code.remember(remembering)
    make_classes()
    assert not generated_code.keep(remembering)
    assert (remembering / generated_code.FILE_NAME).stat().st_mtime_ns == written


def test_keeping_without_remembering_writes_nothing(tmp_path: Path) -> None:
    generated_code.forget()
    make_classes()
    assert not generated_code.keep(tmp_path)
    assert list(tmp_path.iterdir()) == []


def resealed(payload: bytes) -> bytes:
    """Bytes sealed with their right checksum, as a file that passes the check."""
    return f'{zlib.crc32(payload):08x}'.encode('ascii') + payload


def kept_in(good: bytes) -> Any:
    """What a good kept file holds."""
    return marshal.loads(good[8:])


def flipped(good: bytes) -> bytes:
    """One bit of the marshalled code flipped (the checksum left as it was)."""
    middle = 8 + (len(good) - 8) // 2
    return good[:middle] + bytes([good[middle] ^ 0x01]) + good[middle + 1 :]


DAMAGED: dict[str, Callable[[bytes], bytes]] = {
    'empty': lambda good: b'',
    'truncated': lambda good: good[: len(good) // 2],
    'a flipped bit': flipped,
    'no checksum': lambda good: good[8:],
    'not marshal': lambda good: resealed(b'\x00\xffnot marshal at all' * 10),
    'a list': lambda good: resealed(marshal.dumps([1, 2, 3])),
    'text for code': lambda good: resealed(
        marshal.dumps({source: 'not code' for source in kept_in(good)})
    ),
    'other code': lambda good: resealed(marshal.dumps({source: 42 for source in kept_in(good)})),
}


@pytest.mark.parametrize('damage', list(DAMAGED))
def test_a_damaged_file_costs_a_compile_never_a_wrong_class(
    tmp_path: Path, damage: str, compiles: list[str]
) -> None:
    expected = made_without_the_cache()
    generated_code.remember(tmp_path)
    try:
        make_classes()
        generated_code.keep(tmp_path)
        kept = tmp_path / generated_code.FILE_NAME
        kept.write_bytes(DAMAGED[damage](kept.read_bytes()))
        generated_code.forget()
        compiles.clear()
        generated_code.remember(tmp_path)
        assert [described(cls) for cls in make_classes()] == expected
        assert compiles
    finally:
        generated_code.forget()


def test_an_unwritable_folder_is_not_kept_in(remembering: Path) -> None:
    make_classes()
    blocked = remembering / 'blocked'
    blocked.write_text('a file where the folder should be')
    assert not generated_code.keep(blocked)
    assert blocked.read_text() == 'a file where the folder should be'
    assert sorted(entry.name for entry in remembering.iterdir()) == ['blocked']


def test_a_full_disk_leaves_the_old_file_and_no_temporary_one(
    remembering: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_classes()
    assert generated_code.keep(remembering)
    old = (remembering / generated_code.FILE_NAME).read_bytes()
    dataclasses.make_dataclass('Another', [('number', int), ('other', int)])

    def full(*arguments: object) -> None:
        raise OSError(28, 'No space left on device')

    monkeypatch.setattr('os.replace', full)
    assert not generated_code.keep(remembering)
    assert (remembering / generated_code.FILE_NAME).read_bytes() == old
    assert [entry.name for entry in remembering.iterdir()] == [generated_code.FILE_NAME]


def test_only_the_code_used_is_kept(remembering: Path) -> None:
    make_classes()
    assert generated_code.keep(remembering)
    generated_code.forget()
    generated_code.remember(remembering)
    dataclasses.make_dataclass('Only', [('only_this', int)], eq=False, repr=False)
    assert generated_code.keep(remembering)
    kept = generated_code.unsealed((remembering / generated_code.FILE_NAME).read_bytes())
    assert isinstance(kept, dict) and len(kept) == 1


@settings(max_examples=25, deadline=None)
@given(
    names=st.lists(
        st.from_regex(r'[a-z][a-z_]{0,8}', fullmatch=True).filter(
            lambda name: name not in {'self', 'return'} and not name.startswith('__')
        ),
        min_size=0,
        max_size=5,
        unique=True,
    ),
    frozen=st.booleans(),
    order=st.booleans(),
    values=st.lists(st.integers(), min_size=5, max_size=5),
)
def test_any_class_behaves_the_same_either_way(
    names: list[str], frozen: bool, order: bool, values: list[int]
) -> None:
    import keyword

    names = [name for name in names if not keyword.iskeyword(name)]
    fields = [(name, int) for name in names]

    def instances() -> tuple[str, str, bool, Any]:
        cls = dataclasses.make_dataclass('Made', fields, frozen=frozen, order=order)
        first = cls(*values[: len(names)])
        second = cls(*values[: len(names)])
        return (
            repr(first),
            str(inspect.signature(cls)),
            first == second,
            hash(first) if frozen else None,
        )

    generated_code.forget()
    compiled = instances()
    with_cache: tuple[str, str, bool, Any] | None = None
    try:
        generated_code.remember(Path('/nonexistent-desk-browser-cache'))
        instances()  # Compiled and remembered.
        with_cache = instances()  # Found.
    finally:
        generated_code.forget()
    assert with_cache == compiled


KEPT_BY_A_START = """
import dataclasses, sys
from pathlib import Path
from desk_browser import generated_code
generated_code.remember(Path(sys.argv[1]))
calls = []
generated_code.compile = lambda *a, **k: calls.append(a[0]) or compile(*a, **k)
@dataclasses.dataclass(frozen=True)
class Record:
    number: int
    name: str = 'x'
print(len(calls), repr(Record(1)), generated_code.keep(Path(sys.argv[1])))
"""


def test_the_next_process_compiles_nothing(tmp_path: Path) -> None:
    def run() -> str:
        completed = subprocess.run(
            [sys.executable, '-c', textwrap.dedent(KEPT_BY_A_START), str(tmp_path)],
            capture_output=True,
            text=True,
            check=True,
        )
        return completed.stdout.strip()

    first = run()
    assert first.endswith("Record(number=1, name='x') True")
    assert not first.startswith('0 ')
    assert run() == "0 Record(number=1, name='x') False"


def test_namedtuples_and_forward_references_are_made_from_kept_code(
    remembering: Path, compiles: list[str]
) -> None:
    def made() -> tuple[str, str, object, str, object]:
        Point = collections.namedtuple('Point', ['x', 'y'], defaults=[0])
        Pair = NamedTuple('Pair', [('left', int), ('right', str)])  # noqa: UP014
        reference = ForwardRef('list[Widget]')
        return (
            repr(Point(1)),
            repr(Pair(1, 'a')),
            Point.__new__.__defaults__,
            reference.__forward_arg__,
            eval(reference.__forward_code__, {'Widget': int}),
        )

    compiled = made()
    assert compiles
    assert generated_code.keep(remembering)
    generated_code.forget()
    compiles.clear()
    generated_code.remember(remembering)
    assert (
        made()
        == compiled
        == ('Point(x=1, y=0)', "Pair(left=1, right='a')", (0,), 'list[Widget]', list[int])
    )
    assert compiles == []


def test_a_forward_reference_that_is_no_expression_still_raises(remembering: Path) -> None:
    with pytest.raises(SyntaxError, match='Forward reference must be an expression'):
        ForwardRef('not an expression')


def test_typing_compiles_anything_else_with_the_builtin(remembering: Path) -> None:
    import typing

    code = vars(typing)['compile']('x = 1', 'some_file.py', 'exec')
    assert code.co_filename == 'some_file.py'
    assert not generated_code.keep(remembering)  # Nothing of it was kept.


def test_keeping_while_another_thread_makes_classes(tmp_path: Path) -> None:
    import threading

    # Many pieces kept (by an earlier version, say), so that a keep takes a while.
    code = compile('pass', '<string>', 'exec')
    kept = {('exec', f'# {number}'): code for number in range(200_000)}
    (tmp_path / generated_code.FILE_NAME).write_bytes(generated_code.sealed(kept))
    generated_code.forget()
    generated_code.remember(tmp_path)
    stop = threading.Event()

    def make_many() -> None:
        number = 0
        while not stop.is_set():
            number += 1
            dataclasses.make_dataclass(f'Made{number}', [(f'field_{number}', int)])

    maker = threading.Thread(target=make_many)
    maker.start()
    try:
        for _ in range(10):
            generated_code.keep(tmp_path)  # Never "dictionary changed size during iteration".
    finally:
        stop.set()
        maker.join()
        generated_code.forget()
