"""Search scopes: the qualifiers typed among a search's words, such as `day:yesterday kind:note`.

A query is split on white space; a piece `NAME:VALUE` whose NAME (any case) is one of these
is a qualifier:

- `day`: `2026-10-19`, `today`, `yesterday`, a weekday (`monday`, `mon`: the latest of the
  last seven days), or a range `FIRST..LAST`, either end left out. Several narrow together.
- `kind`: `exchange`, `action` (or the API's `journal`), `summary`, `note` or `order` (the
  actions of ORDER_EVENT_TYPES, an order's risk decision included), comma-separated, plurals
  too.
- `backend`: the backend that answered an exchange (`backend:claude`), comma-separated.
- `session`: the session an exchange belongs to (`session:2026-10-19-2`), comma-separated.

Several `kind:`, `backend:` or `session:` add up. A `backend:` or `session:` scope holds only
exchanges whose fact the journal records. Any other piece (`order_id:7731` too) is a word,
and words follow the documented search rule inside the scope. A bad qualifier is reported
with why ("day: 2026-13-01 is not a date") and left out. "Today" is the caller's (India's).

Typical usage example:

    parsed = parse_query('nifty day:yesterday kind:exchange', today=india_today())
    result = search.search(parsed.words_text, limit=50, scope=parsed.scope)
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Iterable

QUALIFIER_NAMES = ('day', 'kind', 'backend', 'session')
"""The qualifiers a query may hold, in the order they are described."""

ORDER_KIND = 'order'
"""The scope kind of the order events: `journal` records whose type is in ORDER_EVENT_TYPES."""

ORDER_EVENT_TYPES = frozenset({'order_placed', 'order_filled', 'order_cancelled', 'risk_decision'})
"""The journal event types `kind:order` holds."""

_KINDS_TEXT = 'exchange, action, summary, note or order'

KIND_WORDS = {
    'exchange': 'exchange',
    'exchanges': 'exchange',
    'action': 'journal',
    'actions': 'journal',
    'journal': 'journal',
    'summary': 'summary',
    'summaries': 'summary',
    'note': 'note',
    'notes': 'note',
    'order': ORDER_KIND,
    'orders': ORDER_KIND,
}
"""What each word a person may write after `kind:` means, as the API's record kind (or
ORDER_KIND, the order events among the API's `journal` records)."""

KIND_NAMES = {
    'exchange': 'exchange',
    'journal': 'action',
    'summary': 'summary',
    'note': 'note',
    ORDER_KIND: 'order',
}
"""Each API record kind (and ORDER_KIND), as a person reads it."""

QUALIFIER_HELP = (
    ('day:2026-10-19', 'that day; also today, yesterday, monday…'),
    ('day:2026-10-01..2026-10-19', 'those days; either end may be left out'),
    ('kind:exchange,note', 'exchange, action, summary or note'),
    ('backend:claude', 'exchanges that backend answered'),
    ('session:2026-10-19-2', "that session's exchanges"),
)
"""Each qualifier with an example and what it means, for help texts."""

_WEEKDAYS = ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
_SESSION_ID = re.compile(r'(\d{4}-\d{2}-\d{2})-(\d+)')
_RANGE = '..'


