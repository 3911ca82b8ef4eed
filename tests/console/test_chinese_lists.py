"""Lists and asides in a Chinese sentence take Chinese punctuation: tags, targets, campaigns and
scenes separated by 、 (not ", "), a consequence's threat in （t1）."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import FIGHT, AppRun, save_scene, settle, status_text

from console.demo import demo_scenes
from console.i18n import Translator
from console.mist.character_text import theme_lines
from console.mist.render import consequence_text
from engine.mist.state import MistState
from saves.store import open_store


def _case(lang: str) -> MistState:
    state = demo_scenes(lang)[2].state
    assert isinstance(state, MistState)
    return state


@pytest.mark.parametrize(
    ("lang", "tags", "source"),
    [
        ("zh", "+ 攫人的黑暗、无声的脚步", "黑暗中伸出的利爪 （t1）"),
        ("zh-Hant", "+ 攫人的黑暗、無聲的腳步", "黑暗中伸出的利爪 （t1）"),
        ("en", "+ grasping dark, silent step", "claws out of the dark (t1)"),
    ],
)
def test_tags_and_a_consequence_s_threat_read_as_the_language_writes_them(
    lang: str, tags: str, source: str
) -> None:
    state = _case(lang)
    t = Translator(lang)
    lines = [line.plain for line in theme_lines(t, state.characters[0].themes[0])]
    assert tags in "\n".join(lines)
    assert source in consequence_text(t, state.consequences[0]).plain


async def test_the_campaigns_known_are_listed_with_a_chinese_comma(
    run_app: AppRun, tmp_path: Path
) -> None:
    save_scene(tmp_path, FIGHT)
    open_store(tmp_path).create_campaign("第二").close()
    async with run_app(lang="zh", campaign="无此战役") as (app, pilot):
        await settle(pilot)
        status = status_text(app)
        assert "（现有战役：Test、示范战役、第二）" in status and ", " not in status, status
