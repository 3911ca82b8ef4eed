"""Invariants of the IH encounter over random command sequences (hypothesis).

Only RuleError is ever raised; a refusal leaves the scene unchanged (==); nobody ends two turns
in one round; every combatant who could act in a round did before the next round started;
budgets never go negative; undo (engine/session.py replay) restores the previous state exactly.
"""

from __future__ import annotations

from collections import defaultdict

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import commands, session
from engine.errors import RuleError
from engine.ih.encounter import Encounter, Phase
from engine.ih.events import Delayed, Removed, RoundStarted, TurnEnded

NAMES = ("A", "B", "C", "D", "E")
name = st.sampled_from(NAMES)
small = st.integers(min_value=-3, max_value=12)
kind = st.sampled_from(("free", "swift", "reflex", "move", "standard", "full-round"))

line = st.one_of(
    st.builds(
        lambda n, i, c, d: f"add {n} init={i} com={c} dex={d} defense-bonus=2",
        name,
        small,
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    st.builds(lambda n, m: f"join {n} mod={m}", name, st.integers(0, 6)),
    st.builds(lambda a, b: f"surprise {a} {b}", name, name),
    st.just("begin"),
    st.just("next"),
    st.just("next"),
    st.just("next"),
    st.builds(lambda n, k: f"spend {n} {k}", name, kind),
    st.builds(lambda a, b: f"delay {a} after {b}", name, name),
    st.builds(lambda a: f"delay {a} next-round", name),
    st.builds(lambda a, n: f"initiative {a} {n:+d}", name, st.integers(-8, 8)),
    st.builds(lambda a, b: f"swap {a} {b}", name, name),
    st.builds(lambda a: f"remove {a}", name),
    st.builds(lambda a, n: f"damage {a} {n}", name, st.integers(0, 9)),
    st.builds(lambda a, n: f"heal {a} {n}", name, st.integers(0, 9)),
    st.builds(
        lambda a, u: f"willpower {a} {u}",
        name,
        st.sampled_from(("+1", "-1", "+3dp", "defense", "conscious", "impulse", "trait")),
    ),
    st.builds(lambda a, n: f"defend {a} {n}", name, st.integers(1, 3)),
    st.builds(
        lambda a, b, n: f'effect {a} "E{n}" rounds={n} by={b}', name, name, st.integers(1, 3)
    ),
    st.builds(lambda a, b: f"interrupt {a} {b}", name, name),
    st.sampled_from(("resolve continues", "resolve fails", "end scene", "end movie")),
    st.builds(lambda a, n: f"extra {a} swift {n}", name, st.integers(0, 1)),
    st.builds(lambda n: f"cap free {n}", st.integers(0, 2)),
)


def check_budgets(state: Encounter) -> None:
    for combatant in state.order:
        budget = combatant.budget
        assert min(budget.swift, budget.move, budget.standard, combatant.free_used) >= 0
        assert combatant.owed_swift <= 1 + combatant.extra.swift
        assert 0 <= combatant.health <= combatant.health_max
        assert 0 <= combatant.willpower <= combatant.willpower_max
        assert 0 <= combatant.defense_spent <= combatant.defense_bonus


roster = st.lists(
    st.builds(
        lambda n, i, c: f"add {n} init={i} com={c} willpower=3 health=4 defense-bonus=1",
        name,
        st.integers(5, 9),
        st.integers(1, 3),
    ),
    min_size=2,
    max_size=5,
)
opening = st.sampled_from(([], ["begin"], ["surprise A C"], ["surprise B", "next", "begin"]))
turn_heavy = st.one_of(line, st.just("next"), st.just("next"))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roster, opening, st.lists(turn_heavy, min_size=1, max_size=40), st.integers(0, 2**32))
def test_random_sequences_keep_the_invariants(
    adds: list[str], start: list[str], rest: list[str], seed: int
) -> None:
    lines = adds + start + rest
    scene = session.new_scene("fight", "ih-d10", seed=seed)
    ended: dict[tuple[int, int], list[str]] = defaultdict(list)
    for text in lines:
        before = scene
        try:
            scene, events = session.execute_text(scene, text)
        except RuleError:
            assert scene == before
            continue
        state: Encounter = scene.state
        prior: Encounter = before.state
        check_budgets(state)
        assert session.undo(scene).state == prior
        round_now = (prior.scene, prior.round)
        delayed = {e.name for e in events if isinstance(e, Delayed)}
        removed = {e.name for e in events if isinstance(e, Removed)}
        for event in events:
            if isinstance(event, TurnEnded):
                key = (round_now[0], event.round)
                assert event.name not in ended[key], f"{event.name} ended two turns"
                ended[key].append(event.name)
            if isinstance(event, RoundStarted) and event.round > 1 and prior.phase is Phase.COMBAT:
                finished = (prior.scene, event.round - 1)
                for combatant in prior.order:
                    could_act = (
                        not combatant.delaying
                        and combatant.joins_round <= event.round - 1
                        and combatant.name not in delayed
                        and combatant.name not in removed
                    )
                    if could_act:
                        assert combatant.name in ended[finished], f"{combatant.name} lost a turn"


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=60))
def test_any_text_parses_to_a_command_or_a_rule_error(text: str) -> None:
    try:
        command = commands.parse(text, "ih-d10")
    except RuleError as error:
        assert error.message
    else:
        assert command is None or type(command).__module__.startswith("engine.")


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ("add", "join", "spend", "delay", "effect", "willpower", "extra", "cap", "end", "A")
        ),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.sampled_from(("A", "x=1", "rounds=", "+3dp", "after", '"a b"', "-2", "turn"))),
)
def test_ih_verbs_with_odd_arguments(words: list[str], tail: list[str]) -> None:
    try:
        command = commands.parse(" ".join(words + tail), "ih-d6")
    except RuleError as error:
        assert error.message
    else:
        assert type(command).__module__.startswith("engine.ih.commands.")
