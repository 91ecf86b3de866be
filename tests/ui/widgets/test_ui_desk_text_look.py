"""Desk text's styles read from component classes with one walk of the ancestors (desk_text_look).

`component_text_styles` replays `DOMNode.rich_style` from the widget down to each component; it
must give exactly what `text_style` (Textual's `get_component_rich_style`) gives, whatever the
theme and whatever the ancestors' backgrounds, tints, opacities and automatic colours.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from desk_browser.ui.widgets.desk_text_look import (
    DESK_TEXT_COMPONENTS,
    component_text_styles,
    text_style,
)
from desk_browser.ui.widgets.exchange_view import ExchangeView
from tests.helpers.pilot import AppFor, settled


@pytest.mark.parametrize('theme', ['textual-dark', 'textual-light', 'nord', 'gruvbox'])
async def test_the_exchange_views_styles_are_textuals_own(
    app_for: AppFor, demo_desk: Path, theme: str
) -> None:
    app = app_for(demo_desk)
    async with settled(app):
        app.theme = theme
        await app.workers.wait_for_complete()
        view = app.screen.query_one(ExchangeView)
        components = sorted(view.COMPONENT_CLASSES)
        assert component_text_styles(view, components) == {
            component: text_style(view, component) for component in components
        }


class Looked(Widget):
    """A widget whose components set every property the walk reads."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'looked--plain',
        'looked--tinted',
        'looked--auto',
        'looked--faint',
        'looked--see-through',
    }


class LookApp(App[None]):
    CSS = """
    Screen { background: $surface; }
    #outer { background: $primary 40%; background-tint: $accent 30%; opacity: 80%; }
    #inner { background: $error 20%; color: auto 70%; text-style: italic; }
    Looked { color: $text-warning; text-style: bold; }
    Looked > .looked--tinted { background: $accent 50%; background-tint: $primary 20%; }
    Looked > .looked--auto { background: $warning; color: auto 90%; }
    Looked > .looked--faint { background: $success 60%; text-opacity: 40%; }
    Looked > .looked--see-through { color: $text 30%; text-style: underline; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id='outer'), Vertical(id='inner'):
            yield Looked()


async def test_backgrounds_tints_opacities_and_automatic_colours_are_walked_as_textual_does() -> (
    None
):
    app = LookApp()
    async with app.run_test(size=(40, 10)):
        looked = app.query_one(Looked)
        components = sorted(Looked.COMPONENT_CLASSES)
        assert component_text_styles(looked, components) == {
            component: text_style(looked, component) for component in components
        }


async def test_the_desk_text_components_are_all_read(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app):
        view = app.screen.query_one(ExchangeView)
        assert component_text_styles(view, DESK_TEXT_COMPONENTS).keys() == DESK_TEXT_COMPONENTS
