"""The examples a Chinese table reads (the command line's placeholder, the campaign's hints,
the effect dialog, refusals) name Chinese people and words, as the Chinese demo does, and the
command they show is one the engine takes as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import commands

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_NAMES = re.compile(r"\b(Ann|Mei|Wang|Ghoul|Hound|Shade|Blessed|Cultist)\b")


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_no_chinese_label_names_the_english_demo_s_people(lang: str) -> None:
    table = json.loads((ROOT / "console" / "locale" / f"{lang}.json").read_text("utf-8"))
    found = {key: text for key, text in table.items() if ENGLISH_NAMES.search(text)}
    assert found == {}


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_placeholders_commands_are_taken_as_written(lang: str) -> None:
    table = json.loads((ROOT / "console" / "locale" / f"{lang}.json").read_text("utf-8"))
    for key, system in (("command.placeholder", "ih-d10"), ("mist.command.placeholder", "mist")):
        example = re.search(r"例如\s+(.+?)\s{2,}", table[key])
        assert example is not None, table[key]
        assert commands.parse(example.group(1), system) is not None
