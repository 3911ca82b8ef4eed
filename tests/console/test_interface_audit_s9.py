"""Session 9's conformance audit of INTERFACE.md (§1 the command line, §3 the command language):
each test pins one difference found and fixed."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from console.cli import main
from console.i18n import Translator

CASE = (
    'scene new "Dock" mist\nchallenge Hound limits=harmed:immune,convinced:3\n'
    'clue "a torn collar"\nconclusion "a guard dog" supports=c1\ncomplexity 1\ntest k1\n'
)


def _run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    script: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(["run", "-", "--seed", "2", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# §1: "the printed scene speak[s] that language" — a conclusion's result and an immune limit
# were printed in English in a Chinese table's scene.


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("zh", ["结果 部分成功", "harmed 免疫"], ["mixed", "immune"]),
        ("zh-Hant", ["結果 部分成功", "harmed 免疫"], ["mixed", "immune"]),
        ("en", ["result mixed", "harmed immune"], []),
    ],
)
def test_the_printed_case_file_and_limits_speak_the_table_s_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    said: list[str],
    not_said: list[str],
) -> None:
    status, out, err = _run(capsys, monkeypatch, CASE, "--lang", lang)
    assert (status, err) == (0, "")
    for words in said:
        assert words in out, out
    for words in not_said:
        assert words not in out, out


def test_the_json_of_the_case_file_stays_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    status, out, _ = _run(capsys, monkeypatch, CASE, "--lang", "zh", "--json")
    scene = json.loads(out)
    assert status == 0
    assert scene["case_file"]["conclusions"][0]["result"] == "mixed"
    assert scene["challenges"][0]["limits"] == {"harmed": "immune", "convinced": 3}


# §3: a bad argument is a rule error "with a message for the Storyteller" in the table's
# language — these said part of it in English.


@pytest.mark.parametrize(
    ("line", "lang", "said", "not_said"),
    [
        ("complexity x", "zh", "复杂等级 必须是整数", "The complexity"),
        ("complexity x", "zh-Hant", "複雜等級 必須是整數", "The complexity"),
        ("complexity x", "en", "The complexity must be a whole number", "复杂"),
        ("consequence", "zh", 'for=ID]  ·  consequence "TEXT"', " or "),
        ("mission", "zh-Hant", 'anomaly="…"]  ·  mission end', " or "),
        ("scene open", "zh", 'next="NAME"]  ·  scene new "NAME" mist', "(or"),
    ],
)
def test_a_mist_refusal_has_no_english_words_in_chinese(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    lang: str,
    said: str,
    not_said: str,
) -> None:
    status, _, err = _run(capsys, monkeypatch, f"scene new M mist\n{line}\n", "--lang", lang)
    assert status == 1
    assert said in err and not_said not in err, err


@pytest.mark.parametrize(
    ("line", "lang", "said"),
    [
        ("roll", "zh", "[by=NAME] [hidden]  ·  roll mist POWER"),
        ("sheet", "zh", "TRAIT=N …（例如 sheet Ann pc dexterity=3 firearms=2）"),
        ("sheet", "en", "TRAIT=N … (e.g. sheet Ann pc dexterity=3 firearms=2)"),
        ("specialty Ann firearms", "zh", 'specialty NAME SKILL "SPECIALTY" N（N 为 0 时去掉）'),
        ("feat Ann", "zh-Hant", 'feat NAME "FEAT" N（N 為 0 時去掉）'),
        ('language Ann "L" 1 fluent', "zh", "[family=FAMILY]（N 为 0 时去掉）"),
        ('language Ann "L" 1 fluent', "en", "[family=FAMILY] (N 0 takes it off)"),
    ],
)
def test_a_usage_line_s_words_are_the_table_s(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    lang: str,
    said: str,
) -> None:
    script = f"scene new F ih-d10\nsheet Ann dexterity=2\n{line}\n"
    status, _, err = _run(capsys, monkeypatch, script, "--lang", lang)
    assert status == 1
    assert said in err, err
    if lang != "en":
        assert not re.search(r"\((e\.g\.|N 0)|\bor\b", err), err


def test_a_family_s_command_in_the_other_family_reads_as_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _run(capsys, monkeypatch, "scene new M mist\nadd A init=3\n")
    assert status == 1
    assert "'add' is a command of Infinite Horror; this scene is mist." in err  # not "a Infinite"


@pytest.mark.parametrize(
    ("line", "lang", "said"),
    [
        ("temporary Ann wits +1", "zh", "不是“wits”"),
        ('extended Ann "Pick" dp=3 dc=5 interval=turn\nextended drop x1', "zh", "x1“Pick”"),
    ],
)
def test_simplified_chinese_quotes_with_curly_quotes(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    lang: str,
    said: str,
) -> None:
    script = f"scene new F ih-d10\nsheet Ann pc dexterity=2\nadd Ann from=Ann init=3\n{line}\n"
    status, out, err = _run(capsys, monkeypatch, script, "--lang", lang)
    assert said in out + err and "「" not in out + err, (out, err)
    status, out, err = _run(capsys, monkeypatch, script, "--lang", "zh-Hant")
    assert "「" in out + err  # Traditional Chinese keeps its corner brackets


def test_the_simplified_chinese_table_has_no_corner_brackets() -> None:
    table = (Path(__file__).parents[2] / "console" / "locale" / "zh.json").read_text("utf-8")
    assert "「" not in table and "」" not in table


# A challenge not found lists the challenges (the PCs are not challenges), and a PC not found
# the PCs.


@pytest.mark.parametrize(
    ("line", "known"),
    [
        ("challenge save Nope", "(known: Hound)"),
        ("hide Nope", "(known: Hound)"),
        ('theme Nope self "x" power="a" weakness="b" motive="c"', "(known: Mei)"),
        ("status Nope hurt 2", "(known: Mei, Hound)"),
    ],
)
def test_a_name_not_found_lists_those_of_its_kind(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    known: str,
) -> None:
    script = f"scene new M mist\npc Mei\nchallenge Hound limits=harmed:3\n{line}\n"
    status, _, err = _run(capsys, monkeypatch, script, "--lang", "en")
    assert status == 1
    assert known in err, err


# §1: an option given twice is bad usage naming it, the console's own options too (argparse
# kept the last silently: --save-dir A --save-dir B read B).


@pytest.mark.parametrize(
    ("argv", "prog", "option"),
    [
        (["--save-dir", "{a}", "--save-dir", "{b}", "saves"], "st-console", "--save-dir"),
        (["--lang", "{lang}", "--lang=en", "run", "-"], "st-console", "--lang"),
        (["--campaign", "A", "--campaign", "B"], "st-console", "--campaign"),
        (["--save-dir", "{a}", "saves", "--json", "--json"], "st-console saves", "--json"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_a_console_option_given_twice_is_bad_usage_naming_it(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    prog: str,
    option: str,
    lang: str,
) -> None:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    words = [w.format(a=a, b=b, lang=lang) for w in argv]
    if "--lang" not in words:
        words = ["--lang", lang, *words]
    status, out, err = _call(capsys, *words)
    assert (status, out) == (2, "")
    assert err == f"{prog}: {Translator(lang)('cli.option-twice', option=option)}\n"
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_the_same_option_before_and_after_the_subcommand_is_still_allowed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, _ = _call(capsys, "--lang", "zh", "run", "-", "--lang", "en")
    assert (status, out) == (0, "No scene.\n")  # the subcommand's own --lang wins, as before


# §1 / §3 "Chat tables": `roll ww` with something that is not a pool says what a pool is (it
# said "DP/POWER must be a whole number"), in the table's language.


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Not a ww pool: abc."), ("zh", "不是 ww 骰池：abc")]
)
@pytest.mark.parametrize("system", ["ww", ".ww", "。ww"])
def test_roll_ww_with_a_word_says_what_a_pool_is(
    capsys: pytest.CaptureFixture[str], lang: str, said: str, system: str
) -> None:
    status, out, err = _call(capsys, "roll", system, "abc", "--lang", lang)
    assert (status, out) == (2, "")
    assert said in err and "DP/POWER" not in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("value", ["x", "5a8"])
@pytest.mark.parametrize("system", ["ih-d10", "ih-d6", "mist"])
def test_a_word_for_another_system_s_dp_still_names_the_argument(
    capsys: pytest.CaptureFixture[str], system: str, value: str
) -> None:
    status, out, err = _call(capsys, "roll", system, value, "--lang", "zh")
    assert (status, out) == (2, "")
    assert err == f"st-console roll: 参数 DP|POWER|XaY：DP/POWER 必须是整数，而不是 '{value}'\n"


# §1: a refusal in the table's language — the system's words for a path (-o a directory, a
# folder that does not exist, a save dir under a file) were the system's English.


@pytest.mark.parametrize(
    ("lang", "directory", "missing"),
    [
        ("zh", "（是目录）", "（没有这个文件或目录）"),
        ("zh-Hant", "（是目錄）", "（沒有這個檔案或目錄）"),
        ("en", "(Is a directory)", "(No such file or directory)"),
    ],
)
@pytest.mark.parametrize("form", ["md", "json"])
def test_export_to_a_path_it_cannot_write_says_why_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    directory: str,
    missing: str,
    form: str,
) -> None:
    root = str(tmp_path / "saves")
    status, _, _ = _run(
        capsys, monkeypatch, "scene new A ih-d10\n", "--campaign", "C", "--save-dir", root
    )
    assert status == 0
    for target, said in ((tmp_path, directory), (tmp_path / "no" / "x", missing)):
        argv = ["export", "C", "--format", form, "-o", str(target), "--save-dir", root]
        status, out, err = _call(capsys, *argv, "--lang", lang)
        assert (status, out) == (2, "")
        assert err.rstrip().endswith(said), err


def test_a_save_dir_under_a_file_says_why_in_chinese(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    status, _, err = _call(capsys, "saves", "--save-dir", str(afile / "x"), "--lang", "zh")
    assert status == 1
    assert err.rstrip().endswith("：路径中有一部分不是目录"), err


@pytest.mark.parametrize(("lang", "said"), [("zh", "（场景：A、B）"), ("en", "(scenes: A, B)")])
def test_a_scene_not_found_lists_the_scenes_with_the_table_s_separator(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    said: str,
) -> None:
    root = str(tmp_path / "saves")
    script = "scene new A ih-d10\nscene new B ih-d10\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "C", "--save-dir", root)[0] == 0
    status, _, err = _call(capsys, "show", "C/Nope", "--save-dir", root, "--lang", lang)
    assert status == 2 and said in err, err


# §3: "a name with spaces is quoted" — an unquoted one was refused with the bare usage line;
# the refusal now names the word too many and says to quote the name.


@pytest.mark.parametrize(
    ("line", "lang", "said"),
    [
        ("damage Old Wang 2", "en", "Unexpected 'Wang': a name with spaces needs quotes."),
        ("remove Old Wang", "zh", "多出了“Wang”：含空格的名字要加引号。用法：remove NAME"),
        ("heal Old Wang 1", "zh-Hant", "多出了「Wang」：含空格的名字要加引號。"),
    ],
)
def test_an_unquoted_name_with_spaces_is_told_to_be_quoted(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    lang: str,
    said: str,
) -> None:
    script = f'scene new X ih-d10\nadd "Old Wang" init=5\n{line}\n'
    status, _, err = _run(capsys, monkeypatch, script, "--lang", lang)
    assert status == 1 and said in err, err


def test_too_few_words_still_show_the_usage(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = 'scene new X ih-d10\nadd "Old Wang" init=5\ndamage "Old Wang"\n'
    status, _, err = _run(capsys, monkeypatch, script)
    assert status == 1 and err == "line 3: Use: damage NAME N\n", err


# import FILE: --campaign and --overwrite are a profiles file's; given with a campaign's export
# they were ignored silently (the export went into its own campaign, a clash became "(2)").


@pytest.fixture
def exported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Path:
    """A campaign C's export (one scene, A), made from another save directory."""
    root = str(tmp_path / "made")
    assert (
        _run(capsys, monkeypatch, "scene new A ih-d10\n", "--campaign", "C", "--save-dir", root)[0]
        == 0
    )
    target = tmp_path / "c.json"
    assert (
        _call(capsys, "export", "C", "--format", "json", "-o", str(target), "--save-dir", root)[0]
        == 0
    )
    return target


