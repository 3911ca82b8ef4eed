"""Session 8's conformance audit of INTERFACE.md §1 (exit statuses, refusals in the table's
language, read-only subcommands): each test pins one difference found and fixed."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from console.cli import main
from console.dice_text import mist_json
from console.i18n import Translator
from engine import commands, session
from engine.dice.command import MistRolled
from engine.dice.mist import MistRoll, Outcome
from engine.ih.rolls import RollRecord
from saves.codec import DEFAULT

FIGHT = 'scene new "Fight" ih-d10\nadd Ann init=12\nadd Bob init=5\nbegin\n'


def _call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A save directory with campaign Camp and its scene Fight."""
    script = tmp_path / "fight.txt"
    script.write_text(FIGHT, encoding="utf-8")
    root = str(tmp_path / "saves")
    assert main(["run", str(script), "--seed", "1", "--campaign", "Camp", "--save-dir", root]) == 0
    capsys.readouterr()
    return root


def _argument(lang: str, name: str) -> str:
    """argparse's ``argument NAME: `` in ``lang`` (参数 NAME：)."""
    said: str = Translator(lang)("cli.argparse.argument") % {"argument_name": name, "message": ""}
    return said


# §1: "refusals, usage errors and the printed scene speak that language"


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("command", ["roll", "odds"])
@pytest.mark.parametrize("option", [["--dc", "2"], ["--willpower"], ["--bonus", "1"]])
def test_an_infinite_horror_option_with_mist_is_refused_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], lang: str, command: str, option: list[str]
) -> None:
    status, out, err = _call(capsys, command, "mist", "3", *option, "--lang", lang)
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [
        f"st-console {command}: " + Translator(lang)("cli.ih-option-mist", flag=option[0])
    ]
    assert err.startswith(f"st-console {command}: {_argument(lang, option[0])}")


def test_the_mist_option_refusal_is_not_english_in_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _call(capsys, "roll", "mist", "3", "--dc", "2", "--lang", "zh")[2].strip() == (
        "st-console roll: 参数 --dc：是无限恐怖的选项；mist 只接受效力（POWER）"
    )


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_odds_with_a_bonus_past_the_limit_is_refused_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    status, _, err = _call(capsys, "odds", "ih-d10", "3", "--bonus", "100000", "--lang", lang)
    assert status == 2
    assert err.startswith(f"st-console odds: {_argument(lang, '--bonus')}")
    assert "100000" in err and "at most" not in err


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_a_script_that_is_not_utf8_is_refused_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe roll")))
    status, _, err = _call(capsys, "run", "-", "--lang", lang)
    assert status == 2
    assert err.startswith(f"st-console run: {_argument(lang, 'SCRIPT')}")
    assert "UTF-8" in err and "not UTF-8" not in err


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_a_save_dir_that_is_a_file_is_refused_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    status, _, err = _call(capsys, "saves", "--save-dir", str(afile), "--lang", lang)
    assert status == 1 and len(err.strip().splitlines()) == 1
    where = f" {str(afile / 'campaigns')!r}"
    told = Translator(lang)("cli.cannot-use", where=where, problem="")
    assert err.startswith("st-console saves: " + told.rstrip()), err


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_a_fork_name_that_is_taken_names_as_in_the_table_s_language(
    capsys: pytest.CaptureFixture[str], saves: str, lang: str
) -> None:
    status, _, err = _call(
        capsys, "fork", "Camp", "--at", "1", "--as", "Camp", "--save-dir", saves, "--lang", lang
    )
    assert status == 2
    assert err.startswith(f"st-console fork: {_argument(lang, '--as')}")
    assert "argument" not in err


# §1: "2 bad usage (a one-line message on stderr that names the offending argument)"; 1 is a
# rule error in a script. A campaign or scene the command line names that does not exist is bad
# usage, as a script or an import file that does not exist already was.

