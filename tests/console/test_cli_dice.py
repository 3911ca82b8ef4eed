"""``st-console roll`` and ``st-console odds`` (INTERFACE.md §1–2)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from console.cli import main

ROLL_KEYS = [
    "system", "dp", "chance", "faces", "extra_dice", "rolled_successes", "penalty", "bonus",
    "final_successes", "dc", "success", "margin", "dramatic_failure", "auto_failure",
]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ("roll", "ih-d10", "3", "--bonus", "2", "--dc", "3"),
        ("roll", "ih-d10", "6", "--again", "8", "--penalty", "1"),
        ("roll", "ih-d10", "0", "--dc", "1"),
        ("roll", "ih-d6", "5", "--level", "3", "--willpower"),
        ("roll", "ih-d6", "-2", "--bonus", "3"),
        ("roll", "ih-d6", "3", "--untrained", "mental", "--dc", "2"),
    ],
)
@pytest.mark.parametrize("seed", ["1", "2", "3", "42"])
def test_roll_json_keys_and_consistency(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], seed: str
) -> None:
    status, out, _ = run(capsys, *argv, "--seed", seed, "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ROLL_KEYS
    success_face = 8 if data["system"] == "ih-d10" else 5
    if data["auto_failure"]:
        assert data["faces"] == [] and data["final_successes"] == 0
    elif not data["chance"]:
        assert len(data["faces"]) == data["dp"] + data["extra_dice"]
        assert data["rolled_successes"] == sum(f >= success_face for f in data["faces"])
    else:
        first = 1 if data["system"] == "ih-d10" else 2
        assert len(data["faces"]) == first + data["extra_dice"]
        assert data["bonus"] == 0
        ones = data["faces"][:first] == [1] * first
        assert data["dramatic_failure"] is ones
    effective = data["rolled_successes"] - data["penalty"]
    if not data["auto_failure"]:
        expected = effective + data["bonus"] if effective > 0 else 0
        assert data["final_successes"] == expected
    if data["dc"] is None:
        assert data["success"] is None and data["margin"] is None
    else:
        assert data["margin"] == data["final_successes"] - data["dc"]


def test_roll_is_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "roll", "ih-d10", "8", "--seed", "9", "--json")[1]
    assert run(capsys, "roll", "ih-d10", "8", "--seed", "9", "--json")[1] == first


def test_mist_roll_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "roll", "mist", "3", "--seed", "5", "--json")
    data = json.loads(out)
    assert status == 0
    assert list(data) == ["system", "power", "d8", "d4s", "total", "outcome"]
    assert len(data["d4s"]) == 3 and data["total"] == data["d8"] + max(data["d4s"])
    assert data["outcome"] in ("fail", "mixed", "success")


def test_human_roll_names_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "roll", "ih-d10", "5", "--dc", "2", "--seed", "1")
    assert status == 0
    assert " vs DC 2 — " in out and ("success by" in out or "failure by" in out)
    assert "faces:" in out


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "ih-d10", "7", "--dc", "3", "--again", "9", "--json")
    data = json.loads(out)
    assert status == 0
    assert list(data) == [
        "system", "dp", "distribution", "expected", "p_dramatic_failure", "p_success",
    ]  # fmt: skip
    distribution = {int(k): p for k, p in data["distribution"].items()}
    assert math.fsum(distribution.values()) == pytest.approx(1.0, abs=1e-12)
    assert data["p_success"] == pytest.approx(
        math.fsum(p for k, p in distribution.items() if k >= 3), abs=1e-12
    )
    assert data["expected"] == pytest.approx(2.625)


def test_odds_without_dc_has_null_success(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "odds", "ih-d10", "0", "--json")[1])
    assert data["p_success"] is None and data["p_dramatic_failure"] == pytest.approx(0.1)


def test_mist_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "odds", "mist", "2", "--json")[1])
    assert list(data) == ["system", "power", "distribution", "p_fail", "p_mixed", "p_success"]
    assert data["p_fail"] + data["p_mixed"] + data["p_success"] == pytest.approx(1.0)
    assert min(int(k) for k in data["distribution"]) == 2


def test_odds_text_prints_the_exact_chance(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "ih-d10", "7", "--dc", "3", "--again", "9")
    assert status == 0
    assert "P(success vs DC 3) = 0.477167844" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (("roll", "ih-d10", "three"), "DP"),
        (("roll", "ih-d10", "3.5"), "DP"),
        (("roll", "ih-d10", "3", "--again", "7"), "--again"),
        (("roll", "ih-d6", "3", "--level", "4"), "--level"),
        (("roll", "ih-d12", "3"), "system"),
        (("odds", "ih-d10", "3", "--dc", "-1"), "--dc"),
        (("roll", "ih-d6", "3", "--again", "9"), "--again"),
        (("odds", "ih-d10", "3", "--level", "2"), "--level"),
        (("roll", "mist", "2", "--penalty", "1"), "--penalty"),
        (("odds", "mist", "2", "--untrained", "social"), "--untrained"),
        (("odds", "ih-d6", "100000"), "DP"),
    ],
)
def test_bad_usage_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], named: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and named in err and "Traceback" not in err


def test_subprocess_roll_has_no_textual() -> None:
    code = (
        "import sys; from console.cli import main; main(['roll', 'ih-d6', '3', '--json']); "
        "print(any(m.split('.')[0] == 'textual' for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_interpret_switches_an_interpretation_for_the_odds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["odds", "mist", "-2", "--interpret", "negative_power_subtracts_d4=off", "--json"])
        == 0
    )
    switched = json.loads(capsys.readouterr().out)
    assert switched["p_success"] == 0.0 and set(switched["distribution"]) == {
        str(n) for n in range(1, 9)
    }
    assert (
        main(["odds", "ih-d6", "4", "--interpret", "d6_sixes_counted_across_check=false", "--json"])
        == 0
    )
    per_wave = json.loads(capsys.readouterr().out)
    assert main(["odds", "ih-d6", "4", "--json"]) == 0
    across = json.loads(capsys.readouterr().out)
    assert per_wave["distribution"]["4"] != across["distribution"]["4"]


def test_interpret_with_an_unknown_setting_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mist", "1", "--interpret", "bogus=1"]) == 2
    err = capsys.readouterr().err
    assert "--interpret" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["1_0", "٣", "0x3", "３x"])
def test_a_pool_that_is_not_ascii_digits_is_bad_usage(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", "ih-d10", value]) == 2
    err = capsys.readouterr().err
    assert "DP/POWER" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("typed", "ascii"),
    [
        (("roll", "ih-d10", "３", "--seed", "４"), ("roll", "ih-d10", "3", "--seed", "4")),
        (
            ("roll", "ｉｈ－ｄ６", "５", "－－ｌｅｖｅｌ", "２", "--seed", "1"),
            ("roll", "ih-d6", "5", "--level", "2", "--seed", "1"),
        ),
        (("roll", "ww", "５ａ８", "--seed", "1"), ("roll", "ww", "5a8", "--seed", "1")),
        (("--lang", "zh", "odds", "ih-d10", "３", "--dc", "２"), None),
        (("odds", "mist", "－２", "--json"), ("odds", "mist", "-2", "--json")),
    ],
)
def test_full_width_dice_arguments_read_as_ascii(
    typed: tuple[str, ...], ascii: tuple[str, ...] | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27 §2: a Chinese input method's full-width digits, letters and dashes."""
    status, out, err = run(capsys, *typed)
    assert (status, err) == (0, "")
    if ascii is not None:
        assert run(capsys, *ascii)[1] == out


def test_only_the_dice_commands_fold_their_arguments() -> None:
    from console.cli_fullwidth import ascii_dice_arguments

    folded = ascii_dice_arguments(["--campaign", "Ｃ", "ｒｏｌｌ", "３"])
    assert folded == ["--campaign", "Ｃ", "roll", "3"]
    assert ascii_dice_arguments(["run", "ｓｃｒｉｐｔ.txt"]) == ["run", "ｓｃｒｉｐｔ.txt"]
    assert ascii_dice_arguments(["--scene", "roll", "run", "x"]) == ["--scene", "roll", "run", "x"]
