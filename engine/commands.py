"""One path into the engine: parse a console command line and apply it to a scene's state.

The console's keys and dialogs build the same command objects this parser returns
(STYLE.md). Each rule family provides ``engine/<family>/family.py`` with:

- ``VERBS``: the verbs it understands (for completion and help);
- ``new_state(system: str) -> State``;
- ``parse(line: Line) -> Command | None`` (``None`` when the verb is not its own);
- ``apply(state, command, rng) -> (state, events)``, raising ``RuleError``: one dispatch
  shape, ``engine/dispatch.py`` over the family's ``handlers.py``;
- ``to_json(state) -> dict``: the ``run --json`` view of INTERFACE.md §2.

The shared commands are handled here, once for both families: ``interpret`` (both states keep
their [I-n] in ``interpretations``, RULES.md) and ``roll``; ``undo``, ``redo`` and
``scene new`` are the session's (``engine/session.py``).

:func:`format_command` writes any command back as the line that parses into it: the journal's
text for what a key or a dialog did (``engine/ih/formatting.py``, ``engine/mist/formatting.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.dice import command as dice_command
from engine.dice import ww as dice_ww
from engine.dice.formatting import format_roll
from engine.errors import RuleError
from engine.events import Events
from engine.ih import commands as ih_commands
from engine.ih import family as ih_family
from engine.ih import formatting as ih_formatting
from engine.ih.encounter import Encounter
from engine.language import Line, quote, tokenize
from engine.limits import check_command
from engine.mist import commands as mist_commands
from engine.mist import family as mist_family
from engine.mist import formatting as mist_formatting
from engine.mist.language import PROFILE_LISTS
from engine.mist.state import MistState
from engine.records import replace
from engine.settings import (
    Interpret,
    InterpretationChanged,
    Interpretations,
    assign,
    canonical,
)

SYSTEMS: tuple[str, ...] = ("ih-d10", "ih-d6", "mist")
SHARED_VERBS: tuple[str, ...] = ("scene", "roll", "ww", "undo", "redo", "interpret")


@dataclass(frozen=True, slots=True)
class NewScene:
    """``scene new "NAME" SYSTEM [split]``: handled by the session, not by a family."""

    name: str
    system: str
    split: bool = False
    """``split``: the party splits (issue 25): the scene the table was in stays open beside the
    new one, and both share the campaign's one cast."""


@dataclass(frozen=True, slots=True)
class Undo:
    """``undo``: handled by the session."""


@dataclass(frozen=True, slots=True)
class Redo:
    """``redo``: handled by the session."""


SceneState = Encounter | MistState
"""The state of a scene of either family (``Scene.state``)."""

Command = (
    ih_commands.Command
    | mist_commands.Command
    | NewScene
    | Undo
    | Redo
    | Interpret
    | dice_command.RollCommand
)
"""Every command the console language parses into: both families' and the shared ones."""


def family_of(system: str) -> str:
    """``ih`` for ``ih-d10``/``ih-d6``, ``mist`` for ``mist``."""
    if system in ("ih-d10", "ih-d6"):
        return "ih"
    if system == "mist":
        return "mist"
    raise RuleError("commands.unknown-system-use-ih", system=system)


def verbs(system: str | None) -> tuple[str, ...]:
    """The verbs the command line accepts in a scene of ``system`` (all when ``None``)."""
    if system is None:
        every = SHARED_VERBS + tuple(ih_family.VERBS) + tuple(mist_family.VERBS)
    else:
        own = ih_family.VERBS if family_of(system) == "ih" else mist_family.VERBS
        every = SHARED_VERBS + tuple(own)
    return tuple(dict.fromkeys(every))  # each once (``interpret`` is shared and M.I.S.T.'s)


def new_state(system: str, name: str = "") -> SceneState:
    """The empty state of a new scene of ``system``, named ``name`` where the family keeps
    the scene's name in its state (M.I.S.T.: the clues' ``scene``; IH keeps none)."""
    if family_of(system) == "ih":
        return ih_family.new_state(system)
    return mist_family.new_state(system, name)


