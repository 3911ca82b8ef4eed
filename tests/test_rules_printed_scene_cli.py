"""``st-console run``'s printed Infinite Horror scene says each combatant's actions as the rules
count them: the current actor's left this turn, anyone else's next turn, less the swift action a
reflex taken off-turn already spent (RULES.md §3.6–§3.7), in the table's language."""

from __future__ import annotations

import io
import sys

import pytest

from console.cli import main

SCRIPT = "scene new V ih-d10\nadd A init=15\nadd B init=12\nbegin\nspend A standard\n"


@pytest.mark.parametrize(
    ("lang", "actor", "reactor"),
    [
        ("en", "1. A: initiative 15, health 7, willpower 4; swift 1 move 1 standard 0",
         "2. B: initiative 12, health 7, willpower 4; swift 0 move 1 standard 1"),
        ("zh", "1. A：先攻 15，生命值 7，意志 4；迅捷 1 移动 1 标准 0",
         "2. B：先攻 12，生命值 7，意志 4；迅捷 0 移动 1 标准 1"),
    ],
)  # fmt: skip
def test_an_off_turn_reflex_spends_the_next_turn_s_swift(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    actor: str,
    reactor: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(SCRIPT + "spend B reflex\n"))
    assert main(["run", "-", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert actor in out and reactor in out, out


def test_a_past_turn_s_spending_is_not_shown_as_the_next_turn_s(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spent its standard action in round 1; while B acts, A's next turn has all three."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(SCRIPT + "next\n"))
    assert main(["run", "-"]) == 0
    out = capsys.readouterr().out
    assert "1. A: initiative 15, health 7, willpower 4; swift 1 move 1 standard 1" in out, out