MISSING = [
    (["show", "Nope"], "show", "CAMPAIGN[/SCENE]", "Nope"),
    (["show", "Camp/Nope"], "show", "CAMPAIGN[/SCENE]", "Nope"),
    (["show", "Nope", "--at", "0", "--json"], "show", "CAMPAIGN[/SCENE]", "Nope"),
    (["fork", "Nope", "--at", "0", "--as", "New"], "fork", "CAMPAIGN[/SCENE]", "Nope"),
    (["fork", "Camp/Nope", "--at", "0"], "fork", "CAMPAIGN[/SCENE]", "Nope"),
    (["export", "Nope", "--format", "md"], "export", "CAMPAIGN[/SCENE]", "Nope"),
    (["export", "Nope", "--format", "json"], "export", "CAMPAIGN[/SCENE]", "Nope"),
    (["export", "Camp/Nope", "--format", "sealdice"], "export", "CAMPAIGN[/SCENE]", "Nope"),
    (["export", "Nope", "--profiles"], "export", "CAMPAIGN[/SCENE]", "Nope"),
    (["saves", "Nope"], "saves", "CAMPAIGN", "Nope"),
    (["saves", "Nope", "--json"], "saves", "CAMPAIGN", "Nope"),
]


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(("argv", "command", "argument", "name"), MISSING)
def test_a_campaign_or_scene_that_does_not_exist_is_bad_usage_naming_the_argument(
    capsys: pytest.CaptureFixture[str],
    saves: str,
    lang: str,
    argv: list[str],
    command: str,
    argument: str,
    name: str,
) -> None:
    status, out, err = _call(capsys, *argv, "--save-dir", saves, "--lang", lang)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"st-console {command}: {_argument(lang, argument)}"), err
    assert repr(name) in err and "Traceback" not in err


def test_export_of_a_missing_campaign_leaves_the_output_file_alone(
    capsys: pytest.CaptureFixture[str], saves: str, tmp_path: Path
) -> None:
    out = tmp_path / "out.json"
    out.write_text("kept", encoding="utf-8")
    argv = ["export", "Nope", "--format", "json", "-o", str(out), "--save-dir", saves]
    assert _call(capsys, *argv)[0] == 2
    assert out.read_text(encoding="utf-8") == "kept"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_campaign_without_scenes_to_show_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], saves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert _call(capsys, "run", "-", "--campaign", "Empty", "--save-dir", saves)[0] == 0
    status, _, err = _call(capsys, "show", "Empty", "--save-dir", saves)
    assert status == 2
    assert err.startswith("st-console show: argument CAMPAIGN[/SCENE]: ") and "'Empty'" in err


# The subcommands that only read a campaign write nothing: not even the save directory.


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "X"],
        ["show", "X", "--at", "0"],
        ["export", "X", "--format", "md"],
        ["export", "X", "--format", "json"],
        ["export", "X", "--format", "sealdice"],
        ["export", "X", "--profiles"],
        ["saves", "X"],
        ["saves", "X", "--json"],
        ["fork", "X", "--at", "0"],
    ],
)
def test_reading_a_campaign_of_a_save_dir_that_does_not_exist_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    root = tmp_path / "none"
    status, _, err = _call(capsys, *argv, "--save-dir", str(root))
    assert status == 2
    assert "'X'" in err and "none yet" in err
    assert not root.exists()


def test_a_save_dir_without_campaigns_is_still_listed_and_left_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    assert _call(capsys, "show", "X", "--save-dir", str(root))[0] == 2
    assert list(root.iterdir()) == []


# §3: "`rolls` lists every roll of the scene, oldest first" — a `roll mist POWER` made in an
# Infinite Horror scene (the `roll` of "Both") was journaled and reported but left out of it.

MIST_KEYS = {"system", "power", "d8", "d4s", "total", "outcome"}


def _run_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, *extra: str
) -> dict[str, Any]:
    script = tmp_path / "script.txt"
    script.write_text(text, encoding="utf-8")
    status, out, err = _call(capsys, "run", str(script), "--seed", "4", "--json", *extra)
    assert status == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def test_a_mist_roll_in_an_infinite_horror_scene_is_in_rolls_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (
        'scene new "R" ih-d10\nadd Ann init=3\nroll ih-d10 2\nroll mist 3 by=ann\n'
        "roll mist -1 hidden\nroll ih-d6 2\n"
    )
    rolls = _run_json(capsys, tmp_path, text)["rolls"]
    assert [r["label"] for r in rolls] == ["dp=2", "power=3", "power=-1", "dp=2"]
    assert [r["system"] for r in rolls] == ["ih-d10", "mist", "mist", "ih-d6"]
    mist = rolls[1]
    assert set(mist) >= MIST_KEYS and mist["by"] == "Ann" and mist["power"] == 3
    assert len(mist["d4s"]) == 3 and mist["total"] == mist["d8"] + max(mist["d4s"])
    assert mist["outcome"] in ("fail", "mixed", "success") and "faces" not in mist
    assert rolls[2]["hidden"] is True and rolls[2]["by"] is None
    common = {"by", "label", "system", "parts", "bonus_parts", "willpower", "hidden"}
    assert all(common | {"opponent", "extended"} <= set(r) for r in rolls)


