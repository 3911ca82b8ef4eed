"""An attack read against the fight before anything changes (RULES.md §3.8, §3.9 steps 1–4).

The attacker's pool (``dp=N`` or the sheet's traits, §3.10), each target's defense (§3.9
step 2, [I-12], [I-13], a reflex move out of reach §3.7), the attack bonus split between the
attacks of one action (§3.8), the targets and their declared defense bonus, and the pure
arithmetic of cancelled and final successes (steps 3–4). The attack itself
(``engine/ih/attack.py``) and its exact odds (``engine/ih/attack_odds.py``) both read an
attack through here, so the odds shown are the odds of the attack rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.ih import UNTRAINED_PENALTY, Untrained
from engine.errors import RuleError
from engine.ih import checks, turns
from engine.ih.commands import Attack
from engine.ih.encounter import Combatant, Encounter, index_of, same
from engine.ih.rolls import PoolPart
from engine.ih.vitals import (
    kept_defense_bonus,
    legendary_defense_bonus,
    require_defense_bonus_left,
)

WILLPOWER_DEFENSE = 2
"""§1.7: 1 willpower as a reflex buys +2 defense for one round."""
REFLEX_MOVE_FACTOR = 2
"""§3.7: a reflex move out of the attacker's reach doubles the mover's dodge (base) defense
only: 2 × base + 2 for willpower, never 2 × (base + 2) (vector 15)."""
MAX_ATTACKS = 20
"""The most attacks one action makes here (the rules set none; each is a roll, and the odds
add them up, so a typo of ``attacks=9999`` is refused rather than computed for minutes)."""


@dataclass(frozen=True, slots=True)
class Successes:
    """Steps 3–4 of §3.9 for one roll: what the declared defense bonus and penalty left."""

    cancelled: int
    effective: int
    bonus_applied: int
    final: int
    miss: str
    """Why it missed: ``"cancelled"`` (defense bonus cancelled every rolled success),
    ``"no-successes"`` (none rolled), ``"penalty"`` (the penalty left none); ``""`` on a hit."""

    @property
    def hit(self) -> bool:
        return self.final > 0


def resolve_successes(
    rolled: int, declared: int, penalty: int, bonus: int, chance: bool
) -> Successes:
    """Rolled successes to final ones (RULES.md §3.9 steps 3–4, §1.1.4–6, §1.3).

    The declared defense bonus cancels rolled successes first; cancelling all of them is a
    miss (no attack bonus). The penalty then comes off, and the attack bonus is added only to a
    count still above 0. A chance roll takes no attack bonus (§1.3: nothing adds successes).
    """
    cancelled = min(declared, rolled)
    left = rolled - cancelled
    effective = left - penalty
    if rolled == 0:
        return Successes(cancelled, effective, 0, 0, "no-successes")
    if left == 0:
        return Successes(cancelled, effective, 0, 0, "cancelled")
    if effective <= 0:
        return Successes(cancelled, effective, 0, 0, "penalty")
    applied = 0 if chance else bonus
    return Successes(cancelled, effective, applied, effective + applied, "")


@dataclass(frozen=True, slots=True)
class Defense:
    """What a target's defense takes off an attacker's pool (§3.9 step 2)."""

    base: int
    """The base defense counted: the record's, or 0 when flat-footed ([I-13])."""
    flat_footed: bool
    willpower: bool
    doubled: bool
    total: int
    """base (× 2 after a reflex move out of reach) + willpower's 2 (§3.7, §1.7)."""
    subtracted: int
    """``total`` with [I-12] on, else 0 (the Storyteller applies it by hand)."""
    bonus_lost: bool = False
    """Base defense brought down to 0 (flat-footed under [I-13], or ``defense NAME 0``) and the
    target has defense bonus successes of a legendary Dexterity/Wits: they are lost (§3.8)."""
    base_zero: bool = False
    """Base defense brought down to 0 (flat-footed under [I-13], or ``defense NAME 0``)."""
    bonus_kept: int = 0
    """With ``base_zero``, the defense bonus pool that stays (gear, powers: not a legendary
    Dexterity's or Wits's, §3.8); the declared successes are capped to it."""

    def usable(self, declared: int) -> int:
        """Of ``declared`` defense bonus successes, those that meet this attack."""
        return min(declared, self.bonus_kept) if self.base_zero else declared


