"""The rolls of a scene as data: each check with who rolled it and how its pool was made.

``Encounter.rolls`` keeps them oldest first for ``run --json`` (INTERFACE.md: ``rolls``) and the
session report ("Ann: Dexterity + Firearms (pistols) 6 dice …"). This module imports nothing of
the encounter, so the encounter's state can hold these records.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.ih import CheckResult
from engine.dice.mist import MistRoll


@dataclass(frozen=True, slots=True)
class PoolPart:
    """One line of a pool's breakdown: ``kind`` is attribute, skill, specialty or modifier.

    ``label`` is the trait's English name in lower case (``dexterity``), the specialty's own name
    or ``modifier``; the console translates trait names, never specialty names.
    """

    kind: str
    label: str
    value: int


@dataclass(frozen=True, slots=True)
class AttackRecord:
    """The ``attack`` record of a roll (INTERFACE.md §3; RULES.md §3.9): the chain's steps.

    ``defense`` is what came off the pool ([I-12]); ``defense_bonus`` the successes the target
    declared against this roll, ``cancelled`` those that met rolled successes; ``attack_bonus``
    this attack's share of the bonus; ``miss`` why it missed (``None`` on a hit).
    """

    target: str
    pool_before_defense: int
    defense: int
    defense_bonus: int
    hit: bool
    attack_bonus: int
    damage: int
    cancelled: int = 0
    bonus_applied: int = 0
    penalty: int = 0
    base_defense: int = 0
    flat_footed: bool = False
    willpower_defense: bool = False
    doubled: bool = False
    miss: str | None = None
    attack: int = 1
    attacks: int = 1
    no_damage: bool = False
    gained: int = 0
    """Attack bonus gained mid-action and added to this attack (``bonus-on-hit=``, §3.8)."""


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One roll of the scene: who rolled (``None``: nobody named), its label and its result,
    an IH check's or, for a ``roll mist POWER`` made in an IH scene, a M.I.S.T. action roll's
    (INTERFACE.md: ``rolls`` lists every roll of the scene).

    ``parts`` and ``bonus_parts`` are the pool's and the bonus successes' breakdowns (empty for
    a bare ``roll``); ``willpower`` says a willpower point was spent for +3 DP; ``opponent``
    names the other side of an opposed check; ``extended`` the id of the extended action rolled.
    """

    by: str | None
    label: str
    result: CheckResult | MistRoll
    parts: tuple[PoolPart, ...] = ()
    bonus_parts: tuple[PoolPart, ...] = ()
    willpower: bool = False
    opponent: str | None = None
    extended: str | None = None
    hidden: bool = False
    attack: AttackRecord | None = None
    """Set for the roll of an attack (``attack …``, RULES.md §3.9)."""
    doubled: bool = False
    """A save against an area attack after a reflex move out of its reach: the result's final
    successes are already doubled (``check … reflex-move``, RULES.md §3.7)."""

    @property
    def check(self) -> CheckResult:
        """The IH check's result: every record holds one but a ``roll mist``'s, and the events
        of checks and attacks (``CheckMade``, ``ExtendedRolled``, ``AttackResolved``) hold
        checks only.

        Raises:
            TypeError: the record of a M.I.S.T. roll.
        """
        if not isinstance(self.result, CheckResult):
            raise TypeError(f"{self.label}: a M.I.S.T. roll, not a check")
        return self.result


@dataclass(frozen=True, slots=True)
class ExtendedTask:
    """An extended action tracked by the scene (RULES.md §1.8, §3.10).

    The pool is ``traits`` from the sheet of ``by`` (worked out again at each roll) or a fixed
    ``dp``. ``successes`` and ``ones`` are the running totals (``lost`` successes already taken
    off); ``state`` is ``going``, ``done``, ``failed`` or ``dropped``; ``failure`` says why it
    failed (``deadline`` or ``mishap``).
    """

    id: str
    label: str
    by: str
    traits: str | None
    dp: int | None
    dc: int
    interval: str
    deadline: int | None = None
    mishap: bool = False
    rolls: int = 0
    successes: int = 0
    ones: int = 0
    lost: int = 0
    state: str = "going"
    failure: str | None = None

    @property
    def mishap_near(self) -> bool:
        """The 1s have come near the DC (half of it or more) while the action goes on (§3.10)."""
        return self.mishap and self.state == "going" and self.ones * 2 >= self.dc

    @property
    def rolls_left(self) -> int | None:
        """Rolls left before the deadline (``None`` without one)."""
        return None if self.deadline is None else max(self.deadline - self.rolls, 0)
