"""Issue 23's Infinite Horror refusals and marks as the Storyteller reads them, in each language
of the console (RULES.md §1.4, §3.7–§3.10, [I-13], [I-20])."""

from __future__ import annotations

import pytest

from console.i18n import Translator, error_text
from console.ih.combat_text import markers
from console.ih.view import Marks
from engine import session
from engine.errors import RuleError

SETUP = (
    "sheet Ann pc dexterity=3 wits=2 intelligence=2 composure=3 firearms=2",
    "add Ann from=Ann init=15",
    "add Ghoul init=12 defense=2 defense-bonus=2 health=9",
    "begin",
)

# (line refused after SETUP, its code, a word the refusal must name)
REFUSALS = [
    ("defend Ghoul 1", "ih.defense.flat-footed", "Ghoul"),
    ("check Ann intelligence+academics --willpower", "ih.check.willpower-auto-failure", "Ann"),
    ("check Ann firearms", "ih.check.skill-without-attribute", "firearms"),
    ("check Ann dexterity+firearms --level 2", "ih.option.level-not-d10", "--level"),
    ("attack Ann Ghoul dp=3 attacks=2 defend=1,1,1", "ih.attack.defend-too-many", "Ghoul"),
    ("attack Ann Ghoul dp=3 attacks=Cid:2", "ih.attack.attacks-not-target", "Cid"),
    ("willpower Ann -4\nwillpower Ann defense", "ih.willpower.none-left-defense", "Ann"),
    ("damage Ann 9\nfaint Ann", "ih.vitals.already-unconscious", "Ann"),
]


def refusal(lines: str) -> RuleError:
    scene = session.new_scene("S", "ih-d10", 1)
    for line in SETUP:
        scene, _ = session.execute_text(scene, line)
    *before, last = lines.splitlines()
    for line in before:
        scene, _ = session.execute_text(scene, line)
    with pytest.raises(RuleError) as caught:
        session.execute_text(scene, last)
    return caught.value


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(("lines", "code", "named"), REFUSALS, ids=[r[1] for r in REFUSALS])
def test_each_new_refusal_reads_in_the_tables_language(
    lines: str, code: str, named: str, lang: str
) -> None:
    error = refusal(lines)
    assert error.code == code
    text = error_text(error, lang)
    assert "{" not in text and named in text
    if lang != "en":  # its own words, not the English fallback
        assert text != error_text(error, "en")


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "3 past 0"), ("zh", "溢出伤害 3"), ("zh-Hant", "溢出傷害 3")]
)
def test_damage_past_zero_is_marked_in_the_queue(lang: str, expected: str) -> None:
    """[I-20]: recorded and shown; death stays the Storyteller's call."""
    text = markers(Translator(lang), Marks(unconscious=True, damage_past_zero=3)).plain
    assert text.endswith(expected) and text.startswith(Translator(lang)("marker.unconscious"))


def test_damage_past_zero_reaches_the_queue_from_the_record() -> None:
    """The queue's marks come from the engine's record: damage past 0 included ([I-20])."""
    from console.ih.view import ih_view
    from engine.ih.encounter import Encounter

    scene = session.new_scene("S", "ih-d10", 1)
    for line in (*SETUP, "damage Ghoul 12"):
        scene, _ = session.execute_text(scene, line)
    assert isinstance(scene.state, Encounter)
    ghoul = ih_view(scene.state, scene.system).find("Ghoul")
    assert ghoul is not None and ghoul.marks.damage_past_zero == 3
    assert markers(Translator("en"), ghoul.marks).plain.endswith("3 past 0")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "2 of it gained mid-action"), ("zh", "其中 2 为动作中途获得")],
)
def test_a_bonus_gained_mid_action_is_named_in_the_attack_line(lang: str, expected: str) -> None:
    from console.ih.combat_text import attack_details
    from engine.ih.events import AttackRolled

    found: list[AttackRolled] = []
    for seed in range(60):  # a scene seed whose two rolls both hit: the second gains the +2
        trial = session.new_scene("S", "ih-d10", seed)
        for line in ("add A init=15", "add X init=12 health=20", "begin"):
            trial, _ = session.execute_text(trial, line)
        trial, events = session.execute_text(trial, "attack A X dp=6 attacks=2 bonus-on-hit=2")
        found = [e for e in events if isinstance(e, AttackRolled)]
        if all(e.hit for e in found):
            break
    assert found[1].gained == 2
    assert expected in attack_details(Translator(lang), found[1])
    assert "gained" not in attack_details(Translator("en"), found[0])
