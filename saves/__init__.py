"""Campaigns and scenes on disk, in TinyDB, safe against crashes, bad files and two consoles.

The API the console and the command line use::

    from saves import open_store
    store = open_store(save_dir)                   # None: the user's data directory
    store.list_campaigns()                         # -> (CampaignInfo(name, directory, scenes,
                                                   #      holder, problem), ...)
    store.last_opened() / store.set_last_opened(campaign, scene)
    campaign = store.open_campaign(name, read_only=False, create=False)
                                                   # LockHeld names the other holder
    campaign.scene_names(); campaign.scenes()      # SceneInfo(name, system, id)
    scene = campaign.load_scene(name)              # engine.session.Scene, journal and redo stack
    campaign.save_scene(scene)                     # the autosave: fast, thread-safe
    campaign.create_scene(scene); campaign.save_scene_as(scene, new_name)
    campaign.rename_scene(old, new); campaign.duplicate_scene(name, new);
    campaign.delete_scene(name)
    campaign.current_scene() / set_current_scene(name); season / set_season; missions();
    set_mission(scene, mission)
    campaign.backup(); campaign.close()            # or ``with store.open_campaign(...) as c:``
    store.backups(name); store.newest_good_backup(name); store.open_backup(name) (read-only);
    store.restore_backup(name)                     # the broken files are moved aside, kept
    export_document(store, "Campaign/Scene"); import_file(store, path)

The Markdown session report is text, made by the console in the reader's language
(``console/report.py``).

Every failure is a :class:`SaveError` whose message names the file and the problem: BadFile
(corrupt, truncated, hand-edited; never overwritten), NewerVersion, LockHeld, ReadOnly,
NotFound, NameTaken, BadName, ImportRefused.
"""

from __future__ import annotations

from saves.backups import Backup
from saves.campaign import Campaign
from saves.campaign_index import Mission, SceneInfo
from saves.errors import (
    BadFile,
    BadName,
    ImportRefused,
    LockHeld,
    NameTaken,
    NewerVersion,
    NotFound,
    ReadOnly,
    SaveError,
)
from saves.exports import export_document, load_scenes
from saves.imports import import_file
from saves.migrations import SCHEMA_VERSION
from saves.sealdice_log import LogLine, sealdice_log
from saves.store import CampaignInfo, Store, default_save_dir, open_store

__all__ = [
    "SCHEMA_VERSION",
    "Backup",
    "BadFile",
    "BadName",
    "Campaign",
    "CampaignInfo",
    "ImportRefused",
    "LockHeld",
    "LogLine",
    "Mission",
    "NameTaken",
    "NewerVersion",
    "NotFound",
    "ReadOnly",
    "SaveError",
    "SceneInfo",
    "Store",
    "default_save_dir",
    "export_document",
    "import_file",
    "load_scenes",
    "open_store",
    "sealdice_log",
]
