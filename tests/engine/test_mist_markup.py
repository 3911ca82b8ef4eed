"""The Mist-engine markup in threats, consequences and profiles (issue 29 §2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.mist.markup import Chip, ChipKind, chips, pieces, plain


def test_a_tag_a_status_and_a_weakness() -> None:
    found = chips("The hound lunges: [bitten-3] in the [thick fog], [/w afraid of light]")
    assert found == (
        Chip(ChipKind.STATUS, "bitten", 3),
        Chip(ChipKind.TAG, "thick fog"),
        Chip(ChipKind.WEAKNESS, "afraid of light"),
    )


def test_chinese_and_full_width_brackets() -> None:
    assert chips("它扑上来：[受伤-2]") == (Chip(ChipKind.STATUS, "受伤", 2),)
    assert chips("【受伤－２】［浓雾］【／w 怕光】") == (
        Chip(ChipKind.STATUS, "受伤", 2),
        Chip(ChipKind.TAG, "浓雾"),
        Chip(ChipKind.WEAKNESS, "怕光"),
    )


def test_what_is_not_markup_stays_text() -> None:
    for text in ("[]", "[  ]", "[hurt-9]", "[hurt-0]", "[/w]", "[/x y]", "a [b", "c] d", "[[x]"):
        found = pieces(text)
        assert all(isinstance(p, str) for p in found) or text == "[[x]", text
    assert pieces("[[x]") == ("[", Chip(ChipKind.TAG, "x"))
    assert chips("a well-known place [well-known]") == (Chip(ChipKind.TAG, "well-known"),)


def test_plain_text_keeps_the_names() -> None:
    assert plain("It howls: [panicked-2]!") == "It howls: panicked!"
    assert pieces("It howls: [panicked-2]!") == (
        "It howls: ",
        Chip(ChipKind.STATUS, "panicked", 2),
        "!",
    )


def test_a_chip_writes_back_its_markup() -> None:
    for chip in chips("[bitten-3] [fog] [/w light]"):
        assert chips(chip.markup()) == (chip,)


MARKUPISH = st.text(alphabet=st.sampled_from("ab 受伤-－2３7/／wW[]［］【】\n"), max_size=40)


@given(st.one_of(st.text(max_size=60), MARKUPISH))
def test_any_text_gives_chips_or_stays_text(text: str) -> None:
    """Hypothesis: never an error; every piece is text or a well-formed chip; nothing is lost
    (the text pieces are all of the text that is not a chip)."""
    found = pieces(text)
    rebuilt = ""
    for piece in found:
        if isinstance(piece, Chip):
            assert piece.name and piece.name == piece.name.strip()
            assert piece.kind is not ChipKind.STATUS or 1 <= piece.tier <= 6
            assert chips(piece.markup()) == (piece,)
        else:
            assert piece
            rebuilt += piece
    assert all(piece in text for piece in found if isinstance(piece, str))
    if not any(isinstance(piece, Chip) for piece in found):
        assert rebuilt == text
