"""Keeps the app's parsed CSS between runs, so the next start parses none of it.

Textual parses every CSS source (app.tcss, later.tcss, each widget's DEFAULT_CSS) at each start,
before it styles a node: about 75 M instructions (12 ms) before the first paint, for the same text
every time. The app keeps the parsed rule sets in its cache folder when it stops
(`keep_parsed_css`), and hands them to the next run's stylesheet before it parses
(`recall_parsed_css`): Textual then finds each source already parsed and parses only what changed.

The memo is only ever a shortcut. Textual looks a source up by its whole text (with its place,
tier, tie-breaker and scope), so an edited stylesheet is parsed afresh; the memo says which
Textual, Python and theme variables it was parsed with, and any other is not used; a memo that
cannot be read is ignored and written again. It is a pickle in the person's own cache folder,
read back by an unpickler that makes nothing but what parsed CSS is made of (Textual's style,
selector, colour, geometry and layout classes, its selector checks, a style's bound dict
methods), so a memo written by anything else is refused like a damaged one instead of running
what it names.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import pickle
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.css.stylesheet import Stylesheet

from desk_browser.memory.cache_writing import RANDOM_PART, sweep_stale_files
from desk_browser.memory.digests import sha256_hex
from desk_browser.ui.textual_compat import (
    TEXTUAL_VERSION,
    ParseKey,
    add_parsed_rules,
    css_variables,
    parsed_rules,
)

MEMO_NAME = 'parsed-css.pickle'
"""The memo's file name in the cache folder."""

PARTIAL_NAMES = rf'{re.escape(MEMO_NAME)}[.](?:[0-9]+|{RANDOM_PART})[.]partial'
"""The memo's temporary files: `<pid>.partial` before mkstemp named them (9e18a60), then
mkstemp's. A process killed while writing one leaves it; each stop sweeps those of a while ago."""

MEMO_FORMAT = 1
"""Changes when the memo's layout does."""

MEMO_LIMIT = 4 * 1024 * 1024
"""The largest memo read back (the app's is about 50 KB): a larger file is not a memo of ours."""

PARSED_CSS_MODULES = ('textual.css.', 'textual.color', 'textual.geometry', 'textual.layouts.')
"""Where the classes of Textual's parsed CSS are defined: the only classes a memo may make."""


class _ParsedCssUnpickler(pickle.Unpickler):
    """Makes only what parsed CSS is made of; anything else a memo names is refused.

    A pickle names the callables that rebuild its objects, and unpickling calls them: a memo made
    by something else could name any function. This one finds only classes defined in
    `PARSED_CSS_MODULES`, Textual's selector checks (`textual.css.model._check_*`, held in
    `functools.partial`s), and `getattr` only for a style's bound `dict.get` and
    `dict.__contains__`.
    """

    def find_class(self, module: str, name: str) -> Any:
        """Finds a callable the memo names, if parsed CSS is made with it.

        Args:
            module (str): The module the memo names.
            name (str): The name in that module.

        Returns:
            Any: The class or function.

        Raises:
            pickle.UnpicklingError: The memo names anything else.
        """
        if (module, name) == ('builtins', 'getattr'):
            return _bound_dict_method
        if (module, name) == ('functools', 'partial'):
            return functools.partial
        if module.startswith(PARSED_CSS_MODULES) and '.' not in name:
            found = super().find_class(module, name)
            defined_here = getattr(found, '__module__', None) == module
            selector_check = module == 'textual.css.model' and name.startswith('_check_')
            if defined_here and (isinstance(found, type) or selector_check):
                return found
        raise pickle.UnpicklingError(f'not part of parsed CSS: {module}.{name}')


_DICT_METHODS = frozenset({'get', '__contains__'})
"""The dict methods a parsed style holds bound to its rules (`Styles.get_rule`, `has_rule`)."""


def _bound_dict_method(rules: object, name: str) -> Any:
    """A dict's bound method, which is how a pickle names one (`getattr(rules, 'get')`).

    Args:
        rules (object): The object the memo names, which must be a dict.
        name (str): The method's name, `get` or `__contains__`.

    Returns:
        Any: The bound method.

    Raises:
        pickle.UnpicklingError: Anything else.
    """
    if type(rules) is dict and name in _DICT_METHODS:
        return getattr(rules, name)
    raise pickle.UnpicklingError(f'not part of parsed CSS: getattr(..., {name!r})')


