"""Full immersion's depth table (RULES.md §4.5) and growth, loss, rebirth, evolution (§4.8)."""

from __future__ import annotations

import pytest
from mist_support import Dice, run

from engine.errors import RuleError
from engine.mist.events import (
    GrowthPending,
    Immersed,
    Marked,
    RetirementOffered,
    TagBurned,
    ThemeLost,
)
from engine.mist.state import MistState, ThemeType

SETUP = [
    "pc Mei",
    'theme Mei taint "Shadow Step" power="walls,cold touch,vanish" weakness="light"',
    'theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"',
]

LOW, MIXED, HIGH = (1, 1), (5, 1), (8, 1)  # one Self theme: 1d8 + 1d4 → 2, 6, 9


def taint(state: MistState) -> list[tuple[str, bool]]:
    theme = next(t for t in state.characters[0].themes if t.type is ThemeType.TAINT)
    return [(t.name, t.burned) for t in theme.power_tags]


@pytest.mark.parametrize("faces", [LOW, MIXED])
def test_submerge_low_and_mixed_indulge_and_burn_all(faces: tuple[int, int]) -> None:
    state, events = run(SETUP)
    state, events = run(['immerse Mei "Shadow Step" submerge'], state, Dice(*faces))
    immersed = next(e for e in events if isinstance(e, Immersed))
    assert immersed.out_of_control is (faces == LOW)
    assert all(burned for _, burned in taint(state))
    assert state.characters[0].themes[0].loss_marks == 1


def test_submerge_high_burns_two() -> None:
    state, _ = run(SETUP)
    state, _ = run(['immerse Mei "Shadow Step" submerge burn=vanish'], state, Dice(*HIGH))
    assert taint(state) == [("walls", True), ("cold touch", False), ("vanish", True)]


@pytest.mark.parametrize(("depth", "faces"), [("dive", LOW), ("dive", MIXED), ("sink", HIGH)])
def test_losing_the_theme(depth: str, faces: tuple[int, int]) -> None:
    state, _ = run(SETUP)
    state, events = run([f'immerse Mei "Shadow Step" {depth}'], state, Dice(*faces))
    lost = next(e for e in events if isinstance(e, ThemeLost))
    assert lost.controlled_tier == 5 and lost.evolution_added == 1
    mei = state.characters[0]
    assert [t.name for t in mei.themes] == ["Detective"]
    assert mei.statuses[0].name == "Controlled" and mei.statuses[0].tier == 5
    assert mei.rebirths_pending == (ThemeType.SELF,)


def theme_tag_burned(state: MistState) -> bool:
    return next(t for t in state.characters[0].themes if t.type is ThemeType.TAINT).theme_tag_burned


def test_burn_all_power_tags_burns_the_theme_tag_too() -> None:
    """§4.1: the theme tag is a power tag, so "burn all its power tags" burns it (vector 22)."""
    state, _ = run(SETUP)
    state, events = run(['immerse Mei "Shadow Step" submerge'], state, Dice(*MIXED))
    burned = [e.tag for e in events if isinstance(e, TagBurned)]
    assert burned == ["Shadow Step", "walls", "cold touch", "vanish"]
    assert theme_tag_burned(state)
    with pytest.raises(RuleError) as caught:
        run(['action Mei tags="Shadow Step"'], run(["phase action"], state)[0])
    assert caught.value.code == "mist.power.burned-unusable-until-restored"


def test_burn_two_may_pick_the_theme_tag() -> None:
    state, _ = run(SETUP)
    line = 'immerse Mei "Shadow Step" submerge burn="Shadow Step,walls"'
    state, _ = run([line], state, Dice(*HIGH))
    assert theme_tag_burned(state)
    assert taint(state) == [("walls", True), ("cold touch", False), ("vanish", False)]


def test_dive_high_indulges_and_burns_all() -> None:
    state, _ = run(SETUP)
    state, _ = run(['immerse Mei "Shadow Step" dive'], state, Dice(*HIGH))
    assert all(burned for _, burned in taint(state)) and theme_tag_burned(state)
    assert state.characters[0].themes[0].loss_marks == 1


@pytest.mark.parametrize("faces", [LOW, MIXED])
def test_sink_takes_a_tier_six_status(faces: tuple[int, int]) -> None:
    state, _ = run(SETUP)
    state, _ = run(['immerse Mei "Shadow Step" sink status=unmade'], state, Dice(*faces))
    mei = state.characters[0]
    assert mei.statuses[0].name == "unmade" and mei.statuses[0].tier == 6
    assert mei.transformed


def test_immersion_needs_a_taint_theme() -> None:
    state, _ = run(SETUP)
    with pytest.raises(RuleError) as caught:
        run(["immerse Mei Detective sink"], state, Dice(*HIGH))
    assert caught.value.code == "mist.immersion.self-theme-full-immersion"


