"""The state of an Infinite Horror encounter: combatants in turn order (RULES.md §3).

Everything here is plain frozen data; the rules that change it live in ``initiative.py``,
``turns.py``, ``budget.py``, ``vitals.py`` and ``effects.py``. The tuple ``Encounter.order`` *is*
the turn order: the next to act is computed from it (RULES.md [I-3]).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import RuleError
from engine.ih.order_places import Known, known, put_flags, remember, sources_changed
from engine.ih.order_places import flagged as flagged
from engine.ih.order_places import same_places as same_places
from engine.ih.rolls import ExtendedTask, RollRecord
from engine.ih.sheet import Sheet
from engine.records import replace
from engine.settings import DEFAULT, Interpretations

SECONDS_PER_ROUND = 6
"""RULES.md §3.1: one combat round is six seconds."""


class Phase(StrEnum):
    """Where the encounter is: before the fight, in the surprise round, or in combat."""

    SETUP = "setup"
    SURPRISE = "surprise"
    COMBAT = "combat"


class Kind(StrEnum):
    """Player character or not: only the ST's swap of tied PCs cares (RULES.md §3.3)."""

    PC = "pc"
    NPC = "npc"


class ActionKind(StrEnum):
    """The kinds of combat action of RULES.md §3.6 (``reflex`` is an off-turn swift, §3.7)."""

    FREE = "free"
    SWIFT = "swift"
    REFLEX = "reflex"
    MOVE = "move"
    STANDARD = "standard"
    FULL_ROUND = "full-round"
    ONE_ROUND = "one-round"
    """"1 round" (一輪): the whole turn; its effect lands at the start of the next (§3.6–§3.7)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """Actions left in a turn, as counts so abilities can grant extras (RULES.md §3.6).

    ``single`` marks the surprise round's budget: exactly one of swift, move or standard.
    """

    swift: int = 1
    move: int = 1
    standard: int = 1
    single: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """A lasting effect on a combatant, timed on its creator's turns (RULES.md §3.1).

    ``rounds_left`` drops by one at the start of each of the creator's turns; at 0 it expires.
    When the creator has left the fight the effect counts down at each round's start instead.
    """

    label: str
    source: str
    rounds_left: int
    waits_for_turn: bool = False
    """Made by its creator between the start of a turn and a delay, that is, before their
    action started (RULES.md §3.4): the start of the turn they do take does not count it down."""


@dataclass(frozen=True, slots=True)
class Combatant:
    """One combatant: scores for ordering, this round's flags, budgets, vitals, effects."""

    name: str
    initiative: int
    original: int
    kind: Kind = Kind.NPC
    dexterity: int = 2
    composure: int = 2
    roll_off: tuple[int, ...] = ()
    health: int = 7
    health_max: int = 7
    willpower: int = 4
    willpower_max: int = 4
    defense: int = 0
    defense_bonus: int = 0
    defense_bonus_kept: int = 0
    """Of ``defense_bonus``, the successes that do not come from a legendary Dexterity or Wits
    (gear, traits, powers: the sheet's ``defense-bonus``). Base defense brought to 0 loses only
    the legendary ones (RULES.md §3.8, 003: 失去传奇敏捷和传奇感知带来的防御附加成功): these
    stay."""
    defense_spent: int = 0
    defense_declared: int = 0
    """Defense bonus successes declared for the next attack on this combatant and not yet
    met by one (RULES.md §3.8: declared before the roll; an attack uses them up)."""
    acted: bool = False
    started: bool = False
    turns_taken: int = 0
    delaying: bool = False
    delay_after: str | None = None
    joins_round: int = 0
    joined: bool = False
    clueless: bool = False
    aware: bool = False
    budget: Budget = field(default_factory=Budget)
    extra: Budget = field(default_factory=lambda: Budget(swift=0, move=0, standard=0))
    owed_rounds: tuple[int, ...] = ()
    free_used: int = 0
    spent_this_turn: bool = False
    unconscious: bool = False
    damage_past_zero: int = 0
    """Damage taken beyond health 0 since health was last above it ([I-20]: recorded, death
    is the ST's call)."""
    kept_conscious: bool = False
    kept_since: int = 0
    """``turns_taken`` when willpower kept the combatant conscious, counting a turn under way
    as taken: the end of a later turn is the end of the kept round ([I-14])."""
    asleep_until_scene_end: bool = False
    willpower_defense: bool = False
    boost_pending: bool = False
    """Willpower's +3 DP was spent for the action in progress (once per action, §1.7)."""
    boost_rolled: bool = False
    """That +3 DP has gone into a roll: the spend is tied to one roll (§1.7)."""
    conscious_used_scene: bool = False
    trait_used_scene: bool = False
    impulse_used_movie: bool = False
    effects: tuple[Effect, ...] = ()
    notes: tuple[str, ...] = ()
    hidden: bool = False
    """Left out of the players' view until the ST reveals them (``hide``/``reveal``)."""
    temporary_boxes: tuple[tuple[str, int], ...] = ()
    """Health boxes from temporary Stamina or Size, per trait (RULES.md §2.2)."""
    defense_dropped: bool = False
    """Base defense was brought down to 0 (charging, multi-attack, speed): the defense bonus
    from legendary Dexterity/Wits is lost until it is back above 0 (RULES.md §3.8)."""
    abilities: tuple[str, ...] = ()
    """Abilities the ST noted (``ability NAME "…"``): with none, the only reflexes are drop
    prone and a ready action (RULES.md §3.7)."""
    one_round: str | None = None
    """A "1 round" action under way: what lands at the start of the next turn (§3.7)."""
    sheet: str | None = None
    """The roster sheet this combatant was added from (``add NAME from=SHEET``), or ``None``."""

    @property
    def owed_swift(self) -> int:
        """Swift actions of the next turn already spent on off-turn reflexes (RULES.md §3.7)."""
        return len(self.owed_rounds)

    @property
    def key(self) -> str:
        """The case-insensitive form of the name (INTERFACE.md §3: names match so)."""
        return self.name.casefold()