@dataclass
class RecalledCss:
    """What a run was handed from the memo: the stamp it was made with, and its sources."""

    stamp: str
    """The memo's stamp (`memo_stamp`), or '' when nothing was recalled."""
    sources: frozenset[ParseKey]
    """The sources whose rule sets were recalled."""


NOTHING_RECALLED = RecalledCss(stamp='', sources=frozenset())
"""No memo, or one that did not suit."""


def memo_stamp(stylesheet: Stylesheet) -> str:
    """What the stylesheet's rule sets depend on besides the CSS text: Textual, Python, the theme.

    Args:
        stylesheet (Stylesheet): The app's stylesheet.

    Returns:
        str: A digest of the memo format, the Textual and Python versions and the variables.
    """
    variables = sorted(css_variables(stylesheet).items())
    text = repr((MEMO_FORMAT, TEXTUAL_VERSION, sys.version, variables))
    return sha256_hex(text.encode('utf-8', 'surrogatepass'))


def recall_parsed_css(stylesheet: Stylesheet, cache_directory: Path) -> RecalledCss:
    """Hands the stylesheet the rule sets the last run kept, if they suit its theme.

    Args:
        stylesheet (Stylesheet): The app's stylesheet, before it first parses.
        cache_directory (Path): The browser's cache folder.

    Returns:
        RecalledCss: What was recalled (`NOTHING_RECALLED` when the memo is missing, unreadable or
            made for another Textual, Python or theme).
    """
    try:
        with (cache_directory / MEMO_NAME).open('rb') as memo_file:
            memo = memo_file.read(MEMO_LIMIT + 1)
        if len(memo) > MEMO_LIMIT:
            return NOTHING_RECALLED
        stamp, parsed = _ParsedCssUnpickler(io.BytesIO(memo)).load()
    except Exception:  # A missing, partial or foreign memo is only a slower start.
        return NOTHING_RECALLED
    if stamp != memo_stamp(stylesheet) or not isinstance(parsed, dict):
        return NOTHING_RECALLED
    add_parsed_rules(stylesheet, parsed)
    return RecalledCss(stamp=stamp, sources=frozenset(parsed))


def keep_parsed_css(stylesheet: Stylesheet, cache_directory: Path, recalled: RecalledCss) -> bool:
    """Writes the stylesheet's parsed rule sets for the next run, unless the memo has them all.

    Called as the app stops, so nothing here may fail: a full disk, a read-only or missing cache
    folder, or anything else only leaves the memo as it was. The memo is written to a temporary
    file of its own beside it, then put in its place in one step, so two apps quitting at once
    (or one killed while writing) never leave a torn memo; a temporary file that could not be
    finished is removed, and those a killed process left are swept (older than STALE_AGE).

    Args:
        stylesheet (Stylesheet): The app's stylesheet, as the run leaves it.
        cache_directory (Path): The browser's cache folder.
        recalled (RecalledCss): What `recall_parsed_css` handed it.

    Returns:
        bool: Whether the memo was written (False when it had them all, or writing failed).
    """
    partial: Path | None = None
    try:
        sweep_stale_files(cache_directory, PARTIAL_NAMES)
        sources = stylesheet.source
        parsed = {
            key: rules
            for key, rules in parsed_rules(stylesheet).items()
            if key[1] not in sources or sources[key[1]].content == key[0]  # Not an edited source.
        }
        stamp = memo_stamp(stylesheet)
        if not parsed or (stamp == recalled.stamp and parsed.keys() <= recalled.sources):
            return False
        cache_directory.mkdir(parents=True, exist_ok=True)
        # A name no other writer has, whatever its process id (another container's may match).
        handle, name = tempfile.mkstemp(
            prefix=f'{MEMO_NAME}.', suffix='.partial', dir=cache_directory
        )
        partial = Path(name)
        with os.fdopen(handle, 'wb') as memo_file:
            pickle.dump((stamp, parsed), memo_file, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(cache_directory / MEMO_NAME)
    except Exception:  # A memo that cannot be written only makes the next start slower.
        if partial is not None:
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
        return False
    return True
