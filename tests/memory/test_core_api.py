"""Every documented name of the core exists with its documented signature."""

from __future__ import annotations

import dataclasses
import inspect
import subprocess
import sys
from typing import Any

import pytest

from desk_browser.memory import desk_files, session_search, session_store

REQUIRED = inspect.Parameter.empty

# (object, [(parameter name, default)], return annotation as written); methods without self.
SIGNATURES: list[tuple[str, Any, list[tuple[str, Any]], str]] = [
    # session_store: the documented API
    (
        'Exchange',
        session_store.Exchange,
        [
            ('trigger_text', REQUIRED),
            ('answer', REQUIRED),
            ('backend_name', REQUIRED),
            ('finished_at', REQUIRED),
        ],
        'None',
    ),
    (
        'Exchange.to_json_dictionary',
        session_store.Exchange.to_json_dictionary,
        [],
        'dict[str, Any]',
    ),
    (
        'Exchange.from_json_dictionary',
        session_store.Exchange.from_json_dictionary,
        [('data', REQUIRED)],
        'Self',
    ),
    (
        'RouteState',
        session_store.RouteState,
        [('exchanges_seen', REQUIRED), ('runner_state', REQUIRED)],
        'None',
    ),
    (
        'SessionState',
        session_store.SessionState,
        [('session_id', REQUIRED), ('trading_date', REQUIRED), ('routes', REQUIRED)],
        'None',
    ),
    (
        'SessionState.to_json_dictionary',
        session_store.SessionState.to_json_dictionary,
        [],
        'dict[str, Any]',
    ),
    (
        'SessionState.from_json_dictionary',
        session_store.SessionState.from_json_dictionary,
        [('data', REQUIRED)],
        'Self',
    ),
    (
        'DailySummary',
        session_store.DailySummary,
        [('trading_date', REQUIRED), ('text', REQUIRED)],
        'None',
    ),
    (
        'SessionStore',
        session_store.SessionStore,
        [('directory', REQUIRED), ('date_source', None)],
        'None',
    ),
    ('SessionStore.today', session_store.SessionStore.today, [], 'datetime.date'),
    ('SessionStore.load_state', session_store.SessionStore.load_state, [], 'SessionState | None'),
    (
        'SessionStore.save_state',
        session_store.SessionStore.save_state,
        [('state', REQUIRED)],
        'None',
    ),
    (
        'SessionStore.new_session_id',
        session_store.SessionStore.new_session_id,
        [('trading_date', REQUIRED)],
        'str',
    ),
    (
        'SessionStore.append_exchange',
        session_store.SessionStore.append_exchange,
        [('session_id', REQUIRED), ('exchange', REQUIRED)],
        'None',
    ),
    (
        'SessionStore.exchanges',
        session_store.SessionStore.exchanges,
        [('session_id', REQUIRED)],
        'list[Exchange]',
    ),
    ('SessionStore.session_ids', session_store.SessionStore.session_ids, [], 'list[str]'),
    (
        'SessionStore.summaries',
        session_store.SessionStore.summaries,
        [],
        'list[DailySummary]',
    ),
    (
        'SessionStore.write_summary',
        session_store.SessionStore.write_summary,
        [('trading_date', REQUIRED), ('text', REQUIRED)],
        'Path',
    ),
    (
        'SessionStore.latest_summary',
        session_store.SessionStore.latest_summary,
        [],
        'DailySummary | None',
    ),
    # session_store: the agreed extras
    (
        'log_path',
        session_store.log_path,
        [('directory', REQUIRED), ('session_id', REQUIRED)],
        'Path',
    ),
    (
        'read_exchange_log',
        session_store.read_exchange_log,
        [('path', REQUIRED), ('problems', None)],
        'list[Exchange]',
    ),
    (
        'StateReading',
        session_store.StateReading,
        [
            ('state', REQUIRED),
            ('exists', REQUIRED),
            ('problem', REQUIRED),
            ('modified_at', REQUIRED),
        ],
        'None',
    ),
    ('read_state_file', session_store.read_state_file, [('path', REQUIRED)], 'StateReading'),
    # session_search: the documented API
    (
        'SearchRecord',
        session_search.SearchRecord,
        [('day', REQUIRED), ('kind', REQUIRED), ('text', REQUIRED)],
        'None',
    ),
    (
        'SearchHit',
        session_search.SearchHit,
        [('record', REQUIRED), ('matched_words', REQUIRED), ('snippet', REQUIRED)],
        'None',
    ),
    (
        'SearchResult',
        session_search.SearchResult,
        [('hits', REQUIRED), ('matched_every_word', REQUIRED), ('words', REQUIRED)],
        'None',
    ),
    (
        'SessionSearch',
        session_search.SessionSearch,
        [('desk_directory', REQUIRED)],
        'None',
    ),
    (
        'SessionSearch.search',
        session_search.SessionSearch.search,
        [('query', REQUIRED), ('limit', REQUIRED)],
        'SearchResult',
    ),
    ('words_of', session_search.words_of, [('query', REQUIRED)], 'list[str]'),
    # desk_files: the agreed interface
    (
        'Problem',
        desk_files.Problem,
        [('path', REQUIRED), ('line_number', REQUIRED), ('reason', REQUIRED)],
        'None',
    ),
    (
        'read_json_objects',
        desk_files.read_json_objects,
        [('path', REQUIRED), ('problems', None)],
        'list[tuple[int, dict[str, Any]]]',
    ),
    (
        'JournalEvent',
        desk_files.JournalEvent,
        [('line_number', REQUIRED), ('type', REQUIRED), ('time', REQUIRED), ('fields', REQUIRED)],
        'None',
    ),
    (
        'JournalExchange',
        desk_files.JournalExchange,
        [('trigger', REQUIRED), ('texts', REQUIRED)],
        'None',
    ),
    (
        'JournalDay',
        desk_files.JournalDay,
        [('day', REQUIRED), ('events', REQUIRED), ('exchanges', REQUIRED), ('actions', REQUIRED)],
        'None',
    ),
    (
        'read_journal_day',
        desk_files.read_journal_day,
        [('path', REQUIRED), ('day', REQUIRED), ('problems', None)],
        'JournalDay',
    ),
    ('action_text', desk_files.action_text, [('event', REQUIRED)], 'str'),
    ('is_own_search', desk_files.is_own_search, [('event', REQUIRED)], 'bool'),
    (
        'journal_files',
        desk_files.journal_files,
        [('desk_directory', REQUIRED)],
        'list[tuple[str, Path]]',
    ),
    (
        'summary_files',
        desk_files.summary_files,
        [('desk_directory', REQUIRED)],
        'list[tuple[str, Path]]',
    ),
    ('summary_paragraphs', desk_files.summary_paragraphs, [('text', REQUIRED)], 'list[str]'),
    (
        'note_files',
        desk_files.note_files,
        [('desk_directory', REQUIRED)],
        'list[tuple[str, Path]]',
    ),
    ('note_day', desk_files.note_day, [('path', REQUIRED)], 'str'),
    (
        'read_text',
        desk_files.read_text,
        [('path', REQUIRED), ('problems', None)],
        'str | None',
    ),
]


