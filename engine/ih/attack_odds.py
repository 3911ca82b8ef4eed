"""Exact odds of an attack before it is rolled: chance to hit, the whole damage distribution.

No dice are rolled. The rolled-success distribution of the pool left after defense comes from
``engine/dice/odds.py`` (generating functions, chance roll included when the pool is 0 or
less); each count is then carried through the same steps as the roll itself
(:func:`engine.ih.attack_reading.resolve_successes`: cancellation by the declared defense bonus, the
penalty, the attack bonus only above 0, none on a chance roll). Several attacks of one action
add their damage (a convolution), each meeting the defense bonus declared before it (§3.8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.dice.ih import WILLPOWER_DICE, CheckSpec
from engine.dice.odds import P_D6_CHANCE_DRAMATIC, P_D10_CHANCE_DRAMATIC, rolled_distribution
from engine.dice.odds_pool import convolve
from engine.ih import attack_reading as chain
from engine.ih.commands import Attack
from engine.ih.encounter import Encounter, index_of
from engine.settings import DEFAULT, Interpretations


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact odds of one action's attacks on one target.

    ``distribution[k]`` is P(final successes = k), summed over the action's attacks: the damage
    dealt unless the attack does no damage. ``p_hit`` is P(at least one attack hits).
    """

    pool: int
    chance: bool
    distribution: tuple[float, ...]
    p_hit: float
    p_dramatic_failure: float
    expected: float

    def p_at_least(self, successes: int) -> float:
        """P(final successes ≥ ``successes``): with the target's health, P(it goes down)."""
        return math.fsum(self.distribution[max(successes, 0) :])


def one_attack(
    rolled: tuple[float, ...], declared: int, penalty: int, bonus: int, chance: bool
) -> tuple[tuple[float, ...], float]:
    """P(final = k) of one attack from P(rolled = r), and P(hit) (RULES.md §3.9 steps 3–4)."""
    out: dict[int, float] = {}
    for rolled_count, p in enumerate(rolled):
        if p == 0.0:
            continue
        final = chain.resolve_successes(rolled_count, declared, penalty, bonus, chance).final
        out[final] = out.get(final, 0.0) + p
    size = max(out) + 1
    distribution = tuple(out.get(k, 0.0) for k in range(size))
    return distribution, math.fsum(distribution[1:])


def attack_odds(
    system: str,
    pool: int,
    *,
    declared: int = 0,
    declares: tuple[int, ...] = (),
    penalty: int = 0,
    shares: tuple[int, ...] = (0,),
    again: int = 10,
    level: int = 1,
    interpretations: Interpretations = DEFAULT,
    on_hit: int = 0,
    fired_before: float = 0.0,
) -> AttackOdds:
    """Exact odds of ``len(shares)`` attacks of one action rolling ``pool`` dice each.

    ``on_hit`` is a bonus gained mid-action (§3.8, once per action): on the first hit it joins
    the remaining attacks (:func:`engine.ih.attack_reading.gained_shares`); ``fired_before``
    is the chance it already fired on an earlier target of the action, giving these attacks
    their share from the first roll.

    ``pool`` is the pool after defense (0 or less: a chance roll); ``shares`` the attack
    bonus of each attack; ``declared`` the defense bonus successes met by the first, and
    ``declares`` those declared before each roll (§3.8), one count per attack.

    Raises:
        RuleError: the pool or options break a rule (as the roll would refuse them).
    """
    spec = CheckSpec(
        system=system, dp=pool, again=again, level=level, interpretations=interpretations
    )
    rolled = rolled_distribution(spec)
    per_roll = [*declares[: len(shares)], *([0] * (len(shares) - len(declares)))]
    per_roll[0] += declared
    rolls = [
        _Roll(rolled, d, penalty, share, spec.chance)
        for share, d in zip(shares, per_roll, strict=True)
    ]
    total, p_miss_all = _damage(rolls, on_hit, fired_before)
    dramatic = 0.0
    if spec.chance:
        one = P_D10_CHANCE_DRAMATIC if system == "ih-d10" else P_D6_CHANCE_DRAMATIC
        dramatic = 1.0 - (1.0 - one) ** len(shares)
    return AttackOdds(
        pool=spec.pool,
        chance=spec.chance,
        distribution=total,
        p_hit=1.0 - p_miss_all,
        p_dramatic_failure=dramatic,
        expected=math.fsum(k * p for k, p in enumerate(total)),
    )


