"""The text of the M.I.S.T. scene loop and story line, and the pieces every M.I.S.T. text uses
(a status's boxes, tags, the outcome bands' styles) — STYLE.md: results are data, text is here.

The characters' text is in ``character_text.py``, the case file's in ``case_text.py``, a roll's
breakdown and odds in ``roll_text.py``. Each function takes engine values
(``engine/mist/state.py``, events, odds) and a :class:`~console.i18n.Translator` and returns Rich
text; nothing here changes a state. Names of tags and statuses are aligned by terminal cells
(``rich.cells.cell_len``) so CJK names line up.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from console.i18n import Translator, fit
from engine.mist.growth import CONTROLLED
from engine.mist.markup import ChipKind, pieces
from engine.mist.state import (
    Challenge,
    Consequence,
    MistState,
    Phase,
    Profile,
    Status,
    Tag,
    TagScope,
    Threat,
)

BOX_ON, BOX_OFF = "■", "□"
PHASES: tuple[Phase, ...] = (Phase.ESTABLISH, Phase.ACTION, Phase.CONSEQUENCE)
BAND_STYLES = {"fail": "bold red", "mixed": "bold yellow", "success": "bold green"}
NAME_WIDTH = 18
LANDED_STYLES = {"mitigated": "green", "delivered": "dim", "pending": "bold yellow"}
"""How a consequence's state is shown (RULES.md §4.3, §4.6)."""


def boxes(status: Status) -> Text:
    """The six boxes of a status, marked ones filled: ``[■ ■ □ ■ □ □]`` (RULES.md §4.1)."""
    text = Text("[")
    for box in range(1, 7):
        if box > 1:
            text.append(" ")
        marked = box in status.boxes
        text.append(BOX_ON if marked else BOX_OFF, style="bold" if marked else "dim")
    text.append("]")
    return text


def status_line(
    status: Status,
    limit: int | None = None,
    *,
    width: int = NAME_WIDTH,
    t: Translator | None = None,
) -> Text:
    """``[■ ■ □ ■ □ □] harmed 4/4``: boxes, name, tier (over the limit when there is one).

    The status the engine names itself, Controlled (§4.8), is shown in ``t``'s language; the
    command line still calls it "Controlled".
    """
    text = boxes(status)
    reached = limit is not None and status.tier >= limit
    name = status.name
    if t is not None and name == CONTROLLED:
        name = t("mist.status.controlled")
    text.append(" " + fit(name, width), style="bold red" if reached else "bold")
    text.append(f" {status.tier}" + (f"/{limit}" if limit is not None else ""))
    return text


def phase_stepper(t: Translator, phase: Phase, cycle: int, width: int | None = None) -> Text:
    """The three phases of the loop with the current one lit (RULES.md §4.6).

    When the whole line is wider than ``width`` the other phases show their number only
    (``1 ─▶ 2 Action ─▶ 3``), so the stepper stays on one line in an 80-column terminal.
    """
    for short in (False, True):
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, step in enumerate(PHASES, 1):
            if number > 1:
                text.append(" ─▶ ", style="dim")
            name = "" if short and step is not phase else " " + t(f"mist.phase.{step.value}")
            text.append(f" {number}{name} ", style="bold reverse" if step is phase else "dim")
        text.append("  " + t("mist.loop.cycle", cycle=cycle), style="dim")
        if width is None or text.cell_len <= width:
            break
    return text


def phase_hint(t: Translator, phase: Phase) -> Text:
    """What the MC does in the current phase."""
    return Text(t(f"mist.phase.hint.{phase.value}"), style="italic")


def tag_text(tag: Tag) -> Text:
    """A tag, struck through when burned (RULES.md §4.1)."""
    return Text(tag.name, style="strike dim" if tag.burned else "")


CHIP_STYLES = {
    ChipKind.TAG: "bold black on cyan",
    ChipKind.STATUS: "bold black on yellow",
    ChipKind.WEAKNESS: "bold white on dark_red",
}
"""How markup chips are shown (issue 29): a story tag, a status, a weakness tag."""


def marked_text(t: Translator, text: str, style: str = "") -> Text:
    """``text`` with its markup (``[thick fog]``, ``[bitten-3]``, ``[/w afraid of light]``,
    ``[受伤-2]``) shown as chips in ``t``'s language; the rest keeps ``style``."""
    out = Text()
    for piece in pieces(text):
        if isinstance(piece, str):
            out.append(piece, style=style)
            continue
        label = t(f"mist.chip.{piece.kind.value}", name=piece.name, tier=piece.tier)
        out.append(f" {label} ", style=CHIP_STYLES[piece.kind])
    return out


