"""A past moment of a campaign's scene shows the cast as it was then (the interface audit of
session 8): ``show CAMPAIGN/SCENE --at N``, ``fork … --at N``, the console's timeline and a
recap in the players' view replay the scene from the cast it began with, changed by its own
first N commands, never from the campaign's sheets as they are now (sheets made later in the
scene or in a later scene, traits changed since, conditions carried on).

A campaign of two scenes, each played in its own ``run`` (each reopening the campaign, as
sessions at the table do): One makes Ann, hurts her, spends her impulse (once per movie) and
some willpower and makes a recurring Ghoul; Two makes Bob, raises Ann's Stamina, hurts her
again and ends the movie.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from console.cli import main
from console.timeline import Timeline
from engine.ih.encounter import Encounter
from saves import open_store
from saves.follow import Follower

ONE = [
    "sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2",
    "add Ann from=Ann init=10",
    "damage Ann 2",
    "willpower Ann impulse",
    "willpower Ann -1",
    "sheet Ghoul npc recurring strength=3 stamina=3",
]
TWO = [
    "sheet Bob pc dexterity=2 stamina=3",
    "sheet Ann stamina=3",
    "add Ann from=Ann init=12",
    "damage Ann 1",
    "end movie",
]


def _run(root: Path, scene: str, lines: list[str], *extra: str) -> str:
    """``run`` the scene's first lines in campaign C under ``root`` (its own session); its
    output."""
    script = "\n".join([f'scene new "{scene}" ih-d10', *lines]) + "\n"
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(script))
        patch.setattr("sys.stdout", out)
        argv = ["run", "-", "--seed", "5", "--campaign", "C", "--save-dir", str(root)]
        assert main([*argv, *extra]) == 0
    return out.getvalue()


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, err) == (0, ""), (argv, err)
    return out


def _show(capsys: pytest.CaptureFixture[str], root: Path, *argv: str) -> dict[str, Any]:
    shown: dict[str, Any] = json.loads(
        _cli(capsys, "show", *argv, "--json", "--save-dir", str(root))
    )
    return shown


def _sheets(shown: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {sheet["name"]: sheet for sheet in shown["sheets"]}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The campaign with both scenes played (read only by the tests: ``show`` never writes,
    a fork writes a new campaign beside it)."""
    root = tmp_path_factory.mktemp("played")
    _run(root, "One", ONE)
    _run(root, "Two", TWO)
    return root


def _reference(tmp: Path, scene: str, n: int, json_out: bool) -> str:
    """What running the campaign up to the N-th command of ``scene`` prints (fresh saves)."""
    root = tmp / f"{scene}-{n}-{json_out}"
    extra = ("--json",) if json_out else ()
    if scene == "One":
        return _run(root, "One", ONE[:n], *extra)
    _run(root, "One", ONE)
    return _run(root, "Two", TWO[:n], *extra)


