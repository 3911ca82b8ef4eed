"""Session 8's independent audit of the engine against RULES.md (§1.3–1.8, §2.2–2.3, §3.7–3.9,
§4.1–4.8, [I-2], [I-9], [I-16]…[I-25]): each difference found is pinned here, with the exact odds
of the chance roll checked against a brute-force enumeration written from the rules' text.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from ih_support import refused, scenario
from mist_support import Dice
from mist_support import run as mist_run

from engine.dice.ih import CheckSpec, Untrained, evaluate_check
from engine.dice.mist import evaluate_mist
from engine.dice.odds import check_odds, mist_odds
from engine.errors import RuleError
from engine.ih import creation, sheet_view
from engine.ih.character import Character, Skills
from engine.ih.traits import Category, Skill
from engine.mist.events import TagBurned
from engine.settings import Interpretations

# --- §2.3: creation cap 3, 4 with a special feat ---------------------------------------------


def _range_problems(lines: list[str]) -> list[str]:
    state, _, _ = scenario(lines)
    found = sheet_view.problems(state.sheets[0], state.interpretations)
    return [p.message for p in found if p.code == "skill-range"]


def test_a_skill_of_four_is_refused_at_creation_without_the_feat() -> None:
    assert _range_problems(["sheet Ann pc firearms=4"]) == ["Firearms 4 is outside 0–3."]


def test_the_special_feat_lets_a_new_character_take_a_skill_of_four() -> None:
    """§2.3 "Creation cap 3 (4 with a special feat)": ``skill-cap=4`` declares the feat (the
    engine had the cap but no way to set it, so every skill of 4 was a creation problem)."""
    assert _range_problems(["sheet Ann pc firearms=4 skill-cap=4"]) == []
    assert _range_problems(["sheet Ann pc firearms=5 skill-cap=4"]) == [
        "Firearms 5 is outside 0–4."
    ]
    assert _range_problems(["sheet Ann pc firearms=4 skill-cap=4", "sheet Ann skill-cap=3"]) == [
        "Firearms 4 is outside 0–3."
    ]


def test_the_feat_is_kept_by_later_sheet_lines() -> None:
    assert _range_problems(["sheet Ann pc skill-cap=4", "sheet Ann firearms=4 wits=2"]) == []


@pytest.mark.parametrize("value", ["2", "5", "x"])
def test_a_skill_cap_other_than_three_or_four_is_refused(value: str) -> None:
    from engine import commands

    with pytest.raises(RuleError):
        commands.parse(f"sheet Ann skill-cap={value}", "ih-d10")


def test_the_categories_are_ranked_at_the_price_i19_charges() -> None:
    """[I-19] switched, a skill of 4 costs 7: the pick that fits the sheet best ranks the
    categories by that price (two skills of 4: physical 14 against mental 13)."""
    skills = Skills(firearms=4, martial=4, academics=3, devices=3, crafts=3, concentration=1)
    character = Character(skills=skills)
    assert creation.ranked(character, Skill)[0] is Category.MENTAL  # 12 against 13
    assert creation.ranked(character, Skill, four_costs_three=True)[0] is Category.PHYSICAL


# --- §1.3 chance dice: exact odds against an enumeration written from the rules' text --------


def _d10_chance_reference(again_rule: int) -> dict[int, Fraction]:
    """P(rolled successes = k) of an ih-d10 chance roll, from §1.3 alone: one d10, only a 10
    scores, and the 10 grants an extra die; extra dice score on 8+ and explode on
    ``again_rule``+ (10 under [I-7], whatever the roller's again rule)."""
    out: dict[int, Fraction] = {0: Fraction(9, 10)}
    # After the chance die's 10: a chain of extra dice. P(an extra die explodes) = e.
    explode = Fraction(11 - again_rule, 10)
    plain = Fraction(3, 10) - explode
    # Enumerate chains up to 12 explosions (the rest is below 10⁻¹²): j explosions then a
    # die that does not explode (a plain success or a failure).
    for exploded in range(13):
        chain = Fraction(1, 10) * explode**exploded
        for last, p_last in ((1, plain), (0, Fraction(7, 10))):
            k = 1 + exploded + last
            out[k] = out.get(k, Fraction(0)) + chain * p_last
    return out


@pytest.mark.parametrize("again", [10, 9, 8])
@pytest.mark.parametrize("i7", [True, False])
def test_d10_chance_odds_match_the_rules(again: int, i7: bool) -> None:
    settings = Interpretations(chance_roll_ignores_again_rules=i7)
    spec = CheckSpec("ih-d10", 0, again=again, interpretations=settings)
    reference = _d10_chance_reference(10 if i7 else again)
    odds = check_odds(spec)
    for k, p in reference.items():
        if k <= 12:  # the chains enumerated reach every count up to 13 in full
            got = odds.distribution[k] if k < len(odds.distribution) else 0.0
            assert got == pytest.approx(float(p), abs=1e-12), k
    assert odds.p_dramatic_failure == pytest.approx(0.1)


def _d6_chance_reference(extra: int, level: int) -> dict[int, Fraction]:
    """P(rolled successes = k) of an ih-d6 chance roll from §1.3 and [I-2] alone: two d6, only
    a double 6 scores one success and grants ``extra`` dice rolled as a fresh pool at
    ``level`` (the pair's 6s grant nothing more); those dice score on 5–6 and grant extra dice
    by §1.2 ([I-1]: at level 1, ⌊6s / 2⌋ counted over the fresh pool). Enumerated face by
    face, to 9 extra dice deep (the rest is below 10⁻⁴ and is checked as such)."""
    out: dict[int, Fraction] = {0: Fraction(35, 36)}

    def walk(pending: int, sixes: int, successes: int, p: Fraction, depth: int) -> None:
        if pending == 0:
            out[successes] = out.get(successes, Fraction(0)) + p
            return
        if depth == 9:
            return  # truncated: counted as missing mass below
        for face in range(1, 7):
            grant = 0
            if level == 3:
                grant = int(face >= 5)
            elif level == 2:
                grant = int(face == 6)
            elif face == 6 and (sixes + 1) % 2 == 0:
                grant = 1
            walk(
                pending - 1 + grant,
                sixes + (face == 6),
                successes + (face >= 5),
                p / 6,
                depth + 1,
            )

    walk(extra, 0, 1, Fraction(1, 36), 0)
    return out


@pytest.mark.parametrize(("extra", "level", "current"), [
    (2, 1, False), (2, 3, False), (2, 3, True), (2, 2, True), (1, 1, False), (3, 1, False),
    (0, 1, False),
])  # fmt: skip
def test_d6_chance_odds_match_the_rules(extra: int, level: int, current: bool) -> None:
    """[I-2]: the extra dice roll at level 1 whatever the roller's level; switched, at it."""
    settings = Interpretations(
        d6_chance_success_extra_dice=extra, d6_chance_extra_dice_current_level=current
    )
    spec = CheckSpec("ih-d6", -1, level=level, interpretations=settings)
    reference = _d6_chance_reference(extra, level if current else 1)
    missing = 1 - float(sum(reference.values()))
    assert missing < 1e-4
    odds = check_odds(spec)
    for k, p in reference.items():
        got = odds.distribution[k] if k < len(odds.distribution) else 0.0
        assert got == pytest.approx(float(p), abs=missing + 1e-12), k
    assert odds.p_dramatic_failure == pytest.approx(1 / 36)


@pytest.mark.parametrize("system", ["ih-d10", "ih-d6"])
def test_what_takes_away_applies_to_a_chance_roll_and_what_adds_does_not(system: str) -> None:
    """§1.3: penalties and an untrained −3 subtract (0 so is a failure, not dramatic); bonus
    successes do nothing; a mental skill at 0 fails before any roll."""
    rolled = check_odds(CheckSpec(system, 0))
    penalised = check_odds(CheckSpec(system, 0, penalty=1, bonus=3))
    assert penalised.distribution[0] == pytest.approx(sum(rolled.distribution[:2]))
    assert penalised.distribution[1:] == pytest.approx(rolled.distribution[2:])
    assert penalised.p_dramatic_failure == rolled.p_dramatic_failure
    mental = check_odds(CheckSpec(system, 0, untrained=Untrained.MENTAL, dc=0))
    assert mental.distribution == (1.0,) and mental.p_success == 0.0
    assert mental.p_dramatic_failure == 0.0
    faces = [10, 9] if system == "ih-d10" else [6, 6, 5, 1]
    result = evaluate_check(CheckSpec(system, 0, untrained=Untrained.SOCIAL, bonus=2, dc=1), faces)
    assert (result.final_successes, result.success, result.dramatic_failure) == (0, False, False)


# --- §4.2 [I-5]: the M.I.S.T. roll's exact odds against every face --------------------------


@pytest.mark.parametrize("power", [-3, -1, 0, 1, 2, 4])
@pytest.mark.parametrize("subtracts", [True, False])
def test_mist_odds_match_every_face(power: int, subtracts: bool) -> None:
    count = abs(power) if (power >= 0 or subtracts) else 0
    bands: dict[str, Fraction] = {}
    for d8 in range(1, 9):
        for d4s in itertools.product(range(1, 5), repeat=count):
            outcome = evaluate_mist(power, d8, d4s, subtracts).outcome.value
            bands[outcome] = bands.get(outcome, Fraction(0)) + Fraction(1, 8 * 4**count)
    odds = mist_odds(power, Interpretations(negative_power_subtracts_d4=subtracts))
    assert odds.p_fail == pytest.approx(float(bands.get("fail", 0)))
    assert odds.p_mixed == pytest.approx(float(bands.get("mixed", 0)))
    assert odds.p_success == pytest.approx(float(bands.get("success", 0)))


# --- §3.8: base defense at 0 loses the legendary Dexterity/Wits bonus only ------------------

LEGEND = [
    "sheet Ann pc dexterity=6 wits=6 defense-bonus=2",  # 1 legendary + 2 from gear
    "add Ann from=Ann init=5",
    "add B init=15",
    "begin",
]


def _ann(view: dict[str, object]) -> dict[str, object]:
    order = view["order"]
    assert isinstance(order, list)
    return next(x for x in order if x["name"] == "Ann")


def test_base_defense_brought_to_zero_keeps_the_gear_defense_bonus() -> None:
    """003: 当人物的基础防御归0时…失去传奇敏捷和传奇感知带来的防御附加成功: only the legendary
    successes go; the sheet's own defense bonus (gear, powers) stays (it all went before)."""
    _, _, view = scenario([*LEGEND, "defense Ann 0"])
    ann = _ann(view)
    assert (ann["defense_bonus"], ann["defense_bonus_left"], ann["defense_bonus_lost"]) == (
        3,
        2,
        True,
    )
    state, _, view = scenario([*LEGEND, "defense Ann 0", "defend Ann 2"])
    assert _ann(view)["defense_bonus_left"] == 0
    assert refused(state, "defend Ann 1").code == "ih.vitals.defense-bonus-success-es"


def test_a_flat_footed_target_declares_its_gear_bonus_and_it_cancels() -> None:
    """[I-13] takes base defense away from a flat-footed target, and with it the legendary
    bonus (§3.8); the 2 successes of its gear still cancel rolled successes."""
    faces = [8, 8, 8, 1, 1, 1, 1, 1, 1]  # pool 9: no base defense comes off
    _, _, view = scenario([*LEGEND, "attack B Ann dp=9 defend=2"], faces)
    attack = view["rolls"][-1]["attack"]
    assert (attack["flat_footed"], attack["defense_bonus"], attack["cancelled"]) == (True, 2, 2)
    assert attack["damage"] == 1
    state, _, _ = scenario(LEGEND)
    error = refused(state, "attack B Ann dp=9 defend=3")
    assert error.code == "ih.vitals.defense-bonus-success-es"
    assert error.params["left"] == 2


def test_a_bonus_typed_bare_is_all_legendary_and_all_lost() -> None:
    """``add … defense-bonus=N`` names no gear: at base defense 0 it is lost, as before."""
    lines = ["add D init=15 defense=2 defense-bonus=3", "add A init=12", "begin", "defense D 0"]
    state, _, view = scenario(lines)
    assert view["order"][0]["defense_bonus_left"] == 0
    assert refused(state, "defend D 1").code == "ih.defense.bonus-lost"


# --- §4.5: Submerge 9+ burns the 2 power tags the player picks ------------------------------

SHADOW = 'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"'
DETECTIVE = 'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"'


def test_submerge_success_burns_the_two_picked() -> None:
    state, _ = mist_run(["pc Mei", SHADOW, DETECTIVE])
    state, events = mist_run(
        ['immerse Mei "Shadow Step" submerge burn="Shadow Step,cold touch"'], state, Dice(8, 1)
    )  # 8 + 1 = 9
    assert [e.tag for e in events if isinstance(e, TagBurned)] == ["Shadow Step", "cold touch"]


@pytest.mark.parametrize("burn", ["walls,walls", "walls,cold touch,Shadow Step", "Walls,walls"])
def test_a_third_pick_or_a_pick_named_twice_is_refused(burn: str) -> None:
    """Named twice, one tag burned instead of 2; a third was dropped silently: both refused,
    before the dice."""
    state, _ = mist_run(["pc Mei", SHADOW, DETECTIVE])
    with pytest.raises(RuleError) as caught:
        mist_run([f'immerse Mei "Shadow Step" submerge burn="{burn}"'], state, Dice())
    assert caught.value.code == "mist.immersion.burn-two"


# --- §1.4: the ST may rule a social use of a skill at 0 a failure ----------------------------

PIANO = ["sheet Ann pc presence=3 expression=0 dexterity=2 athletics=0"]


def test_a_social_skill_at_zero_loses_three_successes_by_default() -> None:
    _, _, view = scenario([*PIANO, "check Ann presence+expression"], [8, 8, 8])
    roll = view["rolls"][-1]
    assert (roll["auto_failure"], roll["penalty"], roll["faces"]) == (False, 3, [8, 8, 8])


def test_fails_at_zero_makes_it_fail_with_no_roll() -> None:
    """RULES.md §1.4: "The ST may rule a particular social use (e.g. Expression: playing piano)
    as 'fails at 0'": no dice, no willpower, a failure even against DC 0."""
    _, _, view = scenario([*PIANO, "check Ann presence+expression --dc 0 fails-at-0"])
    roll = view["rolls"][-1]
    assert (roll["auto_failure"], roll["faces"], roll["success"]) == (True, [], False)


def test_fails_at_zero_leaves_a_trained_skill_alone() -> None:
    lines = ["sheet Ann pc presence=3 expression=1", "check Ann presence+expression fails-at-0"]
    _, _, view = scenario(lines, [8, 1, 1, 1])
    assert view["rolls"][-1]["final_successes"] == 1


@pytest.mark.parametrize("traits", ["dexterity+athletics", "presence", "presence+composure"])
def test_fails_at_zero_needs_a_social_skill(traits: str) -> None:
    state, _, _ = scenario(PIANO)
    error = refused(state, f"check Ann {traits} fails-at-0")
    assert error.code == "ih.check.fails-at-0-social"


def test_fails_at_zero_is_written_back_as_typed() -> None:
    from engine import commands

    line = "check Ann presence+expression --dc 2 fails-at-0"
    command = commands.parse(line, "ih-d10")
    assert command is not None
    again = commands.parse(commands.format_command(command), "ih-d10")
    assert again == command


# --- §2.2: Move from Speed, by a table the sources lack (a setting) --------------------------

MOVER = ["sheet Ann pc strength=2 dexterity=3"]  # Speed 2 + 3 + Size 5 = 10


def test_move_is_not_computed_without_a_table() -> None:
    _, _, view = scenario(MOVER)
    assert (view["sheets"][0]["derived"]["speed"], view["sheets"][0]["derived"]["move_m"]) == (
        10,
        None,
    )


@pytest.mark.parametrize(("table", "move"), [
    ("5:5,10:10,15:15", 10), ('"15:15, 5:5 ,10:12"', 12), ("0:2,11:20", 2), ("11:20", 0),
    ("none", None),
])  # fmt: skip
def test_move_is_looked_up_from_speed_in_the_tables_table(table: str, move: int | None) -> None:
    _, _, view = scenario([f"interpret move_table={table}", *MOVER])
    assert view["sheets"][0]["derived"]["move_m"] == move


@pytest.mark.parametrize("table", ["5-5", "5:5,5:6", "a:1", "5:", "5:1000", ",".join(["1:1"] * 51)])
def test_a_bad_move_table_is_refused(table: str) -> None:
    from engine import commands

    with pytest.raises(RuleError) as caught:
        commands.parse(f"interpret move_table={table}", "ih-d10")
    assert caught.value.code == "settings.move-table"


# --- §3.7: a save against an area attack after a reflex move: final successes doubled --------

DODGER = ["sheet Ann pc dexterity=3 athletics=2", "sheet Bomb npc intelligence=3 devices=2"]


def test_a_save_after_a_reflex_move_counts_its_final_successes_twice() -> None:
    """RULES.md §3.7: "Against an area attack that allows a save, the save's final successes
    are doubled" (there was no way to say so)."""
    lines = [*DODGER, "check Ann dexterity+athletics --dc 4 reflex-move"]
    _, _, view = scenario(lines, [8, 9, 1, 2, 3])
    roll = view["rolls"][-1]
    assert (roll["rolled_successes"], roll["final_successes"], roll["doubled"]) == (2, 4, True)
    assert (roll["success"], roll["margin"]) == (True, 0)
    _, _, plain = scenario([*DODGER, "check Ann dexterity+athletics --dc 4"], [8, 9, 1, 2, 3])
    assert (plain["rolls"][-1]["final_successes"], plain["rolls"][-1]["success"]) == (2, False)


def test_the_doubled_save_meets_the_area_attack_opposed() -> None:
    lines = [*DODGER, "check Ann dexterity+athletics vs=Bomb:intelligence+devices reflex-move"]
    # Ann: 8, 1, 1, 1, 1 → 1, doubled 2; the bomb: 8, 9, 1, 1, 1 → 2: a tie, to Ann ([I-15])
    _, _, view = scenario(lines, [8, 1, 1, 1, 1, 8, 9, 1, 1, 1])
    ann, bomb = view["rolls"][-2], view["rolls"][-1]
    assert (ann["final_successes"], ann["dc"], ann["success"]) == (2, 2, True)
    assert (bomb["final_successes"], bomb["doubled"]) == (2, False)


def test_doubling_leaves_a_failure_a_failure() -> None:
    _, _, view = scenario([*DODGER, "check Ann dexterity+athletics reflex-move"], [1, 2, 3, 4, 5])
    assert view["rolls"][-1]["final_successes"] == 0


def test_reflex_move_is_written_back_as_typed() -> None:
    from engine import commands

    command = commands.parse("check Ann dexterity+athletics --dc 3 reflex-move", "ih-d10")
    assert command is not None
    assert commands.parse(commands.format_command(command), "ih-d10") == command


# --- every [I-n] is a named setting with RULES.md's default -------------------------------------

DEFAULTS: list[tuple[str, str, object]] = [
    ("I-1", "d6_sixes_counted_across_check", True),
    ("I-2", "d6_chance_success_extra_dice", 2),
    ("I-2", "d6_chance_extra_dice_current_level", False),
    ("I-3", "computed_turn_order", True),
    ("I-4", "stack_same_name_statuses", True),
    ("I-5", "negative_power_subtracts_d4", True),
    ("I-6", "mitigate_mixed_reduces_by_power", True),
    ("I-7", "chance_roll_ignores_again_rules", True),
    ("I-8", "d6_trait_bonus_successes", True),
    ("I-9", "creation_fixed_category_order", False),
    ("I-10", "feat_cost_cumulative", False),
    ("I-11", "reduce_erases_highest_marks", False),
    ("I-12", "defense_subtracts_from_pool", True),
    ("I-13", "flat_footed_loses_base_defense", True),
    ("I-14", "stay_conscious_through_next_turn", True),
    ("I-15", "opposed_tie_goes_to_defender", False),
    ("I-16", "extended_tie_goes_to_mishap", False),
    ("I-17", "will_save_adds_willpower", False),
    ("I-18", "related_language_round_up", False),
    ("I-19", "skill_four_costs_three", False),
    ("I-20", "health_zero_knocks_out", True),
    ("I-21", "status_power_single_highest", False),
    ("I-22", "refuted_conclusion_restated", False),
    ("I-23", "weakness_marks_theme_once_per_roll", False),
    ("I-24", "newborn_normal_declared_by_mc", False),
    ("I-25", "fall_asleep_keeps_taints", False),
]


@pytest.mark.parametrize(("rule", "name", "default"), DEFAULTS, ids=[d[1] for d in DEFAULTS])
def test_each_interpretation_is_a_setting_with_the_rules_default(
    rule: str, name: str, default: object
) -> None:
    """RULES.md: "each one must be a named, documented setting in the engine"; its docstring
    cites the [I-n] it is."""
    import inspect

    from engine import settings

    assert getattr(Interpretations(), name) == default
    source = inspect.getsource(settings)
    start = source.index(f"    {name}:")
    assert f"[{rule}]" in source[start : start + 600]


def test_every_interpretation_of_rules_md_is_listed() -> None:
    numbers = {int(rule.removeprefix("I-")) for rule, _, _ in DEFAULTS}
    assert numbers == set(range(1, 26))
