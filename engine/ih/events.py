"""What happened in an encounter, as plain data for the log pane and the session report.

The console turns these into text ("Round 2 — Bob delays until after Cid (12)"); the engine
never does (STYLE.md). Every field is codec-friendly (INTERFACE, saves).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.ih import CheckResult
from engine.events import Event


@dataclass(frozen=True, slots=True)
class CombatantAdded(Event):
    """A combatant entered the order; ``face`` is the d10 when initiative was rolled."""

    name: str
    initiative: int
    face: int | None
    modifier: int | None
    joined: bool
    first_round: int
    unaware: bool = False
    """Added during the surprise round or at its end: flat-footed until they act (§3.2)."""
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class TieRolledOff(Event):
    """A full tie (score, Composure, Dexterity) broken by a recorded 1d10 roll-off (§3.3)."""

    name: str
    against: str
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SurpriseDeclared(Event):
    """The fight opens with a surprise round in which only these act (RULES.md §3.2)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SurpriseEnded(Event):
    """The surprise round is over; ``begin`` starts round 1."""

    round: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new combat round; ``elapsed_seconds`` at its start (6 s a round, §3.1)."""

    round: int
    elapsed_seconds: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """``name``'s turn began: budgets reset (less ``owed_swift``), declared defense returns."""

    name: str
    round: int
    owed_swift: int
    unconscious: bool


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """Down ``name``'s turn was passed over (``down_turns_skipped``)."""

    name: str
    round: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """``name``'s turn ended."""

    name: str
    round: int


@dataclass(frozen=True, slots=True)
class ActionSpent(Event):
    """An action spent, and the budget slots that paid for it (substitution, §3.6)."""

    name: str
    kind: str
    paid_with: tuple[str, ...]
    off_turn: bool
    round: int
    label: str = ""
    """The reflex named (§3.7) or what a "1 round" action does."""


@dataclass(frozen=True, slots=True)
class UnusualReflex(Event):
    """A reflex other than drop prone or a ready action, by someone with no ability noted:
    a warning, not a refusal (RULES.md §3.7)."""

    name: str
    reflex: str


@dataclass(frozen=True, slots=True)
class OneRoundLanded(Event):
    """A "1 round" action's effect lands at the start of the actor's next turn (§3.7)."""

    name: str
    label: str
    round: int


@dataclass(frozen=True, slots=True)
class TemporaryHealth(Event):
    """Temporary Stamina or Size added (``change`` > 0) or ended: health boxes (§2.2)."""

    name: str
    trait: str
    change: int
    health: int
    health_max: int


@dataclass(frozen=True, slots=True)
class DefenseSet(Event):
    """The base defense changed; ``bonus_lost``: at 0 the legendary bonus is lost (§3.8)."""

    name: str
    defense: int
    bonus_lost: bool


@dataclass(frozen=True, slots=True)
class AbilityNoted(Event):
    """An ability noted on a combatant (§3.7)."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Delayed(Event):
    """A delay (§3.4): after ``after`` (None: into the next round), with the new score."""

    name: str
    after: str | None
    initiative: int
    round: int


@dataclass(frozen=True, slots=True)
class DelayOverruled(Event):
    """Two combatants each wanted to go after the other; the higher original score decided."""

    name: str
    decided_by: str


@dataclass(frozen=True, slots=True)
class DelayReleased(Event):
    """A delaying combatant may act now: the one they waited for has acted or left."""

    name: str
    after: str
    target_left: bool = False
    """``after`` will not act in this round's remaining turns (removed, or delayed into the
    next round): the hold ends and ``name`` acts at its place in the order this round (§3.4)."""


@dataclass(frozen=True, slots=True)
class InitiativeChanged(Event):
    """An immediate initiative change (§3.5): re-sorted, no second turn."""

    name: str
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """The ST swapped two tied combatants' places (§3.3: players may choose)."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Removed(Event):
    """A combatant left the fight."""

    name: str
    was_current: bool