@pytest.mark.parametrize(
    ("scene", "n"),
    [("One", 0), ("One", 3), ("One", len(ONE)), ("Two", 0), ("Two", 2), ("Two", len(TWO))],
)
def test_show_at_n_is_running_the_campaign_to_that_command(
    played: Path, scene: str, n: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    at = ("--at", str(n), "--save-dir", str(played))
    assert _cli(capsys, "show", f"C/{scene}", *at) == _reference(tmp_path, scene, n, False)
    shown = _cli(capsys, "show", f"C/{scene}", *at, "--json")
    assert json.loads(shown) == json.loads(_reference(tmp_path, scene, n, True))


def test_the_first_scene_shows_only_its_own_sheets_as_they_were(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _show(capsys, played, "C/One", "--at", "0")["sheets"] == []
    text = _cli(capsys, "show", "C/One", "--at", "0", "--save-dir", str(played))
    assert "Sheets" not in text and "Bob" not in text
    middle = _sheets(_show(capsys, played, "C/One", "--at", "3"))
    assert list(middle) == ["Ann"]  # not Ghoul (made at 6) nor Bob (made in Two)
    assert middle["Ann"]["attributes"]["stamina"] == 2  # raised to 3 in Two
    assert middle["Ann"]["condition"]["health"] == 5
    end = _sheets(_show(capsys, played, "C/One", "--at", str(len(ONE))))
    assert list(end) == ["Ann", "Ghoul"]
    assert end["Ann"]["attributes"]["stamina"] == 2
    condition = end["Ann"]["condition"]
    assert (condition["health"], condition["willpower"]) == (5, 4)
    assert condition["uses"]["impulse"] is True  # spent in this movie; Two's end gives it back
    text = _cli(capsys, "show", "C/One", "--at", str(len(ONE)), "--save-dir", str(played))
    assert text.rstrip().endswith("Sheets: Ann (pc), Ghoul (npc)")


def test_the_second_scene_begins_with_the_cast_the_first_left(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = _show(capsys, played, "C/Two", "--at", "0")
    sheets = _sheets(start)
    assert list(sheets) == ["Ann", "Ghoul"]  # no Bob yet
    assert sheets["Ann"]["attributes"]["stamina"] == 2
    condition = sheets["Ann"]["condition"]
    assert (condition["health"], condition["willpower"], condition["uses"]["impulse"]) == (
        5,
        4,
        True,
    )
    assert start["movie"] == 1
    text = _cli(capsys, "show", "C/Two", "--at", "0", "--save-dir", str(played))
    assert text.rstrip().endswith("Sheets: Ann (pc), Ghoul (npc)")
    middle = _sheets(_show(capsys, played, "C/Two", "--at", "2"))
    assert list(middle) == ["Ann", "Ghoul", "Bob"]
    assert middle["Ann"]["attributes"]["stamina"] == 3
    end = _show(capsys, played, "C/Two", "--at", str(len(TWO)))
    assert _sheets(end)["Ann"]["condition"]["health"] == 4
    assert _sheets(end)["Ann"]["condition"]["uses"]["impulse"] is False  # the movie ended
    assert end["movie"] == 2
    # the latest scene's last moment is its present
    assert end == _show(capsys, played, "C/Two")


def test_show_without_at_still_sees_the_campaign_as_it_is(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unchanged: the present of a scene sees the campaign's roster (Bob, made in Two, is
    among the ended scene One's sheets)."""
    assert list(_sheets(_show(capsys, played, "C/One"))) == ["Ann", "Ghoul", "Bob"]


@pytest.mark.parametrize(
    ("scene", "n", "cast"),
    [("One", 3, ["Ann"]), ("Two", 0, ["Ann", "Ghoul"]), ("Two", 2, ["Ann", "Ghoul", "Bob"])],
)
def test_a_fork_carries_the_sheets_of_its_moment(
    played: Path,
    scene: str,
    n: int,
    cast: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = tmp_path / "saves"
    shutil.copytree(played, root)
    name = f"F{scene}{n}"
    _cli(capsys, "fork", f"C/{scene}", "--at", str(n), "--as", name, "--save-dir", str(root))
    moment = _show(capsys, root, f"C/{scene}", "--at", str(n))
    forked = _show(capsys, root, name)
    assert forked["sheets"] == moment["sheets"]
    assert list(_sheets(forked)) == cast
    standing = json.loads(_cli(capsys, "saves", name, "--json", "--save-dir", str(root)))
    assert [c["name"] for c in standing["cast"]] == cast
    ann = next(c for c in standing["cast"] if c["name"] == "Ann")
    assert ann["health_max"] == (8 if n == 2 and scene == "Two" else 7)


def test_the_console_timeline_and_a_recap_show_the_cast_of_their_moment(played: Path) -> None:
    root = played.parent / "recap"
    shutil.copytree(played, root, dirs_exist_ok=True)
    with open_store(root).open_campaign("C", read_only=True) as campaign:
        present = campaign.load_scene("One")
    timeline = Timeline(present, 0)

    def names() -> list[str]:
        state = timeline.scene().state
        assert isinstance(state, Encounter)
        return [sheet.name for sheet in state.sheets]

    assert names() == []
    timeline.go(3)
    assert names() == ["Ann"]
    timeline.go(timeline.length)
    assert names() == ["Ann", "Ghoul"]
    with open_store(root).open_campaign("C") as campaign:
        campaign.set_recap("Two", 0)
    shown = Follower(root, "C").read().scene
    assert isinstance(shown.state, Encounter)
    assert [sheet.name for sheet in shown.state.sheets] == ["Ann", "Ghoul"]


@pytest.mark.parametrize("fixture", ["campaign_before_cast", "untimed_v3"])
def test_a_campaign_saved_before_starts_were_kept_shows_its_past_as_before(
    fixture: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its scenes do not know the cast they began with: their past is replayed from their
    initial state as the campaign sees it today (no crash, nothing written by ``show``), and
    a fork of it still opens."""
    source = Path(__file__).parents[1] / "saves" / "fixtures" / fixture
    root = tmp_path / "saves"
    if fixture == "campaign_before_cast":
        (root / "campaigns").mkdir(parents=True)
        shutil.copytree(source, root / "campaigns" / "old")
        name = "Old"
    else:
        shutil.copytree(source, root)
        name = "NightShift"
    with open_store(root).open_campaign(name, read_only=True) as campaign:
        scenes = campaign.scene_names()
        lengths = {s: len(campaign.load_scene(s).journal) for s in scenes}
        starts = {s: campaign.load_scene(s).start for s in scenes}
    assert set(starts.values()) == {None}  # not known: saved before
    for scene, length in lengths.items():
        present = _show(capsys, root, f"{name}/{scene}")
        for n in (0, length // 2, length):
            shown = _show(capsys, root, f"{name}/{scene}", "--at", str(n))
            assert shown["family"] == present["family"]
            if present["family"] == "ih":  # the campaign's sheets, as before
                assert list(_sheets(shown)) == list(_sheets(present))
        if length:
            fork = f"{scene} fork"
            argv = ("--at", "1", "--as", fork, "--save-dir", str(root))
            _cli(capsys, "fork", f"{name}/{scene}", *argv)
            assert _show(capsys, root, fork)["family"] == present["family"]


def test_a_command_naming_a_sheet_made_after_the_scene_began_falls_back_from_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A split party: Carl, made in the Attic after the Basement began, is added in the
    Basement. Its moments before that command are as they were; from it on (the cast it began
    with has no Carl) they are replayed from the campaign's cast as it is now, as before."""
    root = tmp_path / "saves"
    for script in (
        ['scene new "Basement" ih-d10', "sheet Ann pc"],
        ['scene new "Attic" ih-d10 split', "sheet Carl pc"],
        ['scene open "Basement"', "add Carl from=Carl", "sheet Dora pc"],
    ):
        out = io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
            patch.setattr("sys.stdout", out)
            argv = ["run", "-", "--seed", "5", "--campaign", "C", "--save-dir", str(root)]
            assert main(argv) == 0
    shown = [list(_sheets(_show(capsys, root, "C/Basement", "--at", str(n)))) for n in range(4)]
    everyone = ["Ann", "Carl", "Dora"]
    assert shown == [[], ["Ann"], everyone, everyone]
    with open_store(root).open_campaign("C", read_only=True) as campaign:
        present = campaign.load_scene("Basement")
    timeline = Timeline(present, 0)
    for n, names in enumerate(shown):
        timeline.go(n)
        state = timeline.scene().state
        assert isinstance(state, Encounter)
        assert [sheet.name for sheet in state.sheets] == names, n
    assert timeline.page(-1) and timeline.at == 0  # no round began: back to the start
    assert timeline.page(1) and timeline.at == 3  # and on to the last command
