"""Issue 23, the Infinite Horror points: where the engine differed from RULES.md, pinned."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ih_support import refused, scenario

from engine import commands
from engine.ih import creation, sheet_view
from engine.ih.attack_language import format_attack
from engine.ih.character import Language
from engine.ih.commands import Attack
from engine.ih.encounter import find
from engine.ih.events import (
    AttackRolled,
    DamagePastZero,
    DefenseDeclared,
    Unconscious,
    WillpowerChanged,
)
from engine.ih.sheet_events import CheckMade

SHEET = "sheet Ann pc dexterity=3 wits=2 intelligence=2 resolve=2 composure=3 firearms=2"
FIGHT = [SHEET, "add Ann from=Ann init=15", "add Ghoul init=12 defense=2 defense-bonus=2", "begin"]


def test_point_2_defend_on_a_flat_footed_target_is_refused_then_allowed_once_it_acted() -> None:
    """§3.8, [I-13]: flat-footed, the base defense is 0 and its defense bonus is lost."""
    state, _, _ = scenario(FIGHT)
    assert refused(state, "defend Ghoul 1").code == "ih.defense.flat-footed"
    _, events, _ = scenario([*FIGHT, "next", "next", "defend Ghoul 1"])
    assert [(e.declared, e.remaining) for e in events if isinstance(e, DefenseDeclared)] == [(1, 1)]
    # [I-13] switched off: a flat-footed target keeps its base defense and so its bonus
    kept = ["interpret flat_footed_loses_base_defense=false", *FIGHT, "defend Ghoul 1"]
    _, events, _ = scenario(kept)
    assert any(isinstance(e, DefenseDeclared) for e in events)


def test_point_3_willpower_on_a_check_that_fails_automatically_spends_nothing() -> None:
    """§1.4: a mental skill at 0 rolls nothing, so --willpower is refused; a +3 DP bought
    before stays waiting for a roll that is made."""
    state, _, _ = scenario(FIGHT)
    error = refused(state, "check Ann intelligence+academics --willpower")
    assert error.code == "ih.check.willpower-auto-failure"
    state, events, _ = scenario([*FIGHT, "willpower Ann +3dp", "check Ann intelligence+academics"])
    (made,) = [e for e in events if isinstance(e, CheckMade)]
    assert made.record.result.auto_failure and made.record.result.faces == ()
    assert not made.record.willpower
    ann = find(state, "Ann")
    assert ann.willpower == 4 and ann.boost_pending and not ann.boost_rolled


def test_point_4_attributes_have_no_cap_above_creation() -> None:
    """§2.3: 5 binds creation only; 003: an attribute of 11 has 2 bonus successes."""
    _, _, view = scenario(["sheet Ann pc dexterity=11"])
    sheet = view["sheets"][0]
    assert sheet["attributes"]["dexterity"] == 11
    assert any("Dexterity 11" in p for p in sheet["creation_problems"])
    state, events, _ = scenario(
        ["sheet Ann pc dexterity=11", "check Ann dexterity --dc 1"], faces=[1] * 11
    )
    (made,) = [e for e in events if isinstance(e, CheckMade)]
    assert made.record.result.bonus == 2
    assert [p.value for p in made.record.bonus_parts] == [2]


@pytest.mark.parametrize("traits", ["firearms", "firearms+2", "射擊"])
def test_point_6_a_lone_skill_is_not_a_check(traits: str) -> None:
    """§3.10: attribute + skill, a lone attribute or two attributes."""
    state, _, _ = scenario(FIGHT)
    assert refused(state, f"check Ann {traits}").code == "ih.check.skill-without-attribute"
    assert refused(state, f"attack Ann Ghoul {traits}").code == "ih.check.skill-without-attribute"


@pytest.mark.parametrize(
    ("system", "line", "code", "option"),
    [
        ("ih-d10", "check Ann dexterity+firearms --level 2", "ih.option.level-not-d10", "--level"),
        ("ih-d6", "check Ann dexterity+firearms --again 9", "ih.option.again-not-d6", "--again"),
        ("ih-d10", "attack Ann Ghoul dp=5 level=3", "ih.option.level-not-d10", "level="),
        ("ih-d6", "attack Ann Ghoul dp=5 again=9", "ih.option.again-not-d6", "again="),
    ],
)
def test_point_7_an_option_of_the_other_variant_is_refused_by_name(
    system: str, line: str, code: str, option: str
) -> None:
    state, _, _ = scenario(FIGHT, system=system)
    error = refused(state, line)
    assert (error.code, error.params["option"]) == (code, option)


def test_point_10_willpower_defense_at_zero_says_no_willpower_is_left() -> None:
    state, _, _ = scenario([*FIGHT, "willpower Ann -5"])
    assert find(state, "Ann").willpower == 0
    assert refused(state, "willpower Ann defense").code == "ih.willpower.none-left-defense"
    assert refused(state, "willpower Ann +3dp").code == "ih.willpower.none-left"


def test_point_10_the_willpower_spent_event_is_unchanged_when_there_is_some() -> None:
    _, events, _ = scenario([*FIGHT, "willpower Ann defense"])
    assert [e.use for e in events if isinstance(e, WillpowerChanged)] == ["defense"]


# Point 5: the defense bonus is declared before each attack roll (§3.8, vector 17).
GHOUL_ACTED = [
    "add Ghoul init=15 defense=0 defense-bonus=3 health=20",
    "add Ann init=12",
    "begin",
    "next",
]


def _rolled(events: list[object]) -> list[AttackRolled]:
    return [e for e in events if isinstance(e, AttackRolled)]


def test_point_5_one_declaration_per_roll_each_spent_whatever_the_roll() -> None:
    # roll 1: 2 declared, faces 8 1 1 1 1 1 → 1 rolled, cancelled: a miss; roll 2: 1 declared,
    # faces 8 8 1 1 1 1 → 2 rolled, 1 cancelled → 1 damage. The pool is empty afterwards.
    line = "attack Ann Ghoul dp=6 attacks=2 defend=2,1"
    state, events, view = scenario([*GHOUL_ACTED, line], faces=[8, 1, 1, 1, 1, 1, 8, 8, 1, 1, 1, 1])
    first, second = _rolled(events)
    assert (first.defense_bonus, first.cancelled, first.miss) == (2, 1, "cancelled")
    assert (second.defense_bonus, second.cancelled, second.damage) == (1, 1, 1)
    assert view["order"][0]["defense_bonus_left"] == 0
    assert find(state, "Ghoul").health == 19


def test_point_5_an_undeclared_roll_meets_no_defense_bonus() -> None:
    line = "attack Ann Ghoul dp=1 attacks=2 defend=0,1"
    _, events, view = scenario([*GHOUL_ACTED, line], faces=[8, 8])
    first, second = _rolled(events)
    assert (first.defense_bonus, first.damage) == (0, 1)
    assert (second.defense_bonus, second.miss) == (1, "cancelled")
    assert view["order"][0]["defense_bonus_left"] == 2


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("attack Ann Ghoul dp=6 attacks=2 defend=2,2", "ih.vitals.defense-bonus-success-es"),
        ("attack Ann Ghoul dp=6 attacks=2 defend=1,1,1", "ih.attack.defend-too-many"),
        ("attack Ann Ghoul dp=6 defend=0", "ih.language.must-least"),
        ("attack Ann Ghoul dp=6 attacks=2 defend=1,-1", "ih.language.must-least"),
    ],
)
def test_point_5_declarations_beyond_the_pool_or_the_rolls_are_refused(
    line: str, code: str
) -> None:
    state, _, _ = scenario(GHOUL_ACTED)
    assert refused(state, line).code == code


def test_point_5_the_pool_refills_at_the_defenders_next_action_only() -> None:
    """Vector 17's second half: a later attack that round has what is left; the defender's
    next turn restores the whole pool."""
    state, _, view = scenario([*GHOUL_ACTED, "attack Ann Ghoul dp=1 defend=2"], faces=[8])
    assert view["order"][0]["defense_bonus_left"] == 1
    assert refused(state, "defend Ghoul 2").code == "ih.vitals.defense-bonus-success-es"
    _, _, view = scenario([*GHOUL_ACTED, "attack Ann Ghoul dp=1 defend=2", "next"], faces=[8])
    assert view["current"] == "Ghoul" and view["order"][0]["defense_bonus_left"] == 3


@pytest.mark.parametrize(
    "line",
    [
        "attack A T dp=6 attacks=2 defend=2,1",
        "attack A X,Y dp=6 bonus=3 attacks=X:2",
        'attack A X,Y dp=6 attacks=X:2,Y:3 defend="X:1,X:0,Y:2"',
    ],
)
def test_points_5_and_11_the_new_attack_syntax_reads_back_as_typed(line: str) -> None:
    command = commands.parse(line, "ih-d10")
    assert isinstance(command, Attack)
    assert commands.parse(format_attack(command), "ih-d10") == command
    assert format_attack(command).replace('"', "") == line.replace('"', "")


# Point 11: the new readings.
def test_i18_half_points_are_kept_exactly_unless_rounded_up() -> None:
    lines = [
        "sheet Ann pc intelligence=2",
        'language Ann "Mandarin" 4 native family=Sinitic',
        'language Ann "Wu" 1 family=sinitic',  # the family is matched without case
    ]
    state, _, _ = scenario(lines)
    found = [p for p in sheet_view.problems(state.sheets[0]) if p.code == "language-points"]
    assert [(p.spent, p.allowed) for p in found] == [(4.5, 4)]
    rounded = replace(state.interpretations, related_language_round_up=True)
    found = [
        p for p in sheet_view.problems(state.sheets[0], rounded) if p.code == "language-points"
    ]
    assert [(p.spent, p.allowed) for p in found] == [(5, 4)]
    # a language below 4 discounts nothing; one outside the family pays in full
    assert (
        creation.language_cost(
            replace(
                state.sheets[0].character,
                languages=(Language("A", 3, True, "x"), Language("B", 2, family="x")),
            )
        )
        == 5
    )


def test_i18_the_family_is_journalled_and_shown() -> None:
    line = 'language Ann "Cantonese" 2 family="Sinitic languages"'
    command = commands.parse(line, "ih-d10")
    assert commands.parse(commands.format_command(command), "ih-d10") == command
    _, _, view = scenario(["sheet Ann pc", line])
    assert view["sheets"][0]["languages"] == [
        {"name": "Cantonese", "level": 2, "native": False, "family": "Sinitic languages"}
    ]


def test_i20_damage_past_zero_is_recorded_and_knocks_out() -> None:
    state, events, view = scenario(["add Ann init=12 health=3", "damage Ann 5", "damage Ann 2"])
    assert [(e.amount, e.total) for e in events if isinstance(e, DamagePastZero)] == [
        (2, 2),
        (2, 4),
    ]
    assert view["order"][0]["damage_past_zero"] == 4 and view["order"][0]["unconscious"]
    _, _, view = scenario(["add Ann init=12 health=3", "damage Ann 5", "heal Ann 1"])
    assert view["order"][0]["damage_past_zero"] == 0 and not view["order"][0]["unconscious"]


def test_i20_switched_off_leaves_fainting_to_the_storyteller() -> None:
    lines = ["interpret health_zero_knocks_out=false", "add Ann init=12 health=3", "damage Ann 4"]
    state, events, view = scenario(lines)
    assert view["order"][0]["health"] == 0 and not view["order"][0]["unconscious"]
    assert not any(isinstance(e, Unconscious) for e in events)
    state, events, view = scenario([*lines, "faint Ann"])
    assert view["order"][0]["unconscious"]
    assert [e.reason for e in events if isinstance(e, Unconscious)] == ["st"]
    assert refused(state, "faint Ann").code == "ih.vitals.already-unconscious"


@pytest.mark.parametrize(
    ("presence", "appearance", "warned"),
    [
        (2, "帥哥", True),
        (2, "a Good-Looking pilot", True),
        (3, "美女", False),
        (2, "scarred", False),
    ],
)
def test_good_looks_need_a_starting_presence_of_3(
    presence: int, appearance: str, warned: bool
) -> None:
    _, _, view = scenario([f'sheet Ann pc presence={presence} appearance="{appearance}"'])
    problems = view["sheets"][0]["creation_problems"]
    assert any("good-looking" in p for p in problems) is warned


# Point 11, §3.8 (003:80): a bonus gained mid-action joins the remaining attacks, once per action.
def test_a_bonus_gained_on_a_hit_joins_the_later_attacks_once() -> None:
    lines = ["add A init=15", "add X init=12 health=20", "begin"]
    _, events, view = scenario([*lines, "attack A X dp=1 attacks=3 bonus-on-hit=2"], [1, 8, 8])
    assert [(e.gained, e.damage) for e in _rolled(events)] == [(0, 0), (0, 1), (2, 3)]
    assert [r["attack"]["gained"] for r in view["rolls"]] == [0, 0, 2]


def test_the_gained_bonus_is_split_on_one_target_and_whole_on_the_next() -> None:
    lines = ["add A init=15", "add X init=12 health=20", "add Y init=10 health=20", "begin"]
    line = "attack A X,Y dp=1 bonus=3 attacks=X:3 bonus-on-hit=3"
    _, events, _ = scenario([*lines, line], [8, 8, 8, 8])
    rolled = [(e.target, e.attack_bonus, e.gained) for e in _rolled(events)]
    # X's own bonus 3 splits 1/1/1; X hits first: its 2 later attacks split the gained 3
    # (2 + 1), and Y, attacked once, gets all 3 of the action's bonus and all 3 gained
    assert rolled == [("X", 1, 0), ("X", 3, 2), ("X", 2, 1), ("Y", 6, 3)]


def test_the_exact_odds_carry_the_gained_bonus() -> None:
    from engine.dice.ih import CheckSpec
    from engine.dice.odds import rolled_distribution
    from engine.ih.attack_odds import attack_odds, one_attack

    rolled = rolled_distribution(CheckSpec("ih-d10", 3))
    plain, _ = one_attack(rolled, 0, 0, 0, False)
    boosted, _ = one_attack(rolled, 0, 0, 2, False)
    # two attacks: the second has +2 exactly when the first hit
    expected = [plain[0] * p for p in plain]
    for k, p in enumerate(plain[1:], start=1):
        for j, q in enumerate(boosted):
            while len(expected) <= k + j:
                expected.append(0.0)
            expected[k + j] += p * q
    odds = attack_odds("ih-d10", 3, shares=(0, 0), on_hit=2)
    assert odds.distribution == pytest.approx(expected, abs=1e-15)
    assert odds.p_hit == attack_odds("ih-d10", 3, shares=(0, 0)).p_hit
    # fired on an earlier target: these attacks have it from the start, split 1 + 1
    assert attack_odds("ih-d10", 3, shares=(0, 0), on_hit=2, fired_before=1.0).distribution == (
        pytest.approx(attack_odds("ih-d10", 3, shares=(1, 1)).distribution, abs=1e-15)
    )


def test_the_attack_preview_of_a_later_target_counts_an_earlier_hit() -> None:
    from engine.ih.attack_odds import preview

    lines = ["add A init=15", "add X init=12 health=20", "add Y init=10 health=20", "begin"]
    state, _, _ = scenario(lines)
    command = commands.parse("attack A X,Y dp=3 bonus-on-hit=2", "ih-d10")
    assert isinstance(command, Attack)
    x, y = preview(state, command)
    plain = preview(state, replace(command, bonus_on_hit=0))[1]
    assert y.odds.p_hit == plain.odds.p_hit and y.odds.expected > plain.odds.expected
    gained = x.odds.p_hit * 2 * y.odds.p_hit  # +2 on a hit, when X was hit first
    assert y.odds.expected == pytest.approx(plain.odds.expected + gained, abs=1e-12)


@pytest.mark.parametrize(("tie_to_mishap", "status"), [(False, "succeeded"), (True, "mishap")])
def test_i16_the_dice_level_extended_action_reads_the_tie_the_same_way(
    tie_to_mishap: bool, status: str
) -> None:
    """engine/dice/extended.py (the roll dialog's tally) follows [I-16] like a scene's tasks."""
    from engine.dice.extended import add_roll, start_extended
    from engine.dice.ih import CheckSpec, evaluate_check
    from engine.settings import Interpretations

    settings = Interpretations(extended_tie_goes_to_mishap=tie_to_mishap)
    action = start_extended(3, "turn", mishap_rule=True)
    action = add_roll(action, evaluate_check(CheckSpec("ih-d10", 3), (8, 1, 1)), settings)
    action = add_roll(action, evaluate_check(CheckSpec("ih-d10", 3), (8, 9, 1)), settings)
    assert (action.successes, action.ones, action.status.value) == (3, 3, status)
