"""Upgrades of documents written by older ST Console versions, one schema version at a time.

Schema versions:

1. A whole campaign in one TinyDB file ``campaigns/<name>.json``: a ``campaign`` table with
   the campaign's name and a ``scenes`` table with one document per scene, its whole journal
   inline; the scene's seed was ``seed`` and a journal entry was an untagged object
   ``{"command", "line", "seed", "events"}``.
2. A directory per campaign (an index, a file per scene, sealed journal chunks); a scene's
   seed is ``seed_base``; journal entries are tagged ``engine.session.JournalEntry`` objects
   whose typed line is ``text``. Exports are one ``{"kind": "export"}`` document.
3. A M.I.S.T. scene's interpretations are ``MistState.interpretations`` (the field's name in
   both families, ``Encounter.interpretations``); version 2 called it ``settings``. The
   Infinite Horror commands moved from ``engine.ih.commands`` to its modules ``combat`` and
   ``sheets``, the M.I.S.T. events from ``engine.mist.events`` to ``scene`` and ``campaign``,
   so their ``__type__`` tags name those.

Each migration takes a document of version ``n`` and returns one of version ``n + 1``; they
never touch the file they came from (the caller writes the result elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.codec import DocumentError

SCHEMA_VERSION = 3
"""The version of every document this ST Console writes."""

ENTRY_TAG = "engine.session.JournalEntry"


def _v1_entry(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise DocumentError("a version-1 journal entry must be an object")
    missing = {"command", "line", "seed", "events"} - set(entry)
    if missing:
        raise DocumentError(f"a version-1 journal entry lacks {sorted(missing)[0]!r}")
    return {
        "__type__": ENTRY_TAG,
        "command": entry["command"],
        "text": entry["line"],
        "seed": entry["seed"],
        "events": entry["events"],
    }


def scene_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    """A version-1 scene (inline journal, ``seed``, untagged entries) as a version-2 scene."""
    for key in ("name", "system", "seed", "initial", "state"):
        if key not in document:
            raise DocumentError(f"a version-1 scene lacks {key!r}")
    journal, undone = document.get("journal", []), document.get("undone", [])
    if not isinstance(journal, list) or not isinstance(undone, list):
        raise DocumentError("a version-1 scene's journal and undone must be lists")
    return {
        "schema_version": 2,
        "kind": "scene",
        "name": document["name"],
        "system": document["system"],
        "seed_base": document["seed"],
        "draws": document.get("draws", len(journal)),
        "initial": document["initial"],
        "state": document["state"],
        "journal": [_v1_entry(entry) for entry in journal],
        "undone": [_v1_entry(entry) for entry in undone],
    }


def campaign_v1_to_v2(tables: dict[str, Any]) -> dict[str, Any]:
    """A version-1 campaign file (TinyDB tables) as a version-2 export document."""
    campaign = tables.get("campaign", {})
    scenes = tables.get("scenes", {})
    if not isinstance(campaign, dict) or not isinstance(scenes, dict):
        raise DocumentError("a version-1 campaign needs 'campaign' and 'scenes' tables")
    header = next(iter(campaign.values()), None) if campaign else None
    if not isinstance(header, dict) or not isinstance(header.get("name"), str):
        raise DocumentError("a version-1 campaign needs a name")
    ordered = sorted(scenes.items(), key=lambda item: int(item[0]) if item[0].isdigit() else 0)
    converted = []
    for _, scene in ordered:
        if not isinstance(scene, dict):
            raise DocumentError("a version-1 scene must be an object")
        converted.append(scene_v1_to_v2(scene))
    return {
        "schema_version": 2,
        "kind": "export",
        "campaign": {"name": header["name"], "season": None, "missions": []},
        "scenes": converted,
    }


def is_v1_campaign(data: Any) -> bool:
    """Whether ``data`` is the TinyDB tables of a version-1 campaign file."""
    if not isinstance(data, dict) or "campaign" not in data or "scenes" not in data:
        return False
    campaign = data["campaign"]
    if not isinstance(campaign, dict) or not campaign:
        return False
    header = next(iter(campaign.values()))
    return isinstance(header, dict) and header.get("schema_version") == 1


RENAMED_FIELDS: dict[str, dict[str, str]] = {
    "engine.mist.state.MistState": {"settings": "interpretations"},
}
"""Fields renamed in version 3, by the ``__type__`` of the object holding them: old → new."""

RENAMED_TYPES: dict[str, str] = {
    "engine.ih.commands.Add": "engine.ih.commands.combat.Add",
    "engine.ih.commands.Surprise": "engine.ih.commands.combat.Surprise",
    "engine.ih.commands.Begin": "engine.ih.commands.combat.Begin",
    "engine.ih.commands.Next": "engine.ih.commands.combat.Next",
    "engine.ih.commands.Spend": "engine.ih.commands.combat.Spend",
    "engine.ih.commands.Delay": "engine.ih.commands.combat.Delay",
    "engine.ih.commands.ChangeInitiative": "engine.ih.commands.combat.ChangeInitiative",
    "engine.ih.commands.Swap": "engine.ih.commands.combat.Swap",
    "engine.ih.commands.Remove": "engine.ih.commands.combat.Remove",
    "engine.ih.commands.Hide": "engine.ih.commands.combat.Hide",
    "engine.ih.commands.Reveal": "engine.ih.commands.combat.Reveal",
    "engine.ih.commands.Damage": "engine.ih.commands.combat.Damage",
    "engine.ih.commands.Heal": "engine.ih.commands.combat.Heal",
    "engine.ih.commands.AdjustWillpower": "engine.ih.commands.combat.AdjustWillpower",
    "engine.ih.commands.UseWillpower": "engine.ih.commands.combat.UseWillpower",
    "engine.ih.commands.Defend": "engine.ih.commands.combat.Defend",
    "engine.ih.commands.Attack": "engine.ih.commands.combat.Attack",
    "engine.ih.commands.AddEffect": "engine.ih.commands.combat.AddEffect",
    "engine.ih.commands.EndEffect": "engine.ih.commands.combat.EndEffect",
    "engine.ih.commands.DeclareInterrupt": "engine.ih.commands.combat.DeclareInterrupt",
    "engine.ih.commands.ResolveInterrupt": "engine.ih.commands.combat.ResolveInterrupt",
    "engine.ih.commands.Extra": "engine.ih.commands.combat.Extra",
    "engine.ih.commands.CapFree": "engine.ih.commands.combat.CapFree",
    "engine.ih.commands.Note": "engine.ih.commands.combat.Note",
    "engine.ih.commands.Temporary": "engine.ih.commands.combat.Temporary",
    "engine.ih.commands.SetDefense": "engine.ih.commands.combat.SetDefense",
    "engine.ih.commands.Ability": "engine.ih.commands.combat.Ability",
    "engine.ih.commands.EndScene": "engine.ih.commands.combat.EndScene",
    "engine.ih.commands.EndMovie": "engine.ih.commands.combat.EndMovie",
    "engine.ih.commands.SetSheet": "engine.ih.commands.sheets.SetSheet",
    "engine.ih.commands.DeleteSheet": "engine.ih.commands.sheets.DeleteSheet",
    "engine.ih.commands.SetSpecialty": "engine.ih.commands.sheets.SetSpecialty",
    "engine.ih.commands.SetFeat": "engine.ih.commands.sheets.SetFeat",
    "engine.ih.commands.SetLanguage": "engine.ih.commands.sheets.SetLanguage",
    "engine.ih.commands.AddFromSheet": "engine.ih.commands.sheets.AddFromSheet",
    "engine.ih.commands.Check": "engine.ih.commands.sheets.Check",
    "engine.ih.commands.StartExtended": "engine.ih.commands.sheets.StartExtended",
    "engine.ih.commands.RollExtended": "engine.ih.commands.sheets.RollExtended",
    "engine.ih.commands.LoseExtended": "engine.ih.commands.sheets.LoseExtended",
    "engine.ih.commands.DropExtended": "engine.ih.commands.sheets.DropExtended",
    "engine.mist.events.CharacterAdded": "engine.mist.events.scene.CharacterAdded",
    "engine.mist.events.ChallengeAdded": "engine.mist.events.scene.ChallengeAdded",
    "engine.mist.events.ChallengeHidden": "engine.mist.events.scene.ChallengeHidden",
    "engine.mist.events.ChallengeRevealed": "engine.mist.events.scene.ChallengeRevealed",
    "engine.mist.events.LimitsHidden": "engine.mist.events.scene.LimitsHidden",
    "engine.mist.events.LimitsRevealed": "engine.mist.events.scene.LimitsRevealed",
    "engine.mist.events.LimitSet": "engine.mist.events.scene.LimitSet",
    "engine.mist.events.NoteAdded": "engine.mist.events.scene.NoteAdded",
    "engine.mist.events.ThemeAdded": "engine.mist.events.scene.ThemeAdded",
    "engine.mist.events.StatusTaken": "engine.mist.events.scene.StatusTaken",
    "engine.mist.events.StatusReduced": "engine.mist.events.scene.StatusReduced",
    "engine.mist.events.CharacterTransformed": "engine.mist.events.scene.CharacterTransformed",
    "engine.mist.events.ChallengeOvercome": "engine.mist.events.scene.ChallengeOvercome",
    "engine.mist.events.StoryTagAdded": "engine.mist.events.scene.StoryTagAdded",
    "engine.mist.events.StoryTagRemoved": "engine.mist.events.scene.StoryTagRemoved",
    "engine.mist.events.TagBurned": "engine.mist.events.scene.TagBurned",
    "engine.mist.events.TagRestored": "engine.mist.events.scene.TagRestored",
    "engine.mist.events.PhaseChanged": "engine.mist.events.scene.PhaseChanged",
    "engine.mist.events.SceneResolved": "engine.mist.events.scene.SceneResolved",
    "engine.mist.events.SceneEnded": "engine.mist.events.scene.SceneEnded",
    "engine.mist.events.ThreatPresented": "engine.mist.events.scene.ThreatPresented",
    "engine.mist.events.ThreatResolved": "engine.mist.events.scene.ThreatResolved",
    "engine.mist.events.ActionRolled": "engine.mist.events.scene.ActionRolled",
    "engine.mist.events.EffectSpent": "engine.mist.events.scene.EffectSpent",
    "engine.mist.events.ConsequencePending": "engine.mist.events.scene.ConsequencePending",
    "engine.mist.events.ConsequenceDelivered": "engine.mist.events.scene.ConsequenceDelivered",
    "engine.mist.events.ConsequencesOwed": "engine.mist.events.scene.ConsequencesOwed",
    "engine.mist.events.Mitigated": "engine.mist.events.scene.Mitigated",
    "engine.mist.events.SettingChanged": "engine.mist.events.scene.SettingChanged",
    "engine.mist.events.Marked": "engine.mist.events.campaign.Marked",
    "engine.mist.events.GrowthPending": "engine.mist.events.campaign.GrowthPending",
    "engine.mist.events.GrowthTaken": "engine.mist.events.campaign.GrowthTaken",
    "engine.mist.events.ThemeLost": "engine.mist.events.campaign.ThemeLost",
    "engine.mist.events.ThemeReborn": "engine.mist.events.campaign.ThemeReborn",
    "engine.mist.events.RetirementOffered": "engine.mist.events.campaign.RetirementOffered",
    "engine.mist.events.Retired": "engine.mist.events.campaign.Retired",
    "engine.mist.events.Immersed": "engine.mist.events.campaign.Immersed",
    "engine.mist.events.ClueAdded": "engine.mist.events.campaign.ClueAdded",
    "engine.mist.events.ConclusionAdded": "engine.mist.events.campaign.ConclusionAdded",
    "engine.mist.events.ComplexitySet": "engine.mist.events.campaign.ComplexitySet",
    "engine.mist.events.CaseRolled": "engine.mist.events.campaign.CaseRolled",
    "engine.mist.events.CaseFileOpened": "engine.mist.events.campaign.CaseFileOpened",
    "engine.mist.events.CaseFileClosed": "engine.mist.events.campaign.CaseFileClosed",
    "engine.mist.events.CaseFileWarning": "engine.mist.events.campaign.CaseFileWarning",
    "engine.mist.events.QuestionAdded": "engine.mist.events.campaign.QuestionAdded",
    "engine.mist.events.QuestionAnswered": "engine.mist.events.campaign.QuestionAnswered",
    "engine.mist.events.SeasonStarted": "engine.mist.events.campaign.SeasonStarted",
    "engine.mist.events.MissionStarted": "engine.mist.events.campaign.MissionStarted",
    "engine.mist.events.CutIn": "engine.mist.events.campaign.CutIn",
    "engine.mist.events.AnomalySuppressed": "engine.mist.events.campaign.AnomalySuppressed",
    "engine.mist.events.MissionEnded": "engine.mist.events.campaign.MissionEnded",
}
"""``__type__`` tags of version 2 and the tags of the same classes in version 3."""


def _renamed(value: Any) -> Any:
    """``value`` with the fields of :data:`RENAMED_FIELDS` and the tags of
    :data:`RENAMED_TYPES` renamed, all the way down."""
    if type(value) is list:
        return [_renamed(item) for item in value]
    if type(value) is not dict:
        return value
    tag = value.get("__type__")
    if type(tag) is not str:
        return {key: _renamed(item) for key, item in value.items()}
    renames = RENAMED_FIELDS.get(tag, {})
    renamed = {renames.get(key, key): _renamed(item) for key, item in value.items()}
    renamed["__type__"] = RENAMED_TYPES.get(tag, tag)
    return renamed


def any_v2_to_v3(document: dict[str, Any]) -> dict[str, Any]:
    """A version-2 document of any kind as version 3: a M.I.S.T. state's ``settings`` are its
    ``interpretations`` and a moved class's tag names its module (in a state, an
    initial state, a journal, checkpoints, wherever it is nested)."""
    upgraded: dict[str, Any] = _renamed(document)
    upgraded["schema_version"] = 3
    return upgraded


_STEPS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("scene", 1): scene_v1_to_v2,
}
_EVERY_KIND: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {2: any_v2_to_v3}
"""Steps that apply to a document of any kind (a campaign, a scene, a journal chunk...)."""


def upgrade(document: dict[str, Any], kind: str) -> dict[str, Any]:
    """Bring a document of ``kind`` up to :data:`SCHEMA_VERSION`, step by step.

    Raises:
        DocumentError: no migration from its version, or the old document is malformed.
    """
    version = document.get("schema_version")
    while isinstance(version, int) and version < SCHEMA_VERSION:
        step = _STEPS.get((kind, version)) or _EVERY_KIND.get(version)
        if step is None:
            raise DocumentError(f"no migration of a {kind} from schema version {version}")
        document = step(document)
        version = document.get("schema_version")
    return document