@dataclass(frozen=True, slots=True)
class TurnOpening:
    """What the start of the current actor's turn changed, so a delay can take it back.

    A delay is declared *before* one's turn starts (RULES.md §3.4), and "1 round" runs from the
    start of one's action (§3.1): when the current actor delays instead of acting, their turn has
    not started. Their fresh budget waits for the turn they do take, and effects they created
    count down then, not now.
    """

    before: Combatant
    """The actor's record before the turn started."""
    effects: tuple[tuple[str, tuple[Effect, ...]], ...] = ()
    """Per combatant (folded name) carrying effects the actor created: those effects before
    they counted down."""
    counted: tuple[tuple[str, tuple[Effect, ...]], ...] = ()
    """The same combatants' effects right after the countdown (what a delay may take back)."""


@dataclass(frozen=True, slots=True)
class Interrupt:
    """A reflex declared against someone's action: it resolves first (RULES.md §3.7)."""

    reactor: str
    target: str
    round: int


@dataclass(frozen=True, slots=True)
class Encounter:
    """One IH scene's fight: phase, round, whose turn it is, and the ordered combatants."""

    system: str
    phase: Phase = Phase.SETUP
    round: int = 0
    current: str | None = None
    order: tuple[Combatant, ...] = ()
    free_cap: int | None = None
    interrupt: Interrupt | None = None
    scene: int = 1
    movie: int = 1
    interpretations: Interpretations = DEFAULT
    sheets: tuple[Sheet, ...] = ()
    """The campaign's roster as this scene sees it (RULES.md §2; saved with the campaign)."""
    rolls: tuple[RollRecord, ...] = field(default=(), compare=False)
    """Every check of the scene, oldest first (INTERFACE.md ``rolls``).

    A log, not the fight: two states that differ only here are the same fight (a save from
    before this field existed holds no rolls, though its journal's ``roll`` lines make some)."""
    extended: tuple[ExtendedTask, ...] = ()
    """The scene's extended actions, ``x1``, ``x2``, … in the order started (RULES.md §1.8)."""
    sheet_willpower_spent: tuple[tuple[str, int], ...] = ()
    """Willpower spent in this scene by sheets not in the fight (``check NAME … --willpower``,
    §1.7/§3.11): (sheet key, points), so it is refused at 0 and undone with the check."""
    opening: TurnOpening | None = field(default=None, compare=False)
    """The current actor's turn start, until the next one (see :class:`TurnOpening`).

    Bookkeeping, not the fight: two states that differ only here are the same fight (a save
    from before this field existed loads as the very state its journal makes)."""

    @property
    def elapsed_seconds(self) -> int:
        """Time elapsed in the fight at the start of the current round (RULES.md §3.1)."""
        return SECONDS_PER_ROUND * max(self.round - 1, 0)


