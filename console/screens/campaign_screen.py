"""The campaign between scenes (issue 25, key F3): the cast with its condition (who is hurt,
low on willpower, unconscious; a M.I.S.T. growth or newborn theme owed), the season and its
missions, the scenes. Read from the campaign as saved (pending autosaves written first);
Escape closes it. The text is ``console/campaign_view.py``'s, as ``st-console saves CAMPAIGN``
prints it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from console.i18n import Translator
from console.screens.dialogs import DIALOG_CSS, _Dialog


class CampaignScreen(_Dialog[None]):
    """The campaign's standing, one line a character, mission and scene."""

    DEFAULT_CSS = DIALOG_CSS.format(name="CampaignScreen") + (
        "CampaignScreen > Vertical { width: 90%; max-width: 100; }\n"
        "CampaignScreen VerticalScroll { height: auto; max-height: 30; }\n"
    )

    def __init__(self, translate: Translator, lines: list[str]) -> None:
        super().__init__()
        self.t = translate
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.lines[0], classes="title", markup=False)
            with VerticalScroll():
                yield Static("\n".join(self.lines[1:]), id="campaign-text", markup=False)
            yield Label(self.t("campaign.close-hint"), classes="field-label")