def test_the_mist_entry_is_the_roll_command_s_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The entry's §2 keys are exactly what `st-console roll mist` prints for the same dice."""
    entry = _run_json(capsys, tmp_path, 'scene new "R" ih-d10\nroll mist 2\n')["rolls"][0]
    scene = session.new_scene("R", "ih-d10", 4)
    _, events = session.execute(scene, commands.parse("roll mist 2", "ih-d10"), "roll mist 2", 0)
    rolled = events[0]
    assert isinstance(rolled, MistRolled)
    assert {k: entry[k] for k in MIST_KEYS} == mist_json(rolled.result)


def test_mist_rolls_of_a_fight_survive_saving_sealing_export_and_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ['scene new "R" ih-d10'] + [f"roll mist {i % 4}\nroll ih-d10 2" for i in range(40)]
    root = str(tmp_path / "saves")
    text = "\n".join(lines) + "\n"
    made = _run_json(capsys, tmp_path, text, "--campaign", "C", "--save-dir", root)
    assert len(made["rolls"]) == 80  # past 64: the first are sealed in a file written once
    assert list((tmp_path / "saves").glob("campaigns/*/scenes/*/r0000000-*.json"))
    status, out, _ = _call(capsys, "show", "C", "--json", "--save-dir", root)
    assert status == 0 and json.loads(out)["rolls"] == made["rolls"]
    status, out, _ = _call(capsys, "show", "C", "--at", "3", "--json", "--save-dir", root)
    assert [r["label"] for r in json.loads(out)["rolls"]] == ["power=0", "dp=2", "power=1"]
    exported = tmp_path / "c.json"
    argv = ["export", "C", "--format", "json", "-o", str(exported), "--save-dir", root]
    assert _call(capsys, *argv)[0] == 0
    other = str(tmp_path / "other")
    assert _call(capsys, "import", str(exported), "--save-dir", other)[0] == 0
    status, out, _ = _call(capsys, "show", "C", "--json", "--save-dir", other)
    assert json.loads(out)["rolls"] == made["rolls"]


def test_a_mist_roll_record_decodes_value_by_value(tmp_path: Path) -> None:
    """The checked decoder (a hand-edited or unsealed file) reads a record holding a
    M.I.S.T. roll as the trusted path does."""
    record = RollRecord("Ann", "power=2", MistRoll(2, 5, (1, 4), 9, Outcome.SUCCESS), hidden=True)
    document = DEFAULT.encode(record)
    assert DEFAULT.decoder(RollRecord)(document) == record
    assert DEFAULT.decode(document) == record
    with pytest.raises(TypeError, match="not a check"):
        record.check  # noqa: B018


# §1: `run --campaign NAME` saves the scene in that campaign. An empty name ran the script and
# saved nothing (exit 0); a name no save can hold exited 1: both are bad usage naming --campaign.


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("name", ["", "   ", "a" * 61, "a\tb"])
@pytest.mark.parametrize("before", [False, True])
def test_run_with_a_campaign_name_no_save_can_hold_is_bad_usage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, name: str, before: bool
) -> None:
    script = tmp_path / "one.txt"
    script.write_text('scene new "x" ih-d10\n', encoding="utf-8")
    root = tmp_path / "saves"
    option = ["--campaign", name]
    argv = [*option, "run", str(script)] if before else ["run", str(script), *option]
    status, out, err = _call(capsys, *argv, "--save-dir", str(root), "--lang", lang)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"st-console run: {_argument(lang, '--campaign')}"), err
    assert not root.exists()


def test_run_with_a_campaign_name_in_spaces_saves_it_trimmed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "one.txt"
    script.write_text('scene new "x" ih-d10\n', encoding="utf-8")
    root = str(tmp_path / "saves")
    assert _call(capsys, "run", str(script), "--campaign", " Good ", "--save-dir", root)[0] == 0
    assert _call(capsys, "saves", "Good", "--save-dir", root)[0] == 0


# §3 "Markup in threat, consequence and profile text: `[tag]` a story tag": a consequence with
# nobody named (`consequence "TEXT"`) kept its markup as plain text; its tags now land on the
# scene, and a status or weakness chip, which needs someone to take it, is refused saying so.

CONSEQUENCE_PHASE = (
    'scene new "Q" mist\npc Mei\nthreat "It lurks"\nphase action\nphase consequence\n'
)


