"""F1 help: every key of the console, from the one binding list (console/keymap.py).

The keys shown are those in force, the user's keymap included, so the help never disagrees
with what the keys do.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from console.i18n import Translator
from console.keymap import ALL_KEYS, HELP_KEYS, KeySpec, bindings_for, effective_keys


def groups(specs: tuple[KeySpec, ...], first: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The groups of ``specs``: ``first`` (the open screen's), then the others in the order
    they first appear (console, combat, M.I.S.T., …)."""
    present = dict.fromkeys(spec.group for spec in specs)
    return tuple(dict.fromkeys([g for g in first if g in present] + list(present)))


def key_label(keys: str) -> str:
    """Readable key names: ``ctrl+z`` → ``Ctrl+Z``, ``colon`` → ``:``."""
    names = {
        "colon": ":",
        "fullwidth_colon": "：",
        "full_stop": ".",
        "ideographic_full_stop": "。",
        "fullwidth_full_stop": "．",
        "minus": "-",
        "plus": "+",
        "equals_sign": "=",
        "delete": "Del",
        "escape": "Esc",
        "space": "Space",
    }
    shown = []
    for key in keys.split(","):
        key = key.strip()
        parts = [names.get(part) or _symbol(part) for part in key.split("+")]
        shown.append("+".join(p.capitalize() if len(p) > 1 and p.islower() else p for p in parts))
    return " / ".join(shown)


def _symbol(part: str) -> str:
    """``left_square_bracket`` → ``[`` (Textual's name of a printable key), else ``part``."""
    shown = format_key(part)
    return shown if len(shown) == 1 and len(part) > 1 else part


def help_table(
    translate: Translator,
    keymap: dict[str, str],
    specs: tuple[KeySpec, ...],
    first: tuple[str, ...] = (),
) -> Table:
    """A table of group, keys and action name for ``specs``, the ``first`` groups on top."""
    table = Table(expand=True, show_edge=False, box=None, padding=(0, 2))
    table.add_column(translate("help.keys"), style="bold", no_wrap=True, width=16)
    table.add_column(translate("help.action"), ratio=1, overflow="fold")  # 中文 wraps whole
    # An id longer than most folds rather than squeezing the actions (at 80 columns the longest,
    # 31 cells, left a group's title "战斗（无限恐怖）" two lines)
    table.add_column(translate("help.id"), style="dim", max_width=22, overflow="fold")
    for group in groups(specs, first):
        members = [spec for spec in specs if spec.group == group]
        if not members:
            continue
        key = f"help.group.{group}"
        title = translate(key) if translate.has(key) else group
        table.add_row("", Text(title, style="bold underline"), "")
        for spec in members:
            table.add_row(
                key_label(effective_keys(spec, keymap)), translate(spec.label_key), spec.id
            )
        table.add_row("", "", "")
    table.add_row("", Text(translate("help.group.more"), style="bold underline"), "")
    table.add_row("Ctrl+P", translate("help.palette"), "")
    table.add_row("Tab / →", translate("help.complete"), "")
    table.add_row("↑ / ↓", translate("help.history"), "")
    return table


class HelpScreen(ModalScreen[None]):
    """Every key, its action and its id (the id to use in keymap.toml)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 100; max-width: 100%; height: 90%;
        border: thick $primary; background: $panel; padding: 0 1;
    }
    HelpScreen #help-title { text-style: bold; margin-bottom: 1; }
    """
    BINDINGS = bindings_for(HELP_KEYS)

    def __init__(self, translate: Translator, owner: Screen[None] | None = None) -> None:
        super().__init__()
        self.t = translate
        self.owner = owner

    def compose(self) -> ComposeResult:
        keymap = dict(getattr(self.app, "_keymap", {}))
        # The open screen's keys first: F1 on the M.I.S.T. screen opens on its keys (issue 18).
        own: tuple[KeySpec, ...] = getattr(self.owner, "SCREEN_KEYS", ())
        first = tuple(dict.fromkeys(spec.group for spec in own))
        if "combat" in first:
            first += ("list",)
        with VerticalScroll():
            yield Static(self.t("help.title"), id="help-title")
            yield Static(help_table(self.t, keymap, ALL_KEYS, first), id="help-table")
            yield Static(self.t("help.keymap-file"), id="help-keymap")

    def action_close(self) -> None:
        self.dismiss(None)
