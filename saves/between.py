"""The cast between scenes (issue 25 point 4): ``cast COMMAND`` in ``run`` and on the command
line, and the campaign screen's (F3) command field, kept in ``cast.json`` with an undo.

Infinite Horror: the command applies to the roster's characters (:func:`engine.between.ih_applied`);
a scene still played sees it when it is opened (:meth:`saves.roster.Roster.seen_by`). M.I.S.T.:
its player characters live in the campaign's latest M.I.S.T. scene while it is played (its
``scene end`` leaves them in the same saved scene), so the command is journaled there, as if
typed in it, and reaches the cast as every command of that scene does; with no such scene it
applies to what the campaign carries (:func:`engine.between.mist_applied`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import RuleError
from saves.cast_file import CastFile
from saves.codec import DEFAULT as CODEC
from saves.roster import MIST, MOVIE, Roster

if TYPE_CHECKING:
    from engine.session import Scene


class Campaign(Protocol):
    """What the cast's commands between scenes need of a campaign (``saves.campaign.Campaign``,
    which calls this module: a protocol keeps the import one way)."""

    def load_scene(self, name: str) -> Scene: ...

    def save_scene(self, scene: Scene) -> None: ...


BETWEEN = "between"
"""The cast document's key of the commands applied between scenes, newest last."""

CONDITIONS = "conditions"
"""An entry's key of the conditions it changed, by sheet key, as they were before."""

UNDO_BETWEEN = 10
"""Commands between scenes that ``undo`` can take back (each keeps what it changed)."""


def applied_between(
    campaign: Campaign, roster: Roster, cast: CastFile, text: str, seed: int
) -> str:
    """Apply ``text`` to the campaign's cast between scenes, or take back the last one
    (``undo``); written at once. Returns the command line applied (or undone).

    Raises:
        RuleError: not a command for the cast, refused by the rules, or nothing to undo.
    """
    from engine.between import family_of

    cast.refresh()
    stack = cast.document.get(BETWEEN)
    stack = [e for e in stack if isinstance(e, dict)] if isinstance(stack, list) else []
    if text.split("#", 1)[0].strip().lower() == "undo":
        return _undone(campaign, roster, cast, stack)
    family = family_of(text)
    if family is None:  # ``cast`` and nothing after it
        raise RuleError("between.not-between-scenes", verb="cast")
    entry: dict[str, Any] = {"text": text.strip()}
    if family == "ih":
        _ih(roster, cast, text, seed, entry)
    else:
        played = _played_mist_scene(campaign, roster)
        if played is not None:
            entry["scene"] = _journaled(campaign, played, text)
            cast.refresh()  # the scene's save moved the cast
        else:
            standing = roster.mist()
            if standing is None:
                raise RuleError("between.no-mist-cast")
            from engine.between import mist_applied

            entry[MIST] = cast.document.get(MIST)
            cast.document[MIST] = CODEC.encode(mist_applied(standing, text, seed))
    cast.document[BETWEEN] = (stack + [entry])[-UNDO_BETWEEN:]
    cast.write()
    return text.strip()


def _ih(roster: Roster, cast: CastFile, text: str, seed: int, entry: dict[str, Any]) -> None:
    from engine.between import ih_applied

    before = roster.sheets()
    sheets, movie = ih_applied(before, roster.movie(), text, seed)
    was = {s.key: s.condition for s in before}
    # only what changed is kept for undo: cast.json stays a few kilobytes however big the cast
    entry[CONDITIONS] = {
        s.key: None if was.get(s.key) is None else CODEC.encode(was.get(s.key))
        for s in sheets
        if was.get(s.key) != s.condition
    }
    entry[MOVIE] = roster.movie()
    cast.document["roster"] = [CODEC.encode(s) for s in sheets]
    cast.document[MOVIE] = movie


def _played_mist_scene(campaign: Campaign, roster: Roster) -> Any:
    """The campaign's latest M.I.S.T. scene while it is played (not ended, never reopened)."""
    name = roster.latest(mist=True)
    if name is None:
        return None
    scene = campaign.load_scene(name)
    return scene if roster.is_present(scene) else None


def _journaled(campaign: Campaign, scene: Any, text: str) -> str:
    """``text`` applied in the played M.I.S.T. ``scene`` and saved; the scene's name.

    Raises:
        RuleError: refused by the rules, or a command that changes more than the characters.
    """
    import time
    from dataclasses import replace

    from engine import commands, session

    command = commands.parse(text, "mist")
    if command is None:
        raise RuleError("between.not-between-scenes", verb="cast")
    after, _ = session.execute(scene, command, text.strip(), int(time.time()))
    if replace(after.state, characters=scene.state.characters) != scene.state:
        raise RuleError("between.not-between-scenes", verb=text.split()[0])
    campaign.save_scene(after)
    return str(after.name)


def _undone(campaign: Campaign, roster: Roster, cast: CastFile, stack: list[dict[str, Any]]) -> str:
    """Take back the last command between scenes: what it changed put back, or (M.I.S.T.,
    journaled in a scene) that scene's last entry undone, when it still is that command."""
    if not stack:
        raise RuleError("between.nothing-to-undo")
    last = stack.pop()
    scene_name = last.get("scene")
    if isinstance(scene_name, str):
        from engine import session

        scene = campaign.load_scene(scene_name)
        if not scene.journal or scene.journal[-1].text != last.get("text"):
            raise RuleError("between.nothing-to-undo")
        campaign.save_scene(session.undo(scene))
        cast.refresh()
    for key in (MOVIE, MIST):
        if key in last:
            cast.document[key] = last[key]
    conditions = last.get(CONDITIONS)
    if isinstance(conditions, dict):
        from engine.ih.sheet import Condition

        decode = CODEC.decoder(Condition)

        def was(document: Any) -> Any:
            from saves.errors import BadFile
            from saves.type_registry import DocumentError

            try:
                return None if document is None else decode(document)
            except DocumentError as error:
                raise BadFile.of(cast.path, "saves.between.bad-undo", error=error) from None

        sheets = [
            replace(s, condition=was(conditions[s.key])) if s.key in conditions else s
            for s in roster.sheets()
        ]
        cast.document["roster"] = [CODEC.encode(s) for s in sheets]
    cast.document[BETWEEN] = stack
    cast.write()
    return str(last.get("text", ""))
