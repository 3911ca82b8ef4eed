"""Story tags with a scope, and a status that says who gave it (issue 29 §4; RULES.md §4.1:
story tags vanish "when the scene or situation changes")."""

from __future__ import annotations

import pytest
from mist_support import Dice, run

from engine.errors import RuleError
from engine.mist import carry, json_view
from engine.mist.events import SceneEnded, StatusTaken, StoryTagAdded, StoryTagRemoved
from engine.mist.state import MistState, Tag, TagScope

TABLE = [
    "pc Mei",
    'theme Mei self "Cop" power="badge,gun" weakness="tired"',
    "challenge Hound limits=harmed:2",
    "challenge Fog limits=cleared:3",
]


def tags_of(state: MistState, owner: str) -> list[tuple[str, TagScope, str | None]]:
    if owner == "scene":
        found: tuple[Tag, ...] = state.scene.story_tags
    else:
        holders = [*state.characters, *state.challenges]
        found = next(x for x in holders if x.name == owner).story_tags
    return [(t.name, t.scope, t.until) for t in found]


def test_a_tag_is_the_scene_s_by_default_and_goes_at_scene_end() -> None:
    state, events = run([*TABLE, 'tag "loose gravel"', 'tag scene "dim light"'])
    assert tags_of(state, "scene") == [
        ("loose gravel", TagScope.SCENE, None),
        ("dim light", TagScope.SCENE, None),
    ]
    assert StoryTagAdded("scene", "loose gravel") in events
    state, _ = run(['scene end keep="dim light"'], state)
    assert tags_of(state, "scene") == [("dim light", TagScope.SCENE, None)]


def test_a_challenge_scoped_tag_lasts_while_its_challenge_does() -> None:
    state, events = run([*TABLE, 'tag "thick fog" scope=challenge:Fog', 'tag Hound "cornered"'])
    assert tags_of(state, "scene") == [("thick fog", TagScope.CHALLENGE, "Fog")]
    assert StoryTagAdded("scene", "thick fog", TagScope.CHALLENGE, "Fog") in events
    state, events = run(["scene end"], state)  # the Fog is still on the table: its tag stays
    ended = next(e for e in events if isinstance(e, SceneEnded))
    assert ended.removed_tags == ("cornered",)
    assert tags_of(state, "scene") == [("thick fog", TagScope.CHALLENGE, "Fog")]
    assert tags_of(state, "Hound") == []  # a scene tag on a challenge goes as before
    state, events = run(["status Fog cleared 3"], state)
    assert tags_of(state, "scene") == []
    assert StoryTagRemoved("scene", "thick fog", "Fog") in events


def test_a_tag_on_a_challenge_scoped_to_it_needs_no_name() -> None:
    state, _ = run(
        [*TABLE, 'tag Hound "bloodied" scope=challenge', 'tag Mei "marked" scope=挑战:hound']
    )
    assert tags_of(state, "Hound") == [("bloodied", TagScope.CHALLENGE, "Hound")]
    assert tags_of(state, "Mei") == [("marked", TagScope.CHALLENGE, "Hound")]
    state, _ = run(["status Hound harmed 2"], state)
    assert tags_of(state, "Hound") == [] and tags_of(state, "Mei") == []


def test_a_character_scoped_tag_stays_from_scene_to_scene() -> None:
    state, _ = run([*TABLE, 'tag Mei "broken arm" scope=character', 'tag Mei "out of breath"'])
    state, _ = run(["scene end"], state)
    assert tags_of(state, "Mei") == [("broken arm", TagScope.CHARACTER, None)]
    state, _ = run([*TABLE[:1], 'tag Mei "broken arm" scope=角色', 'tag Mei "winded"'])
    nxt = carry.carried(state, scene_ended=False)  # a new scene of the campaign
    assert tags_of(nxt, "Mei") == [("broken arm", TagScope.CHARACTER, None)]


def test_challenge_scoped_tags_stay_behind_with_their_challenge() -> None:
    state, _ = run(
        [*TABLE, 'tag Mei "soaked" scope=challenge:Fog', 'tag "mist" scope=challenge:Fog']
    )
    state, _ = run(["scene end"], state)
    nxt = carry.carried(state, scene_ended=True)
    assert tags_of(nxt, "Mei") == [] and tags_of(nxt, "scene") == []


def test_a_profile_s_tags_are_its_challenge_s() -> None:
    state, _ = run(
        [
            'profile Hound limits=harmed:3 tags="sharp teeth"',
            'challenge "Hound 1" from=Hound',
            "scene end",
        ]
    )
    assert tags_of(state, "Hound 1") == [("sharp teeth", TagScope.CHALLENGE, "Hound 1")]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('tag "x" scope=character', "mist.tags.scope-character-on-character"),
        ('tag Hound "x" scope=character', "mist.tags.scope-character-on-character"),
        ('tag "x" scope=challenge', "mist.tags.scope-challenge-names-one"),
        ('tag "x" scope=challenge:Mei', "mist.tags.scope-challenge-names-one"),
        ('tag "x" scope=challenge:Nobody', "mist.roster.character-challenge-named-known"),
        ('tag "x" scope=forever', "mist.language.refused"),
        ('tag "x" scope=character:Mei', "mist.language.use"),
    ],
)
def test_a_scope_that_cannot_hold_is_refused(line: str, code: str) -> None:
    state, _ = run(TABLE)
    with pytest.raises(RuleError) as error:
        run([line], state)
    assert error.value.code == code


def test_a_tag_cannot_last_as_long_as_an_overcome_challenge() -> None:
    state, _ = run([*TABLE, "status Hound harmed 2"])
    with pytest.raises(RuleError) as error:
        run(['tag "x" scope=challenge:Hound'], state)
    assert error.value.code == "mist.tags.scope-challenge-gone"


def given(events: list[object]) -> list[tuple[str, str, str | None]]:
    return [(e.target, e.name, e.given_by) for e in events if isinstance(e, StatusTaken)]


def test_a_status_says_who_gave_it() -> None:
    _, events = run([*TABLE, "status Mei scared 2 by=Hound", "status Mei cold 1 by=  "])
    assert given(events) == [("Mei", "scared", "Hound"), ("Mei", "cold", None)]


def test_an_effect_s_status_is_given_by_the_actor() -> None:
    state, _ = run([*TABLE, "phase action"])
    state, _ = run(["action Mei tags=badge,gun"], state, Dice(8, 4, 4))
    _, events = run(["effect status Hound harmed 1"], state)
    assert given(events) == [("Hound", "harmed", "Mei")]


def test_a_threat_s_status_is_given_by_its_challenge() -> None:
    lines = [*TABLE, 'threat "It bites: [bitten-2]" challenge=Hound', "phase consequence"]
    state, _ = run([*lines, "consequence Mei for=t1"])
    _, events = run(["deliver"], state)
    assert given(events) == [("Mei", "bitten", "Hound")]
    _, events = run(["mitigate x1 tags=badge"], state, Dice(6, 1))
    assert given(events) == [("Mei", "bitten", "Hound")]


def test_the_json_says_how_long_each_story_tag_lasts() -> None:
    state, _ = run([*TABLE, 'tag "thick fog" scope=challenge:Fog', 'tag Mei "arm" scope=character'])
    data = json_view.to_json(state)
    assert data["scene"]["story_tags"] == [
        {
            "name": "thick fog",
            "burned": False,
            "weakness": False,
            "scope": "challenge",
            "until": "Fog",
        }
    ]
    mei = data["characters"][0]
    assert mei["story_tags"] == [
        {"name": "arm", "burned": False, "weakness": False, "scope": "character", "until": None}
    ]
