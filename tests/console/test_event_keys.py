"""The registry from event type to its words is complete (issue 24 §2: text keyed by type).

Every event type of Infinite Horror, M.I.S.T., the dice and the shared ``interpret`` is in
``console/event_keys.py`` and has its sentence in en, zh and zh-Hant (the dice events are said
by their roll's line); the console tells events apart by type, never by class name as text.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from console import event_keys, event_text
from console.i18n import Translator
from engine.dice import command as dice_command
from engine.events import Event
from engine.ih import events as ih_events
from engine.ih import sheet_events
from engine.mist import events as mist_events
from engine.settings import InterpretationChanged

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh", "zh-Hant")
MODULES: tuple[ModuleType, ...] = (ih_events, sheet_events, mist_events, dice_command)


def _declared() -> set[type]:
    """The event types the engine's event modules declare."""
    found = {InterpretationChanged}
    for module in MODULES:
        found |= {
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, Event) and cls is not Event
        }
    return found


def _locale(lang: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(
        (ROOT / "console" / "locale" / f"{lang}.json").read_text(encoding="utf-8")
    )
    return loaded


def test_every_event_type_of_the_engine_is_in_the_registry() -> None:
    declared = _declared()
    assert len(declared) > 100
    assert declared <= set(event_keys.EVENT_KEYS)
    assert set(event_keys.EVENT_KEYS) >= event_keys.ROLL_LINES


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_type_has_its_sentence_in_each_language(lang: str) -> None:
    words = _locale(lang)
    missing = [
        key
        for cls, key in event_keys.EVENT_KEYS.items()
        if cls not in event_keys.ROLL_LINES and key not in words
    ]
    assert missing == []


def test_the_two_families_keep_their_own_keys_for_one_class_name() -> None:
    assert event_keys.EVENT_KEYS[ih_events.SceneEnded] == "event.SceneEnded"
    assert event_keys.EVENT_KEYS[mist_events.SceneEnded] == "mist.event.SceneEnded"
    assert event_keys.key_of(mist_events.NoteAdded("Hound", "x")) == "mist.event.NoteAdded"
    assert event_keys.key_of("not an event") is None


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Interpretation defense_subtracts_from_pool set to false"),
        ("zh", "诠释 defense_subtracts_from_pool 设为 false"),
        ("zh-Hant", "詮釋 defense_subtracts_from_pool 設為 false"),
    ],
)
def test_a_changed_interpretation_is_said_in_the_tables_language(lang: str, expected: str) -> None:
    event = InterpretationChanged("defense_subtracts_from_pool", "false")
    assert event_text.describe(Translator(lang), event) == expected


def test_no_console_module_words_an_event_by_its_class_name() -> None:
    """Only the registry turns a class into a key (and a form's style its class's CSS)."""
    pattern = re.compile(r"type\([a-z_]+\)\.__name__")
    readers = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "console").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    )
    assert readers == ["console/cli.py"]  # the name of an unexpected error, for a bug report
