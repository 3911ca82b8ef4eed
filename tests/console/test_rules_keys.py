"""Issue 13 in the console: spend keys on the current actor, the delay dialog, the surprise
round's pause (RULES.md §3.2–§3.4, §3.6)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppFactory
from test_flows import row, scene_json, select
from textual.widgets import OptionList

SIZE = (120, 40)


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
async def test_a_spend_key_spends_the_current_actors_action(
    make_app: AppFactory, lang: str
) -> None:
    app = make_app(script=FIGHT, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert scene_json(app)["current"] == "Ann"
        await select(pilot, app, "Cid")
        await pilot.press("t")
        await pilot.pause()
        assert row(app, "Ann")["budget"]["standard"] == 0
        assert row(app, "Cid")["budget"]["standard"] == 1
        # the reflex key stays the selected combatant's (an off-turn reflex, §3.7)
        await pilot.press("x")
        await pilot.pause()
        assert row(app, "Cid")["owed_swift"] == 1


async def test_the_delay_dialog_offers_only_later_combatants_who_have_not_acted(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT + "next\n")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert scene_json(app)["current"] == "Bob"
        await pilot.press("d")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[1:] == ["After Cid"]  # not Ann: ahead of Bob and has acted
