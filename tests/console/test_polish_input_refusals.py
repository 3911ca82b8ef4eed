"""Bad input refused clearly, in the table's language (the session-6 polish audit): an option
given twice, an input method's dashes for ``--``, ``fork --as ''``, and "1 round" in English."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from console.cli import main
from console.i18n import Translator
from engine import commands
from engine.errors import RuleError
from engine.fullwidth import fold_line, option_dashes

TWICE = {
    "en": "'{verb}' has {key} twice: give each option once.",
    "zh": "“{verb}”给了两次 {key}：每个选项只给一次。",
    "zh-Hant": "「{verb}」給了兩次 {key}：每個選項只給一次。",
}


@pytest.mark.parametrize(
    ("line", "system", "verb", "key"),
    [
        ("add A init=3 init=4", "ih-d10", "add", "init="),
        ("join A init=3 dex=2 INIT=4", "ih-d10", "join", "init="),
        ("add A from=Ghoul count=2 count=3", "ih-d10", "add", "count="),
        ("sheet Ann str=3 str=4", "ih-d10", "sheet", "str="),
        ("attack Ann Ghoul dp=2 dp=3", "ih-d10", "attack", "dp="),
        ("check Ann str+ath dc=2 dc=3", "ih-d10", "check", "dc="),
        ("check Ann str+ath --dc 2 --dc 3", "ih-d10", "check", "--dc"),
        ("check Ann str+ath dc=2 --dc 3", "ih-d10", "check", "--dc"),
        ("roll ih-d10 3 --dc 2 --dc 3", None, "roll", "--dc"),
        ("roll ih-d10 3 --bonus=1 --bonus=2", None, "roll", "--bonus"),
        ("roll ih-d10 3 dc=1 --dc=2", None, "roll", "--dc"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_an_option_given_twice_is_refused_naming_it(
    line: str, system: str | None, verb: str, key: str, lang: str
) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(line, system)
    assert caught.value.code == "language.option-twice"
    assert caught.value.render(lang) == TWICE[lang].format(verb=verb, key=key)


def test_profile_takes_its_documented_lists_more_than_once() -> None:
    """INTERFACE.md §3: ``profile NAME … threat="…"…`` repeats threat, consequence, note."""
    line = 'profile P limits=harm:3 threat="a" threat="b" note="x" note="y" consequence="c"'
    command = commands.parse(line, "mist")
    assert command.profile.threats == ("a", "b")  # type: ignore[union-attr]
    assert command.profile.notes == ("x", "y")  # type: ignore[union-attr]
    with pytest.raises(RuleError):
        commands.parse('profile P limits=harm:3 limits=harm:2 threat="a"', "mist")


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("roll ih-d10 3 ——dc 2", "roll ih-d10 3 --dc 2"),
        ("roll ih-d10 3 －－dc 2", "roll ih-d10 3 --dc 2"),
        ("roll ih-d10 3 —dc 2", "roll ih-d10 3 --dc 2"),
        ("check Ann str+ath ——willpower", "check Ann str+ath --willpower"),
        ("roll ih-d10 3 ——dc=2", "roll ih-d10 3 --dc=2"),
        ('threat "——dc" x', 'threat "——dc" x'),  # inside quotes: as typed
        ("note a —— b", "note a —— b"),  # a lone dash is no option
        ("note a—dc", "note a—dc"),  # inside a word
        ("roll ih-d10 3 --bonus —1", "roll ih-d10 3 --bonus —1"),  # before a digit: kept
        ("roll ih-d10 3 --bonus －１", "roll ih-d10 3 --bonus -1"),  # full-width minus one
    ],
)
def test_an_input_methods_dashes_before_an_option_read_as_two_hyphens(
    typed: str, read: str
) -> None:
    assert fold_line(typed) == read


@pytest.mark.parametrize("dashes", ["——", "－－", "—"])
def test_a_roll_with_an_input_methods_dashes_is_the_roll_with_dc(dashes: str) -> None:
    plain = commands.parse("roll ih-d10 3 --dc 2 --seed 4", None)
    assert commands.parse(f"roll ih-d10 3 {dashes}dc 2 {dashes}seed 4", None) == plain
    assert option_dashes(f"{dashes}dc") == "--dc"


@pytest.mark.parametrize("dashes", ["——", "－－", "—"])
def test_the_cli_roll_reads_an_input_methods_dashes(
    dashes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", "ih-d10", "3", "--dc", "2", "--seed", "1", "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["roll", "ih-d10", "3", f"{dashes}dc", "2", f"{dashes}seed", "1", "--json"]) == 0
    assert capsys.readouterr().out == plain
    assert '"dc": 2' in plain


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    script = 'scene new "Fight" ih-d10\nadd Ann pc init=5\nbegin\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["run", "-", "--campaign", "C", "--save-dir", str(tmp_path)]) == 0
    return tmp_path


EMPTY_AS = {
    "en": "The fork's name (--as) is empty",
    "zh": "分支的名字（--as）是空的",
    "zh-Hant": "分支的名字（--as）是空的",
}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("name", ["", "   "])
def test_fork_as_an_empty_name_is_refused_not_defaulted(
    root: Path, name: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(p.name for p in (root / "campaigns").iterdir())
    capsys.readouterr()
    argv = ["fork", "C", "--at", "1", "--as", name, "--lang", lang, "--save-dir", str(root)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    said = Translator(lang)("cli.argparse.argument") % {"argument_name": "--as", "message": ""}
    assert err.startswith("st-console fork: " + said)  # 参数 --as： in Chinese
    assert EMPTY_AS[lang] in err
    assert sorted(p.name for p in (root / "campaigns").iterdir()) == before


def test_fork_without_as_still_takes_the_default_name(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fork", "C", "--at", "1", "--save-dir", str(root)]) == 0
    assert "C (from entry 1)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "key", "rounds", "expected"),
    [
        ("en", "report.effect", 1, "Blessed (1 round)"),
        ("en", "report.effect", 2, "Blessed (2 rounds)"),
        ("en", "report.effect", 0, "Blessed (0 rounds)"),
        ("en", "report.effect-left", 1, "Blessed (1 round left)"),
        ("en", "report.effect-left", 3, "Blessed (3 rounds left)"),
        ("zh", "report.effect", 1, "Blessed（1 轮）"),
        ("zh-Hant", "report.effect-left", 1, "Blessed（剩 1 輪）"),
    ],
)
def test_one_round_is_singular_in_english(lang: str, key: str, rounds: int, expected: str) -> None:
    assert Translator(lang)(key, label="Blessed", rounds=rounds) == expected


def test_run_prints_one_round_in_the_singular(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "scene new F ih-d10\nadd Ann init=3\nadd Bob init=2\nbegin\n"
    script += 'effect Ann "Blessed" rounds=1\neffect Bob "Slow" rounds=2\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["run", "-"]) == 0
    out = capsys.readouterr().out
    assert "effects: Blessed (1 round)\n" in out
    assert "effects: Slow (2 rounds)\n" in out


CLI_TWICE = {
    "en": "argument --dc: given twice; give it once",
    "zh": "参数 --dc：给了两次；只给一次",
    "zh-Hant": "參數 --dc：給了兩次；只給一次",
}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "ih-d10", "3", "--dc", "2", "--dc", "3"],
        ["roll", "ih-d10", "3", "--dc=2", "——dc", "3"],
        ["odds", "ih-d10", "3", "--dc", "2", "--dc", "3"],
    ],
)
def test_the_cli_refuses_an_option_given_twice(
    argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--lang", lang]) == 2
    assert capsys.readouterr().err == f"st-console {argv[0]}: {CLI_TWICE[lang]}\n"


def test_the_cli_takes_interpret_more_than_once(capsys: pytest.CaptureFixture[str]) -> None:
    setting = "d6_sixes_counted_across_check"
    argv = [
        "roll",
        "ih-d6",
        "3",
        "--interpret",
        f"{setting}=false",
        "--interpret",
        f"{setting}=true",
    ]
    assert main([*argv, "--seed", "1"]) == 0
