"""``engine.refusal.refusal`` says exactly what applying says, without a die (issue 24 §1).

For many scenes of both families (random command lines played from a start, and the demo
scenes at every step) and many commands (every kind, rolled ones first), the refusal without
dice is ``None`` exactly when applying succeeds with any of several seeds, and otherwise the
very error applying raises (same code, same parameters: the same words in every language).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import commands
from engine.errors import RuleError
from engine.refusal import DiceReached, NoDice, refusal

SEEDS = range(6)
DEMO = Path(__file__).resolve().parents[2] / "console" / "demo"


def applied(state: commands.SceneState, system: str, text: str, seed: int) -> RuleError | None:
    """What applying ``text`` says with the dice of ``seed`` (``None``: taken)."""
    try:
        command = commands.parse(text, system)
        assert command is not None
        commands.apply(state, system, command, random.Random(seed))
    except RuleError as error:
        return error
    return None


def agrees(state: commands.SceneState, system: str, text: str) -> bool:
    """Check one command on one state; whether it was taken (for the tests to count)."""
    try:
        command = commands.parse(text, system)
    except RuleError:
        return False  # a line the parser refuses never becomes a command
    assert command is not None
    said = refusal(state, system, command)
    for seed in SEEDS:
        got = applied(state, system, text, seed)
        if said is None:
            assert got is None, f"{text!r}: refusal None but applying said {got!r}"
        else:
            assert got is not None, f"{text!r}: refusal {said!r} but applying took it"
            assert (got.code, dict(got.params)) == (said.code, dict(said.params)), text
    return said is None


def play(system: str, lines: list[str], seed: int = 0) -> commands.SceneState:
    """The state after the lines that are taken (refused ones are skipped)."""
    state = commands.new_state(system)
    rng = random.Random(seed)
    for text in lines:
        try:
            command = commands.parse(text, system)
            if command is not None:
                state, _ = commands.apply(state, system, command, rng)
        except RuleError:
            pass
    return state


NAMES = ("Ann", "Ghoul", "Shade", "Nobody")
name = st.sampled_from(NAMES)
small = st.integers(-2, 9)

IH_SETUP = [
    "sheet Ann pc dexterity=6 wits=3 firearms=2 composure=2 resolve=2 martial=1",
    "sheet Ghoul npc dexterity=3 strength=4 martial=3 composure=1 resolve=1",
]
IH_FIGHTERS = [
    "add Ann from=Ann init=12",
    "add Ghoul from=Ghoul init=9",
    "add Shade init=5 defense=1 defense-bonus=1 health=6",
]
ih_line = st.one_of(
    st.builds(
        lambda n, i, h, d, b: f"add {n} init={i} health={h} defense={d} defense-bonus={b}",
        name,
        small,
        st.integers(0, 8),
        st.integers(-1, 3),
        st.integers(0, 2),
    ),
    st.builds(lambda n, h: f"add {n} health={h}", name, st.integers(-1, 8)),
    st.builds(lambda n, m: f"join {n} mod={m} health=5", name, small),
    st.builds(lambda n: f"add {n} from={n}", name),
    st.just("begin"),
    st.just("next"),
    st.builds(lambda n, k: f"spend {n} {k}", name, st.sampled_from(("standard", "reflex"))),
    st.builds(lambda a, n: f"damage {a} {n}", name, st.integers(0, 9)),
    st.builds(lambda a, n: f"defend {a} {n}", name, st.integers(1, 3)),
    st.builds(lambda a, n: f"defense {a} {n}", name, st.integers(0, 3)),
    st.builds(lambda a, u: f"willpower {a} {u}", name, st.sampled_from(("+3dp", "defense", "-9"))),
    st.builds(lambda a, b: f"interrupt {a} {b}", name, name),
    st.builds(
        lambda a, b, dp, o: f"attack {a} {b} {dp} {o}",
        name,
        st.sampled_from(("Ghoul", "Ann", "Ghoul,Shade", "Shade", "Nobody")),
        st.sampled_from(("dp=5", "dp=-1", "dexterity+firearms", "strength+martial", "wits+occult")),
        st.sampled_from(
            (
                "",
                "defend=1",
                "defend=3",
                "bonus=2 attacks=2 split=1,1",
                "attacks=3 defend=1,1",
                "willpower",
                "action=reflex",
                "reflex-move defend=1",
                "bonus=-1",
                "no-damage",
            )
        ),
    ),
    st.builds(
        lambda a, t, o: f"check {a} {t} {o}",
        name,
        st.sampled_from(("dexterity+firearms", "wits+occult", "strength+martial", "luck")),
        st.sampled_from(("", "mod=-2", "willpower", "dc=2")),
    ),
    st.builds(lambda a, n: f"roll ih-d10 {n} by={a}", name, small),
    st.builds(lambda a: f"roll ih-d10 3 by={a} --willpower", name),
    st.builds(lambda a, n: f"initiative {a} {n:+d}", name, st.integers(-4, 4)),
    st.builds(
        lambda a, d: f'extended {a} "Pick the lock" dexterity+firearms dc={d} interval=turn',
        name,
        st.integers(-1, 6),
    ),
    st.sampled_from(("extended roll x1", "extended roll x2")),
)


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    system=st.sampled_from(("ih-d10", "ih-d6")),
    fighters=st.booleans(),
    before=st.lists(ih_line, max_size=12),
    seed=st.integers(0, 3),
    candidates=st.lists(ih_line, min_size=1, max_size=6),
)
def test_an_ih_refusal_is_what_applying_says(
    system: str, fighters: bool, before: list[str], seed: int, candidates: list[str]
) -> None:
    state = play(system, IH_SETUP + (IH_FIGHTERS if fighters else []) + before, seed)
    for text in candidates:
        agrees(state, system, text)


attack_line = st.builds(
    lambda b, dp, o: f"attack Ann {b} {dp} {o}",
    st.sampled_from(("Ghoul", "Shade", "Ghoul,Shade", "Ann")),
    st.sampled_from(("dp=5", "dp=0", "dexterity+firearms", "strength+martial", "dp=3 mod=-4")),
    st.sampled_from(
        (
            "",
            "defend=1",
            "defend=2",
            "defend=3",
            "defend=Ghoul:1,Shade:1",
            "bonus=2 attacks=2 split=1,1",
            "attacks=2 defend=1,1",
            "willpower",
            "reflex-move defend=1",
            "bonus-on-hit=1",
            "penalty=1 no-damage",
        )
    ),
)
fight_line = st.one_of(
    st.builds(lambda a, n: f"defend {a} {n}", name, st.integers(1, 2)),
    st.builds(lambda a, n: f"defense {a} {n}", name, st.integers(0, 2)),
    st.builds(lambda a: f"willpower {a} defense", name),
    st.builds(lambda a: f"willpower {a} +3dp", name),
    st.builds(lambda a, n: f"damage {a} {n}", name, st.integers(1, 8)),
    st.builds(lambda k: f"spend Ann {k}", st.sampled_from(("standard", "move", "swift"))),
    st.builds(lambda a: f"check {a} dexterity+firearms --willpower", name),
    st.just("willpower Ann -9"),
)


@settings(max_examples=examples(120), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    system=st.sampled_from(("ih-d10", "ih-d6")),
    before=st.lists(fight_line, max_size=5),
    seed=st.integers(0, 3),
    candidates=st.lists(st.one_of(attack_line, fight_line), min_size=1, max_size=4),
)
def test_an_attack_in_a_fight_is_refused_as_applying_refuses_it(
    system: str, before: list[str], seed: int, candidates: list[str]
) -> None:
    """Ann's turn in a fight begun: attacks taken and refused, each compared with applying."""
    state = play(system, [*IH_SETUP, *IH_FIGHTERS, "begin", *before], seed)
    for text in candidates:
        agrees(state, system, text)


