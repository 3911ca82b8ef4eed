"""The cast carries from scene to scene (issue 25): an Infinite Horror character's condition,
the once-per-scene and once-per-movie uses (RULES.md §1.7, §3.1), and a M.I.S.T. scene's PCs,
season, mission and case file (§4.6). The engine's side: what a scene leaves and what the next
starts from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import commands
from engine.errors import RuleError
from engine.ih import cast
from engine.ih.encounter import Encounter, find
from engine.ih.sheet import Condition
from engine.mist import carry
from engine.mist.state import MistState
from engine.session import Scene, execute_text, new_scene

ANN = "sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2"


def run(scene: Scene, *lines: str) -> Scene:
    for line in lines:
        scene, _ = execute_text(scene, line)
    return scene


def ih_state(scene: Scene) -> Encounter:
    assert isinstance(scene.state, Encounter)
    return scene.state


def next_scene_from(previous: Scene, name: str = "Next") -> Scene:
    """A new scene starting from what ``previous`` left (as the campaign does)."""
    fresh = new_scene(name, "ih-d10", seed=5)
    start = replace(ih_state(fresh), sheets=cast.next_scene(cast.cast_now(ih_state(previous))))
    return replace(fresh, initial=start, state=start)


def fight() -> Scene:
    return run(
        new_scene("Fight", "ih-d10", seed=3),
        ANN,
        "add Ann from=Ann init=10",
        "add Ghoul init=5",
        "begin",
        "damage Ann 4",
        "willpower Ann -2",
    )


def test_a_pc_starts_the_next_scene_as_the_last_one_left_her() -> None:
    scene = fight()
    ann = find(ih_state(scene), "Ann")
    assert (ann.health, ann.willpower) == (3, 3)
    (sheet,) = cast.cast_now(ih_state(scene))
    assert sheet.condition == Condition(health=3, willpower=3)
    after = run(next_scene_from(scene), "add Ann from=Ann init=3")
    again = find(ih_state(after), "Ann")
    assert (again.health, again.health_max, again.willpower) == (3, 7, 3)


def test_the_sheets_json_gains_the_condition_now() -> None:
    view = commands.to_json(fight().state, "ih-d10")
    (sheet,) = view["sheets"]
    assert sheet["condition"] == {
        "health": 3,
        "willpower": 3,
        "temporary_health": 0,
        "unconscious": False,
        "uses": {"impulse": False, "trait": False, "conscious": False},
        "notes": [],
    }
    assert sheet["recurring"] is False and sheet["carries"] is True


def test_the_impulse_is_once_a_movie_across_scenes_and_end_movie_gives_it_back() -> None:
    scene = run(fight(), "willpower Ann impulse")
    assert find(ih_state(scene), "Ann").impulse_used_movie
    after = run(next_scene_from(scene), "add Ann from=Ann init=3")
    with pytest.raises(RuleError, match="impulse"):
        run(after, "willpower Ann impulse")
    ended = run(after, "end movie")
    assert not find(ih_state(ended), "Ann").impulse_used_movie
    run(ended, "willpower Ann impulse")


def test_end_movie_gives_back_the_impulse_of_a_character_out_of_the_fight() -> None:
    scene = run(fight(), "willpower Ann impulse")
    after = next_scene_from(scene)  # Ann not added: her condition is her sheet's
    assert cast.current(ih_state(after), ih_state(after).sheets[0]).impulse_used_movie
    ended = run(after, "end movie")
    assert not cast.current(ih_state(ended), ih_state(ended).sheets[0]).impulse_used_movie
    assert cast.current(ih_state(ended), ih_state(ended).sheets[0]).health == 3


def test_once_per_scene_uses_come_back_in_a_new_scene() -> None:
    scene = run(fight(), "willpower Ann trait")
    assert find(ih_state(scene), "Ann").trait_used_scene
    assert cast.cast_now(ih_state(scene))[0].condition.trait_used_scene  # type: ignore[union-attr]
    after = run(next_scene_from(scene), "add Ann from=Ann init=3")
    assert not find(ih_state(after), "Ann").trait_used_scene
    run(after, "willpower Ann trait")


def test_an_unconscious_character_at_0_health_stays_down_one_above_wakes() -> None:
    down = run(fight(), "damage Ann 3")
    ann = find(ih_state(down), "Ann")
    assert ann.health == 0 and ann.unconscious
    after = run(next_scene_from(down), "add Ann from=Ann init=3")
    assert find(ih_state(after), "Ann").unconscious
    healed = run(down, "heal Ann 1")
    woken = run(next_scene_from(healed), "add Ann from=Ann init=3")
    assert not find(ih_state(woken), "Ann").unconscious


def test_an_npc_carries_only_when_recurring_and_a_group_never() -> None:
    scene = run(
        new_scene("Fight", "ih-d10", seed=3),
        "sheet Ghoul npc stamina=2",
        "sheet Boss npc recurring stamina=2",
        "add Ghoul from=Ghoul init=4",
        "add Boss from=Boss init=6",
        "add Minion from=Boss count=2 init=2",
        "damage Ghoul 2",
        "damage Boss 2",
        'damage "Minion 1" 3',
    )
    sheets = {s.name: s for s in cast.cast_now(ih_state(scene))}
    assert sheets["Ghoul"].condition is None
    assert sheets["Boss"].recurring and sheets["Boss"].condition is not None
    assert sheets["Boss"].condition.health == find(ih_state(scene), "Boss").health
    after = run(
        next_scene_from(scene),
        "add Ghoul from=Ghoul init=4",
        "add Boss from=Boss init=6",
        "add Minion from=Boss count=1 init=2",
    )
    state = ih_state(after)
    assert find(state, "Ghoul").health == find(state, "Ghoul").health_max
    assert find(state, "Boss").health == find(ih_state(scene), "Boss").health
    assert find(state, "Minion 1").health == find(state, "Minion 1").health_max


def test_recurring_reads_back_and_a_later_sheet_command_keeps_it() -> None:
    command = commands.parse("sheet Boss npc recurring strength=3", "ih-d10")
    assert command is not None
    assert commands.parse(commands.format_command(command), "ih-d10") == command
    scene = run(new_scene("S", "ih-d10", seed=1), "sheet Boss recurring", "sheet Boss strength=2")
    assert ih_state(scene).sheets[0].recurring


def test_a_character_who_leaves_the_fight_keeps_her_condition() -> None:
    scene = run(fight(), "remove Ann")
    assert cast.current(ih_state(scene), ih_state(scene).sheets[0]).health == 3
    back = run(scene, "add Ann from=Ann init=2")
    assert find(ih_state(back), "Ann").health == 3


def test_willpower_spent_on_checks_out_of_the_fight_carries() -> None:
    scene = run(new_scene("Talk", "ih-d10", seed=3), ANN, "check Ann wits+insight --willpower")
    (sheet,) = cast.cast_now(ih_state(scene))
    assert sheet.condition is not None and sheet.condition.willpower == 4
    after = run(next_scene_from(scene), "check Ann wits+insight --willpower")
    assert cast.current(ih_state(after), ih_state(after).sheets[0]).willpower == 3
    joined = run(after, "add Ann from=Ann init=3")
    assert find(ih_state(joined), "Ann").willpower == 3


def mist_alley() -> Scene:
    return run(
        new_scene("Alley", "mist", seed=4),
        'season "Autumn"',
        'mission "Harbour" anomaly="fog"',
        "pc Mei",
        'theme Mei self "Detective" power="sharp eyes,notebook" weakness="stubborn"',
        "status Mei hurt 2",
        'tag Mei "soaked"',
        "challenge Thug limits=harm:3",
        'clue "footprints"',
        'conclusion "The fog walks" supports=c1',
    )


def test_a_mist_scene_carries_pcs_season_mission_and_case_file_not_its_own_things() -> None:
    alley = mist_alley()
    assert isinstance(alley.state, MistState)
    start = carry.named(carry.carried(alley.state, scene_ended=False), "Office")
    (mei,) = start.characters
    assert [t.name for t in mei.themes] == ["Detective"]
    assert [(s.name, s.tier) for s in mei.statuses] == [("hurt", 2)]
    assert mei.story_tags == ()
    assert start.challenges == () and start.threats == ()
    assert (start.mission.season, start.mission.name) == ("Autumn", "Harbour")
    assert [k.id for k in start.case_file.conclusions] == ["k1"]
    assert (start.scene.name, start.scene.number) == ("Office", 2)
    office = new_scene("Office", "mist", seed=5)
    office = run(replace(office, initial=start, state=start), "deduce k1")
    assert isinstance(office.state, MistState)
    assert office.state.case_file.conclusions[0].result is not None


def test_story_tags_kept_by_scene_end_carry() -> None:
    alley = run(mist_alley(), 'scene end keep="soaked"')
    assert isinstance(alley.state, MistState)
    start = carry.carried(alley.state, scene_ended=True)
    assert [t.name for t in start.characters[0].story_tags] == ["soaked"]
    assert start.scene.number == alley.state.scene.number


def test_an_ended_mission_leaves_an_empty_case_file_and_the_season() -> None:
    ended = run(mist_alley(), "mission end")
    assert isinstance(ended.state, MistState)
    start = carry.carried(ended.state, scene_ended=False)
    assert start.case_file.conclusions == () and start.case_file.clues == ()
    assert start.mission.ended and start.mission.season == "Autumn"
    office = new_scene("Office", "mist", seed=5)
    office = run(replace(office, initial=start, state=start), 'mission "Lighthouse"')
    assert isinstance(office.state, MistState)
    assert (office.state.mission.name, office.state.mission.number) == ("Lighthouse", 2)
    assert office.state.mission.season == "Autumn"


@pytest.mark.parametrize(
    "condition",
    [
        Condition(health=-1, willpower=2),
        Condition(health=3, willpower=10**6),
        Condition(health=3, willpower=2, temporary_boxes=(("luck", 2),)),
        Condition(health=3, willpower=2, temporary_boxes=(("size", 1), ("size", 1))),
        Condition(health=3, willpower=2, notes=("x" * 5000,)),
    ],
)
def test_a_condition_no_command_could_make_is_refused(condition: Condition) -> None:
    from engine.ih.sheet import Sheet
    from engine.ih.sheet_rules import check_sheet

    check_sheet(Sheet("Ann", pc=True, condition=Condition(health=3, willpower=2)))
    with pytest.raises(RuleError):
        check_sheet(Sheet("Ann", pc=True, condition=condition))


def test_between_scenes_an_unknown_name_is_looked_for_in_the_cast_not_a_fight() -> None:
    from engine.between import ih_applied

    scene = new_scene("Fight", "ih-d10", seed=1)
    scene, _ = execute_text(scene, "sheet Ann pc stamina=2 composure=2 resolve=2")
    assert isinstance(scene.state, Encounter)
    with pytest.raises(RuleError) as refused:
        ih_applied(scene.state.sheets, 1, "heal Nobody 1", seed=1)
    assert refused.value.code == "between.not-in-cast"
    assert dict(refused.value.params)["name"] == "Nobody"
    assert "Ann" in str(dict(refused.value.params)["known"])
