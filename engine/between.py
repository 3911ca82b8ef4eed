"""The cast between scenes (issue 25 point 4): the Storyteller heals, restores or adjusts the
campaign's characters with the same commands as in a scene, on the campaign screen (F3) or in
``st-console run`` with no scene.

Infinite Horror: each character of the cast joins a fight of their own making in the condition
the campaign has them (``add NAME from=NAME``), the command applies there, and what it leaves
of their condition is the cast's: ``damage``, ``heal``, ``willpower``, ``temporary`` on one
character, ``end scene`` / ``end movie`` on all (RULES.md §1.7, §2.2, §3.1). M.I.S.T.: a
command that changes only the player characters (a status taken or reduced, a tag burned or
recovered, a mark, a theme) applies to what the campaign carries. Anything else belongs to a
scene and is refused, saying so.
"""

from __future__ import annotations

import random

from engine import commands
from engine.errors import RuleError
from engine.ih.cast import cast_now
from engine.ih.encounter import Encounter
from engine.ih.sheet import Sheet
from engine.language import quote
from engine.mist.state import MistState
from engine.records import replace

IH_VERBS = ("damage", "heal", "willpower", "temporary", "end")
"""The Infinite Horror commands that apply to the cast between scenes."""


def family_of(text: str) -> str | None:
    """``ih`` or ``mist``: the family a between-scenes command line is for (``None``: blank)."""
    from engine.language import tokenize

    line = tokenize(text)
    if line is None:
        return None
    if line.verb in IH_VERBS:
        return "ih"
    from engine.mist import family as mist_family

    if line.verb in mist_family.VERBS:
        return "mist"
    raise RuleError("between.not-between-scenes", verb=line.verb)


def ih_applied(
    sheets: tuple[Sheet, ...], movie: int, text: str, seed: int
) -> tuple[tuple[Sheet, ...], int]:
    """The roster's sheets and the movie after ``text`` applied to the cast between scenes.

    Raises:
        RuleError: not a command for the cast, or one the rules refuse (named).
    """
    command = commands.parse(text, "ih-d10")
    if command is None:
        return sheets, movie
    if text.split()[0].lower() not in IH_VERBS:
        raise RuleError("between.not-between-scenes", verb=text.split()[0])
    state = Encounter(system="ih-d10", sheets=sheets, movie=movie)
    for sheet in sheets:  # each character of the cast joins, as the campaign has them
        if sheet.carries:
            line = f"add {quote(sheet.name)} from={quote(sheet.name)} init=1"
            joined = commands.parse(line, "ih-d10")
            assert joined is not None
            joined_state, _ = commands.apply(state, "ih-d10", joined, random.Random(seed))
            assert isinstance(joined_state, Encounter)
            state = joined_state
    try:
        after, _ = commands.apply(state, "ih-d10", command, random.Random(seed))
    except RuleError as error:
        if error.code != "ih.encounter.combatant-named-fight-known":
            raise
        # Between scenes nobody is in a fight: the name is looked for in the cast.
        raise RuleError("between.not-in-cast", **error.params) from None
    assert isinstance(after, Encounter)
    return cast_now(after), after.movie


def mist_applied(standing: MistState, text: str, seed: int) -> MistState:
    """What the campaign carries after ``text`` applied to its player characters.

    Raises:
        RuleError: a command of a scene (it changes more than the characters), or one the rules
            refuse (named).
    """
    command = commands.parse(text, "mist")
    if command is None:
        return standing
    after, _ = commands.apply(standing, "mist", command, random.Random(seed))
    assert isinstance(after, MistState)
    if replace(after, characters=standing.characters) != standing:
        raise RuleError("between.not-between-scenes", verb=text.split()[0])
    return replace(standing, characters=after.characters)
