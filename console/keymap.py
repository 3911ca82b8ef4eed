"""Every key of the console in one list (STYLE.md: the Footer, F1 help, the command palette and
the user keymap all come from it).

Each binding has an id (``"combat.next-turn"``) and a description key into the locale files.
A user keymap file in the save directory, ``keymap.toml`` or ``keymap.json``, maps ids to keys
(``"combat.next-turn" = "space"``; several keys comma-separated) and overrides the defaults
through Textual's ``App.set_keymap``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from textual.binding import Binding, BindingsMap

from console.i18n import Translator
from console.mist.keys import BUILDER_KEY_SPECS, MIST_KEY_SPECS


@dataclass(frozen=True, slots=True)
class KeySpec:
    """One action's default key, its Textual action, and where it shows."""

    id: str
    key: str
    action: str
    group: str
    show: bool = True
    priority: bool = False

    @property
    def label_key(self) -> str:
        """The locale key of the action's name (``keys.combat.next-turn``)."""
        return f"keys.{self.id}"


APP_KEYS: tuple[KeySpec, ...] = (
    KeySpec("app.help", "f1", "help", "app"),
    KeySpec("app.command-line", "colon", "command_line", "app", priority=True),
    KeySpec("app.undo", "ctrl+z", "undo", "app"),
    KeySpec("app.redo", "ctrl+y", "redo", "app"),
    KeySpec("app.save-as", "ctrl+s", "save_as", "app", show=False),
    KeySpec("app.open", "ctrl+o", "open", "app", show=False),
    KeySpec("app.new-scene", "ctrl+n", "new_scene", "app", show=False),
    KeySpec("app.language", "f2", "switch_language", "app", show=False),
    KeySpec("app.quit", "ctrl+q", "quit", "app", priority=True),
)
"""Keys of every scene screen (the shell). ``:`` is a priority key so that the focus moves to
the command line before the keys typed right after it arrive (they must not trigger the
single-letter keys); while the line has the focus, ``:`` types a colon (``check_action``)."""

COMBAT_KEYS: tuple[KeySpec, ...] = (
    KeySpec("combat.next-turn", "n", "next_turn", "combat"),
    KeySpec("combat.begin", "b", "begin", "combat", show=False),
    KeySpec("combat.delay", "d", "delay", "combat"),
    KeySpec("combat.add", "a", "add", "combat", show=False),
    KeySpec("combat.join", "J", "join", "combat", show=False),
    KeySpec("combat.remove", "delete", "remove", "combat", show=False),
    KeySpec("combat.hide", "v", "toggle_hidden", "combat", show=False),
    KeySpec("combat.damage", "minus", "damage", "combat", show=False),
    KeySpec("combat.heal", "plus,equals_sign", "heal", "combat", show=False),
    KeySpec("combat.willpower", "w", "willpower", "combat", show=False),
    KeySpec("combat.spend-free", "f", "spend('free')", "combat", show=False),
    KeySpec("combat.spend-swift", "s", "spend('swift')", "combat", show=False),
    KeySpec("combat.spend-reflex", "x", "spend('reflex')", "combat", show=False),
    KeySpec("combat.spend-move", "m", "spend('move')", "combat", show=False),
    KeySpec("combat.spend-standard", "t", "spend('standard')", "combat", show=False),
    KeySpec("combat.spend-full-round", "F", "spend('full-round')", "combat", show=False),
    KeySpec("combat.effect", "e", "effect", "combat", show=False),
    KeySpec("combat.initiative", "i", "initiative", "combat", show=False),
    KeySpec("combat.roll", "r", "roll", "combat"),
    KeySpec("combat.attack", "h", "attack", "combat"),
    KeySpec("combat.current", "c", "select_current", "combat", show=False),
    KeySpec("combat.roster", "R", "roster", "combat", show=False),
    KeySpec("combat.add-from-sheet", "A", "add_from_sheet", "combat", show=False),
    KeySpec("combat.check", "C", "check", "combat", show=False),
    KeySpec("combat.extended", "X", "extended", "combat", show=False),
)
"""Keys of the Infinite Horror combat screen; single letters, live only when no text input has
focus (an Input takes printable keys first)."""

LIST_KEYS: tuple[KeySpec, ...] = (
    KeySpec("list.down", "j", "cursor_down", "list", show=False),
    KeySpec("list.up", "k", "cursor_up", "list", show=False),
)
"""Vim-style movement in lists, next to the arrow keys the lists already have."""

ROSTER_KEYS: tuple[KeySpec, ...] = (
    KeySpec("roster.edit", "enter,e", "edit", "sheets"),
    KeySpec("roster.new", "n", "new", "sheets"),
    KeySpec("roster.add", "a", "add", "sheets"),
    KeySpec("roster.check", "c", "check", "sheets"),
    KeySpec("roster.delete", "delete", "delete", "sheets", show=False),
    KeySpec("roster.close", "escape", "close", "sheets"),
)
"""Keys of the roster of sheets (RULES.md §2)."""

