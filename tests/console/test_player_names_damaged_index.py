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