def parse_line(line: Line, system: str | None) -> Command:
    """Turn a tokenised line into a command object for a scene of ``system``.

    Raises:
        RuleError: an unknown verb, a bad argument, or a verb of the other rule family.
    """
    mist_scene = system is not None and family_of(system) == "mist"
    if not (mist_scene and line.verb in mist_family.VERBS):  # Mist refuses its own repeats
        _refuse_repeated(line)
    if line.verb == "scene" and (not line.words or line.words[0].lower() == "new"):
        return _parse_scene(line)
    if line.verb in ("undo", "redo"):
        if line.words or line.options:
            raise RuleError("commands.use-takes-arguments", verb=line.verb)
        return Undo() if line.verb == "undo" else Redo()
    if line.verb == "roll" and line.words and dice_ww.is_ww(line.words[0]):
        # ``roll ww 5a8``: the same arguments as ``st-console roll`` (INTERFACE.md §3)
        return dice_ww.parse(replace(line, verb=line.words[0].lower(), words=line.words[1:]))
    if line.verb == "roll":
        return dice_command.parse(line)
    if dice_ww.is_ww(line.verb):  # the chat bots' ``.ww XaY`` (issue 28)
        return dice_ww.parse(line)
    if line.verb == "interpret" and system is not None and family_of(system) == "ih":
        return _parse_interpret(line)
    if line.verb == "scene" and system is not None and family_of(system) == "ih":
        raise RuleError("commands.use-scene-ih")  # ``scene end`` is M.I.S.T.'s (INTERFACE §3)
    if system is None:
        raise RuleError("commands.needs-scene-start-scene", verb=line.verb)
    family = family_of(system)
    own, other = (ih_family, mist_family) if family == "ih" else (mist_family, ih_family)
    command: Command | None = own.parse(line)
    if command is not None:
        return command
    if line.verb in other.VERBS:
        kind = "M.I.S.T." if family == "ih" else "Infinite Horror"
        raise RuleError(
            "commands.command-scene",
            verb=line.verb,
            kind=kind,
            system=system,
            rules_key="rules.mist" if family == "ih" else "rules.ih",
        )
    raise RuleError(
        "commands.unknown-command-known", verb=line.verb, known=", ".join(verbs(system))
    )


REPEATABLE: dict[str, tuple[str, ...]] = {"profile": PROFILE_LISTS}
"""The options a verb takes more than once (INTERFACE.md §3: ``profile … threat="…"…``)."""


def _refuse_repeated(line: Line) -> None:
    """Refuse an option given twice (``add A init=3 init=4``): it was once read from one of
    its uses, silently dropping the other. ``dc=3`` and ``--dc=3`` are the same option.

    Raises:
        RuleError: ``language.option-twice`` naming the verb and the option.
    """
    seen: set[str] = set()
    repeatable = REPEATABLE.get(line.verb, ())
    for key, _ in line.options:
        name = key.lstrip("-")
        if name in seen and name not in repeatable:
            shown = key if key.startswith("-") else f"{key}="
            raise RuleError("language.option-twice", verb=line.verb, key=shown)
        seen.add(name)


def parse(text: str, system: str | None) -> Command | None:
    """Parse one line of text; ``None`` for a blank or comment line."""
    line = tokenize(text)
    if line is None:
        return None
    command = parse_line(line, system)
    if command is not None:
        check_command(command)  # issue 12: every value in its documented range first
    return command


def format_command(command: object) -> str:
    """The line of the console language that parses into ``command`` (INTERFACE.md §3).

    ``parse(format_command(c), system) == c`` for every command of both families and the
    shared ones (tests/engine/test_command_format.py): names with quotes, spaces, CJK and ``=``
    are quoted and escaped so they read back the same.

    Raises:
        TypeError: ``command`` is not a command object.
    """
    if isinstance(command, NewScene):
        split = " split" if command.split else ""
        return f"scene new {quote(command.name)} {command.system}{split}"
    if isinstance(command, Undo):
        return "undo"
    if isinstance(command, Redo):
        return "redo"
    if isinstance(command, Interpret):
        return f"interpret {command.name}={command.value}"
    if isinstance(command, dice_command.RollCommand):
        return format_roll(command)
    for formatters in (ih_formatting.FORMATTERS, mist_formatting.FORMATTERS):
        writer = formatters.get(type(command))
        if writer is not None:
            return writer(command)
    raise TypeError(f"Not a command: {command!r}")