@pytest.mark.parametrize(
    ("option", "lang", "said"),
    [
        (["--campaign", "Other"], "en", "argument --campaign: is for a profiles file"),
        (["--overwrite"], "zh", "参数 --overwrite：只用于模板文件（export --profiles）"),
        (["--campaign", "Other"], "zh-Hant", "參數 --campaign：只用於模板檔案"),
    ],
)
def test_a_profiles_option_with_a_campaign_export_is_bad_usage(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    exported: Path,
    option: list[str],
    lang: str,
    said: str,
) -> None:
    root = tmp_path / "saves"
    status, out, err = _call(
        capsys, "import", str(exported), *option, "--save-dir", str(root), "--lang", lang
    )
    assert (status, out) == (2, "")
    assert err.startswith(f"st-console: {said}") and len(err.splitlines()) == 1, err
    assert not root.exists()  # nothing written


def test_a_campaign_export_still_imports_without_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: Path
) -> None:
    root = str(tmp_path / "saves")
    status, out, _ = _call(capsys, "import", str(exported), "--save-dir", root, "--lang", "zh-Hant")
    assert (status, out) == (0, "已匯入戰役 C：A。\n")  # 匯入, as the profiles' line says


def test_a_profiles_clash_lists_the_names_with_the_table_s_separator(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = str(tmp_path / "saves")
    script = "scene new D mist\nprofile Hound limits=harmed:3\nprofile Ghoul limits=harmed:2\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "P", "--save-dir", root)[0] == 0
    shared = str(tmp_path / "p.json")
    assert _call(capsys, "export", "P", "--profiles", "-o", shared, "--save-dir", root)[0] == 0
    status, _, err = _call(capsys, "import", shared, "--save-dir", root, "--lang", "zh")
    assert status == 1 and "同名模板 Hound、Ghoul；" in err, err


# export --st-name names the Storyteller in a SealDice log; with md, json or --profiles it was
# ignored silently.


@pytest.mark.parametrize(
    ("form", "lang", "said"),
    [
        (["--format", "md"], "en", "argument --st-name: is the Storyteller's nickname"),
        (["--format", "json"], "zh", "参数 --st-name：是海豹日志里主持人的昵称"),
        (["--profiles"], "zh-Hant", "參數 --st-name：是海豹日誌裡主持人的暱稱"),
    ],
)
def test_st_name_without_a_sealdice_log_is_bad_usage(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    form: list[str],
    lang: str,
    said: str,
) -> None:
    root = str(tmp_path / "saves")
    assert (
        _run(capsys, monkeypatch, "scene new A ih-d10\n", "--campaign", "C", "--save-dir", root)[0]
        == 0
    )
    target = tmp_path / "out"
    argv = ["export", "C", *form, "--st-name", "KP", "-o", str(target), "--save-dir", root]
    status, out, err = _call(capsys, *argv, "--lang", lang)
    assert (status, out) == (2, "")
    assert err.startswith(f"st-console: {said}") and not target.exists(), err
    argv = ["export", "C", "--format", "sealdice", "--st-name", "KP", "--save-dir", root]
    status, out, _ = _call(capsys, *argv)
    assert status == 0 and '"nickname": "KP"' in out


def test_a_script_that_cannot_be_read_says_why_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("scene new A ih-d10\n", encoding="utf-8")

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied", str(script))

    monkeypatch.setattr(Path, "open", refuse)
    status, out, err = _call(capsys, "run", str(script), "--lang", "zh")
    assert (status, out) == (2, "")
    assert err.rstrip().endswith("（没有权限）"), err


# A scene nobody named ("Scene 1", the name a script without `scene new` plays in) is 场景 1 in a
# Chinese report and SealDice log, as `run` prints it; the saves listings keep the name to type.


@pytest.mark.parametrize(
    ("lang", "said"), [("zh", "场景 1"), ("zh-Hant", "場景 1"), ("en", "Scene 1")]
)
def test_an_unnamed_scene_is_named_in_the_table_s_language_in_reports(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    said: str,
) -> None:
    root = str(tmp_path / "saves")
    assert (
        _run(capsys, monkeypatch, "add Ann init=3\n", "--campaign", "C", "--save-dir", root)[0] == 0
    )
    status, out, _ = _call(
        capsys, "export", "C", "--format", "md", "--save-dir", root, "--lang", lang
    )
    assert status == 0 and f"\n## {said}\n" in out, out
    status, out, _ = _call(
        capsys, "export", "C", "--format", "sealdice", "--save-dir", root, "--lang", lang
    )
    assert status == 0 and said in out
    status, out, _ = _call(capsys, "saves", "C", "--save-dir", root, "--lang", lang)
    assert status == 0 and "  Scene 1  [ih-d10]" in out  # the name `show C/Scene 1` takes


def test_a_campaign_without_scenes_lists_a_dash_under_its_scenes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = str(tmp_path / "saves")
    assert _run(capsys, monkeypatch, "", "--campaign", "E", "--save-dir", root)[0] == 0
    status, out, _ = _call(capsys, "saves", "E", "--save-dir", root, "--lang", "zh")
    assert status == 0 and out.endswith("场景：\n  —\n"), out


# A command's field named in a refusal (a control character, a name too long) was its English
# field name in Chinese (name含有控制字符).


@pytest.mark.parametrize(
    ("script", "lang", "said"),
    [
        ('add "A\x1bB" init=3', "zh", "第 2 行：名字含有控制字符（U+001B）"),
        ('add "A\x1bB" init=3', "zh-Hant", "第 2 行：名字含有控制字元（U+001B）"),
        ('add "A\x1bB" init=3', "en", "line 2: The name holds a control character (U+001B)"),
        ("add " + "x" * 90 + " init=3", "zh", "第 2 行：名字长 90 个字符；名字最多 60 个字符"),
        (
            "add A init=3\nnote A " + '"' + "y" * 1500 + '"',
            "zh-Hant",
            "第 3 行：文字長 1500 個字元",
        ),
    ],
)
def test_a_command_s_field_is_named_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    script: str,
    lang: str,
    said: str,
) -> None:
    status, _, err = _run(capsys, monkeypatch, f"scene new X ih-d10\n{script}\n", "--lang", lang)
    assert status == 1 and err.startswith(said), err


