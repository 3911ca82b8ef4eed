"""Issue 27 §2: the clue form offers the scene a clue was found in by the name the table reads
(the scene's own name, "Fight"; an unnamed scene is 场景 1 in Chinese, not "Scene 1"), and the
clue is recorded in that scene; a scene the MC types is taken as typed."""

from __future__ import annotations

import pytest
from console_support import SCENE, SMALL, AppFactory, settle, state_of
from textual.widgets import Input

from console.mist.dialogs import FormDialog


@pytest.mark.parametrize(
    ("lang", "shown", "typed", "recorded"),
    [
        ("zh", "Fight", "", "Fight"),
        ("zh-Hant", "Fight", "", "Fight"),
        ("en", "Fight", "", "Fight"),
        ("zh", "Fight", "地下室", "地下室"),
    ],
)
async def test_the_clue_form_names_the_scene_as_the_table_reads_it(
    make_app: AppFactory, lang: str, shown: str, typed: str, recorded: str
) -> None:
    app = make_app(script=SCENE, system="mist", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("l")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormDialog)
        scene = form.query_one("#field-scene", Input)
        assert scene.value == shown
        await pilot.press(*"脚印")
        if typed:
            scene.value = typed
        await pilot.press("enter")
        await settle(pilot)
        assert [(c.text, c.scene) for c in state_of(pilot).case_file.clues][-1] == (
            "脚印",
            recorded,
        )


@pytest.mark.parametrize(
    ("lang", "said"), [("zh", "场景 1"), ("zh-Hant", "場景 1"), ("en", "Scene 1")]
)
def test_an_unnamed_scene_is_said_in_the_table_s_language(lang: str, said: str) -> None:
    from console.i18n import Translator, scene_name

    assert scene_name(Translator(lang), "Scene 1") == said
    assert scene_name(Translator(lang), "地下室") == "地下室"
