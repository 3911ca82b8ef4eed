"""Scenario tests of the IH encounter: RULES.md §3 rule by rule, and §5 vectors 9–10."""

from __future__ import annotations

import random

import pytest
from ih_support import names, play, refused, turns

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import find
from engine.ih.events import (
    DelayOverruled,
    EffectExpired,
    InitiativeChanged,
    InterruptResolved,
    RoundStarted,
    TieRolledOff,
)
from engine.language import tokenize

VECTOR_9 = """
add A init=15 com=3
add B init=15 com=2
add C init=12
"""


def test_vector_9_ties_by_composure_and_delay_after() -> None:
    state, _ = play(VECTOR_9)
    assert names(state) == ["A", "B", "C"]
    state, events = play("begin\ndelay B after C\nnext\nnext\nnext\nnext\nnext\nnext", state=state)
    assert names(state) == ["A", "C", "B"]
    assert find(state, "B").initiative == 12
    # B acts after C this round and every later round.
    assert turns(events) == ["A", "C", "B", "A", "C", "B", "A"]


def test_vector_9_the_current_actor_delays() -> None:
    state, events = play(VECTOR_9 + "begin\nnext\ndelay B after C\nnext\nnext")
    assert names(state) == ["A", "C", "B"]
    assert turns(events) == ["A", "B", "C", "B", "A"]
    assert state.round == 2


def test_vector_9_delay_declared_before_the_fight() -> None:
    state, events = play(VECTOR_9 + "delay B after C\nbegin\nnext\nnext\nnext\nnext\nnext")
    assert names(state) == ["A", "C", "B"]
    assert turns(events) == ["A", "C", "B", "A", "C", "B"]


def test_vector_10_joiner_in_round_two_acts_first_in_round_three() -> None:
    state, events = play(
        "add A init=15\nadd B init=10\nbegin\nnext\nnext\n"  # round 2 starts, A acts
        "join Z init=30\nnext\nnext"
    )
    assert names(state)[0] == "Z"
    assert turns(events) == ["A", "B", "A", "B", "Z"]
    assert state.round == 3 and state.current == "Z"


def test_joiner_is_not_flat_footed_unless_clueless() -> None:
    state, _ = play("add A init=15\nadd B init=10\nbegin\njoin Z init=3\njoin Q init=2 clueless")
    view = {c["name"]: c for c in family.to_json(state)["order"]}
    assert view["Z"]["flat_footed"] is False
    assert view["Q"]["flat_footed"] is True
    assert view["B"]["flat_footed"] is True
    assert view["A"]["flat_footed"] is False


def test_surprise_round_of_the_hidden_ninja() -> None:
    """Seeds 003/004: ninja C readies; initiator A's action is spent; C's shuriken drops A."""
    state, events = play(
        """
        add A init=14 health=3
        add C init=18
        add B init=9
        add m1 init=7
        add m2 init=6
        surprise C A m1 m2
        """
    )
    assert state.phase.value == "surprise" and state.current == "C"
    view = {c["name"]: c["flat_footed"] for c in family.to_json(state)["order"]}
    assert view == {"C": False, "A": False, "B": True, "m1": False, "m2": False}
    state, events = play(
        "spend C reflex\nnext\nspend A standard\ninterrupt C A ready\ndamage A 3", state=state
    )
    assert find(state, "A").unconscious
    assert (
        refused(state, "resolve continues").code
        == "ih.interrupts.unconscious-interrupted-action-fails"
    )
    state, events = play("resolve fails\nnext\nnext\nnext", state=state)
    assert InterruptResolved("C", "A", "fails") in events
    assert state.current is None and state.phase.value == "surprise"
    assert refused(state, "spend B move")
    state, events = play("begin", state=state)
    assert state.round == 1 and state.current == "C"
    view = {c["name"]: c["flat_footed"] for c in family.to_json(state)["order"]}
    assert view == {"C": False, "A": False, "B": True, "m1": False, "m2": False}


