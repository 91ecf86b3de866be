"""How desk text looks when it is drawn as lines: the styles taken from a widget's components.

The exchange view and the desk text view draw Markdown with Rich into strips, so Textual's CSS
never styles the text itself. Their look comes from component classes instead (app.tcss gives
each its colours, from the theme), read here into the `CardStyles` the rendering takes.
"""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget

from desk_browser.ui.widgets.exchange_rendering import CardStyles

DESK_TEXT_COMPONENTS: frozenset[str] = frozenset(
    {
        'exchange-view--muted',
        'exchange-view--time',
        'exchange-view--backend',
        'exchange-view--trigger',
        'exchange-view--trigger-bar',
        'exchange-view--session',
        'exchange-view--warning',
        'exchange-view--error',
        'exchange-view--heading',
        'exchange-view--code',
        'exchange-view--link',
        'exchange-view--quote',
        'exchange-view--bullet',
        'exchange-view--rule',
    }
)
"""The component classes `card_styles` reads (a widget using it declares them)."""

MARKDOWN_STYLES = {
    'markdown.h1': ('exchange-view--heading', Style(bold=True, underline=True)),
    'markdown.h2': ('exchange-view--heading', Style(underline=True)),
    'markdown.h3': ('exchange-view--heading', Style(bold=True)),
    'markdown.h4': ('exchange-view--heading', Style(italic=True)),
    'markdown.h5': ('exchange-view--heading', Style(italic=True)),
    'markdown.h6': ('exchange-view--heading', Style(dim=True)),
    'markdown.code': ('exchange-view--code', Style()),
    'markdown.link': ('exchange-view--link', Style()),
    'markdown.link_url': ('exchange-view--muted', Style(underline=True)),
    'markdown.block_quote': ('exchange-view--quote', Style()),
    'markdown.item.bullet': ('exchange-view--bullet', Style(bold=True)),
    'markdown.item.number': ('exchange-view--bullet', Style()),
    'markdown.list': ('exchange-view--bullet', Style()),
    'markdown.hr': ('exchange-view--rule', Style()),
    'markdown.table.border': ('exchange-view--rule', Style()),
    'markdown.table.header': ('exchange-view--session', Style()),
}
"""Rich's Markdown styles, each from a component class (for the theme's colour) plus a look."""


def text_style(widget: Widget, component: str) -> Style:
    """A component's style, with a background only when the component sets one.

    Args:
        widget (Widget): The widget whose component classes are read.
        component (str): The component class.

    Returns:
        Style: The style.
    """
    full = widget.get_component_rich_style(component)
    partial = widget.get_component_rich_style(component, partial=True)
    return full.without_color + Style.from_color(
        full.color, full.bgcolor if partial.bgcolor is not None else None
    )


def card_styles(widget: Widget) -> CardStyles:
    """Reads the styles desk text is drawn with from a widget's component classes.

    Args:
        widget (Widget): A widget declaring `DESK_TEXT_COMPONENTS`.

    Returns:
        CardStyles: The styles, with the Pygments theme that suits the app's theme.
    """
    markdown = {
        name: text_style(widget, component) + look
        for name, (component, look) in MARKDOWN_STYLES.items()
    }
    return CardStyles(
        muted=text_style(widget, 'exchange-view--muted'),
        time=text_style(widget, 'exchange-view--time'),
        backend=text_style(widget, 'exchange-view--backend'),
        trigger=text_style(widget, 'exchange-view--trigger'),
        trigger_bar=text_style(widget, 'exchange-view--trigger-bar'),
        session=text_style(widget, 'exchange-view--session'),
        warning=text_style(widget, 'exchange-view--warning'),
        error=text_style(widget, 'exchange-view--error'),
        markdown=markdown,
        code_theme='monokai' if widget.app.current_theme.dark else 'default',
    )