def test_three_growth_marks_make_a_growth_pending_then_clear() -> None:
    state, events = run(SETUP + ["mark Mei Detective progress 2"])
    assert not any(isinstance(e, GrowthPending) for e in events)
    with pytest.raises(RuleError) as caught:
        run(['growth Mei Detective power "keen nose"'], state)
    assert caught.value.code == "mist.growth.growth-choose-needs-marks"
    state, events = run(["mark Mei Detective progress"], state)
    assert any(isinstance(e, GrowthPending) for e in events)
    state, _ = run(['growth Mei Detective power "keen nose"'], state)
    theme = state.characters[0].themes[1]
    assert theme.growth_marks == 0 and theme.growths == 1 and theme.growth_pending == 0
    assert [t.name for t in theme.power_tags][-1] == "keen nose"


def test_wrong_track_for_the_theme_type() -> None:
    state, _ = run(SETUP)
    with pytest.raises(RuleError) as caught:
        run(["mark Mei Detective mastery"], state)
    assert caught.value.code == "mist.growth.theme-marks"
    assert (caught.value.params["growth_track"], caught.value.params["loss_track"]) == (
        "progress",
        "abandon",
    )


def test_lost_self_leaves_a_scar_and_counts_growth() -> None:
    state, _ = run(SETUP + ["mark Mei Detective progress 3", "growth Mei Detective reset"])
    state, events = run(["mark Mei Detective abandon 3"], state)
    lost = next(e for e in events if isinstance(e, ThemeLost))
    assert lost.evolution_added == 2 and lost.scar and lost.controlled_tier is None
    mei = state.characters[0]
    assert mei.evolution == 2 and mei.scars and mei.rebirths_pending == (ThemeType.TAINT,)
    state, _ = run(['rebirth Mei "Hollow Voice" weakness="echoes"'], state)
    reborn = state.characters[0].themes[-1]
    assert reborn.type is ThemeType.TAINT and reborn.newborn and not reborn.power_tags
    state, events = run(['mark Mei "Hollow Voice" mastery'], state)
    assert any(isinstance(e, GrowthPending) for e in events)
    state, _ = run(['growth Mei "Hollow Voice" power "whisper"'], state)
    state, _ = run(
        ['mark Mei "Hollow Voice" mastery', 'growth Mei "Hollow Voice" power "call"'], state
    )
    assert not state.characters[0].themes[-1].newborn


def test_lost_taint_gives_controlled_at_six_minus_self_themes() -> None:
    state, _ = run(SETUP + ['theme Mei self "Mother" power="a,b" weakness="c"'])
    state, events = run(['mark Mei "Shadow Step" indulgence 3'], state)
    lost = next(e for e in events if isinstance(e, ThemeLost))
    assert lost.controlled_tier == 4
    assert state.characters[0].statuses[0].tier == 4


def test_five_evolution_offers_retirement() -> None:
    lines = SETUP + [
        'theme Mei self "A" power="x,y"',
        'theme Mei self "B" power="x,y"',
        'theme Mei self "C" power="x,y"',
        'theme Mei self "D" power="x,y"',
    ]
    state, _ = run(lines)
    with pytest.raises(RuleError) as caught:
        run(["retire Mei calm"], state)
    assert caught.value.code == "mist.growth.evolution-retirement-choices-come"
    assert caught.value.params["needed"] == 5
    events: list[object] = []
    for name in ("A", "B", "C", "D", "Detective"):
        state, new = run([f"mark Mei {name} abandon 3"], state)
        events.extend(new)
    assert state.characters[0].evolution == 5
    assert sum(isinstance(e, RetirementOffered) for e in events) == 1
    state, _ = run(["retire Mei sleep"], state)
    mei = state.characters[0]
    # [I-25]: the Taint themes end, not as a loss (no Evolution, Controlled or newborn).
    assert mei.ordinary and [t.type for t in mei.themes] == []
    assert mei.evolution == 5 and not mei.statuses and mei.rebirths_pending == ()


def asleep(*settings: str) -> MistState:
    """Mei loses five Self themes (Evolution 5, five newborn Taints owed), then falls asleep."""
    lines = [*settings, *SETUP]
    for name in ("A", "B", "C", "D", "E"):
        lines += [f'theme Mei self "{name}" power="x,y"', f"mark Mei {name} abandon 3"]
    lines.append('theme Mei self "Last" power="x,y" weakness="z"')
    state, _ = run(lines)
    assert state.characters[0].rebirths_pending == (ThemeType.TAINT,) * 5
    state, _ = run(["retire Mei sleep"], state)
    return state


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('action Mei tags=x indulge="Shadow Step"', "mist.asleep.no-indulge"),
        ('immerse Mei "Shadow Step" submerge', "mist.asleep.no-immersion"),
        ('mark Mei "Shadow Step" mastery', "mist.asleep.no-taint-marks"),
        ('mark Mei "Shadow Step" indulgence', "mist.asleep.no-taint-marks"),
        ('theme Mei taint "New Hunger" power="a,b" weakness="c"', "mist.asleep.no-new-taint"),
        ('rebirth Mei "New Hunger" weakness="c"', "mist.growth.lost-theme-newborn-theme"),
    ],
)
def test_after_fall_asleep_the_taint_side_is_refused(line: str, code: str) -> None:
    """[I-25]: for the rest of the mission, Indulge, Full immersion, Mastery/Indulgence marks
    and any new Taint are refused; the newborn Taints owed are owed no more."""
    state = asleep()
    assert state.characters[0].rebirths_pending == ()
    with pytest.raises(RuleError) as caught:
        run(["phase action", line], state, Dice(8, 1))
    assert caught.value.code == code


