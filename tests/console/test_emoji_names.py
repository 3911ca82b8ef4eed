"""A name with an emoji keeps the panes' borders in line (issue 18, bug 4).

Rich and terminals agree on the width of an emoji such as 🧟 but not on sequences joined with
U+200D or ended with the variation selector U+FE0F (tmux drew ``🧟‍♀️`` a cell narrower than
Rich counted, and the budget pane's border moved): the panes draw names without them.
"""

from __future__ import annotations

import pytest
from console_support import SIZE, SMALL, AppFactory, screen_lines
from rich.cells import cell_len

from console.widgets.strips import TERMINAL_UNSAFE, terminal_safe

NAMES = ("🧟Zed", "🧟\u200d♀\ufe0fZelda", "Zombie 🧟 king of the dead ward", "僵尸王")

SCRIPT = "".join(f'add "{name}" init={20 - i} dex=2 com=2 npc\n' for i, name in enumerate(NAMES))


def test_terminal_safe_keeps_emoji_and_drops_joiners() -> None:
    assert terminal_safe("🧟\u200d♀\ufe0fZelda") == "🧟♀Zelda"
    assert terminal_safe("👍🏽 ok") == "👍 ok"
    assert terminal_safe("🧟Zed 僵尸") == "🧟Zed 僵尸"


@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_emoji_names_keep_every_border_in_place(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(script=SCRIPT)
    async with app.run_test(size=size) as pilot:
        for _ in NAMES:  # each selected in turn: its name heads the budget pane
            lines = screen_lines(app)
            body = lines[1:12]
            assert all(not set(map(ord, line)) & set(TERMINAL_UNSAFE) for line in body)
            right = cell_len(lines[1].rstrip()) - 1  # the budget pane's right border
            for line in body:
                assert cell_len(line) == size[0]
                assert line.rstrip()[-1] in "│╮╯" and cell_len(line.rstrip()) - 1 == right
            await pilot.press("j")
            await pilot.pause()
