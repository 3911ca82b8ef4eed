"""RULES.md §5: every test vector, through the public command line (INTERFACE.md §1–2).

The engine tests deal hand-written faces (tests/engine/test_rules_vectors_*.py); a hidden checker
can only drive ``st-console run``/``roll``/``odds``. Each row here is that: a ``run -`` script, the
``--seed`` whose dice are the vector's faces (found once by replaying the per-command seeds
``engine.session`` derives, ``seed × 1000003 + n`` for the n-th command after ``scene new``), the
faces the JSON must show (so a seed that stops matching fails loudly, not silently), and what the
JSON must say. Vector 6 (§1.9 arithmetic) has no command: ``engine.arithmetic.modified_value`` is
its public API (README "Engine API").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_call import call as cli
from rules_vector_scenes import CASE_FILE as OPEN_CASE_FILE
from rules_vector_scenes import (
    EIGHTEEN,
    FIFTEEN,
    LANGUAGES,
    NINE,
    NINETEEN,
    SEVENTEEN,
    THIRTEEN,
    TWENTY,
)

# --- helpers -----------------------------------------------------------------------------------


def run_json(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    system: str,
    lines: list[str],
    seed: int = 1,
) -> tuple[int, dict[str, Any], str]:
    """``st-console run - --seed SEED --json`` on ``scene new V SYSTEM`` + ``lines``."""
    script = "\n".join([f"scene new V {system}", *lines]) + "\n"
    status, out, err = cli(
        capsys, monkeypatch, "run", "-", "--seed", str(seed), "--json", stdin=script
    )
    return status, json.loads(out) if out.strip() else {}, err


def pick(view: Any, path: str) -> Any:
    """``a.b.-1.c`` in the JSON; ``*`` maps the rest of the path over a list."""
    head, _, rest = path.partition(".")
    if head == "*":
        return [pick(item, rest) if rest else item for item in view]
    value = view[int(head)] if isinstance(view, list) else view[head]
    return pick(value, rest) if rest else value


# --- Infinite Horror (vectors 1–5, 9–13, 15–20) ------------------------------------------------


# (id, system, lines, seed, the faces of every roll in order, expectations)
IH: list[tuple[str, str, list[str], int, list[list[int]], dict[str, Any]]] = [
    ("1", "ih-d10", ["roll ih-d10 3"], 978, [[10, 4, 8, 9]],
     {"rolls.0.rolled_successes": 3, "rolls.0.extra_dice": 1, "rolls.0.final_successes": 3}),
    ("1 bonus 2", "ih-d10", ["roll ih-d10 3 --bonus 2"], 978, [[10, 4, 8, 9]],
     {"rolls.0.rolled_successes": 3, "rolls.0.final_successes": 5}),
    ("2", "ih-d10", ["roll ih-d10 2 --penalty 3 --bonus 4 --dc 1"], 148, [[8, 3]],
     {"rolls.0.rolled_successes": 1, "rolls.0.final_successes": 0, "rolls.0.success": False}),
    ("3 face 1", "ih-d10", ["roll ih-d10 0"], 3, [[1]],
     {"rolls.0.chance": True, "rolls.0.dramatic_failure": True, "rolls.0.final_successes": 0}),
    ("3 face 10, extra 2", "ih-d10", ["roll ih-d10 0"], 4, [[10, 2]],
     {"rolls.0.chance": True, "rolls.0.final_successes": 1, "rolls.0.dramatic_failure": False}),
    ("4", "ih-d6", ["roll ih-d6 4 --level 1"], 13998, [[6, 6, 2, 5, 6]],
     {"rolls.0.rolled_successes": 4, "rolls.0.extra_dice": 1}),
    ("5", "ih-d6", ["roll ih-d6 0"], 736, [[6, 6, 5, 1]],
     {"rolls.0.final_successes": 2, "rolls.0.extra_dice": 2, "rolls.0.dramatic_failure": False}),
    ("9 order", "ih-d10", NINE, 1, [], {"order.*.name": ["A", "B", "C"]}),
    ("9 B delays after C", "ih-d10", [*NINE, "delay B after C"], 1, [],
     {"order.*.name": ["A", "C", "B"], "order.2.initiative": 12}),
    ("9 every later round", "ih-d10",
     [*NINE, "delay B after C", "next", "next", "next", "next", "next"], 1, [],
     {"round": 2, "current": "B", "order.*.name": ["A", "C", "B"]}),
    ("10", "ih-d10",
     ["add A init=15", "add B init=10", "begin", "next", "next", "join C init=20", "next",
      "next"], 1, [], {"round": 3, "current": "C", "order.*.name": ["C", "A", "B"]}),
    ("12 faces 10, 8", "ih-d10", ["roll ih-d10 0 --again 8"], 136, [[10, 8]],
     {"rolls.0.final_successes": 2, "rolls.0.extra_dice": 1}),
    ("12 face 9", "ih-d10", ["roll ih-d10 0 --again 8"], 1, [[9]],
     {"rolls.0.final_successes": 0, "rolls.0.extra_dice": 0}),
    ("13 hit", "ih-d10", [*THIRTEEN, "next", "attack Ann Ghoul dp=7 bonus=2 defend=1"], 110739,
     [[9, 8, 3, 2, 1]],
     {"rolls.0.dp": 5, "rolls.0.rolled_successes": 2, "rolls.0.attack.hit": True,
      "rolls.0.attack.damage": 3, "order.0.health": 6}),
    ("13 miss", "ih-d10", [*THIRTEEN, "next", "attack Ann Ghoul dp=7 bonus=2 defend=1"], 232440,
     [[8, 1, 1, 1, 1]],
     {"rolls.0.attack.hit": False, "rolls.0.attack.damage": 0, "order.0.health": 9}),
    ("15", "ih-d10", [*FIFTEEN, "willpower T defense", "next", "attack A T dp=10 reflex-move"],
     227, [[8, 1]], {"rolls.0.attack.defense": 8, "rolls.0.dp": 2, "rolls.0.chance": False}),
    ("16 penalty on a chance roll", "ih-d10", ["roll ih-d10 0 --penalty 1"], 250, [[10, 10, 3]],
     {"rolls.0.rolled_successes": 2, "rolls.0.final_successes": 1}),
    ("16 untrained, not dramatic", "ih-d10",
     ["roll ih-d10 0 --untrained physical --bonus 2 --dc 1"], 65, [[10, 9]],
     {"rolls.0.final_successes": 0, "rolls.0.success": False,
      "rolls.0.dramatic_failure": False, "rolls.0.bonus": 0}),
    ("16 d6 level 3 ignored [I-2]", "ih-d6", ["roll ih-d6 0 --level 3"], 4919, [[6, 6, 5, 6]],
     {"rolls.0.final_successes": 3, "rolls.0.extra_dice": 2}),
    ("16 d6 current level, [I-2] switched", "ih-d6",
     ["interpret d6_chance_extra_dice_current_level=true", "roll ih-d6 0 --level 3"], 8327,
     [[6, 6, 5, 6, 1, 2]], {"rolls.0.final_successes": 3, "rolls.0.extra_dice": 4}),
    ("17 attack 1: declare 2, a miss", "ih-d10", [*SEVENTEEN, "attack A D dp=2 defend=2"], 11,
     [[8]], {"rolls.0.attack.hit": False, "order.0.defense_bonus_left": 1}),
    ("17 the defender's next turn: 3 again", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 defend=2", "next", "attack B D dp=2 defend=1", "next"], 34,
     [[8], [8]], {"current": "D", "order.0.defense_bonus_left": 3}),
    ("17 in one action: defend=2,1", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 attacks=2 defend=2,1"], 37, [[8], [8]],
     {"rolls.*.attack.defense_bonus": [2, 1], "order.0.defense_bonus_left": 0}),
    ("18", "ih-d10", [*EIGHTEEN, "attack A X,Y dp=1 bonus=3 attacks=X:2"], 228, [[8], [8], [8]],
     {"rolls.*.attack.target": ["X", "X", "Y"], "rolls.*.attack.attack_bonus": [2, 1, 3],
      "order.1.health": 15, "order.2.health": 16}),
    ("19 both reach 3: success [I-16]", "ih-d10", [*NINETEEN, "extended roll x1"], 20284,
     [[8, 1, 1], [8, 9, 1]],
     {"extended.0.state": "done", "extended.0.successes": 3, "extended.0.ones": 3}),
    ("19 the 1s first: mishap", "ih-d10", [*NINETEEN, "extended roll x1"], 1292197,
     [[8, 1, 1], [8, 5, 1]], {"extended.0.state": "failed", "extended.0.ones": 3}),
    ("19 [I-16] switched: the tie is a mishap", "ih-d10",
     ["interpret extended_tie_goes_to_mishap=true", *NINETEEN, "extended roll x1"], 130289,
     [[8, 1, 1], [8, 9, 1]], {"extended.0.state": "failed"}),
    ("20 Will save 5 [I-17]", "ih-d10", TWENTY, 1, [], {"sheets.0.derived.will_save": 5}),
    ("20 [I-17] switched: Willpower", "ih-d10",
     ["interpret will_save_adds_willpower=true", *TWENTY], 1, [],
     {"sheets.0.derived.will_save": 3 + 2 + 4}),  # Resolve 3 + Composure 1 = willpower 4
]  # fmt: skip


@pytest.mark.parametrize(
    ("system", "lines", "seed", "faces", "expected"),
    [row[1:] for row in IH],
    ids=[row[0] for row in IH],
)
def test_ih_vector_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    system: str,
    lines: list[str],
    seed: int,
    faces: list[list[int]],
    expected: dict[str, Any],
) -> None:
    status, view, err = run_json(capsys, monkeypatch, system, lines, seed)
    assert status == 0, err
    assert [roll["faces"] for roll in view["rolls"]] == faces
    for path, value in expected.items():
        assert pick(view, path) == value, path


# (id, system, lines before, the refused line, seed, its line number, words of the refusal)
IH_REFUSALS = [
    ("11 delay after one who acted", "ih-d10",
     ["add A init=15", "add B init=12", "add C init=10", "begin", "next", "next"],
     "delay C after A", 1, "a delay never raises a score"),
    ("17 attack 2 that round: at most 1 to declare", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 defend=2", "next"], "attack B D dp=2 defend=2", 11,
     "has 1 defense bonus success(es) left"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("system", "lines", "line", "seed", "words"),
    [row[1:] for row in IH_REFUSALS],
    ids=[row[0] for row in IH_REFUSALS],
)
def test_ih_vector_refusal_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    system: str,
    lines: list[str],
    line: str,
    seed: int,
    words: str,
) -> None:
    status, view, err = run_json(capsys, monkeypatch, system, [*lines, line], seed)
    before_status, before, _ = run_json(capsys, monkeypatch, system, lines, seed)
    assert (status, before_status) == (1, 0)
    assert f"line {len(lines) + 2}" in err and words in err, err
    assert view == before  # the state printed is the one before that line (INTERFACE.md §1)


SKILLS_20 = "Free skill points: {} spent of 3"


def test_vector_20_skill_of_4_costs_6_and_7_switched(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """[I-19]: Firearms 4 = 1 + 1 + 2 + 2 = 6, the whole physical share (the player picks it,
    [I-9]), no free point; switched, 1 + 1 + 2 + 3 = 7, one free point."""
    _, view, _ = run_json(capsys, monkeypatch, "ih-d10", TWENTY)
    problems = view["sheets"][0]["creation_problems"]
    assert SKILLS_20.format(0) in problems and not any("Physical skills" in p for p in problems)
    _, view, _ = run_json(
        capsys, monkeypatch, "ih-d10", ["interpret skill_four_costs_three=true", *TWENTY]
    )
    assert SKILLS_20.format(1) in view["sheets"][0]["creation_problems"]


def test_vector_20_languages_4_1_1_are_6_points(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """[I-18]: Intelligence 3 gives 6 points: native 4 (4) + related 2 at half (1) + other 1."""
    _, view, _ = run_json(capsys, monkeypatch, "ih-d10", [*TWENTY, *LANGUAGES])
    assert not any("anguage" in p for p in view["sheets"][0]["creation_problems"])
    more = [*TWENTY, *LANGUAGES, 'language Ann "French" 1']  # 7 of 6
    _, view, _ = run_json(capsys, monkeypatch, "ih-d10", more)
    assert any("anguage" in p and "7" in p for p in view["sheets"][0]["creation_problems"])


# --- roll and odds on the command line (vectors 1–5, 7, 12, 16) ---------------------------------

ROLLS = [
    # (id, argv, seed, expectations of roll --json)
    ("1", ["ih-d10", "3", "--bonus", "2"], 53,
     {"faces": [10, 4, 8, 9], "rolled_successes": 3, "final_successes": 5, "extra_dice": 1}),
    ("7", ["mist", "3"], 85, {"d8": 4, "d4s": [1, 3, 2], "total": 7, "outcome": "mixed"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "seed", "expected"), [row[1:] for row in ROLLS], ids=[row[0] for row in ROLLS]
)
def test_vector_through_roll(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    seed: int,
    expected: dict[str, Any],
) -> None:
    status, out, err = cli(capsys, monkeypatch, "roll", *argv, "--seed", str(seed), "--json")
    assert status == 0, err
    view = json.loads(out)
    for key, value in expected.items():
        assert view[key] == value, key


def odds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str
) -> dict[str, Any]:
    status, out, err = cli(capsys, monkeypatch, "odds", *argv, "--json")
    assert status == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


def test_vector_3_chance_odds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A d10 chance die: a 1 (1/10) is a dramatic failure; only a 10 (1/10) succeeds."""
    view = odds(capsys, monkeypatch, "ih-d10", "0", "--dc", "1")
    assert view["p_dramatic_failure"] == pytest.approx(0.1)
    assert view["p_success"] == pytest.approx(0.1)
    assert view["distribution"]["0"] == pytest.approx(0.9)
    # [I-7]: 8-again does not touch it: after the 10, the extra die is a plain d10 (10-again)
    assert odds(capsys, monkeypatch, "ih-d10", "0", "--again", "8") == view | {"p_success": None}


