"""The command line, its JSON and the command language held to INTERFACE.md (session 6 audit).

Each row is one form of INTERFACE.md: a ``run`` script, its language, and what must (or must
not) be said. Calls ``console.cli.main`` in-process (no subprocess).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_call import call

# (script, lang, said, not said): a refusal's every word in the table's language (INTERFACE.md
# §1: "refusals … speak that language").
REFUSALS = [
    ('scene new X ih-d10\nadd "A init=3\n', "zh", "引号没有闭合", "No closing quotation"),
    ('scene new X ih-d10\nadd "A init=3\n', "zh-Hant", "引號沒有閉合", "No closing"),
    ('scene new X ih-d10\nadd "A init=3\n', "en", "No closing quotation", "引号"),
    ("scene new X ih-d10\ndamage Nobody 2\n", "zh", "现有：无人", "nobody yet"),
    ("scene new X ih-d10\ndamage Nobody 2\n", "zh-Hant", "現有：無人", "nobody yet"),
    ("scene new X ih-d10\ndamage Nobody 2\n", "en", "known: nobody yet", "还没有"),
    ("scene new X mist\nstatus Nobody hurt 3\n", "zh", "无人", "nobody yet"),
    ("scene new X ih-d10\nadd A init=3\ndamage A x\n", "zh", "伤害 必须是整数", "Damage"),
    ("scene new X ih-d10\nadd A init=3\nheal A -1\n", "zh-Hant", "治療量", "Healing"),
    ("scene new X ih-d10\nadd A init=3\ndamage A x\n", "en", "Damage must be", "伤害"),
    ("scene new X mist\nprofile P limits=harmed:x\n", "zh", "极限 必须是整数", "A limit"),
    ("scene new X mist\npc Mei\nstatus Mei hurt x\n", "zh-Hant", "檔位", "The tier"),
    ('scene new X mist\nconclusion "a" supports=c1\n', "zh", "支持 线索中没有", "supporting"),
    ('scene new X mist\nconclusion "a" supports=c1\n', "zh", "还没有", "none yet"),
]


@pytest.mark.parametrize(("script", "lang", "said", "not_said"), REFUSALS)
def test_a_refusal_is_said_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    script: str,
    lang: str,
    said: str,
    not_said: str,
) -> None:
    status, _, err = call(capsys, monkeypatch, "run", "-", "--lang", lang, stdin=script)
    assert status == 1
    assert said in err and not_said not in err, err


def test_a_missing_campaign_lists_none_in_chinese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "campaigns").mkdir()
    status, _, err = call(
        capsys, monkeypatch, "saves", "Nope", "--save-dir", str(tmp_path), "--lang", "zh"
    )
    assert status == 2  # bad usage: the CAMPAIGN argument names no campaign
    assert "Nope" in err and "none yet" not in err


# A chat table's first line: `ww XaY` (also `.ww`, `。ww`, `roll ww`) starts an ih-d10 scene as
# `roll ih-d10 N` does (INTERFACE.md §3, "Chat tables").
WW_FIRST_LINES = ["ww 5a8", ".ww 5a8", "。ww ５a８", ".ww5a8", "roll ww 5a8", "roll .ww 5a8"]


@pytest.mark.parametrize("line", WW_FIRST_LINES)
def test_a_ww_pool_may_be_a_script_s_first_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    status, out, err = call(
        capsys, monkeypatch, "run", "-", "--json", "--seed", "1", stdin=line + "\n"
    )
    assert (status, err) == (0, "")
    scene = json.loads(out)
    assert (scene["family"], scene["system"]) == ("ih", "ih-d10")
    [roll] = scene["rolls"]
    assert (roll["system"], roll["dp"]) == ("ih-d10", 5)


def test_a_bad_ww_pool_first_is_still_a_rule_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = call(capsys, monkeypatch, "run", "-", "--json", stdin="ww 5a7\n")
    assert status == 1
    assert json.loads(out) is None
    assert err.startswith("line 1:") and "a7" in err


def test_saves_json_without_a_campaign_is_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saves = str(tmp_path / "saves")
    status, out, _ = call(capsys, monkeypatch, "saves", "--json", "--save-dir", saves)
    assert status == 0
    assert json.loads(out) == {"save_dir": saves, "last_opened": None, "campaigns": []}
    script = 'scene new "Fight" ih-d10\nadd Ann init=3\n'
    run = ("run", "-", "--campaign", "Camp", "--save-dir", saves)
    assert call(capsys, monkeypatch, *run, stdin=script)[0] == 0
    status, out, _ = call(
        capsys, monkeypatch, "saves", "--json", "--save-dir", saves, "--lang", "zh"
    )
    assert status == 0
    listing = json.loads(out)
    assert listing["last_opened"] == {"campaign": "Camp", "scene": "Fight"}
    assert listing["campaigns"] == [
        {
            "name": "Camp",
            "scenes": [{"name": "Fight", "system": "ih-d10"}],
            "held_by": None,
            "forked_from": None,
            "problem": None,
        }
    ]


# The printed scene speaks the language (INTERFACE.md §1): no ASCII colon inside Chinese.
PRINTED = [
    ("en", "- Mei: hurt-2, scared-1"),
    ("zh", "- Mei：hurt-2、scared-1"),
    ("zh-Hant", "- Mei：hurt-2、scared-1"),
]


@pytest.mark.parametrize(("lang", "line"), PRINTED)
def test_a_mist_character_line_uses_the_language_s_colon(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, line: str
) -> None:
    script = "scene new X mist\npc Mei\nstatus Mei hurt 2\nstatus Mei scared 1\n"
    status, out, _ = call(capsys, monkeypatch, "run", "-", "--lang", lang, stdin=script)
    assert status == 0
    assert line in out.splitlines()


def test_names_typed_in_another_case_are_kept_as_the_fight_spells_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names match case-insensitively (INTERFACE.md §3): ``by=bob`` and ``extended ann … dp=3``
    are Bob's and Ann's in ``rolls[].by`` and ``extended[].by``; an unknown name stays as typed."""
    script = "\n".join(
        [
            "scene new X ih-d10",
            "sheet Ann pc wits=2 firearms=1",
            "add Bob init=3",
            'extended ann "lock" dp=3 dc=2 interval=turn',
            'extended BOB "door" dp=2 dc=2 interval=turn',
            'extended zed "gate" dp=2 dc=2 interval=turn',
            "extended roll x1",
            "roll ih-d10 2 by=bob",
            "roll ih-d10 2 by=zed",
        ]
    )
    status, out, err = call(capsys, monkeypatch, "run", "-", "--json", "--seed", "1", stdin=script)
    assert (status, err) == (0, "")
    scene = json.loads(out)
    assert [task["by"] for task in scene["extended"]] == ["Ann", "Bob", "zed"]
    assert [roll["by"] for roll in scene["rolls"]] == ["Ann", "Bob", "zed"]