def test_a_field_without_words_is_marked_as_a_field() -> None:
    from console.i18n import error_text
    from engine.errors import RuleError

    refusal = RuleError("input.control-character", field="extra_target", char="U+0007")
    assert error_text(refusal, "zh").startswith("字段“extra_target”含有控制字符")
    assert error_text(refusal, "en").startswith("The extra_target holds a control character")
    number = RuleError("input.number-out-of-range", field="count", value=99, low=1, high=50)
    assert error_text(number, "zh").startswith("count=99 超出范围")  # an option, as typed


def test_a_note_for_nobody_names_both_kinds_it_could_go_to(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = 'scene new M mist\npc Mei\nchallenge Hound limits=harmed:3\nnote Nope "x"\n'
    status, _, err = _run(capsys, monkeypatch, script, "--lang", "zh")
    assert status == 1
    assert err == "第 4 行：没有名为“Nope”的角色或挑战（现有：Mei、Hound）。\n", err


# serve prints where to open the view in --lang (it was English whatever the language).


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", ["玩家视图：打开 http://127.0.0.1:", "按 Ctrl+C 停止。"]),
        ("zh-Hant", ["玩家視圖：打開 http://127.0.0.1:", "按 Ctrl+C 停止。"]),
        ("en", ["Players' view: open http://127.0.0.1:", "Press Ctrl+C to stop."]),
    ],
)
def test_serve_says_where_to_open_the_view_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    said: list[str],
) -> None:
    from aiohttp import web

    from console.player import serve

    monkeypatch.setattr(web, "run_app", lambda *_, **__: None)  # print, then serve nothing
    monkeypatch.setattr(serve, "port_in_use", lambda *_: False)
    assert serve.serve(str(tmp_path), None, lang, "127.0.0.1", 18999) == 0
    out = capsys.readouterr().out
    for words in said:
        assert words in out, out
    assert "Warning" not in out and "警告" not in out


