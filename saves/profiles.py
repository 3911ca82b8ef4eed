"""The campaign's challenge profiles (issue 29) exported alone, to share, and imported back.

The profiles live in one place: the M.I.S.T. state the campaign carries from scene to scene
(``cast.json``, key ``mist``: :mod:`saves.roster`), so a campaign saved before them has none and
needs no migration. ``st-console export CAMPAIGN --profiles`` writes ``{"schema_version",
"kind": "profiles", "campaign", "profiles": [...]}``; ``import`` of such a file merges them
into a campaign, refusing to overwrite a profile of the same name unless asked to. The file is
untrusted: each profile is decoded with its types and checked (names, tiers) before anything
is written.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import RuleError
from engine.limits import MAX_NAME, MAX_TEXT, bad_character
from engine.mist.state import MistState, Profile
from engine.mist.status import check_tier
from saves.codec import DEFAULT as CODEC
from saves.documents import checked
from saves.errors import BadFile, ImportRefused
from saves.migrations import SCHEMA_VERSION
from saves.storage import read_json
from saves.type_registry import DocumentError

if TYPE_CHECKING:
    from saves.exports import Store

KIND = "profiles"
MAX_PROFILES_BYTES = 8 * 1024 * 1024
"""The largest profiles file ``import`` reads (thousands of profiles fit in far less)."""


def export_profiles(store: Store, name: str) -> dict[str, Any]:
    """The profiles of campaign ``name`` as a document to share (read-only).

    Raises:
        NotFound: no such campaign. BadFile: its cast is bad.
    """
    with store.open_campaign(name, read_only=True) as campaign:
        standing = campaign.mist_cast()
        profiles = standing.profiles if isinstance(standing, MistState) else ()
        return {
            "schema_version": SCHEMA_VERSION,
            "kind": KIND,
            "campaign": campaign.name,
            "profiles": [CODEC.encode(p) for p in profiles],
        }


_KIND_AT_TOP = re.compile(
    rb'^\s*\{\s*(?:"schema_version"\s*:\s*\d+\s*,\s*)?"kind"\s*:\s*"profiles"'
)


def is_profiles_file(path: Path) -> bool:
    """Whether ``path`` is a profiles file: its ``kind`` among its first members, as written
    (only the file's first bytes are read: an export is streamed, never read whole)."""
    try:
        with path.open("rb") as file:
            head = file.read(256)
    except OSError:
        return False
    return _KIND_AT_TOP.match(head) is not None


def _check(profile: Profile, number: int, path: Path) -> Profile:
    texts = [profile.name, *profile.tags, *(limit.kind for limit in profile.limits)]
    texts += [s.name for s in profile.statuses]
    for text in texts:
        if bad_character(text) is not None or len(text) > MAX_NAME or not text.strip():
            raise ImportRefused.of(
                "saves.profiles.bad-name", path, path=path, number=number, name=repr(text[:80])
            )
    for text in (*profile.threats, *profile.consequences, *profile.notes):
        if len(text) > MAX_TEXT:
            raise ImportRefused.of("saves.profiles.text-too-long", path, path=path, number=number)
    try:
        for status in profile.statuses:
            if not status.boxes:
                raise RuleError("mist.status.status-tier", tier=0)
            for box in status.boxes:
                check_tier(box)
        for limit in profile.limits:
            if limit.tier is not None:
                check_tier(limit.tier)
    except RuleError as error:
        raise ImportRefused.of(
            "saves.profiles.refused", path, path=path, number=number, error=error
        ) from None
    return replace(profile, name=profile.name.strip())


def read_profiles(path: Path) -> tuple[Profile, ...]:
    """The profiles of a profiles file, every one checked.

    Raises:
        ImportRefused: too large, not JSON, not a profiles file, or a malformed profile.
    """
    try:
        size = path.stat().st_size
        if size > MAX_PROFILES_BYTES:
            raise ImportRefused.of("saves.profiles.too-large", path, path=path, size=size)
        document = checked(read_json(path), path, KIND)
    except BadFile as error:
        raise ImportRefused(str(error), path, error.code, error.params) from None
    except OSError as error:
        raise ImportRefused.of(
            "saves.exports.unreadable", path, path=path, error=error.strerror or error
        ) from None
    raw = document.get("profiles")
    if not isinstance(raw, list):
        raise ImportRefused.of("saves.profiles.not-list", path, path=path)
    decode = CODEC.decoder(Profile)
    found: list[Profile] = []
    for index, item in enumerate(raw):
        try:
            profile = decode(item)
        except DocumentError as error:
            raise ImportRefused.of(
                "saves.profiles.refused", path, path=path, number=index + 1, error=error
            ) from None
        if not isinstance(profile, Profile):
            raise ImportRefused.of("saves.profiles.not-profile", path, path=path, number=index + 1)
        found.append(_check(profile, index + 1, path))
    keys = [p.name.casefold() for p in found]
    if len(set(keys)) != len(keys):
        raise ImportRefused.of("saves.profiles.name-twice", path, path=path)
    return tuple(found)


def import_profiles(
    store: Store, path: Path, campaign_name: str | None, overwrite: bool
) -> tuple[str, list[str], list[str]]:
    """Merge a profiles file into a campaign (the one it came from unless ``campaign_name``;
    created if missing). Returns the campaign's name, the profiles added and those replaced.

    Raises:
        ImportRefused: a bad file, or a profile of a name the campaign has already (without
            ``overwrite``): nothing is written then.
    """
    from engine.mist.profiles import put

    profiles = read_profiles(path)
    document = read_json(path)
    name = campaign_name or document.get("campaign")
    if not isinstance(name, str) or not name.strip():
        raise ImportRefused.of("saves.profiles.no-campaign", path, path=path)
    name = name.strip()
    if bad_character(name) is not None or len(name) > MAX_NAME:
        raise ImportRefused.of(
            "saves.profiles.bad-campaign-name", path, path=path, name=repr(name[:80])
        )
    if store.find(name) is not None:  # a clash is refused before anything is opened to write
        with store.open_campaign(name, read_only=True) as campaign:  # (issue 30: no backup)
            _clashes(campaign, profiles, overwrite, path)
    with store.open_campaign(name, create=True) as campaign:
        standing, clash = _clashes(campaign, profiles, overwrite, path)
        merged = standing.profiles
        for profile in profiles:
            merged, _ = put(merged, profile)
        campaign.set_mist_cast(replace(standing, profiles=merged))
        have = {p.name.casefold() for p in standing.profiles}
        added = [p.name for p in profiles if p.name.casefold() not in have]
        return campaign.name, added, clash


def _clashes(
    campaign: Any, profiles: tuple[Profile, ...], overwrite: bool, path: Path
) -> tuple[MistState, list[str]]:
    """The campaign's M.I.S.T. cast and the names of ``profiles`` it has already.

    Raises:
        ImportRefused: some, without ``overwrite``.
    """
    standing = campaign.mist_cast()
    if not isinstance(standing, MistState):
        standing = MistState()
    have = {p.name.casefold() for p in standing.profiles}
    clash = [p.name for p in profiles if p.name.casefold() in have]
    if clash and not overwrite:
        names = ", ".join(clash)
        raise ImportRefused(
            f"{path}: {campaign.name} has profiles named {names} already; refused "
            "(--overwrite replaces them).",
            path,
            code="saves.profiles.would-overwrite",
            params={"path": path, "campaign": campaign.name, "names": names},
        )
    return standing, clash
