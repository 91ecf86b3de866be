"""The code Python generates as the app's modules load, compiled once and kept for the next start.

As modules are imported, the standard library writes Python source and compiles it:

- `@dataclass` writes each class's methods (`__init__`, `__repr__`, `__eq__`, and a frozen
  class's `__setattr__`, `__delattr__` and `__hash__`), one `exec` a method;
- `namedtuple` (and `typing.NamedTuple`) writes each class's `__new__`, one `eval`;
- `typing.ForwardRef` compiles each type named in a string (`Generic['Widget']`, a TypeVar's
  bound), one `compile`.

A start does that about 640 times before its first paint (the app's 56 dataclasses and Textual's
40 make 310 of them), each a parse and a compile of a line or a few, and that was the largest part
of what the app's imports cost beyond a bare Textual app's. What is compiled depends on the source
alone, so `remember` puts, in those three modules, an `exec`, `eval` and `compile` that look the
source up among the code an earlier start kept and compile only what they do not find; once the
app has quit, `keep` writes the code the process used, when it compiled any, so the next start
compiles none of it.

The code run is the same either way: the source compiled as those calls compile it (file name
`<string>`, no inherited `__future__` flags: none of the three modules has any), run with the same
globals and locals; a source that does not compile raises as it did. The kept file is named after
the interpreter's version (code objects are marshalled) and starts with the CRC-32 of what
follows, checked before anything is unmarshalled: marshal is not made to read damaged data (a
flipped byte in code can crash the interpreter when run), so a file cut short or damaged on disk
is never read. Anything but a code object found in a file that passes is compiled afresh, so a
damaged or foreign file costs a compile, never a wrong class. Like the parsed CSS (ui.css_memo),
it is trusted as the user's own cache.

Typical usage example:

    remember(default_cache_directory())  # before the modules that generate code load
    ...
    keep(default_cache_directory())  # once the app has quit
"""

from __future__ import annotations

import builtins
import collections
import dataclasses
import marshal
import re
import sys
import typing
import zlib
from collections.abc import Mapping
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

FILE_NAME = f'generated-code-{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal'
"""The kept code's file in the cache folder: marshalled code is read only by the same version."""

_CHECKSUM_LENGTH = 8
"""The hex CRC-32 at the head of the kept file."""

_known: dict[object, object] = {}
"""The code kept by an earlier start, then what this process compiled, by (mode, source)."""

_used: set[tuple[str, str]] = set()
_compiled_anew = False
_remembering = False


def remember(cache_directory: Path) -> None:
    """Makes dataclasses, namedtuple and typing use the code kept, and compile only what is not.

    Args:
        cache_directory (Path): The browser's cache folder; a missing or unreadable kept file is
            nothing kept.
    """
    global _remembering
    _remembering = True
    try:
        kept = unsealed((cache_directory / FILE_NAME).read_bytes())
    except OSError:
        kept = None
    if isinstance(kept, dict):
        _known.update(kept)
    # Each module looks these names up in its own globals before the builtins.
    _hooked(dataclasses).exec = _dataclasses_exec
    _hooked(collections).eval = _namedtuple_eval
    _hooked(typing).compile = _forward_reference_compile


def forget() -> None:
    """Gives the three modules back the builtins and drops what was remembered (for tests)."""
    global _compiled_anew, _remembering
    vars(dataclasses).pop('exec', None)
    vars(collections).pop('eval', None)
    vars(typing).pop('compile', None)
    _known.clear()
    _used.clear()
    _compiled_anew = _remembering = False


