"""``Y``'s initiative order says what the players' view says of each combatant: acted,
delaying, joining next round (a delayer and a joiner looked like anyone else), with the score
in the table's brackets (安（12）, not 安 (12)); the add-from-sheet list reads 安（玩家）."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, opened_by, screen_lines

from console.chat_board import order_text
from console.i18n import Translator
from console.screens.dialogs import ChoiceDialog
from engine import session
from engine.ih.encounter import Encounter

FIGHT = """
add 老王 init=15 pc
add 食尸鬼 init=12
add 安 init=9 pc
begin
next
delay 食尸鬼 after 安
join 猎犬 init=14
"""


@pytest.mark.parametrize(
    ("lang", "score"), [("zh", "（{n}）"), ("zh-Hant", "（{n}）"), ("en", " ({n})")]
)
def test_the_order_for_the_chat_marks_who_acted_delays_and_joins(lang: str, score: str) -> None:
    scene = session.new_scene("S", "ih-d10", 3)
    for line in FIGHT.strip().splitlines():
        scene, _ = session.execute_text(scene, line)
    assert isinstance(scene.state, Encounter)
    t = Translator(lang)
    acted, joining, delaying = (t(f"marker.{k}") for k in ("acted", "joining", "delaying"))
    assert order_text(t, scene.state).splitlines()[1:] == [
        f"  1. 老王{score.format(n=15)} {acted}",
        f"  2. 猎犬{score.format(n=14)} {joining}",
        f"▶ 3. 安{score.format(n=9)}",
        f"  4. 食尸鬼{score.format(n=9)} {delaying}",
    ]


@pytest.mark.parametrize(("lang", "label"), [("zh", "小夜（玩家）"), ("en", "小夜 (PC)")])
async def test_the_sheet_list_s_side_in_the_table_s_brackets(
    make_app: AppFactory, lang: str, label: str
) -> None:
    app = make_app(script="sheet 小夜 pc strength=3\n", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await opened_by(pilot, ChoiceDialog, "A")
        assert label in "\n".join(screen_lines(app))