def profiles_text(
    t: Translator, profiles: Iterable[Profile], typed: str = "", most: int = 4
) -> Text:
    """The campaign's challenge profiles whose names hold ``typed`` (any case), at most
    ``most`` of them, each with its limits, tags and threats as chips (issue 29)."""
    key = typed.strip().casefold()
    found = [p for p in profiles if key in p.name.casefold()]
    out = Text()
    if not found:
        out.append(t("mist.profiles.none-match", typed=typed), style="dim")
        return out
    for index, profile in enumerate(found[:most]):
        if index:
            out.append("\n")
        out.append("◆ " + profile.name, style="bold")
        shown = [
            f"{limit.kind} {t('mist.limit.immune') if limit.tier is None else limit.tier}"
            for limit in profile.limits
        ]
        if shown:
            out.append("  " + t("word.list-sep").join(shown), style="dim")
        for tag in profile.tags:
            out.append(" ")
            out.append(f" {tag} ", style=CHIP_STYLES[ChipKind.TAG])
        for threat in profile.threats:
            out.append("\n  ")
            out.append_text(marked_text(t, threat))
    if len(found) > most:
        out.append("\n" + t("mist.profiles.more", count=len(found) - most), style="dim")
    return out


def tags_text(tags: Iterable[Tag], t: Translator | None = None, owner: str | None = None) -> Text:
    """Tags separated by commas (with ``t``, as its language separates a list: 、 in Chinese); with
    ``t``, a story tag that outlasts the scene says so (issue 29 §4): "(with Fog)" for one scoped
    to a challenge other than its ``owner``, "(kept)" for one scoped to its character."""
    shown: list[Text] = []
    for tag in tags:
        line = tag_text(tag)
        if t is not None and tag.scope is TagScope.CHALLENGE and tag.until != owner:
            line.append(" " + t("mist.tags.scope-challenge", name=tag.until or ""), "dim")
        elif t is not None and tag.scope is TagScope.CHARACTER:
            line.append(" " + t("mist.tags.scope-character"), "dim")
        shown.append(line)
    return Text(", " if t is None else t("word.list-sep")).join(shown)


def challenge_lines(t: Translator, challenge: Challenge, width: int | None = None) -> list[Text]:
    """A challenge: name, overcome mark, each limit with its status boxes, tags and notes.

    In a pane ``width`` cells wide the limits' names are cut to fit, so ``2/4`` stays on its
    line at 80×24 (indent, boxes and ``免疫`` or `` 2/4`` take 21 cells)."""
    name_width = NAME_WIDTH if width is None else max(4, min(NAME_WIDTH, width - 21))
    head = Text("◆ ", style="magenta")
    head.append(challenge.name, style="bold strike" if challenge.overcome else "bold")
    if challenge.overcome:
        head.append("  " + t("mist.challenge.overcome", kind=challenge.overcome_by or ""), "green")
    if challenge.hidden:
        head.append("  " + t("marker.hidden"), "italic red")
    lines = [head]
    kinds = {limit.kind.casefold() for limit in challenge.limits}
    for limit in challenge.limits:
        found = next(
            (s for s in challenge.statuses if s.name.casefold() == limit.kind.casefold()), None
        )
        shown = found or Status(limit.kind, ())
        if limit.tier is None:
            line = Text("  ") + boxes(shown)
            line.append(" " + fit(limit.kind, name_width) + " " + t("mist.limit.immune"), "dim")
        else:
            line = Text("  ") + status_line(shown, limit.tier, width=name_width)
        lines.append(line)
    for status in challenge.statuses:
        if status.name.casefold() not in kinds:
            lines.append(Text("  ") + status_line(status, width=name_width))
    if challenge.story_tags:
        lines.append(
            Text("  " + t("mist.tags") + t.colon, style="dim")
            + tags_text(challenge.story_tags, t, challenge.name)
        )
    for note in challenge.notes:
        lines.append(Text("  · " + note, style="italic dim"))
    return lines


def consequence_text(t: Translator, item: Consequence) -> Text:
    """A consequence: id, what it does and whether it landed (RULES.md §4.6, §4.3)."""
    text = Text(f"{item.id} ", style="bold")
    if item.target and item.status:
        text.append(
            t("mist.consequence.status", target=item.target, status=item.status, tier=item.tier)
        )
    if item.text:
        text.append(" — " if item.status else "", style="italic")
        text.append_text(marked_text(t, item.text, "italic"))
    if item.source:  # （t1） in Chinese; the space lets a narrow pane wrap before it
        text.append(" " + t("word.parenthesised", text=item.source), style="dim")
    landed = "mitigated" if item.mitigated else "delivered" if item.delivered else "pending"
    text.append("  " + t(f"mist.consequence.{landed}"), style=LANDED_STYLES[landed])
    return text


