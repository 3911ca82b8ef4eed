"""`st-console run --campaign` exits 0 once its commands are saved, whatever fails after the
save (INTERFACE.md §1, exit status): a bad settings file, a full disk when remembering the last
campaign. The commands are in the journal once."""

from __future__ import annotations

from pathlib import Path

import pytest
from saved_campaigns import base_campaign, run_script

from saves import open_store


def test_a_bad_settings_file_after_a_good_save_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base_campaign(tmp_path, monkeypatch)
    (tmp_path / "st-console.json").write_text("[" * 100_000 + "]" * 100_000)
    assert run_script(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1
    assert any(p.name.startswith("st-console.json.bad-") for p in tmp_path.iterdir())
    told = capsys.readouterr().err
    assert told.count("was damaged: it was moved aside to") == 1  # issue 30: said, once
    assert "st-console.json.bad-" in told
    assert run_script(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    assert "moved aside" not in capsys.readouterr().err  # the new file is good: nothing more


def test_a_failure_after_the_save_exits_0_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base_campaign(tmp_path, monkeypatch)

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("saves.store.Store.set_last_opened", broken)
    capsys.readouterr()
    assert run_script(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    assert "the commands were saved" in capsys.readouterr().err
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1
