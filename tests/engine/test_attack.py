"""An attack end to end (RULES.md §3.7–§3.9, §1.7; §5 vector 13), table by table."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from ih_support import refused

from engine import commands
from engine.errors import RuleError
from engine.ih import family
from engine.ih.attack_language import format_attack
from engine.ih.attack_reading import resolve_successes
from engine.ih.commands import Attack
from engine.ih.encounter import ActionKind, Encounter, find
from engine.ih.events import (
    ActionSpent,
    AttackRolled,
    Damaged,
    InterruptResolved,
    Unconscious,
    WillpowerChanged,
)
from engine.language import tokenize
from engine.settings import Interpretations


class Faces(random.Random):
    """A generator that deals the given faces, in order, to ``randint`` (the dice)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test gave too few faces"
        return self.faces.pop(0)


def play(script: str, state: Encounter | None = None) -> Encounter:
    state = state or family.new_state("ih-d10")
    rng = random.Random(1)
    for text in script.strip().splitlines():
        command = commands.parse(text, "ih-d10")
        if command is not None:
            state, _ = commands.apply(state, "ih-d10", command, rng)
    return state


def run(state: Encounter, text: str, faces: list[int]) -> tuple[Encounter, list[Any]]:
    line = tokenize(text)
    assert line is not None
    rng = Faces(faces)
    state, events = family.apply(state, family.parse(line), rng)
    assert rng.faces == [], "faces left over"
    return state, list(events)


# The Ghoul has had its turn (not flat-footed); it is Ann's turn. Ghoul: defense 2, bonus 1.
ANN_AFTER_GHOUL = """
add Ghoul init=15 defense=2 defense-bonus=1 health=9 willpower=2
add Ann init=12 defense=3 health=7 willpower=5 pc
add Shade init=10 defense=1 health=6
begin
next
"""

# Ann first: the Ghoul has not acted yet, so it is flat-footed (RULES.md §3.3).
ANN_FIRST = """
add Ann init=15 defense=3 health=7 willpower=5 pc
add Ghoul init=12 defense=2 defense-bonus=1 health=9 willpower=2
begin
"""


def setting(**values: Any) -> str:
    return "".join(f"interpret {k}={v}\n" for k, v in values.items())


CASES = [
    # id, setup, attack line, faces, rolled pool, (hit, damage), Ghoul's health after
    (
        "vector 13: hit",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=7 bonus=2 defend=1",
        [9, 8, 3, 2, 1],
        5,
        (True, 3),
        6,
    ),
    (
        "vector 13: miss by cancellation",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=7 bonus=2 defend=1",
        [8, 1, 1, 1, 1],
        5,
        (False, 0),
        9,
    ),
    (
        "flat-footed target has no base defense [I-13]",
        ANN_FIRST,
        "attack Ann Ghoul dp=7 bonus=2",
        [9, 8, 3, 2, 1, 1, 1],
        7,
        (True, 4),
        5,
    ),
    (
        "[I-13] switched: flat-footed keeps base defense",
        setting(flat_footed_loses_base_defense="off") + ANN_FIRST,
        "attack Ann Ghoul dp=7 bonus=2",
        [9, 8, 3, 2, 1],
        5,
        (True, 4),
        5,
    ),
    (
        "[I-12] switched: defense applied by hand, the whole pool rolled",
        setting(defense_subtracts_from_pool="off") + ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=7",
        [9, 8, 3, 2, 1, 1, 1],
        7,
        (True, 2),
        7,
    ),
    (
        "reflex move out of reach doubles defense",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=7 reflex-move",
        [8, 1, 1],
        3,
        (True, 1),
        8,
    ),
    (
        "willpower defense +2 after the doubled base: 7 − (2 × 2 + 2) = 1 die (§3.7)",
        ANN_AFTER_GHOUL + "willpower Ghoul defense",
        "attack Ann Ghoul dp=7 bonus=3 reflex-move",
        [9],
        1,
        (True, 4),  # 1 rolled + 3 bonus
        5,
    ),
    (
        "willpower defense +2, doubled base: a pool brought below 0 is a chance roll",
        ANN_AFTER_GHOUL + "willpower Ghoul defense",
        "attack Ann Ghoul dp=5 bonus=3 reflex-move",
        [10, 9],  # chance die 10 (a success, an extra die), extra die 9
        -1,
        (True, 2),  # no attack bonus on a chance roll (§1.3)
        7,
    ),
    (
        "penalty takes the last success: a miss, no bonus",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=7 bonus=2 penalty=1",
        [9, 1, 1, 1, 1],
        5,
        (False, 0),
        9,
    ),
    (
        "willpower +3 DP from the attacker",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=4 willpower",
        [8, 8, 1, 1, 1],
        5,
        (True, 2),
        7,
    ),
    (
        "no-damage: a hit that does not hurt",
        ANN_AFTER_GHOUL,
        "attack Ann Ghoul dp=4 no-damage",
        [8, 8],
        2,
        (True, 0),
        9,
    ),
    (
        "a defend typed before the attack is met by it",
        ANN_AFTER_GHOUL + "defend Ghoul 1",
        "attack Ann Ghoul dp=7 bonus=2",
        [8, 1, 1, 1, 1],
        5,
        (False, 0),
        9,
    ),
]


