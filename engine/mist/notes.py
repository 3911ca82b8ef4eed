"""``note NAME "TEXT"``: a note the MC keeps on a player character or a challenge.

A note is the MC's, not a rule: a favour owed, a clue to bring back, what a challenge does when
it is cornered (RULES.md §4.1 keeps no track of it). ``NAME`` is a character of the scene first,
then a challenge (a challenge's notes are also its profile's, issue 29). Like every command it
either changes the state or raises ``RuleError`` (an unknown name names the known ones), so undo
takes a note back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.events import Event, Events
from engine.mist import roster
from engine.mist.commands import AddNote
from engine.mist.events import NoteAdded
from engine.mist.state import MistState
from engine.records import replace


@dataclass(frozen=True, slots=True)
class CharacterNoted(Event):
    """A note kept on a player character (shown on their pane and in ``run --json``)."""

    character: str
    text: str


def add_note(state: MistState, command: AddNote, rng: random.Random) -> tuple[MistState, Events]:
    """The note on the character called ``command.challenge`` if there is one, else on the
    challenge of that name (``note CHALLENGE "TEXT"`` as before)."""
    name = command.challenge
    if roster.is_character(state, name):
        person = roster.character(state, name)
        state = roster.put_character(state, replace(person, notes=person.notes + (command.text,)))
        return state, (CharacterNoted(person.name, command.text),)
    found = roster.challenge(state, roster.check_target(state, name))  # names both kinds if not
    state = roster.put_challenge(state, replace(found, notes=found.notes + (command.text,)))
    return state, (NoteAdded(found.name, command.text),)
