"""A prepared M.I.S.T. mission typed at the console (issue 29): a profile, a pack made from it
(``count=2``) with its threats t1 and t2, a threat delivered through its markup (a status
pending and a story tag on the scene), undo taking it all back, and the profile's tags going
with their challenge when it is overcome (§4 scopes), worded in the log."""

from __future__ import annotations

import pytest
from console_support import SIZE, SMALL, AppFactory, screen_lines, settle, state_of, until
from textual.pilot import Pilot
from textual.widgets import Input

from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen
from console.widgets.dice_log import DiceLog
from engine.mist.state import MistState, TagScope

HOUND = (
    'profile Hound limits=harmed:2 tags="sharp teeth" '
    'threat="It lunges: [bitten-3] in the [thick fog]" threat="It howls: [panicked-2]"'
)
PREPARED = f"""pc Mei
theme Mei self "Night-shift Nurse" power="steady hands,first aid" weakness="exhausted"
{HOUND}
"""


async def typed(pilot: Pilot[None], text: str, done: object) -> None:
    """Type a command line and wait until ``done(state)`` holds."""
    await pilot.press("colon")
    await pilot.pause()
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.press("enter")
    assert callable(done)
    assert await until(pilot, lambda: bool(done(state_of(pilot)))), text


async def ran(pilot: Pilot[None], text: str, done: object) -> None:
    """Run a command line through the screen's one path into the engine (what Enter on the
    command line hands it, without typing it key by key) and wait until ``done(state)``."""
    screen = pilot.app.screen
    assert isinstance(screen, MistScreen)
    assert screen.run_command(text), text
    assert callable(done)
    assert await until(pilot, lambda: bool(done(state_of(pilot)))), text


def mei_status(state: MistState) -> list[tuple[str, int]]:
    return [(s.name, s.tier) for s in state.characters[0].statuses]


@pytest.mark.parametrize(
    ("lang", "size", "goes", "given"),
    [
        ("en", SIZE, "goes with Pack 1", "given by Pack 1"),
        ("zh", SMALL, "随 Pack 1 消失", "（来自 Pack 1）"),
        ("zh-Hant", SIZE, "隨 Pack 1 消失", "（來自 Pack 1）"),
    ],
)
async def test_a_prepared_pack_its_threat_lands_and_undo_takes_it_back(
    make_app: AppFactory, lang: str, size: tuple[int, int], goes: str, given: str
) -> None:
    app = make_app(script=PREPARED, system="mist", lang=lang)
    async with app.run_test(size=size) as pilot:
        assert isinstance(app.screen, MistScreen)
        # The pack and its threat are typed key by key once (English); the other languages,
        # whose point is the log's words, run the same lines through the screen.
        enter = typed if lang == "en" else ran
        await enter(pilot, "challenge Pack from=Hound count=2", lambda s: len(s.challenges) == 2)
        state = state_of(pilot)
        assert [c.name for c in state.challenges] == ["Pack 1", "Pack 2"]
        first = state.challenges[0]
        assert [(t.name, t.scope, t.until) for t in first.story_tags] == [
            ("sharp teeth", TagScope.CHALLENGE, "Pack 1")
        ]
        assert [(t.id, t.challenge) for t in state.threats] == [("t1", "Pack 1"), ("t2", "Pack 1")]

        await ran(pilot, "phase action", lambda s: s.phase.value == "action")
        await ran(pilot, "phase consequence", lambda s: s.phase.value == "consequence")
        await enter(pilot, "consequence Mei for=t1", lambda s: bool(s.consequences))
        state = state_of(pilot)
        assert [(x.id, x.target, x.status, x.tier, x.delivered) for x in state.consequences] == [
            ("x1", "Mei", "bitten", 3, False)
        ]
        assert [t.name for t in state.scene.story_tags] == ["thick fog"]

        await pilot.press("ctrl+z")  # one command: undo takes the status and the tag back
        assert await until(pilot, lambda: not state_of(pilot).consequences)
        assert state_of(pilot).scene.story_tags == ()
        assert [t.id for t in state_of(pilot).threats] == ["t1", "t2"]  # the pack stays

        await ran(pilot, "consequence Mei for=t1", lambda s: bool(s.consequences))
        await ran(pilot, "deliver", lambda s: bool(mei_status(s)))
        assert mei_status(state_of(pilot)) == [("bitten", 3)]

        await ran(pilot, 'status "Pack 1" harmed 2', lambda s: s.challenges[0].overcome)
        state = state_of(pilot)
        assert state.challenges[0].story_tags == ()  # gone with its challenge
        assert [t.name for t in state.challenges[1].story_tags] == ["sharp teeth"]
        assert all(t.resolved for t in state.threats)
        await settle(pilot)
        logged = [line.plain for line in app.screen.query_one("#mist-log", DiceLog)._lines]
        assert any(goes in line for line in logged)  # the log words it under its command
        assert any(given in line for line in logged)
        if size == SIZE:
            assert goes in "\n".join(screen_lines(app))


@pytest.mark.parametrize(("lang", "scope"), [("en", "challenge:Fog"), ("zh-Hant", "挑戰:Fog")])
async def test_the_tag_and_status_forms_take_a_scope_and_a_giver(
    make_app: AppFactory, lang: str, scope: str
) -> None:
    """``g`` (a story tag) has a Lasts for field; ``s`` (a status) a Given by field."""
    script = "pc Mei\nchallenge Fog limits=cleared:3\nchallenge Hound limits=harmed:3\n"
    app = make_app(script=script, system="mist", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("g")
        assert await until(pilot, lambda: isinstance(app.screen, FormDialog))
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-tag", Input).value = "thick fog"
        form.query_one("#field-scope", Input).value = scope
        await pilot.press("enter")
        assert await until(pilot, lambda: bool(state_of(pilot).scene.story_tags))
        tag = state_of(pilot).scene.story_tags[0]
        assert (tag.name, tag.scope, tag.until) == ("thick fog", TagScope.CHALLENGE, "Fog")

        await pilot.press("s")
        assert await until(pilot, lambda: isinstance(app.screen, FormDialog))
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-target", Input).value = "Mei"
        form.query_one("#field-status", Input).value = "scared"
        form.query_one("#field-tier", Input).value = "2"
        form.query_one("#field-by", Input).value = "Hound"
        await pilot.press("enter")
        assert await until(pilot, lambda: bool(state_of(pilot).characters[0].statuses))
        assert app.screen.history.scene.journal[-1].text == "status Mei scared 2 by=Hound"