def test_surprise_round_allows_exactly_one_action() -> None:
    state, _ = play("add A init=10\nadd B init=5\nsurprise A")
    assert family.to_json(state)["order"][0]["budget"] == {"swift": 1, "move": 1, "standard": 1}
    assert refused(state, "spend A full-round").code == "ih.surprise.one-action"
    state, _ = play("spend A move", state=state)
    assert refused(state, "spend A swift").code == "ih.surprise.action-taken"
    assert refused(state, "spend B reflex").code == "ih.act.unaware"
    state, events = play("next", state=state)
    assert state.current is None
    state, events = play("next", state=state)
    assert state.round == 1 and turns(events) == ["A"]


def test_begin_during_the_surprise_round_ends_it() -> None:
    state, _ = play("add A init=10\nadd B init=12\nsurprise A B\nbegin")
    assert state.phase.value == "combat" and state.round == 1 and state.current == "B"


@pytest.mark.parametrize(
    ("lines", "expected", "rolled_off"),
    [
        ("add X init=12 com=3\nadd Y init=12 com=4", ["Y", "X"], False),
        ("add X init=12 com=3 dex=2\nadd Y init=12 com=3 dex=4", ["Y", "X"], False),
        ("add X init=12 com=3 dex=2\nadd Y init=13 com=1", ["Y", "X"], False),
        ("add X init=12 com=3 dex=2\nadd Y init=12 com=3 dex=2", None, True),
    ],
)
def test_ties_composure_dexterity_roll_off(
    lines: str, expected: list[str] | None, rolled_off: bool
) -> None:
    state, events = play(lines)
    if expected is not None:
        assert names(state) == expected
    assert any(isinstance(e, TieRolledOff) for e in events) is rolled_off
    if rolled_off:
        x, y = find(state, "X"), find(state, "Y")
        assert x.roll_off != y.roll_off
        assert names(state)[0] == ("X" if x.roll_off > y.roll_off else "Y")


@pytest.mark.parametrize("seed", range(20))
def test_every_face_of_a_roll_off_is_kept_and_orders_the_ties(seed: int) -> None:
    """Each tied combatant keeps every face it rolled (§3.3: the result holds every round), the
    earlier ones' too, and the order is by rank: score, Composure, Dexterity, roll-off."""
    lines = [f"add {name} init=12 com=3 dex=2" for name in ("P", "Q", "R", "S", "T")]
    state, events = play(
        "\n".join([*lines, "initiative Q +2", "initiative Q -2", "add U init=12 com=3 dex=2"]), seed
    )
    rolled: dict[str, tuple[int, ...]] = {}
    for event in events:
        if isinstance(event, InitiativeChanged):  # its roll-off is over: it may roll again
            rolled[event.name] = ()
        elif isinstance(event, TieRolledOff):
            rolled[event.name] = rolled.get(event.name, ()) + event.faces
    assert {c.name: c.roll_off for c in state.order} == rolled
    offs = [c.roll_off for c in state.order]
    assert offs == sorted(offs, reverse=True) and len(set(offs)) == len(offs)


def test_scores_carry_over_and_swap_of_tied_pcs() -> None:
    state, _ = play("add Ann init=12 com=3 pc\nadd Bob init=12 com=2 pc\nswap Ann Bob")
    assert names(state) == ["Bob", "Ann"]
    state, _ = play("add C init=3 pc", state=state)
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(tokenize("swap Ann C")), random.Random(0))  # type: ignore[arg-type]
    assert caught.value.code == "ih.swap.not-tied"


def test_delay_into_next_round() -> None:
    state, events = play(
        "add A init=15\nadd B init=12\nadd C init=8\nbegin\nnext\ndelay B next-round"
    )
    assert state.current == "C"
    b = find(state, "B")
    assert b.delaying and b.initiative == 15 and names(state)[0] == "B"
    state, events = play("next\nnext\nnext\nnext", state=state)
    assert turns(events) == ["B", "A", "C", "B"]
    assert names(state) == ["B", "A", "C"]


def test_both_delayers_want_to_go_after_each_other() -> None:
    """§3.4: Y (15) delays after Z, X (10) after Y; Y then wants to go after X. Y has the
    higher original score, so Y decides and X's delay is overruled."""
    state, _ = play("add Y init=15\nadd X init=10\nadd Z init=5\nbegin")
    state, _ = play("delay Y after Z\ndelay X after Y", state=state)
    state, events = play("delay Y after X", state=state)
    assert any(isinstance(e, DelayOverruled) for e in events)
    state, events = play("next\nnext\nnext", state=state)
    assert turns(events) == ["X", "Y", "Z"]


