"""Second audit of M.I.S.T. against RULES.md §4 and INTERFACE.md §2–3: a regression per finding."""

from __future__ import annotations

import pytest
from mist_support import run

from engine.errors import RuleError
from engine.mist.family import to_json
from engine.mist.status import take_status


def _statuses(json: dict[str, object], index: int = 0, key: str = "characters") -> object:
    rows = json[key]
    assert isinstance(rows, list)
    return rows[index]["statuses"]


def test_blanks_around_a_status_name_do_not_make_a_second_status() -> None:
    """§4.1 stacking is by name; ``"hurt "`` is hurt (INTERFACE §3: names match by case)."""
    state, _ = run(["pc Mei", 'status Mei "hurt " 2', 'status mei " HURT" 2', "status Mei hurt 1"])
    assert _statuses(to_json(state)) == {"hurt": {"tier": 3, "boxes": [1, 2, 3]}}
    state, _ = run(['reduce Mei " hurt " 2'], state)
    assert _statuses(to_json(state)) == {"hurt": {"tier": 1, "boxes": [1]}}


def test_blanks_around_a_target_name_find_the_character() -> None:
    """``pc " Mei "`` stores Mei; ``status " Mei " …`` must find her, not refuse."""
    state, _ = run(['pc " Mei "', 'status " Mei " hurt 2', 'status "MEI " hurt 2'])
    assert to_json(state)["characters"][0]["name"] == "Mei"
    assert _statuses(to_json(state)) == {"hurt": {"tier": 3, "boxes": [2, 3]}}


def test_a_blank_padded_status_reaches_its_limit() -> None:
    """§4.1: reaching a limit overcomes the challenge, whatever blanks surround the kind."""
    state, _ = run(["challenge Hound limits=harmed:3", 'status Hound " harmed " 3'])
    hound = to_json(state)["challenges"][0]
    assert hound["overcome"] is True
    assert hound["statuses"] == {"harmed": {"tier": 3, "boxes": [3]}}


def test_a_status_needs_a_name_at_the_engine_too() -> None:
    """A dialog passing a blank name gets a RuleError, not a status called ''."""
    with pytest.raises(RuleError) as caught:
        take_status((), "  ", 2)
    assert caught.value.code == "mist.status.status-needs-name"


@pytest.mark.parametrize(
    ("lines", "overcome"),
    [
        (["status Hound harmed 2", "status Hound harmed 2", "status Hound harmed 3"], True),
        (["status Hound harmed 2", "status Hound harmed 2", "status Hound harmed 2"], False),
        (["status Hound harmed 1", 'status Hound " Harmed " 4'], True),
        (['status Hound "harmed (x)" 4', "status Hound harmless 4"], False),
    ],
)
def test_separate_takes_still_reach_their_kinds_limit(lines: list[str], overcome: bool) -> None:
    """[I-4] off: each take is its own status ("harmed (2)"), but it is still a *harmed*
    status, so §4.1's "reaching any limit overcomes the challenge" counts it."""
    setup = ["interpret stack_same_name_statuses=false", "challenge Hound limits=harmed:3"]
    state, _ = run(setup + lines)
    assert to_json(state)["challenges"][0]["overcome"] is overcome


@pytest.mark.parametrize(
    "line",
    [
        'conclusion "x" supports=c1 supports=c2',
        "challenge Hound limits=harmed:3 LIMITS=convinced:2",
        "status Mei hurt 2 counters=cold counters=wet",
    ],
)
def test_an_option_given_twice_is_refused_not_half_read(line: str) -> None:
    """INTERFACE §3: a bad argument is a rule error. ``supports=c1 supports=c2`` used to keep
    c1 and silently drop c2, so the conclusion's power was 1, not the 2 the MC wrote."""
    state, _ = run(["pc Mei", 'clue "a"', 'clue "b"'])
    with pytest.raises(RuleError) as caught:
        run([line], state)
    assert caught.value.code == "mist.language.twice-give-once"
