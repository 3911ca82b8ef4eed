"""How many to add from a sheet: Enter on the empty field adds one (the field shows 1), from
the scene's A key and from the roster's a, as the dialog's title says ("1: one"); typed fast
as one burst with the keys that open the dialogs."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, burst, ih_screen, until

SHEETS = """
sheet 小夜 pc strength=3 dexterity=3 stamina=2 resolve=2 firearms=2
sheet 食尸鬼 npc strength=3 dexterity=2 stamina=3 martial=2
"""


@pytest.mark.parametrize(
    ("keys", "line"),
    [
        ((("A", "A"), ("enter", "\r"), ("enter", "\r")), "add 小夜 from=小夜"),
        ((("R", "R"), ("j", "j"), ("a", "a"), ("enter", "\r")), "add 食尸鬼 from=食尸鬼"),
    ],
)
async def test_enter_on_the_empty_count_adds_one(
    make_app: AppFactory, keys: tuple[tuple[str, str], ...], line: str
) -> None:
    app = make_app(script=SHEETS, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        screen = ih_screen(app)
        burst(app, *keys)

        def added() -> bool:
            journal = screen.history.scene.journal
            return bool(journal) and journal[-1].text == line

        assert await until(pilot, added, 300)
        assert [x.name for x in screen.history.scene.state.order] == [line.split()[1]]
