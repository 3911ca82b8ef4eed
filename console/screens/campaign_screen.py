"""The campaign between scenes (issue 25, key F3): the cast with its condition (who is hurt,
low on willpower, unconscious; a M.I.S.T. growth or newborn theme owed), the season and its
missions, the scenes. Read from the campaign as saved (pending autosaves written first);
Escape closes it. The text is ``console/campaign_view.py``'s, as ``st-console saves CAMPAIGN``
prints it.

Its command field heals, restores or adjusts the cast with the commands of a scene (``heal Ann
3``, ``willpower Ann +2``, ``end movie``, ``status Mei hurt 2``; ``undo`` takes the last back):
:meth:`saves.campaign.Campaign.apply_between`. A refusal is said under it in the table's
language; the scene shown, if still played, is opened again so it sees the cast."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from console.i18n import Translator, save_error_text
from console.screens.dialogs import DIALOG_CSS, SHORT_BREAKPOINTS, _Dialog
from console.widgets.ordered_input import OrderedInput

Apply = Callable[[str], tuple[list[str], str]]
"""Apply a command line to the cast: the campaign's new lines and what to say (``✓``/``✗``)."""


class CampaignScreen(_Dialog[None]):
    """The campaign's standing, one line a character, mission and scene, and a command field
    for the cast between scenes (none when the campaign is read-only)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="CampaignScreen") + (
        "CampaignScreen > Vertical { width: 90%; max-width: 100; }\n"
        "CampaignScreen VerticalScroll { height: auto; max-height: 30; }\n"
        "CampaignScreen #cast-said { width: 100%; height: auto; }\n"
    )
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS

    AROUND_THE_TEXT = {True: 8, False: 13}
    """Rows the box takes besides the campaign's text, under 32 rows (``-short``: one-row
    field, no padding) and from 32 up (border, padding, title, the field, what it said, the
    closing hint, a row to spare for a said line that wraps)."""

    def __init__(self, translate: Translator, lines: list[str], apply: Apply | None = None) -> None:
        super().__init__()
        self.t = translate
        self.lines = lines
        self.apply = apply
        self.said = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.lines[0], classes="title", markup=False)
            with VerticalScroll():
                yield Static("\n".join(self.lines[1:]), id="campaign-text", markup=False)
            if self.apply is not None:
                yield OrderedInput(placeholder=self.t("campaign.command-hint"), id="cast-command")
                yield Label("", id="cast-said", markup=False)
            yield Label(self.t("campaign.close-hint"), classes="field-label")

    def on_mount(self) -> None:
        super().on_mount()
        self.fit_text()
        if self.apply is not None:  # typing goes to the command field at once
            self.query_one("#cast-command", Input).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_text()

    def fit_text(self) -> None:
        """The text scrolls in what the screen leaves it, so the command field and what it
        says stay on screen however long the cast (an 80×24 terminal: 16 rows of text)."""
        rows = self.app.size.height
        short = rows < SHORT_BREAKPOINTS[1][0]
        box = rows if short else rows * 9 // 10
        for text in self.query(VerticalScroll):  # none yet when the first resize comes
            text.styles.max_height = max(3, min(30, box - self.AROUND_THE_TEXT[short]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.apply is None or not event.value.strip():
            return
        lines, said = self.apply(event.value)
        self.said = said if said.startswith("✓") or not self.said.startswith("✓") else self.said
        self.query_one("#cast-said", Label).update(said)  # ✗ keeps an earlier ✓ for closing
        if said.startswith("✓"):
            event.input.value = ""
            self.lines = lines
            self.query_one(".title", Label).update(lines[0])
            self.query_one("#campaign-text", Static).update("\n".join(lines[1:]))


def cast_applier(shell: object) -> Apply | None:
    """The command field's action for the scene screen ``shell`` (F3): apply the line to the
    open campaign's cast, then open the scene shown again when it is still played (it sees the
    cast where the campaign has it now). ``None`` when the campaign is read-only."""
    from console.campaign_view import campaign_lines, campaign_view
    from engine.errors import RuleError
    from saves.errors import SaveError

    app = shell.app  # type: ignore[attr-defined]
    t: Translator = shell.t  # type: ignore[attr-defined]
    persistence = app.persistence
    campaign = persistence.campaign
    if campaign is None or campaign.read_only:
        return None

    def apply(text: str) -> tuple[list[str], str]:
        try:
            persistence.flush()  # the scene's last command first: it may move the cast too
            undo = text.split("#", 1)[0].strip().lower() == "undo"
            done = campaign.apply_between(text, app.seed)
            lines = campaign_lines(campaign_view(campaign), t)
        except RuleError as error:
            return [], "✗ " + error.render(t.lang)
        except (SaveError, OSError) as error:
            return [], "✗ " + save_error_text(error, t.lang)
        return lines, t("campaign.undone" if undo else "campaign.applied", command=done)

    return apply


NOT_MINE = object()
"""What :func:`campaign_command` answers for a line that is not a command of the campaign."""


def campaign_command(shell: Any, text: str, source: str) -> object:
    """A typed line that is a command of the campaign, not of the scene (issue 25), done on the
    scene screen ``shell``: ``scene reopen``, ``scene open "NAME"`` (a split party's other
    half), ``cast COMMAND`` (between scenes). Answers as ``run_command_events`` does (``()``
    done, ``None`` refused), or :data:`NOT_MINE`."""
    from console.scene_end import cast_line, is_reopen, opened_name

    if is_reopen(text):
        from console.messages import ReopenRequested

        shell.post_message(ReopenRequested())
        return ()
    if (between := cast_line(text)) is not None:
        return cast_from_line(shell, between, source)
    if (wanted := opened_name(text)) is not None:
        shell.app.call_later(shell.app.open_scene, shell.app.persistence.campaign_name, wanted)
        return ()
    return NOT_MINE


def cast_from_line(shell: Any, text: str, source: str) -> tuple[()] | None:
    """``cast COMMAND`` on the scene screen's command line: the command applies to the cast
    between scenes (as on F3), said in the status line, and the scene shown is opened again
    (a scene still played sees it). ``None`` when refused (said as any refusal)."""
    apply = cast_applier(shell)
    if apply is None:
        shell.refuse(shell.t("error.app.read-only"), source)
        return None
    _, said = apply(text or "#")
    if not said.startswith("✓"):
        shell.refuse(said.removeprefix("✗ "), source)
        return None
    app = shell.app
    scene = app.current_scene()
    if scene is not None:
        app.open_scene(app.persistence.campaign_name, scene.name)
    if hasattr(app.screen, "history"):  # a scene screen (the shell imports this module)
        app.screen.status = said
    return ()


def show_campaign(shell: object, lines: list[str]) -> None:
    """Push the campaign screen over the scene screen ``shell``; when it closes after the cast
    changed, the scene shown is opened again (a scene still played sees the cast now)."""
    app = shell.app  # type: ignore[attr-defined]
    screen = CampaignScreen(shell.t, lines, cast_applier(shell))  # type: ignore[attr-defined]

    def closed(_: None) -> None:
        scene = app.current_scene()
        if screen.said.startswith("✓") and scene is not None:
            app.open_scene(app.persistence.campaign_name, scene.name)

    app.push_screen(screen, closed)
