"""The scene loop (RULES.md §4.6): Establish → Action → Consequence → Establish.

Threats are presented in Establish, actions rolled in Action, consequences delivered (and
mitigated) in Consequence. Leaving Consequence with a consequence still in flight is refused;
rolls that owe a consequence none was given for are warned about. The scene ends when the MC
ends it; its story tags go, unless kept.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import limits, roster, tags
from engine.mist.commands import AddConsequence, EndScene, PresentThreat
from engine.mist.events import (
    ConsequenceDelivered,
    ConsequencePending,
    ConsequencesOwed,
    PhaseChanged,
    SceneEnded,
    SceneResolved,
    ThreatPresented,
    ThreatResolved,
)
from engine.mist.markup import ChipKind, chips
from engine.mist.state import (
    Consequence,
    MistState,
    Phase,
    SceneInfo,
    Tag,
    TagKind,
    TagScope,
    Threat,
)
from engine.mist.status import check_tier
from engine.records import replace


def set_phase(state: MistState, phase: Phase | None) -> tuple[MistState, Events]:
    """Move to a phase: ``None`` follows the loop; a named phase is the MC's jump there.

    Naming the current phase changes nothing. Entering Establish starts the next cycle and warns
    about rolls still owed a consequence.

    Raises:
        RuleError: leaving Consequence with a consequence still pending.
    """
    target = phase or state.phase.next
    if target is state.phase:
        return state, ()
    events: list[Event] = []
    old = state.phase
    cycle = state.scene.cycle
    if old is Phase.CONSEQUENCE:
        pending = [x for x in state.consequences if not x.delivered]
        if pending:
            ids = ", ".join(x.id for x in pending)
            raise RuleError("mist.scene-loop.consequence-still-pending-deliver-2", ids=ids)
    if target is Phase.ESTABLISH:
        if state.owed:
            events.append(ConsequencesOwed(state.owed))
        cycle += 1
        state = replace(state, owed=())
    state = replace(state, phase=target, scene=replace(state.scene, cycle=cycle))
    events.insert(0, PhaseChanged(old, target, cycle))
    if target is Phase.ESTABLISH and resolved(state):
        events.append(SceneResolved(state.scene.name))
    return state, tuple(events)


def resolved(state: MistState) -> bool:
    """Challenges all overcome and threats all resolved (and there was something to face)."""
    scene_threats = [t for t in state.threats if t.scene == state.scene.number]
    if not state.challenges and not scene_threats:
        return False
    return all(c.overcome for c in state.challenges) and all(t.resolved for t in scene_threats)


def present_threat(state: MistState, command: PresentThreat) -> tuple[MistState, Events]:
    """A threat the MC presents in the Establish phase (``t1``…).

    Raises:
        RuleError: not the Establish phase, an empty text or an unknown challenge.
    """
    if state.phase is not Phase.ESTABLISH:
        raise RuleError(
            "mist.scene-loop.threats-presented-establish-phase",
            phase=state.phase.value,
            phase_name_key=f"mist.phase.{state.phase.value}",
        )
    if not command.text.strip():
        raise RuleError("mist.scene-loop.threat-needs-text-threat")
    source = roster.challenge(state, command.challenge).name if command.challenge else None
    ident = f"t{max((int(t.id[1:]) for t in state.threats if t.id[1:].isdigit()), default=0) + 1}"
    threat = Threat(ident, command.text.strip(), source, state.scene.number)
    state = replace(state, threats=state.threats + (threat,))
    return state, (ThreatPresented(threat.id, threat.text, source),)


def resolve_threat(state: MistState, ident: str) -> tuple[MistState, Events]:
    """Mark a threat resolved.

    Raises:
        RuleError: no such open threat.
    """
    key = ident.strip().lower()
    found = next((t for t in state.threats if t.id == key), None)
    if found is None:
        raise RuleError("mist.scene-loop.threat", ident=ident)
    if found.resolved:
        raise RuleError("mist.scene-loop.threat-already-resolved", id=found.id)
    threats = tuple(replace(t, resolved=True) if t is found else t for t in state.threats)
    return replace(state, threats=threats), (ThreatResolved(found.id),)


def _known_source(state: MistState, source: str) -> str:
    key = source.strip().lower()
    ids = {a.id for a in state.actions} | {t.id for t in state.threats}
    ids |= {c.id for c in state.case_file.conclusions}
    if key not in ids:
        raise RuleError("mist.scene-loop.action-threat-conclusion-consequence", source=source)
    return key


def add_consequence(state: MistState, command: AddConsequence) -> tuple[MistState, Events]:
    """A consequence in the Consequence phase: pending when it gives a status, else delivered.

    Raises:
        RuleError: not the Consequence phase, an unknown target or source, a bad tier.
    """
    if state.phase is not Phase.CONSEQUENCE:
        raise RuleError(
            "mist.scene-loop.consequences-delivered-consequence-phase",
            phase=state.phase.value,
            phase_name_key=f"mist.phase.{state.phase.value}",
        )
    source = _known_source(state, command.source) if command.source else None
    ident = f"x{len(state.consequences) + 1}"
    owed = tuple(o for o in state.owed if o != source)
    threat = next((t for t in state.threats if t.id == source), None)
    named = command.target is None and roster.has_name(state, command.text)
    if command.status is None and threat is not None and named:
        if not chips(threat.text):
            name = roster.check_target(state, command.text)
            raise RuleError("mist.scene-loop.threat-has-no-markup", id=threat.id, name=name)
        return _markup_lands(replace(state, owed=owed), threat.text, command.text, source)
    if command.status is None and command.target is not None and chips(command.text):
        return _markup_lands(replace(state, owed=owed), command.text, command.target, source)
    if command.status is None and chips(command.text):  # ``consequence "TEXT"``: no target
        return _scene_markup_lands(replace(state, owed=owed), command.text, source)
    if command.status is None:
        if not command.text.strip():
            raise RuleError("mist.scene-loop.consequence-needs-status-text")
        done = Consequence(ident, command.text, None, None, 0, source, delivered=True)
        state = replace(state, consequences=state.consequences + (done,), owed=owed)
        return state, (ConsequenceDelivered(ident, None, None, 0),)
    check_tier(command.tier)
    target = roster.check_target(state, command.target or "")
    pending = Consequence(ident, command.text, target, command.status, command.tier, source)
    state = replace(state, consequences=state.consequences + (pending,), owed=owed)
    return state, (
        ConsequencePending(ident, target, command.status, command.tier, command.text, source),
    )


def _markup_lands(
    state: MistState, text: str, target: str, source: str | None
) -> tuple[MistState, Events]:
    """A consequence written in markup lands on ``target`` (issue 29): ``consequence NAME
    for=t1`` with no status named takes the threat's text; ``consequence NAME text="…"`` (the
    console's consequence dialog, the MC's edit) its own. Each ``[status-N]`` is a consequence
    pending on NAME (mitigated or delivered as any other, §4.3), each ``[tag]`` a story tag on
    the scene, each ``[/w tag]`` a weakness tag on NAME. One command: undo takes it all back.

    Raises:
        RuleError: an unknown target, or a tag it names is already there.
    """
    found = chips(text)
    name = roster.check_target(state, target)
    events: list[Event] = []
    for chip in found:
        if chip.kind is ChipKind.STATUS:
            check_tier(chip.tier)
            ident = f"x{len(state.consequences) + 1}"
            item = Consequence(ident, text, name, chip.name, chip.tier, source)
            state = replace(state, consequences=state.consequences + (item,))
            events.append(ConsequencePending(ident, name, chip.name, chip.tier, text, source))
            continue
        on, kind = (tags.SCENE, TagKind.STORY)
        if chip.kind is ChipKind.WEAKNESS:
            on, kind = (name, TagKind.WEAKNESS)
        state, added = tags.add_story_tag(state, on, chip.name, kind)
        events.extend(added)
    if not any(chip.kind is ChipKind.STATUS for chip in found):
        ident = f"x{len(state.consequences) + 1}"
        done = Consequence(ident, text, None, None, 0, source, delivered=True)
        state = replace(state, consequences=state.consequences + (done,))
        events.append(ConsequenceDelivered(ident, None, None, 0))
    return state, tuple(events)


def _scene_markup_lands(
    state: MistState, text: str, source: str | None
) -> tuple[MistState, Events]:
    """``consequence "TEXT"`` in markup, with nobody named (INTERFACE.md §3: markup in
    consequence text): each ``[tag]`` is a story tag on the scene and the consequence is
    delivered. A ``[status-N]`` or ``[/w tag]`` needs someone to take it.

    Raises:
        RuleError: a status or weakness chip (naming how to give the target), or a tag the
            scene already has.
    """
    found = chips(text)
    personal = [chip.markup() for chip in found if chip.kind is not ChipKind.TAG]
    if personal:
        raise RuleError("mist.scene-loop.markup-needs-target", chip=personal[0], text=text)
    events: list[Event] = []
    for chip in found:
        state, added = tags.add_story_tag(state, tags.SCENE, chip.name, TagKind.STORY)
        events.extend(added)
    ident = f"x{len(state.consequences) + 1}"
    done = Consequence(ident, text, None, None, 0, source, delivered=True)
    state = replace(state, consequences=state.consequences + (done,))
    return state, (*events, ConsequenceDelivered(ident, None, None, 0))


def deliver(state: MistState, ident: str | None) -> tuple[MistState, Events]:
    """The pending consequence (or every pending one) lands: its status is taken in full.

    Raises:
        RuleError: nothing pending, or no such pending consequence.
    """
    pending = [x for x in state.consequences if not x.delivered]
    if ident is not None:
        pending = [x for x in pending if x.id == ident.strip().lower()]
        if not pending:
            raise RuleError("mist.scene-loop.pending-consequence", ident=ident)
    if not pending:
        raise RuleError("mist.scene-loop.consequence-pending")
    events: list[Event] = []
    for item in pending:
        if item.target is not None and item.status is not None:
            giver = roster.giver(state, item.source)
            state, taken = limits.take_on(state, item.target, item.status, item.tier, giver)
            events.extend(taken)
        events.append(ConsequenceDelivered(item.id, item.target, item.status, item.tier))
        state = replace(
            state,
            consequences=tuple(
                replace(x, delivered=True) if x.id == item.id else x for x in state.consequences
            ),
        )
    return state, tuple(events)


def _all_story_tags(state: MistState) -> list[Tag]:
    tags_ = list(state.scene.story_tags)
    tags_ += [t for c in state.characters for t in c.story_tags]
    return tags_ + [t for c in state.challenges for t in c.story_tags]


def end_scene(state: MistState, command: EndScene) -> tuple[MistState, Events]:
    """End the scene: story tags go unless kept, or scoped to a challenge still on the table or
    to their character (issue 29 §4); the next scene starts in Establish.

    Raises:
        RuleError: a consequence still pending, or a kept tag that is not a story tag.
    """
    pending = [x.id for x in state.consequences if not x.delivered]
    if pending:
        raise RuleError(
            "mist.scene-loop.consequence-still-pending-deliver", pending=", ".join(pending)
        )
    keep = {k.strip().casefold() for k in command.keep if k.strip()}
    everywhere = [t.name for t in _all_story_tags(state)]
    missing = sorted(k for k in keep if k not in {n.casefold() for n in everywhere})
    if missing:
        raise RuleError("mist.scene-loop.story-tag-keep", missing=missing[0])

    def kept(tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
        """Scene tags kept by ``keep=``; tags scoped to a challenge or a character stay."""
        return tuple(t for t in tags if t.name.casefold() in keep or t.scope is not TagScope.SCENE)

    scene_scoped = [t.name for t in _all_story_tags(state) if t.scope is TagScope.SCENE]
    removed = tuple(n for n in scene_scoped if n.casefold() not in keep)
    kept_names = tuple(n for n in everywhere if n.casefold() in keep)
    number = state.scene.number + 1
    name = (command.next_name or "").strip() or f"Scene {number}"
    ended = state.scene.name
    state = replace(
        state,
        phase=Phase.ESTABLISH,
        scene=SceneInfo(number=number, name=name, story_tags=kept(state.scene.story_tags)),
        characters=tuple(replace(c, story_tags=kept(c.story_tags)) for c in state.characters),
        challenges=tuple(replace(c, story_tags=kept(c.story_tags)) for c in state.challenges),
        owed=(),
    )
    return state, (SceneEnded(ended, removed, kept_names, name),)