def parameters_of(function: Any) -> list[tuple[str, Any]]:
    parameters = list(inspect.signature(function).parameters.values())
    if parameters and parameters[0].name in ('self', 'cls'):
        parameters = parameters[1:]
    return [(parameter.name, parameter.default) for parameter in parameters]


@pytest.mark.parametrize(
    ('name', 'documented', 'parameters', 'returns'),
    SIGNATURES,
    ids=[entry[0] for entry in SIGNATURES],
)
def test_documented_name_has_its_documented_signature(
    name: str, documented: Any, parameters: list[tuple[str, Any]], returns: str
) -> None:
    assert parameters_of(documented) == parameters
    if not inspect.isclass(documented):
        assert inspect.signature(documented).return_annotation == returns


def test_documented_classes_are_dataclasses() -> None:
    for record in [
        session_store.Exchange,
        session_store.RouteState,
        session_store.SessionState,
        session_store.DailySummary,
        session_store.StateReading,
        session_search.SearchRecord,
        session_search.SearchHit,
        session_search.SearchResult,
        desk_files.Problem,
        desk_files.JournalEvent,
        desk_files.JournalExchange,
        desk_files.JournalDay,
    ]:
        assert dataclasses.is_dataclass(record), record


def test_from_json_dictionary_are_class_methods() -> None:
    for owner in (session_store.Exchange, session_store.SessionState):
        assert isinstance(inspect.getattr_static(owner, 'from_json_dictionary'), classmethod)


