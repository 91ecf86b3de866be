"""The query language: qualifiers among a search's words (memory/search_scope.py)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory.search_scope import (
    EVERYTHING,
    QUALIFIER_NAMES,
    SearchScope,
    parse_day,
    parse_day_range,
    parse_query,
    qualifier_name,
)
from desk_browser.memory.session_search import words_of

TODAY = datetime.date(2026, 10, 21)  # A Wednesday.


def day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def test_a_query_without_qualifiers_is_all_words() -> None:
    parsed = parse_query('NIFTY  gap\tdown', TODAY)
    assert parsed.words_text == 'NIFTY gap down'
    assert parsed.scope == EVERYTHING
    assert parsed.scope.is_everything
    assert parsed.qualifiers == ()
    assert parsed.problems == ()


def test_words_and_qualifiers_are_split_in_order() -> None:
    parsed = parse_query('nifty day:yesterday kind:exchange gap', TODAY)
    assert parsed.words_text == 'nifty gap'
    assert parsed.scope == SearchScope(
        first_day=day('2026-10-20'), last_day=day('2026-10-20'), kinds=frozenset({'exchange'})
    )
    assert [qualifier.text for qualifier in parsed.qualifiers] == [
        'day:yesterday',
        'kind:exchange',
    ]
    assert [qualifier.meaning for qualifier in parsed.qualifiers] == ['2026-10-20', 'exchange']


@pytest.mark.parametrize(
    ('value', 'first', 'last'),
    [
        ('2026-10-19', '2026-10-19', '2026-10-19'),
        ('today', '2026-10-21', '2026-10-21'),
        ('yesterday', '2026-10-20', '2026-10-20'),
        ('Yesterday', '2026-10-20', '2026-10-20'),
        ('wednesday', '2026-10-21', '2026-10-21'),
        ('monday', '2026-10-19', '2026-10-19'),
        ('mon', '2026-10-19', '2026-10-19'),
        ('thursday', '2026-10-15', '2026-10-15'),
        ('sunday', '2026-10-18', '2026-10-18'),
        ('2026-10-01..2026-10-19', '2026-10-01', '2026-10-19'),
        ('..2026-10-19', None, '2026-10-19'),
        ('2026-10-01..', '2026-10-01', None),
        ('monday..today', '2026-10-19', '2026-10-21'),
    ],
)
def test_day_values(value: str, first: str | None, last: str | None) -> None:
    parsed = parse_query(f'nifty day:{value}', TODAY)
    assert parsed.problems == ()
    assert parsed.scope.first_day == (day(first) if first else None)
    assert parsed.scope.last_day == (day(last) if last else None)
    assert parsed.words_text == 'nifty'


def test_day_chip_meanings() -> None:
    meanings = [
        qualifier.meaning
        for qualifier in parse_query(
            'day:2026-10-01..2026-10-19 day:..2026-10-19 day:2026-10-01..', TODAY
        ).qualifiers
    ]
    assert meanings == ['2026-10-01 to 2026-10-19', 'up to 2026-10-19', 'from 2026-10-01']


@pytest.mark.parametrize(
    ('query', 'reason'),
    [
        ('day:2026-13-01', 'day: 2026-13-01 is not a date'),
        ('day:someday', 'day: someday is not a date'),
        ('day:2026-10-1', 'day: 2026-10-1 is not a date'),
        ('day:20261019', 'day: 20261019 is not a date'),
        ('day:2026-10-19..2026-10-01', 'day: 2026-10-19..2026-10-01 ends before it starts'),
        ('day:..', 'day: .. needs a day on at least one side'),
        ('day:', 'day: needs a date such as 2026-10-19, today, yesterday or monday'),
        ('day:2026-10-01..2026-13-01', 'day: 2026-13-01 is not a date'),
        ('kind:trade', 'kind: trade is not a kind (exchange, action, summary, note or order)'),
        ('kind:', 'kind: needs a kind: exchange, action, summary, note or order'),
        ('kind:exchange,', 'kind: exchange, has an empty entry'),
        ('backend:', 'backend: needs a backend such as claude'),
        ('session:today', 'session: today is not a session id (such as 2026-10-19-2)'),
        (
            'session:2026-13-19-2',
            'session: 2026-13-19-2 is not a session id (such as 2026-10-19-2)',
        ),
    ],
)
def test_a_bad_value_is_reported_and_left_out(query: str, reason: str) -> None:
    parsed = parse_query(f'nifty {query} gap', TODAY)
    assert [problem.reason for problem in parsed.problems] == [reason]
    assert parsed.problems[0].text == query
    assert parsed.problems[0].name == query.partition(':')[0]
    assert parsed.scope == EVERYTHING
    assert parsed.qualifiers == ()
    assert parsed.words_text == 'nifty gap'


def test_a_bad_qualifier_leaves_the_good_ones() -> None:
    parsed = parse_query('day:2026-13-01 kind:note rbi', TODAY)
    assert parsed.scope == SearchScope(kinds=frozenset({'note'}))
    assert len(parsed.problems) == 1


@pytest.mark.parametrize(
    'piece', ['order_id:7731', 'symbol:', 'http://example.com', ':day', 'days:today', 'a:b:c']
)
def test_a_word_that_merely_holds_a_colon_stays_a_word(piece: str) -> None:
    parsed = parse_query(f'nifty {piece}', TODAY)
    assert parsed.words_text == f'nifty {piece}'
    assert parsed.scope == EVERYTHING
    assert parsed.problems == ()
    assert qualifier_name(piece) is None


def test_names_ignore_case() -> None:
    parsed = parse_query('DAY:2026-10-19 Kind:Note BACKEND:Claude', TODAY)
    assert parsed.problems == ()
    assert parsed.scope == SearchScope(
        first_day=day('2026-10-19'),
        last_day=day('2026-10-19'),
        kinds=frozenset({'note'}),
        backends=frozenset({'claude'}),
    )


@pytest.mark.parametrize(
    ('value', 'kinds', 'meaning'),
    [
        ('exchange', {'exchange'}, 'exchange'),
        ('action', {'journal'}, 'action'),
        ('journal', {'journal'}, 'action'),
        ('exchange,note', {'exchange', 'note'}, 'exchange, note'),
        ('summaries,notes,actions', {'summary', 'note', 'journal'}, 'summary, note, action'),
        ('note,notes', {'note'}, 'note'),
        ('order', {'order'}, 'order'),
        ('orders,action', {'order', 'journal'}, 'order, action'),
    ],
)
def test_kind_values(value: str, kinds: set[str], meaning: str) -> None:
    parsed = parse_query(f'kind:{value}', TODAY)
    assert parsed.scope.kinds == frozenset(kinds)
    assert parsed.qualifiers[0].meaning == meaning


def test_kind_order_holds_the_actions_that_are_order_events() -> None:
    scope = parse_query('kind:order', TODAY).scope
    assert scope.holds_kind('journal')
    assert not scope.holds_kind('exchange')
    assert scope.needs_action_types
    for event_type in ('order_placed', 'order_filled', 'order_cancelled', 'risk_decision'):
        assert scope.holds_text('journal', f'{event_type}\norder_id: 7731')
    assert not scope.holds_text('journal', 'tool_call\ntool: order_placed')
    assert not scope.holds_text('journal', 'order_amended\norder_id: 7731')
    every_action = parse_query('kind:order,action', TODAY).scope
    assert every_action.holds_text('journal', 'tool_call\ntool: quote')


def test_backend_and_session_values() -> None:
    parsed = parse_query('backend:claude,codex session:2026-10-19-2,2026-10-19-10', TODAY)
    assert parsed.problems == ()
    assert parsed.scope.backends == frozenset({'claude', 'codex'})
    assert parsed.scope.sessions == frozenset({'2026-10-19-2', '2026-10-19-10'})
    assert parsed.scope.needs_exchange_facts


def test_day_qualifiers_narrow_and_others_add_up() -> None:
    parsed = parse_query(
        'day:2026-10-01.. day:..2026-10-19 kind:note kind:summary backend:a backend:b', TODAY
    )
    assert parsed.scope == SearchScope(
        first_day=day('2026-10-01'),
        last_day=day('2026-10-19'),
        kinds=frozenset({'note', 'summary'}),
        backends=frozenset({'a', 'b'}),
    )


def test_days_with_nothing_in_common_make_an_empty_scope() -> None:
    scope = parse_query('day:monday day:tuesday', TODAY).scope
    assert scope.is_empty
    assert not scope.holds_day('2026-10-19')
    assert not scope.holds_day('2026-10-20')


def test_holds_day() -> None:
    scope = SearchScope(first_day=day('2026-10-01'), last_day=day('2026-10-19'))
    assert scope.holds_day('2026-10-01')
    assert scope.holds_day('2026-10-19')
    assert not scope.holds_day('2026-09-30')
    assert not scope.holds_day('2026-10-20')
    assert not scope.holds_day('')  # A note whose day is unknown is outside a day range.
    assert not scope.holds_day('20261010')
    assert EVERYTHING.holds_day('')
    assert SearchScope(last_day=day('2026-10-19')).holds_day('1999-01-01')


def test_holds_kind_and_exchange() -> None:
    assert EVERYTHING.holds_kind('journal')
    assert SearchScope(kinds=frozenset({'note'})).holds_kind('note')
    assert not SearchScope(kinds=frozenset({'note'})).holds_kind('exchange')
    by_backend = SearchScope(backends=frozenset({'claude'}))
    assert by_backend.holds_kind('exchange')
    assert not by_backend.holds_kind('note')  # Only exchanges have a backend.
    assert by_backend.holds_exchange(['Claude'], None)
    assert not by_backend.holds_exchange([], None)  # Unknown backend: outside.
    by_session = SearchScope(sessions=frozenset({'2026-10-19-2'}))
    assert by_session.holds_exchange([], '2026-10-19-2')
    assert not by_session.holds_exchange(['claude'], None)
    assert not by_session.holds_exchange([], '2026-10-19-1')
    assert EVERYTHING.holds_exchange([], None)
    assert SearchScope(backends=frozenset({'a'}), kinds=frozenset({'note'})).is_empty


def test_today_is_only_what_the_caller_gives() -> None:
    assert parse_day('today', datetime.date(2020, 2, 29)) == datetime.date(2020, 2, 29)
    assert parse_day('yesterday', datetime.date(2020, 3, 1)) == datetime.date(2020, 2, 29)
    assert parse_day_range('friday..', datetime.date(2026, 10, 23)) == (
        datetime.date(2026, 10, 23),
        None,
    )


pieces = st.one_of(
    st.text(st.characters(codec='utf-8'), min_size=1, max_size=12),
    st.builds(
        lambda name, value: f'{name}:{value}',
        st.sampled_from([*QUALIFIER_NAMES, 'DAY', 'Kind', 'order_id', 'days']),
        st.one_of(
            st.text(max_size=12),
            st.sampled_from(
                ['today', 'monday', '2026-10-19', '2026-10-01..', '..x', 'exchange,note', '']
            ),
            st.dates().map(datetime.date.isoformat),
        ),
    ),
)


@given(st.lists(pieces, max_size=8), st.dates())
def test_every_piece_is_a_word_a_qualifier_or_a_problem(
    typed: list[str], today: datetime.date
) -> None:
    query = ' '.join(typed)
    parsed = parse_query(query, today)
    pieces_typed = query.split()
    word_pieces = [piece for piece in pieces_typed if qualifier_name(piece) is None]
    assert parsed.words_text == ' '.join(word_pieces)
    assert words_of(parsed.words_text) == words_of(' '.join(word_pieces))
    assert len(parsed.qualifiers) + len(parsed.problems) + len(word_pieces) == len(pieces_typed)
    combined = EVERYTHING
    for qualifier in parsed.qualifiers:
        combined = combined.joined(qualifier.scope)
    assert combined == parsed.scope
    for problem in parsed.problems:
        assert problem.reason.startswith(f'{problem.name}: ')


@given(st.text(st.characters(codec='utf-8'), max_size=40), st.dates())
def test_a_query_with_no_qualifier_keeps_the_documented_words(
    query: str, today: datetime.date
) -> None:
    parsed = parse_query(query, today)
    if not any(qualifier_name(piece) for piece in query.split()):
        assert words_of(parsed.words_text) == words_of(query)
        assert parsed.scope == EVERYTHING


@given(st.dates(), st.integers(0, 6))
def test_a_weekday_is_within_the_last_seven_days(today: datetime.date, weekday: int) -> None:
    name = ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')[weekday]
    try:
        found = parse_day(name, today)
    except ValueError:
        assert today - datetime.date.min < datetime.timedelta(days=7)
        return
    assert found.weekday() == weekday
    assert datetime.timedelta(0) <= today - found <= datetime.timedelta(days=6)
