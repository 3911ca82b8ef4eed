"""Challenge profiles (issue 29 §1): written, saved from the table, used in any scene."""

from __future__ import annotations

import pytest
from mist_support import run

from engine.errors import RuleError
from engine.language import tokenize
from engine.mist import carry, family, profiles
from engine.mist import commands as c
from engine.mist.state import Limit, Profile, Status

HOUND = (
    'profile Hound limits=harmed:4,convinced:immune tags="sharp teeth,pack hunter" '
    'statuses="wary-1" threat="The hound lunges: [bitten-3]" threat="It howls: [panicked-2]" '
    'consequence="It drags you down: [prone-2]" note="hates fire"'
)


def test_a_profile_written_out() -> None:
    line = tokenize(HOUND)
    assert line is not None
    assert family.parse(line) == c.SaveProfile(
        Profile(
            "Hound",
            (Limit("harmed", 4), Limit("convinced", None)),
            ("sharp teeth", "pack hunter"),
            (Status("wary", (1,)),),
            ("The hound lunges: [bitten-3]", "It howls: [panicked-2]"),
            ("It drags you down: [prone-2]",),
            ("hates fire",),
        )
    )


def test_a_challenge_from_a_profile_has_all_of_it() -> None:
    state, _ = run([HOUND, 'threat "The lights flicker"', 'challenge "Hound 2" from=hound hidden'])
    hound = state.challenges[0]
    assert hound.name == "Hound 2" and hound.hidden
    assert hound.limits == (Limit("harmed", 4), Limit("convinced", None))
    assert [t.name for t in hound.story_tags] == ["sharp teeth", "pack hunter"]
    assert hound.statuses == (Status("wary", (1,)),) and hound.notes == ("hates fire",)
    assert [(t.id, t.text, t.challenge) for t in state.threats] == [
        ("t1", "The lights flicker", None),
        ("t2", "The hound lunges: [bitten-3]", "Hound 2"),
        ("t3", "It howls: [panicked-2]", "Hound 2"),
    ]
    state, _ = run(["threat drop t2", 'threat "Another"'], state)
    assert [t.id for t in state.threats] == ["t1", "t3", "t4"]


def test_a_pack() -> None:
    state, _ = run([HOUND, "challenge Pack from=Hound count=3"])
    assert [x.name for x in state.challenges] == ["Pack 1", "Pack 2", "Pack 3"]
    assert len(state.threats) == 2


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("challenge X from=Wolf", "mist.profiles.no-profile"),
        ("challenge X from=Hound count=40", "mist.profiles.pack-size"),
        ('profile Y statuses="bitten"', "mist.language.profile-status"),
        ("threat drop t9", "mist.scene-loop.threat"),
        ("profile drop Wolf", "mist.profiles.no-profile"),
    ],
)
def test_refusals(line: str, code: str) -> None:
    state, _ = run([HOUND])
    with pytest.raises(RuleError) as error:
        run([line], state)
    assert error.value.code == code


def test_saved_from_the_table_and_replaced() -> None:
    state, _ = run(
        [
            "challenge Ghoul limits=harmed:3",
            'tag Ghoul "rotten claws"',
            'threat "It claws: [hurt-2]" challenge=Ghoul',
            "challenge save Ghoul",
        ]
    )
    assert state.profiles == (
        Profile("Ghoul", (Limit("harmed", 3),), ("rotten claws",), (), ("It claws: [hurt-2]",)),
    )
    state, events = run(["limit Ghoul harmed 5", "challenge save Ghoul"], state)
    assert state.profiles[0].limits == (Limit("harmed", 5),)
    assert getattr(events[-1], "replaced", False) is True
    state, _ = run(["profile drop ghoul"], state)
    assert state.profiles == ()


def test_profiles_carry_to_the_next_scene() -> None:
    state, _ = run([HOUND, "challenge Rex from=Hound"])
    nxt = carry.carried(state, scene_ended=False)
    assert [p.name for p in nxt.profiles] == ["Hound"] and not nxt.challenges


def test_the_moves_of_the_profiles_on_the_table() -> None:
    state, _ = run([HOUND, "challenge Pack from=Hound count=2", "challenge Lone limits=harmed:2"])
    assert profiles.moves(state) == (("Pack 1", "It drags you down: [prone-2]"),)
    assert state.challenges[0].profile == "Hound" and state.challenges[2].profile is None
