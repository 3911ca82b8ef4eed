"""What the M.I.S.T. screen draws and its keys ask about, read from the scene (STYLE.md: data
flows down), as ``console/ih/view.py`` does for Infinite Horror.

The view is built once per state change from the engine's typed records
(:class:`engine.mist.state.MistState`): the names, ids and phase the keys look at. The panes
draw the engine's records as they are (themes, statuses with their boxes, the case file), as
the IH view hands its panes the extended actions. Whether the engine would take a command
(spend an effect, mitigate) is not worked out here: the screen asks its look at the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.mist.state import MistState, ThemeType
from engine.session import Scene


@dataclass(frozen=True, slots=True)
class MistView:
    """The M.I.S.T. scene as the screen shows it."""

    characters: tuple[str, ...]
    """The player characters' names, in the order they were added."""
    challenges: tuple[str, ...]
    """The challenges' names."""
    taint_themes: tuple[tuple[str, tuple[str, ...]], ...]
    """Per character, the names of their Taint themes (RULES.md §4.5)."""
    questions: tuple[str, ...]
    """The ids of the case file's questions (RULES.md §4.7)."""
    conclusions: tuple[str, ...]
    """The ids of the case file's conclusions."""
    open_threats: tuple[str, ...]
    """The ids of the threats not resolved yet."""
    pending: tuple[str, ...]
    """The ids of the consequences not delivered yet (RULES.md §4.6)."""
    phase: str
    """The phase of the scene loop (``establish``, ``action``, ``consequence``, §4.6)."""
    title: str
    """The saved scene's name (the story line names a scene known only by its number by it)."""
    state: MistState
    """The engine's records the panes draw."""

    def taints_of(self, name: str | None) -> tuple[str, ...]:
        """The Taint themes of the character called ``name`` (none for no one)."""
        return next((themes for who, themes in self.taint_themes if who == name), ())


def mist_view(scene: Scene, previous: MistView | None = None) -> MistView:
    """Read a M.I.S.T. scene into the view; the ``previous`` view is kept when it was read from
    the very same state (a redraw, a language switch), without reading the records again."""
    state = scene.state
    assert isinstance(state, MistState)
    if previous is not None and previous.state is state and previous.title == scene.name:
        return previous
    case = state.case_file
    return MistView(
        state=state,
        title=scene.name,
        phase=state.phase.value,
        characters=tuple(p.name for p in state.characters),
        challenges=tuple(c.name for c in state.challenges),
        taint_themes=tuple(
            (p.name, tuple(t.name for t in p.themes if t.type is ThemeType.TAINT))
            for p in state.characters
        ),
        questions=tuple(q.id for q in case.questions),
        conclusions=tuple(k.id for k in case.conclusions),
        open_threats=tuple(t.id for t in state.threats if not t.resolved),
        pending=tuple(x.id for x in state.consequences if not x.delivered),
    )
