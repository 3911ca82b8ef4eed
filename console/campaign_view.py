"""The campaign between scenes (issue 25): its cast with their condition, the season and its
missions, and its scenes. ``st-console saves CAMPAIGN [--json]``, the console's campaign
screen and the campaign report all read it from here: a :class:`CampaignView` read once from
the campaign's records, which the text draws and the ``--json`` document is written from
(issue 24 §2: the text does not read the JSON back).

Imports the engine and ``saves`` only, never Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from console.i18n import Translator
from console.scene_text import status_tiers
from engine.ih.cast import Standing, standing, standing_json
from engine.mist.json_view import to_json as mist_json
from engine.mist.state import Character, MistState

if TYPE_CHECKING:
    from saves.campaign import Campaign
    from saves.campaign_index import ForkOrigin


@dataclass(frozen=True, slots=True)
class SceneRow:
    """A scene of the campaign, the mission it belongs to and whether it is over."""

    name: str
    system: str
    mission: str | None
    ended: bool
    open_beside: bool
    """Played beside the current scene by the other half of a split party."""


@dataclass(frozen=True, slots=True)
class MissionRow:
    """A mission of the season, its scenes and whether it is over."""

    name: str
    scenes: tuple[str, ...]
    ended: bool


@dataclass(frozen=True, slots=True)
class CampaignView:
    """The campaign between scenes, read once from its records: what its text and its
    ``--json`` say."""

    name: str
    current_scene: str | None
    scenes: tuple[SceneRow, ...]
    cast: tuple[Standing, ...]
    """Every Infinite Horror PC and ``recurring`` NPC, as the next scene starts with them."""
    season: str | None
    missions: tuple[MissionRow, ...]
    mist: MistState | None
    """The M.I.S.T. cast, mission and case file as the next scene starts with them (``None``
    before any M.I.S.T. scene)."""
    forked_from: ForkOrigin | None


def _counted(t: Translator, what: str, n: int) -> str:
    """``1 clue`` / ``2 clues`` (it said 1 clues); Chinese has one form."""
    return t(f"count.{what}.{'one' if n == 1 else 'other'}", n=n)


def _mission_ended(name: str, mist: Any) -> bool:
    """Whether a mission of the season is over: the current one once ``mission end`` closed
    it, every earlier one (a later mission opened after it)."""
    current = mist.mission if mist is not None else None
    if current is not None and current.name.casefold() == name.casefold():
        return bool(current.ended)
    return True


def campaign_view(campaign: Campaign) -> CampaignView:
    """The campaign's cast, season, missions and scenes, read from its records."""
    mist = campaign.mist_cast()
    missions = campaign.missions()
    mission_of = {scene: m.name for m in missions for scene in m.scenes}
    return CampaignView(
        name=campaign.name,
        current_scene=campaign.current_scene(),
        scenes=tuple(
            SceneRow(
                name=s.name,
                system=s.system,
                mission=mission_of.get(s.name),
                ended=campaign.is_ended(s.name),
                open_beside=campaign.is_open_beside(s.name),
            )
            for s in campaign.scenes()
        ),
        cast=tuple(standing(s) for s in campaign.roster() if s.carries),
        season=campaign.season,
        missions=tuple(
            MissionRow(m.name, tuple(m.scenes), _mission_ended(m.name, mist)) for m in missions
        ),
        mist=mist,
        forked_from=campaign.forked_from,
    )


def campaign_json(campaign: Campaign) -> dict[str, Any]:
    """The campaign's cast, season, missions and scenes (``saves CAMPAIGN --json``).

    ``cast``: every Infinite Horror PC and ``recurring`` NPC with the condition the next scene
    starts from; ``mist``: the M.I.S.T. PCs, the current mission and its case file as the next
    scene starts with them, and the campaign's challenge profiles (``null`` before any M.I.S.T.
    scene)."""
    return view_json(campaign_view(campaign))


def view_json(view: CampaignView) -> dict[str, Any]:
    """:func:`campaign_json` of a view already read."""
    document: dict[str, Any] = {
        "name": view.name,
        "current_scene": view.current_scene,
        "scenes": [
            {
                "name": s.name,
                "system": s.system,
                "mission": s.mission,
                "ended": s.ended,
                "open_beside": s.open_beside,  # a split party's other half
            }
            for s in view.scenes
        ],
        "cast": [standing_json(s) for s in view.cast],
        "season": view.season,
        "missions": [
            {"name": m.name, "scenes": list(m.scenes), "ended": m.ended} for m in view.missions
        ],
        "mist": None,
        "forked_from": None,
    }
    if view.forked_from is not None:  # issue 26
        document["forked_from"] = view.forked_from.document()
    if view.mist is not None:
        full = mist_json(view.mist)
        keys = ("characters", "mission", "case_file", "scene", "profiles")
        document["mist"] = {key: full[key] for key in keys}
    return document


