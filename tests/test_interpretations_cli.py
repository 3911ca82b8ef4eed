"""Every RULES.md [I-n] is a named setting switched through the public interface, and each of its
two values gives the result RULES.md says (``interpret FIELD=VALUE`` in ``st-console run``, or
``--interpret FIELD=VALUE`` on ``roll``/``odds``).

Each row runs the same script twice, the setting's default first and then switched (the
``interpret`` line stands first in both, so the dice of every later command are the same), and
reads one value off ``run --json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from cli_call import call as cli

from engine.settings import Interpretations


def statuses(view: dict[str, Any]) -> dict[str, list[int]]:
    return {name: s["boxes"] for name, s in view["characters"][0]["statuses"].items()}


def problems(words: str) -> Callable[[dict[str, Any]], list[str]]:
    return lambda view: [p for p in view["sheets"][0]["creation_problems"] if words in p]


def themes(view: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(t["name"], t["theme_tag_burned"]) for t in view["characters"][0]["themes"]]


DETECTIVE = 'theme Mei self "Detective" power="sharp eyes,old badge,keen" weakness="stubborn"'
ASLEEP = ["pc Mei", 'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"']
for _name in "ABCDE":  # five Self themes lost: Evolution 5, then Fall asleep
    ASLEEP += [f'theme Mei self "{_name}" power="x,y"', f"mark Mei {_name} abandon 3"]
ASLEEP += ['theme Mei self "Nurse" power="x,y"', "retire Mei sleep"]
NEWBORN = [
    "pc Mei",
    'theme Mei taint "Shadow Step" power="walls,cold touch" weakness="light"',
    'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"',
    "mark Mei Detective abandon 3",
    'rebirth Mei "Night Nurse" weakness="sleepless"',
]
for _tag in ("steady hands", "night owl"):
    NEWBORN += ['mark Mei "Night Nurse" mastery', f'growth Mei "Night Nurse" power "{_tag}"']
CASE = [
    "pc Mei",
    'clue "Claw marks"',
    'clue "Silver casings"',
    'conclusion "A werewolf" supports=c1,c2',
    'deduce k1 clue="the casings are old"',  # d8 1 + d4s 1, 1 = 2: refuted
]

# (rule, setting, switched value, system, lines, seed, what to read, default, switched)
ROWS: list[tuple[str, str, str, str, list[str], int, Callable[[Any], Any], Any, Any]] = [
    ("I-3", "computed_turn_order", "false", "ih-d10",
     ["add A init=15", "add B init=10", "add C init=5", "begin", "initiative C +20", "next"], 1,
     lambda v: v["current"], "C", "B"),
    ("I-4", "stack_same_name_statuses", "false", "mist",
     ["pc Mei", "status Mei hurt 2", "status Mei hurt 2"], 1, statuses,
     {"hurt": [2, 3]}, {"hurt": [2], "hurt (2)": [2]}),
    ("I-6", "mitigate_mixed_reduces_by_power", "false", "mist",
     ["pc Mei", DETECTIVE, "phase consequence", "consequence Mei bitten 4",
      'mitigate x1 tags="sharp eyes,old badge"'], 18,  # d8 5 + d4 1 = 6, power 2
     statuses, {"bitten": [2]}, {"bitten": [3]}),
    ("I-8", "d6_trait_bonus_successes", "false", "ih-d6", ["sheet Ann pc dexterity=6 wits=3"], 1,
     lambda v: v["sheets"][0]["derived"]["defense_bonus"], 1, 0),
    ("I-9", "creation_fixed_category_order", "true", "ih-d10",
     ["sheet Ann pc intelligence=4 strength=3 presence=2"], 1,
     problems("attribute"),
     ["Free attribute points: 0 spent of 3"],
     ["Physical attributes: 2 spent of 3", "Free attribute points: 1 spent of 3"]),
    ("I-10", "feat_cost_cumulative", "true", "ih-d10",
     ["sheet Ann pc", 'feat Ann "Tough" 3', 'feat Ann "Quick" 2'], 1, problems("Feat"),
     [], ["Feat points: 9 spent of 5"]),
    ("I-11", "reduce_erases_highest_marks", "true", "mist",
     ["pc Mei", "status Mei hurt 2", "status Mei hurt 4", "reduce Mei hurt 1"], 1, statuses,
     {"hurt": [1, 3]}, {"hurt": [2]}),
    ("I-12", "defense_subtracts_from_pool", "false", "ih-d10",
     ["add T init=15 defense=3 health=20", "add A init=12", "begin", "next",
      "attack A T dp=6"], 1, lambda v: v["rolls"][0]["dp"], 3, 6),
    ("I-13", "flat_footed_loses_base_defense", "false", "ih-d10",
     ["add T init=5 defense=3 health=20", "add A init=12", "begin", "attack A T dp=6"], 1,
     lambda v: (v["rolls"][0]["attack"]["defense"], v["rolls"][0]["dp"]), (0, 6), (3, 3)),
    ("I-14", "stay_conscious_through_next_turn", "false", "ih-d10",
     ["add T init=15 health=3", "add A init=12", "begin", "next", "damage T 5",
      "willpower T conscious", "next"], 1,
     lambda v: (v["current"], v["order"][0]["unconscious"]), ("T", False), ("T", True)),
    ("I-15", "opposed_tie_goes_to_defender", "true", "ih-d10",
     ["sheet Ann pc dexterity=2", "sheet Bob npc wits=2", "check Ann dexterity vs=Bob:wits"],
     13679,  # Ann 8, 3 and Bob 9, 2: one success each
     lambda v: (v["rolls"][0]["final_successes"], v["rolls"][0]["dc"], v["rolls"][0]["success"]),
     (1, 1, True), (1, 1, False)),
    ("I-16", "extended_tie_goes_to_mishap", "true", "ih-d10",
     ['extended Ann "Lock" dp=3 dc=3 interval=turn mishap', "extended roll x1",
      "extended roll x1"], 130289,  # 8, 1, 1 then 8, 9, 1: both reach 3 together
     lambda v: v["extended"][0]["state"], "done", "failed"),
    ("I-17", "will_save_adds_willpower", "true", "ih-d10",
     ["sheet Ann pc resolve=3 composure=2 concentration=2"], 1,
     lambda v: v["sheets"][0]["derived"]["will_save"], 5, 10),
    ("I-18", "related_language_round_up", "true", "ih-d10",
     ["sheet Ann pc intelligence=2", 'language Ann "Mandarin" 4 native family=Sinitic',
      'language Ann "Cantonese" 1 family=Sinitic'], 1,
     problems("Language"), ["Language points: 4.5 spent of 4"], ["Language points: 5 spent of 4"]),
    ("I-19", "skill_four_costs_three", "true", "ih-d10", ["sheet Ann pc firearms=4"], 1,
     problems("Free skill"), ["Free skill points: 0 spent of 3"],
     ["Free skill points: 1 spent of 3"]),
    ("I-20", "health_zero_knocks_out", "false", "ih-d10",
     ["add T init=15 health=3", "add A init=12", "begin", "next", "damage T 5"], 1,
     lambda v: (v["order"][0]["health"], v["order"][0]["unconscious"]), (0, True), (0, False)),
    ("I-21", "status_power_single_highest", "true", "mist",
     ["pc Mei", "status Mei up 3", "status Mei down 2", "phase action",
      "action Mei statuses=up hindering=down"], 1, lambda v: v["action"]["power"], 1, 3),
    ("I-22", "refuted_conclusion_restated", "true", "mist", CASE, 275,
     lambda v: v["case_file"]["conclusions"][0]["can_roll"], False, True),
    ("I-23", "weakness_marks_theme_once_per_roll", "true", "mist",
     ["pc Mei", 'theme Mei taint "Shadow Step" power="walls" weakness="light,shadows"',
      "phase action", 'action Mei hinder="light,shadows"'], 1,
     lambda v: v["characters"][0]["themes"][0]["mastery"], 2, 1),
    ("I-24", "newborn_normal_declared_by_mc", "true", "mist", NEWBORN, 1,
     lambda v: v["characters"][0]["themes"][-1]["newborn"], False, True),
    ("I-25", "fall_asleep_keeps_taints", "true", "mist", ASLEEP, 1, themes,
     [("Nurse", False)], [("Shadow Step", True), ("Nurse", False)]),
]  # fmt: skip


def run_view(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    system: str,
    lines: list[str],
    seed: int,
) -> dict[str, Any]:
    script = "\n".join([f"scene new V {system}", *lines]) + "\n"
    status, out, err = cli(
        capsys, monkeypatch, "run", "-", "--seed", str(seed), "--json", stdin=script
    )
    assert status == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


@pytest.mark.parametrize(
    ("name", "value", "system", "lines", "seed", "read", "default", "switched"),
    [row[1:] for row in ROWS],
    ids=[f"{row[0]} {row[1]}" for row in ROWS],
)
def test_both_values_of_a_setting_through_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    value: str,
    system: str,
    lines: list[str],
    seed: int,
    read: Callable[[Any], Any],
    default: Any,
    switched: Any,
) -> None:
    default_value = str(getattr(Interpretations(), name)).lower()
    before = run_view(
        capsys, monkeypatch, system, [f"interpret {name}={default_value}", *lines], seed
    )
    after = run_view(capsys, monkeypatch, system, [f"interpret {name}={value}", *lines], seed)
    assert before["interpretations"][name] is not after["interpretations"][name]
    assert (read(before), read(after)) == (default, switched)


# The settings of the dice alone, through odds --json (no seed): [I-1], [I-2], [I-5], [I-7].
ODDS = [
    ("I-1", ["ih-d6", "3"], "d6_sixes_counted_across_check=false",
     # 6, 6, 6 + extra 6 is a second pair across the check: a fifth success only then
     lambda v: v["distribution"].get("5", 0.0) > 0, True, False),
    ("I-2", ["ih-d6", "0"], "d6_chance_success_extra_dice=3",
     # 1 + the extra dice's successes: two fresh d6 at level 1 reach 3 (6, 6, then 6),
     # three reach 5 (6, 6: one more die; 6; that die's 6 is the second pair: one more; 6)
     lambda v: max(int(k) for k, p in v["distribution"].items() if p > 0), 4, 6),
    ("I-2", ["ih-d6", "0", "--level", "3"], "d6_chance_extra_dice_current_level=true",
     lambda v: round(v["expected"], 9), 0.046553498, 0.055555556),
    ("I-5", ["mist", "-2"], "negative_power_subtracts_d4=false",
     lambda v: min(int(k) for k in v["distribution"]), -3, 1),
    ("I-7", ["ih-d10", "0", "--again", "8"], "chance_roll_ignores_again_rules=false",
     lambda v: round(v["distribution"]["2"], 12), 0.027, 0.021),
]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "setting", "read", "default", "switched"),
    [row[1:] for row in ODDS],
    ids=[f"{row[0]} {row[2]}" for row in ODDS],
)
def test_both_values_of_a_dice_setting_through_odds(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    setting: str,
    read: Callable[[Any], Any],
    default: Any,
    switched: Any,
) -> None:
    views = []
    for extra in ([], ["--interpret", setting]):
        status, out, err = cli(capsys, monkeypatch, "odds", *argv, *extra, "--json")
        assert status == 0, err
        views.append(json.loads(out))
    assert (read(views[0]), read(views[1])) == (default, switched)


def test_every_setting_is_listed_by_run_json_with_its_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``run --json`` lists the scene's settings under ``interpretations`` (README)."""
    tested = {row[1] for row in ROWS} | {row[2].partition("=")[0] for row in ODDS}
    fields = set(Interpretations.__dataclass_fields__) - {"down_turns_skipped", "move_table"}
    assert tested == fields  # every [I-n] has a row above
    for system in ("ih-d10", "mist"):
        view = run_view(capsys, monkeypatch, system, [], 1)
        assert view["interpretations"] == {
            name: getattr(Interpretations(), name) for name in Interpretations.__dataclass_fields__
        }


