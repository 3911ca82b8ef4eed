"""Sheets, groups from a sheet, checks and extended actions through the command language.

RULES.md §2, §1.7, §1.8, §3.10; INTERFACE.md "Characters, checks and attacks".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from engine import commands
from engine.errors import RuleError
from engine.ih.checks import sheet_of
from engine.ih.encounter import Encounter, find
from engine.ih.events import WillpowerChanged
from engine.ih.sheet_events import CheckMade, ExtendedRolled
from engine.session import Scene, execute_text, new_scene, undo


class Faces(random.Random):
    """A generator whose dice come out as scripted (``randint`` returns the next face)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


SETUP = [
    "sheet Ann pc dexterity=3 firearms=2 wits=2 composure=3 resolve=2 insight=1",
    'specialty Ann firearms "pistols" 1',
    "sheet Ghoul npc strength=3 dexterity=2 stamina=3 martial=2 wits=1 composure=1",
]


def scene_with(*lines: str, system: str = "ih-d10") -> Scene:
    scene = new_scene("T", system, seed=7)
    for line in (*SETUP, *lines):
        scene, _ = execute_text(scene, line)
    return scene


def apply(state: Encounter, line: str, faces: Iterable[int]) -> tuple[Encounter, tuple[Any, ...]]:
    command = commands.parse(line, state.system)
    result: tuple[Encounter, tuple[Any, ...]] = commands.apply(
        state, state.system, command, Faces(faces)
    )
    return result


def refused(scene: Scene, line: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        execute_text(scene, line)
    return caught.value


# -- sheets -------------------------------------------------------------------------------------


def test_sheet_creates_then_updates_and_json_shows_it() -> None:
    scene = scene_with("sheet Ann dexterity=4 skill-bonus.firearms=1 gender=f")
    view = commands.to_json(scene.state, scene.system)
    ann = view["sheets"][0]
    assert ann["side"] == "pc"
    assert ann["attributes"]["dexterity"] == 4
    assert ann["attributes"]["strength"] == 1  # attributes start at 1
    assert ann["skill_bonus"] == {"firearms": 1}
    assert ann["concept"]["gender"] == "f"
    assert ann["derived"]["initiative"] == 4 + 3
    assert ann["derived"]["willpower"] == 2 + 3
    assert ann["creation_problems"]  # a partial sheet shows what is left, is not refused


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("sheet Ann dexterty=3", "ih.sheet.unknown-trait"),
        ("sheet Ann dexterity=-1", "ih.sheet.out-of-range"),
        ("sheet Ann dexterity=1000", "ih.sheet.out-of-range"),
        ("sheet Ann firearms=11", "ih.sheet.out-of-range"),
        ("sheet Ann firearms=0", "ih.sheet.specialty-above-skill"),
        ('specialty Ann firearms "rifles" 3', "ih.sheet.specialty-above-skill"),
        ('specialty Ann shooting "rifles" 1', "ih.sheet.unknown-skill"),
        ('feat Zed "Tough" 1', "ih.sheet.unknown"),
        ("add G from=Ghoul count=0", "ih.sheet.out-of-range"),
        ("add G from=Ghoul count=1000", "ih.sheet.out-of-range"),
        ("add G from=Nobody", "ih.sheet.unknown"),
        ("check Ann dexterity+firarms", "ih.check.unknown-trait"),
        ("check Ann dexterity+pistols", "ih.check.specialty-without-skill"),
        ("check Ann dexterity+firearms --dc 2 vs=Ghoul:wits", "ih.check.dc-and-vs"),
        ('extended Ann "Lock" dexterity+crafts dc=5 interval=week', "ih.extended.bad-interval"),
        ("extended roll x9", "ih.extended.unknown"),
    ],
)
def test_bad_input_is_a_coded_refusal_and_the_scene_is_unchanged(line: str, code: str) -> None:
    scene = scene_with()
    assert refused(scene, line).code == code
    assert scene == scene_with()


def test_specialty_feat_language_set_and_taken_off() -> None:
    scene = scene_with(
        'feat Ann "Quick Draw" 2',
        'language Ann "Mandarin" 3 native',
        'language Ann "English" 1',
        'specialty Ann firearms "pistols" 0',
    )
    ann = commands.to_json(scene.state, scene.system)["sheets"][0]
    assert ann["specialties"] == []
    assert ann["feats"] == [{"name": "Quick Draw", "level": 2}]
    assert {x["name"]: x["native"] for x in ann["languages"]} == {
        "Mandarin": True,
        "English": False,
    }


def test_sheet_commands_are_undone_like_any_other() -> None:
    scene = scene_with("sheet Ann dexterity=5")
    scene = undo(scene)
    assert scene.state == scene_with().state


