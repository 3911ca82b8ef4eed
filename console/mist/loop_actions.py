"""The scene-loop keys of the M.I.S.T. screen: the phases, the action roll and its effects,
consequences and their mitigation, threats, statuses, story tags, challenges, characters, the
case file's Complexity and the end of the scene (RULES.md §4.2–§4.6).

An action group of :class:`~console.mist.screen.MistScreen`, typed against its public surface
(:class:`~console.mist.surface.MistSurface`), as ``case_actions.py``, ``themes.py`` and
``story.py`` are: each key or dialog makes one command of ``engine/mist/commands.py`` that the
screen runs through its one path into the engine; what follows a roll (the effects step) is
opened once the roll's events are in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text

from console.i18n import clue_text
from console.mist import case_text, render
from console.mist.dialogs import Values
from console.mist.effects import open_effects
from console.mist.fields import limits, whole
from console.mist.roll_builder import RollBuilder
from console.mist.surface import MistSurface, open_form
from console.screens.shell_keys import KeyCommand
from engine import keywords
from engine.dice.mist import Outcome
from engine.mist import commands as mist
from engine.mist import profiles
from engine.mist.commands import PowerChoice
from engine.mist.events import ActionRolled
from engine.mist.markup import chips
from engine.mist.state import Phase, Profile, TagScope


def mitigable(screen: MistSurface) -> tuple[str, ...]:
    """The pending consequences the engine would let a character mitigate now (asked of the
    probe: a consequence giving a status to a player character, in the Consequence phase)."""
    view = screen.view
    if view is None:
        return ()
    return tuple(x for x in view.pending if screen.refusal(mist.Mitigate(x, PowerChoice())) is None)


def effects_open(screen: MistSurface) -> bool:
    """Whether the last action has power left to spend (the engine's answer, §4.2)."""
    return screen.refusal(mist.SpendEffect("feat", None, "?")) is None


class SceneLoopActions:
    """Keys ``p`` (phase), ``a`` (action), ``e`` (effects), ``m`` (mitigate), ``d`` (deliver),
    ``c`` (consequence), ``t`` / ``R`` (threat / resolve), ``V`` (visibility), ``s`` / ``-``
    (status / reduce), ``g`` (story tag), ``C`` (challenge), ``P`` (character), ``X``
    (complexity), ``E`` (end the scene)."""

    KEY_COMMANDS: ClassVar[Mapping[str, KeyCommand]] = {
        "phase_next": lambda _: mist.SetPhase(None),
        "deliver": lambda _: mist.Deliver(None),
        "end_scene": lambda _: mist.EndScene(),  # the shell asks first (issue 25)
    }
    """The keys that run one command (``ShellKeys.KEY_COMMANDS``)."""

    def action_action_roll(self: MistSurface) -> None:
        """Open the roll builder; outside the Action phase, offer to move to it first (§4.6)."""
        if self.selected is None:
            return
        phase = self.current().phase
        if phase is not Phase.ACTION and self.refusal(mist.SetPhase(Phase.ACTION)) is not None:
            # Offering to move would only be refused (a consequence still pending, RULES.md
            # §4.6): say why at once.
            self.run_command(mist.SetPhase(Phase.ACTION))
            return
        if phase is not Phase.ACTION:
            now = self.t(f"mist.phase.{phase.value}")
            self.status = "ⓘ " + self.t("mist.action.not-now", phase=now)
            options = [
                ("move", self.t("mist.action.move-to-action")),
                ("stay", self.t("mist.action.stay", phase=now)),
            ]

            def chosen(answer: str | None) -> None:
                if answer == "move" and self.run_command(mist.SetPhase(Phase.ACTION), "dialog"):
                    _open_builder(self)

            self.choose(self.t("mist.action.not-now", phase=now), options, chosen)
            return
        _open_builder(self)

    def action_effects(self: MistSurface) -> None:
        open_effects(self)

    def action_mitigate(self: MistSurface) -> None:
        view = self.view
        choices = mitigable(self)
        if view is None or not choices:
            return
        state = self.current()

        def chosen(ident: str | None) -> None:
            found = next((x for x in state.consequences if x.id == ident), None)
            if found is not None and found.target is not None:
                builder = RollBuilder(
                    self.t, state, found.target, self.look(), consequence=found.id
                )
                self.open_dialog(builder)

        if len(choices) == 1:
            chosen(choices[0])
            return
        labels = {x.id: render.consequence_text(self.t, x).plain for x in state.consequences}
        options = [(ident, labels[ident]) for ident in choices]
        self.choose(self.t("mist.mitigate.choose"), options, chosen)

    def action_consequence(self: MistSurface) -> None:
        _consequence_form(self)

    def action_threat_lands(self: MistSurface) -> None:
        """A threat (or a move of a challenge's profile) delivered as a consequence (issue
        29): the consequence dialog filled with its markup and source, for the MC to edit
        before it lands on the selected character."""
        state = self.current()
        offered: dict[str, tuple[str, str]] = {
            x.id: (x.text, x.id) for x in state.threats if not x.resolved
        }
        labels = [(x.id, render.threat_label(self.t, x)) for x in state.threats if not x.resolved]
        for index, (name, text) in enumerate(profiles.moves(state)):
            key = f"move{index}"
            offered[key] = (text, "")
            labels.append((key, self.t("mist.form.move", name=name, text=text)))

        def chosen(key: str | None) -> None:
            found = offered.get(key or "")
            if found is not None:
                _consequence_form(self, *found)

        if len(offered) == 1:
            chosen(next(iter(offered)))
            return
        self.choose(self.t("mist.form.threat-lands"), labels, chosen)

    def action_threat(self: MistSurface) -> None:
        challenges = tuple(c.name for c in self.current().challenges)

        def build(v: Values) -> mist.PresentThreat | None:
            if not v["text"]:
                return None
            return mist.PresentThreat(v["text"], v["challenge"] or None)

        open_form(
            self,
            "mist.form.threat",
            (self.field("text"), self.field("challenge", "", challenges)),
            build,
            preview=lambda v: render.marked_text(self.t, v["text"]),  # the chips, as w shows them
        )

    def action_resolve(self: MistSurface) -> None:
        threats = [x for x in self.current().threats if not x.resolved]
        options = [(x.id, render.threat_label(self.t, x)) for x in threats]

        def chosen(ident: str | None) -> None:
            if ident:
                self.run_command(mist.ResolveThreat(ident), "dialog")

        self.choose(self.t("mist.form.resolve"), options, chosen)

    def action_visibility(self: MistSurface) -> None:
        """What the players' view shows of a challenge: hide or reveal it, or its limits."""
        t = self.t
        options: list[tuple[str, str]] = []
        commands: dict[str, mist.SetVisibility] = {}

        def offer(command: mist.SetVisibility, label: str) -> None:
            key = str(len(options))
            commands[key] = command
            options.append((key, label))

        for found in self.current().challenges:
            name = found.name
            if found.hidden:
                offer(mist.SetVisibility(name, shown=True), t("mist.visibility.reveal", name=name))
            else:
                offer(mist.SetVisibility(name, shown=False), t("mist.visibility.hide", name=name))
            if found.limits_shown:
                offer(
                    mist.SetVisibility(name, shown=False, limits=True),
                    t("mist.visibility.hide-limits", name=name),
                )
            else:
                offer(
                    mist.SetVisibility(name, shown=True, limits=True),
                    t("mist.visibility.reveal-limits", name=name),
                )

        case = self.current().case_file
        board = [(x.id, clue_text(self.t, x.text, x.refutes), x.hidden) for x in case.clues]
        board += [(x.id, case_text.question_text(self.t, x), x.hidden) for x in case.questions]
        for ident, text, hidden in board:  # the players' clue board (issue 29)
            name = f"{ident} {text}"
            if hidden:
                offer(mist.SetVisibility(ident, shown=True), t("mist.visibility.reveal", name=name))
            else:
                offer(mist.SetVisibility(ident, shown=False), t("mist.visibility.hide", name=name))

        def chosen(key: str | None) -> None:
            if key in commands:
                self.run_command(commands[key], "dialog")

        self.choose(t("mist.form.visibility"), options, chosen)

    def action_status_form(self: MistSurface, verb: str) -> None:
        """``s`` gives a status, ``-`` reduces one (``status_form('status')`` and
        ``status_form('reduce')`` in console/keys.toml)."""
        if verb in ("status", "reduce"):
            _status_form(self, verb)

    def action_story_tag(self: MistSurface) -> None:
        """``g``: a story tag, lasting for the scene, a challenge or its character (issue 29).
        The target and the scope are filled in the table's words (场景, 挑战, 角色) and typing
        starts in the tag's field, so a tag typed right after the key lands on the scene."""
        t = self.t
        scene, challenge = t("mist.scope.scene"), t("mist.scope.challenge")
        lasting = (scene, t("mist.scope.character"), challenge) + tuple(
            f"{challenge}:{c.name}" for c in self.current().challenges if not c.overcome
        )

        def build(v: Values) -> mist.AddStoryTag | None:
            if not v["tag"]:
                return None
            scope, _, until = (v["scope"] or "scene").replace("：", ":").partition(":")
            kind = TagScope(keywords.word(scope, "tag-scope"))
            return mist.AddStoryTag(v["target"] or "scene", v["tag"], kind, until.strip() or None)

        open_form(
            self,
            "mist.form.story-tag",
            (
                self.field("target", scene, self.names() + (scene,)),
                self.field("tag"),
                self.field("scope", scene, lasting),
            ),
            build,
            start="tag",
        )

    def action_challenge(self: MistSurface) -> None:
        """``C``: a challenge with its limits, or from one of the campaign's profiles (issue
        29): the profile field completes a name as it is typed and the preview lists the
        profiles that match it, each with its limits, tags and threats."""
        profiles = self.current().profiles

        def build(v: Values) -> mist.AddChallenge | None:
            given = limits(v["limits"].replace(" ", "")) if v["limits"] else ()
            if v.get("profile"):
                count = whole(v.get("count") or "1", "count")
                chosen = _profile_named(profiles, v["profile"])
                return mist.AddChallenge(v["name"] or chosen, given, False, chosen, count)
            if not v["name"]:
                return None
            return mist.AddChallenge(v["name"], given)

        def preview(v: Values) -> Text:
            return render.profiles_text(self.t, profiles, v["profile"])

        open_form(
            self,
            "mist.form.challenge",
            (
                self.field("name"),
                self.field("profile", "", tuple(p.name for p in profiles)),
                self.field("count", "1"),
                self.field("limits"),
            )
            if profiles  # with none prepared, a profile and a pack have nothing to pick
            else (self.field("name"), self.field("limits", self.t("mist.field.limits-default"))),
            build,
            preview=preview if profiles else None,
        )

    def action_add_pc(self: MistSurface) -> None:
        """``P``: a player character by name (``pc NAME``, RULES.md §4.1); themes follow (H)."""

        def build(v: Values) -> mist.AddCharacter | None:
            return mist.AddCharacter(v["name"]) if v["name"] else None

        def added(events: tuple[Any, ...]) -> None:
            state = self.current()
            if events and state.characters:
                self.select_character(state.characters[-1].name)

        open_form(self, "mist.form.add-pc", (self.field("name"),), build, then=added)

    def action_complexity(self: MistSurface) -> None:
        """``X``: the case file's Complexity (``complexity N``, RULES.md §4.7)."""
        current = self.current().case_file.complexity

        def build(v: Values) -> mist.SetComplexity | None:
            if not v["complexity"]:
                return None
            return mist.SetComplexity(whole(v["complexity"], "The complexity"))

        open_form(
            self, "mist.form.complexity", (self.field("complexity", str(current or "")),), build
        )


def _profile_named(profiles: tuple[Profile, ...], typed: str) -> str:
    """The profile ``typed`` picks: its name exactly (any case), else the one profile whose name
    holds it (the dialog's filter down to one); else ``typed`` as it is (the engine says which
    profiles there are)."""
    key = typed.strip().casefold()
    exact = [p.name for p in profiles if p.name.casefold() == key]
    holding = [p.name for p in profiles if key in p.name.casefold()]
    return exact[0] if exact else holding[0] if len(holding) == 1 else typed


def _consequence_form(screen: MistSurface, text: str = "", source: str = "") -> None:
    """The consequence dialog; a text in markup (``[bitten-3]``, ``[thick fog]``) with a target
    and no status lands as its markup says (issue 29), previewed as chips."""
    state = screen.current()
    statuses = tuple(s.name for p in state.characters for s in p.statuses)

    def build(v: Values) -> mist.AddConsequence | None:
        source = v["source"] or None
        if v["status"]:
            tier = whole(v["tier"] or "1", "The tier")
            return mist.AddConsequence(v["text"], v["target"], v["status"], tier, source)
        if v["text"] and v["target"] and chips(v["text"]):
            return mist.AddConsequence(v["text"], v["target"], source=source)
        return mist.AddConsequence(v["text"], source=source) if v["text"] else None

    def preview(v: Values) -> Text:
        return render.marked_text(screen.t, v["text"])

    last = state.owed
    open_form(
        screen,
        "mist.form.consequence",
        (
            screen.field("target", screen.selected or "", screen.names()),
            screen.field("status", "", statuses),
            screen.field("tier", "" if text else "1"),
            screen.field("text", text),
            screen.field("source", source or (last[0] if last else "")),
        ),
        build,
        preview=preview,
        start="status" if screen.selected and not text else "target" if text else None,
    )


def _open_builder(screen: MistSurface) -> None:
    """The roll builder for the selected character; a roll with power to spend opens the
    effects step (RULES.md §4.2)."""
    if screen.selected is None:
        return

    def rolled(events: tuple[Any, ...]) -> None:
        roll = next((e for e in events if isinstance(e, ActionRolled)), None)
        if roll is not None and roll.roll.outcome is not Outcome.FAIL and roll.power > 0:
            open_effects(screen)

    builder = RollBuilder(screen.t, screen.current(), screen.selected, screen.look())
    screen.open_dialog(builder, rolled)


def _status_form(screen: MistSurface, verb: str) -> None:
    """``s`` / ``-``: a status taken or reduced (``status`` / ``reduce``, RULES.md §4.1)."""
    state = screen.current()
    statuses = tuple(
        dict.fromkeys(
            [s.name for p in state.characters for s in p.statuses]
            + [s.name for c in state.challenges for s in c.statuses]
            + [limit.kind for c in state.challenges for limit in c.limits]
        )
    )

    def build(v: Values) -> mist.TakeStatus | mist.ReduceStatus | None:
        if not v["target"] or not v["status"]:
            return None
        if verb == "status":
            tier = whole(v["tier"] or "1", "The tier")
            return mist.TakeStatus(v["target"], v["status"], tier, by=v["by"].strip() or None)
        return mist.ReduceStatus(v["target"], v["status"], whole(v["tier"] or "1", "N"))

    giver = (screen.field("by", "", screen.names()),) if verb == "status" else ()
    open_form(
        screen,
        f"mist.form.{verb}",
        (
            screen.field("target", screen.selected or "", screen.names()),
            screen.field("status", "", statuses),
            screen.field("tier", "1"),
            *giver,
        ),
        build,
        start="status" if screen.selected else None,
    )
