"""Action budgets and reflexes (RULES.md §3.6–§3.7).

Budgets are counts: one swift, move and standard a turn plus extras from abilities. A standard
may pay for a move, a move or standard for a swift; full-round is a move and a standard. The
surprise round allows exactly one of swift, move or standard. A reflex off-turn spends the swift
action of the combatant's next turn (``owed_rounds``); a second is refused unless an extra swift
exists.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Events
from engine.ih.encounter import ActionKind, Budget, Combatant, Encounter, Phase, find, put, same
from engine.ih.events import ActionSpent, ExtraActionsSet, FreeCapSet, UnusualReflex
from engine.records import replace

PAYERS: dict[ActionKind, tuple[str, ...]] = {
    ActionKind.SWIFT: ("swift", "move", "standard"),
    ActionKind.REFLEX: ("swift", "move", "standard"),
    ActionKind.MOVE: ("move", "standard"),
    ActionKind.STANDARD: ("standard",),
}
"""Which budget slots may pay for an action, cheapest first (RULES.md §3.6)."""


def capacity(state: Encounter, combatant: Combatant) -> Budget:
    """A fresh turn's budget: the surprise round's single action, or 1 each plus extras."""
    if state.phase is Phase.SURPRISE:
        return Budget(swift=1, move=1, standard=1, single=True)
    extra = combatant.extra
    return Budget(
        swift=1 + extra.swift, move=1 + extra.move, standard=1 + extra.standard, single=False
    )


def fresh_budget(state: Encounter, combatant: Combatant) -> Budget:
    """The budget at the start of a turn, less the swift actions owed to off-turn reflexes."""
    full = capacity(state, combatant)
    owed = combatant.owed_swift
    if full.single and owed:
        return Budget(swift=0, move=0, standard=0, single=True)
    return replace(full, swift=max(full.swift - owed, 0))


BASIC_REFLEXES: dict[str, str] = {
    "drop-prone": "drop-prone",
    "drop prone": "drop-prone",
    "prone": "drop-prone",
    "ready": "ready",
    "ready action": "ready",
}
"""The reflexes anyone may take without a special ability (RULES.md §3.7), by their names."""


def reflex_name(label: str) -> str:
    """A reflex's name as recorded: ``drop-prone`` and ``ready`` for the basic two."""
    text = label.strip()
    return BASIC_REFLEXES.get(text.casefold(), text)


def reflex_warning(combatant: Combatant, label: str) -> Events:
    """Warn (never refuse) when someone with no noted ability takes an unusual reflex (§3.7)."""
    if not label or label in BASIC_REFLEXES.values() or combatant.abilities:
        return ()
    return (UnusualReflex(combatant.name, label),)


def spend(
    state: Encounter, name: str, kind: ActionKind, label: str = ""
) -> tuple[Encounter, Events]:
    """Spend one action of ``kind`` (RULES.md §3.6), or a reflex off-turn (§3.7).

    ``label`` names a reflex (drop prone, a ready action, or another: warned about for someone
    with no ability noted) or what a "1 round" action does.
    """
    combatant = find(state, name)
    label = reflex_name(label) if kind is ActionKind.REFLEX else label.strip()
    if state.phase is Phase.SETUP:
        raise RuleError("ih.fight.not-begun")
    if combatant.unconscious:
        raise RuleError("ih.act.unconscious", name=combatant.name)
    if state.phase is Phase.SURPRISE and not combatant.aware:
        raise RuleError("ih.act.unaware", name=combatant.name)
    own_turn = same(state.current, combatant.name)
    if kind is ActionKind.FREE:
        return _spend_free(state, combatant, own_turn)
    if not own_turn:
        if kind is ActionKind.REFLEX:
            state, events = reflex_off_turn(state, combatant, label)
            return state, (*events, *reflex_warning(combatant, label))
        if state.current is None:
            raise RuleError("ih.turn.nobody", name=combatant.name)
        raise RuleError("ih.turn.not-yours", name=combatant.name, current=state.current)
    budget = combatant.budget
    if kind is ActionKind.ONE_ROUND:
        return _spend_one_round(state, combatant, label)
    if kind is ActionKind.FULL_ROUND:
        if budget.single:
            raise RuleError("ih.surprise.one-action", name=combatant.name)
        paid = _pay_full_round(combatant)
    else:
        paid = (_pay(combatant, PAYERS[kind], kind),)
    if budget.single:
        remaining = Budget(swift=0, move=0, standard=0, single=True)
    else:
        remaining = budget
        for slot in paid:
            remaining = add_to(remaining, slot, -1)
    updated = replace(combatant, budget=remaining, spent_this_turn=True)
    if combatant.boost_rolled:  # the boosted action's roll is made: this is a new action (§1.7)
        updated = replace(updated, boost_pending=False, boost_rolled=False)
    event = ActionSpent(combatant.name, kind.value, paid, False, state.round, label)
    warning = reflex_warning(combatant, label) if kind is ActionKind.REFLEX else ()
    return put(state, updated), (event, *warning)