# A scene whose file is gone: show --at and fork said "cannot use: PATH" (a FileNotFoundError
# of the partial read); now the missing file, as show and export without --at say it.


@pytest.mark.parametrize(
    "argv", [["show", "C", "--at", "0"], ["fork", "C", "--at", "0"], ["show", "C"]]
)
def test_a_missing_scene_file_is_said_as_missing_at_any_moment(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
) -> None:
    root = tmp_path / "saves"
    script = "scene new A ih-d10\nadd X init=3\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "C", "--save-dir", str(root))[0] == 0
    (scene_file,) = (root / "campaigns" / "c" / "scenes").glob("scene-*.json")
    scene_file.unlink()
    status, out, err = _call(capsys, *argv, "--save-dir", str(root), "--lang", "zh")
    assert (status, out) == (1, "")
    assert err == f"st-console: {scene_file}：不存在：场景 'A' 的文件。文件保持原样。\n", err
    assert not (root / "campaigns" / "c-from-entry-0").exists()


def test_saves_lists_a_campaign_it_cannot_read_saying_why_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import json

    root = tmp_path / "saves"
    script = "scene new A ih-d10\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "C", "--save-dir", str(root))[0] == 0
    (root / "campaigns" / "c" / "campaign.json").write_text('{"broken', encoding="utf-8")
    status, out, _ = _call(capsys, "saves", "--save-dir", str(root), "--lang", "zh")
    assert status == 0
    assert "（无法读取：" in out and "不是有效的 JSON" in out and "is not valid JSON" not in out
    status, out, _ = _call(capsys, "saves", "--save-dir", str(root), "--json", "--lang", "zh")
    (listed,) = json.loads(out)["campaigns"]
    assert "is not valid JSON" in listed["problem"]  # JSON values stay English


