"""The case-file keys of the M.I.S.T. screen: clues, conclusions with their complexity gate,
Deduction and Test rolls, the case-file moment (RULES.md §4.7).

An action group of :class:`~console.mist.screen.MistScreen`, typed against its public surface
(:class:`~console.mist.surface.MistSurface`), as ``story.py`` and ``themes.py`` are: each form
answers with one command (``AddClue``, ``AddConclusion``, ``CaseRoll``, ``CaseFileMoment`` of
``engine/mist/commands.py``) that the screen runs through its one path into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from console.i18n import Translator, clue_text, fit, scene_name
from console.mist import case_text, roll_text
from console.mist.dialogs import Values
from console.mist.fields import listed
from console.mist.surface import MistSurface, open_form
from console.screens.shell_keys import KeyCommand
from engine.dice.odds import mist_odds
from engine.mist import commands as mist
from engine.mist.casefile import can_roll, id_key
from engine.mist.state import CaseFile

FORM_WIDTH = 72
"""The text width of a Mist form (``.mist-form``: 80 columns less its border and padding)."""


class CaseFileActions:
    """Keys ``l`` (clue), ``k`` (conclusion), ``D`` / ``T`` (deduce / test), ``f`` (moment)."""

    KEY_COMMANDS: ClassVar[Mapping[str, KeyCommand]] = {
        # the case file opens or closes for a moment of the scene (RULES.md §4.7)
        "casefile": lambda screen: mist.CaseFileMoment(open=not screen.current().case_file.open),
    }
    """The keys that run one command (``ShellKeys.KEY_COMMANDS``)."""

    def action_clue(self: MistSurface) -> None:
        here = self.current().scene.name
        shown = scene_name(self.t, here)  # an unnamed scene in the table's language (场景 1)

        def build(v: Values) -> mist.AddClue | None:
            if not v["text"]:
                return None
            scene = here if v["scene"] == shown else v["scene"]
            return mist.AddClue(v["text"], scene=scene or None)

        open_form(self, "mist.form.clue", (self.field("text"), self.field("scene", shown)), build)

    def action_conclusion(self: MistSurface) -> None:
        def build(v: Values) -> mist.AddConclusion | None:
            if not v["text"]:
                return None
            return mist.AddConclusion(v["text"], listed(v["supports"]), listed(v["contradicts"]))

        case = self.current().case_file

        def preview(v: Values) -> RenderableType:
            ids, against = listed(v["supports"]), listed(v["contradicts"])  # ， too
            has, needs = len(ids), case.complexity
            key = "mist.case.gate-open" if has >= needs else "mist.case.gate-closed"
            text = Text(self.t("mist.power", power=has - len(against)) + "  ", style="bold")
            text.append(self.t(key, has=has, needs=needs), "green" if has >= needs else "yellow")
            return text

        open_form(
            self,
            "mist.form.conclusion",
            (self.field("text"), self.field("supports"), self.field("contradicts")),
            build,
            preview=preview,
            note=clue_list(self.t, case),
        )

    def action_case_roll(self: MistSurface, mode: str) -> None:
        state = self.current()
        case = state.case_file
        restated = state.interpretations.refuted_conclusion_restated
        gated = [k for k in case.conclusions if can_roll(case, k, restated)]
        fresh = [k for k in gated if k.result is None]
        pool = fresh or gated or list(case.conclusions)
        first = pool[0] if pool else None
        text_key = "clue" if mode == "deduce" else "property"

        def build(v: Values) -> mist.CaseRoll | None:
            if not v["conclusion"]:
                return None
            if mode == "deduce":
                return mist.CaseRoll(v["conclusion"], mode, refuting_clue=v[text_key])
            return mist.CaseRoll(v["conclusion"], mode, property=v[text_key])

        def preview(v: Values) -> RenderableType:
            found = next((k for k in case.conclusions if k.id == id_key(v["conclusion"])), None)
            if found is None:
                return Text(self.t("mist.case.pick"), style="dim")
            lines = [Text(f"{found.id} {found.text}", style="bold")]
            lines.append(case_text.gate_text(self.t, case, found, restated))
            lines.append(Text(self.t("mist.power", power=found.power), style="bold"))
            lines += roll_text.odds_bands(self.t, mist_odds(found.power, state.interpretations))
            lines.append(Text(self.t(f"mist.case.rows.{mode}"), style="italic dim"))
            return Group(*lines)

        ids = tuple(k.id for k in case.conclusions)
        open_form(
            self,
            f"mist.form.{mode}",
            (self.field("conclusion", first.id if first else "", ids), self.field(text_key)),
            build,
            preview=preview,
            note=conclusion_list(self.t, case, restated),
        )


def clue_list(t: Translator, case: CaseFile) -> RenderableType:
    """Every clue, for the conclusion form to cite by id."""
    if not case.clues:
        return Text(t("mist.none"), style="dim")
    return Group(
        *(Text(f"{c.id} {clue_text(t, c.text, c.refutes)}", style="dim") for c in case.clues)
    )


def conclusion_list(t: Translator, case: CaseFile, restated: bool = False) -> RenderableType:
    """Every conclusion: already-rolled ones may be rolled again; a refuted one says what
    refuted it and, unless the setting lets it be restated, that it is not ([I-22])."""
    if not case.conclusions:
        return Text(t("mist.none"), style="dim")
    lines = []
    for k in case.conclusions:
        gate = case_text.gate_text(t, case, k, restated)
        room = max(12, FORM_WIDTH - cell_len(f"{k.id}   ") - gate.cell_len)
        line = Text(f"{k.id} ", style="bold", no_wrap=True, overflow="ellipsis")
        line.append(fit(k.text, room), style="strike" if k.refuted else "")
        line.append("  ")
        line.append_text(gate)
        lines.append(line)
    return Group(*lines)
