"""The console language's words (INTERFACE.md §3): a quoted word is a name, a number is ASCII
digits with an optional sign, an option given twice is refused, a shared verb misused says how
to use it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ih_support import play
from mist_support import run

from engine.errors import RuleError
from engine.ih.encounter import find
from engine.language import parse_int


def test_a_quoted_word_is_a_name_even_with_an_equals_sign() -> None:
    """INTERFACE.md §3: a name that needs it is quoted; quoting keeps it a name."""
    state, _ = play(
        'add "a=b" init=5\nadd "Old Wang" init=7\neffect "a=B" "x=y" rounds=2 by="old wang"'
    )
    a = find(state, "a=b")
    assert a.name == "a=b"
    assert [(e.label, e.source) for e in a.effects] == [("x=y", "Old Wang")]


@pytest.mark.parametrize(
    ("text", "verb"),
    [("undo 2", "undo"), ("redo now", "redo")],
)
def test_shared_verbs_misused_say_how_to_use_them(text: str, verb: str) -> None:
    from engine import commands

    with pytest.raises(RuleError) as caught:
        commands.parse(text, "ih-d10")
    assert caught.value.code == "commands.use-takes-arguments"
    assert caught.value.params == {"verb": verb}


@pytest.mark.parametrize("text", ["1_0", "٣", "1.5", "", "+", "0x10", "1e3"])
def test_a_number_is_ascii_digits_with_an_optional_sign(text: str) -> None:
    """INTERFACE.md §3: a bad argument is a rule error (Python's int() would take 1_0 and ٣;
    a full-width ３ is read as 3, issue 27)."""
    with pytest.raises(RuleError) as caught:
        parse_int(text, "init")
    assert caught.value.code == "language.must-whole-number"
    assert caught.value.params["what"] == "init"


@pytest.mark.parametrize(
    ("text", "value"), [("15", 15), ("+3", 3), ("-2", -2), (" 07 ", 7), ("＋１２", 12)]
)
def test_whole_numbers_still_read(text: str, value: int) -> None:
    assert parse_int(text, "init") == value


@pytest.mark.parametrize(
    "line",
    [
        'conclusion "x" supports=c1 supports=c2',
        "challenge Hound limits=harmed:3 LIMITS=convinced:2",
        "status Mei hurt 2 counters=cold counters=wet",
    ],
)
def test_an_option_given_twice_is_refused_not_half_read(line: str) -> None:
    """INTERFACE §3: a bad argument is a rule error. ``supports=c1 supports=c2`` used to keep
    c1 and silently drop c2, so the conclusion's power was 1, not the 2 the MC wrote."""
    state, _ = run(["pc Mei", 'clue "a"', 'clue "b"'])
    with pytest.raises(RuleError) as caught:
        run([line], state)
    assert caught.value.code == "mist.language.twice-give-once"


def _shlex_split(body: str) -> list[tuple[str, bool]]:
    """How the tokenizer split a line before issue 30: POSIX ``shlex`` (quadratic)."""
    import io
    import shlex

    stream = io.StringIO(body)
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    tokens: list[tuple[str, bool]] = []
    while True:
        start = stream.tell()
        rest = stream.read()
        stream.seek(start)
        stripped = rest.lstrip()
        quoted = bool(stripped) and stripped[0] in "\"'"
        token = lexer.get_token()
        if token is None:
            return tokens
        tokens.append((token, quoted))


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\"'\\=ab\u3000\x0b#é龍")), max_size=24))
def test_the_linear_tokenizer_splits_as_posix_shlex_did(body: str) -> None:
    """Issue 30: the one-pass tokenizer reads every line as ``shlex`` did, refusals included."""
    from engine.language import _split

    try:
        expected: list[tuple[str, bool]] | str = _shlex_split(body)
    except ValueError as error:
        expected = str(error)
    try:
        found: list[tuple[str, bool]] | str = _split(body)
    except ValueError as error:
        found = str(error)
    assert found == expected


@pytest.mark.parametrize("size", [1_000_000, 10_000_000])
@pytest.mark.parametrize("shape", ["word", "quoted", "words"])
def test_an_over_long_line_is_refused_before_it_is_tokenized(size: int, shape: str) -> None:
    """Issue 30: a 1 MB or 10 MB line is refused by its length, naming the limit, whatever it
    holds (before, its cost grew with the square of its length)."""
    from engine import commands
    from engine.limits import MAX_LINE

    body = {"word": "a" * size, "quoted": '"' + "b" * size, "words": "a " * (size // 2)}[shape]
    with pytest.raises(RuleError) as caught:
        commands.parse("note " + body, "ih-d10")
    assert caught.value.code == "input.line-too-long"
    assert caught.value.params == {"length": len(body) + 5, "limit": MAX_LINE}


def test_a_line_at_the_limit_is_read() -> None:
    """The longest line is read as before: a note of MAX_TEXT characters, each escaped."""
    from engine.language import tokenize
    from engine.limits import MAX_LINE

    text = "note Ann " + '"' + '\\"' * 1000 + '"'
    line = tokenize(text + " " * (MAX_LINE - len(text)))
    assert line is not None and line.words == ("Ann", '"' * 1000)