@dataclasses.dataclass(frozen=True)
class SearchScope:
    """Which records a search looks at.

    Attributes:
        first_day (datetime.date | None): The earliest day inside, or None for no bound.
        last_day (datetime.date | None): The latest day inside, or None for no bound.
        kinds (frozenset[str]): The record kinds inside (the API's, and ORDER_KIND); empty for
            every kind.
        backends (frozenset[str]): The backends (lowered) whose exchanges are inside; empty for
            no such limit.
        sessions (frozenset[str]): The sessions whose exchanges are inside; empty for no limit.
    """

    first_day: datetime.date | None = None
    last_day: datetime.date | None = None
    kinds: frozenset[str] = frozenset()
    backends: frozenset[str] = frozenset()
    sessions: frozenset[str] = frozenset()

    @property
    def is_everything(self) -> bool:
        """Whether nothing limits the scope."""
        return self == EVERYTHING

    @property
    def limits_days(self) -> bool:
        """Whether either end of the day range is set."""
        return self.first_day is not None or self.last_day is not None

    @property
    def needs_exchange_facts(self) -> bool:
        """Whether backends or sessions limit the scope (so a record's exchange matters)."""
        return bool(self.backends or self.sessions)

    @property
    def is_empty(self) -> bool:
        """Whether no record can be inside (a day range that ends before it starts, say)."""
        first, last = self.first_day, self.last_day
        if first is not None and last is not None and first > last:
            return True
        return self.needs_exchange_facts and bool(self.kinds) and 'exchange' not in self.kinds

    def holds_day(self, day: str) -> bool:
        """Whether a YYYY-MM-DD day is inside the range ("" only when no range is set)."""
        if not self.limits_days:
            return True
        if len(day) != 10:
            return False
        try:
            date = datetime.date.fromisoformat(day)
        except ValueError:
            return False
        if self.first_day is not None and date < self.first_day:
            return False
        return self.last_day is None or date <= self.last_day

    def holds_kind(self, kind: str) -> bool:
        """Whether an API record kind is inside the scope (backends and sessions aside)."""
        if self.needs_exchange_facts and kind != 'exchange':
            return False
        if kind == 'journal' and ORDER_KIND in self.kinds:
            return True
        return not self.kinds or kind in self.kinds

    @property
    def needs_action_types(self) -> bool:
        """Whether a journal record's place depends on its type (kind:order without kind:action)."""
        return ORDER_KIND in self.kinds and 'journal' not in self.kinds

    def holds_text(self, kind: str, text: str) -> bool:
        """Whether a record of a kind held is inside, by its text (only kind:order looks)."""
        if kind != 'journal' or not self.needs_action_types:
            return True
        return text.partition('\n')[0] in ORDER_EVENT_TYPES

    def holds_exchange(self, backends: Iterable[str], session: str | None) -> bool:
        """Tells whether an exchange is inside the scope's backends and sessions.

        Args:
            backends (Iterable[str]): The backends that answered it (as the journal names them).
            session (str | None): Its session, or None when the journal does not say.

        Returns:
            bool: True when it is inside (always, when no backend or session is asked for).
        """
        if self.backends and not any(name.lower() in self.backends for name in backends):
            return False
        return not self.sessions or (session is not None and session in self.sessions)

    def joined(self, other: SearchScope) -> SearchScope:
        """Combines two scopes as if typed together: days narrow; kinds, backends, sessions add."""
        return SearchScope(
            first_day=_narrower(self.first_day, other.first_day, max),
            last_day=_narrower(self.last_day, other.last_day, min),
            kinds=self.kinds | other.kinds,
            backends=self.backends | other.backends,
            sessions=self.sessions | other.sessions,
        )


EVERYTHING = SearchScope()
"""The scope that holds every record."""


@dataclasses.dataclass(frozen=True)
class Qualifier:
    """One qualifier read from a query.

    Attributes:
        name (str): "day", "kind", "backend" or "session".
        text (str): The piece as typed, such as "day:yesterday".
        meaning (str): What it stands for, such as "2026-10-18" or "exchange, note".
        scope (SearchScope): The scope it gives alone.
    """

    name: str
    text: str
    meaning: str
    scope: SearchScope


@dataclasses.dataclass(frozen=True)
class QualifierProblem:
    """A qualifier whose value cannot be read; the search runs without it.

    Attributes:
        name (str): The qualifier's name, such as "day".
        text (str): The piece as typed.
        reason (str): Why, such as "day: 2026-13-01 is not a date".
    """

    name: str
    text: str
    reason: str


@dataclasses.dataclass(frozen=True)
class ParsedQuery:
    """A query split into its words and its qualifiers.

    Attributes:
        words_text (str): The words, in order, separated by single spaces: what the documented
            search rule is applied to.
        scope (SearchScope): Every good qualifier's scope, combined.
        qualifiers (tuple[Qualifier, ...]): The good qualifiers, in the order typed.
        problems (tuple[QualifierProblem, ...]): The bad ones, in the order typed.
    """

    words_text: str
    scope: SearchScope
    qualifiers: tuple[Qualifier, ...]
    problems: tuple[QualifierProblem, ...]


