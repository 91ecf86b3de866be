"""The look of desk text drawn as strips: `CardStyles` read from a widget's component classes."""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from textual.color import Color
from textual.css.styles import StylesBase
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
    """A component class's style, with a background only when the component sets one."""
    return _text_style(
        widget.get_component_rich_style(component),
        widget.get_component_rich_style(component, partial=True),
    )


def _text_style(full: Style, partial: Style) -> Style:
    """A component's full style with its background only when its partial style has one."""
    return full.without_color + Style.from_color(
        full.color, full.bgcolor if partial.bgcolor is not None else None
    )


def card_styles(widget: Widget) -> CardStyles:
    """The styles desk text is drawn with, from a widget declaring `DESK_TEXT_COMPONENTS`."""
    texts = component_text_styles(widget, DESK_TEXT_COMPONENTS)
    markdown = {
        name: texts[component] + look for name, (component, look) in MARKDOWN_STYLES.items()
    }
    return CardStyles(
        muted=texts['exchange-view--muted'],
        time=texts['exchange-view--time'],
        backend=texts['exchange-view--backend'],
        trigger=texts['exchange-view--trigger'],
        trigger_bar=texts['exchange-view--trigger-bar'],
        session=texts['exchange-view--session'],
        warning=texts['exchange-view--warning'],
        error=texts['exchange-view--error'],
        markdown=markdown,
        code_theme='monokai' if widget.app.current_theme.dark else 'default',
    )


def component_text_styles(widget: Widget, components: Iterable[str]) -> dict[str, Style]:
    """Each of a widget's components' `text_style`, from one walk of its ancestors for them all.

    The walk is `DOMNode.rich_style`'s (Textual 8.2.8), checked by test_ui_desk_text_look.
    """
    inherited = _Inherited()
    for node in reversed(widget.ancestors_with_self):
        inherited = inherited.under(node.styles)
    texts: dict[str, Style] = {}
    for component in components:
        styles = widget.get_component_styles(component)
        full = inherited.under(styles).rich_style()
        text_opacity = styles.text_opacity
        if text_opacity < 1 and full.bgcolor is not None:  # As get_component_rich_style.
            full += Style.from_color(
                (
                    Color.from_rich_color(full.bgcolor) + styles.color.multiply_alpha(text_opacity)
                ).rich_color
            )
        texts[component] = _text_style(full, styles.partial_rich_style)
    return texts


class _Inherited:
    """What `DOMNode.rich_style` has gathered after some nodes of its walk from the app down."""

    __slots__ = ('background', 'color', 'opacity', 'style')

    def __init__(
        self,
        background: Color | None = None,
        color: Color | None = None,
        style: Style | None = None,
        opacity: float = 1.0,
    ) -> None:
        """The walk's state; by default, before its first node (a transparent white text)."""
        self.background = Color(0, 0, 0, 0) if background is None else background
        self.color = Color(255, 255, 255, 0) if color is None else color
        self.style = Style() if style is None else style
        self.opacity = opacity

    def under(self, styles: StylesBase) -> _Inherited:
        """What the walk has gathered once it has also passed a node with these styles."""
        has_rule = styles.has_rule
        opacity = self.opacity * styles.opacity
        background = self.background
        if has_rule('background'):
            tinted = styles.background.tint(styles.background_tint)
            text_background = background + tinted
            background = background + tinted.multiply_alpha(opacity)
        else:
            text_background = background
        color = styles.color if has_rule('color') else self.color
        if has_rule('auto_color') and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
        return _Inherited(background, color, self.style + styles.text_style, opacity)

    def rich_style(self) -> Style:
        """The style the walk ends with."""
        background = self.background
        return self.style + Style.from_color(
            (background + self.color).rich_color if (background.a or self.color.a) else None,
            background.rich_color if background.a else None,
        )
