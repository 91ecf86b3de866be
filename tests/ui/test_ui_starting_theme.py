"""A remembered theme is on the first frame, and the CSS is parsed once, with its colours."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.app import InvalidThemeError
from textual.css.stylesheet import Stylesheet
from textual.theme import BUILTIN_THEMES

from desk_browser.presentation.settings import Settings, load_settings, save_settings
from desk_browser.ui.app import make_app
from tests.helpers.pilot import deterministic_app, settled

NORD = BUILTIN_THEMES['nord']
NORD_BACKGROUND = (NORD.background or '').lower()


def css_variables(stylesheet: Stylesheet) -> dict[str, str]:
    """The theme's variables the stylesheet substitutes as it parses (Textual's private record)."""
    return stylesheet._variables


@pytest.fixture
def nord_remembered(tmp_path: Path) -> Path:
    """A settings file that remembers nord."""
    path = tmp_path / 'config' / 'desk-browser' / 'settings.json'
    assert save_settings(path, Settings(theme='nord'))
    return path


async def test_a_remembered_theme_is_on_the_first_frame_and_the_css_parsed_once(
    demo_desk: Path, nord_remembered: Path, parses: Counter[str]
) -> None:
    dark = css_variables(deterministic_app(demo_desk).stylesheet)['background']
    app = deterministic_app(demo_desk, theme=None, settings_path=nord_remembered)
    assert app.theme == 'nord'
    assert app.has_class('-theme-nord', '-dark-mode')
    assert css_variables(app.stylesheet)['background'] == NORD.background
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # The first frame.
        first_frame = app.export_screenshot()
        assert parses['reparse'] == 0  # Nothing parsed with textual-dark's colours, then again.
        assert app.screen.styles.background.hex.lower() == NORD_BACKGROUND
    assert NORD_BACKGROUND in first_frame.lower()
    assert dark.lower() not in first_frame.lower()


async def test_a_theme_chosen_while_running_is_applied_and_remembered(
    demo_desk: Path, nord_remembered: Path, parses: Counter[str]
) -> None:
    app = deterministic_app(demo_desk, theme=None, settings_path=nord_remembered)
    async with settled(app, (80, 24)) as pilot:
        app.theme = 'textual-light'
        await pilot.pause()
        assert parses['reparse'] == 1
        assert app.has_class('-theme-textual-light', '-light-mode')
        assert not app.has_class('-theme-nord')
        assert app.screen.styles.background.hex.lower() == '#e0e0e0'
    assert load_settings(nord_remembered) == Settings(theme='textual-light')
    again = deterministic_app(demo_desk, theme=None, settings_path=nord_remembered)
    assert again.has_class('-theme-textual-light', '-light-mode')
    assert not again.has_class('-dark-mode')


def test_a_theme_given_outranks_the_remembered_one(demo_desk: Path, nord_remembered: Path) -> None:
    app = deterministic_app(demo_desk, theme='gruvbox', settings_path=nord_remembered)
    assert app.theme == 'gruvbox'
    assert css_variables(app.stylesheet)['background'] == BUILTIN_THEMES['gruvbox'].background


def test_an_unknown_theme_given_is_refused(demo_desk: Path) -> None:
    with pytest.raises(InvalidThemeError):
        make_app(demo_desk, theme='no-such-theme')
