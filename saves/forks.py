"""The timeline's saves (issue 26): a scene as it stood after any journal entry, read-only,
and a **fork**, a new campaign whose scene's journal is the first N entries of another's.

A fork's index document names where it came from, ``"forked_from": {"campaign", "scene",
"entry"}``; an index without that field (every campaign saved before forks, and every campaign
not forked) is simply not a fork, so no migration is needed.
"""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import replace

from engine.session import Scene
from saves.campaign_index import ForkOrigin
from saves.errors import BadName, NameTaken, NotFound
from saves.exports import split_target
from saves.store import Store


def scene_at(store: Store, target: str, at: int | None) -> tuple[str, Scene, int]:
    """The campaign's name, the scene ``target`` (``CAMPAIGN[/SCENE]``; without a scene the
    campaign's current one, else its last) as it stood after ``at`` entries (``None``: now),
    and its journal's length. Read-only: nothing is written, no lock is taken.

    Raises:
        NotFound: no such campaign or scene, or a campaign without scenes.
        PastEnd: ``at`` is past the end. BadFile, NewerVersion: as ``Campaign.load_scene_at``.
    """
    name, scene_name = split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        chosen = scene_name or campaign.current_scene() or (campaign.scene_names() or ("",))[-1]
        if not chosen:
            raise NotFound(
                f"Campaign {campaign.name!r} has no scenes.",
                code="saves.forks.no-scenes",
                params={"name": repr(campaign.name)},
            )
        scene, length = campaign.load_scene_at(chosen, at)
        return campaign.name, scene, length


def default_fork_name(campaign: str, at: int) -> str:
    """ "NAME (from entry N)"."""
    return f"{campaign} (from entry {at})"


def fork_scene(store: Store, origin: ForkOrigin, scene: Scene, new_name: str) -> str:
    """Make campaign ``new_name`` holding ``scene`` (already cut at ``origin.entry``) as its one
    and current scene, its cast where the scene leaves it, noting ``origin``; returns its name.
    The original campaign is not opened. On a failure nothing of the fork stays.

    Raises:
        NameTaken: a campaign of that name exists (nothing written). BadName: a bad name.
    """
    clean = new_name.strip()
    if clean and store.find(clean) is not None:
        raise NameTaken(
            f"A campaign named {clean!r} already exists; nothing was written.",
            code="saves.forks.name-taken",
            params={"name": repr(clean)},
        )
    campaign = store.create_campaign(clean)
    directory = campaign.directory
    try:
        with campaign:
            campaign.create_scenes([replace(scene, name=scene.name)])
            campaign.set_current_scene(scene.name)
            campaign.set_forked_from(origin)
            made = campaign.name
    except BaseException:
        with contextlib.suppress(OSError):
            shutil.rmtree(directory)
        raise
    return made


def fork(store: Store, target: str, at: int, new_name: str | None = None) -> tuple[str, int]:
    """``st-console fork CAMPAIGN[/SCENE] --at N [--as NEW]``: the fork's name and the length
    of the original scene's journal. The original is opened read-only: untouched.

    Raises:
        BadName: an empty ``new_name`` (``--as ''``: never the default in its place); else as
            :func:`scene_at` and :func:`fork_scene`.
    """
    if new_name is not None and not new_name.strip():
        raise BadName(
            "The fork's name (--as) is empty; give a name, or leave --as out for the default.",
            code="saves.forks.empty-name",
        )
    name, scene, length = scene_at(store, target, at)
    origin = ForkOrigin(name, scene.name, at)
    chosen = default_fork_name(name, at) if new_name is None else new_name
    made = fork_scene(store, origin, scene, chosen)
    return made, length
