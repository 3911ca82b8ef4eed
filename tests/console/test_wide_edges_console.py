"""A Chinese character over the edge of a widget underneath is drawn whole: the footer's
命令面板 beside keys that overflow under it (the M.I.S.T. screen in zh-Hant at 120×40 showed
"^p   令面板"), and the demo's welcome toast across the edge of two panes ("：   F1")."""

from __future__ import annotations

import pytest
from console_support import SIZE, SMALL, AppRun, screen_lines, settle, until

from console.demo import demo_campaign, demo_scene_names
from console.textual_compat import FooterKey, ToastRack
from console.widgets.fitting_footer import FittingFooter


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
@pytest.mark.parametrize("size", [SIZE, SMALL])
async def test_the_palette_key_is_whole_beside_an_overflowing_footer(
    run_app: AppRun, lang: str, size: tuple[int, int]
) -> None:
    case = demo_scene_names(lang)[2]
    async with run_app(lang=lang, campaign=demo_campaign(lang), scene=case, size=size) as (
        app,
        pilot,
    ):
        await settle(pilot)
        assert screen_lines(app)[-1].rstrip().endswith("▏^p 命令面板")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("zh", "这是示范战役：按 F1 查看按键"), ("zh-Hant", "這是示範戰役：按 F1 查看按鍵")],
)
async def test_the_demo_toast_is_whole_over_the_edge_of_two_panes(
    run_app: AppRun, lang: str, said: str
) -> None:
    async with run_app(lang=lang) as (app, pilot):
        await app.screen.mount(ToastRack())  # run_test turns notifications off: mount the rack
        app.notify(app.t("status.demo"))
        assert await until(pilot, lambda: any(said in line for line in screen_lines(app)))


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
@pytest.mark.parametrize("size", [SIZE, SMALL, (100, 30)])
async def test_a_footer_key_that_does_not_fit_is_left_out_not_cut(
    run_app: AppRun, lang: str, size: tuple[int, int]
) -> None:
    case = demo_scene_names(lang)[2]
    async with run_app(lang=lang, campaign=demo_campaign(lang), scene=case, size=size) as (
        app,
        pilot,
    ):
        await settle(pilot)
        footer = app.screen.query_one(FittingFooter)
        keys = [key for key in footer.query(FooterKey) if key.display]
        palette = next(key for key in keys if key.has_class("-command-palette"))
        shown = [key for key in keys if key is not palette]
        assert len(shown) >= 5  # f1, :, ^z, ^y, ^q at least
        line = screen_lines(app)[-1]
        for key in shown:
            assert key.region.right - 1 <= palette.region.x, key.key
            assert f"{key.key_display} {key.description}" in line, (key.key, line)
        hidden = [key for key in footer.query(FooterKey) if not key.display]
        assert all(key.description not in line for key in hidden), line
