"""Services are handed down: every screen gets them in its constructor, none looks one up."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import desk_browser.ui
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen

_LOOKUP = re.compile(r'getattr\(\s*(self\.)?app\b|foreground_of\(')


def test_nothing_in_the_ui_looks_a_service_up_on_the_app_by_name() -> None:
    folder = Path(desk_browser.ui.__file__).parent
    found = [
        f'{path.relative_to(folder)}:{number}: {line.strip()}'
        for path in sorted(folder.rglob('*.py'))
        for number, line in enumerate(path.read_text(encoding='utf-8').splitlines(), start=1)
        if _LOOKUP.search(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    'screen_class', [MainScreen, SearchScreen, DayScreen, ProblemsScreen, RecordScreen]
)
def test_every_desk_screen_needs_the_services(screen_class: type[DeskScreen[None]]) -> None:
    services = inspect.signature(screen_class.__init__).parameters['services']
    assert services.default is inspect.Parameter.empty