class _BadValue(Exception):
    """A qualifier's value cannot be read; the message says why."""


def _narrower(
    first: datetime.date | None,
    second: datetime.date | None,
    pick: Callable[[datetime.date, datetime.date], datetime.date],
) -> datetime.date | None:
    """The narrower of two optional day bounds; `pick` (max or min) chooses between two set."""
    if first is None:
        return second
    if second is None:
        return first
    return pick(first, second)


def qualifier_name(piece: str) -> str | None:
    """The lowered qualifier name a piece of a query is, or None when it is a word."""
    name, colon, _ = piece.partition(':')
    if not colon:
        return None
    lowered = name.lower()
    return lowered if lowered in QUALIFIER_NAMES else None


def parse_day(text: str, today: datetime.date) -> datetime.date:
    """Reads a day after `day:`: "2026-10-19", "today", "yesterday" or a weekday ("mon").

    Raises:
        ValueError: The text names no day; the message says why.
    """
    lowered = text.lower()
    days_back = None
    if lowered == 'today':
        days_back = 0
    elif lowered == 'yesterday':
        days_back = 1
    for number, weekday in enumerate(_WEEKDAYS):
        if lowered == weekday or lowered == weekday[:3]:
            days_back = (today.weekday() - number) % 7
    if days_back is not None:
        try:
            return today - datetime.timedelta(days=days_back)
        except OverflowError:
            raise ValueError(f'{text} is before the first date there is') from None
    if re.fullmatch(r'\d{4}-\d{2}-\d{2}', text, flags=re.ASCII):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:
            pass
    raise ValueError(f'{text} is not a date')


def parse_day_range(
    text: str, today: datetime.date
) -> tuple[datetime.date | None, datetime.date | None]:
    """Reads the value of a `day:` qualifier: one day, or a range with either end left out.

    Args:
        text (str): Such as "yesterday", "2026-10-01..2026-10-19" or "..2026-10-19".
        today (datetime.date): India's date today.

    Returns:
        tuple[datetime.date | None, datetime.date | None]: The first and last day inside (None
            for an end left out).

    Raises:
        ValueError: The text names no day or range; the message says why (without "day: ").
    """
    if not text:
        raise ValueError('needs a date such as 2026-10-19, today, yesterday or monday')
    if _RANGE not in text:
        day = parse_day(text, today)
        return day, day
    first_text, _, last_text = text.partition(_RANGE)
    if not first_text and not last_text:
        raise ValueError('.. needs a day on at least one side')
    first = parse_day(first_text, today) if first_text else None
    last = parse_day(last_text, today) if last_text else None
    if first is not None and last is not None and first > last:
        raise ValueError(f'{text} ends before it starts')
    return first, last


def _day_meaning(first: datetime.date | None, last: datetime.date | None) -> str:
    """Writes a day range for a chip: "2026-10-19", "… to …", "from …" or "up to …"."""
    if first is not None and last is not None:
        if first == last:
            return first.isoformat()
        return f'{first.isoformat()} to {last.isoformat()}'
    if first is not None:
        return f'from {first.isoformat()}'
    assert last is not None
    return f'up to {last.isoformat()}'


def _values(value: str, what: str) -> list[str]:
    """Splits a comma-separated value, dropping repeats.

    Raises:
        _BadValue: The value is empty or holds an empty entry.
    """
    parts = value.split(',')
    if not value or any(not part for part in parts):
        raise _BadValue(f'needs {what}' if not value else f'{value} has an empty entry')
    return list(dict.fromkeys(parts))