# `scene reopen` and `scene end` (INTERFACE.md §3, the campaign): clear refusals, not "Unknown
# command 'scene'" (which the list of known commands contradicts).
SCENE_LINES = [
    ("scene new X ih-d10\nscene reopen\n", "en", "line 2: Scene X has not ended"),
    ("scene new X mist\nscene reopen\n", "zh", "第 2 行：场景 X 尚未结束"),
    ("scene new X ih-d10\nscene end\n", "en", "end scene  or  end movie"),
    ("scene new X ih-d6\nscene end\n", "zh-Hant", "無限恐怖的場景用  end scene  或  end movie"),
]


@pytest.mark.parametrize(("script", "lang", "said"), SCENE_LINES)
def test_scene_words_a_scene_cannot_take_are_refused_clearly(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    script: str,
    lang: str,
    said: str,
) -> None:
    status, _, err = call(capsys, monkeypatch, "run", "-", "--lang", lang, stdin=script)
    assert status == 1
    assert said in err, err
    assert "Unknown command" not in err


def test_run_s_printed_fight_lists_marks_in_the_language_and_says_who_is_down(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The printed scene speaks the language (INTERFACE.md §1): its lists take 、 in Chinese,
    and a combatant the JSON calls ``unconscious`` (or ``hidden``) is said to be."""
    script = (
        "scene new X ih-d10\nadd Ann init=5\nadd B init=3 npc hidden\nbegin\ndamage Ann 9\n"
        'delay B next-round\neffect B "a" rounds=2\neffect B "b" rounds=3\n'
    )
    status, out, _ = call(capsys, monkeypatch, "run", "-", "--lang", "zh-Hant", stdin=script)
    assert status == 0
    rows = out.splitlines()
    assert rows[2].endswith("；延後中、措手不及、隱藏；持續效果：a（2 輪）、b（3 輪）")
    assert rows[3].endswith("；昏迷")
    status, out, _ = call(capsys, monkeypatch, "run", "-", stdin=script)
    assert out.splitlines()[2].endswith(
        "; delaying, flat-footed, hidden; effects: a (2 rounds), b (3 rounds)"
    )
    assert out.splitlines()[3].endswith("; down")


# `roll …` in a script takes "the same arguments as st-console roll" (INTERFACE.md §3): the
# command line's output options (--seed, --json, --chat) are accepted there too.
SAME_ARGUMENTS = [
    "roll ih-d10 3 --chat",
    "roll ih-d10 3 --json",
    "roll ih-d10 3 --seed 4",
    "roll ww 5a8 --chat",
    ".ww 5a8 --chat",
]


@pytest.mark.parametrize("line", SAME_ARGUMENTS)
def test_a_script_s_roll_takes_the_command_line_s_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    script = f"scene new X ih-d10\n{line}\n"
    status, out, err = call(capsys, monkeypatch, "run", "-", "--json", stdin=script)
    assert (status, err) == (0, "")
    assert len(json.loads(out)["rolls"]) == 1


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "is a directory"), ("zh", "是目录"), ("zh-Hant", "是目錄")]
)
def test_import_of_a_directory_says_so(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    said: str,
) -> None:
    """Bad usage (INTERFACE.md §1): exit 2, one line naming FILE and what is wrong with it."""
    argv = ("import", str(tmp_path), "--save-dir", str(tmp_path / "s"), "--lang", lang)
    status, _, err = call(capsys, monkeypatch, *argv)
    assert status == 2
    assert err.count("\n") == 1 and "FILE" in err and said in err


@pytest.mark.parametrize("system", ["ih-d10", "mist", None])
def test_the_known_commands_are_each_named_once(system: str | None) -> None:
    from engine.commands import verbs

    known = verbs(system)
    assert len(known) == len(set(known))
    assert {"scene", "roll", "ww", "undo", "redo", "interpret"} <= set(known)


def test_a_weakness_tag_landed_by_markup_is_told_from_story_tags_in_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`consequence NAME for=THREAT` lands `[/w tag]` as a weakness tag on NAME (INTERFACE.md
    §3, markup); the JSON says which of NAME's tags it is (an added key, none renamed)."""
    script = "\n".join(
        [
            "scene new X mist",
            "pc 梅",
            'profile 犬 limits=harmed:3 threat="嚎叫：[受伤-2]【浓雾】［／w 怕光］"',
            "challenge 犬一 from=犬",
            "phase next",
            "phase next",
            "consequence 梅 for=t1",
            'tag 梅 "quick"',
        ]
    )
    status, out, err = call(capsys, monkeypatch, "run", "-", "--json", stdin=script)
    assert (status, err) == (0, "")
    scene = json.loads(out)
    assert scene["characters"][0]["story_tags"] == [
        {"name": "怕光", "burned": False, "weakness": True, "scope": "scene", "until": None},
        {"name": "quick", "burned": False, "weakness": False, "scope": "scene", "until": None},
    ]
    assert scene["scene"]["story_tags"] == [
        {"name": "浓雾", "burned": False, "weakness": False, "scope": "scene", "until": None}
    ]
