"""Ctrl+N: Enter on the rules' list creates the scene with the rules under the cursor, as
Enter in the name does (typed fast, ``^N 天台 ⇥ ↓ ⏎`` ticked nothing and made nothing)."""

from __future__ import annotations

from console_support import FIGHT, SMALL, AppFactory, burst, until

from console.screens.dialogs import NewSceneDialog
from console.textual_compat import character_to_key


async def test_enter_on_the_rules_creates_the_scene(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        burst(
            app,
            ("ctrl+n", ""),
            *((character_to_key(c), c) for c in "天台"),
            ("tab", "\t"),
            ("down", ""),
            ("enter", "\r"),
        )

        def made() -> bool:
            scene = app.current_scene()
            return scene is not None and scene.name == "天台"

        assert await until(pilot, made, 300)
        scene = app.current_scene()
        assert scene is not None and scene.system == "ih-d6"


async def test_enter_on_the_rules_without_a_name_asks_for_one(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT, lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("ctrl+n", "tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewSceneDialog)
        scene = app.current_scene()
        assert scene is not None and scene.name == "Fight"