def test_journal_exchange_has_its_text_properties() -> None:
    for name in ('trigger_text', 'answer', 'text'):
        assert isinstance(inspect.getattr_static(desk_files.JournalExchange, name), property)


def test_session_sort_key_takes_a_session_id() -> None:
    assert parameters_of(session_store.session_sort_key) == [('session_id', REQUIRED)]


def test_module_constants() -> None:
    assert session_store.STATE_FILE_NAME == 'state.json'
    assert session_store.SUMMARIES_FOLDER_NAME == 'summaries'
    assert desk_files.INDIA.utcoffset(None).total_seconds() == 5.5 * 3600


def test_importing_the_core_and_the_presentation_leaves_textual_and_rich_out() -> None:
    program = (
        'import sys\n'
        'import desk_browser.live.foreground\n'
        'import desk_browser.live.live_desk\n'
        'import desk_browser.live.session_counting\n'
        'import desk_browser.memory\n'
        'import desk_browser.memory.desk_files\n'
        'import desk_browser.memory.session_store\n'
        'import desk_browser.memory.session_search\n'
        'import desk_browser.presentation.day_data\n'
        'import desk_browser.presentation.desk_data\n'
        'import desk_browser.presentation.documents\n'
        'import desk_browser.presentation.exports\n'
        'import desk_browser.presentation.formatting\n'
        'import desk_browser.presentation.navigation\n'
        'import desk_browser.presentation.safe_text\n'
        'import desk_browser.presentation.settings\n'
        'import desk_browser.presentation.start_view\n'
        'loaded = sorted(name for name in sys.modules'
        " if name.split('.')[0] in ('textual', 'rich'))\n"
        'print(loaded)\n'
    )
    completed = subprocess.run(
        [sys.executable, '-I', '-c', program],
        capture_output=True,
        text=True,
        check=True,
    )
    assert completed.stdout.strip() == '[]'


FIELD_TYPES: list[tuple[Any, dict[str, str]]] = [
    (
        session_store.Exchange,
        {'trigger_text': 'str', 'answer': 'str', 'backend_name': 'str', 'finished_at': 'str'},
    ),
    (
        session_store.RouteState,
        {'exchanges_seen': 'int', 'runner_state': 'dict[str, Any] | None'},
    ),
    (
        session_store.SessionState,
        {'session_id': 'str', 'trading_date': 'datetime.date', 'routes': 'dict[str, RouteState]'},
    ),
    (session_store.DailySummary, {'trading_date': 'datetime.date', 'text': 'str'}),
    (session_search.SearchRecord, {'day': 'str', 'kind': 'str', 'text': 'str'}),
    (
        session_search.SearchHit,
        {'record': 'SearchRecord', 'matched_words': 'int', 'snippet': 'str'},
    ),
    (
        session_search.SearchResult,
        {'hits': 'list[SearchHit]', 'matched_every_word': 'bool', 'words': 'list[str]'},
    ),
]


@pytest.mark.parametrize(
    ('record', 'types'), FIELD_TYPES, ids=[entry[0].__name__ for entry in FIELD_TYPES]
)
def test_documented_record_has_its_documented_field_types(
    record: Any, types: dict[str, str]
) -> None:
    assert {field.name: field.type for field in dataclasses.fields(record)} == types
