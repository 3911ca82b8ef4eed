"""Tab on the command line typed in one fast burst with the text before it (``:damage 梅⇥2⏎``):
⇥ completes what was typed, not what the suggester had seen so far (⇥ did nothing and the line
ran as ``damage 梅2``, refused); ⇥ after a whole name gives the next word its space
(``damage 安⇥3`` is ``damage 安 3``)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SMALL, AppFactory, burst, ih_screen, until

from console.textual_compat import character_to_key
from engine.ih.encounter import Encounter

ZH_FIGHT = FIGHT.replace("Ann", "安").replace("Bob", "梅姐").replace("Cid", "食尸鬼")


def _keys(text: str) -> list[tuple[str, str]]:
    named = {"\t": "tab", "\r": "enter"}
    return [(named.get(char) or character_to_key(char), char) for char in text]


@pytest.mark.parametrize(
    ("typed", "line", "who"),
    [(":damage 梅\t2\r", "damage 梅姐 2", "梅姐"), (":damage 安\t3\r", "damage 安 3", "安")],
)
async def test_tab_in_a_burst_completes_what_was_typed(
    make_app: AppFactory, typed: str, line: str, who: str
) -> None:
    app = make_app(script=ZH_FIGHT, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        screen = ih_screen(app)
        burst(app, *_keys(typed))

        def ran() -> bool:
            journal = screen.history.scene.journal
            return bool(journal) and journal[-1].text == line

        assert await until(pilot, ran, 300), screen.status
        state = screen.history.scene.state
        assert isinstance(state, Encounter)
        assert next(x for x in state.order if x.name == who).health < 7