@pytest.mark.parametrize(
    ("setup", "line", "faces", "pool", "outcome", "health"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_one_attack(
    setup: str,
    line: str,
    faces: list[int],
    pool: int,
    outcome: tuple[bool, int],
    health: int,
) -> None:
    state, events = run(play(setup), line, faces)
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert rolled.result.dp == pool
    assert (rolled.hit, rolled.damage) == outcome
    assert find(state, "Ghoul").health == health
    assert rolled.health == health
    # the attacker's standard action is spent
    assert find(state, "Ann").budget.standard == 0


def test_a_negative_dp_is_a_chance_roll_like_dp_0_with_mod() -> None:
    """§1.1.1 a DP may be any integer; 0 or less after defense is a chance roll (§1.3)."""
    outcomes = []
    for line in ("attack Ann Ghoul dp=-1", "attack Ann Ghoul dp=0 mod=-1"):
        state, events = run(play(ANN_AFTER_GHOUL), line, [10, 1])
        (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
        outcomes.append((rolled.result.chance, rolled.result.dp, rolled.hit, rolled.damage))
    assert outcomes[0] == outcomes[1] == (True, -3, True, 1)


def test_vector_13_records_every_step() -> None:
    state, events = run(
        play(ANN_AFTER_GHOUL), "attack Ann Ghoul dp=7 bonus=2 defend=1", [9, 8, 3, 2, 1]
    )
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert (rolled.pool_before_defense, rolled.defense, rolled.defense_bonus) == (7, 2, 1)
    assert (rolled.result.rolled_successes, rolled.cancelled, rolled.bonus_applied) == (2, 1, 2)
    assert rolled.final == 3
    assert [type(e).__name__ for e in events] == [
        "ActionSpent",
        "DefenseDeclared",
        "AttackRolled",
        "Damaged",
    ]
    # the declared bonus is spent until the Ghoul's next turn (§3.8)
    ghoul = find(state, "Ghoul")
    assert (ghoul.defense_spent, ghoul.defense_declared) == (1, 0)


@pytest.mark.parametrize(
    ("line", "faces", "keys"),
    [
        ("attack Ann Ghoul dp=7 bonus=2 penalty=0 defend=1", [9, 8, 3, 2, 1], (0, 2, 3, 3)),
        ("attack Ann Ghoul dp=7 penalty=1", [9, 8, 3, 2, 1], (1, 0, 1, 1)),
        ("attack Ann Ghoul dp=7 bonus=2 penalty=1", [9, 1, 1, 1, 1], (1, 0, 0, 0)),
    ],
)
def test_the_rolls_entry_of_an_attack_carries_the_attacks_roll_keys(
    line: str, faces: list[int], keys: tuple[int, int, int, int]
) -> None:
    """INTERFACE.md `rolls`: penalty, bonus and final_successes as the §3.9 chain applied them."""
    state, _ = run(play(ANN_AFTER_GHOUL), line, faces)
    entry = commands.to_json(state, "ih-d10")["rolls"][-1]
    assert (
        entry["penalty"],
        entry["bonus"],
        entry["final_successes"],
        entry["attack"]["damage"],
    ) == keys
    assert entry["final_successes"] == entry["attack"]["damage"]


def test_multi_attack_splits_the_bonus() -> None:
    line = "attack Ann Ghoul dp=4 bonus=3 attacks=2 split=1,2 defend=1"
    state, events = run(play(ANN_AFTER_GHOUL), line, [8, 8] + [9, 1])  # defense 2: 2 dice
    first, second = [e for e in events if isinstance(e, AttackRolled)]
    assert (first.index, first.attacks, first.attack_bonus) == (1, 2, 1)
    assert (first.cancelled, first.damage) == (1, 2)  # 2 rolled, 1 cancelled, +1
    assert (second.cancelled, second.damage) == (0, 3)  # defense bonus met the first only
    assert find(state, "Ghoul").health == 9 - 5


def test_multi_attack_without_split_shares_evenly() -> None:
    line = "attack Ann Ghoul dp=3 bonus=3 attacks=2"
    _, events = run(play(ANN_AFTER_GHOUL), line, [8] + [8])
    assert [e.attack_bonus for e in events if isinstance(e, AttackRolled)] == [2, 1]


SHEET_ANN = """
sheet Ann pc dexterity=6 wits=3 firearms=2 composure=2 resolve=2
add Ann from=Ann init=20
add Ghoul init=15 defense=0 health=20
add Shade init=10 defense=0 health=20
begin
next
next
next
"""  # Ann (Dexterity 6: 1 trait bonus success, §1.5) acts; the others have acted


@pytest.mark.parametrize(
    ("options", "faces", "bonuses"),
    [
        ("attacks=2", [8] + [1] * 7 + [8] + [1] * 7, [1, 0]),  # evenly, first takes the rest
        ("attacks=2 bonus=2 split=0,3", [8] + [1] * 7 + [8] + [1] * 7, [0, 3]),
        ("attacks=3 bonus=1", [8] + [1] * 7 + [8] + [1] * 7 + [8] + [1] * 7, [1, 1, 0]),
    ],
)
def test_the_sheets_trait_bonus_is_split_with_bonus_among_attacks(
    options: str, faces: list[int], bonuses: list[int]
) -> None:
    """§3.8/§1.5: the legendary-attribute bonus joins bonus= in one pool split among attacks."""
    state, events = run(play(SHEET_ANN), f"attack Ann Ghoul dexterity+firearms {options}", faces)
    rolled = [e for e in events if isinstance(e, AttackRolled)]
    assert [e.attack_bonus for e in rolled] == bonuses
    assert [e.damage for e in rolled] == [1 + b for b in bonuses]


def test_the_sheets_trait_bonus_goes_whole_to_each_of_several_targets() -> None:
    line = "attack Ann Ghoul,Shade dexterity+firearms bonus=1"
    _, events = run(play(SHEET_ANN), line, [8] + [1] * 7 + [8] + [1] * 7)
    assert [(e.target, e.attack_bonus) for e in events if isinstance(e, AttackRolled)] == [
        ("Ghoul", 2),
        ("Shade", 2),
    ]
    split_wrong = refused(
        play(SHEET_ANN), "attack Ann Ghoul dexterity+firearms attacks=2 split=1,0 bonus=1"
    )
    assert (split_wrong.code, split_wrong.params["bonus"]) == ("ih.attack.split-sum", 2)


def test_multi_target_gives_each_the_whole_bonus() -> None:
    line = "attack Ann Ghoul,Shade dp=5 bonus=2"
    state, events = run(play(ANN_AFTER_GHOUL), line, [8, 1, 1] + [8, 1, 1, 1, 1])
    ghoul, shade = [e for e in events if isinstance(e, AttackRolled)]
    assert (ghoul.target, ghoul.attack_bonus, ghoul.result.dp, ghoul.damage) == ("Ghoul", 2, 3, 3)
    # the Shade has not acted yet: flat-footed, no base defense (5 dice)
    assert (shade.target, shade.attack_bonus, shade.result.dp, shade.damage) == ("Shade", 2, 5, 3)
    assert len([e for e in events if isinstance(e, ActionSpent)]) == 1


def test_health_to_zero_knocks_out() -> None:
    state, events = run(play(ANN_AFTER_GHOUL), "attack Ann Shade dp=8 bonus=3", [8, 8, 8] + [1] * 5)
    assert find(state, "Shade").health == 0
    assert find(state, "Shade").unconscious
    assert Unconscious("Shade", "health") in events
    assert Damaged("Shade", 6, 0) in events


def test_a_reflex_attack_that_knocks_out_makes_the_interrupted_action_fail() -> None:
    state = play(ANN_AFTER_GHOUL + "next\ninterrupt Ann Shade ready")
    assert state.current == "Shade"
    state, events = run(state, "attack Ann Shade dp=8 bonus=4", [8, 8] + [1] * 5)
    assert find(state, "Shade").unconscious
    assert InterruptResolved("Ann", "Shade", "fails") in events
    assert state.interrupt is None
    assert not [e for e in events if isinstance(e, ActionSpent)]  # paid by the ready action


def test_an_off_turn_attack_as_a_reflex_spends_the_next_swift() -> None:
    state = play(ANN_AFTER_GHOUL + "next")
    state, events = run(state, "attack Ann Shade dp=1 action=reflex", [1])
    assert find(state, "Ann").owed_swift == 1


def test_willpower_spent_once_per_action() -> None:
    state, events = run(play(ANN_AFTER_GHOUL), "attack Ann Ghoul dp=2 willpower", [1] * 3)
    assert WillpowerChanged("Ann", -1, 4, "+3dp") in events
    assert find(state, "Ann").willpower == 4


def test_willpower_bought_before_and_ticked_again_is_one_spend() -> None:
    state = play(ANN_AFTER_GHOUL + "willpower Ann +3dp")
    state, events = run(state, "attack Ann Ghoul dp=2 willpower", [1] * 3)
    assert not [e for e in events if isinstance(e, WillpowerChanged)]
    assert find(state, "Ann").willpower == 4


def test_willpower_bought_before_the_attack_counts() -> None:
    state = play(ANN_AFTER_GHOUL + "willpower Ann +3dp")
    state, events = run(state, "attack Ann Ghoul dp=2", [1] * 3)
    assert [e for e in events if isinstance(e, AttackRolled)][0].result.dp == 3
    assert find(state, "Ann").boost_rolled


@pytest.mark.parametrize(
    ("extra", "line", "code"),
    [
        ("", "attack Ann Ann dp=3", "ih.attack.self"),
        ("", "attack Ann Nobody dp=3", "ih.attack.unknown-target"),
        ("remove Shade", "attack Ann Shade dp=3", "ih.attack.unknown-target"),
        ("", "attack Nobody Ghoul dp=3", "ih.attack.unknown-attacker"),
        ("spend Ann standard", "attack Ann Ghoul dp=3", "ih.budget.empty"),
        ("", "attack Ann Ghoul dp=3 bonus=3 attacks=2 split=1,1", "ih.attack.split-sum"),
        ("", "attack Ann Ghoul dp=3 bonus=3 attacks=2 split=3", "ih.attack.split-count"),
        ("", "attack Ghoul Ann dp=3", "ih.attack.not-your-turn"),
        ("", "attack Ann Ghoul,Shade dp=3 attacks=2", "ih.attack.multi-target-split"),
        ("", "attack Ann Ghoul dp=3 attacks=2 willpower", "ih.attack.willpower-one-roll"),
        ("willpower Ann -5", "attack Ann Ghoul dp=3 willpower", "ih.willpower.none-left"),
        ("willpower Ann +3dp", "attack Ann Ghoul dp=3 attacks=2", "ih.attack.willpower-one-roll"),
        ("", "attack Ann Ghoul,Ghoul dp=3", "ih.attack.target-twice"),
        ("", "attack Ann Ghoul dp=3 defend=Shade:1", "ih.attack.defend-not-target"),
        ("", "attack Ann Ghoul dp=3 action=free", "ih.attack.free-action"),
        ("", "attack Ann Ghoul dexterity+firearms", "ih.attack.no-sheet"),
    ],
)
def test_bad_attacks_are_refused_and_change_nothing(extra: str, line: str, code: str) -> None:
    state = play(ANN_AFTER_GHOUL + extra)
    assert refused(state, line).code == code


def test_not_in_combat_and_flat_footed_defense_bonus() -> None:
    setup = play("add Ann init=15\nadd Ghoul init=12 defense=2 defense-bonus=1")
    assert refused(setup, "attack Ann Ghoul dp=3").code == "ih.attack.not-in-combat"
    flat = play(ANN_FIRST)
    assert refused(flat, "attack Ann Ghoul dp=3 defend=1").code == "ih.attack.defense-bonus-lost"


def test_the_not_your_turn_refusal_is_its_own_code() -> None:
    """Its own code, not the generic one: its words (``error.ih.attack.not-your-turn``) say a
    reflex may attack off-turn."""
    refusal = refused(play(ANN_AFTER_GHOUL), "attack Ghoul Ann dp=3")
    assert refusal.code == "ih.attack.not-your-turn"
    assert refusal.params == {"name": "Ghoul", "current": "Ann"}


@pytest.mark.parametrize(
    ("rolled", "declared", "penalty", "bonus", "chance", "final", "miss"),
    [
        (2, 1, 0, 2, False, 3, ""),
        (1, 1, 0, 2, False, 0, "cancelled"),
        (0, 0, 0, 2, False, 0, "no-successes"),
        (3, 1, 2, 2, False, 0, "penalty"),
        (2, 0, 0, 5, True, 2, ""),
        (4, 9, 0, 1, False, 0, "cancelled"),
    ],
)
def test_resolve_successes(
    rolled: int, declared: int, penalty: int, bonus: int, chance: bool, final: int, miss: str
) -> None:
    counted = resolve_successes(rolled, declared, penalty, bonus, chance)
    assert (counted.final, counted.miss) == (final, miss)


def test_stay_conscious_through_the_next_turn_i14() -> None:
    script = ANN_AFTER_GHOUL + "damage Shade 6\nwillpower Shade conscious"
    state = play(script)
    assert not find(state, "Shade").unconscious
    state = play("next", state)  # Shade's turn starts: still up [I-14] on
    assert state.current == "Shade" and not find(state, "Shade").unconscious
    state = play("next", state)  # its end: faints
    assert find(state, "Shade").unconscious


def test_stay_conscious_ends_at_the_start_of_the_turn_when_i14_is_off() -> None:
    script = setting(stay_conscious_through_next_turn="off") + ANN_AFTER_GHOUL
    state = play(script + "damage Shade 6\nwillpower Shade conscious\nnext")
    assert find(state, "Shade").unconscious


# -- properties --------------------------------------------------------------------------------


def _independent_final(faces: tuple[int, ...], chance: bool, declared: int, penalty: int,
                       bonus: int) -> int:  # fmt: skip
    """The final successes worked out again from the faces alone (ih-d10, 10-again)."""
    if chance:
        rolled = (faces[0] == 10) + sum(f >= 8 for f in faces[1:])
    else:
        rolled = sum(f >= 8 for f in faces)
    left = rolled - min(declared, rolled)
    if left <= 0 or left - penalty <= 0:
        return 0
    return left - penalty + (0 if chance else bonus)


@settings(max_examples=examples(150), deadline=None)
@given(
    dp=st.integers(0, 14),
    defense=st.integers(0, 6),
    defense_bonus=st.integers(0, 3),
    declare=st.integers(0, 3),
    bonus=st.integers(0, 4),
    penalty=st.integers(0, 3),
    seed=st.integers(0, 2**32),
)
def test_damage_is_the_final_successes_of_the_rolls_own_faces(
    dp: int, defense: int, defense_bonus: int, declare: int, bonus: int, penalty: int, seed: int
) -> None:
    state = play(
        f"add Ghoul init=15 defense={defense} defense-bonus={defense_bonus} health=40\n"
        "add Ann init=12\nbegin\nnext"
    )
    declare = min(declare, defense_bonus) if defense else 0
    line = f"attack Ann Ghoul dp={dp} bonus={bonus} penalty={penalty}"
    if declare:
        line += f" defend={declare}"
    command = family.parse(tokenize(line))  # type: ignore[arg-type]
    after, events = family.apply(state, command, random.Random(seed))
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    final = _independent_final(rolled.result.faces, rolled.result.chance, declare, penalty, bonus)
    assert rolled.damage == final
    assert find(after, "Ghoul").health == 40 - final
    assert rolled.result.dp == dp - defense


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABC'-_.", min_size=1, max_size=8).filter(
    lambda s: s.strip() == s and s.strip() != "" and "'" not in s
)


@settings(max_examples=examples(200), deadline=None)
@given(
    attacker=names,
    targets=st.lists(names, min_size=1, max_size=3, unique=True),
    dp=st.one_of(st.none(), st.integers(0, 30)),
    bonus=st.integers(0, 5),
    attacks=st.integers(1, 3),
    penalty=st.integers(0, 3),
    modifier=st.integers(-5, 5),
    willpower=st.booleans(),
    no_damage=st.booleans(),
    moved=st.booleans(),
    action=st.sampled_from([None, *ActionKind]),
    defend=st.integers(0, 2),
)
def test_parse_of_format_is_the_command(**values: Any) -> None:
    dp = values["dp"]
    command = Attack(
        attacker=values["attacker"],
        targets=tuple(values["targets"]),
        dp=dp,
        traits="dexterity+firearms" if dp is None else None,
        modifier=values["modifier"],
        bonus=values["bonus"],
        penalty=values["penalty"],
        attacks=values["attacks"],
        split=(values["bonus"],) + (0,) * (values["attacks"] - 1) if values["attacks"] > 1 else (),
        defend=(("", values["defend"]),) if values["defend"] else (),
        reflex_move=("*",) if values["moved"] else (),
        action=values["action"],
        willpower=values["willpower"],
        no_damage=values["no_damage"],
    )
    if len(command.targets) > 1 and command.defend:
        command = replace(command, defend=tuple((t, 1) for t in command.targets))
    line = tokenize(format_attack(command))
    assert line is not None
    assert family.parse(line) == command


def test_interpretations_default_is_the_rules_reading() -> None:
    assert Interpretations().defense_subtracts_from_pool
    assert Interpretations().flat_footed_loses_base_defense
    assert Interpretations().stay_conscious_through_next_turn


# -- pools from the sheet (RULES.md §3.10, engine/ih/checks.py) ---------------------------------


def _with_sheet(state: Encounter, dexterity: int, firearms: int, academics: int = 0) -> Encounter:
    from engine.ih.character import Attributes, Character, Skills
    from engine.ih.encounter import put
    from engine.ih.sheet import Sheet

    character = Character(
        attributes=Attributes(dexterity=dexterity),
        skills=Skills(firearms=firearms, academics=academics),
    )
    sheet = Sheet(name="Ann", pc=True, character=character)
    state = replace(state, sheets=(sheet,))
    return put(state, replace(find(state, "Ann"), sheet="Ann"))


def test_traits_from_the_sheet_make_the_pool() -> None:
    state = _with_sheet(play(ANN_AFTER_GHOUL), dexterity=4, firearms=3)
    state, events = run(
        state, "attack Ann Ghoul dexterity+firearms bonus=2 defend=1", [9, 8, 3, 2, 1]
    )
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert (rolled.label, rolled.pool_before_defense, rolled.damage) == ("dexterity+firearms", 7, 3)
    (record,) = state.rolls
    assert record.attack is not None and record.attack.damage == 3
    assert [p.label for p in record.parts] == ["dexterity", "firearms"]


def test_a_high_attribute_adds_its_bonus_successes_and_untrained_loses_three() -> None:
    state = _with_sheet(play(ANN_AFTER_GHOUL), dexterity=6, firearms=0)
    # 6 dice − defense 2 = 4; 3 rolled − 3 (untrained physical skill) = 0: a miss
    state, events = run(state, "attack Ann Ghoul dexterity+firearms", [8, 8, 8, 1])
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert (rolled.penalty, rolled.attack_bonus, rolled.hit) == (3, 1, False)


def test_a_mental_skill_at_zero_fails_with_no_roll() -> None:
    state = _with_sheet(play(ANN_AFTER_GHOUL), dexterity=3, firearms=1)
    assert (
        refused(state, "attack Ann Ghoul dexterity+academics").code == "ih.attack.untrained-mental"
    )


def test_the_json_roll_carries_the_attack_record() -> None:
    state, _ = run(play(ANN_AFTER_GHOUL), "attack Ann Ghoul dp=7 bonus=2 defend=1", [9, 8, 3, 2, 1])
    (roll,) = family.to_json(state)["rolls"]
    assert roll["by"] == "Ann" and roll["label"] == "dp=7"
    assert {
        k: roll["attack"][k]
        for k in (
            "target",
            "pool_before_defense",
            "defense",
            "defense_bonus",
            "hit",
            "attack_bonus",
            "damage",
        )
    } == {  # fmt: skip
        "target": "Ghoul",
        "pool_before_defense": 7,
        "defense": 2,
        "defense_bonus": 1,
        "hit": True,
        "attack_bonus": 2,
        "damage": 3,
    }


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Ann",
                "Ghoul",
                "Ghoul,Shade",
                "dp=7",
                "dp=-2",
                "dp=x",
                "bonus=2",
                "split=1,1",
                "split=a",
                "attacks=2",
                "attacks=0",
                "defend=1",
                "defend=Ghoul:1",
                "defend=:",
                "reflex-move",
                "reflex-move=Ghoul",
                "willpower",
                "no-damage",
                "action=reflex",
                "action=jump",
                "dexterity+firearms",
                "mod=-3",
                "again=8",
                "level=4",
                "penalty=9",
                '"Old Wang"',
                "=",
                "x=y",
            ]
        ),  # fmt: skip
        max_size=7,
    )
)
def test_any_attack_line_is_a_command_or_a_rule_error(words: list[str]) -> None:
    state = play(ANN_AFTER_GHOUL)
    try:
        command = commands.parse("attack " + " ".join(words), "ih-d10")
        commands.apply(state, "ih-d10", command, random.Random(0))
    except RuleError:
        pass