def test_lower_original_cannot_overrule_a_higher_delayer() -> None:
    state, _ = play("add A init=20\nadd B init=15\nadd C init=10\nbegin\ndelay B after C")
    refusal = refused(state, "delay C after B")
    assert refusal.code == "ih.delay.other-decides"
    assert refusal.params["holder"] == "B"


def test_removing_the_current_actor_skips_and_repeats_no_turn() -> None:
    state, events = play("add A init=15\nadd B init=12\nadd C init=8\nbegin\nnext\nremove B")
    assert state.current == "C"
    state, more = play("next\nnext", state=state)
    assert turns(events + more) == ["A", "B", "C", "A", "C"]


def test_removing_the_last_actor_starts_the_next_round() -> None:
    state, events = play("add A init=15\nadd B init=12\nbegin\nnext\nremove B")
    assert state.round == 2 and state.current == "A"
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in events)


def test_initiative_raised_above_the_current_actor() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=8\nbegin\ninitiative C +10")
    assert names(state) == ["C", "A", "B"] and state.current == "A"
    state, events = play("next\nnext\nnext", state=state)
    assert turns(events) == ["C", "B", "C"]


def test_initiative_change_never_gives_a_second_turn() -> None:
    state, _ = play("add A init=15\nadd B init=12\nbegin\nnext\ninitiative A -10")
    assert names(state) == ["B", "A"] and find(state, "A").acted
    state, events = play("next", state=state)
    assert state.round == 2 and turns(events) == ["B"]


def test_elapsed_time_is_six_seconds_a_round() -> None:
    state, _ = play("add A init=15\nbegin\nnext\nnext\nnext")
    assert state.round == 4 and family.to_json(state)["elapsed_seconds"] == 18


def test_substitution_and_full_round() -> None:
    state, _ = play("add A init=15\nadd B init=2\nbegin\nspend A standard\nspend A move")
    assert refused(state, "spend A move").code == "ih.budget.empty"
    state, _ = play("spend A swift", state=state)
    assert find(state, "A").budget.swift == 0
    state, _ = play("next\nnext", state=state)  # A again, round 2
    state, _ = play("spend A swift\nspend A swift\nspend A swift", state=state)
    assert refused(state, "spend A swift").code == "ih.budget.empty"
    state, _ = play("next\nnext\nspend A full-round", state=state)
    a = find(state, "A").budget
    assert (a.swift, a.move, a.standard) == (1, 0, 0)
    assert refused(state, "spend A full-round").code == "ih.budget.full-round"


def test_double_move_and_free_actions_with_cap() -> None:
    state, _ = play("add A init=15\nbegin\nspend A standard\nspend A move\nspend A free")
    state, _ = play("spend A free\nspend A free\ncap free 3", state=state)
    assert refused(state, "spend A free").code == "ih.free.capped"
    state, _ = play("cap free none\nspend A free", state=state)


def test_only_the_current_actor_spends_except_reflexes() -> None:
    state, _ = play("add A init=15\nadd B init=12\nbegin")
    assert refused(state, "spend B move").code == "ih.turn.not-yours"
    assert refused(state, "spend B move").params == {"name": "B", "current": "A"}
    state, _ = play("spend B free", state=state)  # speaking off-turn


def test_off_turn_reflex_spends_next_turn_swift() -> None:
    state, _ = play("add A init=15\nadd B init=12\nbegin\nspend B reflex")
    assert find(state, "B").owed_swift == 1
    assert refused(state, "spend B reflex").code == "ih.reflex.owed"
    assert refused(state, "spend B reflex").params["rounds"] == "1"
    state, events = play("next", state=state)
    b = find(state, "B")
    assert state.current == "B" and b.owed_swift == 0
    assert (b.budget.swift, b.budget.move, b.budget.standard) == (0, 1, 1)
    # On the turn itself a swift can still be paid by the move action (substitution).
    state, _ = play("spend B swift", state=state)
    assert find(state, "B").budget.move == 0


