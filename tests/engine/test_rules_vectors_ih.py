"""RULES.md §5: every Infinite Horror vector (1–6, 9–13, 15–20), one table, driven through the
command language the console and ``st-console run`` use (``engine.commands``).

Each row is a scene: the lines typed, the faces the dice show in order, and what must hold
afterwards, read off ``run --json`` (paths such as ``rolls.-1.final_successes``), the events
(``events``: their class names) or the first sheet's creation problems (``problems``). A row
whose last line must be refused names the refusal's code under ``refused``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from ih_support import scenario
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

from engine import commands
from engine.arithmetic import modified_value
from engine.errors import RuleError
from engine.ih import sheet_view
from engine.ih.encounter import Encounter

# (id, system, lines, faces, expectations)
VECTORS: list[tuple[str, str, list[str], list[int], dict[str, Any]]] = [
    ("1", "ih-d10", ["roll ih-d10 3"], [10, 4, 8, 9],
     {"rolls.-1.rolled_successes": 3, "rolls.-1.extra_dice": 1, "rolls.-1.final_successes": 3}),
    ("1 bonus 2", "ih-d10", ["roll ih-d10 3 --bonus 2"], [10, 4, 8, 9],
     {"rolls.-1.final_successes": 5}),
    ("2", "ih-d10", ["roll ih-d10 2 --penalty 3 --bonus 4 --dc 1"], [8, 3],
     {"rolls.-1.rolled_successes": 1, "rolls.-1.final_successes": 0, "rolls.-1.success": False}),
    ("3 face 1", "ih-d10", ["roll ih-d10 0"], [1],
     {"rolls.-1.chance": True, "rolls.-1.dramatic_failure": True}),
    ("3 face 10, extra 2", "ih-d10", ["roll ih-d10 0"], [10, 2],
     {"rolls.-1.final_successes": 1, "rolls.-1.dramatic_failure": False}),
    ("4", "ih-d6", ["roll ih-d6 4 --level 1"], [6, 6, 2, 5, 6],
     {"rolls.-1.rolled_successes": 4, "rolls.-1.extra_dice": 1}),
    ("5", "ih-d6", ["roll ih-d6 0"], [6, 6, 5, 1],
     {"rolls.-1.final_successes": 2, "rolls.-1.dramatic_failure": False}),
    ("9 order", "ih-d10", NINE, [], {"order.*.name": ["A", "B", "C"]}),
    ("9 B delays after C", "ih-d10", [*NINE, "delay B after C"], [],
     {"order.*.name": ["A", "C", "B"], "order.2.initiative": 12}),
    ("9 every later round", "ih-d10",
     [*NINE, "delay B after C", "next", "next", "next", "next", "next"], [],
     {"round": 2, "current": "B", "order.*.name": ["A", "C", "B"]}),
    ("10", "ih-d10",
     ["add A init=15", "add B init=10", "begin", "next", "next", "join C init=20", "next", "next"],
     [], {"round": 3, "current": "C"}),
    ("11", "ih-d10",
     ["add A init=15", "add B init=12", "add C init=10", "begin", "next", "next",
      "delay C after A"], [], {"refused": "ih.delay.raises-score"}),
    ("12 faces 10, 8", "ih-d10", ["roll ih-d10 0 --again 8"], [10, 8],
     {"rolls.-1.final_successes": 2, "rolls.-1.extra_dice": 1}),
    ("12 face 9", "ih-d10", ["roll ih-d10 0 --again 8"], [9],
     {"rolls.-1.final_successes": 0, "rolls.-1.extra_dice": 0}),
    ("13 hit", "ih-d10", [*THIRTEEN, "next", "attack Ann Ghoul dp=7 bonus=2 defend=1"],
     [9, 8, 3, 2, 1],
     {"rolls.-1.dp": 5, "rolls.-1.attack.damage": 3, "order.0.health": 6}),
    ("13 miss", "ih-d10", [*THIRTEEN, "next", "attack Ann Ghoul dp=7 bonus=2 defend=1"],
     [8, 1, 1, 1, 1],
     {"rolls.-1.attack.hit": False, "rolls.-1.attack.miss": "cancelled", "order.0.health": 9}),
    ("15", "ih-d10", [*FIFTEEN, "willpower T defense", "next", "attack A T dp=10 reflex-move"],
     [8, 1], {"rolls.-1.attack.defense": 8, "rolls.-1.dp": 2, "rolls.-1.chance": False}),
    ("16 penalty on a chance roll", "ih-d10", ["roll ih-d10 0 --penalty 1"], [10, 10, 3],
     {"rolls.-1.rolled_successes": 2, "rolls.-1.final_successes": 1}),
    ("16 untrained, not dramatic", "ih-d10",
     ["roll ih-d10 0 --untrained physical --bonus 2 --dc 1"], [10, 9],
     {"rolls.-1.final_successes": 0, "rolls.-1.success": False,
      "rolls.-1.dramatic_failure": False, "rolls.-1.bonus": 0}),
    ("16 d6 level 3 ignored [I-2]", "ih-d6", ["roll ih-d6 0 --level 3"], [6, 6, 5, 6],
     {"rolls.-1.final_successes": 3, "rolls.-1.extra_dice": 2}),
    ("16 d6 current level, [I-2] switched", "ih-d6",
     ["interpret d6_chance_extra_dice_current_level=true", "roll ih-d6 0 --level 3"],
     [6, 6, 5, 6, 1, 2], {"rolls.-1.final_successes": 3, "rolls.-1.extra_dice": 4}),
    ("17 attack 1: declare 2, a miss", "ih-d10", [*SEVENTEEN, "attack A D dp=2 defend=2"], [8],
     {"rolls.-1.attack.miss": "cancelled", "order.0.defense_bonus_left": 1}),
    ("17 attack 2: at most 1 left", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 defend=2", "next", "attack B D dp=2 defend=2"], [8],
     {"refused": "ih.vitals.defense-bonus-success-es"}),
    ("17 the defender's next turn: 3 again", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 defend=2", "next", "attack B D dp=2 defend=1", "next"],
     [8, 8], {"current": "D", "order.0.defense_bonus_left": 3}),
    ("17 in one action: defend=2,1", "ih-d10",
     [*SEVENTEEN, "attack A D dp=2 attacks=2 defend=2,1"], [8, 8],
     {"rolls.*.attack.defense_bonus": [2, 1], "order.0.defense_bonus_left": 0}),
    ("18", "ih-d10", [*EIGHTEEN, "attack A X,Y dp=1 bonus=3 attacks=X:2"], [8, 8, 8],
     {"rolls.*.attack.target": ["X", "X", "Y"], "rolls.*.attack.attack_bonus": [2, 1, 3],
      "order.1.health": 15, "order.2.health": 16}),
    ("19 both reach 3: success [I-16]", "ih-d10", [*NINETEEN, "extended roll x1"],
     [8, 1, 1, 8, 9, 1], {"extended.0.state": "done", "extended.0.ones": 3}),
    ("19 the 1s first: mishap", "ih-d10", [*NINETEEN, "extended roll x1"], [8, 1, 1, 8, 5, 1],
     {"extended.0.state": "failed", "extended.0.failure": "mishap"}),
    ("19 [I-16] switched: the tie is a mishap", "ih-d10",
     ["interpret extended_tie_goes_to_mishap=true", *NINETEEN, "extended roll x1"],
     [8, 1, 1, 8, 9, 1], {"extended.0.state": "failed", "extended.0.failure": "mishap"}),
    ("20 skill 4 costs 6 [I-19]", "ih-d10", TWENTY, [],
     {"problems.skill-category": [("skill-category", "mental", 2, 5),  # physical: 6 of 6
                                  ("skill-category", "social", 0, 4)],
      "problems.skill-free": [("skill-free", "", 0, 3)]}),
    ("20 skill 4 costs 7 with [I-19] switched", "ih-d10",
     ["interpret skill_four_costs_three=true", *TWENTY], [],
     {"problems.skill-free": [("skill-free", "", 1, 3)]}),
    ("20 languages 4 + 1 + 1 = 6 [I-18]", "ih-d10", [*TWENTY, *LANGUAGES], [],
     {"problems.language-points": []}),
    ("20 Will save 5 [I-17]", "ih-d10", TWENTY, [], {"sheets.0.derived.will_save": 5}),
    ("20 [I-17] switched: Willpower", "ih-d10",
     ["interpret will_save_adds_willpower=true", *TWENTY], [],
     {"sheets.0.derived.will_save": 3 + 2 + 4}),  # Resolve 3 + Composure 1 = willpower 4
]  # fmt: skip


def pick(view: Any, path: str) -> Any:
    """``a.b.-1.c`` in the JSON view; ``*`` maps the rest of the path over a list."""
    head, _, rest = path.partition(".")
    if head == "*":
        return [pick(item, rest) if rest else item for item in view]
    value = view[int(head)] if isinstance(view, list) else view[head]
    return pick(value, rest) if rest else value


def problems(state: Encounter, code: str) -> list[tuple[str, str, int | float, int]]:
    """The first sheet's creation problems of one kind, as (code, subject, spent, allowed)."""
    found = sheet_view.problems(state.sheets[0], state.interpretations)
    return [(p.code, p.subject, p.spent, p.allowed) for p in found if p.code == code]


@pytest.mark.parametrize(
    ("system", "lines", "faces", "expected"),
    [row[1:] for row in VECTORS],
    ids=[row[0] for row in VECTORS],
)
def test_rules_md_vector(
    system: str, lines: list[str], faces: list[int], expected: dict[str, Any]
) -> None:
    if "refused" in expected:
        state, _, _ = scenario(lines[:-1], faces, system)
        with pytest.raises(RuleError) as caught:
            command = commands.parse(lines[-1], system)
            assert command is not None
            commands.apply(state, system, command, random.Random(0))
        assert caught.value.code == expected["refused"]
        return
    state, _, view = scenario(lines, faces, system)
    for path, value in expected.items():
        if path.startswith("problems."):
            assert problems(state, path.removeprefix("problems.")) == value, path
        else:
            assert pick(view, path) == value, path


def test_vector_6_multipliers_combine_before_the_addition() -> None:
    """§1.9: ×2, ×3, ×4 and +10 on base 5 → 5 × [2 + 2 + 3] + 10 = 45."""
    assert modified_value(5, multipliers=(2, 3, 4), additions=(10,)) == 45
