"""The demo's d10 fight, the scene a first run opens, is played now: what the ST does in it
carries into the campaign's next scene (it was left out of the cast, as the past is, because
the d6 ambush was saved after it without leaving it open beside)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from console.demo import demo_campaign, demo_scene_names, install_demo
from saves.store import open_store


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_damage_and_the_impulse_in_the_demo_fight_carry_to_a_new_scene(
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    install_demo(open_store(tmp_path), lang)
    ann = "Ann" if lang == "en" else "安"
    campaign = demo_campaign(lang)
    base = ["run", "-", "--campaign", campaign, "--save-dir", str(tmp_path), "--lang", lang]
    fight = demo_scene_names(lang)[0]
    with open_store(tmp_path).open_campaign(campaign) as opened:
        assert opened.current_scene() == fight
        assert opened.is_open_beside(fight)  # the ambush's other half: it shares the cast
    monkeypatch.setattr("sys.stdin", io.StringIO(f"damage {ann} 2\nwillpower {ann} impulse\n"))
    assert main(base) == 0
    script = f'scene new "Next" ih-d10\nadd {ann} from={ann}\nwillpower {ann} impulse\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    capsys.readouterr()
    assert main([*base, "--json"]) == 1  # the impulse is once per movie: spent in the fight
    out = capsys.readouterr()
    state = json.loads(out.out)
    row = next(row for row in state["order"] if row["name"] == ann)
    assert (row["health"], row["health_max"]) == (5, 7)
    assert ("line 3" if lang == "en" else "第 3 行") in out.err