def _kind_qualifier(value: str, piece: str) -> Qualifier:
    """Reads a `kind:` qualifier from its value and the piece as typed.

    Raises:
        _BadValue: A value is not a kind.
    """
    kinds = []
    for part in _values(value, f'a kind: {_KINDS_TEXT}'):
        kind = KIND_WORDS.get(part.lower())
        if kind is None:
            raise _BadValue(f'{part} is not a kind ({_KINDS_TEXT})')
        kinds.append(kind)
    unique = list(dict.fromkeys(kinds))
    meaning = ', '.join(KIND_NAMES[kind] for kind in unique)
    return Qualifier('kind', piece, meaning, SearchScope(kinds=frozenset(unique)))


def _session_qualifier(value: str, piece: str) -> Qualifier:
    """Reads a `session:` qualifier from its value and the piece as typed.

    Raises:
        _BadValue: A value is not a session id.
    """
    sessions = _values(value, 'a session id such as 2026-10-19-2')
    for session in sessions:
        match = _SESSION_ID.fullmatch(session)
        valid = match is not None
        if match is not None:
            try:
                datetime.date.fromisoformat(match.group(1))
            except ValueError:
                valid = False
        if not valid:
            raise _BadValue(f'{session} is not a session id (such as 2026-10-19-2)')
    return Qualifier(
        'session', piece, ', '.join(sessions), SearchScope(sessions=frozenset(sessions))
    )


def read_qualifier(piece: str, today: datetime.date) -> Qualifier:
    """Reads one qualifier.

    Args:
        piece (str): The piece as typed, such as "day:yesterday" (qualifier_name must name it).
        today (datetime.date): India's date today.

    Returns:
        Qualifier: The qualifier.

    Raises:
        ValueError: Its value cannot be read; the message says why.
    """
    typed_name, _, value = piece.partition(':')
    name = typed_name.lower()
    try:
        if name == 'day':
            try:
                first, last = parse_day_range(value, today)
            except ValueError as error:
                raise _BadValue(str(error)) from None
            scope = SearchScope(first_day=first, last_day=last)
            return Qualifier('day', piece, _day_meaning(first, last), scope)
        if name == 'kind':
            return _kind_qualifier(value, piece)
        if name == 'backend':
            backends = [part.lower() for part in _values(value, 'a backend such as claude')]
            unique = list(dict.fromkeys(backends))
            scope = SearchScope(backends=frozenset(unique))
            return Qualifier('backend', piece, ', '.join(unique), scope)
        if name == 'session':
            return _session_qualifier(value, piece)
    except _BadValue as error:
        raise ValueError(f'{name}: {error}') from None
    raise ValueError(f'{typed_name} is not a qualifier ({", ".join(QUALIFIER_NAMES)})')


def parse_query(query: str, today: datetime.date) -> ParsedQuery:
    """Splits a query into its words and its qualifiers.

    Args:
        query (str): What was typed, such as "nifty day:yesterday kind:exchange".
        today (datetime.date): India's date today, for `today`, `yesterday` and weekdays.

    Returns:
        ParsedQuery: The words, the combined scope, the good qualifiers and the bad ones.
    """
    words: list[str] = []
    qualifiers: list[Qualifier] = []
    problems: list[QualifierProblem] = []
    scope = EVERYTHING
    for piece in query.split():
        name = qualifier_name(piece)
        if name is None:
            words.append(piece)
            continue
        try:
            qualifier = read_qualifier(piece, today)
        except ValueError as error:
            problems.append(QualifierProblem(name, piece, str(error)))
            continue
        qualifiers.append(qualifier)
        scope = scope.joined(qualifier.scope)
    return ParsedQuery(' '.join(words), scope, tuple(qualifiers), tuple(problems))


__all__ = [
    'EVERYTHING',
    'KIND_NAMES',
    'KIND_WORDS',
    'ORDER_EVENT_TYPES',
    'ORDER_KIND',
    'QUALIFIER_HELP',
    'QUALIFIER_NAMES',
    'ParsedQuery',
    'Qualifier',
    'QualifierProblem',
    'SearchScope',
    'parse_day',
    'parse_day_range',
    'parse_query',
    'qualifier_name',
    'read_qualifier',
]