@pytest.mark.parametrize("rule", ["I-12", "i12", "I_12"])
def test_rules_md_s_name_switches_the_setting_in_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, rule: str
) -> None:
    """``interpret I-12=off`` is ``interpret defense_subtracts_from_pool=off``: the name a table
    reading RULES.md knows."""
    lines = ["add T init=15 defense=3 health=20", "add A init=12", "begin", "next"]
    view = run_view(
        capsys, monkeypatch, "ih-d10", [f"interpret {rule}=off", *lines, "attack A T dp=6"], 1
    )
    assert view["interpretations"]["defense_subtracts_from_pool"] is False
    assert view["rolls"][0]["dp"] == 6


def test_rules_md_s_names_on_roll_odds_and_mist_scenes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    views = []
    for setting in ("I-7=off", "[I-7]=off", "chance_roll_ignores_again_rules=off"):
        status, out, err = cli(
            capsys, monkeypatch, "odds", "ih-d10", "0", "--again", "8", "--interpret", setting,
            "--json",
        )  # fmt: skip
        assert status == 0, err
        views.append(json.loads(out))
    assert views[0] == views[1] == views[2]
    assert views[0]["distribution"]["2"] == pytest.approx(0.021)
    lines = ["interpret I-11=on", "pc Mei", "status Mei hurt 2", "status Mei hurt 4"]
    view = run_view(capsys, monkeypatch, "mist", [*lines, "reduce Mei hurt 1"], 1)
    assert statuses(view) == {"hurt": [2]}
    view = run_view(capsys, monkeypatch, "ih-d6", ["interpret I-2=on"], 1)
    assert view["interpretations"]["d6_chance_extra_dice_current_level"] is True


@pytest.mark.parametrize(("lang", "words"), [("en", "I-1 … I-25"), ("zh", "RULES.md 的名字")])
def test_an_unknown_rule_number_is_refused_naming_the_rule_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    script = "scene new V mist\ninterpret I-26=on\n"
    status, _, err = cli(capsys, monkeypatch, "run", "-", "--lang", lang, stdin=script)
    assert status == 1 and words in err, err
