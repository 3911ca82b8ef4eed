"""Every key of the M.I.S.T. screen and its dialogs.

Plain tuples ``(id, key, action, group, show)`` that ``console/keymap.py`` turns into its
``KeySpec`` list, so the Footer, F1 help, the command palette and a user keymap all see them
(STYLE.md). Single letters are live only when no text input has focus.
"""

from __future__ import annotations

KeyTuple = tuple[str, str, str, str, bool]

MIST_KEY_SPECS: tuple[KeyTuple, ...] = (
    ("mist.phase-next", "p", "phase_next", "mist", True),
    ("mist.action", "a", "action_roll", "mist", True),
    ("mist.effects", "e", "effects", "mist", True),
    ("mist.consequence", "c", "consequence", "mist", True),
    ("mist.mitigate", "m", "mitigate", "mist", True),
    ("mist.deliver", "d", "deliver", "mist", False),
    ("mist.immerse", "i", "immerse", "mist", False),
    ("mist.threat", "t", "threat", "mist", False),
    ("mist.resolve", "R", "resolve", "mist", False),
    ("mist.threat-lands", "w", "threat_lands", "mist", False),
    ("mist.status", "s", "status", "mist", False),
    ("mist.reduce", "minus", "reduce", "mist", False),
    ("mist.story-tag", "g", "story_tag", "mist", False),
    ("mist.challenge", "C", "challenge", "mist", False),
    ("mist.visibility", "V", "visibility", "mist", False),
    ("mist.next-character", "right_square_bracket", "select(1)", "mist", False),
    ("mist.previous-character", "left_square_bracket", "select(-1)", "mist", False),
    ("mist.clue", "l", "clue", "mist", True),
    ("mist.conclusion", "k", "conclusion", "mist", False),
    ("mist.deduce", "D", "case_roll('deduce')", "mist", True),
    ("mist.test", "T", "case_roll('test')", "mist", True),
    ("mist.casefile", "f", "casefile", "mist", False),
    ("mist.burn", "b", "burn", "mist", False),
    ("mist.mark", "M", "mark", "mist", False),
    ("mist.growth", "G", "growth", "mist", False),
    ("mist.theme", "H", "theme", "mist", False),
    ("mist.add-pc", "P", "add_pc", "mist", False),
    ("mist.complexity", "X", "complexity", "mist", False),
    ("mist.retire", "r", "retire", "mist", False),
    ("mist.question", "q", "question", "mist", False),
    ("mist.answer", "A", "answer", "mist", False),
    ("mist.story", "N", "story", "mist", False),
    ("mist.zoom", "z", "zoom", "mist", False),
    ("mist.end-scene", "E", "end_scene", "mist", False),
)
"""Keys of the M.I.S.T. scene screen."""

BUILDER_KEY_SPECS: tuple[KeyTuple, ...] = (
    ("mist.builder.tick", "space", "tick", "mist", True),
    ("mist.builder.hinder", "h", "tick('hinder')", "mist", True),
    ("mist.builder.burn", "b", "tick('burn')", "mist", True),
    ("mist.builder.target", "t,ctrl+t", "target", "mist", True),
    ("mist.builder.extra", "x", "extra", "mist", False),
    ("mist.builder.roll", "ctrl+r", "roll", "mist", True),
    ("mist.builder.close", "escape", "cancel", "mist", True),
)
"""Keys of the roll builder (enter on a row rolls too)."""