def test_vector_5_d6_chance_odds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two d6: both 1 (1/36) dramatic; both 6 (1/36) one success + 2 fresh dice at level 1."""
    view = odds(capsys, monkeypatch, "ih-d6", "0")
    assert view["p_dramatic_failure"] == pytest.approx(1 / 36)
    assert view["distribution"]["1"] == pytest.approx(1 / 36 * (4 / 6) ** 2)  # no extra success
    assert view["distribution"]["2"] == pytest.approx(1 / 36 * 2 * (2 / 6) * (4 / 6))
    # vector 16: a raised level is ignored [I-2]
    assert odds(capsys, monkeypatch, "ih-d6", "0", "--level", "3") == view


def test_vector_2_odds_bonus_only_after_a_success(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DP 2, penalty 3, bonus 4: final 1–4 never happens (the bonus comes only on top of an
    effective success, so the least success is 1 + 4 = 5, from 4 rolled)."""
    view = odds(capsys, monkeypatch, "ih-d10", "2", "--penalty", "3", "--bonus", "4")
    rolled = odds(capsys, monkeypatch, "ih-d10", "2")["distribution"]
    assert all(view["distribution"][str(k)] == 0.0 for k in range(1, 5))
    assert view["distribution"]["5"] == pytest.approx(rolled["4"])
    assert view["distribution"]["0"] == pytest.approx(sum(rolled[str(k)] for k in range(4)))


