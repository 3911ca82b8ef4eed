"""The theme dialogs of the M.I.S.T. screen: full immersion in a Taint theme, burn or restore a
tag, mark a track, choose a growth, add a theme (or the newborn one owed after a loss), retire
at 5 Evolution — RULES.md §4.1, §4.5, §4.8.

An action group of :class:`~console.mist.screen.MistScreen`, typed against its public surface
(:class:`~console.mist.surface.MistSurface`): each dialog makes one command (``Immerse``,
``BurnTag``, ``RestoreTag``, ``Mark``, ``Grow``, ``AddTheme``, ``Rebirth``, ``Retire`` of
``engine/mist/commands.py``) that the screen runs through its one path into the engine, so a key,
a dialog and the command line do the same thing.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from console.i18n import Translator
from console.mist import character_text, roll_text
from console.mist.dialogs import Values
from console.mist.fields import choice as one_of
from console.mist.fields import listed
from console.mist.surface import MistSurface, open_form
from engine.dice.odds import mist_odds
from engine.keywords import WORDS, read_word
from engine.mist import commands as mist
from engine.mist.growth import EVOLUTION_FOR_RETIREMENT
from engine.mist.state import Character, Retirement, ThemeType, Track
from engine.mist.tags import power_tag_names

GROWTH_CHOICES: tuple[str, ...] = (
    "power",
    "weakness-add",
    "weakness-remove",
    "weakness-rewrite",
    "motive",
    "reset",
)
"""The growth choices of RULES.md §4.8, in the order the picker lists them."""


def _person(screen: MistSurface) -> Character | None:
    state = screen.current()
    return next((p for p in state.characters if p.name == screen.selected), None)


def said_words(t: Translator, words: str) -> tuple[str, tuple[str, ...]]:
    """A word list's words as the table says them (``自我`` on a Chinese table, which the
    engine reads as ``self``): the first, a field's default, and all, its suggestions."""
    said = tuple(t(f"words.{words}.{word}") for word in WORDS[words])
    return said[0], said


