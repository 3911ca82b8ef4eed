"""The campaign's cast (issue 25): the roster of Infinite Horror sheets (RULES.md §2) with
their characters' condition, and what the M.I.S.T. scenes carry (PCs, season, mission, case
file), usable from every scene.

Both sit in ``cast.json`` (:mod:`saves.cast_file`; keys ``roster``, ``movie``, ``mist``). A
scene opened or created sees the roster's sheets and a new scene starts where the campaign
stands (:meth:`Roster.seen_by`); saving a scene (the autosave after every command, undo
included) writes back what that scene changed of the cast since it was opened
(:meth:`Roster.merge`: one write of the small cast file, only when something changed). The
commands are in the scene's journal, so undo and the report cover them. The season and the
scenes of each mission in the index are a record of the M.I.S.T. scenes' own
(``mission.season``, ``mission.name``), written when they change.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.ih.cast import cast_now, merged, next_scene, rebased
from engine.ih.encounter import Encounter
from engine.mist import carry
from engine.mist.commands import EndScene
from engine.mist.state import MistState
from engine.session import Scene, rebuilt, replay
from saves.campaign_index import CampaignIndex, same_name
from saves.campaign_records import open_beside, reopened
from saves.cast_file import CastFile
from saves.codec import DEFAULT as CODEC
from saves.errors import BadFile
from saves.type_registry import DocumentError

MOVIE = "movie"
"""The cast document's key of the Infinite Horror movie the campaign is in."""

MIST = "mist"
"""The cast document's key of what the M.I.S.T. scenes carry (:func:`carry.carried`)."""


def _mist_carried(scene: Scene) -> MistState:
    """What a M.I.S.T. scene leaves to the next: see :func:`engine.mist.carry.carried`."""
    assert isinstance(scene.state, MistState)
    ended = bool(scene.journal) and isinstance(scene.journal[-1].command, EndScene)
    return carry.carried(scene.state, ended)


def _missing_profiles(scene: Scene, standing: MistState) -> tuple[Any, ...]:
    """The campaign's profiles a M.I.S.T. scene has neither at its start nor now."""
    assert isinstance(scene.initial, MistState) and isinstance(scene.state, MistState)
    have = {p.name.casefold() for p in scene.state.profiles + scene.initial.profiles}
    return tuple(p for p in standing.profiles if p.name.casefold() not in have)


def _with_profiles(scene: Scene, standing: MistState) -> Scene:
    """The campaign's latest M.I.S.T. scene with the campaign's profiles it lacks (imported
    since it was played, issue 29): added to its initial state and its journal replayed; a
    journal that does not replay on them keeps the scene as it was."""
    assert isinstance(scene.initial, MistState)
    missing = _missing_profiles(scene, standing)
    if not missing:
        return scene
    initial = replace(scene.initial, profiles=scene.initial.profiles + missing)
    try:
        state = replay(replace(scene, initial=initial), scene.journal)
    except Exception:  # a journal that cannot replay on them keeps its own profiles
        return scene
    return replace(scene, initial=initial, state=state, checkpoints=())


def _mist_rebased(scene: Scene, standing: MistState) -> Scene:
    """A played M.I.S.T. scene still played (a split party, issue 25) seeing the cast where the
    campaign has it now: its start moved by what the other half changed since
    (:func:`engine.mist.carry.rebased`), its journal replayed on it; undo then replays on the
    moved start, so it takes back only this scene's command."""
    assert isinstance(scene.initial, MistState) and isinstance(scene.state, MistState)
    start = carry.rebased(scene.initial, _mist_carried(scene), standing)
    if start == scene.initial:
        return scene
    try:
        return rebuilt(replace(scene, initial=start))
    except Exception:  # a journal that cannot replay on it keeps the scene as it was
        return scene


