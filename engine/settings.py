"""The interpretations RULES.md fixes where the sources are silent, as named settings.

Each field is one **[I-n]** of RULES.md; the defaults are RULES.md's reading. A table that
reads a rule differently switches the field (the console's settings, or a scene's state).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.events import Event
from engine.language import WHOLE_NUMBER


@dataclass(frozen=True, slots=True)
class Interpretations:
    """RULES.md's interpretations [I-1]…[I-25], one named field each, the readings the console
    adds where RULES.md is silent (``down_turns_skipped``), and the Move table RULES.md §2.2
    leaves to a setting (``move_table``)."""

    d6_sixes_counted_across_check: bool = True
    """[I-1] ih-d6 level 1: 6s are counted across the whole check, extra dice included, so the
    extra dice granted so far are always ⌊sixes / 2⌋. False: pairs are counted within each wave
    of dice (the pool, then each batch of extra dice) and an odd 6 is lost."""

    d6_chance_success_extra_dice: int = 2
    """[I-2] ih-d6 chance roll: a double 6 grants this many extra dice, rolled as a fresh pool
    at explode level 1 (the pair's own 6s grant nothing more); see
    ``d6_chance_extra_dice_current_level``."""

    d6_chance_extra_dice_current_level: bool = False
    """[I-2] ih-d6 chance roll: its extra dice roll at explode level 1, a raised level being an
    ability that improves the check, ignored as in [I-7]. True: they roll at the character's
    current explode level."""

    computed_turn_order: bool = True
    """[I-3] The next to act is the highest-ordered combatant who has not acted this round and is
    not delaying; a round ends when nobody is left. False: a stored turn pointer that walks the
    order list once per round (delays and joins then move the pointer's list)."""

    stack_same_name_statuses: bool = True
    """[I-4] Statuses with the same name stack (are "similar"); opposing ones are named by the MC
    with "counters: NAME". False: every take of a status adds a separately named status."""

    negative_power_subtracts_d4: bool = True
    """[I-5] Negative power rolls 1d8 − the highest of |power| d4s. False: power below 0 rolls the
    d8 alone, like power 0."""

    mitigate_mixed_reduces_by_power: bool = True
    """[I-6] Mitigate on 6–8 reduces the incoming status by the roll's power (on ≤ 5 nothing).
    False: 6–8 reduces by one tier only."""

    chance_roll_ignores_again_rules: bool = True
    """[I-7] A chance roll is untouched by abilities that improve a check: only 10s grant extra
    dice in an ih-d10 chance roll, whatever 9-again or 8-again the roller has. False: the again
    rule granted applies to the chance die's extra dice too."""

    d6_trait_bonus_successes: bool = True
    """[I-8] ih-d6 uses the d10 formula for trait bonus successes (⌊(value − 1) / 5⌋ for values
    ≥ 6, RULES.md §1.5). False: ih-d6 traits give no bonus successes."""

    creation_fixed_category_order: bool = False
    """[I-9] Character creation: the player picks which category gets 3 / 2 / 1 attribute
    points and which gets 6 / 5 / 4 skill points. True: the fixed order physical, mental,
    social for both (§2.3)."""

    feat_cost_cumulative: bool = False
    """[I-10] A feat at level L costs L feat points. True: the cumulative price 1 + 2 + … + L."""

    reduce_erases_highest_marks: bool = False
    """[I-11] Reducing a status by n moves every marked box down n boxes (tier drops by n).
    True: the n highest marked boxes are erased ({2, 4} reduced by 1 → {2})."""

    defense_subtracts_from_pool: bool = True
    """[I-12] An attack's pool loses the target's base defense (+2 willpower defense, doubled
    after a reflex move out of reach), RULES.md §3.9. False: the ST applies defense by hand."""

    flat_footed_loses_base_defense: bool = True
    """[I-13] A flat-footed target has no base defense against an attack. False: it keeps it."""

    stay_conscious_through_next_turn: bool = True
    """[I-14] Willpower to stay conscious at 0 health lasts through the character's next turn,
    fainting at its end. False: the character faints at the start of that turn."""

    opposed_tie_goes_to_defender: bool = False
    """[I-15] An opposed check's tie goes to the side that acts (final ≥ DC, §1.1). True: the
    acting side must exceed the opponent's successes (ties go to the defender)."""

    extended_tie_goes_to_mishap: bool = False
    """[I-16] Extended action with the mishap rule: when one roll brings both the successes and
    the 1s to the DC, the 1s did not get there before the successes: the action succeeds.
    True: the mishap wins that tie."""

    will_save_adds_willpower: bool = False
    """[I-17] Saves are two traits + a save bonus (Will: Resolve + Concentration + will-save
    bonus). True: 意志 is read as Willpower, the Will save adding the maximum willpower
    (Resolve + Composure) instead of the will-save bonus."""

    related_language_round_up: bool = False
    """[I-18] A language at level 4+ halves the cost of related languages; half points are kept
    exactly (two related levels per point). True: each purchase's halved total rounds up."""

    skill_four_costs_three: bool = False
    """[I-19] A skill's 3→4 costs 2, the last stated step (a skill of 4 costs 6). True: it costs
    3 (a skill of 4 costs 7)."""

    health_zero_knocks_out: bool = True
    """[I-20] Health 0 knocks the character out; damage past 0 is recorded, death is the ST's
    call. False: the engine records the damage and leaves fainting to the ST."""

    status_power_single_highest: bool = False
    """[I-21] M.I.S.T. power counts the tier of the highest helping status and minus the tier
    of the highest hindering one. True: only the single highest-tier relevant status counts (a
    helping and a hindering one tied at the top cancel)."""

    refuted_conclusion_restated: bool = False
    """[I-22] M.I.S.T.: a refuted conclusion (≤ 5) stays in the case file, marked refuted with
    what refuted it (the refuting clue, which counts −1 against it, or the revealed property);
    it cannot be rolled again, nor stated again word for word: a changed conclusion can. True:
    it may be restated and rolled again, the refuting clue counting −1."""

    weakness_marks_theme_once_per_roll: bool = False
    """[I-23] M.I.S.T.: each weakness tag that hinders a roll marks its theme's Mastery or
    Progress once (two of one theme mark it twice). True: a theme is marked at most once a
    roll, however many of its weakness tags hindered."""

    newborn_normal_declared_by_mc: bool = False
    """[I-24] M.I.S.T.: a newborn theme (its theme tag and one weakness tag) gets a growth at
    each Mastery/Progress mark until it has a normal theme's 3 positive tags (theme tag
    included), and is normal from then on. True: it stays newborn until the MC declares it
    normal (``growth NAME THEME normal``)."""

    fall_asleep_keeps_taints: bool = False
    """[I-25] M.I.S.T. Fall asleep ends the character's Taint themes (not as a loss: no
    Evolution, Controlled or newborn) and, for the rest of the mission, Indulge, Full immersion,
    Mastery and Indulgence marks and any new Taint are refused. True: the Taints stay on the
    sheet, every tag of theirs burned for good (never restored)."""

    down_turns_skipped: bool = True
    """A down combatant's turn (unconscious, RULES.md §3.9 6) is skipped: ``next`` (and
    ``begin``, a removal or a delay that starts the next turn) passes over it, recording the
    skip, and ``next down`` takes it anyway. RULES.md is silent on it (§3.3 orders the turns,
    §3.9 leaves an unconscious combatant unable to act): skipping is the console's reading
    (issue 27). False: a down combatant's turn starts like any other."""

    move_table: str = ""
    """RULES.md §2.2: Move, the metres of one move action, is looked up from Speed in a table
    the sources do not give: rows ``SPEED:METRES`` joined by commas (``5:5,10:10,15:15``: a
    Speed of at least 5 moves 5 m…), set by the table (``interpret move_table=…``). Empty (the
    default, no table): Move is not computed (``move_m`` null)."""


DEFAULT = Interpretations()


@dataclass(frozen=True, slots=True)
class Interpret:
    """``interpret FIELD=VALUE``: switch one interpretation for the rest of the scene."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class InterpretationChanged(Event):
    """An interpretation of the scene was switched (event)."""

    name: str
    value: str


NUMBER_RANGES: dict[str, tuple[int, int]] = {"d6_chance_success_extra_dice": (0, 10)}
"""The documented range of each numeric setting (a value of 99,999,999 made ``odds``
run for minutes; checked before any work). README "Limits" lists them."""


MOVE_TABLE_ROWS = 50
"""The most rows a Move table holds (``move_table``)."""
MOVE_TABLE_NUMBER = 999
"""The largest Speed or metres a Move table row names."""


def move_rows(text: str) -> tuple[tuple[int, int], ...]:
    """The rows of a Move table (``SPEED:METRES,…``, RULES.md §2.2), sorted by Speed; ``""``,
    ``none`` or ``off`` is no table.

    Raises:
        RuleError: a row that is not two whole numbers 0–999 joined by ``:``, a Speed given
            twice, or more than :data:`MOVE_TABLE_ROWS` rows.
    """
    from engine.errors import RuleError

    cleaned = text.strip()
    if cleaned.lower() in ("", "none", "off"):
        return ()
    rows: dict[int, int] = {}
    parts = cleaned.split(",")
    if len(parts) > MOVE_TABLE_ROWS:
        raise RuleError("settings.move-table", value=text, most=MOVE_TABLE_ROWS)
    for part in parts:
        speed, sep, metres = part.strip().partition(":")
        numbers = (speed.strip(), metres.strip())
        if not sep or not all(WHOLE_NUMBER.fullmatch(n) for n in numbers):
            raise RuleError("settings.move-table", value=text, most=MOVE_TABLE_ROWS)
        low, distance = int(numbers[0]), int(numbers[1])
        if low in rows or max(low, distance) > MOVE_TABLE_NUMBER:
            raise RuleError("settings.move-table", value=text, most=MOVE_TABLE_ROWS)
        rows[low] = distance
    return tuple(sorted(rows.items()))


RULE_NAMES: dict[int, str] = {
    1: "d6_sixes_counted_across_check",
    2: "d6_chance_extra_dice_current_level",
    3: "computed_turn_order",
    4: "stack_same_name_statuses",
    5: "negative_power_subtracts_d4",
    6: "mitigate_mixed_reduces_by_power",
    7: "chance_roll_ignores_again_rules",
    8: "d6_trait_bonus_successes",
    9: "creation_fixed_category_order",
    10: "feat_cost_cumulative",
    11: "reduce_erases_highest_marks",
    12: "defense_subtracts_from_pool",
    13: "flat_footed_loses_base_defense",
    14: "stay_conscious_through_next_turn",
    15: "opposed_tie_goes_to_defender",
    16: "extended_tie_goes_to_mishap",
    17: "will_save_adds_willpower",
    18: "related_language_round_up",
    19: "skill_four_costs_three",
    20: "health_zero_knocks_out",
    21: "status_power_single_highest",
    22: "refuted_conclusion_restated",
    23: "weakness_marks_theme_once_per_roll",
    24: "newborn_normal_declared_by_mc",
    25: "fall_asleep_keeps_taints",
}
"""RULES.md's own name of each setting, ``[I-n]``: ``interpret I-7=off`` is
``interpret chance_roll_ignores_again_rules=off``. [I-2]'s is its switch (the extra dice at the
current level); the number of extra dice keeps its field name only."""

_RULE_NAME = re.compile(r"\[?I[-_]?([0-9]{1,2})\]?", re.IGNORECASE)


def canonical(name: str) -> str:
    """The field a setting's name means: RULES.md's ``I-7`` (also ``I_7``, ``[I-7]``, ``i7``)
    is its field (:data:`RULE_NAMES`); any other name is returned as given."""
    match = _RULE_NAME.fullmatch(name.strip())
    if match is not None and int(match.group(1)) in RULE_NAMES:
        return RULE_NAMES[int(match.group(1))]
    return name


def field_names() -> tuple[str, ...]:
    """The names of the [I-n] settings, in RULES.md order."""
    return tuple(Interpretations.__dataclass_fields__)


def assign(current: Interpretations, name: str, value: str) -> Interpretations:
    """``current`` with ``name`` set from its text ``value`` (true/false/on/off, or a number).

    Raises:
        RuleError: an unknown setting or a value of the wrong kind.
    """
    from dataclasses import replace

    from engine.errors import RuleError

    name = canonical(name)
    if name not in Interpretations.__dataclass_fields__:
        raise RuleError(
            "settings.interpretation-settings", name=name, fields=", ".join(field_names())
        )
    old = getattr(current, name)
    text = value.strip().lower()
    if isinstance(old, str):
        rows = move_rows(value)  # the only text setting: the Move table (§2.2)
        text_value: dict[str, Any] = {name: ",".join(f"{s}:{m}" for s, m in rows)}
        return replace(current, **text_value)
    if isinstance(old, bool):
        if text not in ("true", "false", "on", "off", "yes", "no"):
            raise RuleError("settings.off-true-false", name=name, value=value)
        flag: dict[str, Any] = {name: text in ("true", "on", "yes")}
        return replace(current, **flag)
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise RuleError("settings.whole-number", name=name, value=value)
    number = int(text)
    low, high = NUMBER_RANGES.get(name, (0, 10))
    if not low <= number <= high:
        raise RuleError("settings.out-of-range", name=name, value=text, low=low, high=high)
    changes: dict[str, Any] = {name: number}
    return replace(current, **changes)
