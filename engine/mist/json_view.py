"""The ``run --json`` view of a M.I.S.T. scene (INTERFACE.md §2), keys added, none renamed."""

from __future__ import annotations

from typing import Any

from engine.mist.casefile import can_roll
from engine.mist.state import (
    Challenge,
    Character,
    MistState,
    Profile,
    Status,
    Tag,
    TagKind,
    Theme,
)


def _statuses(statuses: tuple[Status, ...]) -> dict[str, Any]:
    return {s.name: {"tier": s.tier, "boxes": list(s.boxes)} for s in statuses}


def _tags(tags: tuple[Tag, ...]) -> list[dict[str, Any]]:
    """Each tag; ``weakness`` tells a weakness tag (a threat's ``[/w …]`` markup puts one among
    a character's story tags, INTERFACE.md §3) from the others."""
    return [
        {"name": t.name, "burned": t.burned, "weakness": t.kind is TagKind.WEAKNESS} for t in tags
    ]


def _story_tags(tags: tuple[Tag, ...]) -> list[dict[str, Any]]:
    """Story tags with how long each lasts (issue 29 §4): ``scope`` scene, challenge or
    character, ``until`` the challenge a challenge-scoped one goes with."""
    return [
        {
            "name": t.name,
            "burned": t.burned,
            "weakness": t.kind is TagKind.WEAKNESS,
            "scope": t.scope.value,
            "until": t.until,
        }
        for t in tags
    ]


def _theme(theme: Theme) -> dict[str, Any]:
    return {
        "name": theme.name,
        "type": theme.type.value,
        "theme_tag_burned": theme.theme_tag_burned,
        "power_tags": _tags(theme.power_tags),
        "weaknesses": [t.name for t in theme.weaknesses],
        "motive": theme.motive,
        theme.growth_track.value: theme.growth_marks,
        theme.loss_track.value: theme.loss_marks,
        "growths": theme.growths,
        "growth_pending": theme.growth_pending,
        "newborn": theme.newborn,
    }


def _character(person: Character) -> dict[str, Any]:
    return {
        "name": person.name,
        "statuses": _statuses(person.statuses),
        "themes": [_theme(t) for t in person.themes],
        "story_tags": _story_tags(person.story_tags),
        "evolution": person.evolution,
        "scars": list(person.scars),
        "lost_themes": [t.name for t in person.lost_themes],
        "rebirths_pending": [t.value for t in person.rebirths_pending],
        "transformed": person.transformed,
        "retirement_offered": person.retirement_offered,
        "retired": person.retired.value if person.retired else None,
        "notes": list(person.notes),
    }


def _challenge(found: Challenge) -> dict[str, Any]:
    return {
        "name": found.name,
        "limits": {
            limit.kind: limit.tier if limit.tier is not None else "immune" for limit in found.limits
        },
        "overcome": found.overcome,
        "statuses": _statuses(found.statuses),
        "story_tags": _story_tags(found.story_tags),
        "notes": list(found.notes),
        "hidden": found.hidden,
        "limits_shown": found.limits_shown,
        "profile": found.profile,
    }


def _profile(found: Profile) -> dict[str, Any]:
    """A challenge profile (issue 29): its limits as a challenge's, its texts in markup."""
    return {
        "name": found.name,
        "limits": {
            limit.kind: limit.tier if limit.tier is not None else "immune" for limit in found.limits
        },
        "tags": list(found.tags),
        "statuses": _statuses(found.statuses),
        "threats": list(found.threats),
        "consequences": list(found.consequences),
        "notes": list(found.notes),
    }


def to_json(state: MistState) -> dict[str, Any]:
    """The scene as INTERFACE.md §2 prints it (plus more keys)."""
    case = state.case_file
    last = state.actions[-1] if state.actions else None
    return {
        "family": "mist",
        "phase": state.phase.value,
        "characters": [_character(p) for p in state.characters],
        "challenges": [_challenge(c) for c in state.challenges],
        "case_file": {
            "complexity": case.complexity,
            "clues": [
                {
                    "id": c.id,
                    "text": c.text,
                    "scene": c.scene,
                    "found_by": list(c.found_by),
                    "from_conclusion": c.from_conclusion,
                    "refutes": c.refutes,
                    "hidden": c.hidden,
                }
                for c in case.clues
            ],
            "conclusions": [
                {
                    "id": k.id,
                    "text": k.text,
                    "supports": list(k.supports),
                    "contradicts": list(k.contradicts),
                    "power": k.power,
                    "can_roll": can_roll(
                        case, k, state.interpretations.refuted_conclusion_restated
                    ),
                    "result": k.result.value if k.result else None,
                    "mode": k.mode,
                    "total": k.total,
                    "refuted": k.refuted,
                    "refuted_by": k.refuted_by,
                }
                for k in case.conclusions
            ],
            "questions": [
                {"id": q.id, "text": q.text, "answer": q.answer, "hidden": q.hidden}
                for q in case.questions
            ],
            "properties": [
                {"id": p.id, "text": p.text, "conclusion": p.conclusion} for p in case.properties
            ],
            "opportunities": [
                {"id": o.id, "text": o.text, "conclusion": o.conclusion} for o in case.opportunities
            ],
            "open": case.open,
            "tested": case.tested,
        },
        "scene": {
            "number": state.scene.number,
            "name": state.scene.name,
            "cycle": state.scene.cycle,
            "story_tags": _story_tags(state.scene.story_tags),
        },
        "threats": [
            {"id": t.id, "text": t.text, "challenge": t.challenge, "resolved": t.resolved}
            for t in state.threats
        ],
        "action": None
        if last is None
        else {
            "id": last.id,
            "actor": last.actor,
            "power": last.power,
            "outcome": last.outcome.value,
            "total": last.total,
            "left": last.left,
        },
        "consequences": [
            {
                "id": x.id,
                "text": x.text,
                "target": x.target,
                "status": x.status,
                "tier": x.tier,
                "source": x.source,
                "delivered": x.delivered,
                "mitigated": x.mitigated,
            }
            for x in state.consequences
        ],
        "owed": list(state.owed),
        "mission": {
            "season": state.mission.season,
            "name": state.mission.name,
            "number": state.mission.number,
            "anomaly": state.mission.anomaly,
            "cut_in": state.mission.cut_in,
            "suppressed": state.mission.suppressed,
            "ended": state.mission.ended,
        },
        "profiles": [_profile(p) for p in state.profiles],
    }