def test_vector_7_mist_odds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Power 3: P(total 7) = P(d8 + highest of 3d4 = 7) = 1/8 (every d8 face pairs once)."""
    view = odds(capsys, monkeypatch, "mist", "3")
    assert view["distribution"]["7"] == pytest.approx(1 / 8)
    assert view["p_fail"] + view["p_mixed"] + view["p_success"] == pytest.approx(1.0)


# --- M.I.S.T. (vectors 8, 14, 21–24) -----------------------------------------------------------

STATUSES = [
    # (id, lines after pc Mei, boxes, tier)
    ("8 take 2", ["status Mei hurt 2"], [2], 2),
    ("8 take 2 again", ["status Mei hurt 2"] * 2, [2, 3], 3),
    ("8 take 1", ["status Mei hurt 2"] * 2 + ["status Mei hurt 1"], [1, 2, 3], 3),
    ("8 reduce by 2", ["status Mei hurt 2"] * 2 + ["status Mei hurt 1", "reduce Mei hurt 2"],
     [1], 1),
    ("8/14 {2, 4} − 1", ["status Mei hurt 2", "status Mei hurt 4", "reduce Mei hurt 1"],
     [1, 3], 3),
    ("8 {4} − 1", ["status Mei hurt 4", "reduce Mei hurt 1"], [3], 3),
    ("8 {6} + 6 capped", ["status Mei hurt 6", "status Mei hurt 6"], [6], 6),
    ("14 [I-11] switched", ["interpret reduce_erases_highest_marks=true", "status Mei hurt 2",
                            "status Mei hurt 4", "reduce Mei hurt 1"], [2], 2),
]  # fmt: skip


@pytest.mark.parametrize(
    ("lines", "boxes", "tier"), [row[1:] for row in STATUSES], ids=[row[0] for row in STATUSES]
)
def test_vectors_8_and_14_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    boxes: list[int],
    tier: int,
) -> None:
    status, view, err = run_json(capsys, monkeypatch, "mist", ["pc Mei", *lines])
    assert status == 0, err
    assert view["characters"][0]["statuses"]["hurt"] == {"tier": tier, "boxes": boxes}


STATUS_POWER = [
    # (id, [I-21] switched, helping tiers, hindering tiers, power)
    ("helping 3, 2, hindering 2", False, (3, 2), (2,), 1),
    ("helping 3, 2, hindering 2, [I-21] switched", True, (3, 2), (2,), 3),
    ("top helping 2, hindering 2", False, (2,), (2,), 0),
    ("top helping 2, hindering 2, [I-21] switched", True, (2,), (2,), 0),
]


@pytest.mark.parametrize(
    ("single", "helping", "hindering", "power"),
    [row[1:] for row in STATUS_POWER],
    ids=[row[0] for row in STATUS_POWER],
)
def test_vector_21_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    single: bool,
    helping: tuple[int, ...],
    hindering: tuple[int, ...],
    power: int,
) -> None:
    ups = [f"up{i}" for i in range(len(helping))]
    downs = [f"down{i}" for i in range(len(hindering))]
    lines = [f"interpret status_power_single_highest={str(single).lower()}", "pc Mei"]
    lines += [f"status Mei {n} {t}" for n, t in zip(ups, helping, strict=True)]
    lines += [f"status Mei {n} {t}" for n, t in zip(downs, hindering, strict=True)]
    lines += ["phase action", f"action Mei statuses={','.join(ups)} hindering={','.join(downs)}"]
    status, view, err = run_json(capsys, monkeypatch, "mist", lines)
    assert status == 0, err
    assert view["action"]["power"] == power


TAINT = 'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"'
SELVES = [
    'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"',
    'theme Mei self "Mother" power="patience,warm hands" weakness="worry"',
]


def test_vector_22_submerge_mixed_burns_three(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Power = 1 Self theme; d8 5 + d4 1 = 6: Indulgence marked, theme tag + 2 tags burned."""
    lines = ["pc Mei", TAINT, SELVES[0], 'immerse Mei "Shadow Step" submerge']
    status, view, err = run_json(capsys, monkeypatch, "mist", lines, seed=20)
    assert status == 0, err
    shadow = view["characters"][0]["themes"][0]
    assert shadow["theme_tag_burned"] and all(t["burned"] for t in shadow["power_tags"])
    assert shadow["indulgence"] == 1


