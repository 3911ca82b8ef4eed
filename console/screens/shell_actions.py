"""The keys every scene screen shares that are not a command of its family: the command line,
undo and redo, copying to the chat, help, a new scene, the campaign, and the app's own
(language, Save as…, Open…, quit), which a scene screen hands to the app.
"""

from __future__ import annotations

from console.i18n import save_error_text
from console.messages import NewSceneRequested
from console.screens.shell_base import ShellBase


class ShellActions(ShellBase):
    """``:``, ``u``/``r``, ``y``/``Y``, ``?``, ``ctrl+n``, F3 and the app's keys."""

    copied = ""
    """What ``y``/``Y`` last put on the clipboard (the terminal's clipboard cannot be read)."""

    def action_command_line(self, text: str = "") -> None:
        self.command_line.open(text)

    def action_undo(self) -> None:
        from engine.commands import Undo

        self.run_command(Undo())

    def action_redo(self) -> None:
        from engine.commands import Redo

        self.run_command(Redo())

    def action_copy_chat(self) -> None:
        """``y``: the latest roll, check, attack or M.I.S.T. action as one chat-ready line in the
        table's language, to the clipboard (OSC 52: over SSH and in tmux too; issue 28)."""
        from console.chat_text import last_roll

        self._copy(last_roll(self.t, self.history.scene))

    def action_copy_board(self) -> None:
        """``Y``: the initiative order with the round and the current actor, or the M.I.S.T.
        scene's challenges and statuses, as the players may see them (nothing hidden)."""
        from console.chat_board import board_text

        self._copy(board_text(self.t, self.history.scene.state))

    def _copy(self, text: str | None) -> None:
        if not text:
            self.notify(self.t("chat.nothing"), severity="warning", timeout=4)
            return
        self.app.copy_to_clipboard(text)
        self.copied = text
        self.notify(self.t("chat.copied", text=text), timeout=4)

    def action_help(self) -> None:
        from console.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.t, self))

    def action_new_scene(self) -> None:
        """A dialog for the name and a choice of system (``scene new`` on the command line)."""
        from console.screens.dialogs import NewSceneDialog

        def chosen(value: tuple[str, str, bool] | None) -> None:
            if value is not None:
                self.post_message(NewSceneRequested(*value))

        self.app.push_screen(NewSceneDialog(self.t, self.history.scene.system), chosen)

    def action_campaign(self) -> None:
        """The campaign between scenes (F3): its cast's condition, season, missions, scenes."""
        from console.campaign_view import campaign_lines, campaign_view
        from console.screens.campaign_screen import show_campaign
        from saves.errors import SaveError

        persistence = getattr(self.app, "persistence", None)
        campaign = getattr(persistence, "campaign", None)
        if persistence is None or campaign is None:
            self.refuse(self.t("campaign.none-open"), "key")
            return
        try:
            if not campaign.read_only:
                persistence.flush()  # the last command's autosave, so the cast is the scene's
            lines = campaign_lines(campaign_view(campaign), self.t)
        except (SaveError, OSError) as error:
            self.refuse(save_error_text(error, self.t.lang), "key")
            return
        show_campaign(self, lines)

    async def action_switch_language(self) -> None:
        await self.app.run_action("switch_language")

    async def action_save_as(self) -> None:
        await self.app.run_action("save_as")

    async def action_open(self) -> None:
        await self.app.run_action("open")

    async def action_quit(self) -> None:
        await self.app.run_action("quit")
