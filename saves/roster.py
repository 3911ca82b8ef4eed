"""The campaign's roster of Infinite Horror sheets (RULES.md §2), usable from every scene.

The roster sits in the campaign's index document (key ``roster``). A scene opened or created
sees the roster's sheets (:meth:`Roster.seen_by`), and saving a scene writes back to the roster
the sheets that scene changed, created or deleted since it was opened (:meth:`Roster.merge`:
one index write, only when a sheet changed). Sheet commands are in the scene's journal, so
undo and the report cover them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.ih.encounter import Encounter
from engine.session import Scene, replay
from saves.campaign_index import CampaignIndex
from saves.codec import DEFAULT as CODEC
from saves.errors import BadFile
from saves.type_registry import DocumentError


class Roster:
    """The roster of one open campaign, and per scene the sheets it started from.

    Not locked: :class:`saves.campaign.Campaign` calls it under its own lock.
    """

    def __init__(self, index: CampaignIndex) -> None:
        self._index = index
        self._bases: dict[str, tuple[Any, ...]] = {}
        """Per scene (folded name): its sheets as last opened or saved, to merge what changed."""

    def sheets(self) -> tuple[Any, ...]:
        """The campaign's sheets (``engine.ih.sheet.Sheet``), in the order they were made.

        Raises:
            BadFile: the stored roster is not a list of sheets (a hand-edited index).
        """
        from engine.errors import RuleError
        from engine.ih.sheet import Sheet
        from engine.ih.sheet_rules import check_sheet

        stored = self._index.document.get("roster") or []
        path = self._index.path
        if not isinstance(stored, list):
            raise BadFile(path, "has a roster that is not a list of sheets")
        sheets: list[Any] = []
        for index, document in enumerate(stored):
            try:
                sheet = CODEC.decoder(Sheet)(document)
                check_sheet(sheet)
            except DocumentError as error:
                raise BadFile(path, f"roster sheet {index + 1}: {error}") from None
            except RuleError as error:
                raise BadFile(path, f"roster sheet {index + 1}: {error}") from None
            sheets.append(sheet)
        return tuple(sheets)

    def seen_by(self, scene: Scene) -> Scene:
        """``scene`` seeing the roster: its initial state starts from the roster's sheets and
        its journal is replayed on them (a scene's own sheet commands then apply on top). A
        scene whose sheets already are the roster's, or that is not Infinite Horror, is
        returned as it is; so is one whose journal does not replay on the roster."""
        key = scene.name.casefold()
        if not isinstance(scene.state, Encounter) or not isinstance(scene.initial, Encounter):
            return scene
        sheets = scene.state.sheets
        roster = self.sheets()
        if tuple(sheets) == roster:
            self._bases[key] = roster
            return scene
        initial = replace(scene.initial, sheets=roster)
        try:
            state = replay(replace(scene, initial=initial), scene.journal)
        except Exception:  # a journal that cannot replay on the roster keeps its own sheets
            self._bases[key] = tuple(sheets)
            return scene
        assert isinstance(state, Encounter)  # replayed from an Encounter
        self._bases[key] = tuple(state.sheets)
        return replace(scene, initial=initial, state=state)

    def merge(self, scene: Scene) -> None:
        """Write to the roster the sheets ``scene`` changed since it was opened or last saved."""
        sheets = getattr(scene.state, "sheets", None)
        if sheets is None:
            return
        key = scene.name.casefold()
        base = {s.key: s for s in self._bases.get(key, ())}
        mine = {s.key: s for s in sheets}
        if base == mine:
            return
        roster = list(self.sheets())
        changed = False
        for name, sheet in mine.items():
            if base.get(name) != sheet:
                at = next((i for i, s in enumerate(roster) if s.key == name), None)
                if at is None:
                    roster.append(sheet)
                else:
                    roster[at] = sheet
                changed = True
        for name in base.keys() - mine.keys():
            roster = [s for s in roster if s.key != name]
            changed = True
        self._bases[key] = tuple(sheets)
        if changed:
            self._index.document["roster"] = [CODEC.encode(s) for s in roster]
            self._index.write_document()

    def start_new(self, scene: Scene) -> None:
        """Remember what a new scene starts from. A scene made elsewhere (an import) adds its
        new sheets to the roster but does not overwrite the roster's own sheets of the same
        names."""
        sheets = getattr(scene.state, "sheets", None)
        key = scene.name.casefold()
        if sheets is not None and key not in self._bases:
            known = {s.key for s in self.sheets()}
            self._bases[key] = tuple(s for s in sheets if s.key in known)
