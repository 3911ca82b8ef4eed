"""Damaged-file recovery: a campaign that does not verify is never overwritten.

When a campaign's file fails its check (``saves.errors.BadFile``), the console offers the
newest backup that verifies (Enter restores it, the damaged file is kept aside by
``Store.restore_backup``); with no good backup, or when the Storyteller says no, the built-in
demo opens instead so the console is never left without a scene.

Handed the app as a :class:`~console.host.Host` (what it needs of it), never importing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.i18n import save_error_text

if TYPE_CHECKING:
    from console.host import Host
    from saves.errors import BadFile


def open_demo(app: Host, instead_of: str | None = None) -> None:
    """Open the built-in demo in the table's language (installed again if it was deleted),
    unless the campaign that could not be opened, ``instead_of``, was the demo itself."""
    from console.demo import install_demo

    campaign, scene = install_demo(app.persistence.store, app.t.lang)
    if campaign != instead_of:
        app.open_scene(campaign, scene)


def offer_backup(app: Host, campaign: str, error: BadFile) -> None:
    """A damaged file: offer the newest good backup, never overwrite the damaged one."""
    from saves.errors import SaveError

    store = app.persistence.store
    try:
        backup = store.newest_good_backup(campaign)
    except SaveError:
        app.notify(
            app.t("saves.damaged-no-backup", path=error.path, problem=error.problem),
            severity="error",
            timeout=12,
        )
        open_demo(app, instead_of=campaign)
        return

    def answered(yes: bool | None) -> None:
        if not yes:
            open_demo(app)
            return
        try:
            app.persistence.close()
            store.restore_backup(campaign, backup.id)
        except SaveError as problem:
            app.notify(save_error_text(problem, app.t.lang), severity="error", timeout=10)
            return
        app.open_scene(campaign, None)

    question = app.t("saves.damaged", path=error.path, problem=error.problem, taken=backup.taken)
    from console.screens.dialogs import ConfirmDialog

    app.push_screen(ConfirmDialog(app.t, question), answered)
