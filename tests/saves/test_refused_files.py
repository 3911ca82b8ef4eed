"""A bad file is refused with the file and the problem named, and left byte-identical; damage
that changes nothing that counts still loads (README "Safe on disk": bit flips and hand edits,
bad files). Scene headers, journal chunks and the campaign's index each carry a checksum."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from saved_campaigns import base_with_case, case_campaign, edit_as_text, run_script
from saves_fixtures import build

from saves import BadFile, NewerVersion, NotFound, open_store
from saves.migrations import SCHEMA_VERSION
from saves.scenefile import CHUNK
from saves.storage import split_checksum


def _truncate(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _garbage(data: bytes) -> bytes:
    return b"\x00\xff" + data[5:]


def _newer(data: bytes) -> bytes:
    current = f'"schema_version":{SCHEMA_VERSION}'.encode()
    return data.replace(current, b'"schema_version":99', 1)


def _wrong_type(data: bytes) -> bytes:
    document = json.loads(data)
    document["scene"]["1"]["seed_base"] = "lots"
    return json.dumps(document).encode()


def _no_version(data: bytes) -> bytes:
    document = json.loads(data)
    del document["scene"]["1"]["schema_version"]
    return json.dumps(document).encode()


def _bad_state(data: bytes) -> bytes:
    document = json.loads(data)
    document["scene"]["1"]["state"]["__type__"] = "os.system"
    return json.dumps(document).encode()


def _empty(data: bytes) -> bytes:
    return b""


@pytest.mark.parametrize(
    ("damage", "error", "words"),
    [
        (_truncate, BadFile, "not valid JSON"),
        (_garbage, BadFile, "UTF-8"),
        (_empty, BadFile, "empty"),
        (_newer, NewerVersion, "newer ST Console"),
        (_wrong_type, BadFile, "seed_base"),
        (_no_version, BadFile, "schema_version"),
        (_bad_state, BadFile, "not an engine type"),
    ],
)
def test_a_bad_scene_file_is_refused_named_and_never_overwritten(
    tmp_path: Path, damage: Callable[[bytes], bytes], error: type[Exception], words: str
) -> None:
    directory = case_campaign(tmp_path)
    scene_file = directory / "scenes" / "scene-0001.json"
    bad = damage(scene_file.read_bytes())
    scene_file.write_bytes(bad)
    store = open_store(tmp_path)
    with store.open_campaign("Bad") as campaign:
        with pytest.raises(error) as caught:
            campaign.load_scene("Case")
        assert str(scene_file) in str(caught.value)
        assert words in str(caught.value)
        with pytest.raises(BadFile):
            campaign.save_scene(build("mist", 9, 1))
    assert scene_file.read_bytes() == bad


def test_a_hand_edited_journal_chunk_is_refused(tmp_path: Path) -> None:
    directory = case_campaign(tmp_path, CHUNK + 4)
    chunk = next((directory / "scenes" / "scene-0001").glob("j*.json"))
    edited = chunk.read_bytes().replace(b'"text":"', b'"text":"X', 1)
    chunk.write_bytes(edited)
    with open_store(tmp_path).open_campaign("Bad") as campaign, pytest.raises(BadFile) as caught:
        campaign.load_scene("Case")
    assert chunk.name in str(caught.value) and "checksum" in str(caught.value)
    assert chunk.read_bytes() == edited


def test_a_hand_edited_but_valid_tail_still_loads(tmp_path: Path) -> None:
    directory = case_campaign(tmp_path)
    scene_file = directory / "scenes" / "scene-0001.json"
    document = json.loads(scene_file.read_bytes())
    document["scene"]["1"]["tail"][0]["text"] = "pc Mei  # edited"
    scene_file.write_text(json.dumps(document))
    with open_store(tmp_path).open_campaign("Bad") as campaign:
        assert campaign.load_scene("Case").journal[0].text == "pc Mei  # edited"


@pytest.mark.parametrize("damage", [_truncate, _newer])
def test_a_bad_campaign_index_is_refused_and_left_alone(
    tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    directory = case_campaign(tmp_path)
    index = directory / "campaign.json"
    bad = damage(index.read_bytes())
    index.write_bytes(bad)
    store = open_store(tmp_path)
    infos = store.list_campaigns()
    assert infos[0].problem is not None and str(index) in infos[0].problem
    with pytest.raises(BadFile):
        store.open_directory(directory)
    assert index.read_bytes() == bad
    assert not (directory / "lock").exists()


def test_a_changed_next_scene_never_overwrites_another_scene(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = base_with_case(tmp_path, monkeypatch)

    def two(document: dict) -> None:  # type: ignore[type-arg]
        document["campaign"]["1"]["next_scene"] = 2

    edit_as_text(index, two)  # with its checksum left as it was: refused, named, left alone
    before = index.read_bytes()
    assert run_script(tmp_path, 'scene new "New" mist\npc Zed\n', monkeypatch) == 1
    assert index.read_bytes() == before
    edit_as_text(index, lambda d: d.pop("checksum"))  # a file from before checksums
    assert run_script(tmp_path, 'scene new "New" mist\npc Zed\n', monkeypatch) == 0
    with open_store(tmp_path).open_campaign("Base") as campaign:
        ids = [info.id for info in campaign.scenes()]
        assert len(ids) == len(set(ids)) == 3
        assert [c.name for c in campaign.load_scene("Case").state.characters] == ["Mei"]
        new = campaign.load_scene("New").state.characters  # Mei carries (issue 25)
        assert [c.name for c in new] == ["Mei", "Zed"]


def test_an_index_with_two_scenes_on_one_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = base_with_case(tmp_path, monkeypatch)
    edit_as_text(index, lambda d: (d.pop("checksum"), d["scenes"]["2"].update(id="scene-0001")))
    with pytest.raises(BadFile, match="two scenes share the file 'scene-0001'"):
        open_store(tmp_path).open_directory(index.parent)


def _flip(path: Path, rng: random.Random) -> bytes:
    data = bytearray(path.read_bytes())
    position = rng.randrange(len(data))
    data[position] ^= 1 << rng.randrange(8)
    return bytes(data)


def _scene_view(scene):  # type: ignore[no-untyped-def]
    """What a flip must not change to be harmless: the states, the dice, and what every
    command of the journal did (a flip may turn ``health=7`` into a field the decoder ignores
    when the combatant's health comes out 7 anyway: the same command in effect). The journal's
    seeds are :func:`_same_dice`'s."""
    return (
        scene.system,
        scene.initial,
        scene.state,
        scene.seed_base,
        scene.draws,
        [e.events for e in scene.journal],
        [(e.seed, e.events) for e in scene.undone],
    )


def _same_dice(loaded, original) -> bool:  # type: ignore[no-untyped-def]
    """Whether every journal entry whose seed a flip changed does the same with either seed (a
    command that rolls no dice: ``effect``, ``next``): the journal vouches for such a flip."""
    from engine import commands

    state = original.initial
    for mine, theirs in zip(loaded.journal, original.journal, strict=True):
        done = commands.apply(state, original.system, theirs.command, random.Random(theirs.seed))
        if mine.seed != theirs.seed:
            flipped = commands.apply(
                state, original.system, theirs.command, random.Random(mine.seed)
            )
            if flipped != done:
                return False
        state = done[0]
    return True


@pytest.mark.parametrize(("system", "flips"), [("ih-d10", 400), ("mist", 400)])
def test_every_bit_flip_in_a_scene_header_is_detected_or_harmless(
    tmp_path: Path, system: str, flips: int
) -> None:
    store = open_store(tmp_path)
    original = build(system, 40, 3)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(original)
    directory = next((tmp_path / "campaigns").iterdir())
    header = directory / "scenes" / "scene-0001.json"
    good = header.read_bytes()
    rng = random.Random(12)
    detected = 0
    for _ in range(flips):
        header.write_bytes(_flip(header, rng))
        try:
            with store.open_campaign("Flip", read_only=True) as campaign:
                loaded = campaign.load_scene(original.name)
        except BadFile:
            detected += 1
        else:
            assert _scene_view(loaded) == _scene_view(original)
            assert _same_dice(loaded, original)
        header.write_bytes(good)
    assert detected > flips // 2  # the rest were proven harmless above


def test_every_bit_flip_in_the_index_is_detected_or_harmless(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(build("mist", 5, 3))
        campaign.save_scene(build("ih-d10", 5, 3))
        campaign.set_current_scene("Case")
    directory = next((tmp_path / "campaigns").iterdir())
    index = directory / "campaign.json"
    good = index.read_bytes()

    def view() -> object:
        with store.open_campaign("Flip", read_only=True) as opened:
            return (opened.name, opened.scenes(), opened.current_scene(), opened.season)

    expected = view()
    rng = random.Random(13)
    for _ in range(400):
        index.write_bytes(_flip(index, rng))
        try:
            seen = view()
        except (BadFile, NotFound):
            pass
        else:
            assert seen == expected
        index.write_bytes(good)


def test_split_checksum_of_a_file_without_one() -> None:
    assert split_checksum({"a": {}}) == ({"a": {}}, None)


def _first_number(document: object) -> list[object] | None:
    """The path (keys) to the first whole number in a JSON document."""
    if isinstance(document, dict):
        for key, value in document.items():
            if type(value) is int:
                return [key]
            found = _first_number(value)
            if found is not None:
                return [key, *found]
    if isinstance(document, list):
        for index, value in enumerate(document):
            if type(value) is int:
                return [index]
            found = _first_number(value)
            if found is not None:
                return [index, *found]
    return None


def _set_huge_state_number(header: dict) -> None:  # type: ignore[type-arg]
    path = _first_number(header["state"])
    assert path is not None
    target = header["state"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = 10**100


@pytest.mark.parametrize("sealed", [True, False])
@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda h: h.update(draws=10**100), "draws is out of range"),
        (lambda h: h.update(draws=-1), "draws"),
        (lambda h: h.update(seed_base=10**40), "seed_base is out of range"),
        (lambda h: h["tail"][0].update(seed=2**64), "journal[0].seed is out of range"),
        (_set_huge_state_number, "state."),
    ],
)
def test_a_hand_edit_with_its_checksum_recomputed_is_still_range_checked(
    tmp_path: Path,
    edit: Callable[[dict], None],
    words: str,
    sealed: bool,  # type: ignore[type-arg]
) -> None:
    """Issue 30: a sealed (checksummed) header is decoded by the trusted path; an edit with its
    checksum recomputed (or dropped, as in a file from before checksums) is refused by range as
    a damaged one is, named and left as it is, never saved back."""
    from saves.storage import dump_json, with_checksum

    directory = case_campaign(tmp_path)
    scene_file = directory / "scenes" / "scene-0001.json"
    document, ok = split_checksum(json.loads(scene_file.read_bytes()))
    assert ok is True
    edit(document["scene"]["1"])
    edited = with_checksum(dump_json(document)) if sealed else dump_json(document)
    scene_file.write_bytes(edited)
    with open_store(tmp_path).open_campaign("Bad") as campaign:
        with pytest.raises(BadFile) as caught:
            campaign.load_scene("Case")
        assert str(scene_file) in str(caught.value) and words in str(caught.value)
        with pytest.raises(BadFile):
            campaign.save_scene(build("mist", 9, 1))
    assert scene_file.read_bytes() == edited