def scene_loop_lines(
    t: Translator, state: MistState, width: int | None = None, *, hint: bool = True
) -> list[Text]:
    """The scene-loop pane: stepper, hint, challenges, threats, scene tags, consequences.

    In the Consequence phase the consequences come first, right under the hint: they are what
    the MC delivers or the players mitigate now, and must not hide below the fold. Without
    ``hint`` (a short terminal) the phase's three-line hint makes room for the challenges.
    """
    stepper = phase_stepper(t, state.phase, state.scene.cycle, width)
    lines = [stepper, phase_hint(t, state.phase), Text()] if hint else [stepper]
    if state.phase is Phase.CONSEQUENCE:
        lines += consequence_lines(t, state) + [Text()]
    lines.append(Text(t("mist.challenges"), style="bold underline"))
    if not state.challenges:
        lines.append(Text("  " + t("mist.none"), style="dim"))
    # In Establish a challenge's open threats are listed under it (issue 29), the MC's menu of
    # what it can do; the Threats heading then lists the others.
    under = state.phase is Phase.ESTABLISH
    on_table = {c.name for c in state.challenges}
    for challenge in state.challenges:
        lines.extend(challenge_lines(t, challenge, width))
        for threat in state.threats if under else ():
            if threat.challenge == challenge.name and not threat.resolved:
                line = Text("  ⚠ ", style="yellow") + Text(f"{threat.id} ", style="bold")
                lines.append(line + marked_text(t, threat.text))
    lines.append(Text(t("mist.threats"), style="bold underline"))
    listed = [
        x for x in state.threats if not (under and not x.resolved and x.challenge in on_table)
    ]
    if not listed:  # resolved ones are listed struck through, never under "none"
        shown_above = len(listed) < len(state.threats)  # "none" while ⚠ t1 stood above
        none = t("mist.threats-under-challenges") if shown_above else t("mist.none")
        lines.append(Text("  " + none, style="dim"))
    for threat in listed:
        line = Text(f"  {threat.id} ", style="bold")
        line.append_text(marked_text(t, threat.text, "strike dim" if threat.resolved else ""))
        if threat.challenge:
            line.append(t("mist.threat-challenge", challenge=threat.challenge), style="dim")
        lines.append(line)
    scene_tags = Text(t("mist.scene-tags") + t.colon, style="bold underline")
    scene_tags.append_text(
        tags_text(state.scene.story_tags, t)
        if state.scene.story_tags
        else Text(t("mist.none"), "dim")
    )
    lines.append(scene_tags)
    if state.phase is not Phase.CONSEQUENCE:
        lines += consequence_lines(t, state)
    return lines


def threat_label(t: Translator, threat: Threat) -> str:
    """A threat as a menu offers it (R, w): its id, text and challenge, so two challenges
    from one profile (the same threat text) are told apart."""
    label = f"{threat.id} {threat.text}"
    return label + (
        t("mist.threat-challenge", challenge=threat.challenge) if threat.challenge else ""
    )


def consequence_lines(t: Translator, state: MistState) -> list[Text]:
    """The pending consequences (or the last three delivered) and the ones still owed."""
    lines = [Text(t("mist.consequences"), style="bold underline")]
    shown = [x for x in state.consequences if not x.delivered] or list(state.consequences[-3:])
    if not shown:
        lines.append(Text("  " + t("mist.none"), style="dim"))
    for item in shown:
        lines.append(Text("  ") + consequence_text(t, item))
    if state.owed:
        lines.append(
            Text("  " + t("mist.owed", ids=t("word.list-sep").join(state.owed)), style="yellow")
        )
    return lines


def navigator_lines(t: Translator, state: MistState, title: str = "") -> list[Text]:
    """Season › mission › scene, the anomaly and the cut-in (RULES.md §4.6).

    ``title`` is the saved scene's name (``St. Agnes at night``): shown when the M.I.S.T.
    scene itself has no name but its number ("Scene 1", issue 18).
    """
    mission = state.mission
    path = Text()
    path.append(mission.season or t("mist.nav.no-season"), style="bold")
    path.append(" › ")
    if mission.name:
        path.append(t("mist.nav.mission", number=mission.number, name=mission.name), style="bold")
        if mission.ended:  # mission end: the next scene starts with an empty case file
            path.append(t("campaign.mission-ended"), style="dim")
    else:
        path.append(t("mist.nav.no-mission"), style="dim")
    path.append(" › ")
    scene = state.scene
    unnamed = scene.name.strip().casefold() in ("", f"scene {scene.number}")
    if unnamed and title.strip():
        path.append(t("mist.nav.scene", number=scene.number, name=title.strip()), "bold")
    elif unnamed:
        path.append(t("mist.nav.scene-number", number=scene.number), "bold")
    else:
        path.append(t("mist.nav.scene", number=scene.number, name=scene.name), "bold")
    lines = [path]
    if mission.anomaly:
        lines.append(Text(t("mist.nav.anomaly", text=mission.anomaly), style="magenta"))
    if mission.cut_in:
        lines.append(Text(t("mist.nav.cut-in", text=mission.cut_in), style="italic dim"))
    if mission.suppressed:
        lines.append(Text(t("mist.nav.suppressed"), style="bold green"))
    return lines


def roll_result(t: Translator, roll: Any) -> Text:
    """A rolled d8 and d4s with the total and band."""
    text = Text(t("mist.power", power=roll.power) + t.colon)
    text.append(f"d8 {roll.d8}", style="bold")
    if roll.d4s:
        text.append(" d4 " + " ".join(str(v) for v in roll.d4s))
    text.append(f" = {roll.total} → ")
    text.append(t(f"mist.outcome.{roll.outcome}"), style=BAND_STYLES[str(roll.outcome)])
    return text