# A damaged file's JSON problem was Python's English inside a Chinese refusal.


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        ("{", "zh-Hant", "（應當是 '\"'，卻是 檔案結尾）"),
        ('{"a": 1} x', "zh", "（后面还有多余的内容）"),
        ('{"a": 1} x', "en", "(extra data after the object)"),
    ],
)
def test_an_import_of_damaged_json_says_what_is_wrong_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, lang: str, said: str
) -> None:
    damaged = tmp_path / "bad.json"
    damaged.write_text(text, encoding="utf-8")
    root = str(tmp_path / "saves")
    status, out, err = _call(capsys, "import", str(damaged), "--save-dir", root, "--lang", lang)
    assert (status, out) == (1, "")
    assert said in err, err


def test_python_s_json_problems_are_said_in_chinese() -> None:
    from console.i18n import _json_problem, _table

    table = _table("zh")
    assert _json_problem(table, "Expecting value") == "这里应当有一个值"
    assert _json_problem(table, "Invalid control character at; truncated?") == (
        "字符串里有控制字符；被截断了？"
    )
    assert _json_problem(table, "something new") == "something new"  # as it is


# run SCRIPT with a pipe for SCRIPT (/dev/stdin, a shell's <(…)) said "no such file"; it is
# read as a file is. import FILE of a pipe says it needs a file (it reads its file twice).