# -- add from a sheet -----------------------------------------------------------------------------


def test_group_add_numbers_each_and_rolls_each_initiative() -> None:
    state = scene_with().state
    state, events = apply(state, "add Ghoul from=Ghoul count=3", [4, 9, 1])
    names = [x.name for x in state.order]
    assert names == ["Ghoul 2", "Ghoul 1", "Ghoul 3"]  # 9 + 3, 4 + 3, 1 + 3
    assert [(e.name, e.face, e.modifier, e.initiative) for e in events] == [
        ("Ghoul 1", 4, 3, 7),
        ("Ghoul 2", 9, 3, 12),
        ("Ghoul 3", 1, 3, 4),
    ]
    ghoul = find(state, "Ghoul 1")
    # RULES.md §2.2: health = Stamina 3 + Size 5; willpower = Resolve 1 + Composure 1.
    assert (ghoul.health, ghoul.willpower, ghoul.dexterity, ghoul.composure) == (8, 2, 2, 1)
    assert ghoul.defense == 1  # lower of Dexterity 2 and Wits 1
    assert sheet_of(state, "ghoul 3") is not None
    state, _ = apply(state, "add Ghoul from=Ghoul count=2", [5, 6])
    assert {"Ghoul 4", "Ghoul 5"} <= {x.name for x in state.order}


def test_group_add_is_one_command_one_undo() -> None:
    scene = scene_with("add Ghoul from=Ghoul count=4")
    assert len(scene.state.order) == 4
    assert undo(scene).state.order == ()


def test_add_from_a_pc_sheet_with_a_rolled_result() -> None:
    state, events = apply(scene_with().state, "add Ann from=Ann init=14", [])
    ann = find(state, "Ann")
    assert (ann.initiative, ann.kind.value, ann.sheet) == (14, "pc", "Ann")
    assert events[0].face is None


# -- checks -------------------------------------------------------------------------------------


def test_check_rolls_the_sheets_pool_against_a_dc() -> None:
    state = scene_with().state
    # dexterity 3 + firearms 2 + pistols 1 = 6 dice; 8, 9 and 10 (+ extra 2) succeed.
    state, events = apply(
        state, "check Ann dexterity+firearms+pistols --dc 3", [8, 9, 10, 1, 2, 3, 2]
    )
    (made,) = events
    assert isinstance(made, CheckMade)
    assert made.record.result.dp == 6
    assert made.record.result.final_successes == 3
    assert made.success is True
    assert [p.label for p in made.record.parts] == ["dexterity", "firearms", "pistols"]
    assert state.rolls == (made.record,)
    row = commands.to_json(state, "ih-d10")["rolls"][0]
    assert (row["by"], row["label"], row["dp"], row["success"]) == (
        "Ann",
        "dexterity+firearms+pistols",
        6,
        True,
    )


def test_untrained_mental_skill_fails_without_dice_and_physical_loses_three() -> None:
    state = scene_with().state
    state, events = apply(state, "check Ann wits+academics", [])
    assert events[0].record.result.auto_failure is True
    state, events = apply(state, "check Ann dexterity+athletics", [8, 9, 10, 8])
    result = events[0].record.result
    # 3 dice: 8, 9, 10 → 3 rolled + 1 extra (8) = 4; −3 untrained → 1.
    assert (result.rolled_successes, result.penalty, result.final_successes) == (4, 3, 1)


def test_willpower_spends_one_of_the_roller_once_and_is_refused_at_zero() -> None:
    state = scene_with("add Ann from=Ann init=10").state
    before = find(state, "Ann").willpower
    state, events = apply(state, "check Ann dexterity+firearms --willpower", [1] * 8)
    assert events[-1].record.result.dp == 5 + 3
    assert find(state, "Ann").willpower == before - 1
    # +3 DP already bought for this action: the check uses it, no second spend.
    state, _ = apply(state, "willpower Ann +3dp", [])
    spent = find(state, "Ann").willpower
    state, events = apply(state, "check Ann dexterity+firearms --willpower", [1] * 8)
    assert find(state, "Ann").willpower == spent
    assert events[-1].record.result.dp == 8
    state, _ = apply(state, f"willpower Ann -{spent}", [])
    with pytest.raises(RuleError) as caught:
        apply(state, "check Ann dexterity+firearms --willpower", [1] * 8)
    assert caught.value.code == "ih.willpower.none-left"