def _spend_one_round(
    state: Encounter, combatant: Combatant, label: str
) -> tuple[Encounter, Events]:
    """ "1 round" (一輪, RULES.md §3.6–§3.7): the whole turn is spent, and the effect lands at
    the start of the actor's next turn (``OneRoundLanded``)."""
    budget = combatant.budget
    if budget.single:
        raise RuleError("ih.one-round.surprise", name=combatant.name)
    if combatant.spent_this_turn or min(budget.swift, budget.move, budget.standard) < 1:
        raise RuleError(
            "ih.one-round.turn-used",
            name=combatant.name,
            swift=budget.swift,
            move=budget.move,
            standard=budget.standard,
        )
    label = label or "1 round"
    updated = replace(
        combatant,
        budget=Budget(swift=0, move=0, standard=0, single=False),
        spent_this_turn=True,
        one_round=label,
    )
    paid = ("swift", "move", "standard")
    event = ActionSpent(combatant.name, ActionKind.ONE_ROUND.value, paid, False, state.round, label)
    return put(state, updated), (event,)


def reflex_off_turn(
    state: Encounter, combatant: Combatant, label: str = ""
) -> tuple[Encounter, Events]:
    """A reflex outside one's turn spends the next turn's swift action (RULES.md §3.7)."""
    if state.phase is Phase.SURPRISE and not combatant.aware:
        raise RuleError("ih.act.unaware", name=combatant.name)
    if combatant.unconscious:
        raise RuleError("ih.act.unconscious", name=combatant.name)
    allowed = 1 + combatant.extra.swift
    if combatant.owed_swift >= allowed:
        rounds = ", ".join(str(r) for r in combatant.owed_rounds)
        raise RuleError("ih.reflex.owed", name=combatant.name, rounds=rounds)
    updated = replace(combatant, owed_rounds=combatant.owed_rounds + (state.round,))
    event = ActionSpent(
        combatant.name, ActionKind.REFLEX.value, ("next-swift",), True, state.round, label
    )
    return put(state, updated), (event,)


def charge_reflex(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Charge a reflex on or off turn (willpower spends and interrupts use this)."""
    if same(state.current, name):
        return spend(state, name, ActionKind.REFLEX)
    combatant = find(state, name)
    if state.phase is Phase.SETUP:
        raise RuleError("ih.budget.fight-begun-reflex-actions")
    return reflex_off_turn(state, combatant)


def set_extra(
    state: Encounter, name: str, kind: ActionKind, count: int, this_turn: bool
) -> tuple[Encounter, Events]:
    """Extra actions from an ability: per turn from now on, or for this turn only (§3.6)."""
    combatant = find(state, name)
    if kind not in (ActionKind.SWIFT, ActionKind.MOVE, ActionKind.STANDARD):
        raise RuleError("ih.budget.extra-actions-swift-move")
    if count < 0:
        raise RuleError("ih.budget.number-extra-actions-negative")
    field = kind.value
    if this_turn:
        if not same(state.current, combatant.name):
            raise RuleError("ih.budget.turn-turn-extras-now", name=combatant.name)
        if combatant.budget.single:
            raise RuleError("ih.budget.surprise-round-allows-action")
        budget = add_to(combatant.budget, field, count)
        updated = replace(combatant, budget=budget)
    else:
        extra = add_to(combatant.extra, field, count - getattr(combatant.extra, field))
        updated = replace(combatant, extra=extra)
    event = ExtraActionsSet(combatant.name, field, count, this_turn)
    return put(state, updated), (event,)


def set_free_cap(state: Encounter, cap: int | None) -> tuple[Encounter, Events]:
    """The ST's cap on free actions a turn (RULES.md §3.6); ``None`` lifts it."""
    if cap is not None and cap < 0:
        raise RuleError("ih.budget.free-action-cap-negative")
    return replace(state, free_cap=cap), (FreeCapSet(cap),)


def add_to(budget: Budget, slot: str, change: int) -> Budget:
    """``budget`` with ``change`` added to one slot (``swift``, ``move`` or ``standard``)."""
    return Budget(
        swift=budget.swift + (change if slot == "swift" else 0),
        move=budget.move + (change if slot == "move" else 0),
        standard=budget.standard + (change if slot == "standard" else 0),
        single=budget.single,
    )


def _spend_free(state: Encounter, combatant: Combatant, own_turn: bool) -> tuple[Encounter, Events]:
    """Free actions: unlimited unless capped; off-turn ones (speech) are not counted."""
    if own_turn:
        cap = state.free_cap
        if cap is not None and combatant.free_used >= cap:
            raise RuleError("ih.free.capped", name=combatant.name, cap=cap)
        combatant = replace(combatant, free_used=combatant.free_used + 1, spent_this_turn=True)
    event = ActionSpent(combatant.name, ActionKind.FREE.value, (), not own_turn, state.round)
    return put(state, combatant), (event,)


def _pay(combatant: Combatant, slots: tuple[str, ...], kind: ActionKind) -> str:
    budget = combatant.budget
    for slot in slots:
        if getattr(budget, slot) > 0:
            return slot
    if budget.single:
        raise RuleError("ih.surprise.action-taken", name=combatant.name)
    raise RuleError("ih.budget.empty", name=combatant.name, kind_key=f"action.{kind.value}")


def _pay_full_round(combatant: Combatant) -> tuple[str, ...]:
    budget = combatant.budget
    if budget.standard >= 1 and budget.move >= 1:
        return ("move", "standard")
    if budget.standard >= 2:
        return ("standard", "standard")
    raise RuleError(
        "ih.budget.full-round", name=combatant.name, move=budget.move, standard=budget.standard
    )
