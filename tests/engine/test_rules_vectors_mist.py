"""RULES.md §5's M.I.S.T. vectors (7, 8, 14, 21–24), one table each, driven through the engine's
command language as the console and ``run`` drive it (hand-written dice)."""

from __future__ import annotations

import pytest
from mist_support import Dice, run
from rules_vector_scenes import CASE_FILE

from engine.dice.mist import Outcome, evaluate_mist
from engine.errors import RuleError
from engine.mist import roster
from engine.mist.commands import PowerChoice
from engine.mist.events import Marked, StatusTaken, TagBurned, ThemeLost
from engine.mist.power import breakdown
from engine.mist.state import ThemeType

# --- vector 7: power 3, d8 4, d4s 1, 3, 2 → 7, success with a consequence -------------------


def test_vector_7() -> None:
    roll = evaluate_mist(3, 4, (1, 3, 2))
    assert (roll.total, roll.outcome) == (7, Outcome.MIXED)


# --- vectors 8 and 14: a status as six boxes ---------------------------------------------------

STATUS_VECTORS = [
    ("8 take 2", [], ["status Mei hurt 2"], (2,), 2),
    ("8 take 2 again", [], ["status Mei hurt 2", "status Mei hurt 2"], (2, 3), 3),
    ("8 take 1", [], ["status Mei hurt 2"] * 2 + ["status Mei hurt 1"], (1, 2, 3), 3),
    (
        "8 reduce by 2",
        [],
        ["status Mei hurt 2"] * 2 + ["status Mei hurt 1", "reduce Mei hurt 2"],
        (1,),
        1,
    ),
    (
        "8/14 {2, 4} − 1",
        [],
        ["status Mei hurt 2", "status Mei hurt 4", "reduce Mei hurt 1"],
        (1, 3),
        3,
    ),
    ("8 {4} − 1", [], ["status Mei hurt 4", "reduce Mei hurt 1"], (3,), 3),
    ("8 {6} + 6 capped", [], ["status Mei hurt 6", "status Mei hurt 6"], (6,), 6),
    (
        "14 [I-11] switched",
        ["interpret reduce_erases_highest_marks=true"],
        ["status Mei hurt 2", "status Mei hurt 4", "reduce Mei hurt 1"],
        (2,),
        2,
    ),
]


@pytest.mark.parametrize(
    ("settings", "lines", "boxes", "tier"),
    [v[1:] for v in STATUS_VECTORS],
    ids=[v[0] for v in STATUS_VECTORS],
)
def test_vectors_8_and_14(
    settings: list[str], lines: list[str], boxes: tuple[int, ...], tier: int
) -> None:
    state, events = run([*settings, "pc Mei", *lines])
    hurt = state.characters[0].statuses[0]
    assert (hurt.boxes, hurt.tier) == (boxes, tier)
    if lines == ["status Mei hurt 6", "status Mei hurt 6"]:
        assert [e.capped for e in events if isinstance(e, StatusTaken)] == [False, True]


# --- vector 21: statuses in power [I-21] -------------------------------------------------------

STATUS_POWER = [
    # (id, single highest [I-21] switched, helping tiers, hindering tiers, power)
    ("helping 3, 2, hindering 2", False, (3, 2), (2,), 1),
    ("helping 3, 2, hindering 2, [I-21] switched", True, (3, 2), (2,), 3),
    ("top helping 2, hindering 2", False, (2,), (2,), 0),
    ("top helping 2, hindering 2, [I-21] switched", True, (2, 1), (2,), 0),
    ("hindering above helping, [I-21] switched", True, (1,), (3, 2), -3),
]


@pytest.mark.parametrize(
    ("single", "helping", "hindering", "power"),
    [v[1:] for v in STATUS_POWER],
    ids=[v[0] for v in STATUS_POWER],
)
def test_vector_21(
    single: bool, helping: tuple[int, ...], hindering: tuple[int, ...], power: int
) -> None:
    names = [f"up{i}" for i in range(len(helping))], [f"down{i}" for i in range(len(hindering))]
    lines = ["pc Mei"] + [f"status Mei {n} {t}" for n, t in zip(names[0], helping, strict=True)]
    lines += [f"status Mei {n} {t}" for n, t in zip(names[1], hindering, strict=True)]
    lines.append(f"interpret status_power_single_highest={'true' if single else 'false'}")
    state, _ = run(lines)
    choice = PowerChoice(statuses=tuple(names[0]), hindering=tuple(names[1]))
    assert breakdown(state, roster.character(state, "Mei"), choice).power == power


# --- vector 22: burn all power tags; a theme lost through Full immersion -----------------------

TAINT = 'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"'
SELVES = [
    'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"',
    'theme Mei self "Mother" power="patience,warm hands" weakness="worry"',
]