def test_extra_swift_allows_a_second_off_turn_reflex() -> None:
    state, _ = play("add A init=15\nadd B init=12\nextra B swift 1\nbegin\nspend B reflex")
    state, _ = play("spend B reflex", state=state)
    assert refused(state, "spend B reflex").code == "ih.reflex.owed"
    assert refused(state, "spend B reflex").params["rounds"] == "1, 1"
    state, _ = play("next", state=state)
    assert find(state, "B").budget.swift == 0


def test_extra_actions_this_turn_only() -> None:
    state, _ = play("add A init=15\nbegin\nextra A standard 1 turn\nspend A standard")
    state, _ = play("spend A standard", state=state)
    state, _ = play("next", state=state)
    assert find(state, "A").budget.standard == 1


def test_effect_expires_at_the_start_of_its_creators_turn() -> None:
    state, events = play(
        'add A init=15\nadd B init=12\nbegin\neffect B "Blessed" rounds=2\nnext\nnext'
    )
    assert find(state, "B").effects[0].rounds_left == 1
    assert not any(isinstance(e, EffectExpired) for e in events)
    state, events = play("next", state=state)  # B's turn: no change
    assert find(state, "B").effects[0].rounds_left == 1
    state, events = play("next", state=state)  # round 3, A's turn: expires
    assert EffectExpired("B", "Blessed", "A") in events
    assert find(state, "B").effects == ()


def test_effect_timed_on_another_source_and_orphaned() -> None:
    state, _ = play('add A init=15\nadd B init=12\nbegin\neffect A "Slow" rounds=1 by=B')
    state, events = play("next", state=state)
    assert EffectExpired("A", "Slow", "B") in events
    state, _ = play('effect A "Hex" rounds=2 by=B\nremove B', state=state)
    assert state.round == 2  # the new round counts the orphaned effect down
    assert find(state, "A").effects[0].rounds_left == 1
    state, events = play("next", state=state)
    assert EffectExpired("A", "Hex", "B") in events
    assert (
        refused(play("add Z init=1")[0], 'effect Z "X" rounds=1').code
        == "ih.effects.nobody-acting-now-say"
    )


def test_damage_unconscious_heal_and_staying_conscious() -> None:
    state, events = play(
        "add A init=15 health=5 willpower=3\nadd B init=3\nbegin\nnext\ndamage A 9"
    )
    a = find(state, "A")
    assert a.health == 0 and a.unconscious
    assert refused(state, "spend A reflex").code == "ih.act.unconscious"
    state, _ = play("willpower A conscious", state=state)
    a = find(state, "A")
    assert not a.unconscious and a.kept_conscious and a.willpower == 2 and a.owed_swift == 1
    state, events = play("next\nnext", state=state)  # A's turn then ends: faints
    a = find(state, "A")
    assert a.unconscious and a.asleep_until_scene_end
    state, _ = play("heal A 3", state=state)
    assert find(state, "A").unconscious
    state, _ = play("end scene", state=state)
    a = find(state, "A")
    assert not a.unconscious and a.health == 3
    state, _ = play("begin\ndamage A 3", state=state)
    state, _ = play("willpower A conscious", state=state)


def test_staying_conscious_is_once_per_scene() -> None:
    state, _ = play(
        "add A init=15 health=2 willpower=5\nbegin\ndamage A 2\nwillpower A conscious\n"
        "heal A 1\ndamage A 1"
    )
    assert find(state, "A").unconscious
    assert refused(state, "willpower A conscious").code == "ih.vitals.fainted-sleeps-until-scene"


