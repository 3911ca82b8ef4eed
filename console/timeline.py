"""The timeline (issue 26): a scene as it stood after any entry of its journal, read-only.

The scene screen holds a :class:`Timeline` while the Storyteller scrubs (``T``): the present
scene stays as it is (nothing is written), the panes show :meth:`Timeline.scene`, the state
after the selected entry replayed with the journal's own dice from the state the scene began in
(:func:`engine.past.replayed`: the cast as it was then, not as the campaign has it now), then from
the nearest checkpoint (``engine.session.scene_after``). ``PgUp``/``PgDn`` move by a round
(Infinite Horror) or a phase (M.I.S.T.): :func:`engine.session.previous_change` and
``next_change``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from console.i18n import Translator
from engine import session
from engine.past import replayed
from engine.session import Scene


def period(state: object) -> object:
    """What a round (IH: the phase and round) or phase (M.I.S.T.) of the timeline is."""
    if hasattr(state, "round"):
        return (getattr(getattr(state, "phase", None), "value", None), state.round)
    return getattr(getattr(state, "phase", None), "value", None)


@dataclass
class Timeline:
    """The present scene and the entry the timeline shows (``at``: after that many entries)."""

    present: Scene
    at: int
    _shown: tuple[int, Scene] | None = field(default=None, repr=False)
    _past: tuple[Scene, int] | None = field(default=None, repr=False)

    def _replayed(self) -> tuple[Scene, int]:
        """The present scene's journal replayed from the state it began in, as far as it
        replays on it, and how far that is (:func:`engine.past.replayed`; once)."""
        if self._past is None:
            self._past = replayed(self.present)
        return self._past

    def _source(self, at: int) -> Scene:
        """The scene whose moments the timeline shows at ``at``: replayed from its start, or
        the present's past where the journal does not replay on the start."""
        cut, reach = self._replayed()
        return cut if at <= reach else self.present

    @property
    def length(self) -> int:
        """The journal's length: the last entry, "now"."""
        return len(self.present.journal)

    def scene(self) -> Scene:
        """The scene as it stood after :attr:`at` entries (the last one asked is kept)."""
        if self._shown is None or self._shown[0] != self.at:
            self._shown = (self.at, session.scene_after(self._source(self.at), self.at))
        return self._shown[1]

    def go(self, at: int) -> bool:
        """Show the moment after ``at`` entries (kept within the journal); whether it moved."""
        at = max(0, min(self.length, at))
        moved = at != self.at
        self.at = at
        return moved

    def step(self, by: int) -> bool:
        """One command back (``-1``) or on (``1``)."""
        return self.go(self.at + by)

    def page(self, by: int) -> bool:
        """One round (IH) or phase (M.I.S.T.) back (``-1``) or on (``1``)."""
        whole = self._source(self.length)
        if by < 0:
            return self.go(session.previous_change(whole, self.at, period))
        return self.go(session.next_change(whole, self.at, period))

    def caption(self, t: Translator) -> str:
        """ "entry 212 of 530 · round 3 · 20:41": where the timeline is, the round (IH) or
        phase (M.I.S.T.) then, and the wall-clock minute the entry was made (when the journal
        kept it)."""
        parts = [t("timeline.entry", at=self.at, length=self.length)]
        state = self.scene().state
        round_number = getattr(state, "round", None)
        if isinstance(round_number, int) and round_number:
            parts.append(t("timeline.round", round=round_number))
        elif not hasattr(state, "round"):
            phase = str(period(state))
            key = f"mist.phase.{phase}"
            parts.append(t(key) if t.has(key) else phase)
        made = self.present.journal[self.at - 1].time if self.at else None
        if made is not None:
            parts.append(time.strftime("%H:%M", time.localtime(made)))
        return " · ".join(parts)
