"""Open…, Save as… and a new scene: what changes which campaign and scene are open.

``ctrl+o`` lists the campaigns and scenes (console/screens/saves_screen.py); ``ctrl+s`` saves a
copy of the scene, journal and all, as ``campaign / name`` and switches to it; ``scene new`` on
the command line makes a scene in the open campaign. Each shows the scene at once.

Handed the app as a :class:`~console.host.Host` (what it needs of it), never importing it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from console.i18n import save_error_text

if TYPE_CHECKING:
    from console.host import Host
    from engine.session import Scene


def new_scene(app: Host, name: str, system: str, split: bool = False) -> None:
    """``scene new``: a new scene in the open campaign, shown at once. The scene the table was
    in ends (issue 25), unless ``split``: then it stays open beside the new one (a split
    party), both sharing the campaign's cast."""
    from engine import session
    from saves.errors import SaveError

    persistence = app.persistence
    scene = session.new_scene(name, system, app.seed)
    try:
        if persistence.campaign is not None:  # starts where the campaign's cast stands
            scene = persistence.campaign.with_roster(scene)
    except SaveError as error:  # a damaged cast in the index: said, nothing made
        app.notify(save_error_text(error, app.t.lang), severity="error", timeout=8)
        return
    previous = app.current_scene()
    if not persistence.read_only:
        try:
            campaign = persistence.require()
            campaign.create_scene(scene)
            persistence.remember(scene.name)
            if previous is not None and campaign.has_scene(previous.name) and not split:
                persistence.flush()  # its last command first, while it may still be written
                campaign.end_scene(previous.name)  # issue 25: the table has moved on
        except SaveError as error:
            app.notify(save_error_text(error, app.t.lang), severity="error", timeout=8)
            return
    app.show_scene(scene)


def reopen_scene(app: Host) -> None:
    """``scene reopen``: the ended scene shown may be changed again; later scenes keep what they
    started from (issue 25). Said in the status line either way."""
    from console.families import is_scene_screen
    from saves.errors import SaveError

    screen = app.screen
    campaign = app.persistence.campaign
    if not is_scene_screen(screen):
        return
    if campaign is None or campaign.read_only:
        screen.status = "✗ " + app.t("error.app.read-only")
        return
    if not screen.ended:
        screen.status = "✗ " + app.t("status.scene-not-ended", name=screen.history.scene.name)
        return
    try:
        campaign.reopen_scene(screen.history.scene.name)
    except SaveError as error:
        app.notify(save_error_text(error, app.t.lang), severity="error", timeout=8)
        return
    reopened = "✓ " + app.t("status.scene-reopened", name=screen.history.scene.name)
    app.show_scene(screen.history.scene, history=screen.history, status=reopened)


def ask_save_as(app: Host) -> None:
    """Ask for ``campaign / name`` (the open ones first) and save the scene there."""
    scene = app.current_scene()
    if scene is None:
        return
    initial = f"{app.persistence.campaign_name} / {scene.name}"

    def chosen(value: str | None) -> None:
        if not value:
            return
        campaign, _, name = value.rpartition("/")
        campaign, name = campaign.strip() or app.persistence.campaign_name, name.strip()
        save_as(app, scene, campaign, name)

    from console.screens.dialogs import TextDialog

    app.push_screen(TextDialog(app.t("saves.save-as-title"), initial), chosen)


def save_as(app: Host, scene: Scene, campaign: str, name: str) -> None:
    """Save a copy of the scene, journal and all, as ``campaign / name`` and switch to it."""
    from saves.errors import SaveError

    persistence = app.persistence
    try:
        copy = replace(scene, name=name)
        same = campaign.casefold() == persistence.campaign_name.casefold()
        if not same or persistence.read_only:
            persistence.open_campaign(campaign, create=True)
        target = persistence.require()
        copy = target.save_scene_as(copy, name)
        persistence.remember(copy.name)
    except SaveError as error:
        app.notify(save_error_text(error, app.t.lang), severity="error", timeout=8)
        return
    app.autosave_state = "saved"
    app.notify(app.t("status.saved-as", campaign=campaign, scene=name))
    app.show_scene(copy)


def ask_open(app: Host) -> None:
    """The campaigns and their scenes; the one chosen opens."""
    from console.screens.saves_screen import OpenScreen

    def chosen(value: tuple[str, str] | None) -> None:
        if value is not None:
            app.open_scene(*value)

    scene = app.current_scene()
    current = (app.persistence.campaign_name, scene.name) if scene is not None else None
    app.push_screen(OpenScreen(app.t, app.persistence, current), chosen)