EDITOR_KEYS: tuple[KeySpec, ...] = (
    KeySpec("sheet.up", "up", "move(0,-1)", "sheets", show=False),
    KeySpec("sheet.down", "down", "move(0,1)", "sheets", show=False),
    KeySpec("sheet.left", "left", "move(-1,0)", "sheets", show=False),
    KeySpec("sheet.right", "right", "move(1,0)", "sheets", show=False),
    KeySpec("sheet.raise", "plus,equals_sign", "step(1)", "sheets", show=False),
    KeySpec("sheet.lower", "minus", "step(-1)", "sheets", show=False),
    KeySpec("sheet.bonus", "b", "bonus_mode", "sheets"),
    KeySpec("sheet.side", "p", "toggle_side", "sheets"),
    KeySpec("sheet.specialty", "s", "entry('specialty')", "sheets"),
    KeySpec("sheet.feat", "f", "entry('feat')", "sheets"),
    KeySpec("sheet.language", "l", "entry('language')", "sheets"),
    KeySpec("sheet.concept", "c", "entry('sheet')", "sheets"),
    KeySpec("sheet.save", "ctrl+s,enter", "save", "sheets", priority=True),
    KeySpec("sheet.cancel", "escape", "cancel", "sheets"),
)
"""Keys of the sheet editor; the digits 0–9 set the value under the cursor."""

EXTENDED_KEYS: tuple[KeySpec, ...] = (
    KeySpec("extended.roll", "enter,r", "roll", "sheets"),
    KeySpec("extended.new", "n", "new", "sheets"),
    KeySpec("extended.lose", "l", "lose", "sheets"),
    KeySpec("extended.drop", "delete,d", "drop", "sheets"),
    KeySpec("extended.close", "escape", "close", "sheets"),
)
"""Keys of the extended actions screen (RULES.md §1.8)."""

MIST_KEYS: tuple[KeySpec, ...] = tuple(KeySpec(*spec) for spec in MIST_KEY_SPECS)
"""Keys of the M.I.S.T. screen (RULES.md §4; defined in console/mist/keys.py)."""
BUILDER_KEYS: tuple[KeySpec, ...] = tuple(KeySpec(*spec) for spec in BUILDER_KEY_SPECS)
"""Keys of the M.I.S.T. roll builder dialog."""

ALL_KEYS: tuple[KeySpec, ...] = (
    APP_KEYS
    + COMBAT_KEYS
    + ROSTER_KEYS
    + EDITOR_KEYS
    + EXTENDED_KEYS
    + MIST_KEYS
    + BUILDER_KEYS
    + LIST_KEYS
)


def bindings(specs: tuple[KeySpec, ...], translate: Translator) -> list[Binding]:
    """Textual bindings for ``specs`` with descriptions in the console's language."""
    return [
        Binding(
            spec.key,
            spec.action,
            translate(spec.label_key),
            show=spec.show,
            id=spec.id,
            priority=spec.priority,
        )
        for spec in specs
    ]


def bindings_map(specs: tuple[KeySpec, ...], translate: Translator) -> BindingsMap:
    """A BindingsMap to put on a widget in place of its class-level (English) bindings."""
    return BindingsMap(bindings(specs, translate))


def merged(existing: BindingsMap, specs: tuple[KeySpec, ...], translate: Translator) -> BindingsMap:
    """``existing`` (a widget's class bindings) with ``specs`` added on top, translated."""
    result = existing.copy()
    for key, items in bindings_map(specs, translate).key_to_bindings.items():
        result.key_to_bindings[key] = items
    return result


class KeymapError(Exception):
    """The user's keymap file cannot be read; the message says why."""


def load_keymap(save_dir: Path) -> dict[str, str]:
    """The user's overrides from ``keymap.toml`` or ``keymap.json`` in ``save_dir``.

    TOML keys may sit at the top level or under a ``[keymap]`` table.

    Raises:
        KeymapError: a file that does not parse, a value that is not a string, or an unknown id.
    """
    known = {spec.id for spec in ALL_KEYS}
    for name in ("keymap.toml", "keymap.json"):
        path = save_dir / name
        if not path.is_file():
            continue
        try:
            text = path.read_text("utf-8")
            raw: object = tomllib.loads(text) if name.endswith(".toml") else json.loads(text)
        except (OSError, ValueError) as error:
            raise KeymapError(f"{path}: {error}") from None
        except RecursionError:  # issue 12: deep nesting is a bad file, not a crash
            raise KeymapError(f"{path}: nested too deeply to be a keymap") from None
        if isinstance(raw, dict) and isinstance(raw.get("keymap"), dict):
            raw = raw["keymap"]
        if not isinstance(raw, dict):
            raise KeymapError(f"{path}: expected a table of binding id = key")
        keymap: dict[str, str] = {}
        for binding_id, keys in raw.items():
            if binding_id not in known:
                raise KeymapError(f"{path}: unknown binding id {binding_id!r}")
            if not isinstance(keys, str) or not keys.strip():
                raise KeymapError(f"{path}: the key for {binding_id!r} must be a string")
            keymap[binding_id] = keys.replace(" ", "")
        return keymap
    return {}


def effective_keys(spec: KeySpec, keymap: dict[str, str]) -> str:
    """The keys that trigger ``spec`` after the user's overrides."""
    return keymap.get(spec.id, spec.key)
