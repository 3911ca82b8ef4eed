"""The command palette speaks the table's language: its placeholder, its "no matches" and the
Theme entry's search (Textual's own said them in English)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, screen_lines, settle, until
from textual.command import CommandPalette

from console.textual_compat import SaidCommandPalette


@pytest.mark.parametrize(
    ("lang", "search", "none", "themes"),
    [
        ("zh", "搜索命令…", "没有找到匹配的命令", "搜索配色…"),
        ("zh-Hant", "搜尋命令…", "沒有找到符合的命令", "搜尋配色…"),
        ("en", "Search for commands…", "No matches found", "Search for themes…"),
    ],
)
async def test_the_palette_says_its_words_in_the_table_s_language(
    run_app: AppRun, lang: str, search: str, none: str, themes: str
) -> None:
    def shown(text: str) -> bool:
        return any(text in line for line in screen_lines(app))

    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        await pilot.press("ctrl+p")
        assert await until(pilot, lambda: isinstance(app.screen, SaidCommandPalette))
        assert await until(pilot, lambda: shown(search))
        await pilot.press(*"qqqqxz")
        assert await until(pilot, lambda: shown(none), tries=300)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, CommandPalette)
        app.search_themes()
        assert await until(pilot, lambda: shown(themes))
