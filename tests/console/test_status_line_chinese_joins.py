"""The status line says what a command did in the table's language, punctuation included: the
events of one command are joined by ``；`` in zh and zh-Hant (``; `` in English), and a §1.7
impulse or trait says what it was, not a bare ``意志 +0 → 5``."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, enter_line, status_text

from console.event_text import describe
from console.i18n import Translator
from engine.ih.events import WillpowerChanged

ZH_FIGHT = FIGHT.replace("Ann", "安").replace("Bob", "老王").replace("Cid", "食尸鬼")


@pytest.mark.parametrize(("lang", "sep"), [("zh", "；"), ("zh-Hant", "；"), ("en", "; ")])
async def test_a_command_s_events_are_joined_in_the_table_s_punctuation(
    run_app: AppRun, lang: str, sep: str
) -> None:
    async with run_app(script=ZH_FIGHT, lang=lang) as (app, pilot):
        await enter_line(pilot, "next")  # 安 ends the turn; 老王's turn
        line = status_text(app)
        assert sep in line
        if lang != "en":
            assert "; " not in line


async def test_the_mist_status_line_joins_in_chinese_too(run_app: AppRun) -> None:
    script = "pc 梅\nchallenge 猎犬 limits=伤害:3\nstatus 梅 受伤 2\n"
    async with run_app(script=script, system="mist", lang="zh") as (app, pilot):
        await enter_line(pilot, "status 猎犬 伤害 3")  # a status, and the limit reached
        line = status_text(app)
        assert "；" in line and "; " not in line


@pytest.mark.parametrize(
    ("lang", "impulse", "trait"),
    [
        ("zh", "安 按冲动行动：意志回满（+0 → 5）", "安 按特质行动：意志 +1 → 5"),
        ("zh-Hant", "安 按衝動行動：意志回滿（+0 → 5）", "安 按特質行動：意志 +1 → 5"),
        (
            "en",
            "安 acts on their impulse: willpower back to full (+0 → 5)",
            "安 acts on their origin trait: willpower +1 → 5",
        ),
    ],
)
def test_impulse_and_trait_say_what_restored_the_willpower(
    lang: str, impulse: str, trait: str
) -> None:
    t = Translator(lang)
    assert describe(t, WillpowerChanged("安", 0, 5, "impulse")) == impulse
    assert describe(t, WillpowerChanged("安", 1, 5, "trait")) == trait
    assert describe(t, WillpowerChanged("安", 2, 5, "adjust")) == t(
        "event.WillpowerChanged", name="安", change=2, willpower=5
    )