class ThemeActions:
    """Keys ``i`` (immerse), ``b`` (burn/restore), ``M`` (mark), ``G`` (growth), ``H`` (theme /
    rebirth), ``r`` (retire)."""

    def action_retire(self: MistSurface) -> None:
        """At 5 Evolution: Fall asleep or Return to calm, confirmed since it is final (§4.8)."""
        person = _person(self)
        if person is None:
            return
        who = person.name
        refusal = None
        if person.retired is not None:
            refusal = self.t(
                "mist.retire.already",
                name=who,
                choice=self.t(f"mist.retired.{person.retired.value}"),
            )
        elif person.evolution < EVOLUTION_FOR_RETIREMENT:
            refusal = self.t(
                "mist.retire.not-yet",
                name=who,
                count=person.evolution,
                needs=EVOLUTION_FOR_RETIREMENT,
            )
        if refusal is not None:
            self.warn(refusal)
            return
        options = [
            (choice.value, self.t(f"mist.retire.pick.{choice.value}")) for choice in Retirement
        ]

        def chosen(choice: str | None) -> None:
            if not choice:
                return
            question = self.t(f"mist.retire.confirm.{choice}", name=who)

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.run_command(mist.Retire(who, Retirement(choice)), "dialog")

            self.confirm(question, confirmed)

        title = self.t("mist.retire.title", name=who, count=person.evolution)
        self.choose(title, options, chosen)

    def action_immerse(self: MistSurface) -> None:
        """Full immersion in a Taint theme: power, odds and the depth's row of the table (§4.5)."""
        state = self.current()
        who = self.selected
        themes = self.view.taints_of(who) if self.view is not None else ()
        if not themes or who is None:
            return
        person = next(p for p in state.characters if p.name == who)
        power = sum(1 for t in person.themes if t.type is ThemeType.SELF)
        power_tags = tuple(  # the theme tag is a power tag too (§4.1): it may be burned
            name for t in person.themes if t.type is ThemeType.TAINT for name in power_tag_names(t)
        )

        def build(v: Values) -> mist.Immerse:
            depth = one_of(v["depth"] or "submerge", "depth")
            return mist.Immerse(who, v["theme"], depth, burn=listed(v["burn"]))

        def preview(v: Values) -> RenderableType:
            lines = [Text(self.t("mist.immerse.power", power=power), style="bold")]
            lines += roll_text.odds_bands(self.t, mist_odds(power, state.interpretations))
            depth = read_word(v["depth"] or "submerge", "depth")
            if depth is not None:
                lines.append(Text(self.t(f"mist.immerse.table.{depth}"), style="italic"))
            theme = next(
                (t for t in person.themes if t.name.casefold() == v["theme"].casefold()), None
            )
            if theme is not None:
                unburned = power_tag_names(theme)
                lines.append(
                    Text(
                        self.t(
                            "mist.immerse.burn-hint",
                            tags=self.t("word.list-sep").join(unburned) or "—",
                        ),
                        "dim",
                    )
                )
            return Group(*lines)

        open_form(
            self,
            "mist.form.immerse",
            (
                self.field("theme", themes[0], themes),
                self.field("depth", *said_words(self.t, "depth")),
                self.field("burn", "", power_tags),
            ),
            build,
            preview=preview,
            name=who,
        )

    def action_burn(self: MistSurface) -> None:
        """Pick a tag of the selected character: an unburned one burns, a burned one returns."""
        person = _person(self)
        if person is None:
            return
        options: list[tuple[str, str]] = []
        any_burned = False
        for theme in person.themes:
            tags = [(theme.name, theme.theme_tag_burned)]
            tags += [(tag.name, tag.burned) for tag in theme.power_tags]
            for name, burned in tags:
                any_burned = any_burned or burned
                key = "mist.burn.restore" if burned else "mist.burn.burn"
                options.append(
                    (("restore\t" if burned else "burn\t") + name, self.t(key, tag=name))
                )
        if any_burned:
            options.append(("restore\tall", self.t("mist.burn.restore-all")))
        who = person.name

        def chosen(value: str | None) -> None:
            if not value:
                return
            verb, _, tag = value.partition("\t")
            if verb == "burn":
                self.run_command(mist.BurnTag(who, tag), "dialog")
            else:
                self.run_command(mist.RestoreTag(who, None if tag == "all" else tag), "dialog")

        self.choose(self.t("mist.burn.title", name=who), options, chosen)

    def action_mark(self: MistSurface) -> None:
        """Pick a theme and a track to mark once (growth: Mastery/Progress; loss)."""
        person = _person(self)
        if person is None or not person.themes:
            return
        options: list[tuple[str, str]] = []
        for theme in person.themes:
            for track, marks in (
                (theme.growth_track, theme.growth_marks),
                (theme.loss_track, theme.loss_marks),
            ):
                label = Text(f"{theme.name} — {self.t(f'mist.track.{track.value}')} ")
                label.append(character_text.track(marks), style="bold")
                options.append((f"{theme.name}\t{track.value}", label.plain))
        who = person.name

        def chosen(value: str | None) -> None:
            if value:
                theme, _, track = value.partition("\t")
                self.run_command(mist.Mark(who, theme, Track(track)), "dialog")

        self.choose(self.t("mist.mark.title", name=who), options, chosen)

    def action_growth(self: MistSurface) -> None:
        """Choose the growth a theme owes (3 marks, or a newborn theme's mark)."""
        person = _person(self)
        if person is None:
            return
        owed = [theme for theme in person.themes if theme.growth_pending]
        who = person.name
        if not owed:
            self.warn(self.t("mist.growth.none", name=who))
            return

        def pick_choice(theme_name: str | None) -> None:
            if not theme_name:
                return
            options = [(key, self.t(f"mist.growth.pick.{key}")) for key in GROWTH_CHOICES]

            def chosen(choice: str | None) -> None:
                if choice:
                    _growth_form(self, who, theme_name, choice)

            self.choose(self.t("mist.growth.title", name=who, theme=theme_name), options, chosen)

        if len(owed) == 1:
            pick_choice(owed[0].name)
            return
        options = [(theme.name, theme.name) for theme in owed]
        self.choose(self.t("mist.growth.which"), options, pick_choice)

    def action_theme(self: MistSurface) -> None:
        """Add a theme to the selected character, or the newborn theme a lost one left owed."""
        person = _person(self)
        if person is None:
            return
        who = person.name
        if person.rebirths_pending:
            kind = self.t(f"mist.theme.{person.rebirths_pending[0].value}")

            def reborn(v: Values) -> mist.Rebirth | None:
                if not v["theme-tag"]:
                    return None
                return mist.Rebirth(who, v["theme-tag"], v["weakness"], v["motive"])

            open_form(
                self,
                "mist.form.rebirth",
                (
                    self.field("theme-tag"),
                    self.field("weakness"),
                    self.field("motive"),
                ),
                reborn,
                name=who,
                type=kind,
            )
            return

        def build(v: Values) -> mist.AddTheme | None:
            kind = one_of(v["type"] or "self", "theme-type")
            if not v["theme-tag"]:
                return None
            return mist.AddTheme(
                who,
                ThemeType(kind),
                v["theme-tag"],
                listed(v["power"]),
                listed(v["weakness"]),
                v["motive"],
            )

        open_form(
            self,
            "mist.form.theme",
            (
                self.field("type", *said_words(self.t, "theme-type")),
                self.field("theme-tag"),
                self.field("power"),
                self.field("weakness"),
                self.field("motive"),
            ),
            build,
            name=who,
        )


def _growth_form(screen: MistSurface, who: str, theme: str, choice: str) -> None:
    """The text a growth choice needs, then the ``Grow`` command (RULES.md §4.8)."""
    if choice == "reset":
        screen.run_command(mist.Grow(who, theme, "reset"), "dialog")
        return

    def build(v: Values) -> mist.Grow | None:
        if not v["text"]:
            return None
        if choice == "weakness-rewrite":
            return mist.Grow(who, theme, choice, v["text"], v["new"]) if v["new"] else None
        return mist.Grow(who, theme, choice, v["text"])

    state = screen.current()
    person = next(p for p in state.characters if p.name == who)
    found = next(t for t in person.themes if t.name == theme)
    weaknesses = tuple(tag.name for tag in found.weaknesses)
    first = (
        weaknesses[0] if weaknesses and choice in ("weakness-remove", "weakness-rewrite") else ""
    )
    fields = [screen.field("text", first, weaknesses)]
    if choice == "weakness-rewrite":
        fields.append(screen.field("new"))
    open_form(
        screen,
        "mist.form.growth",
        tuple(fields),
        build,
        name=who,
        theme=theme,
        choice=screen.t(f"mist.growth.pick.{choice}"),
    )