def _demo_lines(name: str) -> list[str]:
    text = (DEMO / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


IH_TRIES = [
    "attack Ann Ghoul dp=6",
    "attack Ann Ghoul dp=6 defend=1",
    "attack Ann Ghoul,Shade dp=6 bonus=1",
    "attack Ghoul Ann dp=5 action=reflex",
    "attack Shade Ann dp=4 willpower",
    'attack "Old Wang" Hound dp=6 attacks=2 defend=Hound:1,Hound:1',
    "check Ann dexterity+firearms",
    "add Newcomer health=0",
    "join Newcomer mod=2",
    "roll ih-d10 6 by=Ann --willpower",
    "initiative Ghoul +2",
    "next",
    "begin",
    "remove Ghost",
    "damage Ann 2",
]


@pytest.mark.parametrize("demo", ["ih_d10.txt", "ih_d6.txt"])
def test_every_step_of_the_ih_demo(demo: str) -> None:
    lines = _demo_lines(demo)
    system = "ih-d6" if "d6" in demo else "ih-d10"
    state = commands.new_state(system)
    rng = random.Random(1)
    taken = 0
    for text in lines:
        for tried in IH_TRIES:
            taken += agrees(state, system, tried)
        command = commands.parse(text, system)
        assert command is not None
        state, _ = commands.apply(state, system, command, rng)
    assert taken > 20  # the tries are taken often enough to check both answers


MIST_SETUP = [
    "pc Mei",
    'theme Mei self "Night-shift Nurse" power="steady hands,first aid" weakness="exhausted"',
    'theme Mei taint "Shadow Hands" power="grasping dark" weakness="afraid of light"',
    "challenge Hound limits=harmed:4,banished:3",
    'tag scene "Flickering lights"',
]
mist_line = st.one_of(
    st.sampled_from(("phase action", "phase consequence", "phase establish", "end scene")),
    st.builds(
        lambda who, tags, o: f"action {who} {tags} {o}",
        st.sampled_from(("Mei", "Hound", "Nobody")),
        st.sampled_from(
            (
                'tags="steady hands"',
                'tags="steady hands,Flickering lights"',
                'tags="no such tag"',
                "hinder=exhausted",
                'tags="grasping dark" indulge="Shadow Hands"',
                "statuses=shaken",
                "",
            )
        ),
        st.sampled_from(("", "target=Hound", "target=Nobody", "power=2", "dynamite")),
    ),
    st.builds(lambda n: f"status Mei shaken {n}", st.integers(0, 6)),
    st.builds(lambda n: f"status Hound harmed {n}", st.integers(1, 5)),
    st.sampled_from(
        (
            'burn Mei "steady hands"',
            "mitigate x1 tags=steady hands",
            "mitigate x9",
            "spend x1 status Hound harmed 2",
            "consequence Mei hurt 2",
        )
    ),
)


@settings(max_examples=examples(120), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    before=st.lists(mist_line, max_size=10),
    seed=st.integers(0, 3),
    candidates=st.lists(mist_line, min_size=1, max_size=6),
)
def test_a_mist_refusal_is_what_applying_says(
    before: list[str], seed: int, candidates: list[str]
) -> None:
    state = play("mist", MIST_SETUP + before, seed)
    for text in candidates:
        agrees(state, "mist", text)


MIST_TRIES = [
    'action Mei tags="steady hands"',
    'action "Old Wang" tags="hard stare,Flickering lights" target=Hound',
    "action Mei hinder=exhausted",
    "action Nobody",
    "status Hound harmed 2",
    "consequence Mei hurt 2",
    "mitigate x1",
]


def test_every_step_of_the_mist_demo() -> None:
    state = commands.new_state("mist")
    rng = random.Random(2)
    taken = 0
    for text in _demo_lines("mist.txt"):
        for tried in MIST_TRIES:
            taken += agrees(state, "mist", tried)
        command = commands.parse(text, "mist")
        assert command is not None
        state, _ = commands.apply(state, "mist", command, rng)
    assert taken > 10


def test_no_dice_stops_at_the_first_die() -> None:
    with pytest.raises(DiceReached):
        NoDice().randint(1, 10)
    state = play("ih-d10", ["add Ann init=12", "add Ghoul init=9", "begin"])
    command = commands.parse("attack Ann Ghoul dp=5", "ih-d10")
    assert refusal(state, "ih-d10", command) is None


def test_the_values_a_line_is_checked_against_are_checked() -> None:
    state = play("ih-d10", ["add Ann init=12"])
    command = commands.parse("damage Ann 2", "ih-d10")
    assert refusal(state, "ih-d10", command) is None
    huge = commands.ih_commands.Damage("Ann", 10**9)
    error = refusal(state, "ih-d10", huge)
    assert error is not None and error.code.startswith("input.")
