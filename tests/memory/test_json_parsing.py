"""JSON lines parse to exactly what the standard library's json gives (desk_files uses orjson)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk_browser.memory import desk_files, json_lines
from desk_browser.memory.desk_files import Problem

PARSING_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def reference_parse(path: Path, content: bytes) -> tuple[list[tuple[int, Any]], list[Problem]]:
    """The JSON-lines parser as it was before orjson: decode, then json.loads, line by line."""
    content = content.removeprefix(desk_files.BYTE_ORDER_MARK)
    objects: list[tuple[int, Any]] = []
    problems: list[Problem] = []
    line_number = 1
    start = 0
    length = len(content)
    while start < length:
        end = content.find(b'\n', start)
        if end < 0:
            end = length
        raw_line = content[start:end]
        current = line_number
        start = end + 1
        line_number += 1
        if not raw_line.strip():
            continue
        try:
            text = raw_line.decode('utf-8')
        except UnicodeDecodeError:
            problems.append(Problem(path, current, 'not UTF-8'))
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            problems.append(Problem(path, current, desk_files.describe_json_error(text, error)))
            continue
        except RecursionError:  # Issue 18: it is JSON, nested too deep.
            problems.append(Problem(path, current, 'nested too deep'))
            continue
        except ValueError:
            problems.append(Problem(path, current, 'not JSON'))
            continue
        if not isinstance(value, dict):
            problems.append(Problem(path, current, 'not an object'))
            continue
        objects.append((current, value))
    return objects, problems


def assert_parses_like_reference(path: Path, content: bytes) -> list[tuple[int, Any]]:
    """Writes the content, reads it both ways, and checks they agree to the last int and -0.0."""
    path.write_bytes(content)
    problems: list[Problem] = []
    objects = desk_files.read_json_objects(path, problems)
    expected_objects, expected_problems = reference_parse(path, content)
    assert repr(objects) == repr(expected_objects)
    assert problems == expected_problems
    following = desk_files.read_json_objects_from(path, complete_lines_only=False)
    assert repr(following.objects) == repr(expected_objects)
    return objects


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text()
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=8,
)


@st.composite
def dumped_json_lines(draw: st.DrawFn) -> bytes:
    value = draw(st.dictionaries(st.text(max_size=6), json_values, max_size=5) | json_values)
    ensure_ascii = draw(st.booleans())
    separators = draw(st.sampled_from([(', ', ': '), (',', ':')]))
    return json.dumps(value, ensure_ascii=ensure_ascii, separators=separators).encode(
        'utf-8', 'surrogatepass'
    )


JSON_PIECES = [
    b'{',
    b'}',
    b'[',
    b']',
    b'"',
    b'"a"',
    b',',
    b':',
    b'0',
    b'1',
    b'-',
    b'.',
    b'e',
    b'E+',
    b'9' * 10,
    b'true',
    b'null',
    b'NaN',
    b'-Infinity',
    b'\\',
    b'\\u',
    b'd800',
    b'dc00',
    b'\\n',
    b' ',
    b'\t',
    b'\r',
    b'\x00',
    b'\x0c',
    b'\xff',
    b'\xc3\xa9',
    b'\xed\xa0\x80',
    b'\xf0\x9f\x98\x80',
    desk_files.BYTE_ORDER_MARK,
]
json_ish_lines = st.lists(st.sampled_from(JSON_PIECES), max_size=20).map(b''.join)
digit_runs = st.text(alphabet='0123456789', min_size=1, max_size=24)


def json_number(sign: str, whole: str, fraction: str, exponent: str) -> str:
    return sign + (whole.lstrip('0') or '0') + fraction + exponent


number_texts = st.builds(
    json_number,
    st.sampled_from(['', '-']),
    digit_runs,
    st.just('') | digit_runs.map(lambda digits: '.' + digits),
    st.just('') | st.tuples(st.sampled_from(['e', 'E-', 'e+']), digit_runs).map(''.join),
)
number_lines = number_texts.map(lambda number: b'{"n": ' + number.encode('ascii') + b'}')
any_line = (
    dumped_json_lines()
    | number_lines
    | json_ish_lines
    | st.binary(max_size=30)
    | st.builds(lambda line, cut: line[:cut], dumped_json_lines(), st.integers(0, 40))
)


@PARSING_SETTINGS
@given(lines=st.lists(dumped_json_lines(), min_size=1, max_size=6))
def test_dumped_json_values_parse_like_json_loads(tmp_path: Path, lines: list[bytes]) -> None:
    assert_parses_like_reference(tmp_path / 'a.jsonl', b'\n'.join(lines) + b'\n')


@PARSING_SETTINGS
@given(lines=st.lists(number_lines, min_size=1, max_size=6))
def test_numbers_parse_like_json_loads(tmp_path: Path, lines: list[bytes]) -> None:
    assert_parses_like_reference(tmp_path / 'a.jsonl', b'\n'.join(lines))


@PARSING_SETTINGS
@given(lines=st.lists(json_ish_lines, min_size=1, max_size=6))
def test_lines_of_json_pieces_parse_like_json_loads(tmp_path: Path, lines: list[bytes]) -> None:
    assert_parses_like_reference(tmp_path / 'a.jsonl', b'\n'.join(lines))


@PARSING_SETTINGS
@given(content=st.binary(max_size=200))
def test_random_bytes_parse_like_json_loads(tmp_path: Path, content: bytes) -> None:
    assert_parses_like_reference(tmp_path / 'a.jsonl', content)


@PARSING_SETTINGS
@given(lines=st.lists(any_line, min_size=1, max_size=8), final_newline=st.booleans())
def test_mixed_good_and_damaged_lines_parse_like_json_loads(
    tmp_path: Path, lines: list[bytes], final_newline: bool
) -> None:
    content = b'\n'.join(lines) + (b'\n' if final_newline else b'')
    assert_parses_like_reference(tmp_path / 'a.jsonl', content)


@pytest.mark.parametrize(
    'line',
    [
        pytest.param(b'{"a": 1, "b": 2, "a": 3}', id='duplicate keys: the last wins'),
        pytest.param(b'{"a": NaN, "b": Infinity, "c": -Infinity}', id='nan and infinity'),
        pytest.param(b'{"a": "\\ud800", "\\udc00": "\\udc00\\ud800"}', id='lone surrogates'),
        pytest.param(b'{"a": "\\ud83d\\ude00"}', id='surrogate pair'),
        pytest.param(desk_files.BYTE_ORDER_MARK + b'{"a": 1}', id='byte order mark'),
        pytest.param(b'{"a": "\xff"}', id='invalid UTF-8'),
        pytest.param(b'{"a": "\xed\xa0\x80"}', id='an encoded surrogate (CESU-8)'),
        pytest.param(b'{"a": "\xc0\xaf"}', id='an overlong encoding'),
        pytest.param(b'{"a": "\xf4\x90\x80\x80"}', id='beyond U+10FFFF'),
        pytest.param(b'{"a": "\x01"}', id='a control character in a string'),
        pytest.param(b'{"a": 1e400, "b": -1e400, "c": -1e-400, "d": -0.0, "e": -0}', id='floats'),
        pytest.param(b'{"a": 2.2250738585072011e-308, "b": 5e-324}', id='tiny floats'),
        pytest.param(b'{"a": 18446744073709551615}', id='2**64 - 1'),
        pytest.param(b'{"a": 18446744073709551616}', id='2**64'),
        pytest.param(b'{"a": -9223372036854775808}', id='-2**63'),
        pytest.param(b'{"a": -9223372036854775809}', id='-2**63 - 1'),
        pytest.param(b'{"a": 1234567890123456789012345678901234567890}', id='a 40-digit int'),
        pytest.param(b'{"a": 1' + b'0' * 5000 + b'}', id='more digits than int() takes'),
        pytest.param(b'{"a": 0.1234567890123456789012345}', id='a long fraction'),
        pytest.param(b'{"a": "1234567890123456789012345"}', id='a digit run in a string'),
        pytest.param(b'{"a": [1, 2], "b": {"c": null}}', id='nested'),
        pytest.param(b'{"a": 1,}', id='a trailing comma'),
        pytest.param(b'{"a": 1} x', id='extra data'),
        pytest.param(b'{"a": 1}\x0c', id='a form feed after the object'),
        pytest.param(b'\t{"a": 1}\r', id='whitespace around the object'),
        pytest.param(b'{"a": "cut', id='cut short'),
        pytest.param(b'[1, 2]', id='not an object'),
        pytest.param(b'"text"', id='a string'),
        pytest.param(b'null', id='null'),
    ],
)
def test_special_lines_parse_like_json_loads(tmp_path: Path, line: bytes) -> None:
    assert_parses_like_reference(tmp_path / 'a.jsonl', line + b'\n')


def test_big_integers_stay_exact_ints(tmp_path: Path) -> None:
    line = b'{"a": 18446744073709551616, "b": -9223372036854775809, "c": 1.5}'
    [(_, value)] = assert_parses_like_reference(tmp_path / 'a.jsonl', line)
    assert value == {'a': 2**64, 'b': -(2**63) - 1, 'c': 1.5}
    assert isinstance(value['a'], int)
    assert isinstance(value['b'], int)


def test_non_finite_numbers_read_as_json_loads_reads_them(tmp_path: Path) -> None:
    line = b'{"a": NaN, "b": 1e400, "c": -Infinity}'
    [(_, value)] = assert_parses_like_reference(tmp_path / 'a.jsonl', line)
    assert math.isnan(value['a'])
    assert value['b'] == math.inf
    assert value['c'] == -math.inf


@pytest.mark.parametrize('depth', [10, 399, 400, 500, 990, 1000, 1020, 1024, 1025, 100_000])
def test_deep_nesting_parses_like_json_loads(tmp_path: Path, depth: int) -> None:
    # Deep values are compared by line and problem only: repr and == recurse too deeply.
    path = tmp_path / 'a.jsonl'
    content = b'{"a": ' + b'[' * depth + b']' * depth + b'}\n{"b": 1}\n'
    path.write_bytes(content)
    problems: list[Problem] = []
    objects = desk_files.read_json_objects(path, problems)
    expected_objects, expected_problems = reference_parse(path, content)
    assert [line for line, _ in objects] == [line for line, _ in expected_objects]
    assert problems == expected_problems


def test_damaged_lines_among_good_ones_keep_their_line_numbers(tmp_path: Path) -> None:
    lines = [
        b'{"a": 1}',
        b'{"a": NaN}',
        b'',
        b'{"a": "\xff"}',
        b'{"a": 12345678901234567890}',
        b'{"a": "cut',
        b'[1]',
        b'   ',
        b'{"a": "\\ud800"}',
        b'{"a": 1e400}',
        b'{"b": 2}',
    ]
    path = tmp_path / 'a.jsonl'
    objects = assert_parses_like_reference(path, b'\n'.join(lines))
    assert [line for line, _ in objects] == [1, 2, 5, 9, 10, 11]
    problems: list[Problem] = []
    desk_files.read_json_objects(path, problems)
    assert problems == [
        Problem(path, 4, 'not UTF-8'),
        Problem(path, 6, 'cut short'),
        Problem(path, 7, 'not an object'),
    ]


def line_by_line(content: bytes, monkeypatch: pytest.MonkeyPatch) -> Any:
    """_parse_json_lines without its fast path for blocks of plain lines."""
    with monkeypatch.context() as patched:
        patched.setattr(json_lines, '_parse_plain_lines', lambda content, first: None)
        problems: list[Problem] = []
        parsed = json_lines._parse_json_lines(Path('a.jsonl'), content, 7, problems, 2**20)
    return parsed, problems


object_lines = st.dictionaries(st.text(max_size=6), json_values, max_size=5).map(
    lambda value: json.dumps(value, ensure_ascii=False).encode('utf-8', 'surrogatepass')
)


@PARSING_SETTINGS
@given(
    lines=st.lists(object_lines | object_lines | any_line, max_size=8),
    final_newline=st.booleans(),
)
def test_plain_blocks_parse_at_once_as_line_by_line(
    monkeypatch: pytest.MonkeyPatch, lines: list[bytes], final_newline: bool
) -> None:
    content = b'\n'.join(lines) + (b'\n' if final_newline else b'')
    expected, expected_problems = line_by_line(content, monkeypatch)
    problems: list[Problem] = []
    parsed = json_lines._parse_json_lines(Path('a.jsonl'), content, 7, problems, 2**20)
    assert repr(parsed) == repr(expected)
    assert problems == expected_problems
    marked = content.translate(json_lines._DIGITS_AND_OPENINGS_MARKED)
    if json_lines._LONG_DIGIT_RUN in marked:
        return  # The caller parses such a block line by line.
    at_once = json_lines._parse_plain_lines(content, 7)
    if at_once is not None:  # Given only when no line was damaged or special.
        assert expected_problems == []
        assert repr(at_once) == repr(expected[0])


@pytest.mark.parametrize(
    'lines',
    [
        pytest.param([b'{"a": 1}', b'', b'{"b": 2}'], id='a blank line'),
        pytest.param([b'{"a": 1}', b'[1]'], id='not an object'),
        pytest.param([b'{"a": NaN}', b'{"b": 2}'], id='only json.loads reads it'),
        pytest.param([b'{"a": ' + b'[' * 399 + b']' * 399 + b'}'], id='400 openings'),
        pytest.param([b'{"a": "' + b'{' * 800 + b'"}'], id='800 braces in a string'),
    ],
)
def test_blocks_with_a_special_line_are_parsed_line_by_line(lines: list[bytes]) -> None:
    assert json_lines._parse_plain_lines(b'\n'.join(lines) + b'\n', 1) is None


def test_plain_blocks_keep_their_line_numbers() -> None:
    content = b'{"a": 1}\r\n {"b": 2} \n{"c": [3]}'
    assert json_lines._parse_plain_lines(content, 5) == [
        (5, {'a': 1}),
        (6, {'b': 2}),
        (7, {'c': [3]}),
    ]
    assert json_lines._parse_plain_lines(b'', 1) == []