def find(state: Encounter, name: str) -> Combatant:
    """The combatant called ``name`` (case-insensitive).

    Raises:
        RuleError: nobody has that name.
    """
    found = known(state.order)
    index = found.by_name.get(name)
    if index is None:
        index = found.by_key.get(name.strip().casefold())
    if index is not None:
        return state.order[index]
    names = ", ".join(c.name for c in state.order) or "nobody yet"
    raise RuleError("ih.encounter.combatant-named-fight-known", name=name, known=names)


def index_of(state: Encounter, name: str) -> int:
    """The position of ``name`` in the turn order (-1 when absent)."""
    found = known(state.order)
    index = found.by_name.get(name)
    if index is None:
        index = found.by_key.get(name.casefold())
    return -1 if index is None else index


def fresh_turn(combatant: Combatant, budget: Budget, started: bool | None = None) -> Combatant:
    """``combatant`` with this turn's spending undone: ``budget`` to act with, no owed rounds,
    free actions, defense spent or declared, willpower defense or +3 DP waiting (a turn's
    start, §3.6; a scene's end, §3.1); ``started`` set too when given (one copy, not two: a
    combatant is copied field by field, issue 30)."""
    return replace(
        combatant,
        started=combatant.started if started is None else started,
        budget=budget,
        owed_rounds=(),
        free_used=0,
        spent_this_turn=False,
        defense_spent=0,
        defense_declared=0,
        willpower_defense=False,
        boost_pending=False,
        boost_rolled=False,
    )


def put(
    state: Encounter,
    combatant: Combatant,
    current: str | None = None,
    also: Combatant | None = None,
) -> Encounter:
    """Replace the combatant of the same name, keeping its place in the order; ``current``,
    when given, becomes the current actor in the same copy of the state; ``also``, another
    combatant (of another name) replaced in that same copy: ``next`` ends one turn and starts
    another with one copy of the order, not two (issue 30: a copy of a long order per change
    made ``next`` cost more the more combatants)."""
    index = index_of(state, combatant.name)
    changes = [(index, combatant)]
    if also is not None:
        at = index_of(state, also.name)
        if at < 0 or index < 0 or at == index:
            return put(put(state, also), combatant, current)
        changes.insert(0, (at, also))
    if index < 0:  # nobody of that name: as it always was (never asked for)
        state = replace(state, order=state.order[:index] + (combatant,) + state.order)
        return state if current is None else replace(state, current=current)
    old = state.order
    copied = list(old)  # one copy each way: slicing made four of a long order
    found = known(old)
    seen: Known | None = found
    for at, changed in changes:
        copied[at] = changed
        if seen is not None and old[at].name == changed.name:
            flags, skips = put_flags(seen, at, old[at], changed)
            seen = Known(old, found.by_name, found._by_key, flags, skips)
        else:
            seen = None
    order = tuple(copied)
    if seen is not None:
        sources = found.sources
        for at, changed in changes:
            if sources is not None and old[at].effects is not changed.effects:
                sources = sources_changed(sources, changed.name, old[at].effects, changed.effects)
        remember(Known(order, found.by_name, found._by_key, seen.flags, seen.skips, sources))
    if current is None:
        return replace(state, order=order)
    return replace(state, order=order, current=current)


def same(a: str | None, b: str | None) -> bool:
    """Names equal ignoring case (``None`` equals only ``None``)."""
    if a is None or b is None:
        return a is b
    return a.casefold() == b.casefold()
