"""The scene's board as a chat line (``Y``, issue 28): the initiative order with the round and the
current actor (Infinite Horror), or the M.I.S.T. scene's challenges and statuses, as the players
may see them (what is hidden is dropped by the players' view's own filters, ``console/player/``).
Plain strings, no Rich markup, no Textual; the rolls' lines are ``console/chat_text.py``'s.
"""

from __future__ import annotations

from typing import Any

from console.i18n import Translator
from console.player.ih_text import current_actor, marks, visible
from console.player.mist_text import visible_challenges
from engine.ih.encounter import Encounter
from engine.mist.state import MistState


def order_text(t: Translator, state: Encounter) -> str:
    """The initiative order as the players may see it, with the round and whose turn it is."""
    if state.phase.value == "setup":
        where = t("player.ih.setup")
    elif state.phase.value == "surprise":
        where = t("player.ih.surprise")
    else:
        where = t("player.ih.round", round=state.round)
    actor = current_actor(state)
    lines = [t("chat.order-title", where=where, actor=actor.name if actor else "—")]
    for number, combatant in enumerate(visible(state), start=1):
        mark = "▶" if actor is not None and combatant.name == actor.name else " "
        score = t("word.parenthesised", text=combatant.initiative)  # （15） in Chinese
        state_words = marks(t, combatant, state).plain  # acted, delaying, joining, down
        line = f"{mark} {number}. {combatant.name}" + ("" if t.is_chinese else " ") + score
        lines.append(line + (" " + state_words if state_words else ""))
    if len(lines) == 1:
        lines.append(t("player.ih.empty"))
    return "\n".join(lines)


def _statuses(t: Translator, items: Any) -> str:
    return t("word.list-sep").join(f"{status.name}-{status.tier}" for status in items)


def mist_board_text(t: Translator, state: MistState) -> str:
    """The scene's visible challenges and everyone's statuses, nothing hidden (as the players'
    view shows them: a hidden challenge, limits not yet revealed and the ST's notes are left
    out)."""
    phase = t(f"mist.phase.{state.phase.value}")
    lines = [t("chat.mist-title", phase=phase, cycle=state.scene.cycle)]
    if state.scene.story_tags:
        tags = t("word.list-sep").join(tag.name for tag in state.scene.story_tags if not tag.burned)
        lines.append(t("player.mist.scene-tags") + tags)
    lines.append(t("chat.challenges"))
    challenges = visible_challenges(state)
    for challenge in challenges:
        line = "· " + challenge.name
        if challenge.overcome:
            line += " " + t("player.mist.overcome")
        if challenge.statuses:
            line += t("word.colon") + _statuses(t, challenge.statuses)
        if challenge.limits_shown and challenge.limits:
            immune = t("player.mist.immune")
            limits = t("word.list-sep").join(
                f"{limit.kind} {limit.tier if limit.tier is not None else immune}"
                for limit in challenge.limits
            )
            line += "  " + t("player.mist.limits") + limits
        lines.append(line)
    if not challenges:
        lines.append("· " + t("player.mist.none"))
    lines.append(t("chat.statuses"))
    people = [c for c in state.characters if c.statuses]
    for character in people:
        lines.append("· " + character.name + t("word.colon") + _statuses(t, character.statuses))
    if not people:
        lines.append("· " + t("player.mist.none"))
    return "\n".join(lines)


def board_text(t: Translator, state: Any) -> str:
    """:func:`order_text` of an Infinite Horror scene, :func:`mist_board_text` of a M.I.S.T. one."""
    if isinstance(state, MistState):
        return mist_board_text(t, state)
    return order_text(t, state)