def test_vector_22_dive_mixed_loses_a_grown_taint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """2 Self themes, d8 4 + highest d4 1 = 5 → ≤ 5 takes the 6–8 result: lose the theme.
    Evolution +1 +1 (it had a growth), Controlled 6 − 2 = 4 at once, a newborn Self owed."""
    grown = ['mark Mei "Shadow Step" mastery 3', 'growth Mei "Shadow Step" power "vanish"']
    lines = ["pc Mei", TAINT, *SELVES, *grown, 'immerse Mei "Shadow Step" dive']
    status, view, err = run_json(capsys, monkeypatch, "mist", lines, seed=206)
    assert status == 0, err
    mei = view["characters"][0]
    assert mei["evolution"] == 2 and mei["rebirths_pending"] == ["self"]
    assert mei["statuses"] == {"Controlled": {"tier": 4, "boxes": [4]}}
    assert [t["name"] for t in mei["themes"]] == ["Detective", "Mother"]
    status, view, err = run_json(
        capsys,
        monkeypatch,
        "mist",
        [*lines, 'rebirth Mei "Night Nurse" weakness="sleepless"'],
        seed=206,
    )
    assert status == 0, err
    newborn = view["characters"][0]["themes"][-1]
    assert (newborn["type"], newborn["newborn"], newborn["power_tags"]) == ("self", True, [])
    assert newborn["weaknesses"] == ["sleepless"]


