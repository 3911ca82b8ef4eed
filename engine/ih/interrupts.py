"""Reflex interrupts (RULES.md §3.7): the reflex resolves first, then the ST rules.

The interrupted action continues if its actor can still act, fails if the reflex left them
unable to (unconscious), or the ST rules the attack fully avoided. Until ruled, the interrupt
is pending; ending the turn resolves it by the rule itself.
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import RuleError
from engine.events import Events
from engine.ih.budget import charge_reflex
from engine.ih.encounter import Encounter, Interrupt, Phase, find
from engine.ih.events import InterruptDeclared, InterruptResolved
from engine.records import replace


class Outcome(StrEnum):
    """The ST's ruling on the interrupted action."""

    CONTINUES = "continues"
    FAILS = "fails"
    AVOIDED = "avoided"


def declare(state: Encounter, reactor: str, target: str, prepaid: bool) -> tuple[Encounter, Events]:
    """``reactor`` answers ``target``'s action with a reflex (a ready action if ``prepaid``)."""
    if state.phase is Phase.SETUP:
        raise RuleError("ih.interrupts.fight-begun-interrupts-happen")
    if state.interrupt is not None:
        pending = state.interrupt
        raise RuleError(
            "ih.interrupts.interrupt-still-pending-resolve",
            reactor=pending.reactor,
            target=pending.target,
        )
    who, whom = find(state, reactor), find(state, target)
    if who.key == whom.key:
        raise RuleError("ih.interrupts.interrupt-own-action", name=who.name)
    if who.unconscious:
        raise RuleError("ih.interrupts.unconscious-act", name=who.name)
    events: Events = ()
    if not prepaid:
        state, events = charge_reflex(state, who.name)
    pending = Interrupt(reactor=who.name, target=whom.name, round=state.round)
    declared = InterruptDeclared(who.name, whom.name, not prepaid)
    return replace(state, interrupt=pending), (*events, declared)


def resolve(state: Encounter, outcome: Outcome) -> tuple[Encounter, Events]:
    """Record the ST's ruling; an unconscious target's action cannot continue (§3.7)."""
    pending = state.interrupt
    if pending is None:
        raise RuleError("ih.interrupts.interrupt-pending")
    target = find(state, pending.target)
    if outcome is Outcome.CONTINUES and target.unconscious:
        raise RuleError("ih.interrupts.unconscious-interrupted-action-fails", target=target.name)
    event = InterruptResolved(pending.reactor, target.name, outcome.value)
    return replace(state, interrupt=None), (event,)
