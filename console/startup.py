"""Start-up policy: which campaign and scene the console opens (INTERFACE.md §1).

The given campaign and scene; else the last used; else the built-in demo. On a first run (no
campaigns yet) the demo is installed, in the table's language, before the requested campaign
and scene are looked up, so ``--campaign Demo --scene NAME`` (示范战役 in zh) finds them. Flags
naming a campaign or scene that does not exist never create one (a typo would leave an empty
scene behind): the console opens the last scene used (or the campaign's current scene) and the
status line says what was missing and what was opened instead (the app says it;
this module only decides).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from console.persistence import Persistence
    from engine.session import Scene
    from saves.store import Store

# The engine and the saves are imported by the functions, after the first frame is on screen.


@dataclass(frozen=True, slots=True)
class Opening:
    """What to open at start-up, and what to say about it."""

    campaign: str
    scene: str | None
    """The scene to open (None: the campaign's current scene)."""
    wanted: bool
    """Whether ``scene`` was named by ``--scene`` (a missing one is reported; a remembered one
    is silently replaced)."""
    first_run: bool
    """No campaign existed: the demo was installed."""
    missing_campaign: str | None
    """``--campaign`` named a campaign that does not exist."""


def choose_opening(
    store: Store, campaign: str | None, scene: str | None, lang: str = "en"
) -> Opening:
    """The campaign and scene to open for the ``--campaign`` and ``--scene`` flags given (a
    demo installed is in ``lang``, the table's language)."""
    from console.demo import install_demo

    first_run = not store.campaign_names()
    if first_run:
        install_demo(store, lang)
    missing = campaign is not None and not store.has_campaign(campaign)
    chosen, chosen_scene = (None, None) if missing else (campaign, scene)
    if chosen is None:
        last = store.last_opened()
        if last is not None and store.has_campaign(last[0]):
            chosen, remembered = last
        else:
            chosen, remembered = install_demo(store, lang)
        chosen_scene = remembered if missing or chosen_scene is None else chosen_scene
    return Opening(
        campaign=chosen,
        scene=chosen_scene,
        wanted=scene is not None and not missing,
        first_run=first_run,
        missing_campaign=campaign if missing else None,
    )


class Loaded(NamedTuple):
    """A scene read from an opened campaign."""

    holder: str | None
    """Who holds the campaign's lock (it opened read-only), or None."""
    scene: Scene
    missing: str | None
    """The scene asked for, when it does not exist (the campaign's current one was loaded)."""


def load_scene(
    persistence: Persistence,
    campaign: str,
    scene: str | None,
    *,
    create: bool,
    seed: int | None,
    first_scene: str = "Scene 1",
) -> Loaded:
    """Open ``campaign`` and read ``scene`` (its current scene when None or missing; a first
    scene named ``first_scene`` made when it has none, in the table's language: 场景 1). A
    named scene that does not exist is not created.

    Raises:
        saves.errors.BadFile: a file of the campaign does not verify.
        saves.errors.SaveError: the campaign cannot be opened or read.
    """
    from engine import session

    holder = persistence.open_campaign(campaign, create=create)
    opened = persistence.require()
    missing: str | None = None
    if scene is not None and not opened.has_scene(scene):
        missing, scene = scene, None
    name = scene or opened.current_scene() or next(iter(opened.scene_names()), None)
    if name is None:
        loaded = opened.with_roster(session.new_scene(first_scene, "ih-d10", seed))
        if not opened.read_only:
            opened.create_scene(loaded)
    else:
        loaded = opened.load_scene(name)
    return Loaded(holder, loaded, missing)