WEAKNESS = [
    # (id, [I-23] switched, hindering weakness tags, (Shadow Step's Mastery, Detective's Progress))
    ("A and B", False, "light,stubborn", (1, 1)),
    ("two of A", False, "light,shadows", (2, 0)),
    ("two of A, [I-23] switched", True, "light,shadows", (1, 0)),
]


@pytest.mark.parametrize(
    ("once", "hinder", "marks"), [row[1:] for row in WEAKNESS], ids=[row[0] for row in WEAKNESS]
)
def test_vector_23_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    once: bool,
    hinder: str,
    marks: tuple[int, int],
) -> None:
    lines = [
        "pc Mei",
        'theme Mei taint "Shadow Step" power="walls" weakness="light,shadows"',
        SELVES[0],
        f"interpret weakness_marks_theme_once_per_roll={str(once).lower()}",
        "phase action",
        f'action Mei hinder="{hinder}"',
    ]
    status, view, err = run_json(capsys, monkeypatch, "mist", lines, seed=18)
    assert status == 0, err
    shadow, detective = view["characters"][0]["themes"]
    assert (shadow["mastery"], detective.get("progress")) == marks


CASE_FILE = [
    *OPEN_CASE_FILE,
    "deduce k2",  # d8 8 + d4 1 = 9
    "deduce k2",  # 9
]
TESTED = [*CASE_FILE, 'test k1 property="fears no silver"']  # d8 1 + d4s 1, 1 = 2: refuted


