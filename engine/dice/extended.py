"""Extended actions: several rolls whose successes accumulate (RULES.md §1.8).

Each roll takes one interval (a turn, a minute, an hour…); the action succeeds when the total
reaches the DC, which never drops mid-way. An optional deadline caps the number of rolls. The
optional mishap rule counts the 1s of every roll: if they reach the DC before the successes
do, the action fails and must start afresh; a roll that brings the successes to the DC wins
even if it also brings the 1s there ("if it succeeds, the 1s don't matter", [I-16]).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from engine.dice.ih import CheckResult, CheckSpec, roll_check
from engine.errors import RuleError
from engine.records import replace
from engine.settings import DEFAULT, Interpretations


class ExtendedStatus(StrEnum):
    """Where an extended action stands."""

    IN_PROGRESS = "in progress"
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # the deadline passed
    MISHAP = "mishap"  # the 1s reached the DC first


@dataclass(frozen=True, slots=True)
class ExtendedAction:
    """The running tally of an extended action (RULES.md §1.8)."""

    dc: int
    interval: str
    deadline: int | None = None
    mishap_rule: bool = False
    rolls: int = 0
    successes: int = 0
    ones: int = 0
    status: ExtendedStatus = ExtendedStatus.IN_PROGRESS

    @property
    def rolls_left(self) -> int | None:
        """Rolls left before the deadline; ``None`` without one."""
        return None if self.deadline is None else max(self.deadline - self.rolls, 0)


def start_extended(
    dc: int, interval: str, deadline: int | None = None, mishap_rule: bool = False
) -> ExtendedAction:
    """A new extended action.

    Raises:
        RuleError: a DC below 1, an empty interval, or a deadline below 1 roll.
    """
    if dc < 1:
        raise RuleError("dice.extended.extended-action-needs-dc", dc=dc)
    if not interval.strip():
        raise RuleError("dice.extended.extended-action-needs-interval")
    if deadline is not None and deadline < 1:
        raise RuleError("dice.extended.deadline-least-roll", deadline=deadline)
    return ExtendedAction(
        dc=dc, interval=interval.strip(), deadline=deadline, mishap_rule=mishap_rule
    )


def refuse_willpower(spec: CheckSpec) -> None:
    """Willpower's +3 DP is for single-roll actions only (RULES.md §1.7, §1.8).

    Raises:
        RuleError: the spec spends willpower.
    """
    if spec.willpower:
        raise RuleError("dice.extended.willpowers-dp-does-apply")


def add_roll(
    action: ExtendedAction, result: CheckResult, settings: Interpretations = DEFAULT
) -> ExtendedAction:
    """Add one roll's final successes and 1s, and settle the status (RULES.md §1.8).

    [I-16]: a roll that brings both to the DC succeeds; ``extended_tie_goes_to_mishap`` in
    ``settings`` gives that tie to the mishap.

    Raises:
        RuleError: the action is already over.
    """
    if action.status != ExtendedStatus.IN_PROGRESS:
        raise RuleError("dice.extended.extended-action-over-start", status=action.status)
    rolls = action.rolls + 1
    successes = action.successes + result.final_successes
    ones = action.ones + sum(1 for face in result.faces if face == 1)
    mishap = action.mishap_rule and ones >= action.dc
    if mishap and settings.extended_tie_goes_to_mishap:
        status = ExtendedStatus.MISHAP
    elif successes >= action.dc:
        status = ExtendedStatus.SUCCEEDED
    elif mishap:
        status = ExtendedStatus.MISHAP
    elif action.deadline is not None and rolls >= action.deadline:
        status = ExtendedStatus.FAILED
    else:
        status = ExtendedStatus.IN_PROGRESS
    return replace(action, rolls=rolls, successes=successes, ones=ones, status=status)


def roll_extended(
    action: ExtendedAction, spec: CheckSpec, rng: random.Random
) -> tuple[ExtendedAction, CheckResult]:
    """Roll the next interval of an extended action and add it.

    The spec's own DC is ignored: the action's DC is what counts.

    Raises:
        RuleError: willpower spent, the action already over, or a bad spec.
    """
    refuse_willpower(spec)
    if action.status != ExtendedStatus.IN_PROGRESS:
        raise RuleError("dice.extended.extended-action-over-start", status=action.status)
    result = roll_check(replace(spec, dc=None), rng)
    return add_roll(action, result, spec.interpretations), result
