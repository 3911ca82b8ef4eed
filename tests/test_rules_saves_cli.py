"""RULES.md §1.6 and §2.2: a save is rolled from the sheet as its own pool (two traits and its
bonus, [I-17]), alone against a DC or as the passive side of an opposed check, and never made
actively (not the acting side, not an attack, not an extended action). Through ``st-console run``.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from console.cli import main
from console.i18n import Translator
from console.ih.sheet_text import pool_label
from engine.ih.rolls import PoolPart

SHEETS = [
    "sheet Ann pc dexterity=6 athletics=2 resolve=3 concentration=2 composure=2 stamina=2 "
    "survival=1 reflex-save-bonus=1 fortitude-save-bonus=2",
    "sheet Bob npc presence=3 expression=2",
]


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    lang: str = "en",
) -> tuple[int, dict[str, Any], str]:
    script = "\n".join(["scene new V ih-d10", *SHEETS, *lines]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(["run", "-", "--seed", "4", "--json", "--lang", lang])
    out, err = capsys.readouterr()
    return status, json.loads(out), err


@pytest.mark.parametrize(
    ("word", "derived", "parts", "bonus"),
    [
        ("reflex-save", "reflex_save", [6, 2, 1], 1),  # Dexterity 6 gives 1 bonus success (§1.5)
        ("will-save", "will_save", [3, 2, 0], 0),
        ("fortitude_save", "fortitude_save", [2, 1, 2], 0),
        ("强韧豁免", "fortitude_save", [2, 1, 2], 0),  # the zh label the console shows
        ("強韌豁免", "fortitude_save", [2, 1, 2], 0),
    ],
)
def test_a_save_alone_rolls_the_derived_pool(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    word: str,
    derived: str,
    parts: list[int],
    bonus: int,
) -> None:
    status, view, err = run(capsys, monkeypatch, [f"check Ann {word} --dc 2"])
    assert status == 0, err
    roll = view["rolls"][0]
    assert roll["dp"] == view["sheets"][0]["derived"][derived] == sum(parts)
    assert [p["value"] for p in roll["parts"]] == parts and roll["bonus"] == bonus
    assert roll["label"] == derived.replace("_", "-") and roll["dc"] == 2


def test_a_save_is_the_passive_side_of_an_opposed_check(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, view, err = run(capsys, monkeypatch, ["check Bob presence+expression vs=Ann:will-save"])
    assert status == 0, err
    bob, ann = view["rolls"]
    assert (ann["by"], ann["label"], ann["dp"]) == ("Ann", "will-save", 5)
    assert bob["dc"] == ann["final_successes"]


def test_i17_switched_the_will_save_adds_willpower(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["interpret will_save_adds_willpower=true", "check Ann will-save"]
    status, view, err = run(capsys, monkeypatch, lines)
    assert status == 0, err
    roll = view["rolls"][0]
    assert roll["dp"] == view["sheets"][0]["derived"]["will_save"] == 3 + 2 + 5
    assert roll["parts"][-1] == {"kind": "save", "label": "willpower", "value": 5}


def test_a_reflex_move_doubles_the_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§3.7: against an area attack allowing a save, after a reflex move out of its reach."""
    _, plain, _ = run(capsys, monkeypatch, ["check Ann reflex-save-1"])
    status, doubled, err = run(capsys, monkeypatch, ["check Ann reflex-save-1 reflex-move"])
    assert status == 0, err
    assert doubled["rolls"][0]["dp"] == plain["rolls"][0]["dp"] == 8
    assert doubled["rolls"][0]["final_successes"] == 2 * plain["rolls"][0]["final_successes"]


REFUSED = [
    ("check Ann will-save vs=Bob:presence+expression", "never made actively"),
    ("add Ann from=Ann init=10\nadd Bob from=Bob init=12\nbegin\nattack Bob Ann reflex-save",
     "never made actively"),
    ('extended Ann "Hold on" will-save dc=5 interval=minute', "never made actively"),
    ("check Ann reflex-save+dexterity", "a pool of its own"),
    ("check Ann will-save+reflex-save", "a pool of its own"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "words"), REFUSED)
def test_a_save_made_actively_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, line: str, words: str
) -> None:
    status, _, err = run(capsys, monkeypatch, line.split("\n"))
    assert status == 1 and words in err, err
    assert ("§1.6" if "actively" in words else "§2.2") in err


@pytest.mark.parametrize(("lang", "words"), [("zh", "从不主动进行"), ("zh-Hant", "從不主動進行")])
def test_the_refusal_speaks_the_table_s_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    status, _, err = run(capsys, monkeypatch, ["check Ann 意志豁免 vs=Bob:风度+表达"], lang)
    assert status == 1 and words in err and "意志豁免" in err, err


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "Reflex save (Dexterity + Athletics + save bonus)"),
        ("zh", "反射豁免（敏捷 + 运动 + 豁免加值）"),
        ("zh-Hant", "反射豁免（敏捷 + 運動 + 豁免加值）"),
    ],
)
def test_the_dice_log_names_the_save(lang: str, label: str) -> None:
    parts = (
        PoolPart("attribute", "dexterity", 6),
        PoolPart("skill", "athletics", 2),
        PoolPart("save", "save_bonus", 1),
    )
    assert pool_label(Translator(lang), parts) == label