@pytest.mark.parametrize(
    ("lines", "line", "words"),
    [
        (CASE_FILE, "casefile close", "it closes only with its Test"),
        (TESTED, "test k1", "cannot be rolled again"),
        (TESTED, "deduce k1", "cannot be rolled again"),
    ],
    ids=["close after two Deductions", "test again", "deduce again"],
)
def test_vector_24_refusals_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    line: str,
    words: str,
) -> None:
    status, _, err = run_json(capsys, monkeypatch, "mist", [*lines, line], seed=13143)
    assert status == 1 and f"line {len(lines) + 2}" in err and words in err, err


def test_vector_24_a_test_at_5_or_less_closes_the_case_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, view, err = run_json(capsys, monkeypatch, "mist", TESTED, seed=13143)
    assert status == 0, err
    case = view["case_file"]
    k1 = case["conclusions"][0]
    assert case["open"] is False and case["tested"] is True
    assert (k1["result"], k1["refuted"], k1["refuted_by"], k1["can_roll"]) == (
        "fail",
        True,
        "p1",
        False,
    )
    assert [p["text"] for p in case["properties"]] == ["fears no silver"]


def test_vector_24_indulge_refused_after_fall_asleep(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["pc Mei", TAINT]
    for name in "ABCDE":  # five Self themes lost: Evolution 5
        lines += [f'theme Mei self "{name}" power="x,y"', f"mark Mei {name} abandon 3"]
    lines += ['theme Mei self "Nurse" power="x,y"', "retire Mei sleep", "phase action"]
    indulge = 'action Mei tags=x indulge="Shadow Step"'
    status, _, err = run_json(capsys, monkeypatch, "mist", [*lines, indulge])
    assert status == 1 and "no Indulge for the rest of the mission" in err, err


def test_vector_8_the_cap_is_reported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """{6} taking tier 6 again stays {6}, and the session report says the mark was lost."""
    script = "scene new V mist\npc Mei\nstatus Mei hurt 6\nstatus Mei hurt 6\n"
    saves = ("--save-dir", str(tmp_path))
    status, _, err = cli(capsys, monkeypatch, "run", "-", "--campaign", "C", *saves, stdin=script)
    assert status == 0, err
    status, out, err = cli(capsys, monkeypatch, "export", "C/V", "--format", "md", *saves)
    assert status == 0, err
    assert "the mark is lost at the cap (tier stays 6)" in out


@pytest.mark.parametrize(
    ("lang", "refuted", "found"),
    [
        ("en", "(power 2; result fail; refuted by p1)", "- Property p1: fears no silver"),
        ("zh", "（效力 2；结果 失败；被 p1 驳斥）", "- 特性 p1：fears no silver"),
        ("zh-Hant", "（效力 2；結果 失敗；被 p1 駁斥）", "- 特性 p1：fears no silver"),
    ],
)
def test_vector_24_the_printed_scene_shows_the_refuted_conclusion(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    refuted: str,
    found: str,
) -> None:
    """[I-22]: a refuted conclusion stays, shown with what refuted it; the revealed property
    joins the known ones (run's printed scene, as the players' view and the report show them)."""
    script = "\n".join(["scene new V mist", *TESTED]) + "\n"
    argv = ("run", "-", "--seed", "13143", "--lang", lang)
    status, out, err = cli(capsys, monkeypatch, *argv, stdin=script)
    assert status == 0, err
    assert refuted in out and found in out, out
