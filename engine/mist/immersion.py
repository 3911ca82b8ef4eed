"""Full immersion (RULES.md §4.5): a Taint theme rewrites reality; the depth table applied.

Power is the number of Self themes and nothing else. ≤ 5 takes the 6–8 row and the power goes
out of control. Submerge: 6–8 Indulgence and burn all power tags, 9+ Indulgence and burn 2.
"Its power tags" include the theme tag (§4.1): it burns with them, and may be one of the 2.
Dive: 6–8 lose the theme, 9+ Indulgence and burn all. Sink: 6–8 a tier-6 status, 9+ lose it.
"""

from __future__ import annotations

import random

from engine.dice.mist import Outcome, roll_mist
from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import growth, limits, roster, tags
from engine.mist.commands import Immerse
from engine.mist.events import Immersed
from engine.mist.power import immersion_breakdown
from engine.mist.state import MistState, ThemeType, Track

DEPTHS: tuple[str, ...] = ("submerge", "dive", "sink")
TABLE: dict[tuple[str, Outcome], str] = {
    ("submerge", Outcome.MIXED): "indulge-burn-all",
    ("submerge", Outcome.SUCCESS): "indulge-burn-two",
    ("dive", Outcome.MIXED): "lose-theme",
    ("dive", Outcome.SUCCESS): "indulge-burn-all",
    ("sink", Outcome.MIXED): "tier-6-status",
    ("sink", Outcome.SUCCESS): "lose-theme",
}
"""§4.5's table; a ≤ 5 result takes the 6–8 row."""


def immerse(state: MistState, command: Immerse, rng: random.Random) -> tuple[MistState, Events]:
    """Roll a full immersion and apply the row of the depth table.

    Raises:
        RuleError: an unknown depth, a Self theme, or burn choices that are not its power tags.
    """
    if command.depth not in DEPTHS:
        raise RuleError("mist.immersion.depth-submerge-dive-sink", depth=command.depth)
    person = roster.character(state, command.character)
    if person.ordinary:
        raise RuleError("mist.asleep.no-immersion", person=person.name)  # [I-25]
    theme = roster.theme(person, command.theme)
    if theme.type is not ThemeType.TAINT:
        raise RuleError("mist.immersion.self-theme-full-immersion", theme=theme.name)
    power_names = {name.casefold(): name for name in tags.power_tag_names(theme)}
    chosen = [power_names.get(n.casefold()) for n in command.burn]
    if any(name is None for name in chosen):
        raise RuleError(
            "mist.immersion.burn-names-unburned-power",
            theme=theme.name,
            tags=", ".join(power_names.values()) or "none left",
        )
    picked = [name for name in chosen if name is not None]
    if len(picked) > 2 or len({name.casefold() for name in picked}) < len(picked):
        # §4.5: the player picks the 2 a Submerge 9+ burns; a third name, or one named twice
        # (which burned a single tag), is refused rather than silently dropped.
        raise RuleError("mist.immersion.burn-two", theme=theme.name, names=", ".join(command.burn))
    paid = immersion_breakdown(person)
    roll = roll_mist(paid.power, rng, state.interpretations.negative_power_subtracts_d4)
    row = Outcome.MIXED if roll.outcome is Outcome.FAIL else roll.outcome
    result = TABLE[(command.depth, row)]
    events: list[Event] = [
        Immersed(
            person.name,
            theme.name,
            command.depth,
            roll,
            row,
            roll.outcome is Outcome.FAIL,
            result,
        )
    ]
    if result == "lose-theme":
        state, lost = growth.lose_theme(state, person.name, theme.name)
        return state, (*events, *lost)
    if result == "tier-6-status":
        state, taken = limits.take_on(state, person.name, command.status, 6)
        return state, (*events, *taken)
    if result == "indulge-burn-all":
        person, burned = tags.burn_all_power_tags(person, theme)
    else:
        names = [n for n in chosen if n is not None][:2]
        # The player picks the 2 (§4.5); unpicked, the power tags go before the theme tag.
        unburned = [t.name for t in theme.power_tags if not t.burned]
        unburned += [] if theme.theme_tag_burned else [theme.name]
        rest = [name for name in unburned if name not in names]
        names += rest[: 2 - len(names)]
        person, burned = tags.burn_named(person, theme, names)
    state = roster.put_character(state, person)
    events.extend(burned)
    theme = roster.theme(person, theme.name)
    state, marked = growth.mark_once(state, person, theme, Track.INDULGENCE)
    return state, (*events, *marked)
