"""The story dialogs of the M.I.S.T. screen: questions for the case file, and the navigator's
season, mission, cut-in and suppression (RULES.md §4.6, §4.7).

An action group of :class:`~console.mist.screen.MistScreen`, typed against its public surface
(:class:`~console.mist.surface.MistSurface`); each dialog makes one command (``AddQuestion``,
``AnswerQuestion``, ``StartSeason``, ``StartMission``, ``CutInSummary``, ``Suppress``,
``EndMission`` of ``engine/mist/commands.py``) that the screen runs through its one path into
the engine.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from console.mist import case_text
from console.mist.dialogs import Values
from console.mist.surface import MistSurface, open_form
from engine.mist import commands as mist

STORY_CHOICES: tuple[str, ...] = ("mission", "season", "cutin", "suppress", "mission-end")
"""What the navigator menu offers, in order."""


class StoryActions:
    """Keys ``q`` (question), ``A`` (answer a question), ``N`` (season / mission menu)."""

    def action_question(self: MistSurface) -> None:
        """A question the players try to answer (RULES.md §4.7)."""

        def build(v: Values) -> mist.AddQuestion | None:
            return mist.AddQuestion(v["text"]) if v["text"] else None

        open_form(self, "mist.form.question", (self.field("text"),), build)

    def action_answer(self: MistSurface) -> None:
        """Answer a question with a conclusion (or clear it with ``none``)."""
        case = self.current().case_file
        open_ones = [q for q in case.questions if not q.answer]
        pool = open_ones or list(case.questions)
        first = pool[0] if pool else None
        conclusions = tuple(k.id for k in case.conclusions)

        def build(v: Values) -> mist.AnswerQuestion | None:
            if not v["question"]:
                return None
            answer = v["conclusion"]
            return mist.AnswerQuestion(
                v["question"], None if answer.lower() in ("", "none") else answer
            )

        listing = "\n".join(
            f"{q.id} {case_text.question_text(self.t, q)}" + (f" → {q.answer}" if q.answer else "")
            for q in case.questions
        )
        if case.conclusions:  # what k1, k2 say: the form named only their ids
            listing += "\n\n" + "\n".join(f"{k.id} {k.text}" for k in case.conclusions)
        open_form(
            self,
            "mist.form.answer",
            (
                self.field(
                    "question", first.id if first else "", tuple(q.id for q in case.questions)
                ),
                self.field("conclusion", conclusions[-1] if conclusions else "", conclusions),
            ),
            build,
            note=listing,
        )

    def action_story(self: MistSurface) -> None:
        """The navigator menu: a new mission or season, the cut-in, suppress, end the mission."""
        state = self.current()
        options = [(key, self.t(f"mist.story.{key}")) for key in STORY_CHOICES]
        open_chances = [o.id for o in state.case_file.opportunities]

        def chosen(key: str | None) -> None:
            if key == "mission":
                open_form(
                    self,
                    "mist.form.mission",
                    (self.field("name"), self.field("anomaly")),
                    lambda v: mist.StartMission(v["name"], v["anomaly"]) if v["name"] else None,
                )
            elif key == "season":
                open_form(
                    self,
                    "mist.form.season",
                    (self.field("name", state.mission.season),),
                    lambda v: mist.StartSeason(v["name"]) if v["name"] else None,
                )
            elif key == "cutin":
                open_form(
                    self,
                    "mist.form.cutin",
                    (self.field("text"), self.field("anomaly", state.mission.anomaly)),
                    lambda v: mist.CutInSummary(v["text"], v["anomaly"]) if v["text"] else None,
                )
            elif key == "suppress":
                open_form(
                    self,
                    "mist.form.suppress",
                    (
                        self.field(
                            "opportunity",
                            open_chances[0] if open_chances else "",
                            tuple(open_chances),
                        ),
                    ),
                    lambda v: mist.Suppress(v["opportunity"]) if v["opportunity"] else None,
                    note=Group(  # what each id is: the form named only o1
                        *(
                            Text(f"{o.id} {o.text}  ", style="dim")
                            + Text(self.t("word.parenthesised", text=o.conclusion), "dim")
                            for o in state.case_file.opportunities
                        )
                    ),
                )
            elif key == "mission-end":
                self.run_command(mist.EndMission(), "dialog")

        self.choose(self.t("mist.story.title"), options, chosen)
