"""A scene file's rolls (issue 30): an Infinite Horror state keeps every roll of its scene, so
the scene file seals them :data:`saves.sealed_rolls.PIECE` at a time into files written once
(:mod:`saves.sealed_rolls`) and its header names them; this remembers what was sealed, so an
autosave seals only the new ones.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.session import Scene
from saves.codec import DEFAULT
from saves.errors import BadFile
from saves.sealed_rolls import FIELD, PIECE, RollsRef, item_type, read, refs_of
from saves.sealed_rolls import seal as seal_piece


class SceneRolls:
    """The sealed rolls of one scene file (``path``, its chunk folder ``chunk_dir``), as last
    loaded or saved."""

    def __init__(self, path: Path, chunk_dir: Path) -> None:
        self.path = path
        self.chunk_dir = chunk_dir
        self.refs: list[RollsRef] = []
        """The sealed roll files the last loaded or saved header names."""
        self._sealed: tuple[Any, ...] = ()
        """The rolls in sealed files, as last loaded or saved."""
        self._tail: tuple[Any, tuple[Any, ...]] = (None, ())
        self._refs_document: tuple[list[RollsRef], list[dict[str, Any]]] = ([], [])

    def refs_document(self, refs: list[RollsRef]) -> list[dict[str, Any]]:
        """The header's list of the sealed roll files ``refs``: the same list while they are
        the same (its JSON text is then reused)."""
        known, document = self._refs_document
        if known != refs:
            document = [ref.document() for ref in refs]
            self._refs_document = (list(refs), document)
        return document

    def split(self, header: dict[str, Any]) -> tuple[dict[str, Any], list[RollsRef] | None]:
        """The header with its state's rolls as a plain list (the tail), and the references
        of the sealed ones (``None``: the header holds them all, as before issue 30)."""
        state = header.get("state")
        if type(state) is not dict or type(state.get(FIELD)) is not dict:
            return header, None
        kept = state[FIELD]
        refs = refs_of(kept.get("sealed"), self.path)
        return {**header, "state": {**state, FIELD: kept.get("tail")}}, refs

    def with_sealed(self, scene: Scene, refs: list[RollsRef] | None, trusted: bool) -> Scene:
        """``scene`` with the rolls of the sealed files before its header's."""
        self.refs, self._sealed, self._tail = [], (), (None, ())
        if refs is None:
            return scene
        kind = item_type(scene.state)
        if kind is None:
            raise BadFile.of(self.path, "saves.scenefile.sealed-unkept")
        sealed = read(self.chunk_dir, refs, kind, trusted)
        tail = getattr(scene.state, FIELD)
        state = replace(scene.state, **{FIELD: sealed + tail})
        self.refs, self._sealed = refs, sealed
        return replace(scene, state=state)

    def seal(self, state: Any, size: int = 0) -> tuple[Any, list[RollsRef]]:
        """Seal the state's rolls ``size`` (0: :data:`saves.sealed_rolls.PIECE`) at a time, each
        sealed file written once (before the header naming it); the state with the rolls not
        sealed yet and the references, or ``state`` and ``[]`` when nothing is sealed. An
        import seals bigger files (fewer to create and to back up); the last ones ``PIECE``."""
        rolls = getattr(state, FIELD, None)
        if type(rolls) is not tuple or item_type(state) is None:
            return state, []
        refs, sealed = self.refs, self._sealed
        # Rolls only grow at the end or are cut back (an undo), like a journal: the last
        # sealed roll in its place means all of them are (no walk of 6,000 rolls each time).
        cut = bool(sealed) and not (
            len(rolls) >= len(sealed) and rolls[len(sealed) - 1] is sealed[-1]
        )
        if cut and rolls[: len(sealed)] != sealed:  # an undo took back sealed rolls
            kept: list[RollsRef] = []
            for ref in refs:
                end = ref.start + ref.count
                if len(rolls) < end or rolls[:end] != sealed[:end]:
                    break
                kept.append(ref)
            refs = kept
            sealed = sealed[: kept[-1].start + kept[-1].count] if kept else ()
        refs = list(refs)
        size = size or PIECE
        while len(rolls) - len(sealed) >= PIECE:
            start = len(sealed)
            size = size if len(rolls) - start >= size else PIECE
            piece = rolls[start : start + size]
            documents = [DEFAULT.encode(item) for item in piece]
            refs.append(seal_piece(self.chunk_dir, documents, start))
            sealed = rolls[: start + size]
        self.refs, self._sealed = refs, sealed
        if not refs:
            return state, []
        known_rolls, tail = self._tail
        if known_rolls is not rolls:
            tail = rolls[len(sealed) :]
            self._tail = (rolls, tail)
        return replace(state, **{FIELD: tail}), refs
