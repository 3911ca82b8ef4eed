"""Issue 27 §2 at the table: with a Chinese input method on, the Storyteller's ``:`` is ``：``.
It opens the command line as ``:`` does, a ``：`` typed into the open line is the opener and
not the command, and what the line then says is Chinese: a refused number names its field in
the table's language."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, row, until
from test_command_burst import burst_text

from console.ih.screen import IHScreen
from engine import commands
from engine.errors import RuleError


async def test_a_full_width_colon_opens_the_command_line_and_runs_a_burst(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        burst_text(app, "：damage Ann ２\n：：note Ann “左臂（轻）：擦伤，流血；”\n")
        assert await until(pilot, lambda: row(app, "Ann")["health"] == 5)
        assert await until(pilot, lambda: len(row(app, "Ann")["notes"]) == 1)
        assert row(app, "Ann")["notes"] == ["左臂（轻）：擦伤，流血；"]
        assert not screen.command_line.is_open


@pytest.mark.parametrize(
    ("line", "lang", "said", "not_said"),
    [
        ("damage Ann x", "zh", "伤害必须是整数", "Damage"),
        ("heal Ann -1", "zh-Hant", "治療量", "Healing"),
        ("defend Ann 0", "zh", "防御附加成功数至少为1", "Defense"),
        ("initiative Ann ++", "zh", "先攻变化", "initiative change"),
        ("damage Ann x", "en", "Damage must be a whole number", "伤害"),
    ],
)
def test_a_refused_number_names_its_field_in_the_table_s_language(
    line: str, lang: str, said: str, not_said: str
) -> None:
    from console.i18n import error_text

    with pytest.raises(RuleError) as caught:
        commands.parse(line, "ih-d10")
    text = error_text(caught.value, lang)
    assert said in (text if lang == "en" else text.replace(" ", "")), text
    assert not_said not in text


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("zh", "可用：scene、roll、ww", "scene, roll"),
        ("zh-Hant", "scene、roll、ww", "scene, roll"),
        ("en", "scene, roll, ww", "、"),
    ],
)
def test_a_list_in_a_refusal_is_joined_as_the_language_joins_it(
    lang: str, said: str, not_said: str
) -> None:
    from console.i18n import error_text

    with pytest.raises(RuleError) as caught:
        commands.parse("bogus x", "ih-d10")
    text = error_text(caught.value, lang)
    assert said in text and not_said not in text
