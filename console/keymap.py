"""Every key of the console in one list (STYLE.md: the Footer, F1 help, the command palette and
the user keymap all come from it): the tables of ``console/keys.toml``, one a screen, dialog or
widget of either family. A key is written once there (id, key, action, group); its name is
``keys.<id>`` in the locale files.

Each binding has an id (``"combat.next-turn"``) and a description key into the locale files.
A user keymap file in the save directory, ``keymap.toml`` or ``keymap.json``, maps ids to keys
(``"combat.next-turn" = "space"``; several keys comma-separated) and overrides the defaults
through Textual's ``App.set_keymap``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from textual.binding import Binding, BindingsMap, BindingType
from textual.dom import DOMNode

from console.i18n import Translator
from console.textual_compat import bindings_of, set_bindings


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


def _tables() -> dict[str, tuple[KeySpec, ...]]:
    """Every table of ``console/keys.toml`` as key specs, by table name."""
    raw = tomllib.loads(Path(__file__).with_name("keys.toml").read_text("utf-8"))
    return {
        name: tuple(KeySpec(group=table["group"], **row) for row in table["keys"])
        for name, table in raw.items()
    }


_TABLES = _tables()
_SCREEN_TABLES = (
    "app", "combat", "list", "roster", "editor", "extended", "timeline", "mist", "mist-builder",
)  # fmt: skip

# One constant a table of keys.toml (its comments say where each table's keys work).
APP_KEYS, COMBAT_KEYS, LIST_KEYS, ROSTER_KEYS, EDITOR_KEYS, EXTENDED_KEYS, TIMELINE_KEYS = (
    _TABLES[name] for name in _SCREEN_TABLES[:7]
)
DIALOG_KEYS, CONFIRM_KEYS, ROLL_KEYS, CHECK_KEYS, ATTACK_KEYS, SAVES_KEYS, HELP_KEYS = (
    _TABLES[name] for name in ("dialog", "confirm", "roll", "check", "attack", "saves", "help")
)
MIST_DIALOG_KEYS, RECIPIENT_KEYS, COMMAND_LINE_KEYS, ROWS_KEYS = (
    _TABLES[name] for name in ("mist-dialog", "mist-recipient", "command-line", "rows")
)
MIST_EFFECTS_KEYS = MIST_DIALOG_KEYS + _TABLES["mist-effects"]
"""The M.I.S.T. effects dialog: Esc, and the arrows that choose a kind of effect."""
MIST_KEYS: tuple[KeySpec, ...] = _TABLES["mist"]
"""Keys of the M.I.S.T. screen (RULES.md §4)."""
BUILDER_KEYS: tuple[KeySpec, ...] = _TABLES["mist-builder"]
"""Keys of the M.I.S.T. roll builder dialog (its arrows are RECIPIENT_KEYS)."""

PALETTE_KEYS: tuple[KeySpec, ...] = (
    APP_KEYS
    + COMBAT_KEYS
    + ROSTER_KEYS
    + EDITOR_KEYS
    + EXTENDED_KEYS
    + MIST_KEYS
    + BUILDER_KEYS
    + LIST_KEYS
    + TIMELINE_KEYS
)
"""The screens' keys (and the roll builder's): those the command palette offers by name."""
ALL_KEYS: tuple[KeySpec, ...] = PALETTE_KEYS + tuple(
    spec for name, table in _TABLES.items() if name not in _SCREEN_TABLES for spec in table
)
"""Every key: the screens' first (F1 help lists its groups in this order), then the dialogs'
and widgets'."""
_KNOWN = frozenset(spec.id for spec in ALL_KEYS)


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


def bindings_for(specs: tuple[KeySpec, ...]) -> list[BindingType]:
    """A dialog's or widget's class-level ``BINDINGS``, described in English until
    :func:`localized` puts them in the console's language (the app does so for every screen
    it pushes, a widget when it is mounted)."""
    return list(bindings(specs, Translator("en")))


def localized(existing: BindingsMap, translate: Translator) -> BindingsMap:
    """``existing`` with the description of each binding of this keymap in ``translate``'s
    language (bindings without a known id are left as they are)."""
    result = existing.copy()
    for key, items in existing.key_to_bindings.items():
        result.key_to_bindings[key] = [
            replace(item, description=translate(f"keys.{item.id}")) if item.id in _KNOWN else item
            for item in items
        ]
    return result


def localize(node: DOMNode, translate: Translator | None = None) -> None:
    """Name ``node``'s keys in ``translate``'s language (the app's, ``app.t``, when not given)."""
    translate = translate or getattr(node.app, "t", None)
    if isinstance(translate, Translator):
        set_bindings(node, localized(bindings_of(node), translate))


def palette_binding(key: str, key_display: str | None, translate: Translator) -> Binding:
    """Textual's own command-palette key (``App.COMMAND_PALETTE_BINDING``), named in the
    console's language for the Footer."""
    label = translate("keys.app.palette")
    return Binding(
        key,
        "command_palette",
        label,
        show=False,
        key_display=key_display,
        priority=True,
        tooltip=label,
    )


class KeymapError(Exception):
    """The user's keymap file cannot be read; the message says why."""


def load_keymap(save_dir: Path) -> dict[str, str]:
    """The user's overrides from ``keymap.toml`` or ``keymap.json`` in ``save_dir``.

    TOML keys may sit at the top level or under a ``[keymap]`` table.

    Raises:
        KeymapError: a file that does not parse, a value that is not a string, or an unknown id.
    """
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
            if binding_id not in _KNOWN:
                raise KeymapError(f"{path}: unknown binding id {binding_id!r}")
            if not isinstance(keys, str) or not keys.strip():
                raise KeymapError(f"{path}: the key for {binding_id!r} must be a string")
            keymap[binding_id] = keys.replace(" ", "")
        return keymap
    return {}


def effective_keys(spec: KeySpec, keymap: dict[str, str]) -> str:
    """The keys that trigger ``spec`` after the user's overrides."""
    return keymap.get(spec.id, spec.key)