@dataclass(frozen=True, slots=True)
class Hidden(Event):
    """A combatant is left out of the players' view (``hide``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A hidden combatant is shown to the players (``reveal``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage taken; ``health`` after it."""

    name: str
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class DamagePastZero(Event):
    """Damage taken beyond health 0 ([I-20]): ``amount`` of this hit, ``total`` recorded so far;
    death has no rule in the sources and is the ST's call."""

    name: str
    amount: int
    total: int


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """Health restored; ``health`` after it."""

    name: str
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class Unconscious(Event):
    """``name`` fell unconscious: ``reason`` is ``"health"`` or ``"kept-conscious-ended"``."""

    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class Revived(Event):
    """``name`` is conscious again."""

    name: str


@dataclass(frozen=True, slots=True)
class WillpowerChanged(Event):
    """The willpower pool changed; ``use`` names the §1.7 spend or ``"adjust"``."""

    name: str
    change: int
    willpower: int
    use: str


@dataclass(frozen=True, slots=True)
class DefenseDeclared(Event):
    """Defense bonus successes declared before an attack roll, spent until the next action."""

    name: str
    declared: int
    remaining: int


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """One attack roll of RULES.md §3.9, every step of the chain kept (INTERFACE.md ``attack``).

    ``pool_before_defense`` is the attacker's pool with modifiers and willpower; ``defense``
    what came off it ([I-12]); ``defense_total`` the target's defense however applied;
    ``defense_bonus`` the successes declared against this roll, ``cancelled`` those that met a
    rolled success; ``attack_bonus`` this attack's share, ``bonus_applied`` what was added
    (0 on a miss or a chance roll). ``health`` is the target's after the damage. ``result``
    is the roll itself (the reduced pool, its faces).
    """

    attacker: str
    target: str
    label: str
    index: int
    attacks: int
    pool_before_defense: int
    base_defense: int
    flat_footed: bool
    willpower_defense: bool
    doubled: bool
    defense: int
    defense_total: int
    defense_bonus: int
    cancelled: int
    penalty: int
    attack_bonus: int
    bonus_applied: int
    final: int
    hit: bool
    miss: str
    damage: int
    no_damage: bool
    health: int
    health_max: int
    result: CheckResult
    gained: int = 0
    """The part of ``attack_bonus`` gained mid-action (``bonus-on-hit=``, §3.8)."""


@dataclass(frozen=True, slots=True)
class EffectAdded(Event):
    """A lasting effect on ``name`` created by ``source`` for ``rounds`` rounds (§3.1)."""

    name: str
    label: str
    source: str
    rounds: int


@dataclass(frozen=True, slots=True)
class EffectExpired(Event):
    """A lasting effect ended at the start of its creator's turn (or the round's start)."""

    name: str
    label: str
    source: str


@dataclass(frozen=True, slots=True)
class EffectEnded(Event):
    """The ST ended an effect early."""

    name: str
    label: str


@dataclass(frozen=True, slots=True)
class InterruptDeclared(Event):
    """``reactor`` answers ``target``'s action with a reflex, which resolves first (§3.7)."""

    reactor: str
    target: str
    charged: bool


@dataclass(frozen=True, slots=True)
class InterruptResolved(Event):
    """The ST's ruling: the interrupted action ``continues``, ``fails`` or is ``avoided``."""

    reactor: str
    target: str
    outcome: str


@dataclass(frozen=True, slots=True)
class ExtraActionsSet(Event):
    """Extra actions per turn (or for this turn only) from an ability (§3.6)."""

    name: str
    kind: str
    count: int
    this_turn: bool


@dataclass(frozen=True, slots=True)
class FreeCapSet(Event):
    """The ST's cap on free actions per turn (None: unlimited)."""

    cap: int | None


@dataclass(frozen=True, slots=True)
class NoteAdded(Event):
    """A note on a combatant."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class SceneEnded(Event):
    """A scene boundary: once-per-scene uses reset, the fight is over."""

    scene: int


@dataclass(frozen=True, slots=True)
class MovieEnded(Event):
    """A movie boundary: once-per-movie (and per-scene) uses reset."""

    movie: int
