"""Open, rename and delete scenes; deleting asks first.

The screen lists every campaign and its scenes from the store. Enter returns the chosen
``(campaign, scene)`` to open; ``r`` renames and ``Delete`` deletes the highlighted scene (the
campaign's backups keep a deleted scene). A campaign open in another console is marked.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from console.i18n import Translator, save_error_text
from console.keymap import ROWS_KEYS, SAVES_KEYS, bindings_for
from console.persistence import Persistence
from console.screens.dialogs import ConfirmDialog, TextDialog
from saves.campaign import Campaign
from saves.errors import SaveError


class RowTable(DataTable[str]):
    """A table of rows: Home and End go to the first and the last row (a DataTable scrolls its
    columns with them, which a list of scenes never needs: they did nothing)."""

    BINDINGS = bindings_for(tuple(k for k in ROWS_KEYS if k.id in ("rows.first", "rows.last")))

    def action_cursor_first(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_cursor_last(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)


class OpenScreen(ModalScreen[tuple[str, str] | None]):
    """Every campaign's scenes; open, rename or delete one."""

    DEFAULT_CSS = """
    OpenScreen { align: center middle; }
    OpenScreen > Vertical {
        width: 100; max-width: 100%; height: 80%;
        border: thick $primary; background: $panel; padding: 0 1;
    }
    OpenScreen #open-title { text-style: bold; }
    OpenScreen DataTable { height: 1fr; }
    OpenScreen #open-keys { color: $text-muted; }
    """
    BINDINGS = bindings_for(SAVES_KEYS)

    def __init__(
        self,
        translate: Translator,
        persistence: Persistence,
        current: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.t = translate
        self.persistence = persistence
        self.rows: list[tuple[str, str]] = []
        self.current = current
        """The campaign and scene open now: the cursor starts on it (issue 27 §3)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.t("saves.open-title"), id="open-title")
            yield RowTable(cursor_type="row", id="open-table")
            yield Static(self.t("saves.keys"), id="open-keys")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        t = self.t
        table.add_columns(t("saves.campaign"), t("saves.scene"), t("saves.system"), "")
        self.reload()
        if self.current in self.rows:
            table.move_cursor(row=self.rows.index(self.current))
        table.focus()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.rows = []
        for info in self.persistence.store.list_campaigns():
            note = info.problem or (f"🔒 {info.holder}" if info.holder else "")
            if info.name == self.persistence.campaign_name:
                note = "●"
            for scene in info.scenes:
                table.add_row(info.name, scene.name, scene.system, note)
                self.rows.append((info.name, scene.name))
            if not info.scenes:
                table.add_row(info.name, "—", "", note)
                self.rows.append((info.name, ""))

    def _highlighted(self) -> tuple[str, str] | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row < 0 or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        chosen = self._highlighted()
        if chosen is not None:
            campaign, scene = chosen
            self.dismiss((campaign, scene or ""))

    def action_cursor_down(self) -> None:
        self.query_one(DataTable).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one(DataTable).action_cursor_up()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _edit(self, name: str, change: Callable[[Campaign], None]) -> None:
        """Make ``change`` to campaign ``name`` (the open one if it is ``name``, else opened for
        writing and closed after), then list the scenes again; a refusal is shown."""
        current = self.persistence.campaign
        try:
            if current is not None and current.name == name and not current.read_only:
                change(current)
            else:
                target = self.persistence.store.open_campaign(name)
                try:
                    change(target)
                finally:
                    target.close()
        except SaveError as error:
            self.notify(save_error_text(error, self.t.lang), severity="error", timeout=8)
        self.reload()

    def _highlighted_scene(self) -> tuple[str, str]:
        """The campaign and scene under the cursor (``("", "")`` on none, or on a campaign
        without scenes)."""
        chosen = self._highlighted()
        return chosen if chosen is not None and chosen[1] else ("", "")

    def action_rename(self) -> None:
        campaign, scene = self._highlighted_scene()
        if not scene:
            return

        def renamed(new: str | None) -> None:
            if new and new != scene:
                self._edit(campaign, lambda target: target.rename_scene(scene, new))

        self.app.push_screen(TextDialog(self.t("saves.rename-title", scene=scene), scene), renamed)

    def action_delete(self) -> None:
        campaign, scene = self._highlighted_scene()
        if not scene:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._edit(campaign, lambda target: target.delete_scene(scene))

        question = self.t("saves.delete-question", scene=scene, campaign=campaign)
        self.app.push_screen(ConfirmDialog(self.t, question), confirmed)
