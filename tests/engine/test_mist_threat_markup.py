"""A threat delivered as a consequence through its markup (issue 29 §2)."""

from __future__ import annotations

import pytest
from mist_support import Dice, run

from engine import session
from engine.errors import RuleError
from engine.mist.state import MistState, TagKind

START = [
    "pc Mei",
    'theme Mei self "Cop" power="badge,gun" weakness="tired"',
    'threat "The hound lunges: [bitten-3] in the [thick fog], [/w afraid of light]"',
    'threat "It howls"',
    "phase consequence",
]


def status_of(state: MistState, who: str, name: str) -> int:
    person = next(c for c in state.characters if c.name == who)
    return next((s.tier for s in person.statuses if s.name == name), 0)


def test_the_markup_becomes_the_consequence() -> None:
    state, _ = run(START + ["consequence Mei for=t1"])
    pending = [x for x in state.consequences if not x.delivered]
    assert [(x.id, x.target, x.status, x.tier, x.source) for x in pending] == [
        ("x1", "Mei", "bitten", 3, "t1")
    ]
    assert [t.name for t in state.scene.story_tags] == ["thick fog"]
    mei = state.characters[0]
    assert [(t.name, t.kind) for t in mei.story_tags] == [("afraid of light", TagKind.WEAKNESS)]
    state, _ = run(["deliver"], state)
    assert status_of(state, "Mei", "bitten") == 3


def test_the_status_can_be_mitigated_as_today() -> None:
    state, _ = run(START + ["consequence mei for=t1"])
    state, _ = run(["mitigate x1 tags=badge,gun,Cop"], state, Dice(8, 4, 4, 4))
    assert status_of(state, "Mei", "bitten") < 3


def test_a_threat_without_markup_is_refused_with_what_to_write() -> None:
    state, _ = run(START)
    with pytest.raises(RuleError) as error:
        run(["consequence Mei for=t2"], state)
    assert error.value.code == "mist.scene-loop.threat-has-no-markup"
    assert "consequence Mei STATUS TIER for=t2" in str(error.value)


def test_words_for_a_threat_stay_words() -> None:
    state, _ = run(START + ['consequence "The hound runs off" for=t1'])
    assert state.consequences[-1].text == "The hound runs off"
    assert state.consequences[-1].delivered and not state.scene.story_tags


def test_undo_takes_it_all_back() -> None:
    scene = session.new_scene("Dock", "mist", seed=3)
    for text in START:
        scene, _ = session.execute_text(scene, text)
    before = scene.state
    scene, _ = session.execute_text(scene, "consequence Mei for=t1")
    assert scene.state != before
    scene = session.undo(scene)
    assert scene.state == before


def test_chinese_markup_lands() -> None:
    lines = ["pc 梅", 'threat "它扑上来：【受伤-2】"', "phase consequence", "consequence 梅 for=t1"]
    state, _ = run(lines)
    assert [(x.target, x.status, x.tier) for x in state.consequences] == [("梅", "受伤", 2)]


def test_the_mc_edits_the_markup_before_it_lands() -> None:
    state, _ = run(START + ['consequence Mei text="It bites: [bitten-2] [mud]" for=t1'])
    assert [(x.status, x.tier, x.text) for x in state.consequences] == [
        ("bitten", 2, "It bites: [bitten-2] [mud]")
    ]
    assert [t.name for t in state.scene.story_tags] == ["mud"]


def test_only_tags_deliver_at_once() -> None:
    state, _ = run(["pc Mei", 'threat "[thick fog]"', "phase consequence"])
    state, _ = run(["consequence Mei for=t1"], state)
    assert state.consequences[0].delivered and [t.name for t in state.scene.story_tags] == [
        "thick fog"
    ]
    run(["phase next"], state)  # nothing left pending
