"""The Infinite Horror check, both variants (RULES.md §1.1–1.7).

A check is described by a :class:`CheckSpec` and resolved into a :class:`CheckResult`, whose
fields are INTERFACE.md §2's ``roll`` JSON keys. :func:`roll_check` draws the faces from the
random generator it is given; :func:`evaluate_check` consumes given faces (RULES.md §5 vectors,
replays). Both share one resolver, so a roll and its replay can never disagree.

Decisions where RULES.md leaves room (documented here and in the README):

- Willpower's +3 DP (§1.7) is part of the dice pool, so it is added **before** deciding whether
  the check is a chance roll: DP −1 with willpower rolls 2 dice. ``CheckResult.dp`` is the pool
  actually rolled (DP + 3 with willpower).
- A chance roll (§1.3) ignores what *adds* dice or successes: bonus successes do nothing (its
  ``bonus`` is reported as 0). Penalties and an untrained skill's −3 still subtract.
- Success is ``final ≥ DC`` as §1.1.7 writes it, with at least one final success: 0 final
  successes is a failed check whatever the DC (§1.1.5), so DC 0 is met exactly as DC 1 is (the
  unstated DC, §1.6); a check that needs no success takes no DC.
- A mental skill at 0 fails automatically, with no dice (§1.4), chance roll or not: against
  any DC, DC 0 included, ``success`` is False ("the check fails automatically" is read
  literally; the margin is still final − DC = −DC).
- A pool is at most :data:`MAX_DICE` dice (DP + willpower), so no command line can hang.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import RuleError
from engine.records import replace
from engine.settings import Interpretations

IH_SYSTEMS: tuple[str, ...] = ("ih-d10", "ih-d6")
AGAIN_RULES: tuple[int, ...] = (10, 9, 8)
EXPLODE_LEVELS: tuple[int, ...] = (1, 2, 3)
WILLPOWER_DICE = 3
"""§1.7: spending 1 willpower adds 3 dice to a single-roll action."""
UNTRAINED_PENALTY = 3
"""§1.4: a physical or social skill at 0 loses 3 successes."""
MAX_DICE = 1000
"""The largest pool one check rolls (``st-console roll``'s bound): a script line asking for
``roll ih-d10 99999999999`` is refused instead of rolling for hours."""


class Untrained(StrEnum):
    """The category of a skill at 0 (RULES.md §1.4)."""

    PHYSICAL = "physical"
    SOCIAL = "social"
    MENTAL = "mental"


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """Everything that decides an IH check before the dice fall (RULES.md §1.1).

    ``dp`` is the dice pool before willpower; ``again`` is used by ``ih-d10`` only and
    ``level`` by ``ih-d6`` only. ``dc`` is ``None`` for a check without a target.
    """

    system: str
    dp: int
    again: int = 10
    level: int = 1
    bonus: int = 0
    penalty: int = 0
    untrained: Untrained | None = None
    willpower: bool = False
    dc: int | None = None
    interpretations: Interpretations = field(default_factory=Interpretations)

    @property
    def pool(self) -> int:
        """The DP actually rolled: willpower's +3 included (§1.7)."""
        return self.dp + (WILLPOWER_DICE if self.willpower else 0)

    @property
    def chance(self) -> bool:
        """A pool of 0 or less is a chance roll (§1.3)."""
        return self.pool <= 0

    @property
    def auto_failure(self) -> bool:
        """A mental skill at 0: no roll, the check fails (§1.4)."""
        return self.untrained == Untrained.MENTAL

    @property
    def total_penalty(self) -> int:
        """Successes lost: the penalty plus an untrained physical/social skill's 3 (§1.4)."""
        untrained = self.untrained in (Untrained.PHYSICAL, Untrained.SOCIAL)
        return self.penalty + (UNTRAINED_PENALTY if untrained else 0)

    @property
    def chance_again(self) -> int:
        """The again rule of a chance roll's extra dice (RULES.md §1.3, [I-7]).

        A chance roll is untouched by abilities that improve a check, so by default only 10s
        grant extra dice in it, whatever 9-again or 8-again the roller has.
        """
        return 10 if self.interpretations.chance_roll_ignores_again_rules else self.again

    @property
    def chance_level(self) -> int:
        """The explode level of an ih-d6 chance roll's extra dice (RULES.md §1.3, [I-2]).

        A fresh pool at level 1: a raised level is an ability that improves the check, which
        a chance roll ignores (as [I-7]); the setting uses the character's current level.
        """
        current = self.interpretations.d6_chance_extra_dice_current_level
        return self.level if current else 1

    @property
    def sides(self) -> int:
        """10 for ``ih-d10``, 6 for ``ih-d6``."""
        return 10 if self.system == "ih-d10" else 6


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A resolved check; the fields are INTERFACE.md §2's ``roll`` keys, in order.

    ``faces`` lists every die in the order rolled: the pool (or the chance dice) first, then
    each extra die in the order it was granted.
    """

    system: str
    dp: int
    chance: bool
    faces: tuple[int, ...]
    extra_dice: int
    rolled_successes: int
    penalty: int
    bonus: int
    final_successes: int
    dc: int | None
    success: bool | None
    margin: int | None
    dramatic_failure: bool
    auto_failure: bool


def validate_spec(spec: CheckSpec) -> None:
    """Refuse a spec the rules do not allow, with a message for the Storyteller.

    Raises:
        RuleError: an unknown system, an again rule other than 10/9/8, a level outside 1–3,
            a negative bonus, penalty or DC, a pool beyond :data:`MAX_DICE`.
    """
    if spec.system not in IH_SYSTEMS:
        raise RuleError("dice.ih.unknown-infinite-horror-system", system=spec.system)
    if spec.again not in AGAIN_RULES:
        raise RuleError("dice.ih.again-rule-never-below", again=spec.again)
    if spec.level not in EXPLODE_LEVELS:
        raise RuleError("dice.ih.explode-level", level=spec.level)
    if spec.bonus < 0:
        raise RuleError("dice.ih.bonus-successes-negative", bonus=spec.bonus)
    if spec.penalty < 0:
        raise RuleError("dice.ih.penalty-number-successes-lost", penalty=spec.penalty)
    if spec.dc is not None and spec.dc < 0:
        raise RuleError("dice.ih.dc-must-more", dc=spec.dc)
    if spec.pool > MAX_DICE:
        raise RuleError("dice.ih.check-rolls-most-dice", maximum=MAX_DICE, pool=spec.pool)
    if spec.interpretations.d6_chance_success_extra_dice < 0:
        raise RuleError("dice.ih.extra-dice-chance-success")


def is_success_face(system: str, face: int) -> bool:
    """8–10 on a d10, 5–6 on a d6 (§1.1.2)."""
    return face >= 8 if system == "ih-d10" else face >= 5


def trait_bonus(value: int) -> int:
    """Bonus successes of a high attribute: ⌊(value − 1)/5⌋ from 6 up (RULES.md §1.5)."""
    return (value - 1) // 5 if value >= 6 else 0


def fixed_dc(dc: int | None = None) -> int:
    """A fixed DC (§1.6); an unstated DC is 1."""
    return 1 if dc is None else dc


def opposed_dc(opponent: CheckResult) -> int:
    """Opposed and save rolls (§1.6): the opponent's final successes are the DC."""
    return opponent.final_successes


def final_successes(rolled: int, penalty: int, bonus: int) -> int:
    """§1.1.4–6: effective = rolled − penalty; bonus only when effective > 0, else 0."""
    effective = rolled - penalty
    return effective + bonus if effective > 0 else 0


def judge(final: int, dc: int | None) -> tuple[bool | None, int | None]:
    """Success and margin (final − DC) against a DC (§1.1.7).

    Success is final ≥ DC with at least one final success: 0 successes is a failed check
    whatever the DC, DC 0 included (§1.1.5).
    """
    if dc is None:
        return None, None
    return final > 0 and final >= dc, final - dc


def _pool(spec: CheckSpec, draw: Callable[[], int], size: int) -> tuple[list[int], int]:
    """Roll a pool of ``size`` dice and every extra die it grants (§1.2).

    Returns the faces in the order rolled and how many of them were extra dice.
    """
    faces: list[int] = []
    pending = size
    extra = 0
    sixes = 0
    wave_left = size  # dice left in the current wave ([I-1] off: pairs counted per wave)
    wave_sixes = 0
    wave_grant = 0
    across = spec.interpretations.d6_sixes_counted_across_check
    while pending > 0:
        face = draw()
        faces.append(face)
        pending -= 1
        granted = 0
        if spec.system == "ih-d10":
            granted = 1 if face >= spec.again else 0
        elif spec.level == 3:
            granted = 1 if face >= 5 else 0
        elif spec.level == 2:
            granted = 1 if face == 6 else 0
        elif across:
            if face == 6:
                sixes += 1
                granted = 1 if sixes % 2 == 0 else 0
        else:
            wave_sixes += face == 6
            wave_left -= 1
            if wave_left == 0:
                wave_grant = wave_sixes // 2
                granted, wave_left, wave_sixes = wave_grant, wave_grant, 0
        pending += granted
        extra += granted
    return faces, extra


def _resolve(spec: CheckSpec, draw: Callable[[], int]) -> CheckResult:
    validate_spec(spec)
    penalty = spec.total_penalty
    if spec.auto_failure:
        faces: list[int] = []
        extra = rolled = 0
        dramatic = False
        bonus = 0 if spec.chance else spec.bonus
    elif spec.chance:
        bonus = 0
        if spec.system == "ih-d10":
            die = draw()
            faces = [die]
            dramatic = die == 1
            hit = die == 10
            granted = 1 if hit else 0
            extra_faces, extra = _pool(replace(spec, again=spec.chance_again), draw, granted)
        else:
            first, second = draw(), draw()
            faces = [first, second]
            dramatic = first == 1 and second == 1
            hit = first == 6 and second == 6
            granted = spec.interpretations.d6_chance_success_extra_dice if hit else 0
            extra_faces, extra = _pool(replace(spec, level=spec.chance_level), draw, granted)
        extra += granted
        faces += extra_faces
        rolled = int(hit) + sum(is_success_face(spec.system, f) for f in extra_faces)
    else:
        bonus = spec.bonus
        dramatic = False
        faces, extra = _pool(spec, draw, spec.pool)
        rolled = sum(is_success_face(spec.system, f) for f in faces)
    final = 0 if spec.auto_failure else final_successes(rolled, penalty, bonus)
    success, margin = judge(final, spec.dc)
    if spec.auto_failure and success:
        success = False  # §1.4: "the check fails automatically", even against DC 0
    return CheckResult(
        system=spec.system,
        dp=spec.pool,
        chance=spec.chance,
        faces=tuple(faces),
        extra_dice=extra,
        rolled_successes=rolled,
        penalty=penalty,
        bonus=bonus,
        final_successes=final,
        dc=spec.dc,
        success=success,
        margin=margin,
        dramatic_failure=dramatic,
        auto_failure=spec.auto_failure,
    )


def roll_check(spec: CheckSpec, rng: random.Random) -> CheckResult:
    """Roll an IH check with the generator given (RULES.md §1.1).

    Raises:
        RuleError: the spec breaks a rule (:func:`validate_spec`).
    """
    sides = spec.sides

    def draw() -> int:
        return rng.randint(1, sides)

    return _resolve(spec, draw)


def evaluate_check(spec: CheckSpec, faces: Iterable[int]) -> CheckResult:
    """Resolve a check from given faces, consumed in the order rolled (RULES.md §5).

    Raises:
        ValueError: a face outside the die, too few faces, or faces left over.
        RuleError: the spec breaks a rule.
    """
    sides = spec.sides
    given: Iterator[int] = iter(faces)

    def draw() -> int:
        try:
            face = next(given)
        except StopIteration:
            raise ValueError("not enough faces for this check") from None
        if not 1 <= face <= sides:
            raise ValueError(f"face {face} is not on a d{sides}")
        return face

    result = _resolve(spec, draw)
    if next(given, None) is not None:
        raise ValueError(f"more faces than the check rolls ({len(result.faces)} used)")
    return result