def test_a_sheet_not_in_the_fight_spends_its_own_willpower_in_the_scene() -> None:
    """§1.7/§3.10/§3.11: out of the fight `check NAME … --willpower` spends the sheet's
    willpower (Resolve 2 + Composure 3 = 5), refused at 0, undone with the check."""
    scene = scene_with()
    for left in (4, 3, 2, 1, 0):
        scene, events = execute_text(scene, "check Ann dexterity+firearms --willpower")
        spent = [e for e in events if isinstance(e, WillpowerChanged)]
        assert [(e.name, e.change, e.willpower, e.use) for e in spent] == [
            ("Ann", -1, left, "+3dp")
        ]
        assert (events[-1].record.result.dp, events[-1].record.willpower) == (5 + 3, True)
    error = refused(scene, "check Ann dexterity+firearms --willpower")
    assert (error.code, dict(error.params)) == ("ih.willpower.none-left", {"name": "Ann"})
    assert "by=" not in str(error)
    scene = undo(scene)
    scene, events = execute_text(scene, "check Ann dexterity+firearms --willpower")
    assert [e.willpower for e in events if isinstance(e, WillpowerChanged)] == [0]
    # without --willpower nothing is spent
    scene, events = execute_text(scene, "check Ann dexterity+firearms")
    assert not [e for e in events if isinstance(e, WillpowerChanged)]


def test_a_check_takes_the_waiting_plus_3dp_like_attack_and_roll_by() -> None:
    """§1.7/§3.10: `willpower NAME +3dp` bought and waiting goes into NAME's next check."""
    state = scene_with("add Ann from=Ann init=10").state
    state, _ = apply(state, "willpower Ann +3dp", [])
    spent = find(state, "Ann").willpower
    state, events = apply(state, "check Ann dexterity+firearms", [1] * 8)
    assert (events[-1].record.result.dp, events[-1].record.willpower) == (5 + 3, True)
    assert find(state, "Ann").willpower == spent
    # used once: the next check of the same action rolls without it
    state, events = apply(state, "check Ann dexterity+firearms", [1] * 5)
    assert (events[-1].record.result.dp, events[-1].record.willpower) == (5, False)


@pytest.mark.parametrize(("tie_to_defender", "success"), [(False, True), (True, False)])
def test_opposed_check_dc_is_the_opponents_successes_tie_by_i15(
    tie_to_defender: bool, success: bool
) -> None:
    state = scene_with("add Ghoul from=Ghoul count=2").state
    if tie_to_defender:
        state, _ = apply(state, "interpret opposed_tie_goes_to_defender=true", [])
    # Ann: wits 2 + insight 1 = 3 dice → 8, 2, 3 = 1. Ghoul 2: wits 1 + martial 2 → 9, 1, 4 = 1.
    state, events = apply(
        state, 'check Ann wits+insight vs="Ghoul 2:wits+martial"', [8, 2, 3, 9, 1, 4]
    )
    made = events[-1]
    assert made.dc == 1
    assert made.success is success
    assert made.opponent is not None and made.opponent.by == "Ghoul 2"
    assert [r.by for r in state.rolls] == ["Ann", "Ghoul 2"]


# -- extended actions -----------------------------------------------------------------------------


def start(*extra: str) -> Encounter:
    line = 'extended Ann "Pick the lock" dexterity+firearms dc=3 interval=minute ' + " ".join(extra)
    return apply(scene_with().state, line, [])[0]


def test_extended_successes_accumulate_to_the_dc() -> None:
    state = start()
    state, events = apply(state, "extended roll x1", [8, 2, 3, 4, 5])
    assert (events[0].successes, events[0].state) == (1, "going")
    state, events = apply(state, "extended roll x1", [8, 9, 3, 4, 5])
    assert (events[0].successes, events[0].state) == (3, "done")
    with pytest.raises(RuleError) as caught:
        apply(state, "extended roll x1", [1] * 5)
    assert caught.value.code == "ih.extended.over"
    row = commands.to_json(state, "ih-d10")["extended"][0]
    assert (row["id"], row["successes"], row["rolls"], row["state"]) == ("x1", 3, 2, "done")


def test_extended_deadline_fails_it() -> None:
    state = start("deadline=2")
    state, _ = apply(state, "extended roll x1", [2, 2, 2, 2, 2])
    state, events = apply(state, "extended roll x1", [8, 2, 2, 2, 2])
    assert (events[0].state, events[0].failure) == ("failed", "deadline")


def test_mishap_before_success_fails_and_success_wins_over_ones() -> None:
    state = start("mishap")
    state, events = apply(state, "extended roll x1", [1, 1, 2, 2, 2])
    assert events[0].mishap_near is True  # 2 ones of DC 3: the console warns
    state, events = apply(state, "extended roll x1", [1, 2, 2, 2, 2])
    assert (events[0].state, events[0].failure) == ("failed", "mishap")
    # The same 1s on a roll that reaches the DC in successes: it succeeds.
    state = start("mishap")
    state, _ = apply(state, "extended roll x1", [1, 1, 2, 2, 2])
    state, events = apply(state, "extended roll x1", [1, 8, 9, 10, 2, 2])
    assert events[0].state == "done"


