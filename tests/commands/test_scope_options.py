"""The search command's scope options and help, as the table of qualifiers gives them."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from desk_browser.commands.scope_options import add_scope_arguments, option_qualifiers
from desk_browser.commands.search import _EPILOG
from desk_browser.memory.search_scope import QUALIFIER_HELP, QUALIFIER_NAMES, QUALIFIERS
from tests.memory.test_search_scope_table import MADE_UP, TODAY

README = Path(__file__).resolve().parents[2] / 'README.md'


def test_every_entry_is_described_in_the_readme_and_the_commands_help() -> None:
    readme = README.read_text(encoding='utf-8')
    section = readme.partition('\n## Search\n')[2].partition('\n## ')[0]
    table = section.partition('| qualifier | keeps |')[2].partition('\n\n')[0]
    epilog = _EPILOG.partition('scope qualifiers')[2].partition('\n\n')[0]
    assert set(re.findall(r'`([a-z]+):', table)) == set(QUALIFIER_NAMES)
    assert set(re.findall(r'\b([a-z]+):[a-z0-9.]', epilog)) == set(QUALIFIER_NAMES)
    for example, _ in QUALIFIER_HELP:
        assert f'`{example}`' in section
        assert example in epilog
    for definition in QUALIFIERS:
        for option in definition.options:
            assert f'`--{option.name}`' in section


def test_one_more_entry_is_one_more_option() -> None:
    table = (*QUALIFIERS, MADE_UP)
    parser = argparse.ArgumentParser()
    add_scope_arguments(parser, table)
    assert '--type KIND' in parser.format_help()
    arguments = parser.parse_args(['--type', 'note', '--kind', 'exchange'])
    found = option_qualifiers(arguments, TODAY, table)
    assert [qualifier.text for qualifier in found] == ['kind:exchange', 'type:note']
    assert found[1].scope.kinds == frozenset({'note'})