def apply(
    state: SceneState, system: str, command: Command, rng: random.Random
) -> tuple[SceneState, Events]:
    """Apply a family, roll or ``interpret`` command to a scene state: all of it, or a
    RuleError. ``NewScene``, ``Undo`` and ``Redo`` are the session's (engine/session.py)."""
    if isinstance(command, dice_command.RollCommand):
        command = _with_settings(command, state.interpretations)
        spent: Events = ()
        if isinstance(state, Encounter):
            state, command, spent = _willpower_for_roll(state, command)
        events: Events = (*spent, *dice_command.apply(command, rng))
        if isinstance(state, Encounter):
            state = ih_family.record_rolls(state, events)
        return state, events
    if isinstance(command, Interpret):
        changed = assign(state.interpretations, command.name, command.value)
        event = InterpretationChanged(command.name, str(getattr(changed, command.name)).lower())
        return replace(state, interpretations=changed), (event,)
    if isinstance(state, Encounter):
        return ih_family.apply(state, command, rng)
    return mist_family.apply(state, command, rng)


def as_past(state: SceneState) -> SceneState:
    """A state of the past as the timeline shows it (issue 26): Infinite Horror health never
    above its maximum (:func:`engine.ih.cast.within_maximum`)."""
    if isinstance(state, Encounter):
        from engine.ih.cast import within_maximum

        return within_maximum(state)
    return state


def to_json(state: SceneState, system: str) -> dict[str, Any]:
    """The scene as INTERFACE.md §2 prints it for ``run --json``."""
    view = ih_family.to_json(state) if isinstance(state, Encounter) else mist_family.to_json(state)
    view.setdefault("interpretations", asdict(state.interpretations))
    return view


def _with_settings(
    command: dice_command.RollCommand, settings: Interpretations
) -> dice_command.RollCommand:
    """A roll made in a scene follows the scene's interpretations ([I-1], [I-2], [I-5])."""
    if command.check is not None:
        return replace(command, check=replace(command.check, interpretations=settings))
    if command.mist is not None:
        return replace(command, mist=replace(command.mist, interpretations=settings))
    return command


def _willpower_for_roll(
    state: Encounter, command: dice_command.RollCommand
) -> tuple[Encounter, dice_command.RollCommand, Events]:
    """A roll ``by=`` a combatant spends that combatant's willpower for its +3 DP (§1.7).

    ``--willpower`` spends 1 now (or uses a ``willpower NAME +3dp`` not yet rolled); a roll
    without it still takes a +3 DP spent and waiting. Without ``by=`` nobody's pool is touched
    (the Storyteller's own dice); ``by=`` a name not in the fight with ``--willpower`` is
    refused, since there is no pool to spend from.
    """
    check = command.check
    if check is None or command.by is None:
        return state, command, ()
    if ih_family.find_combatant(state, command.by) is None:
        if check.willpower:
            raise RuleError("ih.willpower.not-in-fight", name=command.by)
        return state, command, ()
    state, events, boosted = ih_family.vitals.willpower_dice_for_roll(
        state, command.by, check.willpower
    )
    if boosted != check.willpower:
        command = replace(command, check=replace(check, willpower=boosted))
    return state, command, events


def _parse_interpret(line: Line) -> Interpret:
    if line.words or len(line.options) != 1:
        from engine.settings import field_names

        raise RuleError("commands.use-interpret-field-value", fields=", ".join(field_names()))
    name, value = line.options[0]
    name = canonical(name.replace("-", "_"))  # RULES.md's I-7 names its field too
    assign(Interpretations(), name, value)
    return Interpret(name=name, value=value)


def _parse_scene(line: Line) -> NewScene:
    words: Sequence[str] = line.words
    split = len(words) == 4 and words[3].lower() == "split"
    if len(words) != 3 + split or words[0].lower() != "new" or line.options:
        raise RuleError("commands.use-scene-new-name")
    name, system = words[1].strip(), words[2].lower()
    if not name:
        raise RuleError("commands.scene-needs-name")
    family_of(system)
    return NewScene(name=name, system=system, split=split)
