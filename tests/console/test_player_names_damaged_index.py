"""Issue 30 point 4: ``player`` on a campaign whose index is damaged names the file, as
``saves``, ``run`` and ``export`` do, and names it so that one campaign's ``campaign.json`` is
told from another's (the path in the save directory, not the Storyteller's home folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import SIZE
from player_support import IH_FIGHT, save, screen_text, wait_problem

from console.player.app import PlayerApp


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "campaigns/test/campaign.json is damaged or unreadable"),
        ("zh", "campaigns/test/campaign.json 已损坏或无法读取"),
    ],
)
async def test_a_damaged_index_is_named_by_its_place_in_the_save_dir(
    tmp_path: Path, lang: str, words: str
) -> None:
    save(tmp_path, IH_FIGHT)
    index = tmp_path / "campaigns" / "test" / "campaign.json"
    index.write_bytes(index.read_bytes()[:50])
    app = PlayerApp(save_dir=tmp_path, campaign="Test", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_problem(pilot)
        text = screen_text(app)
    assert words in text
    assert str(tmp_path) not in text and "No campaign" not in text


async def test_a_damaged_settings_file_is_named_not_taken_for_no_campaign(tmp_path: Path) -> None:
    """Without ``--campaign`` the view follows the campaign the console last opened, read from
    ``st-console.json``: a damaged one is named, where the view said no campaign had been
    opened yet (the console moves it aside and writes it anew when it next saves it)."""
    save(tmp_path, IH_FIGHT)
    (tmp_path / "st-console.json").write_text('{"last": {"1": {"campa', encoding="utf-8")
    app = PlayerApp(save_dir=tmp_path, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await wait_problem(pilot)
        text = screen_text(app)
    assert "st-console.json 已损坏或无法读取" in text
    assert "还没有打开过任何战役" not in text
