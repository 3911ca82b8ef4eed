"""Issue 27 §3: a form that cannot make its command yet says what is missing in words, in the
table's language — the fields it needs by name — never a bare "…"."""

from __future__ import annotations

import pytest
from console_support import SCENE, AppRun, press
from textual.widgets import Static

from console.i18n import Translator


@pytest.mark.parametrize(
    ("lang", "key", "needed"),
    [
        ("en", "t", ("mist.label.text",)),
        ("zh", "t", ("mist.label.text",)),
        ("zh-Hant", "C", ("mist.label.name",)),
        ("en", "H", ("mist.label.theme-tag",)),
    ],
)
async def test_an_empty_form_names_the_fields_it_needs(
    run_app: AppRun, lang: str, key: str, needed: tuple[str, ...]
) -> None:
    t = Translator(lang)
    async with run_app(script=SCENE, system="mist", lang=lang) as (app, pilot):
        await press(pilot, key)
        dialog = app.screen
        await press(pilot, "enter")
        error = str(dialog.query_one("#form-error", Static).render())
        assert "…" not in error
        assert error == "✗ " + t("mist.form.fill-in", fields="、".join(t(k) for k in needed))
