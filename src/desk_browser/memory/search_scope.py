"""Search scopes: the qualifiers typed among a search's words, such as `day:yesterday kind:note`.

A piece `NAME:VALUE` whose NAME is in QUALIFIERS (the one table of them) is a qualifier; any
other piece is a word. Days narrow, the rest add up; a bad qualifier is reported and left out.

Typical usage example:

    parsed = parse_query('nifty day:yesterday kind:exchange', today=india_today())
    result = search.search(parsed.words_text, limit=50, scope=parsed.scope)
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import re
from collections.abc import Callable, Iterable

from desk_browser.memory.exchange_facts import FACT_NAMES, ExchangeFacts

ORDER_KIND = 'order'
"""The scope kind of the order events: `journal` records whose type is in ORDER_EVENT_TYPES."""

ORDER_EVENT_TYPES = frozenset({'order_placed', 'order_filled', 'order_cancelled', 'risk_decision'})
"""The journal event types `kind:order` holds."""

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
"""Each word allowed after `kind:`, as the API's record kind (or ORDER_KIND)."""

KIND_NAMES = {
    'exchange': 'exchange',
    'journal': 'action',
    'summary': 'summary',
    'note': 'note',
    ORDER_KIND: 'order',
}
"""Each API record kind (and ORDER_KIND), as a person reads it."""

_KIND_LIST = tuple(KIND_NAMES.values())
_KINDS_TEXT = f'{", ".join(_KIND_LIST[:-1])} or {_KIND_LIST[-1]}'

_WEEKDAYS = ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
_SESSION_ID = re.compile(r'(\d{4}-\d{2}-\d{2})-(\d+)')
_RANGE = '..'