def test_run_reads_a_script_from_a_pipe(capsys: pytest.CaptureFixture[str]) -> None:
    import os

    read, write = os.pipe()
    os.write(write, b'scene new "Piped" ih-d10\nadd A init=3\n')
    os.close(write)
    try:
        status, out, err = _call(capsys, "run", f"/dev/fd/{read}", "--lang", "zh")
    finally:
        os.close(read)
    assert (status, err) == (0, "")
    assert out.startswith("场景 Piped（ih-d10）"), out


def test_import_of_a_pipe_says_it_needs_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import os

    read, write = os.pipe()
    os.close(write)
    root = tmp_path / "saves"
    try:
        argv = ["import", f"/dev/fd/{read}", "--save-dir", str(root), "--lang", "zh-Hant"]
        status, out, err = _call(capsys, *argv)
    finally:
        os.close(read)
    assert (status, out) == (2, "")
    assert err == f"st-console: FILE：'/dev/fd/{read}' 不是一般檔案（管道？）：請先存成檔案再匯入\n"
    assert not root.exists()


# README (Typing Chinese): full-width digits read as 12 "in the command line's own arguments" —
# roll and odds did; show --at, run --seed and the other whole-number options refused them.


def test_every_whole_number_option_reads_full_width_digits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = str(tmp_path / "saves")
    script = "scene new A ih-d10\nadd X init=3\nadd Y init=2\nbegin\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "C", "--save-dir", root)[0] == 0
    status, out, _ = _call(capsys, "show", "C", "--at", "２", "--save-dir", root, "--lang", "zh")
    assert status == 0 and "1. X：先攻 3" in out and "Y" in out and "第 1 轮" not in out, out
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll ih-d10 3\n"))
    first = main(["run", "-", "--seed", "１２", "--json"]), capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll ih-d10 3\n"))
    again = main(["run", "-", "--seed", "12", "--json"]), capsys.readouterr().out
    assert first == again and first[0] == 0