def test_kept_conscious_during_ones_own_turn_lasts_through_the_next_one() -> None:
    """A reflex attack knocks the Shade out in its own turn; it stays up through its next
    turn ([I-14]), not only to the end of this one."""
    state = play(ANN_AFTER_GHOUL + "next\ninterrupt Ann Shade ready")
    state, _ = run(state, "attack Ann Shade dp=8 bonus=4", [8, 8] + [1] * 5)
    state = play("willpower Shade conscious", state)
    assert state.current == "Shade" and not find(state, "Shade").unconscious
    state = play("next", state)  # the end of the turn it fell in: still up
    assert not find(state, "Shade").unconscious
    state = play("next\nnext", state)  # Ghoul, Ann; then the Shade's next turn starts
    assert state.current == "Shade" and not find(state, "Shade").unconscious
    state = play("next", state)  # and ends: faints
    assert find(state, "Shade").unconscious


def test_base_defense_brought_to_zero_loses_the_defense_bonus() -> None:
    state = play(ANN_AFTER_GHOUL + "defense Ghoul 0")
    assert refused(state, "attack Ann Ghoul dp=3 defend=1").code in (
        "ih.attack.defense-bonus-lost",
        "ih.defense.bonus-lost",
    )
    # a combatant that never had a base defense keeps a bonus typed for it
    state = play("add Ghoul init=15 defense-bonus=1 health=9\nadd Ann init=12\nbegin\nnext")
    state, events = run(state, "attack Ann Ghoul dp=2 defend=1", [8, 1])
    assert [e for e in events if isinstance(e, AttackRolled)][0].cancelled == 1