@dataclass(frozen=True, slots=True)
class _Roll:
    """One attack's inputs to :func:`one_attack`, its bonus share without a gained bonus."""

    rolled: tuple[float, ...]
    declared: int
    penalty: int
    share: int
    chance: bool

    def odds(self, extra: int = 0) -> tuple[tuple[float, ...], float]:
        return one_attack(self.rolled, self.declared, self.penalty, self.share + extra, self.chance)


def _mix(*parts: tuple[float, tuple[float, ...]]) -> tuple[float, ...]:
    """Σ weight × distribution, index by index."""
    size = max((len(d) for _, d in parts), default=1)
    return tuple(math.fsum(w * d[k] for w, d in parts if k < len(d)) for k in range(size))


def _damage(
    rolls: list[_Roll], on_hit: int, fired_before: float
) -> tuple[tuple[float, ...], float]:
    """P(total final successes = k) of one target's attacks, and P(every one misses).

    Whether an attack hits does not depend on its attack bonus (§1.1: the bonus is added only
    to successes left above 0), so the mid-action bonus changes the damage, never the hits.
    Without it (or before it fires) the attacks add up independently; a state per roll it
    fired on carries the split of the gained bonus over the attacks after it.
    """
    count = len(rolls)
    p_miss_all = 1.0
    for roll in rolls:
        p_miss_all *= 1.0 - roll.odds()[1]
    if not on_hit:
        total: tuple[float, ...] = (1.0,)
        for roll in rolls:
            total = convolve(total, roll.odds()[0])
        return total, p_miss_all
    already: tuple[float, ...] = (1.0,)
    for roll, extra in zip(rolls, chain.gained_shares(on_hit, count), strict=True):
        already = convolve(already, roll.odds(extra)[0])
    waiting: tuple[float, ...] = (1.0,)  # not fired yet
    fired: list[tuple[int, tuple[float, ...]]] = []  # (the roll it fired on, distribution)
    for index, roll in enumerate(rolls):
        grown = []
        for at, dist in fired:
            extra = chain.gained_shares(on_hit, count - at - 1)[index - at - 1]
            grown.append((at, convolve(dist, roll.odds(extra)[0])))
        plain = roll.odds()[0]
        hit_part = (0.0, *plain[1:])
        grown.append((index, convolve(waiting, hit_part)))
        waiting = convolve(waiting, plain[:1])
        fired = grown
    fresh = _mix((1.0, waiting), *((1.0, dist) for _, dist in fired))
    return _mix((fired_before, already), (1.0 - fired_before, fresh)), p_miss_all


@dataclass(frozen=True, slots=True)
class TargetOdds:
    """One target of a planned attack: its defense now and the exact odds against it."""

    target: str
    defense: chain.Defense
    declared: int
    """The defense bonus the first attack on the target meets (typed before and declared)."""
    health: int
    health_max: int
    odds: AttackOdds

    @property
    def p_down(self) -> float:
        """P(the damage takes the target to 0 health), for an attack that does damage."""
        return self.odds.p_at_least(max(self.health, 1))


def preview(state: Encounter, command: Attack) -> tuple[TargetOdds, ...]:
    """The odds of ``command`` against each of its targets in ``state``, nothing rolled.

    The same reading of the command as :func:`engine.ih.attack.attack` (defense, declared
    defense bonus, willpower, split), without the action's cost.

    Raises:
        RuleError: what the attack itself would refuse about the pool, targets or split.
    """
    reading = chain.read_attack(state, command)
    attacker, targets, pool, shares = (
        reading.attacker, reading.targets, reading.pool, reading.shares,
    )  # fmt: skip
    declared_now, moved = reading.declared, reading.moved
    boost = command.willpower or (attacker.boost_pending and not attacker.boost_rolled)
    pool_now = pool.dp + command.modifier + (WILLPOWER_DICE if boost else 0)
    found: list[TargetOdds] = []
    p_none_hit = 1.0  # no earlier attack of the action has hit: the gained bonus waits
    for name in targets:
        target = state.order[index_of(state, name)]
        defense = chain.defense_against(state, target, name.casefold() in moved)
        key = name.casefold()
        before = defense.usable(target.defense_declared)
        declares = declared_now[key]
        declared = before + declares[0]
        odds = attack_odds(
            state.system,
            pool_now - defense.subtracted,
            declared=before,
            declares=declares,
            penalty=command.penalty + pool.untrained_penalty,
            shares=shares[key],
            again=command.again,
            level=command.level,
            interpretations=state.interpretations,
            on_hit=command.bonus_on_hit,
            fired_before=1.0 - p_none_hit,
        )
        p_none_hit *= 1.0 - odds.p_hit
        found.append(TargetOdds(name, defense, declared, target.health, target.health_max, odds))
    return tuple(found)