def keep(cache_directory: Path) -> bool:
    """Writes the code this process used, when it compiled any of it.

    Only what was used is written, so the code of classes that changed (an update of the app or
    of Textual) is not carried on for good; a start that compiled nothing writes nothing, and
    leaves the code of screens it did not open kept.

    Args:
        cache_directory (Path): The browser's cache folder (named when the app has quit: the
            folder in force then, as every other cache file's).

    Returns:
        bool: Whether the file was written (not when nothing was compiled anew, when `remember`
            was not called, or when the folder cannot be written).
    """
    global _compiled_anew
    if not _compiled_anew or not _remembering:
        return False
    from desk_browser.memory.cache_writing import sweep_leftovers, write_cache_file

    # Copied first, each in one step under the GIL (dict() and set() of a dict and a set copy in
    # C, making no object the collector could run Python code at): a daemon thread may still be
    # importing. list(_known.items()) was not one: making its 2-tuples let a collection switch
    # threads mid-copy.
    known = dict(_known)
    used = set(_used)
    kept = {key: code for key, code in known.items() if key in used}
    try:
        cache_directory.mkdir(parents=True, exist_ok=True)
        sweep_leftovers(cache_directory, re.escape(FILE_NAME))  # A killed process's.
        write_cache_file(cache_directory / FILE_NAME, sealed(kept))
    except (OSError, ValueError):
        return False
    _compiled_anew = False
    return True


def sealed(kept: Mapping[tuple[str, str], object]) -> bytes:
    """The kept file's bytes: the CRC-32 of the marshalled code (8 hex digits), then the code.

    Args:
        kept (Mapping[tuple[str, str], object]): The code, by (mode, source).

    Returns:
        bytes: What `unsealed` reads back.
    """
    payload = marshal.dumps(dict(kept))
    return _checksum(payload) + payload


def unsealed(data: bytes) -> object:
    """What a kept file holds, unmarshalled only when its checksum matches.

    Args:
        data (bytes): The file's bytes.

    Returns:
        object: The unmarshalled object (checked by the caller), or None for a file whose
            checksum does not match what follows it, or that does not unmarshal.
    """
    checksum, payload = data[:_CHECKSUM_LENGTH], data[_CHECKSUM_LENGTH:]
    if not payload or _checksum(payload) != checksum:
        return None
    try:
        return marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None


def _checksum(payload: bytes) -> bytes:
    """The CRC-32 of some bytes as 8 hex digits: damage on disk, not tampering, is what it finds.

    zlib is loaded at every start anyway (Rich, Textual); 0.08 ms for the ~0.3 MB file, where a
    SHA-256 took 1.4 ms.
    """
    return f'{zlib.crc32(payload):08x}'.encode('ascii')


def _hooked(module: ModuleType) -> Any:
    """A module, for setting a global of its own (mypy knows no such attributes)."""
    return module


def _code(source: str, mode: str) -> CodeType:
    """The code of a source as `compile(source, '<string>', mode)` in a module without futures.

    Raises:
        SyntaxError: The source does not compile (never kept).
    """
    global _compiled_anew
    key = (mode, source)
    code = _known.get(key)
    if not isinstance(code, CodeType):  # Not kept (or not code: a damaged file's).
        code = compile(source, '<string>', mode, dont_inherit=True)
        _known[key] = code
        _compiled_anew = True
    _used.add(key)
    return code


def _dataclasses_exec(source: object, globals: Any = None, locals: Any = None) -> None:
    """`exec` as dataclasses calls it (None globals are dataclasses', as `exec` there takes)."""
    if globals is None:
        globals = vars(dataclasses)
    if isinstance(source, str):
        source = _code(source, 'exec')
    builtins.exec(source, globals, locals)  # type: ignore[arg-type]


def _namedtuple_eval(source: object, globals: Any = None, locals: Any = None) -> Any:
    """`eval` as namedtuple calls it (None globals are collections', as `eval` there takes)."""
    if globals is None:
        globals = vars(collections)
    if isinstance(source, str):
        source = _code(source, 'eval')
    return builtins.eval(source, globals, locals)  # type: ignore[arg-type]


def _forward_reference_compile(
    source: Any,
    filename: Any,
    mode: str,
    flags: int = 0,
    dont_inherit: bool = False,
    optimize: int = -1,
) -> Any:
    """`compile` as typing.ForwardRef calls it; any other call is the builtin's."""
    if isinstance(source, str) and filename == '<string>' and flags == 0 and optimize == -1:
        return _code(source, mode)
    return builtins.compile(source, filename, mode, flags, dont_inherit, optimize)
