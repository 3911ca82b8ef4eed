"""The console's text (console/render.py), labels (console/i18n.py), keys (console/keymap.py)
and command-line completion, without running the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from console import render
from console.i18n import LANGUAGES, Translator, _table, fit, pad
from console.ih import combat_text
from console.keymap import ALL_KEYS, KeymapError, load_keymap
from console.widgets.command_line import Vocabulary, complete
from engine.dice.ih import evaluate_check
from engine.dice.mist import evaluate_mist

EN = Translator("en")


@pytest.mark.parametrize(
    ("current", "maximum", "width", "plain"),
    [
        (7, 7, 4, "████ 7/7"),
        (0, 7, 4, "░░░░ 0/7"),
        (5, 8, 8, "█████░░░ 5/8"),
        (9, 7, 4, "████ 9/7"),
        (-2, 7, 4, "░░░░ -2/7"),
    ],
)
def test_bar(current: int, maximum: int, width: int, plain: str) -> None:
    assert render.bar(current, maximum, width).plain == plain


@pytest.mark.parametrize(
    ("current", "maximum", "style"), [(8, 8, "green"), (4, 8, "yellow"), (2, 8, "red")]
)
def test_meter_style(current: int, maximum: int, style: str) -> None:
    assert render.meter_style(current, maximum) == style


@pytest.mark.parametrize(("round_number", "text"), [(1, "0:00"), (2, "0:06"), (11, "1:00")])
def test_elapsed_in_fight_is_six_seconds_a_round(round_number: int, text: str) -> None:
    assert render.elapsed_in_fight(round_number) == text


def test_vector_one_faces_and_outcome() -> None:
    """RULES.md §5 vector 1: faces 10, 4, 8 then extra 9 → 3 rolled, bonus 2 → final 5."""
    result = evaluate_check_vector()
    line = render.check(EN, "ih-d10", result, "Ann")
    assert line.plain == "Ann DP 3: 10 4 8 + 9  (+2 bonus) → 5 successes"
    bold = [line.plain[span.start : span.end] for span in line.spans if "green" in str(span.style)]
    assert bold == ["10", "8", "9"]


def evaluate_check_vector():  # type: ignore[no-untyped-def]
    from engine.dice.ih import CheckSpec

    return evaluate_check(CheckSpec(system="ih-d10", dp=3, bonus=2), (10, 4, 8, 9))


def test_one_success_is_singular() -> None:
    from engine.dice.ih import CheckSpec

    result = evaluate_check(CheckSpec(system="ih-d10", dp=2), (8, 3))
    assert render.check(EN, "ih-d10", result, "Ann").plain.endswith("→ 1 success")


def test_mist_roll_in_words() -> None:
    """RULES.md §5 vector 7: power 3, d8 4, d4s 1 3 2 → 7, success with a consequence."""
    roll = evaluate_mist(3, 4, (1, 3, 2))
    assert render.mist_roll(EN, roll).plain == (
        "power 3: d8 4 d4 1 3 2 = 7 → success with a consequence"
    )


def test_budget_slots_show_owed_swift_and_spent() -> None:
    lines = combat_text.budget_slots(EN, {"swift": 0, "move": 1, "standard": 2}, owed_swift=1)
    plain = [line.plain for line in lines]
    assert plain[0].startswith("Free") and plain[0].endswith("∞")
    assert plain[1].endswith("□  owes 1 (reflex)")  # spent for the owed swift: said once
    assert plain[3].endswith("■ ■")


def test_substitution() -> None:
    assert combat_text.substitution(EN, "move", "standard").plain == "Move paid by Standard"
    assert combat_text.substitution(EN, "move", "move") is None


def test_distribution_rows_scale_to_the_peak() -> None:
    rows = render.distribution_rows({0: 0.25, 1: 0.5, 2: 0.25}, width=10)
    assert [(label, bar.plain, pct) for label, bar, pct in rows] == [
        ("0", "█████", "25.0%"),
        ("1", "██████████", "50.0%"),
        ("2", "█████", "25.0%"),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_is_translated(lang: str) -> None:
    assert set(_table(lang)) == set(_table("en"))
    for spec in ALL_KEYS:
        assert spec.label_key in _table(lang), spec.id


def test_term_names_follow_the_rules_tables() -> None:
    """Traditional terms as the IH core texts write them (RULES.md §2–3), Simplified for zh."""
    hant, hans = Translator("zh-Hant"), Translator("zh")
    assert [hant(f"action.{k}") for k in ("swift", "move", "standard", "full-round")] == [
        "迅捷",
        "移動",
        "標準",
        "整輪",
    ]
    assert hans("action.move") == "移动" and hant("marker.flat_footed") == "措手不及"


@given(st.text(alphabet="ab中文字", max_size=12), st.integers(min_value=2, max_value=16))
def test_pad_and_fit_align_cjk_by_cells(text: str, width: int) -> None:
    assert cell_len(fit(text, width)) == width
    assert cell_len(pad(text, width)) == max(width, cell_len(text))


def test_keymap_files(tmp_path: Path) -> None:
    assert load_keymap(tmp_path) == {}
    (tmp_path / "keymap.json").write_text(json.dumps({"combat.roll": "ctrl+r"}), "utf-8")
    assert load_keymap(tmp_path) == {"combat.roll": "ctrl+r"}
    (tmp_path / "keymap.toml").write_text('[keymap]\n"combat.next-turn" = "space, enter"\n')
    assert load_keymap(tmp_path) == {"combat.next-turn": "space,enter"}


@pytest.mark.parametrize(
    "text", ['"combat.nope" = "x"\n', '"combat.roll" = 3\n', "not toml at all ==\n"]
)
def test_bad_keymap_is_refused_with_a_reason(tmp_path: Path, text: str) -> None:
    (tmp_path / "keymap.toml").write_text(text, "utf-8")
    with pytest.raises(KeymapError, match="keymap.toml"):
        load_keymap(tmp_path)


def test_binding_ids_are_unique() -> None:
    ids = [spec.id for spec in ALL_KEYS]
    assert len(ids) == len(set(ids))


VOCABULARY = Vocabulary(verbs=("spend", "scene", "next"), names=("Ann", "Old Wang", "Shade"))


@pytest.mark.parametrize(
    ("typed", "completed"),
    [
        ("sp", "spend"),
        ("spend A", "spend Ann"),
        ("spend O", 'spend "Old Wang"'),
        ('spend "Ol', 'spend "Old Wang"'),
        ("spend Ann m", "spend Ann move"),
        ("delay Ann n", "delay Ann next-round"),
        ("spend Ann s", "spend Ann swift"),
        ("spend S", "spend Shade"),
        ("delay Ann after S", "delay Ann after Shade"),
        ("spend Ann ", None),
        ("zz", None),
        ("", None),
    ],
)
def test_completion(typed: str, completed: str | None) -> None:
    assert complete(typed, VOCABULARY) == completed


@given(st.text(max_size=30))
def test_completion_never_fails(typed: str) -> None:
    result = complete(typed, VOCABULARY)
    assert result is None or len(result) > len(typed.rstrip())


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_every_trait_has_a_label_in_each_language(lang: str) -> None:
    """The Chinese names of RULES.md §2.1 are labels in the locale files, not engine data."""
    from engine.ih.traits import Attribute, Category, Skill

    t = Translator(lang)
    keys = [f"trait.{trait.value}" for trait in (*Attribute, *Skill)]
    keys += [f"trait.category.{category.value}" for category in Category]
    assert all(t(key) != key for key in keys)
    if lang == "zh-Hant":
        assert (t("trait.composure"), t("trait.martial"), t("trait.category.social")) == (
            "沉著",
            "武技",
            "互動",
        )
    if lang == "zh":
        assert (t("trait.composure"), t("trait.resolve")) == ("沉着", "决心")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hold_ended_because_its_target_left_the_round_says_so(lang: str) -> None:
    """§3.4: DelayReleased(target_left=True) has its own words in every language."""
    from console import event_text
    from engine.ih.events import DelayReleased

    t = Translator(lang)
    left = event_text.describe(t, DelayReleased("Bea", "Cid", target_left=True))
    assert left == t("event.DelayReleased-left", name="Bea", after="Cid")
    assert left != event_text.describe(t, DelayReleased("Bea", "Cid"))
