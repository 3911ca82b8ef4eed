"""The title bar told its text while it has no title line (being composed, or its screen torn
down as a new scene's screen replaces it) draws nothing instead of raising NoMatches, which
once ended a test run of Ctrl+N under load with a traceback."""

from __future__ import annotations

from textual.app import App, ComposeResult

from console.widgets.title_bar import FixedTitle, TitleBar


class _Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield TitleBar(icon="⚄")


async def test_show_without_the_title_line_is_quiet() -> None:
    app = _Bare()
    async with app.run_test(size=(80, 3)) as pilot:
        bar = app.query_one(TitleBar)
        await bar.query_one(FixedTitle).remove()
        await pilot.pause()
        bar.show("示范战役 · 天台")  # raised NoMatches
        await bar.recompose()
        await pilot.pause()
        bar.show("示范战役 · 天台")
        await pilot.pause()
        assert "天台" in str(bar.query_one(FixedTitle).render())
