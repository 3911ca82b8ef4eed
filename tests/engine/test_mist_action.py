"""The action roll, its power breakdown, effects, mitigation and indulgence (RULES.md §4.2–4.4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mist_support import Dice, run

from engine.dice.mist import Outcome, evaluate_mist, roll_mist
from engine.errors import RuleError
from engine.mist.events import ActionRolled, Mitigated
from engine.mist.state import PowerSource

SETUP = [
    "pc Mei",
    "pc Bo",
    "challenge Hound limits=harmed:4",
    'theme Mei taint "Shadow Step" power="slip through walls,cold touch" weakness="fear of light"',
    'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"',
    "status Mei inspired 2",
    "status Mei hurt 3",
    'tag scene "dark alley"',
    "phase action",
]


@pytest.mark.parametrize(
    ("power", "d8", "d4s", "total", "outcome"),
    [
        (3, 4, (1, 3, 2), 7, Outcome.MIXED),  # RULES.md §5 vector 7
        (0, 5, (), 5, Outcome.FAIL),
        (2, 8, (1, 1), 9, Outcome.SUCCESS),
        (-2, 8, (3, 1), 5, Outcome.FAIL),
    ],
)
def test_vector_7_and_bands(
    power: int, d8: int, d4s: tuple[int, ...], total: int, outcome: Outcome
) -> None:
    roll = evaluate_mist(power, d8, d4s)
    assert (roll.total, roll.outcome) == (total, outcome)


def test_negative_power_without_i5_rolls_the_d8_alone() -> None:
    roll = roll_mist(-3, Dice(7), negative_subtracts=False)
    assert roll.d4s == () and roll.total == 7


def test_power_breakdown_source_by_source() -> None:
    state, _ = run(SETUP)
    text = (
        'action Mei tags="sharp eyes,dark alley,fear of light" hinder=stubborn '
        'statuses=inspired hindering=hurt burn="cold touch" indulge="Shadow Step"'
    )
    state, events = run([text], state, Dice(5, 1, 1, 1, 1, 1))
    rolled = next(e for e in events if isinstance(e, ActionRolled))
    assert rolled.sources == (
        PowerSource("power tag", "sharp eyes", 1),
        PowerSource("story tag", "dark alley (scene)", 1),
        PowerSource("weakness tag", "fear of light", -1),
        PowerSource("weakness tag", "stubborn", -1),
        PowerSource("burned tag", "cold touch", 3),
        PowerSource("helping status", "inspired", 2),
        PowerSource("hindering status", "hurt", -3),
        PowerSource("indulgence", "Shadow Step", 3),
    )
    assert rolled.power == 5 and rolled.roll.total == 6
    theme = state.characters[0].themes[0]
    assert theme.power_tags[1].burned and theme.loss_marks == 1
    with pytest.raises(RuleError) as caught:
        run(['action Mei tags="cold touch"'], state, Dice(1))
    assert caught.value.code == "mist.power.burned-unusable-until-restored"
    assert caught.value.params == {"tag": "cold touch"}


def test_only_the_highest_status_counts() -> None:
    state, _ = run(SETUP + [])
    state, _ = run(["phase next", "phase next", "status Mei lucky 1", "phase next"], state)
    state, events = run(["action Mei statuses=inspired,lucky"], state, Dice(1, 1, 1))
    rolled = next(e for e in events if isinstance(e, ActionRolled))
    assert rolled.power == 2


def test_actions_only_in_the_action_phase() -> None:
    state, _ = run(SETUP[:-1])
    with pytest.raises(RuleError) as caught:
        run(["action Mei tags=sharp eyes"], state, Dice(1, 1))
    assert caught.value.code == "mist.action.actions-rolled-action-phase"


def test_effects_spend_power_and_refuse_overspending() -> None:
    state, _ = run(SETUP)
    state, _ = run(
        ['action Mei tags="sharp eyes,old badge,slip through walls"'], state, Dice(8, 2, 1, 1)
    )
    state, _ = run(["effect status Hound harmed 2"], state)
    assert state.actions[-1].left == 1
    with pytest.raises(RuleError) as caught:
        run(['effect tag Hound "pinned"'], state)
    assert caught.value.code == "mist.action.action-power-left-effect"
    assert caught.value.params["left"] == 1
    state, _ = run(['effect clue "Silver hurts it"'], state)
    assert state.case_file.clues[0].found_by == ("sharp eyes", "old badge", "slip through walls")
    with pytest.raises(RuleError) as caught:
        run(['effect feat "one more"'], state)
    assert caught.value.code == "mist.action.action-power-left-effect"
    assert caught.value.params["left"] == 0


def test_failed_action_has_no_effects_and_owes_a_consequence() -> None:
    state, _ = run(SETUP)
    state, events = run(['action Mei tags="sharp eyes"'], state, Dice(1, 1))
    assert state.owed == ("a1",)
    with pytest.raises(RuleError) as caught:
        run(['effect feat "x"'], state)
    assert caught.value.code == "mist.action.action-failed-total-power"


@pytest.mark.parametrize(
    ("faces", "mixed_by_power", "extra", "tier_after"),
    [
        ((2, 1, 1), True, "", 5),  # ≤ 5: no reduction
        ((5, 1, 1), True, "", 3),  # 6–8: reduced by the power 2 ([I-6])
        ((5, 1, 1), False, "", 4),  # 6–8 with [I-6] off: one tier
        ((8, 1, 1), True, "", 3),  # 9+: the power
        ((8, 1, 1), True, "extra=reduce", 2),  # 9+: one more tier
    ],
)
def test_mitigate_rows(
    faces: tuple[int, ...], mixed_by_power: bool, extra: str, tier_after: int
) -> None:
    flag = "true" if mixed_by_power else "false"
    state, _ = run(SETUP + [f"interpret mitigate_mixed_reduces_by_power={flag}", "phase next"])
    state, _ = run(["consequence Bo wounded 5"], state)
    state, _ = run(["reduce Mei hurt 3"], state)
    state, _ = run(["consequence Mei burned 5"], state)
    state, events = run([f'mitigate x2 tags="sharp eyes,old badge" {extra}'], state, Dice(*faces))
    mitigated = next(e for e in events if isinstance(e, Mitigated))
    assert mitigated.tier_after == tier_after
    burned = [s for s in state.characters[0].statuses if s.name == "burned"]
    assert (burned[0].tier if burned else 0) == tier_after


def test_mitigate_nine_plus_may_give_an_ally_a_status() -> None:
    state, _ = run(SETUP + ["phase next", "consequence Mei shot 2"])
    state, _ = run(['mitigate x1 tags="sharp eyes" extra=status:covered:Bo'], state, Dice(8, 1))
    assert state.characters[1].statuses[0].name == "covered"
    assert state.characters[1].statuses[0].boxes == (1,)


@given(
    st.lists(
        st.sampled_from(["sharp eyes", "old badge", "slip through walls", "dark alley"]),
        unique=True,
    ),
    st.lists(st.sampled_from(["stubborn", "fear of light"]), unique=True),
    st.booleans(),
)
def test_power_is_the_sum_of_the_listed_sources(
    helping: list[str], hindering: list[str], indulge: bool
) -> None:
    state, _ = run(SETUP)
    parts = ["action Mei"]
    if helping:
        parts.append(f'tags="{",".join(helping)}"')
    if hindering:
        parts.append(f'hinder="{",".join(hindering)}"')
    if indulge:
        parts.append('indulge="Shadow Step"')
    _, events = run([" ".join(parts)], state, random.Random(1))
    rolled = next(e for e in events if isinstance(e, ActionRolled))
    assert rolled.power == sum(s.value for s in rolled.sources)
    assert rolled.power == len(helping) - len(hindering) + (3 if indulge else 0)
