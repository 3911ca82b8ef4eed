"""What the Infinite Horror screen draws, read from the scene (data flows down, STYLE.md).

The view is built once per state change from the engine's typed records (the combatants of
:class:`engine.ih.encounter.Encounter`, their sheets), not from the ``run --json`` rows read
back. Panes get the view and never see the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ih.budget import fresh_budget
from engine.ih.encounter import Budget, Combatant, Encounter, Kind
from engine.ih.events import ActionSpent, TurnStarted
from engine.ih.rolls import ExtendedTask
from engine.ih.sheet import Sheet, find_sheet
from engine.ih.traits import ATTRIBUTE_CATEGORY, SKILL_CATEGORY, Attribute, Category, Skill
from engine.ih.turns import flat_footed
from engine.session import Scene

DETAIL_FIELDS: tuple[str, ...] = (
    "kind",
    "dexterity",
    "composure",
    "defense",
    "defense_bonus",
    "defense_spent",
    "original",
    "unconscious",
    "kept_conscious",
    "willpower_defense",
    "clueless",
    "defense_dropped",
    "temporary_boxes",
    "one_round",
    "abilities",
)
"""Fields of the engine's combatant shown in the detail pane: traits that order the turns
(RULES.md §3.3), derived defense and the declared defense bonus (§3.8), conditions."""


@dataclass(frozen=True, slots=True)
class EffectView:
    """A lasting effect and its rounds left (RULES.md §3.1)."""

    label: str
    rounds_left: int
    source: str | None = None


@dataclass(frozen=True, slots=True)
class Marks:
    """A combatant's status marks in the initiative queue (RULES.md §3.3–§3.5, [I-14], [I-20])."""

    hidden: bool = False
    """Left out of the players' view (``hide``): marked for the ST."""
    unconscious: bool = False
    kept_conscious: bool = False
    """Staying conscious on willpower for 1 round (RULES.md §1.7, [I-14])."""
    acted: bool = False
    delaying: bool = False
    flat_footed: bool = False
    joining: bool = False
    damage_past_zero: int = 0
    """Damage recorded past 0 health ([I-20]): death is the Storyteller's call."""


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One row of the initiative queue and the detail pane."""

    name: str
    initiative: int
    marks: Marks
    """Acted, delaying, flat-footed, unconscious…: what the queue marks it with."""
    budget: dict[str, int]
    owed_swift: int
    health: int
    health_max: int
    willpower: int
    willpower_max: int
    effects: tuple[EffectView, ...]
    current: bool
    details: tuple[tuple[str, str], ...] = ()
    notes: str = ""
    pc: bool = False
    """A player character (the queue draws PCs and NPCs differently)."""
    next_budget: dict[str, int] = field(default_factory=dict)
    """The budget the combatant's next turn starts with (less swifts owed to reflexes): what
    the budget pane shows for anyone but the current actor, whose ``budget`` is left over from
    their last turn (RULES.md §3.6–§3.7)."""
    sheet: str | None = None
    """The roster sheet the combatant was added from."""
    sheet_traits: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    """Per category (``physical``…): its attributes, then its skills above 0, with values."""
    specialties: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class IHView:
    """The whole fight as the screen shows it."""

    system: str
    round: int
    phase: str
    current: str | None
    order: tuple[CombatantView, ...]
    extended: tuple[ExtendedTask, ...] = ()
    """The scene's extended actions (RULES.md §1.8): plain engine data, drawn as they are."""
    sheets: tuple[str, ...] = ()
    """The names of the campaign's character sheets (RULES.md §2), in roster order."""
    names: tuple[str, ...] = field(init=False, compare=False)
    """The combatants' names in turn order."""
    _by_name: dict[str, CombatantView] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Made once: the keys' check_action looks combatants up dozens of times a keypress.
        object.__setattr__(self, "names", tuple(c.name for c in self.order))
        by_name: dict[str, CombatantView] = {}
        for combatant in self.order:
            by_name.setdefault(combatant.name.casefold(), combatant)
        object.__setattr__(self, "_by_name", by_name)

    def find(self, name: str | None) -> CombatantView | None:
        """The combatant called ``name`` (case-insensitive), if present."""
        if name is None:
            return None
        return self._by_name.get(name.casefold())


def _plain(value: Any) -> str | None:
    if isinstance(value, bool):
        return "✓" if value else None
    if isinstance(value, int | float | str) and value != "":
        return str(value)
    return None


def _details(record: Combatant) -> tuple[tuple[str, str], ...]:
    """The detail fields the engine's record has, in DETAIL_FIELDS order."""
    pairs: list[tuple[str, str]] = []
    for name in DETAIL_FIELDS:
        value = getattr(record, name, None)
        if name == "defense_spent" and not value:
            continue
        if name == "original" and value == getattr(record, "initiative", None):
            continue
        if name == "temporary_boxes":  # RULES.md §2.2: health boxes from a temporary trait
            value = ", ".join(f"{trait} +{boxes}" for trait, boxes in value or ())
        elif name == "abilities":
            value = "; ".join(value or ())
        text = _plain(value)
        if text is not None:
            pairs.append((name, text))
    return tuple(pairs)


