"""The players' page's HTML (console/player/web_page.py) and its one follower (web.py's Hub).

The page is written from the terminal view's own renderables: names are escaped, what is hidden
is absent, the three languages show, and a file that stops loading keeps the last good view with
a notice. These run in-process (no server, no browser).
"""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from player_support import IH_FIGHT, MIST_SCENE, change, save
from rich.text import Text

from console.i18n import Translator
from console.player.web import Hub
from console.player.web_page import fragment, style_attributes, text_html
from saves.follow import Follower

HOSTILE = """
add "<script>alert(1)</script>" init=15 health=7
add "A&B <i>" init=12 health=6 willpower=3 pc
add Shade init=9 health=6 hidden
begin
effect "<script>alert(1)</script>" "<img src=x onerror=alert(2)>" rounds=2
"""
"""Names and an effect label that would be markup if written as they are."""


def _page(save_dir: Path, lang: str = "en") -> str:
    return fragment(Translator(lang), Follower(save_dir).read(), None)[1]


def _text(content: str) -> str:
    """What a browser shows of ``content``: its tags dropped, its entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", content))


def test_names_and_labels_are_escaped(tmp_path: Path) -> None:
    save(tmp_path, HOSTILE)
    content = _page(tmp_path)
    assert "<script" not in content and "<img" not in content and "<i>" not in content
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in content
    assert "A&amp;B &lt;i&gt;" in content
    shown = _text(content)
    assert "<script>alert(1)</script>" in shown and "<img src=x onerror=alert(2)>" in shown
    tags = set(re.findall(r"</?([a-z]+)", content))
    assert tags <= {"header", "section", "div", "span", "table", "thead", "tbody", "tr", "th", "td"}


def test_the_page_title_is_escaped(tmp_path: Path) -> None:
    save(tmp_path, HOSTILE, name="<b>Crypt</b>")
    title, content = fragment(Translator("en"), Follower(tmp_path).read(), None)
    assert title == "Test · <b>Crypt</b>"  # plain text: the page escapes it (web_shell.page)
    assert "&lt;b&gt;Crypt&lt;/b&gt;" in content
    from console.player.web_shell import page

    whole = page("en", title, content, "", 20, 17)
    assert "<title>Test · &lt;b&gt;Crypt&lt;/b&gt;</title>" in whole


def test_a_hidden_combatant_is_absent(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT)
    content = _page(tmp_path)
    assert "Ghoul" in content and "Shade" not in content
    change(tmp_path, "hide Ann")  # the current actor: the turn line must not tell either
    content = _page(tmp_path)
    assert "Ann" not in content and "Turn: —" in _text(content)


def test_hidden_challenges_threats_and_clues_are_absent(tmp_path: Path) -> None:
    save(tmp_path, MIST_SCENE, system="mist", name="Clinic")
    change(tmp_path, 'clue "A second set of prints"', "hide c2", scene="Clinic")
    shown = _text(_page(tmp_path))
    assert "Hound" in shown and "Claw marks on the door" in shown
    assert "Lurker" not in shown and "Something watches" not in shown
    assert "A second set of prints" not in shown
    assert "spotted" not in shown  # a hidden challenge's limits
    change(tmp_path, "reveal c2", scene="Clinic")
    assert "A second set of prints" in _text(_page(tmp_path))


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["round 1", "hurt", "Health"]), ("zh", ["第 1 轮", "生命"]), ("zh-Hant", ["第 1 輪"])],
)
def test_the_page_speaks_the_tables_language(tmp_path: Path, lang: str, words: list[str]) -> None:
    save(tmp_path, IH_FIGHT)
    shown = _text(_page(tmp_path, lang))
    for word in words:
        assert word in shown, (word, shown)


def test_styles_become_classes_or_inline_colours() -> None:
    from rich.style import Style

    assert style_attributes(Style.parse("bold yellow")) == ' class="b f-yellow"'
    assert style_attributes(Style.parse("bold white on red")) == ' class="b f-white b-red"'
    assert style_attributes(Style.parse("dark_red")) == ' style="color:#870000"'
    assert style_attributes(Style.parse("")) == ""
    line = Text("a<b", style="dim")
    line.append(" c", style="italic")
    assert text_html(line) == '<span class="dim">a&lt;b</span><span class="dim i"> c</span>'


def test_the_hub_follows_changes_and_keeps_the_last_view_on_a_bad_file(tmp_path: Path) -> None:
    """The one follower: a change gives a new fragment; a damaged scene file keeps the last
    good view with the players' notice (no traceback, no details of the file)."""
    save(tmp_path, IH_FIGHT)

    async def follow() -> tuple[str, str, str, int]:
        hub = Hub(tmp_path, None, "en", 4)
        assert await hub.look()
        first = hub.content
        assert not await hub.look()  # nothing changed: nothing read
        change(tmp_path, "damage Ghoul 3")
        assert await hub.look()
        second = hub.content
        scene = tmp_path / "campaigns" / "test" / "scenes" / "scene-0001.json"
        scene.write_text('{"scene": {"1": {"schema_version": 2, "kind": "sce')
        await hub.look()
        return first, second, hub.content, hub.loads

    first, second, damaged, loads = asyncio.run(follow())
    assert "hurt" in _text(first) and "badly hurt" in _text(second)
    assert loads == 2
    assert "badly hurt" in _text(damaged)  # the last good view stays
    assert "scene-0001.json is damaged or unreadable" in _text(damaged)
    assert "showing the last good state" in _text(damaged)
    assert "schema_version" not in damaged


def test_before_any_campaign_the_page_says_so(tmp_path: Path) -> None:
    async def first() -> str:
        hub = Hub(tmp_path, None, "zh", 4)
        await hub.look()
        return hub.content

    shown = _text(asyncio.run(first()))
    assert shown.startswith("暂无可显示的内容")


def test_a_scene_the_page_cannot_draw_is_said_and_following_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(tmp_path, IH_FIGHT)
    from console.player import web_page

    real = web_page.fragment

    def broken(*args: object) -> tuple[str, str]:
        if args[1] is not None:
            raise ValueError("cannot draw")
        return real(*args)  # type: ignore[arg-type]

    async def follow() -> tuple[str, str]:
        hub = Hub(tmp_path, None, "en", 4)
        monkeypatch.setattr(web_page, "fragment", broken)
        await hub.look()
        failed = hub.content
        monkeypatch.setattr(web_page, "fragment", real)
        change(tmp_path, "damage Ghoul 3")
        await hub.look()
        return failed, hub.content

    failed, later = asyncio.run(follow())
    assert "damaged or unreadable" in _text(failed) and "Traceback" not in failed
    assert "badly hurt" in _text(later)
