"""The campaign between scenes (issue 25): its cast with their condition, the season and its
missions, and its scenes. ``st-console saves CAMPAIGN [--json]``, the console's campaign
screen and the campaign report all read it from here.

Imports the engine and ``saves`` only, never Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.i18n import Translator
from engine.ih.cast import roster_json
from engine.mist.json_view import to_json as mist_json

if TYPE_CHECKING:
    from saves.campaign import Campaign


def _mission_ended(name: str, mist: Any) -> bool:
    """Whether a mission of the season is over: the current one once ``mission end`` closed
    it, every earlier one (a later mission opened after it)."""
    current = mist.mission if mist is not None else None
    if current is not None and current.name.casefold() == name.casefold():
        return bool(current.ended)
    return True


def campaign_json(campaign: Campaign) -> dict[str, Any]:
    """The campaign's cast, season, missions and scenes (``saves CAMPAIGN --json``).

    ``cast``: every Infinite Horror PC and ``recurring`` NPC with the condition the next scene
    starts from; ``mist``: the M.I.S.T. PCs, the current mission and its case file as the next
    scene starts with them, and the campaign's challenge profiles (``null`` before any M.I.S.T.
    scene)."""
    mist = campaign.mist_cast()
    missions = campaign.missions()
    mission_of = {scene: m.name for m in missions for scene in m.scenes}
    view: dict[str, Any] = {
        "name": campaign.name,
        "current_scene": campaign.current_scene(),
        "scenes": [
            {
                "name": s.name,
                "system": s.system,
                "mission": mission_of.get(s.name),
                "ended": campaign.is_ended(s.name),
                "open_beside": campaign.is_open_beside(s.name),  # a split party's other half
            }
            for s in campaign.scenes()
        ],
        "cast": [roster_json(s) for s in campaign.roster() if s.carries],
        "season": campaign.season,
        "missions": [
            {"name": m.name, "scenes": list(m.scenes), "ended": _mission_ended(m.name, mist)}
            for m in missions
        ],
        "mist": None,
        "forked_from": None,
    }
    origin = campaign.forked_from
    if origin is not None:  # issue 26
        view["forked_from"] = origin.document()
    if mist is not None:
        full = mist_json(mist)
        keys = ("characters", "mission", "case_file", "scene", "profiles")
        view["mist"] = {key: full[key] for key in keys}
    return view


def _ih_line(entry: dict[str, Any], t: Translator) -> str:
    condition = entry["condition"]
    side = t("campaign.side-recurring") if entry["recurring"] else entry["side"]
    text = t(
        "campaign.ih-line",
        name=entry["name"],
        side=side,
        health=condition["health"],
        health_max=entry["health_max"],
        willpower=condition["willpower"],
        willpower_max=entry["willpower_max"],
    )
    marks = []
    if condition["unconscious"]:
        marks.append(t("campaign.unconscious"))
    if condition["health"] < entry["health_max"]:
        marks.append(t("campaign.hurt"))
    if condition["willpower"] <= 1:
        marks.append(t("campaign.low-willpower"))
    if condition["uses"]["impulse"]:
        marks.append(t("campaign.impulse-used"))
    return text + _marks(marks, t)


def _mist_line(person: dict[str, Any], t: Translator) -> str:
    themes = t("word.list-sep").join(theme["name"] for theme in person["themes"]) or "—"
    statuses = (
        t("word.list-sep").join(f"{n}-{s['tier']}" for n, s in person["statuses"].items()) or "—"
    )
    text = t(
        "campaign.mist-line",
        name=person["name"],
        themes=themes,
        statuses=statuses,
        evolution=person["evolution"],
    )
    marks = []
    if any(theme["growth_pending"] for theme in person["themes"]):
        marks.append(t("campaign.growth-pending"))
    if person["rebirths_pending"]:
        marks.append(t("campaign.newborn-owed"))
    return text + _marks(marks, t)


def _marks(marks: list[str], t: Translator) -> str:
    return t("campaign.marks", marks=t("campaign.separator").join(marks)) if marks else ""


def campaign_lines(view: dict[str, Any], t: Translator) -> list[str]:
    """``campaign_json``'s view as lines of text in the table's language."""
    lines = [t("campaign.title", name=view["name"])]
    origin = view.get("forked_from")
    if origin:
        lines.append(t("cli.saves.forked-from", **origin).strip())
    mist = view["mist"]
    if view["cast"] or (mist and mist["characters"]):
        lines.append(t("campaign.cast"))
        lines += ["  " + _ih_line(entry, t) for entry in view["cast"]]
        if mist:
            lines += ["  " + _mist_line(person, t) for person in mist["characters"]]
    else:
        lines.append(t("campaign.no-cast"))
    if view["season"] or view["missions"] or (mist and mist["mission"]["name"]):
        lines.append(t("campaign.season", name=view["season"] or "—"))
        current = mist["mission"] if mist else None
        for mission in view["missions"]:
            ended = mission["ended"]
            state = t("campaign.mission-ended" if ended else "campaign.mission-running")
            if not ended and current is not None and current["name"] == mission["name"]:
                case = mist["case_file"] if mist else {}
                state += t(
                    "campaign.case-file",
                    clues=len(case.get("clues", [])),
                    conclusions=len(case.get("conclusions", [])),
                )
            scenes = t("word.list-sep").join(mission["scenes"]) or "—"
            lines.append(
                "  " + t("campaign.mission", name=mission["name"], state=state, scenes=scenes)
            )
    if mist and mist["profiles"]:  # issue 29: the challenge profiles prepared
        names = t("campaign.separator").join(p["name"] for p in mist["profiles"])
        lines.append(t("campaign.profiles", names=names))
    lines.append(t("campaign.scenes"))
    for scene in view["scenes"]:
        mark = t("campaign.current") if scene["name"] == view["current_scene"] else ""
        mark += t("campaign.ended") if scene["ended"] else ""
        mark += t("campaign.open-beside") if scene.get("open_beside") else ""
        lines.append(f"  {scene['name']}  [{scene['system']}]{mark}")
    return lines


def campaign_markdown(view: dict[str, Any], t: Translator) -> str:
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