def sheet_traits(sheet: Sheet) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """What the detail pane shows of a sheet: each category's attributes and trained skills."""
    character = sheet.character
    rows: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    for category in Category:
        values = [
            (a.value, character.attributes.of(a))
            for a in Attribute
            if ATTRIBUTE_CATEGORY[a] is category
        ]
        values += [
            (s.value, character.skills.of(s))
            for s in Skill
            if SKILL_CATEGORY[s] is category and character.skills.of(s) > 0
        ]
        rows.append((category.value, tuple(values)))
    return tuple(rows)


def encounter_of(scene: Scene) -> Encounter:
    """The fight of an Infinite Horror scene (the IH screen only ever holds one).

    Raises:
        TypeError: a M.I.S.T. scene.
    """
    if not isinstance(scene.state, Encounter):
        raise TypeError(f"{scene.name!r} is a {scene.system} scene, not an Infinite Horror one")
    return scene.state


def substitutions(scene: Scene) -> tuple[tuple[str, str], ...]:
    """This turn's actions paid with a larger slot ("move paid by standard", RULES.md §3.6).

    Read from the journal's ``ActionSpent`` events since the current actor's turn started.
    """
    current = getattr(scene.state, "current", None)
    if current is None:
        return ()
    found: list[tuple[str, str]] = []
    for entry in reversed(scene.journal):
        for event in reversed(entry.events):
            if isinstance(event, TurnStarted) and event.name == current:
                return tuple(reversed(found))
            if isinstance(event, ActionSpent) and event.name == current:
                paid = tuple(event.paid_with)
                spent = str(event.kind)
                if spent == "one-round":  # the whole turn, not a substitution (§3.7)
                    continue
                for slot in paid:
                    if slot != spent:
                        found.append((spent, str(slot)))
    return tuple(reversed(found))


def _slots(budget: Budget) -> dict[str, int]:
    """An action budget by kind (RULES.md §3.6), as the budget pane draws it."""
    return {"swift": budget.swift, "move": budget.move, "standard": budget.standard}


ViewCache = dict[str, tuple[tuple[Any, ...], CombatantView]]
"""Per name: what the view was made from (the engine record, whether it was flat-footed, whether
it was the current actor, the phase and round) and the view made of it."""


def ih_view(state: Encounter, system: str, cache: ViewCache | None = None) -> IHView:
    """Read an Infinite Horror fight into the view the panes draw.

    A combatant's view depends only on its record, its sheet, whether it is flat-footed or the
    current actor, and the phase and round. With ``cache`` (kept by the caller between calls), a
    combatant whose record is the very same object, as flat-footed and as current as before,
    keeps its view object without it being made again: a ``next`` with 100 combatants builds two
    or three views, and the queue compares the rest by identity.
    """
    current = state.current
    phase = state.phase.value
    fresh: ViewCache = {}
    order: list[CombatantView] = []
    for record in state.order:
        name = record.name
        sheet = find_sheet(state.sheets, record.sheet) if record.sheet is not None else None
        footed = flat_footed(state, record)
        is_current = current is not None and name == current
        inputs = (record, sheet, footed, is_current, phase, state.round)
        known = cache.get(name) if cache is not None else None
        if known is not None and known[0] == inputs:
            fresh[name] = known
            order.append(known[1])
            continue
        order.append(
            CombatantView(
                name=name,
                initiative=record.initiative,
                marks=Marks(
                    hidden=record.hidden,
                    unconscious=record.unconscious,
                    kept_conscious=record.kept_conscious,
                    acted=record.acted,
                    delaying=record.delaying,
                    flat_footed=footed,
                    joining=phase != "setup" and record.joins_round > state.round,
                    damage_past_zero=record.damage_past_zero,
                ),
                budget=_slots(record.budget),
                owed_swift=record.owed_swift,
                health=record.health,
                health_max=record.health_max or record.health,
                willpower=record.willpower,
                willpower_max=record.willpower_max or record.willpower,
                effects=tuple(
                    EffectView(label=e.label, rounds_left=e.rounds_left, source=e.source or None)
                    for e in record.effects
                ),
                current=is_current,
                details=_details(record),
                notes="\n".join(record.notes),
                pc=record.kind is Kind.PC,
                next_budget=_slots(fresh_budget(state, record)),
                sheet=sheet.name if sheet is not None else None,
                sheet_traits=sheet_traits(sheet) if sheet is not None else (),
                specialties=tuple((x.name, x.level) for x in sheet.character.specialties)
                if sheet is not None
                else (),
            )
        )
        fresh[name] = (inputs, order[-1])
    if cache is not None:
        cache.clear()
        cache.update(fresh)
    return IHView(
        system=state.system or system,
        round=state.round,
        phase=phase,
        current=current,
        order=tuple(order),
        extended=state.extended,
        sheets=tuple(sheet.name for sheet in state.sheets),
    )