def test_after_fall_asleep_a_lost_self_leaves_scar_and_evolution_but_no_newborn() -> None:
    state = asleep()
    state, events = run(["mark Mei Last abandon 3"], state)
    lost = next(e for e in events if isinstance(e, ThemeLost))
    assert lost.rebirth is None and lost.scar and lost.evolution_added == 1
    mei = state.characters[0]
    assert mei.rebirths_pending == () and mei.evolution == 6 and mei.scars[-1] == lost.scar


def test_switched_i25_keeps_the_taints_burned_for_good() -> None:
    state = asleep("interpret fall_asleep_keeps_taints=true")
    assert all(burned for _, burned in taint(state))
    assert next(t for t in state.characters[0].themes if t.name == "Shadow Step").theme_tag_burned
    for line in ('restore Mei "cold touch"', "restore Mei all"):
        with pytest.raises(RuleError) as caught:
            run([line], state)
        assert caught.value.code == "mist.asleep.burned-for-good"
    with pytest.raises(RuleError) as caught:
        run(['immerse Mei "Shadow Step" dive'], state, Dice(8, 1))
    assert caught.value.code == "mist.asleep.no-immersion"
    # Its weakness still hinders, marking no Mastery.
    state, events = run(["phase action", "action Mei hinder=light"], state, Dice(5, 1))
    assert not any(isinstance(e, Marked) for e in events)


LOST_SELF = [*SETUP, "mark Mei Detective abandon 3"]
"""Mei lost her Self theme: a newborn Taint is owed."""


@pytest.mark.parametrize(
    "line",
    ['rebirth Mei "Night Nurse"', 'theme Mei taint "Night Nurse" weakness="a,b" newborn'],
)
def test_a_newborn_theme_has_exactly_one_weakness_tag(line: str) -> None:
    """§4.8, [I-24]: a newborn theme is its theme tag and one weakness tag."""
    state, _ = run(LOST_SELF)
    with pytest.raises(RuleError) as caught:
        run([line], state)
    assert caught.value.code == "mist.growth.newborn-one-weakness"


def grow_newborn(state: MistState, *tags: str) -> MistState:
    for tag in tags:
        state, _ = run(
            ['mark Mei "Night Nurse" mastery', f'growth Mei "Night Nurse" power "{tag}"'], state
        )
    return state


def newborn(state: MistState) -> bool:
    return next(t for t in state.characters[0].themes if t.name == "Night Nurse").newborn


def test_a_newborn_theme_is_normal_at_three_positive_tags() -> None:
    """[I-24]: a growth at each mark, normal once theme tag + 2 power tags; a weakness growth
    does not count; the MC cannot declare it normal sooner."""
    state, _ = run([*LOST_SELF, 'rebirth Mei "Night Nurse" weakness="sleepless"'])
    state = grow_newborn(state, "steady hands")
    state, _ = run(['mark Mei "Night Nurse" mastery', 'growth Mei "Night Nurse" reset'], state)
    assert newborn(state)
    with pytest.raises(RuleError) as caught:
        run(['growth Mei "Night Nurse" normal'], state)
    assert caught.value.code == "mist.growth.newborn-normal-at-tags"
    assert caught.value.params["tags"] == 3
    state = grow_newborn(state, "night owl")
    assert not newborn(state)


def test_switched_i24_the_mc_declares_a_newborn_theme_normal() -> None:
    lines = ["interpret newborn_normal_declared_by_mc=true", *LOST_SELF]
    state, _ = run([*lines, 'rebirth Mei "Night Nurse" weakness="sleepless"'])
    state = grow_newborn(state, "steady hands", "night owl", "calm voice")
    assert newborn(state)  # 4 positive tags, newborn still: a growth at each mark
    state, events = run(['growth Mei "Night Nurse" normal'], state)
    assert not newborn(state) and events[0].choice == "normal"  # type: ignore[attr-defined]
    with pytest.raises(RuleError) as caught:
        run(['growth Mei "Night Nurse" normal'], state)
    assert caught.value.code == "mist.growth.not-newborn"
    state, events = run(['mark Mei "Night Nurse" mastery'], state)
    assert not any(isinstance(e, GrowthPending) for e in events)  # 1 of 3, a normal theme
