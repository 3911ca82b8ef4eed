"""``g`` (a story tag): typing right after the key writes the tag, not over the target (the
form started on the target and the tag landed on a character named by it, or was refused),
and the target and scope are filled in the table's words (场景 / 場景, not "scene")."""

from __future__ import annotations

import pytest
from console_support import SCENE, SMALL, AppFactory, burst, screen_lines, state_of, until

from console.mist.screen import MistScreen
from engine.mist.state import TagScope

ZH_SCENE = "pc 梅\nchallenge 猎犬 limits=伤害:3\n"


@pytest.mark.parametrize(
    ("lang", "script", "tag", "scene_word"),
    [
        ("zh-Hant", ZH_SCENE, "血腥味", "場景"),
        ("zh", ZH_SCENE, "血腥味", "场景"),
        ("en", SCENE, "ash", "scene"),
    ],
)
async def test_a_tag_typed_after_g_lands_on_the_scene(
    make_app: AppFactory, lang: str, script: str, tag: str, scene_word: str
) -> None:
    app = make_app(script=script, system="mist", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        burst(app, ("g", "g"), *((char, char) for char in tag))
        assert await until(pilot, lambda: tag in "\n".join(screen_lines(app)), 300)
        shown = "\n".join(screen_lines(app))
        assert shown.count(scene_word) >= 2  # the target and the scope
        if lang != "en":
            assert "scene" not in shown
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, MistScreen), 300)
        tags = state_of(pilot).scene.story_tags
        assert [(t.name, t.scope) for t in tags if t.name == tag] == [(tag, TagScope.SCENE)]