@dataclasses.dataclass(frozen=True)
class SearchScope:
    """Which records a search looks at; each qualifier in QUALIFIERS sets one part of it.

    Attributes:
        first_day (datetime.date | None): The earliest day inside, None for no bound.
        last_day (datetime.date | None): The latest day inside, None for no bound.
        kinds (frozenset[str]): The record kinds inside (the API's, and ORDER_KIND); empty for all.
        backends (frozenset[str]): The lowered backends whose exchanges are inside; empty for all.
        sessions (frozenset[str]): The sessions whose exchanges are inside; empty for all.
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

    @functools.cached_property
    def fact_limits(self) -> FactLimits:
        """Each fact qualifier (FACT_QUALIFIERS order) that limits the scope, with its values."""
        return tuple(
            (definition, values)
            for definition in FACT_QUALIFIERS
            if (values := definition.values_of(self))
        )

    @property
    def needs_exchange_facts(self) -> bool:
        """Whether an exchange fact limits the scope (so a record's exchange matters)."""
        return bool(self.fact_limits)

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
        """Whether an API record kind is inside the scope (exchange facts aside)."""
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

    def holds_facts(self, facts: ExchangeFacts) -> bool:
        """Whether an exchange with these facts is inside the fact limits (an unknown is not)."""
        for definition, values in self.fact_limits:
            value = facts[definition.fact_index]
            if value is None or definition.fold(value) not in values:
                return False
        return True

    def holds_exchange(self, backends: Iterable[str], session: str | None) -> bool:
        """Whether an exchange answered by any of `backends`, in `session`, is inside."""
        named: list[str | None] = [*backends]
        return any(self.holds_facts(ExchangeFacts(session, backend)) for backend in named or [None])

    def joined(self, other: SearchScope) -> SearchScope:
        """Combines two scopes as if typed together: days narrow; kinds and facts add up."""
        added = {name: getattr(self, name) | getattr(other, name) for name in _VALUE_FIELDS}
        return dataclasses.replace(
            self,
            first_day=_narrower(self.first_day, other.first_day, max),
            last_day=_narrower(self.last_day, other.last_day, min),
            **added,
        )


EVERYTHING = SearchScope()
"""The scope that holds every record."""


@dataclasses.dataclass(frozen=True)
class Qualifier:
    """One qualifier read from a query.

    Attributes:
        name (str): Its definition's name, such as "day".
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
        words_text (str): The words, in order, single-spaced: what the documented rule gets.
        scope (SearchScope): Every good qualifier's scope, combined.
        qualifiers (tuple[Qualifier, ...]): The good qualifiers, in the order typed.
        problems (tuple[QualifierProblem, ...]): The bad ones, in the order typed.
    """

    words_text: str
    scope: SearchScope
    qualifiers: tuple[Qualifier, ...]
    problems: tuple[QualifierProblem, ...]


@dataclasses.dataclass(frozen=True)
class ScopeOption:
    """A search command option standing for a qualifier: `--NAME VALUE` is `template` filled.

    Attributes:
        name (str): The option without its dashes, such as "since".
        metavar (str): Its value's name in the usage, such as "DAY".
        template (str): The qualifier it stands for, `{}` for the value, such as "day:{}..".
        help (str): Its line in the command's help.
    """

    name: str
    metavar: str
    template: str
    help: str


ReadValue = Callable[[str, datetime.date], tuple[str, SearchScope]]
"""A qualifier's parser: its value and today to its meaning and scope; ValueError when bad."""


@dataclasses.dataclass(frozen=True)
class QualifierDefinition:
    """One qualifier: how it is read, what it tests, and the words that describe it.

    Attributes:
        name (str): What is typed before the colon, lowered, such as "backend".
        read (ReadValue): Reads its value; the ValueError's message says why a value is bad.
        examples (tuple[tuple[str, str], ...]): Help lines: an example and what it keeps.
        options (tuple[ScopeOption, ...]): The search command's options standing for it.
        field (str | None): The SearchScope field holding its values; None for day.
        fact (str | None): The ExchangeFacts field it tests, None when it tests the record.
        column (str | None): The index's records column holding that fact.
        fold (Callable[[str], str]): Makes a fact's value comparable (backend: lowered).
    """

    name: str
    read: ReadValue
    examples: tuple[tuple[str, str], ...]
    options: tuple[ScopeOption, ...]
    field: str | None = None
    fact: str | None = None
    column: str | None = None
    fold: Callable[[str], str] = str

    @functools.cached_property
    def fact_index(self) -> int:
        """The fact's place in an ExchangeFacts (and among the index's fact columns)."""
        assert self.fact is not None
        return FACT_NAMES.index(self.fact)

    def values_of(self, scope: SearchScope) -> frozenset[str]:
        """The values a scope holds for this qualifier (empty when it sets none)."""
        values: frozenset[str] = getattr(scope, self.field) if self.field else frozenset()
        return values


FactLimits = tuple[tuple[QualifierDefinition, frozenset[str]], ...]
"""A scope's fact qualifiers that limit it, each with the values it keeps."""


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
    """Reads a `day:` value: one day, or `FIRST..LAST` with either end left out.

    Returns:
        tuple[datetime.date | None, datetime.date | None]: The first and last day (None: open).

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
        ValueError: The value is empty or holds an empty entry.
    """
    parts = value.split(',')
    if not value or any(not part for part in parts):
        raise ValueError(f'needs {what}' if not value else f'{value} has an empty entry')
    return list(dict.fromkeys(parts))


def _read_day(value: str, today: datetime.date) -> tuple[str, SearchScope]:
    """Reads a `day:` value."""
    first, last = parse_day_range(value, today)
    return _day_meaning(first, last), SearchScope(first_day=first, last_day=last)


def _read_kind(value: str, today: datetime.date) -> tuple[str, SearchScope]:
    """Reads a `kind:` value."""
    kinds = []
    for part in _values(value, f'a kind: {_KINDS_TEXT}'):
        kind = KIND_WORDS.get(part.lower())
        if kind is None:
            raise ValueError(f'{part} is not a kind ({_KINDS_TEXT})')
        kinds.append(kind)
    unique = list(dict.fromkeys(kinds))
    return ', '.join(KIND_NAMES[kind] for kind in unique), SearchScope(kinds=frozenset(unique))


def _read_backend(value: str, today: datetime.date) -> tuple[str, SearchScope]:
    """Reads a `backend:` value (lowered)."""
    backends = [part.lower() for part in _values(value, 'a backend such as claude')]
    unique = list(dict.fromkeys(backends))
    return ', '.join(unique), SearchScope(backends=frozenset(unique))


def _read_session(value: str, today: datetime.date) -> tuple[str, SearchScope]:
    """Reads a `session:` value."""
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
            raise ValueError(f'{session} is not a session id (such as 2026-10-19-2)')
    return ', '.join(sessions), SearchScope(sessions=frozenset(sessions))


QUALIFIERS = (
    QualifierDefinition(
        name='day',
        read=_read_day,
        examples=(
            ('day:2026-10-19', 'that day; also today, yesterday, monday…'),
            ('day:2026-10-01..2026-10-19', 'those days; either end may be left out'),
        ),
        options=(
            ScopeOption(
                'day',
                'DAY',
                'day:{}',
                'only that day: YYYY-MM-DD, today, yesterday, a weekday, or A..B',
            ),
            ScopeOption(
                'since', 'DAY', 'day:{}..', 'only that day and later (same values as --day)'
            ),
            ScopeOption(
                'until', 'DAY', 'day:..{}', 'only that day and earlier (same values as --day)'
            ),
        ),
    ),
    QualifierDefinition(
        name='kind',
        read=_read_kind,
        examples=(('kind:exchange,note', _KINDS_TEXT),),
        options=(
            ScopeOption(
                'kind',
                'KIND',
                'kind:{}',
                f'only {_KINDS_TEXT} records (KIND,KIND...)',
            ),
        ),
        field='kinds',
    ),
    QualifierDefinition(
        name='backend',
        read=_read_backend,
        examples=(('backend:claude', 'exchanges that backend answered'),),
        options=(
            ScopeOption(
                'backend',
                'NAME',
                'backend:{}',
                'only exchanges that backend answered (NAME,NAME...)',
            ),
        ),
        field='backends',
        fact='backend',
        column='backend',
        fold=str.lower,
    ),
    QualifierDefinition(
        name='session',
        read=_read_session,
        examples=(('session:2026-10-19-2', "that session's exchanges"),),
        options=(
            ScopeOption(
                'session',
                'ID',
                'session:{}',
                "only that session's exchanges, such as 2026-10-19-2",
            ),
        ),
        field='sessions',
        fact='session_id',
        column='session',
    ),
)
"""Every qualifier, in the order help texts describe them (the one place to add one)."""

_BY_NAME = {definition.name: definition for definition in QUALIFIERS}
_VALUE_FIELDS = tuple(definition.field for definition in QUALIFIERS if definition.field)

FACT_QUALIFIERS = tuple(
    sorted(
        (definition for definition in QUALIFIERS if definition.fact),
        key=lambda definition: definition.fact_index,
    )
)
"""The qualifiers that test an exchange fact, in ExchangeFacts order (the index's columns')."""

FACT_COLUMNS = tuple(definition.column for definition in FACT_QUALIFIERS if definition.column)
"""The index's records columns holding the facts, in ExchangeFacts order."""
assert len(FACT_COLUMNS) == len(FACT_QUALIFIERS) == len(FACT_NAMES)

QUALIFIER_NAMES = tuple(definition.name for definition in QUALIFIERS)
"""The qualifiers a query may hold, in the order they are described."""

QUALIFIER_HELP = tuple(example for definition in QUALIFIERS for example in definition.examples)
"""Each qualifier with an example and what it means, for help texts."""


def _by_name(qualifiers: tuple[QualifierDefinition, ...]) -> dict[str, QualifierDefinition]:
    """A table's definitions by name."""
    if qualifiers is QUALIFIERS:
        return _BY_NAME
    return {definition.name: definition for definition in qualifiers}


def qualifier_name(
    piece: str, qualifiers: tuple[QualifierDefinition, ...] = QUALIFIERS
) -> str | None:
    """The lowered qualifier name a piece of a query is, or None when it is a word."""
    name, colon, _ = piece.partition(':')
    if not colon:
        return None
    lowered = name.lower()
    return lowered if lowered in _by_name(qualifiers) else None


def read_qualifier(
    piece: str, today: datetime.date, qualifiers: tuple[QualifierDefinition, ...] = QUALIFIERS
) -> Qualifier:
    """Reads one qualifier, such as "day:yesterday" (qualifier_name must name it).

    Raises:
        ValueError: Its value cannot be read; the message says why.
    """
    typed_name, _, value = piece.partition(':')
    name = typed_name.lower()
    definition = _by_name(qualifiers).get(name)
    if definition is None:
        names = ', '.join(definition.name for definition in qualifiers)
        raise ValueError(f'{typed_name} is not a qualifier ({names})')
    try:
        meaning, scope = definition.read(value, today)
    except ValueError as error:
        raise ValueError(f'{name}: {error}') from None
    return Qualifier(name, piece, meaning, scope)


def parse_query(
    query: str, today: datetime.date, qualifiers: tuple[QualifierDefinition, ...] = QUALIFIERS
) -> ParsedQuery:
    """Splits a query into its words and its qualifiers.

    Args:
        query (str): What was typed, such as "nifty day:yesterday kind:exchange".
        today (datetime.date): India's date today, for `today`, `yesterday` and weekdays.
        qualifiers (tuple[QualifierDefinition, ...]): The qualifiers known.

    Returns:
        ParsedQuery: The words, the combined scope, the good qualifiers and the bad ones.
    """
    words: list[str] = []
    found: list[Qualifier] = []
    problems: list[QualifierProblem] = []
    scope = EVERYTHING
    for piece in query.split():
        name = qualifier_name(piece, qualifiers)
        if name is None:
            words.append(piece)
            continue
        try:
            qualifier = read_qualifier(piece, today, qualifiers)
        except ValueError as error:
            problems.append(QualifierProblem(name, piece, str(error)))
            continue
        found.append(qualifier)
        scope = scope.joined(qualifier.scope)
    return ParsedQuery(' '.join(words), scope, tuple(found), tuple(problems))


__all__ = [
    'EVERYTHING',
    'FACT_COLUMNS',
    'FACT_QUALIFIERS',
    'KIND_NAMES',
    'KIND_WORDS',
    'ORDER_EVENT_TYPES',
    'ORDER_KIND',
    'QUALIFIERS',
    'QUALIFIER_HELP',
    'QUALIFIER_NAMES',
    'FactLimits',
    'ParsedQuery',
    'Qualifier',
    'QualifierDefinition',
    'QualifierProblem',
    'ScopeOption',
    'SearchScope',
    'parse_day',
    'parse_day_range',
    'parse_query',
    'qualifier_name',
    'read_qualifier',
]
