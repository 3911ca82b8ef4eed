"""The players' view as a web page: the terminal view's own renderables, written as HTML.

:func:`console.player.scene_view.render_scene` makes the view (Rich text, groups and tables,
with everything hidden already left out); :func:`fragment` writes that as HTML once per change,
and ``serve`` (:mod:`console.player.web`) sends the same fragment to every browser. So a page and
the terminal show the same content, and nothing here decides what the players may see.

Every piece of text goes through :func:`html.escape` (a combatant named ``<script>`` is shown as
those eight characters); styles become CSS classes (standard colours) or an inline colour. A
table with headers becomes an HTML table that turns into one card per row on a narrow screen
(a phone); a table without headers (the view's columns) becomes a grid of columns that folds into
one column there.
"""

from __future__ import annotations

import html
import io

from rich.console import Console, Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from console.i18n import Translator
from console.player import scene_view
from console.player.board import IdColumns
from saves.follow import Followed

RENDER_WIDTH = 120
"""The width the view is made for: its wide layout (bars of 10, two columns), which the page's
CSS folds for a narrow screen."""

_CONSOLE = Console(
    file=io.StringIO(), width=RENDER_WIDTH, color_system="truecolor", legacy_windows=False
)
"""Only to resolve style names (``"bold cyan"``) into :class:`Style` objects; prints nothing."""

STANDARD_COLOURS = frozenset(
    {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}
    | {f"bright_{name}" for name in ("black", "red", "green", "yellow", "blue", "magenta")}
    | {"bright_cyan", "bright_white"}
)
"""Colours with a class in the page's stylesheet (``f-red``, ``b-red``); others are inline."""

_FLAGS = (
    ("bold", "b"),
    ("dim", "dim"),
    ("italic", "i"),
    ("underline", "u"),
    ("strike", "s"),
    ("reverse", "rev"),
)


def _colour(style: Style, background: bool) -> tuple[str, str]:
    """A class for a standard colour, or an inline CSS colour for any other ("" for none)."""
    colour = style.bgcolor if background else style.color
    if colour is None or colour.is_default:
        return "", ""
    if colour.name in STANDARD_COLOURS:
        return ("b-" if background else "f-") + colour.name, ""
    prop = "background-color" if background else "color"
    return "", f"{prop}:{colour.get_truecolor().hex}"


def style_attributes(style: Style | None) -> str:
    """`` class="…" style="…"`` for a Rich style ("" for a plain one)."""
    if style is None or not style:
        return ""
    classes = [name for flag, name in _FLAGS if getattr(style, flag)]
    inline: list[str] = []
    for background in (False, True):
        name, css = _colour(style, background)
        if name:
            classes.append(name)
        if css:
            inline.append(css)
    out = ""
    if classes:
        out += f' class="{" ".join(classes)}"'
    if inline:
        out += f' style="{";".join(inline)}"'
    return out


def text_html(text: Text) -> str:
    """A line of Rich text as escaped HTML spans."""
    out: list[str] = []
    base = _CONSOLE.get_style(text.style, default=Style.null()) if text.style else Style.null()
    for segment in text.render(_CONSOLE, end=""):  # the spans' styles, without the base one
        if not segment.text:
            continue
        escaped = html.escape(segment.text, quote=False)
        attributes = style_attributes(base + segment.style if segment.style else base)
        out.append(f"<span{attributes}>{escaped}</span>" if attributes else escaped)
    return "".join(out)


def _plain(renderable: RenderableType | None) -> str:
    if isinstance(renderable, Text):
        return renderable.plain
    return renderable if isinstance(renderable, str) else ""


def _inline(renderable: RenderableType) -> str:
    """A table cell's content: text inline, anything else as blocks."""
    if isinstance(renderable, str):
        renderable = Text(renderable)
    if isinstance(renderable, Text):
        return text_html(renderable)
    return block_html(renderable)


def table_html(table: Table) -> str:
    """A table with headers as an HTML table; one without as a grid of columns."""
    columns = [list(column.cells) for column in table.columns]
    rows = range(table.row_count)
    headers = [_plain(column.header) for column in table.columns]
    if table.show_header and any(headers):
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
        body = []
        for row in rows:
            cells = []
            for index, column in enumerate(columns):
                label = html.escape(headers[index], quote=True)
                lead = ' class="lead"' if headers[index] and not any(headers[:index]) else ""
                cells.append(f'<td data-label="{label}"{lead}>{_inline(column[row])}</td>')
            body.append("<tr>" + "".join(cells) + "</tr>")
        thead = f"<thead><tr>{head}</tr></thead>"
        return f'<table class="rows">{thead}<tbody>{"".join(body)}</tbody></table>'
    if isinstance(table, IdColumns):  # ids beside their text, at any width
        items = "".join(
            f'<div class="id">{_inline(columns[0][row])}</div>'
            f'<div class="item">{"".join(_inline(column[row]) for column in columns[1:])}</div>'
            for row in rows
        )
        return f'<div class="ids">{items}</div>'
    cells = [
        f'<div class="cell">{block_html(column[row])}</div>' for row in rows for column in columns
    ]
    return f'<div class="cols" style="--n:{len(columns)}">{"".join(cells)}</div>'


def block_html(renderable: RenderableType) -> str:
    """Any renderable the view makes, as HTML blocks."""
    if isinstance(renderable, str):
        renderable = Text(renderable)
    if isinstance(renderable, Text):
        if not renderable.plain.strip():
            return '<div class="gap"></div>'
        indent = len(renderable.plain) - len(renderable.plain.lstrip(" "))
        if indent:  # a margin instead of spaces: a wrapped line keeps the indent
            inner = text_html(renderable[indent:])
            return f'<div class="line" style="padding-left:{indent / 2:g}em">{inner}</div>'
        return f'<div class="line">{text_html(renderable)}</div>'
    if isinstance(renderable, Group):
        inner = "".join(block_html(part) for part in renderable.renderables)
        return f'<div class="group">{inner}</div>'
    if isinstance(renderable, Table):
        return table_html(renderable)
    plain = Console(file=io.StringIO(), width=RENDER_WIDTH, record=True)  # not made by the view
    plain.print(renderable)
    return f"<pre>{html.escape(plain.export_text())}</pre>"


def fragment(t: Translator, followed: Followed | None, problem: str | None) -> tuple[str, str]:
    """The page's title and the HTML of its content: the heading, a notice when the last read
    failed, the view (or "waiting" before anything was read)."""
    notice = scene_view.notice(t, problem, followed is not None)
    parts: list[str] = []
    title = "ST Console"
    if followed is None:
        parts.append('<header class="heading"></header>')
        if notice:
            parts.append(f'<p class="notice">{html.escape(notice)}</p>')
        else:
            loading = text_html(Text(t("player.loading"), style="dim"))
            parts.append(f'<section class="body"><div class="line">{loading}</div></section>')
        return title, "".join(parts)
    heading, body = scene_view.render_scene(t, followed, RENDER_WIDTH, 200)
    title = f"{followed.campaign} · {followed.scene.name}"
    parts.append(f'<header class="heading">{text_html(heading)}</header>')
    if notice:
        parts.append(f'<p class="notice">{html.escape(notice)}</p>')
    parts.append(f'<section class="body">{block_html(body)}</section>')
    return title, "".join(parts)