def test_willpower_dice_defense_and_origin() -> None:
    state, _ = play("add A init=15 willpower=4\nadd B init=1\nbegin\nwillpower A +3dp")
    assert refused(state, "willpower A +3dp").code == "ih.willpower.once-per-action"
    # the +3 DP waits for A's roll (tests/engine/test_willpower_dice.py): still refused after
    # an action is spent, since no roll has taken it yet (one spend, one roll, RULES.md §1.7)
    state, _ = play("spend A standard", state=state)
    assert refused(state, "willpower A +3dp").code == "ih.willpower.once-per-action"
    state, _ = play("willpower A defense", state=state)
    a = find(state, "A")
    assert a.willpower == 2 and a.willpower_defense and a.budget.swift == 0
    assert refused(state, "willpower A defense").code == "ih.willpower.defense-held"
    state, _ = play("willpower A impulse", state=state)
    assert find(state, "A").willpower == 4
    assert refused(state, "willpower A impulse").code == "ih.vitals.already-acted-impulse-movie"
    state, _ = play("willpower A -1\nwillpower A trait", state=state)
    assert refused(state, "willpower A trait").code == "ih.vitals.already-acted-trait-scene"
    state, _ = play("next\nnext", state=state)
    assert not find(state, "A").willpower_defense
    state, _ = play("end scene\nwillpower A -1\nwillpower A trait", state=state)
    assert refused(state, "willpower A impulse").code == "ih.vitals.already-acted-impulse-movie"
    state, _ = play("end movie\nwillpower A impulse", state=state)
    assert refused(state, "willpower A -5").code == "ih.vitals.willpower-lose"
    assert refused(state, "willpower A -5").params["willpower"] == 4


def test_declared_defense_is_spent_until_the_next_action() -> None:
    state, _ = play("add A init=15 defense-bonus=3\nadd B init=12\nbegin\nnext\ndefend A 2")
    assert refused(state, "defend A 2").code == "ih.vitals.defense-bonus-success-es"
    assert refused(state, "defend A 2").params["left"] == 1
    state, _ = play("defend A 1", state=state)
    assert refused(state, "defend A 1").code == "ih.vitals.defense-bonus-success-es"
    assert refused(state, "defend A 1").params["left"] == 0
    state, _ = play("next", state=state)
    assert find(state, "A").defense_spent == 0


def test_interrupt_resolves_by_the_rule_when_the_turn_ends() -> None:
    state, events = play("add A init=15\nadd B init=12\nbegin\nspend A standard\ninterrupt B A")
    assert find(state, "B").owed_swift == 1
    assert refused(state, "interrupt B A").code == "ih.interrupts.interrupt-still-pending-resolve"
    state, events = play("next", state=state)
    assert InterruptResolved("B", "A", "continues") in events


def test_setup_refusals_and_bad_names() -> None:
    state = family.new_state("ih-d6")
    assert refused(state, "begin").code == "ih.fight.empty"
    state, _ = play("add Ann init=10", state=state)
    assert refused(state, "add ann init=3").code == "ih.roster.there-already-combatant-named"
    assert refused(state, "next").code == "ih.fight.begin-first"
    assert refused(state, "damage Zed 1").code == "ih.encounter.combatant-named-fight-known"
    state, _ = play('add "Old Wang" mod=2\ndamage "old wang" 1', state=state)
    assert find(state, "OLD WANG").health == 6


def test_names_are_found_through_puts_as_a_walk_of_the_order_finds_them() -> None:
    """Issue 30: ``find``/``index_of`` look names up, and ``flagged`` who has not acted, who
    delays, who holds effects, in tables kept per turn order (``put`` hands them on); they must
    answer exactly as walking the order does."""
    from dataclasses import replace

    from engine.ih.encounter import index_of, put

    state, _ = play("\n".join(f"add {n} init={i}" for i, n in enumerate(["Ann", "bob", "Cy"])))
    from engine.ih.encounter import flagged

    rng = random.Random(4)
    for step in range(200):
        target = rng.choice(state.order)
        changed = replace(
            target,
            health=rng.randint(0, 9),
            acted=rng.random() < 0.5,
            delaying=rng.random() < 0.3,
        )
        if step % 7 == 0:  # a fresh order now and then: nothing known of it yet
            state = replace(state, order=tuple(state.order))
        state = put(state, changed)
        for flag, has in (
            ("!acted", lambda c: not c.acted),
            ("delaying", lambda c: c.delaying),
            ("effects", lambda c: bool(c.effects)),
        ):
            expected = tuple(i for i, c in enumerate(state.order) if has(c))
            assert flagged(state.order, flag) == expected, (step, flag)
        for wanted in ("Ann", "ann", "BOB", "bob", " cy ", "Cy", "Nobody"):
            walked = next(
                (i for i, c in enumerate(state.order) if c.name == wanted),
                next((i for i, c in enumerate(state.order) if c.key == wanted.casefold()), -1),
            )
            assert index_of(state, wanted) == walked
            if walked >= 0:
                assert find(state, wanted) is state.order[walked]