def defense_against(state: Encounter, target: Combatant, moved: bool) -> Defense:
    """The target's defense against one attack now (RULES.md §3.9 step 2, [I-12], [I-13])."""
    settings = state.interpretations
    flat = turns.flat_footed(state, target)
    caught = flat and settings.flat_footed_loses_base_defense
    base = 0 if caught else target.defense
    willpower = target.willpower_defense
    # §3.7: the reflex move doubles the dodge defense only; willpower's +2 is a performance
    # bonus, added after (vector 15: 2 × 3 + 2 = 8).
    total = base * (REFLEX_MOVE_FACTOR if moved else 1) + (WILLPOWER_DEFENSE if willpower else 0)
    subtracted = total if settings.defense_subtracts_from_pool else 0
    zero = target.defense_dropped or (caught and target.defense > 0)
    lost = zero and legendary_defense_bonus(target) > 0
    kept = kept_defense_bonus(target)
    return Defense(base, flat, willpower, moved, total, subtracted, lost, zero, kept)


def bonus_shares(bonus: int, attacks: int, split: tuple[int, ...]) -> tuple[int, ...]:
    """The attack bonus of each attack of one action (§3.8: split before rolling).

    With no split declared the bonus is shared evenly, the first attacks taking the remainder.

    Raises:
        RuleError: a split of the wrong length or one that does not add up to the bonus.
    """
    if not split:
        return tuple(bonus // attacks + (1 if k < bonus % attacks else 0) for k in range(attacks))
    if len(split) != attacks:
        raise RuleError(
            "ih.attack.split-count", count=len(split), attacks=attacks, split=_csv(split)
        )
    if any(share < 0 for share in split):
        raise RuleError("ih.attack.split-negative", split=_csv(split))
    if sum(split) != bonus:
        raise RuleError("ih.attack.split-sum", split=_csv(split), total=sum(split), bonus=bonus)
    return split


@dataclass(frozen=True, slots=True)
class Pool:
    """The attacker's pool before modifiers and willpower (§3.9 step 1), and what the sheet adds.

    From ``dp=N`` only ``dp`` is set. From a sheet (``TRAIT+TRAIT``, ``engine/ih/checks.py``):
    the traits' bonus successes (§1.5: attack bonus successes from traits, pooled with ``bonus=``
    and split like it, §3.8) and an untrained skill's lost successes (§1.4).
    """

    dp: int
    label: str
    trait_bonus: int = 0
    untrained_penalty: int = 0
    parts: tuple[PoolPart, ...] = ()
    bonus_parts: tuple[PoolPart, ...] = ()


def pool_of(state: Encounter, command: Attack) -> Pool:
    """The pool ``command`` rolls: ``dp=N``, or its traits on the attacker's sheet.

    Raises:
        RuleError: traits for an attacker without a sheet; traits the sheet
            refuses (``check_pool``); a mental skill at 0, which fails with no roll (§1.4).
    """
    if command.dp is not None:  # any integer (§1.1.1): 0 or less after modifiers is a chance roll
        return Pool(dp=command.dp, label=command.pool_label)
    traits = command.traits or ""
    sheet = None
    if index_of(state, command.attacker) >= 0:
        sheet = checks.sheet_of(state, command.attacker)
    if sheet is None:
        raise RuleError("ih.attack.no-sheet", name=command.attacker, traits=traits)
    found = checks.check_pool(sheet, traits, state.interpretations, state.system)
    if found.untrained is Untrained.MENTAL:
        raise RuleError("ih.attack.untrained-mental", name=command.attacker, traits=found.label)
    untrained = UNTRAINED_PENALTY if found.untrained is not None else 0
    return Pool(
        dp=found.dp,
        label=found.label,
        trait_bonus=found.bonus,
        untrained_penalty=untrained,
        parts=found.parts,
        bonus_parts=found.bonus_parts,
    )


@dataclass(frozen=True, slots=True)
class Reading:
    """What an attack command says once checked against the fight (shared with the odds)."""

    attacker: Combatant
    targets: tuple[str, ...]
    pool: Pool
    shares: dict[str, tuple[int, ...]]
    """Each target's attack bonus per attack (casefolded name → one share per roll, §3.8)."""
    declared: dict[str, tuple[int, ...]]
    """Each target's defense bonus declared now, one count per roll (§3.8); the pool's
    ``defend NAME N`` typed before meets the first roll on top."""
    moved: set[str]


def read_attack(state: Encounter, command: Attack) -> Reading:
    """Check ``command`` against ``state`` before anything changes (the attack and its odds).

    Raises:
        RuleError: an unknown attacker or target, a bad count, split or option, a pool the
            sheet refuses, willpower on an action of several rolls.
    """
    attacker = find_combatant(state, command.attacker, "ih.attack.unknown-attacker")
    targets = target_names(state, command, attacker)
    checks.refuse_other_system_options(
        state.system, command.again, command.level, "again=", "level="
    )
    counts = attack_counts(command, targets)
    for what, value in (
        ("bonus", command.bonus),
        ("penalty", command.penalty),
        ("bonus-on-hit", command.bonus_on_hit),
    ):
        if value < 0:
            raise RuleError("ih.attack.negative", option=what, value=value)
    pool = pool_of(state, command)
    # §3.8: one pool of attack bonus successes (``bonus=`` and the sheet's trait bonus, §1.5):
    # a target attacked once gets all of it, one attacked several times splits it among them.
    shares = target_shares(command.bonus + pool.trait_bonus, counts, command.split)
    rolls = sum(counts.values())
    waiting = attacker.boost_pending and not attacker.boost_rolled
    if (command.willpower or waiting) and rolls > 1:
        raise RuleError("ih.attack.willpower-one-roll", name=attacker.name, rolls=rolls)
    declared = declared_now(command, targets, counts)
    moved = moved_targets(command, targets)
    for name in targets:
        _check_declared(state, find_combatant(state, name, ""), declared[name.casefold()], moved)
    return Reading(attacker, targets, pool, shares, declared, moved)


def attack_counts(command: Attack, targets: tuple[str, ...]) -> dict[str, int]:
    """How many attacks the action makes on each target (casefolded name → count, §3.8).

    ``attacks=N`` is N attacks on the one target; ``attacks=NAME:N,…`` names the targets
    attacked several times in an action on several targets (mixed, 003:78), the others once.

    Raises:
        RuleError: a count outside 1–:data:`MAX_ATTACKS` (all rolls together), ``attacks=N``
            with several targets, a name that is not a target.
    """
    counts = {name.casefold(): 1 for name in targets}
    if not command.attacks_by and not 1 <= command.attacks <= MAX_ATTACKS:
        raise RuleError("ih.attack.attacks-count", attacks=command.attacks, most=MAX_ATTACKS)
    if command.attacks_by:
        for who, count in command.attacks_by:
            match = next((name for name in targets if same(who, name)), None)
            if match is None:
                raise RuleError("ih.attack.attacks-not-target", name=who)
            counts[match.casefold()] = count
    elif command.attacks != 1:
        if len(targets) > 1:
            raise RuleError("ih.attack.multi-target-split", count=len(targets))
        counts[targets[0].casefold()] = command.attacks
    total = sum(counts.values())
    if any(count < 1 for count in counts.values()) or total > MAX_ATTACKS:
        attacks = command.attacks if not command.attacks_by else total
        raise RuleError("ih.attack.attacks-count", attacks=attacks, most=MAX_ATTACKS)
    return counts


def target_shares(
    bonus: int, counts: dict[str, int], split: tuple[int, ...]
) -> dict[str, tuple[int, ...]]:
    """The attack bonus of each attack on each target (§3.8, vector 18).

    A target attacked once gets the whole bonus; a target attacked several times splits it
    among its attacks, by ``split`` when given (only one target may be attacked several times
    then) or evenly, the first attacks taking the remainder.

    Raises:
        RuleError: a split that does not fit (:func:`bonus_shares`), or a split with several
            targets attacked several times (it could not say whose).
    """
    several = [name for name, count in counts.items() if count > 1]
    if split and len(several) > 1:
        raise RuleError("ih.attack.split-whom", count=len(several))
    shares: dict[str, tuple[int, ...]] = {}
    for name, count in counts.items():
        if count > 1 or not several:
            shares[name] = bonus_shares(bonus, count, split)
        else:
            shares[name] = (bonus,)
    return shares


def gained_shares(amount: int, rolls: int) -> tuple[int, ...]:
    """A bonus gained mid-action spread over ``rolls`` remaining attacks on one target (§3.8,
    003:80): all of it to a lone attack, split evenly (the first taking the remainder) among
    several, as the action's own bonus is."""
    if rolls <= 0:
        return ()
    return bonus_shares(amount, rolls, ())


def _check_declared(
    state: Encounter, target: Combatant, counts: tuple[int, ...], moved: set[str]
) -> None:
    """Refuse defense bonus declared now that the target cannot declare (§3.8)."""
    wanted = sum(counts)
    if not wanted:
        return
    defense = defense_against(state, target, target.key in moved)
    if defense.bonus_lost and defense.bonus_kept == 0:
        raise RuleError("ih.attack.defense-bonus-lost", name=target.name)
    require_defense_bonus_left(target, wanted, defense.base_zero)


def find_combatant(state: Encounter, name: str, code: str) -> Combatant:
    index = index_of(state, name.strip())
    if index < 0:
        known = ", ".join(c.name for c in state.order) or "—"
        if code == "ih.attack.unknown-attacker":
            raise RuleError("ih.attack.unknown-attacker", name=name, known=known)
        raise RuleError("ih.attack.unknown-target", name=name, known=known)
    return state.order[index]


def target_names(state: Encounter, command: Attack, attacker: Combatant) -> tuple[str, ...]:
    """The targets' names as the order spells them; a name with a comma in it is one name."""
    wanted = command.targets
    if len(wanted) > 1 and index_of(state, ",".join(wanted)) >= 0:
        wanted = (",".join(wanted),)
    if not wanted:
        raise RuleError("ih.attack.no-target", name=attacker.name)
    names: list[str] = []
    for name in wanted:
        target = find_combatant(state, name, "ih.attack.unknown-target")
        if target.key == attacker.key:
            raise RuleError("ih.attack.self", name=attacker.name)
        if any(same(target.name, other) for other in names):
            raise RuleError("ih.attack.target-twice", name=target.name)
        names.append(target.name)
    return tuple(names)


def declared_now(
    command: Attack, targets: tuple[str, ...], counts: dict[str, int] | None = None
) -> dict[str, tuple[int, ...]]:
    """``defend=N[,N…]`` (one target) or ``defend=NAME:N,…``: defense bonus declared before
    each roll (§3.8, vector 17), one count per roll in order, a name repeated for its next roll.

    Raises:
        RuleError: a count below 0 (or a lone count below 1), a name that is not a target, no
            name with several targets, more counts than the target's rolls.
    """
    counts = counts or {name.casefold(): 1 for name in targets}
    lists: dict[str, list[int]] = {name.casefold(): [] for name in targets}
    for who, count in command.defend:
        if count < 0 or (count < 1 and len(command.defend) == 1):
            raise RuleError("ih.attack.defend-count", count=count)
        if who == "":
            if len(targets) != 1:
                raise RuleError("ih.attack.defend-whom", count=len(targets))
            who = targets[0]
        match = next((name for name in targets if same(who, name)), None)
        if match is None:
            raise RuleError("ih.attack.defend-not-target", name=who)
        lists[match.casefold()].append(count)
    declared: dict[str, tuple[int, ...]] = {}
    for name in targets:
        key = name.casefold()
        given, rolls = lists[key], counts.get(key, 1)
        if len(given) > rolls:
            raise RuleError("ih.attack.defend-too-many", name=name, count=len(given), rolls=rolls)
        declared[key] = tuple(given) + (0,) * (rolls - len(given))
    return declared


def moved_targets(command: Attack, targets: tuple[str, ...]) -> set[str]:
    """The targets whose reflex move left the attacker's reach (§3.7); ``*`` = every target."""
    moved: set[str] = set()
    for who in command.reflex_move:
        if who == "*":
            return {name.casefold() for name in targets}
        if not any(same(who, name) for name in targets):
            raise RuleError("ih.attack.moved-not-target", name=who)
        moved.add(who.casefold())
    return moved


def _csv(values: tuple[int, ...]) -> str:
    return ",".join(str(v) for v in values)
