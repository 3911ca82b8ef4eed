"""``suppress o1`` before any Test gave an opportunity: the refusal says there is none yet in
the table's language (it read "现有机会：none: only a Test gives one", English in a Chinese
console); with opportunities it lists them."""

from __future__ import annotations

import pytest

from engine import session
from engine.errors import RuleError


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", "没有机会“ｏ１”：还没有任何机会（只有检验会带来机会）。"),
        ("zh-Hant", "沒有機會「ｏ１」：還沒有任何機會（只有檢驗會帶來機會）。"),
        ("en", "No opportunity 'ｏ１': there is none yet (only a Test gives one)."),
    ],
)
def test_no_opportunity_yet_is_said_in_the_table_s_language(lang: str, said: str) -> None:
    scene = session.new_scene("Dock", "mist", 3)
    scene, _ = session.execute_text(scene, 'mission "Harbour" anomaly="the drowned bell"')
    with pytest.raises(RuleError) as refused:
        session.execute_text(scene, 'suppress "ｏ１"')
    assert refused.value.render(lang) == said
