"""The table of qualifiers (search_scope.QUALIFIERS): every entry complete, and one enough."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest

from desk_browser.memory.exchange_facts import FACT_NAMES, ExchangeFacts
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.search_scope import (
    EVERYTHING,
    FACT_QUALIFIERS,
    KIND_NAMES,
    KIND_WORDS,
    QUALIFIER_HELP,
    QUALIFIER_NAMES,
    QUALIFIERS,
    QualifierDefinition,
    ScopeOption,
    SearchScope,
    parse_query,
    qualifier_name,
)
from tests.helpers.index_files import connect_index
from tests.memory.test_scoped_search import small_desk

TODAY = datetime.date(2026, 10, 21)


def example_value(definition: QualifierDefinition) -> str:
    """The value of the definition's first help example."""
    return definition.examples[0][0].partition(':')[2]


@pytest.mark.parametrize('definition', QUALIFIERS, ids=QUALIFIER_NAMES)
def test_every_entry_parses_its_examples_and_rejects_an_empty_value(
    definition: QualifierDefinition,
) -> None:
    assert definition.name == definition.name.lower()
    assert definition.examples and definition.options
    for example, meaning in definition.examples:
        assert meaning
        typed = definition.name.upper() + example[len(definition.name) :]  # Any case.
        parsed = parse_query(f'nifty {typed}', TODAY)
        assert parsed.words_text == 'nifty'
        assert [qualifier.name for qualifier in parsed.qualifiers] == [definition.name]
        assert parsed.qualifiers[0].meaning
        assert not parsed.scope.is_everything
    empty = parse_query(f'{definition.name}:', TODAY)
    assert [problem.reason.partition(': ')[0] for problem in empty.problems] == [definition.name]


@pytest.mark.parametrize('definition', QUALIFIERS, ids=QUALIFIER_NAMES)
def test_every_entry_sets_its_own_part_of_the_scope(definition: QualifierDefinition) -> None:
    scope = parse_query(definition.examples[0][0], TODAY).scope
    if definition.field is None:
        assert all(not getattr(scope, other.field) for other in QUALIFIERS if other.field)
    else:
        assert definition.values_of(scope)
        changed = {
            field.name
            for field in dataclasses.fields(SearchScope)
            if getattr(scope, field.name) != getattr(EVERYTHING, field.name)
        }
        assert changed == {definition.field}


def test_every_fact_is_tested_by_one_entry_held_in_one_index_column(tmp_path: Path) -> None:
    assert [definition.fact for definition in FACT_QUALIFIERS] == list(ExchangeFacts._fields)
    search = IndexedSearch(small_desk(tmp_path), cache_directory=tmp_path / 'cache')
    assert search.build().complete
    search.close()
    connection = connect_index(search.index_path)
    columns = [row[1] for row in connection.execute('PRAGMA table_info(records)')]
    connection.close()
    assert columns == ['id', 'text', *(definition.column for definition in FACT_QUALIFIERS)]


@pytest.mark.parametrize('definition', FACT_QUALIFIERS, ids=lambda item: item.name)
def test_every_fact_entry_keeps_exchanges_with_that_fact_only(
    definition: QualifierDefinition,
) -> None:
    scope = parse_query(definition.examples[0][0], TODAY).scope
    value = example_value(definition)
    fact = definition.fact
    assert fact is not None
    inside = ExchangeFacts(**{fact: value for fact in ExchangeFacts._fields})
    assert scope.needs_exchange_facts
    assert scope.holds_facts(inside)
    assert scope.holds_facts(inside._replace(**{fact: value.upper()})) == (
        definition.fold(value.upper()) == definition.fold(value)
    )
    assert not scope.holds_facts(inside._replace(**{fact: None}))
    assert not scope.holds_kind('note')


def read_type(value: str, today: datetime.date) -> tuple[str, SearchScope]:
    if value not in KIND_WORDS:
        raise ValueError(f'{value} is not a kind')
    return value, SearchScope(kinds=frozenset({KIND_WORDS[value]}))


MADE_UP = QualifierDefinition(
    name='type',
    read=read_type,
    examples=(('type:note', 'a made-up kind: qualifier'),),
    options=(ScopeOption('type', 'KIND', 'type:{}', 'a made-up option'),),
    field='kinds',
)
"""An entry no code names: one more row of the table, and nothing else."""


def test_one_more_entry_is_a_qualifier_and_a_problem() -> None:
    table = (*QUALIFIERS, MADE_UP)
    assert qualifier_name('Type:note') is None  # Not in the real table.
    assert qualifier_name('Type:note', table) == 'type'
    parsed = parse_query('nifty Type:note day:yesterday type:bogus', TODAY, table)
    assert parsed.words_text == 'nifty'
    assert [qualifier.name for qualifier in parsed.qualifiers] == ['type', 'day']
    assert parsed.scope.kinds == frozenset({'note'})
    assert [problem.name for problem in parsed.problems] == ['type']
    assert parsed.problems[0].reason.startswith('type: ')
    assert parse_query('wat:x', TODAY, table).words_text == 'wat:x'


def test_fact_names_are_the_exchange_facts_fields_in_order() -> None:
    assert ExchangeFacts._fields == FACT_NAMES


def test_the_kind_help_line_names_every_kind_the_parser_accepts() -> None:
    (meaning,) = [meaning for example, meaning in QUALIFIER_HELP if example.startswith('kind:')]
    for kind in KIND_NAMES.values():
        assert kind in meaning
        assert parse_query(f'kind:{kind}', TODAY).problems == ()
