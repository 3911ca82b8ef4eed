"""The budget pane at 80×24 after an off-turn reflex: "下个回合" and every slot in view, the
owed swift said once on its line (it wrapped, "欠 1（回合外反射）" after "□ 已用", and pushed
the standard action out of the pane)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SMALL, AppRun, enter_line, screen_lines, select

ZH_FIGHT = FIGHT.replace("Ann", "安").replace("Bob", "老王").replace("Cid", "食尸鬼")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh", ("下个回合", "迅捷      □  欠 1（反射）", "移动      ■", "标准      ■")),
        ("zh-Hant", ("下個回合", "迅捷      □  欠 1（反射）", "移動      ■", "標準      ■")),
        ("en", ("Next turn", "Swift     □  owes 1 (reflex)", "Move      ■", "Standard  ■")),
    ],
)
async def test_an_off_turn_reflex_fits_the_budget_pane(
    run_app: AppRun, lang: str, words: tuple[str, ...]
) -> None:
    script, cid = (FIGHT, "Cid") if lang == "en" else (ZH_FIGHT, "食尸鬼")
    async with run_app(script=script, lang=lang, size=SMALL) as (app, pilot):
        await enter_line(pilot, f"spend {cid} reflex")  # the first one's turn: off-turn
        await select(pilot, app, cid)  # the pane shows the selected one's next turn
        lines = screen_lines(app)
        shown = "\n".join(lines)
        assert all(word in shown for word in words), shown