def _ih_line(entry: Standing, t: Translator) -> str:
    sheet, condition = entry.sheet, entry.condition
    side = t("campaign.side-recurring" if sheet.recurring else f"campaign.side-{sheet.side}")
    text = t(
        "campaign.ih-line",
        name=sheet.name,
        side=side,
        health=condition.health,
        health_max=entry.health_max,
        willpower=condition.willpower,
        willpower_max=entry.willpower_max,
    )
    marks = []
    if condition.unconscious:
        marks.append(t("campaign.unconscious"))
    if condition.health < entry.health_max:
        marks.append(t("campaign.hurt"))
    if condition.willpower <= 1:
        marks.append(t("campaign.low-willpower"))
    if condition.impulse_used_movie:
        marks.append(t("campaign.impulse-used"))
    return text + _marks(marks, t)


def _mist_line(person: Character, t: Translator) -> str:
    themes = t("word.list-sep").join(theme.name for theme in person.themes) or "—"
    statuses = t("word.list-sep").join(status_tiers(person.statuses)) or "—"
    text = t(
        "campaign.mist-line",
        name=person.name,
        themes=themes,
        statuses=statuses,
        evolution=person.evolution,
    )
    marks = []
    if any(theme.growth_pending for theme in person.themes):
        marks.append(t("campaign.growth-pending"))
    if person.rebirths_pending:
        marks.append(t("campaign.newborn-owed"))
    return text + _marks(marks, t)


def _marks(marks: list[str], t: Translator) -> str:
    return t("campaign.marks", marks=t("campaign.separator").join(marks)) if marks else ""


def campaign_lines(view: CampaignView, t: Translator) -> list[str]:
    """The campaign's view as lines of text in the table's language."""
    lines = [t("campaign.title", name=view.name)]
    origin = view.forked_from
    if origin is not None:
        told = t(
            "cli.saves.forked-from",
            campaign=origin.campaign,
            scene=origin.scene,
            entry=origin.entry,
        )
        lines.append(told.strip())
    mist = view.mist
    if view.cast or (mist is not None and mist.characters):
        lines.append(t("campaign.cast"))
        lines += ["  " + _ih_line(entry, t) for entry in view.cast]
        if mist is not None:
            lines += ["  " + _mist_line(person, t) for person in mist.characters]
    else:
        lines.append(t("campaign.no-cast"))
    current = mist.mission if mist is not None else None
    if view.season or view.missions or (current is not None and current.name):
        lines.append(t("campaign.season", name=view.season or "—"))
        for mission in view.missions:
            ended = mission.ended
            state = t("campaign.mission-ended" if ended else "campaign.mission-running")
            if not ended and mist is not None and mist.mission.name == mission.name:
                state += t(
                    "campaign.case-file",
                    clues=_counted(t, "clues", len(mist.case_file.clues)),
                    conclusions=_counted(t, "conclusions", len(mist.case_file.conclusions)),
                )
            scenes = t("word.list-sep").join(mission.scenes) or "—"
            lines.append(
                "  " + t("campaign.mission", name=mission.name, state=state, scenes=scenes)
            )
    if mist is not None and mist.profiles:  # issue 29: the challenge profiles prepared
        names = t("campaign.separator").join(p.name for p in mist.profiles)
        lines.append(t("campaign.profiles", names=names))
    lines.append(t("campaign.scenes"))
    for scene in view.scenes:
        mark = t("campaign.current") if scene.name == view.current_scene else ""
        mark += t("campaign.ended") if scene.ended else ""
        mark += t("campaign.open-beside") if scene.open_beside else ""
        lines.append(f"  {scene.name}  [{scene.system}]{mark}")
    if not view.scenes:  # an empty campaign: a dash, not a heading over nothing
        lines.append("  —")
    return lines


def campaign_markdown(view: CampaignView, t: Translator) -> str:
    """The campaign's standing for the end of the campaign report (``export CAMPAIGN --format
    md``): the cast's condition, the season's missions, the scenes; names escaped."""
    from console.report import md

    lines = campaign_lines(view, t)
    out = ["## " + md(lines[0]), ""]
    for line in lines[1:]:
        if line.startswith("  "):
            out.append("- " + md(line.strip()))
        else:
            out += ["", "### " + md(line.rstrip(":：")), ""]
    return "\n".join(out).replace("\n\n\n", "\n\n").rstrip() + "\n"