def test_vector_22_submerge_mixed_burns_the_theme_tag_and_both_power_tags() -> None:
    state, _ = run(["pc Mei", TAINT, SELVES[0]])
    state, events = run(['immerse Mei "Shadow Step" submerge'], state, Dice(5, 1))
    assert [e.tag for e in events if isinstance(e, TagBurned)] == [
        "Shadow Step",
        "walls",
        "cold touch",
    ]


def test_vector_22_dive_mixed_loses_a_grown_taint() -> None:
    grown = ['mark Mei "Shadow Step" mastery 3', 'growth Mei "Shadow Step" power "vanish"']
    state, _ = run(["pc Mei", TAINT, *SELVES, *grown])
    state, events = run(['immerse Mei "Shadow Step" dive'], state, Dice(4, 1, 1))  # 6
    lost = next(e for e in events if isinstance(e, ThemeLost))
    assert (lost.evolution_added, lost.controlled_tier, lost.rebirth) == (2, 4, ThemeType.SELF)
    mei = state.characters[0]
    assert mei.evolution == 2 and mei.rebirths_pending == (ThemeType.SELF,)
    assert [(s.name, s.tier) for s in mei.statuses] == [("Controlled", 4)]
    state, _ = run(['rebirth Mei "Night Nurse" weakness="sleepless"'], state)
    newborn = state.characters[0].themes[-1]
    assert (newborn.type, newborn.newborn, newborn.power_tags) == (ThemeType.SELF, True, ())
    assert [w.name for w in newborn.weaknesses] == ["sleepless"]


# --- vector 23: one mark per weakness tag [I-23] -----------------------------------------------

WEAKNESS_VECTORS = [
    # (id, [I-23] switched, hindering weakness tags, marks by theme)
    ("A and B", False, "light,stubborn", {"Shadow Step": 1, "Detective": 1}),
    ("two of A", False, "light,shadows", {"Shadow Step": 2, "Detective": 0}),
    ("two of A, [I-23] switched", True, "light,shadows", {"Shadow Step": 1, "Detective": 0}),
]


@pytest.mark.parametrize(
    ("once", "hinder", "marks"),
    [v[1:] for v in WEAKNESS_VECTORS],
    ids=[v[0] for v in WEAKNESS_VECTORS],
)
def test_vector_23(once: bool, hinder: str, marks: dict[str, int]) -> None:
    lines = [
        "pc Mei",
        'theme Mei taint "Shadow Step" power="walls" weakness="light,shadows"',
        SELVES[0],
        f"interpret weakness_marks_theme_once_per_roll={'true' if once else 'false'}",
        "phase action",
        f'action Mei hinder="{hinder}"',
    ]
    state, events = run(lines, rng=Dice(5, 1, 1))
    themes = {t.name: t.growth_marks for t in state.characters[0].themes}
    assert themes == marks
    assert sum(isinstance(e, Marked) for e in events) == sum(marks.values())


# --- vector 24: the case file closes with its Test [I-22]; after Fall asleep [I-25] ------------


CASE_STEPS = [
    # (line, dice, the refusal's code or None)
    ("deduce k2", (8, 1), None),
    ("deduce k2", (8, 1), None),
    ("casefile close", (), "mist.casefile.close-needs-test"),
    ('test k1 property="fears no silver"', (1, 1, 1), None),
    ("test k1", (8, 4, 4), "mist.casefile.refuted-rolled-again"),
    ("deduce k1", (8, 4, 4), "mist.casefile.refuted-rolled-again"),
    ("casefile close", (), "mist.casefile.case-file-open"),
]


def test_vector_24_case_file() -> None:
    state, _ = run(CASE_FILE)
    for line, dice, code in CASE_STEPS:
        if code is None:
            state, _ = run([line], state, Dice(*dice))
            continue
        with pytest.raises(RuleError) as caught:
            run([line], state, Dice(*dice))
        assert caught.value.code == code, line
    case = state.case_file
    assert not case.open and case.tested and case.moments == 1
    k1 = case.conclusions[0]
    assert (k1.refuted, k1.refuted_by) == (True, "p1")
    assert [p.id for p in case.properties] == ["p1"] and case.opportunities == ()


def test_vector_24_indulge_after_fall_asleep() -> None:
    lines = ["pc Mei", 'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"']
    for name in "ABCDE":
        lines += [f'theme Mei self "{name}" power="x,y"', f"mark Mei {name} abandon 3"]
    state, _ = run([*lines, 'theme Mei self "Nurse" power="x,y"', "retire Mei sleep"])
    with pytest.raises(RuleError) as caught:
        run(["phase action", 'action Mei tags=x indulge="Shadow Step"'], state, Dice(8, 1))
    assert caught.value.code == "mist.asleep.no-indulge"