@pytest.mark.parametrize("typed", ["٣", "1_0", "３x"])
def test_other_scripts_digits_are_still_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, typed: str
) -> None:
    status, out, err = _call(capsys, "show", "C", "--at", typed, "--save-dir", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == f"st-console show: argument --at: --at must be a whole number, not {typed!r}\n"


def test_roll_ww_s_usage_on_the_command_line_shows_its_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = _call(capsys, "roll", "ww", "5a8", "--again", "9")
    assert status == 2
    assert err.rstrip().endswith(
        "Use: st-console roll ww X[aY][k8][m10] [--dc N] [--bonus N] "
        "[--penalty N] [--willpower] [--untrained physical|social|mental] "
        "[--seed N] [--json] [--chat]"
    ), err
    assert "by=NAME" not in err and "hidden" not in err  # the console's, not the command line's


@pytest.mark.parametrize("form", ["md", "json", "sealdice"])
def test_an_empty_output_name_is_bad_usage_naming_o(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, form: str
) -> None:
    root = str(tmp_path / "saves")
    assert (
        _run(capsys, monkeypatch, "scene new A ih-d10\n", "--campaign", "C", "--save-dir", root)[0]
        == 0
    )
    argv = ["export", "C", "--format", form, "-o", "", "--save-dir", root, "--lang", "zh"]
    status, out, err = _call(capsys, *argv)
    assert (status, out) == (2, "")
    assert err == "st-console: 参数 -o：文件名是空的：请给一个，或省略 -o 输出到标准输出\n"


# import --campaign NAME of a profiles file: a name no campaign can have was exit 1 without the
# argument's name ('' fell back to the file's campaign); now bad usage naming --campaign.


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "st-console import: 参数 --campaign：战役需要一个名字。"),
        ("a\tb", "st-console import: 参数 --campaign：战役名字 'a\\tb' 含控制字符（U+0009）"),
        ("x" * 70, "st-console import: 参数 --campaign：战役名字长 70 个字符"),
    ],
)
def test_import_with_a_campaign_name_no_campaign_can_have_is_bad_usage(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    said: str,
) -> None:
    root = str(tmp_path / "saves")
    script = "scene new D mist\nprofile Hound limits=harmed:3\n"
    assert _run(capsys, monkeypatch, script, "--campaign", "P", "--save-dir", root)[0] == 0
    shared = str(tmp_path / "p.json")
    assert _call(capsys, "export", "P", "--profiles", "-o", shared, "--save-dir", root)[0] == 0
    before = sorted(p.name for p in (tmp_path / "saves" / "campaigns").iterdir())
    argv = ["import", shared, "--campaign", name, "--save-dir", root, "--lang", "zh"]
    status, out, err = _call(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(said), err
    assert sorted(p.name for p in (tmp_path / "saves" / "campaigns").iterdir()) == before


def test_an_empty_campaign_with_a_campaign_export_is_refused_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: Path
) -> None:
    argv = ["import", str(exported), "--campaign", "", "--save-dir", str(tmp_path / "s")]
    status, _, err = _call(capsys, *argv)
    assert status == 2 and "argument --campaign: is for a profiles file" in err, err