def test_a_consequence_with_nobody_named_lands_its_tags_on_the_scene(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = CONSEQUENCE_PHASE + 'consequence "The lights go out: [darkness] and 【寒冷】" for=t1\n'
    scene = _run_json(capsys, tmp_path, text)
    assert [t["name"] for t in scene["scene"]["story_tags"]] == ["darkness", "寒冷"]
    assert all(t["weakness"] is False for t in scene["scene"]["story_tags"])
    (done,) = scene["consequences"]
    assert done["delivered"] is True and done["target"] is None and done["source"] == "t1"
    assert scene["characters"][0]["statuses"] == {}


def test_a_consequence_without_markup_is_still_words_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scene = _run_json(capsys, tmp_path, CONSEQUENCE_PHASE + 'consequence "The door slams"\n')
    assert scene["scene"]["story_tags"] == [] and scene["consequences"][0]["delivered"] is True


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(
    ("chip", "shown"), [("[hurt-2]", "[hurt-2]"), ("[/w scared]", "[/w scared]")]
)
def test_a_status_or_weakness_with_nobody_to_take_it_is_refused_saying_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, chip: str, shown: str
) -> None:
    script = tmp_path / "q.txt"
    script.write_text(CONSEQUENCE_PHASE + f'consequence "You fall {chip} [mud]"\n', "utf-8")
    status, out, err = _call(capsys, "run", str(script), "--json", "--lang", lang)
    assert status == 1
    told = Translator(lang)("error.mist.scene-loop.markup-needs-target", chip=shown)
    assert err.strip() == Translator(lang)("cli.line", number=6, message=told)
    scene = json.loads(out)  # the scene before that line: nothing landed
    assert scene["consequences"] == [] and scene["scene"]["story_tags"] == []


def test_a_landed_scene_tag_is_undone_with_its_consequence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = CONSEQUENCE_PHASE + 'consequence "Fog rolls in: [fog]"\nundo\n'
    scene = _run_json(capsys, tmp_path, text)
    assert scene["scene"]["story_tags"] == [] and scene["consequences"] == []


# §1 bad usage: an option given twice was refused only when `roll`/`odds` came first on the
# line; after a console option (`--lang zh roll …`) or for any other subcommand argparse kept
# the last silently (`run S --seed 1 --seed 2`, `show C --at 1 --at 2`).


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(
    ("argv", "command", "option"),
    [
        (["--lang", "{lang}", "roll", "ih-d10", "3", "--dc", "1", "--dc", "2"], "roll", "--dc"),
        (["--save-dir", "{root}", "odds", "mist", "2", "--json", "--json"], "odds", "--json"),
        (["run", "{script}", "--seed", "1", "--seed=2"], "run", "--seed"),
        (["show", "Camp", "--at", "1", "--at", "2", "--save-dir", "{root}"], "show", "--at"),
        (["fork", "Camp", "--at", "1", "--as", "A", "--as", "B"], "fork", "--as"),
        (["export", "Camp", "--format", "md", "--format", "json"], "export", "--format"),
        (["saves", "--json", "--json"], "saves", "--json"),
    ],
)
def test_an_option_of_any_subcommand_given_twice_is_bad_usage_naming_it(
    capsys: pytest.CaptureFixture[str],
    saves: str,
    tmp_path: Path,
    lang: str,
    argv: list[str],
    command: str,
    option: str,
) -> None:
    script = tmp_path / "one.txt"
    script.write_text('scene new "x" ih-d10\n', encoding="utf-8")
    words = [w.format(lang=lang, root=saves, script=script) for w in argv]
    before = sorted(p.name for p in (Path(saves) / "campaigns").iterdir())
    if "--lang" not in words:
        words += ["--lang", lang]
    status, out, err = _call(capsys, *words)
    assert status == 2 and out == ""
    told = Translator(lang)("cli.option-twice", option=option)
    assert err == f"st-console {command}: {told}\n"
    assert sorted(p.name for p in (Path(saves) / "campaigns").iterdir()) == before


def test_interpret_still_repeats_after_a_console_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    setting = "d6_sixes_counted_across_check"
    argv = ["--lang", "en", "roll", "ih-d6", "3", "--seed", "1"]
    argv += ["--interpret", f"{setting}=false", "--interpret", f"{setting}=true", "--json"]
    status, out, _ = _call(capsys, *argv)
    assert status == 0 and json.loads(out)["system"] == "ih-d6"
