"""The campaign between scenes is drawn from a view read once from its records, not from the
``saves CAMPAIGN --json`` document read back (issue 24 §2)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import NoReturn

import pytest

import console.campaign_view as campaign_view_module
from console.campaign_view import campaign_lines, campaign_markdown, campaign_view, view_json
from console.cli import main
from console.i18n import Translator
from saves import open_store

SCRIPT = """scene new "Fight" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
sheet Boss npc recurring
add Ann from=Ann init=10
add Boss from=Boss init=8
begin
damage Boss 30
willpower Ann impulse
scene new "Alley" mist
season "Autumn"
mission "Harbour"
pc Mei
theme Mei self "Detective" power="sharp eyes"
mark Mei Detective progress 3
status Mei hurt 2
status Mei hurt 1
clue "footprints"
"""


def _no_json(*_: object) -> NoReturn:
    raise AssertionError("the campaign's text reads records, never the --json document")


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_the_campaign_text_is_drawn_without_its_json(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(SCRIPT))
    assert main(["run", "-", "--campaign", "C", "--save-dir", str(tmp_path)]) == 0
    with open_store(str(tmp_path)).open_campaign("C", read_only=True) as campaign:
        view = campaign_view(campaign)
    document = view_json(view)  # the --json document, written from the same view
    for name in ("mist_json", "standing_json", "view_json", "campaign_json"):
        monkeypatch.setattr(campaign_view_module, name, _no_json)
    t = Translator(lang)
    lines = campaign_lines(view, t)
    boss = document["cast"][1]
    assert boss["condition"]["health"] == 0 and boss["condition"]["unconscious"] is True
    assert lines[3] == "  " + t(
        "campaign.ih-line",
        name="Boss",
        side=t("campaign.side-recurring"),
        health=0,
        health_max=boss["health_max"],
        willpower=2,
        willpower_max=2,
    ) + t(
        "campaign.marks",
        marks=t("campaign.separator").join([t("campaign.unconscious"), t("campaign.hurt")]),
    )
    mei = next(line for line in lines if line.lstrip().startswith("Mei"))
    assert "hurt-2" in mei and t("campaign.growth-pending") in mei  # one status a name
    one, none = t("count.clues.one", n=1), t("count.conclusions.other", n=0)
    running = t("campaign.case-file", clues=one, conclusions=none)  # 1 clue, not 1 clues
    assert any(running in line for line in lines)
    assert campaign_markdown(view, t).startswith("## " + t("campaign.title", name="C"))
