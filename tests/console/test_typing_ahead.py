"""Issue 27 §1: every key typed right after a key that opens a dialog, a form, a menu, the
palette or the command line reaches it, in order, however fast — for every key of both
families' keymaps. Each key is tried twice on the same scene: typed key by key with the app
settling in between (what a slow Storyteller gets), and as one burst queued before the app
handled any of it (a fast typist, tmux ``send-keys``). Both must end the same.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from budget import CI
from console_support import FIGHT, FIXED_TIME, SCENE, save_scene
from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from console.app import STConsoleApp, is_scene_screen
from console.i18n import Translator
from console.keymap import _TABLES, MIST_KEYS

TEXT = "strength+brawl 12"
"""Typed after each key: letters that are keys of both scene screens, a '+', a blank, digits."""

SCRIPTS = {"ih": (FIGHT, "ih-d10"), "mist": (SCENE, "mist")}
SKIPPED = {"ctrl+q", "f2"}
"""Quit ends the test's app; F2 switches the language (a scene key, not a dialog's)."""


OPENS_TEXT = {"colon", "ctrl+p"}
"""Keys that open a text field but whose name has no "…" (the command line, the palette)."""


def keymap_keys() -> list[Any]:
    """Every key of both families' scenes; in CI (``tests/budget.py``) the keys that open a
    dialog, a form, a menu, the command line or the palette — those a Storyteller types text
    after, named "…" in the keymap — each app launch costing a second (issue 24 §5)."""
    cases = []
    tables = {
        "ih": _TABLES["combat"] + _TABLES["app"],
        "mist": MIST_KEYS + _TABLES["app"],
    }
    english = Translator("en")
    for family, specs in tables.items():
        for spec in specs:
            opens = english(spec.label_key).endswith("…")
            for key in spec.key.split(","):
                if key in SKIPPED or (CI and not opens and key not in OPENS_TEXT):
                    continue
                cases.append(pytest.param(family, key, id=f"{family}-{spec.id}-{key}"))
    return cases


Factory = Callable[[str], STConsoleApp]


@pytest.fixture
def fresh_app(tmp_path_factory: pytest.TempPathFactory) -> Factory:
    """A new app on its own save directory with the family's scene (each run starts alike)."""

    def make(family: str) -> STConsoleApp:
        script, system = SCRIPTS[family]
        save_dir = tmp_path_factory.mktemp("typing")
        save_scene(save_dir, script, system=system)
        return STConsoleApp(
            save_dir=save_dir,
            campaign="Test",
            scene="Fight",
            lang="en",
            seed=5,
            clock=lambda: FIXED_TIME,
            blink=False,
        )

    return make


def key_event(key: str) -> tuple[str, str | None]:
    """A key name and its character, as the terminal sends it (as Pilot's ``press``)."""
    import unicodedata

    from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key

    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        return key, unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        return key, key if len(key) == 1 else None


def as_keys(text: str) -> list[tuple[str, str | None]]:
    return [key_event(character) for character in text]


def outcome(app: STConsoleApp) -> tuple[str, str | None, str | None]:
    """The screen on top, the focused widget's id and its text."""
    focused = app.screen.focused
    value = focused.value if isinstance(focused, Input) else None
    return type(app.screen).__name__, None if focused is None else focused.id, value


async def quiet(pilot: Pilot[None]) -> None:
    """Until the app has handled every key posted and what they started (no key held)."""
    app = pilot.app
    assert isinstance(app, STConsoleApp)
    for _ in range(200):
        await pilot._wait_for_screen()
        if app._barrier is None and not app._held:
            break
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()


async def post(pilot: Pilot[None], keys: list[tuple[str, str | None]], *, fast: bool) -> None:
    """Post ``keys``: all at once (a burst), or each once the app handled the one before."""
    for key, character in keys:
        pilot.app.post_message(events.Key(key, character))
        if not fast:
            await quiet(pilot)
    await quiet(pilot)


async def typed_slowly(fresh_app: Factory, family: str, key: str) -> tuple[Any, ...]:
    """The keys typed — ``key``, Enter if it opened a menu, TEXT — and what they end with, each
    key typed once the app has handled the one before."""
    app = fresh_app(family)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            keys = [key_event(key)]
            await post(pilot, keys, fast=False)
            focused = app.screen.focused
            dialog = not is_scene_screen(app.screen) or isinstance(focused, Input)
            if dialog and isinstance(focused, OptionList):
                keys.append(key_event("enter"))
            keys += as_keys(TEXT)
            await post(pilot, keys[1:], fast=False)
            return keys, outcome(app)
    finally:
        app.persistence.shutdown()


async def typed_at_once(
    fresh_app: Factory, family: str, keys: list[tuple[str, str | None]]
) -> tuple[Any, ...]:
    """What ``keys`` posted in one burst end with."""
    app = fresh_app(family)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await post(pilot, keys, fast=True)
            return outcome(app)
    finally:
        app.persistence.shutdown()


SLOWLY = Path(__file__).with_name("typing_ahead_slowly.json")
"""What each key of the sweep ends with when typed slowly (the keys typed and the outcome),
recorded by a run outside CI. CI types each burst once and compares it with the record (one app
launch a key instead of two); every run outside CI types both and checks the record too, so a
stale record fails there: `ST_RECORD_TYPING=1 python -m pytest tests/console/test_typing_ahead.py`
writes it anew."""