class Roster:
    """The roster of one open campaign, and per scene the sheets it started from.

    Not locked: :class:`saves.campaign.Campaign` calls it under its own lock.
    """

    def __init__(self, index: CampaignIndex, cast: CastFile) -> None:
        self._index = index
        self._cast = cast
        self._bases: dict[str, tuple[Any, ...]] = {}
        """Per scene (folded name): its sheets as last opened or saved, to merge what changed."""
        self._mist_bases: dict[str, MistState] = {}
        """Per M.I.S.T. scene: what it carried as last opened or saved."""
        self._movies: dict[str, int] = {}
        """Per Infinite Horror scene: its movie as last opened or saved."""

    def sheets(self) -> tuple[Any, ...]:
        """The campaign's sheets (``engine.ih.sheet.Sheet``), in the order they were made.

        Raises:
            BadFile: the stored roster is not a list of sheets (a hand-edited index).
        """
        from engine.errors import RuleError
        from engine.ih.sheet import Sheet
        from engine.ih.sheet_rules import check_sheet

        stored = self._cast.document.get("roster") or []
        path = self._cast.path
        if not isinstance(stored, list):
            raise BadFile.of(path, "saves.roster.not-list")
        sheets: list[Any] = []
        for index, document in enumerate(stored):
            try:
                sheet = CODEC.decoder(Sheet)(document)
                check_sheet(sheet)
            except DocumentError as error:
                raise BadFile.of(
                    path, "saves.roster.bad-sheet", number=index + 1, error=error
                ) from None
            except RuleError as error:
                raise BadFile.of(
                    path, "saves.roster.bad-sheet", number=index + 1, error=error
                ) from None
            sheets.append(sheet)
        return tuple(sheets)

    def seen_by(self, scene: Scene) -> Scene:
        """``scene`` seeing the campaign: an Infinite Horror scene's initial state starts from
        the roster's sheets and its journal is replayed on them (a scene's own sheet commands
        then apply on top); a new M.I.S.T. scene starts from what the campaign carries.

        A character's condition (issue 25) is the campaign's only for a *new* scene: a scene
        played before keeps the condition each character started it in (the past stays the
        past: replaying its damage on today's condition would count it twice). A scene whose
        sheets already are the roster's is returned as it is; so is one whose journal does not
        replay on the roster. A new scene's start (``Scene.start``) is where it begins; a played
        one keeps its own, from which its past moments are replayed (:mod:`engine.past`)."""
        if isinstance(scene.initial, MistState):
            return self._mist_seen_by(scene)
        key = scene.name.casefold()
        if not isinstance(scene.state, Encounter) or not isinstance(scene.initial, Encounter):
            return scene
        new = not scene.journal and not scene.undone
        roster, movie = self._ih_start(scene.initial, new)
        self._movies[key] = scene.state.movie
        seen = scene
        if roster != scene.initial.sheets or movie != scene.initial.movie:
            initial = replace(scene.initial, sheets=roster, movie=movie)
            try:
                seen = rebuilt(replace(scene, initial=initial))  # its checkpoints replayed too
            except Exception:  # a journal that cannot replay on the roster keeps its own sheets
                seen = scene
        replayed = seen is not scene or (roster, movie) == (
            scene.initial.sheets,
            scene.initial.movie,
        )
        if not new and replayed and self.is_present(scene):
            seen = self._rebased(seen)
        elif new:  # it begins where the campaign stands; its timeline replays from there
            seen = replace(seen, start=seen.initial)
        state = seen.state
        assert isinstance(state, Encounter)  # replayed from an Encounter
        self._bases[key] = cast_now(state)
        self._movies[key] = state.movie
        return seen

    def _rebased(self, scene: Scene) -> Scene:
        """A played scene open beside another (a split party, issue 25) seeing its cast where
        the campaign has them now: its start moved by what the other scene changed since
        (:func:`engine.ih.cast.rebased`), its journal replayed on it."""
        assert isinstance(scene.initial, Encounter) and isinstance(scene.state, Encounter)
        start = rebased(scene.initial.sheets, scene.state, self.sheets())
        if start == scene.initial.sheets:
            return scene
        try:
            return rebuilt(replace(scene, initial=replace(scene.initial, sheets=start)))
        except Exception:  # a journal that cannot replay on it keeps the scene as it was
            return scene

    def _ih_start(self, initial: Encounter, new: bool) -> tuple[tuple[Any, ...], int]:
        """The sheets and movie an Infinite Horror scene starting from ``initial`` starts with
        as the campaign sees it: the roster's sheets with the condition the scene began with;
        for a sheet it did not have, the campaign's (a ``new`` scene) or none (one played)."""
        own = {s.key: s.condition for s in initial.sheets}

        def starting(sheet: Any) -> Any:
            if new:  # nothing played yet: where the campaign stands now
                return sheet
            if sheet.key in own:
                return replace(sheet, condition=own[sheet.key])
            return replace(sheet, condition=None)

        roster = tuple(starting(s) for s in (next_scene(self.sheets()) if new else self.sheets()))
        return roster, self.movie() if new else initial.movie

    def sees_played_as_saved(self, scene: Scene) -> bool:
        """Whether :meth:`seen_by` returns a *played* scene (one with a journal or a redo
        stack) as it is saved, judged from its initial and present state alone: then an export
        copies its journal without loading it (issue 30). ``scene`` may come without its
        journal; ``False`` means the journal must be loaded and replayed on the campaign."""
        if isinstance(scene.initial, MistState):
            standing = self.mist()
            if standing is None or not standing.profiles or not self.is_latest(scene):
                return True
            return not _missing_profiles(scene, standing)
        if not isinstance(scene.state, Encounter) or not isinstance(scene.initial, Encounter):
            return True
        roster, movie = self._ih_start(scene.initial, False)
        if roster != scene.initial.sheets or movie != scene.initial.movie:
            return False
        if self.is_present(scene):  # seen where the cast is now: moved only if it moved since
            start = scene.initial.sheets
            return rebased(start, scene.state, self.sheets()) == start
        return True

    def movie(self) -> int:
        """The Infinite Horror movie the campaign is in (RULES.md §3.1: from entering a
        film-world to leaving it; ``end movie`` moves on), 1 at first."""
        movie = self._cast.document.get(MOVIE)
        return movie if type(movie) is int and 1 <= movie < 10**6 else 1

    def _mist_seen_by(self, scene: Scene) -> Scene:
        key = scene.name.casefold()
        standing = self.mist()
        if standing is not None and not scene.journal and not scene.undone:
            start = carry.named(standing, scene.name)
            scene = replace(scene, initial=start, state=start, start=start)
        elif standing is not None and standing.profiles and self.is_latest(scene):
            scene = _with_profiles(scene, standing)
        if standing is not None and (scene.journal or scene.undone) and self._split(scene):
            scene = _mist_rebased(scene, standing)
        self._mist_bases[key] = _mist_carried(scene)
        return scene

    def merge(self, scene: Scene) -> None:
        """Write to the campaign what ``scene`` changed of its cast since it was opened or last
        saved: the sheets and their characters' condition (issue 25), the M.I.S.T. characters,
        season, mission and case file."""
        if isinstance(scene.state, MistState):
            self._mist_merge(scene)
            return
        if not isinstance(scene.state, Encounter):
            return
        sheets = cast_now(scene.state)
        key = scene.name.casefold()
        if self._movies.get(key) != scene.state.movie:
            self._movies[key] = scene.state.movie
            self._cast.refresh()
            if self.shares_cast(scene) and self.movie() != scene.state.movie:
                self._cast.document[MOVIE] = scene.state.movie
                self._cast.write()
        base = {s.key: s for s in self._bases.get(key, ())}
        mine = {s.key: s for s in sheets}
        if base == mine:
            return
        self._cast.refresh()  # what is on disk now: another scene may have moved the cast
        shares = self.shares_cast(scene)
        roster = list(self.sheets())
        changed = False
        for name, sheet in mine.items():
            if base.get(name) != sheet:
                at = next((i for i, s in enumerate(roster) if s.key == name), None)
                if at is None:
                    roster.append(sheet)
                elif shares:  # what this scene changed, onto where the campaign stands
                    condition = merged(base.get(name), sheet, roster[at])
                    roster[at] = replace(sheet, condition=condition)
                else:  # an older scene changed: its sheet, never the cast's condition now
                    roster[at] = replace(sheet, condition=roster[at].condition)
                changed = True
        for name in base.keys() - mine.keys():
            roster = [s for s in roster if s.key != name]
            changed = True
        self._bases[key] = sheets
        if changed:
            self._cast.document["roster"] = [CODEC.encode(s) for s in roster]
            self._cast.write()

    def latest(self, mist: bool) -> str | None:
        """The name of the campaign's latest scene of a family, if any."""
        last = None
        for info in self._index.scenes():
            if (info.system == "mist") == mist:
                last = info.name
        return last

    def is_latest(self, scene: Scene) -> bool:
        """Whether ``scene`` is the campaign's latest of its family (or not in the index yet)."""
        last = self.latest(scene.system == "mist")
        return last is None or last.casefold() == scene.name.casefold()

    def shares_cast(self, scene: Scene) -> bool:
        """Whether ``scene`` moves the cast on: the campaign's latest of its family, or a scene
        open beside it (a split party, :func:`saves.campaign_records.open_beside`). An older
        scene reopened and changed keeps its changes to itself (the past stays the past: later
        scenes started from what it left then), save its sheets' traits, which every scene
        shares."""
        if self.is_latest(scene):
            return True
        return any(same_name(n, scene.name) for n in open_beside(self._index))

    def is_present(self, scene: Scene) -> bool:
        """Whether ``scene`` is played now and shares the cast: it does, it has not ended and
        was never reopened (a reopened scene is the past: it shows what happened then)."""
        name = scene.name
        if any(same_name(n, name) for n in self._index.ended() + reopened(self._index)):
            return False
        return self.shares_cast(scene)

    def _split(self, scene: Scene) -> bool:
        """Whether a played M.I.S.T. scene is one half of a split party still played: only then
        can the other half have moved the cast since (``cast COMMAND`` journals into the scene
        played, :mod:`saves.between`), so only then is it moved to the cast when opened."""
        return bool(open_beside(self._index)) and self.is_present(scene)

    def mist(self) -> MistState | None:
        """What the campaign's M.I.S.T. scenes carry (the next scene's start), if any.

        Raises:
            BadFile: the stored value is not a M.I.S.T. state (a hand-edited index).
        """
        stored = self._cast.document.get(MIST)
        if stored is None:
            return None
        try:
            value = CODEC.decoder(MistState)(stored)
        except DocumentError as error:
            raise BadFile.of(self._cast.path, "saves.roster.mist-cast", error=error) from None
        if not isinstance(value, MistState):
            raise BadFile.of(self._cast.path, "saves.roster.mist-cast-wrong")
        return value

    def set_mist(self, standing: MistState) -> None:
        """Keep ``standing`` as what the M.I.S.T. scenes carry (written at once)."""
        self._cast.document[MIST] = CODEC.encode(standing)
        self._cast.write()

    def _mist_merge(self, scene: Scene) -> None:
        key = scene.name.casefold()
        carried = _mist_carried(scene)
        before = self._mist_bases.get(key)
        if before != carried:
            self._mist_bases[key] = carried
            self._cast.refresh()  # what is on disk now: another scene may have moved the cast
            if self.shares_cast(scene):
                standing = carry.merged(before, carried, self.mist())
                if standing != self.mist():
                    self.set_mist(standing)
        assert isinstance(scene.state, MistState)
        mission = scene.state.mission
        season = mission.season or None
        if season is not None and self._index.season != season:
            self._index.set_season(season)
        if mission.name:
            place = next((m for m in self._index.missions() if scene.name in m.scenes), None)
            if place is None or place.name != mission.name:
                self._index.set_mission(scene.name, mission.name)

    def start_new(self, scene: Scene) -> None:
        """Remember what a new scene starts from. A scene made elsewhere (an import) adds its
        new sheets to the roster but does not overwrite the roster's own sheets of the same
        names; the campaign's first M.I.S.T. scene made elsewhere gives it its cast (the demo's
        next M.I.S.T. scene started with nobody, no mission and no case file)."""
        key = scene.name.casefold()
        if isinstance(scene.state, MistState):
            carried = _mist_carried(scene)
            self._mist_bases.setdefault(key, carried)
            if self.mist() is None and (carried.characters or carried.mission.name):
                self.set_mist(carried)  # the first M.I.S.T. scene, made whole (the demo's)
            return
        if isinstance(scene.state, Encounter):
            self._movies.setdefault(key, scene.state.movie)
        if isinstance(scene.state, Encounter) and key not in self._bases:
            known = {s.key for s in self.sheets()}
            self._bases[key] = tuple(s for s in cast_now(scene.state) if s.key in known)

    def adopt(self, scene: Scene) -> None:
        """Take the cast from ``scene`` of a campaign saved before the cast was kept (issue 25):
        the roster's characters in the condition it left them, or what a M.I.S.T. scene
        carries. In memory; the caller writes the document."""
        if isinstance(scene.state, MistState):
            self._cast.document[MIST] = CODEC.encode(_mist_carried(scene))
            return
        if not isinstance(scene.state, Encounter):
            return
        self._cast.document[MOVIE] = scene.state.movie
        left = {s.key: s.condition for s in cast_now(scene.state)}
        roster = [
            replace(s, condition=left[s.key]) if left.get(s.key) is not None else s
            for s in self.sheets()
        ]
        self._cast.document["roster"] = [CODEC.encode(s) for s in roster]