def test_successes_lost_and_drop() -> None:
    state = start()
    state, _ = apply(state, "extended roll x1", [8, 9, 2, 2, 2])
    state, events = apply(state, "extended lose x1 1", [])
    assert (events[0].lost, events[0].successes) == (1, 1)
    state, _ = apply(state, "extended drop x1", [])
    assert state.extended[0].state == "dropped"


def test_willpower_never_applies_to_an_extended_action() -> None:
    scene = scene_with('extended Ann "Lock" dexterity+firearms dc=3 interval=minute')
    assert refused(scene, "extended roll x1 --willpower").code == "ih.extended.no-willpower"


def test_extended_roll_is_undone() -> None:
    scene = scene_with('extended Ann "Lock" dexterity+firearms dc=3 interval=minute')
    after, events = execute_text(scene, "extended roll x1")
    assert isinstance(events[0], ExtendedRolled)
    assert undo(after).state == scene.state


def test_session_report_lists_checks_with_their_traits() -> None:
    from console.report import session_report

    scene = scene_with("check Ann dexterity+firearms+pistols --dc 2")
    report = session_report("C", [scene])
    # the check is the dice log's line (console/ih/sheet_text.py): its traits, pool and verdict
    assert "Ann Dexterity + Firearms + pistols · DP 6:" in report
    assert "— failure (-1)" in report  # 1 success against DC 2
    assert "Sheet Ann created: side pc, dexterity 3, firearms 2" in report
    assert "Ann: specialty pistols (Firearms) level 1" in report


@pytest.mark.parametrize(
    ("system", "d6_bonus", "defense_bonus", "sensing"),
    [
        ("ih-d10", True, 1, 20 * 6 + 20),
        ("ih-d10", False, 1, 20 * 6 + 20),  # [I-8] is about ih-d6 only
        ("ih-d6", True, 1, 20 * 6 + 20),  # [I-8] default: the d10 formula
        ("ih-d6", False, 0, 20 * 6),
    ],
)
def test_derived_traits_of_both_variants(
    system: str, d6_bonus: bool, defense_bonus: int, sensing: int
) -> None:
    scene = new_scene("T", system, seed=1)
    lines = [
        f"interpret d6_trait_bonus_successes={str(d6_bonus).lower()}",
        "sheet Eve strength=2 dexterity=7 stamina=3 wits=6 resolve=2 composure=4",
        "sheet Eve athletics=2 survival=1 concentration=3 initiative-bonus=1 size=4",
    ]
    for line in lines:
        scene, _ = execute_text(scene, line)
    derived = commands.to_json(scene.state, system)["sheets"][0]["derived"]
    assert derived == {
        "size": 4,
        "speed": 2 + 7 + 4,  # Strength + Dexterity + Size
        "initiative": 7 + 4 + 1,  # Dexterity + Composure + ability bonus
        "defense": 6,  # the lower of Dexterity 7 and Wits 6
        "defense_bonus": defense_bonus,  # the higher's (Dexterity 7) bonus successes
        "dodge": 0,
        "health": 3 + 4,  # Stamina + Size
        "willpower": 2 + 4,  # Resolve + Composure
        "will_save": 2 + 3,  # Resolve + Concentration
        "reflex_save": 7 + 2,  # Dexterity + Athletics
        "fortitude_save": 3 + 1,  # Stamina + Survival
        "sensing_range_m": sensing,  # Wits × 20 m + Wits bonus successes × 20 m
        "move_m": None,  # no Move table set (RULES.md §2.2: a setting, move_table)
    }


def test_a_character_who_spent_willpower_before_the_fight_joins_with_what_is_left() -> None:
    """§1.7/§3.11: willpower a sheet spent on checks out of the fight stays spent when the
    character joins it (Resolve 2 + Composure 3 = 5, 2 spent → 3)."""
    scene = scene_with()
    for _ in range(2):
        scene, _events = execute_text(scene, "check Ann dexterity+firearms --willpower")
    scene, _events = execute_text(scene, "add Ann from=Ann init=10")
    ann = find(scene.state, "Ann")
    assert ann is not None
    assert (ann.willpower, ann.willpower_max) == (3, 5)
    # a group of numbered copies is not the character who spent it
    scene, _events = execute_text(scene, "add Twin from=Ann count=2 init=5")
    twin = find(scene.state, "Twin 1")
    assert twin is not None and twin.willpower == 5