def _recorded() -> dict[str, Any]:
    return json.loads(SLOWLY.read_text("utf-8")) if SLOWLY.exists() else {}


@pytest.mark.parametrize(("family", "key"), keymap_keys())
async def test_text_typed_at_once_after_any_key_lands_as_if_typed_slowly(
    fresh_app: Factory, family: str, key: str
) -> None:
    case = f"{family} {key}"
    recorded = _recorded().get(case)
    if CI and recorded is not None:
        keys = [tuple(each) for each in recorded["keys"]]
        slow = tuple(recorded["outcome"])
    else:
        keys, slow = await typed_slowly(fresh_app, family, key)
        if os.environ.get("ST_RECORD_TYPING"):
            record = _recorded()
            record[case] = {"keys": [list(each) for each in keys], "outcome": list(slow)}
            text = json.dumps(dict(sorted(record.items())), ensure_ascii=False, indent=1)
            SLOWLY.write_text(text + "\n", "utf-8")
        elif recorded is not None:
            assert [list(each) for each in keys] == recorded["keys"], f"stale: {SLOWLY.name}"
            assert list(slow) == recorded["outcome"], f"stale: {SLOWLY.name}"
    fast = await typed_at_once(fresh_app, family, keys)
    assert fast == slow


ISSUE_CASES = [
    ("ih", "h", "strength+brawl", "AttackDialog", "pool"),
    ("ih", "a", "Zombie nurse", "CombatantDialog", "name"),
    ("ih", "J", "Ann Bob", "CombatantDialog", "name"),
    ("ih", "e", "Blessed by a saint", "EffectDialog", "label"),
    ("ih", "colon", "note Ann begin", "IHScreen", "command-input"),
    ("mist", "c", "bleeding", "FormDialog", "field-status"),
    ("mist", "t", "Who opened the door?", "FormDialog", "field-text"),
    ("mist", "q", "Who opened the door?", "FormDialog", "field-text"),
    ("mist", "l", "a bloody key", "FormDialog", "field-text"),
    ("mist", "P", "Eve", "FormDialog", "field-name"),
    ("mist", "ctrl+n", "Scene 2 begins", "NewSceneDialog", "name"),
]
"""Keys the issue saw lose or misroute the text typed after them, with that text."""


@pytest.mark.parametrize(("family", "key", "text", "screen", "field"), ISSUE_CASES)
async def test_the_text_after_a_dialog_key_is_the_field_s_whole_text(
    fresh_app: Factory, family: str, key: str, text: str, screen: str, field: str
) -> None:
    assert await typed_at_once(fresh_app, family, [key_event(key), *as_keys(text)]) == (
        screen,
        field,
        text,
    )


async def test_after_a_menu_s_enter_the_text_goes_to_the_next_dialog(fresh_app: Factory) -> None:
    """``N ⏎`` (a story entry: the first kind) then a question's text, in one burst."""
    slow_keys, slow = await typed_slowly(fresh_app, "mist", "N")
    assert slow_keys[1][0] == "enter"
    assert slow[0] != "MistScreen" and slow[2] is not None and slow[2].endswith(TEXT)
    assert await typed_at_once(fresh_app, "mist", slow_keys) == slow


async def test_escape_closes_the_command_line_in_a_burst(fresh_app: Factory) -> None:
    app = fresh_app("ih")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await post(pilot, [key_event("colon"), *as_keys("nex"), key_event("escape")], fast=True)
            screen = app.screen
            assert is_scene_screen(screen)
            assert not screen.command_line.is_open
            assert screen.command_line.input.value == ""
            await post(pilot, [key_event("colon"), key_event("escape"), key_event("n")], fast=True)
            assert not screen.command_line.is_open
            assert screen.history.scene.journal[-1].text == "next", "n after Esc is the key"
    finally:
        app.persistence.shutdown()


async def test_keys_typed_while_the_console_starts_reach_the_scene(fresh_app: Factory) -> None:
    app = fresh_app("ih")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            # run_test hands the pilot over once the scene is up; type as if before that
            app.opened.clear()
            for key, character in [key_event("h"), *as_keys("dex+3")]:
                app.post_message(events.Key(key, character))
            await pilot._wait_for_screen()
            assert is_scene_screen(app.screen), "held until the scene is up"
            app.opened.set()
            app.settle_keys()
            await quiet(pilot)
            assert outcome(app) == ("AttackDialog", "pool", "dex+3")
    finally:
        app.persistence.shutdown()


async def test_a_paste_right_after_a_dialog_key_lands_in_its_field(
    fresh_app: Factory,
) -> None:
    app = fresh_app("ih")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert is_scene_screen(screen)
            app.post_message(events.Key("colon", ":"))
            app.post_message(events.Paste('note Ann "pasted in"'))
            app.post_message(events.Key("enter", "\r"))
            await quiet(pilot)
            assert screen.history.scene.journal[-1].text == 'note Ann "pasted in"'
            app.post_message(events.Key("a", "a"))
            app.post_message(events.Paste("Zombie nurse"))
            await quiet(pilot)
            assert outcome(app) == ("CombatantDialog", "name", "Zombie nurse")
    finally:
        app.persistence.shutdown()
