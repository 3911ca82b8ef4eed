"""``parse(format_command(c)) == c`` for every command type of both families (STYLE.md).

Keys and dialogs build command objects; the journal keeps ``format_command(c)`` as their text.
Names here hold both quote kinds, backslashes, spaces, ``=``, ``#`` and CJK, so a name a key
acts on reads back as the same name (issue 17: ``Ann "Axe"``, ``He said "run" now``).
"""

from __future__ import annotations

import typing
from typing import Any

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import commands
from engine.dice.command import MistSpec, RollCommand
from engine.dice.ih import CheckSpec, Untrained
from engine.ih import commands as ih
from engine.ih.encounter import ActionKind, Kind
from engine.ih.interrupts import Outcome
from engine.ih.roster import Entry
from engine.ih.traits import Attribute, Skill
from engine.ih.vitals import WillpowerUse
from engine.mist import commands as mist
from engine.mist.state import Limit, Phase, Profile, Retirement, Status, TagScope, ThemeType, Track
from engine.settings import Interpret

ALPHABET = "aAzZ09 -_.'\"\\=#,:安妮斧頭＝「」"
"""Letters, digits, both quotes, a backslash, ``=``, ``#``, list and limit separators, CJK."""

KEYWORDS = {
    "all", "none", "end", "next-round", "after", "ready", "turn", "newborn", "pc", "npc",
    "native", "delete", "mishap", "clueless", "flat-footed", "roll", "lose", "drop",
    "ih-d10", "ih-d6", "save",
}  # fmt: skip
"""Words the language reads as keywords where a name may stand: a name spelled exactly like one
of them means the keyword (``restore Ann all``), quoted or not."""


def _text(alphabet: str = ALPHABET) -> st.SearchStrategy[str]:
    return (
        st.text(alphabet, min_size=1, max_size=10)
        .map(str.strip)
        .filter(lambda s: bool(s) and s.lower() not in KEYWORDS)
    )


name = _text()
item = _text(ALPHABET.replace(",", ""))
"""A name in a comma-separated list (``tags=a,b``)."""
items = st.lists(item, max_size=3).map(tuple)
ident = st.text("abcxyz0123", min_size=1, max_size=4)
"""An id the parser reads in lower case (``e1``)."""
number = st.integers(-99, 99)
count = st.integers(0, 99)
positive = st.integers(1, 99)
optional_name = st.none() | name

IH: dict[type, st.SearchStrategy[Any]] = {
    ih.Add: st.builds(
        ih.Add,
        entry=st.builds(
            Entry,
            name=name,
            initiative=st.none() | number,
            modifier=st.none() | number,
            dexterity=st.none() | count,
            composure=st.none() | count,
            health=st.none() | count,
            willpower=st.none() | count,
            defense=count,
            defense_bonus=count,
            kind=st.sampled_from(Kind),
            clueless=st.just(False),
            hidden=st.booleans(),
        ),
        join=st.just(False),
    )
    | st.builds(
        lambda entry, clueless: ih.Add(
            entry=Entry(name=entry, initiative=5, clueless=clueless), join=True
        ),
        name,
        st.booleans(),
    ),
    ih.Surprise: st.builds(ih.Surprise, names=st.lists(name, min_size=1, max_size=3).map(tuple)),
    ih.Begin: st.just(ih.Begin()),
    ih.Next: st.just(ih.Next()),
    ih.Spend: st.builds(ih.Spend, name=name, kind=st.sampled_from(ActionKind))
    | st.builds(
        ih.Spend,
        name=name,
        kind=st.sampled_from((ActionKind.REFLEX, ActionKind.ONE_ROUND)),
        label=name,
    ),
    ih.Delay: st.builds(ih.Delay, name=name, after=optional_name),
    ih.ChangeInitiative: st.builds(ih.ChangeInitiative, name=name, amount=number),
    ih.Swap: st.builds(ih.Swap, first=name, second=name),
    ih.Remove: st.builds(ih.Remove, name=name),
    ih.Hide: st.builds(ih.Hide, name=name),
    ih.Attack: st.builds(
        ih.Attack,
        attacker=name,
        targets=st.lists(
            _text(ALPHABET.replace(",", "").replace(":", "")), min_size=1, max_size=3
        ).map(tuple),
        dp=count,
        bonus=count,
        penalty=count,
        willpower=st.booleans(),
        no_damage=st.booleans(),
        defend=st.just(())
        | st.tuples(st.tuples(st.just(""), positive))
        | st.lists(st.tuples(st.just(""), count), min_size=2, max_size=3).map(tuple)
        | st.lists(
            st.tuples(_text(ALPHABET.replace(",", "").replace(":", "")), count),
            min_size=1,
            max_size=3,
        ).map(tuple),
        attacks_by=st.lists(
            st.tuples(_text(ALPHABET.replace(",", "").replace(":", "")), positive),
            max_size=3,
        ).map(tuple),
    ),
    ih.Reveal: st.builds(ih.Reveal, name=name),
    ih.Faint: st.builds(ih.Faint, name=name),
    ih.Damage: st.builds(ih.Damage, name=name, amount=count),
    ih.Heal: st.builds(ih.Heal, name=name, amount=count),
    ih.AdjustWillpower: st.builds(ih.AdjustWillpower, name=name, amount=number),
    ih.UseWillpower: st.builds(ih.UseWillpower, name=name, use=st.sampled_from(WillpowerUse)),
    ih.Defend: st.builds(ih.Defend, name=name, successes=positive),
    ih.AddEffect: st.builds(
        ih.AddEffect, name=name, label=name, rounds=positive, source=optional_name
    ),
    ih.EndEffect: st.builds(ih.EndEffect, name=name, label=name),
    ih.DeclareInterrupt: st.builds(
        ih.DeclareInterrupt, reactor=name, target=name, prepaid=st.booleans()
    ),
    ih.ResolveInterrupt: st.builds(ih.ResolveInterrupt, outcome=st.sampled_from(Outcome)),
    ih.Extra: st.builds(
        ih.Extra,
        name=name,
        kind=st.sampled_from((ActionKind.SWIFT, ActionKind.MOVE, ActionKind.STANDARD)),
        count=count,
        this_turn=st.booleans(),
    ),
    ih.CapFree: st.builds(ih.CapFree, cap=st.none() | count),
    ih.Note: st.builds(ih.Note, name=name, text=name),
    ih.Ability: st.builds(ih.Ability, name=name, text=name),
    ih.Temporary: st.builds(
        ih.Temporary,
        name=name,
        trait=st.sampled_from(("stamina", "size")),
        amount=st.none() | count,
    ),
    ih.SetDefense: st.builds(ih.SetDefense, name=name, value=number),
    ih.SetSheet: st.builds(
        ih.SetSheet,
        name=name,
        pc=st.none() | st.booleans(),
        system=st.none() | st.sampled_from(("ih-d10", "ih-d6")),
        # each field once: a line naming one twice is refused (language.option-twice)
        traits=st.lists(
            st.tuples(st.sampled_from([a.value for a in Attribute]), st.integers(0, 10)),
            max_size=3,
            unique_by=lambda pair: pair[0],
        ).map(tuple),
        skill_bonuses=st.lists(
            st.tuples(st.sampled_from(Skill), st.integers(0, 10)),
            max_size=2,
            unique_by=lambda pair: pair[0],
        ).map(tuple),
        texts=st.lists(
            st.tuples(st.sampled_from(("gender", "background")), st.just("") | name),
            max_size=2,
            unique_by=lambda pair: pair[0],
        ).map(tuple),
    ),
    ih.DeleteSheet: st.builds(ih.DeleteSheet, name=name),
    ih.SetSpecialty: st.builds(
        ih.SetSpecialty,
        name=name,
        skill=st.sampled_from(Skill),
        specialty=_text(ALPHABET.replace("+", "")),
        level=st.integers(0, 10),
    ),
    ih.SetFeat: st.builds(ih.SetFeat, name=name, feat=name, level=st.integers(0, 10)),
    ih.SetLanguage: st.builds(
        ih.SetLanguage, name=name, language=name, level=st.integers(0, 5), native=st.booleans()
    ),
    ih.AddFromSheet: st.builds(
        ih.AddFromSheet,
        name=name,
        sheet=name,
        count=st.none() | st.integers(1, 50),
        initiative=st.none() | number,
    )
    | st.builds(
        ih.AddFromSheet,
        name=name,
        sheet=name,
        modifier=number,
        join=st.just(True),
        clueless=st.booleans(),
    ),
    ih.Check: st.builds(
        ih.Check,
        name=name,
        traits=name,
        dc=st.none() | st.integers(0, 1000),
        willpower=st.booleans(),
        again=st.sampled_from((10, 9, 8)),
        level=st.sampled_from((1, 2, 3)),
        bonus=st.integers(0, 99),
        penalty=st.integers(0, 99),
        hidden=st.booleans(),
    )
    | st.builds(
        ih.Check,
        name=name,
        traits=name,
        opponent=_text(ALPHABET.replace(":", "")),
        opponent_traits=_text(ALPHABET.replace(":", "")),
    ),
    ih.StartExtended: st.builds(
        ih.StartExtended,
        name=name,
        label=name,
        traits=name,
        dp=st.none(),
        dc=st.integers(1, 1000),
        interval=st.sampled_from(("turn", "minute", "hour", "day")),
        deadline=st.none() | st.integers(1, 1000),
        mishap=st.booleans(),
    )
    | st.builds(
        ih.StartExtended,
        name=name,
        label=name,
        traits=st.none(),
        dp=number,
        dc=st.integers(1, 1000),
        interval=st.just("day"),
    ),
    ih.RollExtended: st.builds(
        ih.RollExtended, id=ident, bonus=st.integers(0, 99), penalty=st.integers(0, 99)
    ),
    ih.LoseExtended: st.builds(ih.LoseExtended, id=ident, successes=st.integers(1, 1000)),
    ih.DropExtended: st.builds(ih.DropExtended, id=ident),
    ih.EndScene: st.just(ih.EndScene()),
    ih.EndMovie: st.just(ih.EndMovie()),
}

power = st.builds(
    mist.PowerChoice,
    tags=items,
    hinder=items,
    statuses=items,
    hindering=items,
    burn=items,
    indulge=optional_name,
)


def _limits(kinds: list[str], tiers: list[int | None]) -> tuple[Limit, ...]:
    unique = {kind.casefold(): kind for kind in kinds}
    return tuple(Limit(kind, tier) for kind, tier in zip(unique.values(), tiers, strict=False))


limits = st.builds(
    _limits,
    st.lists(item, max_size=3),
    st.lists(st.none() | st.integers(1, 6), min_size=3, max_size=3),
)

MIST: dict[type, st.SearchStrategy[Any]] = {
    mist.AddCharacter: st.builds(mist.AddCharacter, name=name),
    mist.AddChallenge: st.builds(mist.AddChallenge, name=name, limits=limits, hidden=st.booleans())
    | st.builds(
        mist.AddChallenge,
        name=name,
        limits=limits,
        hidden=st.booleans(),
        profile=name,
        count=st.integers(1, 99),
    ),
    mist.SaveProfile: st.builds(
        mist.SaveProfile,
        st.builds(
            Profile,
            name=name,
            limits=limits,
            tags=items,
            statuses=st.lists(
                st.builds(Status, name=item, boxes=st.integers(1, 6).map(lambda n: (n,))),
                max_size=2,
            ).map(tuple),
            threats=st.lists(name, max_size=2).map(tuple),
            consequences=st.lists(name, max_size=2).map(tuple),
            notes=st.lists(name, max_size=2).map(tuple),
        ),
    ),
    mist.ProfileFromChallenge: st.builds(
        mist.ProfileFromChallenge, challenge=name, name=optional_name
    ),
    mist.DropProfile: st.builds(mist.DropProfile, name=name),
    mist.DropThreat: st.builds(mist.DropThreat, id=ident),
    mist.SetVisibility: st.builds(
        mist.SetVisibility, challenge=name, shown=st.booleans(), limits=st.booleans()
    ),
    mist.SetLimit: st.builds(
        mist.SetLimit, challenge=name, kind=name, tier=st.none() | st.integers(1, 6)
    ),
    mist.AddNote: st.builds(mist.AddNote, challenge=name, text=name),
    mist.AddTheme: st.builds(
        mist.AddTheme,
        character=name,
        type=st.sampled_from(ThemeType),
        name=name,
        power_tags=items,
        weaknesses=items,
        motive=st.just("") | name,
        newborn=st.booleans(),
    ),
    mist.TakeStatus: st.builds(
        mist.TakeStatus,
        target=name,
        name=name,
        tier=number,
        counters=optional_name,
        by=optional_name,
    ),
    mist.ReduceStatus: st.builds(
        mist.ReduceStatus, target=name, name=name, by=number, counters=optional_name
    ),
    mist.AddStoryTag: st.one_of(
        st.builds(mist.AddStoryTag, target=name, tag=name),
        st.builds(
            mist.AddStoryTag,
            target=name,
            tag=name,
            scope=st.just(TagScope.CHALLENGE),
            until=optional_name,
        ),
        st.builds(mist.AddStoryTag, target=name, tag=name, scope=st.just(TagScope.CHARACTER)),
    ),
    mist.RemoveStoryTag: st.builds(mist.RemoveStoryTag, target=name, tag=name),
    mist.BurnTag: st.builds(mist.BurnTag, character=name, tag=name),
    mist.RestoreTag: st.builds(mist.RestoreTag, character=name, tag=optional_name),
    mist.SetPhase: st.builds(mist.SetPhase, phase=st.none() | st.sampled_from(Phase)),
    mist.PresentThreat: st.builds(mist.PresentThreat, text=name, challenge=optional_name),
    mist.ResolveThreat: st.builds(mist.ResolveThreat, id=name),
    mist.EndScene: st.builds(mist.EndScene, keep=items, next_name=optional_name),
    mist.TakeAction: st.builds(mist.TakeAction, actor=name, choice=power, target=optional_name),
    mist.SpendEffect: st.builds(
        mist.SpendEffect,
        kind=st.sampled_from(("status", "reduce")),
        target=name,
        name=name,
        amount=positive,
    )
    | st.builds(mist.SpendEffect, kind=st.sampled_from(("tag", "untag")), target=name, name=name)
    | st.builds(
        mist.SpendEffect, kind=st.sampled_from(("clue", "feat")), target=st.none(), name=name
    ),
    mist.AddConsequence: st.builds(mist.AddConsequence, text=name, source=optional_name)
    | st.builds(mist.AddConsequence, text=name, target=name, source=optional_name)
    | st.builds(
        mist.AddConsequence,
        text=st.just("") | name,
        target=name,
        status=name,
        tier=number,
        source=optional_name,
    ),
    mist.Deliver: st.builds(mist.Deliver, id=optional_name),
    mist.Mitigate: st.builds(mist.Mitigate, consequence=name, choice=power)
    | st.builds(mist.Mitigate, consequence=name, choice=power, extra=st.just("reduce"))
    | st.builds(
        mist.Mitigate,
        consequence=name,
        choice=power,
        extra=st.just("status"),
        extra_status=_text(ALPHABET.replace(":", "")),
        extra_target=optional_name,
    ),
    mist.Immerse: st.builds(
        mist.Immerse,
        character=name,
        theme=name,
        depth=st.sampled_from(("submerge", "dive", "sink")),
        status=name,
        burn=items,
    ),
    mist.Mark: st.builds(
        mist.Mark, character=name, theme=name, track=st.sampled_from(Track), count=number
    ),
    mist.Grow: st.builds(
        mist.Grow, character=name, theme=name, choice=st.sampled_from(("reset", "normal"))
    )
    | st.builds(
        mist.Grow,
        character=name,
        theme=name,
        choice=st.sampled_from(("power", "motive", "weakness-add", "weakness-remove")),
        first=name,
    )
    | st.builds(
        mist.Grow,
        character=name,
        theme=name,
        choice=st.just("weakness-rewrite"),
        first=name,
        second=name,
    ),
    mist.Rebirth: st.builds(
        mist.Rebirth,
        character=name,
        name=name,
        weakness=st.just("") | name,
        motive=st.just("") | name,
    ),
    mist.Retire: st.builds(mist.Retire, character=name, choice=st.sampled_from(Retirement)),
    mist.AddClue: st.builds(mist.AddClue, text=name, found_by=items, scene=optional_name),
    mist.AddConclusion: st.builds(mist.AddConclusion, text=name, supports=items, contradicts=items),
    mist.SetComplexity: st.builds(mist.SetComplexity, complexity=number),
    mist.CaseRoll: st.builds(
        mist.CaseRoll, conclusion=name, mode=st.just("deduce"), refuting_clue=st.just("") | name
    )
    | st.builds(mist.CaseRoll, conclusion=name, mode=st.just("test"), property=st.just("") | name),
    mist.CaseFileMoment: st.builds(mist.CaseFileMoment, open=st.booleans()),
    mist.AddQuestion: st.builds(mist.AddQuestion, text=name),
    mist.AnswerQuestion: st.builds(mist.AnswerQuestion, id=name, conclusion=optional_name),
    mist.StartSeason: st.builds(mist.StartSeason, name=name),
    mist.StartMission: st.builds(mist.StartMission, name=name, anomaly=st.just("") | name),
    mist.CutInSummary: st.builds(mist.CutInSummary, summary=name, anomaly=st.just("") | name),
    mist.Suppress: st.builds(mist.Suppress, opportunity=name),
    mist.EndMission: st.just(mist.EndMission()),
    mist.SetInterpretation: st.builds(
        mist.SetInterpretation,
        name=st.sampled_from(("stack_same_name_statuses", "negative_power_subtracts_d4")),
        value=st.booleans(),
    ),
}

ih_check = st.builds(
    CheckSpec,
    system=st.just("ih-d10"),
    dp=st.integers(0, 20),
    again=st.sampled_from((10, 9, 8)),
    bonus=st.integers(0, 5),
    penalty=st.integers(0, 5),
    untrained=st.none() | st.sampled_from(Untrained),
    willpower=st.booleans(),
    dc=st.none() | st.integers(1, 10),
)
d6_check = st.builds(
    CheckSpec, system=st.just("ih-d6"), dp=st.integers(0, 20), level=st.sampled_from((1, 2, 3))
)
SHARED: dict[type, st.SearchStrategy[Any]] = {
    RollCommand: st.builds(
        RollCommand,
        system=st.just("ih-d10"),
        check=ih_check,
        by=optional_name,
        hidden=st.booleans(),
        seed=st.none() | st.integers(0, 9999),
    )
    | st.builds(RollCommand, system=st.just("ih-d6"), check=d6_check, by=optional_name)
    | st.builds(
        RollCommand,
        system=st.just("mist"),
        mist=st.builds(MistSpec, power=st.integers(-10, 10)),
        by=optional_name,
        hidden=st.booleans(),
        overrides=st.just((("negative_power_subtracts_d4", "false"),)),
    ),
    commands.NewScene: st.builds(
        commands.NewScene, name=name, system=st.sampled_from(commands.SYSTEMS)
    ),
    commands.Undo: st.just(commands.Undo()),
    commands.Redo: st.just(commands.Redo()),
    Interpret: st.builds(
        Interpret,
        name=st.just("d6_chance_success_extra_dice"),
        value=st.sampled_from(("1", "2", "3")),
    ),
}


def _union_members(union: Any) -> set[type]:
    return set(typing.get_args(union))


def _mist_command_types() -> set[type]:
    return {
        value
        for value in vars(mist).values()
        if isinstance(value, type) and value.__module__ == mist.__name__
    } - {mist.PowerChoice}


def test_every_command_type_has_a_strategy() -> None:
    """A command added to either family without a writer and a strategy here fails."""
    assert _union_members(ih.Command) == set(IH)
    assert _mist_command_types() == set(MIST)


ROUND_TRIPS = [
    pytest.param(strategy, system, id=f"{family}-{kind.__name__}")
    for family, system, table in (
        ("ih", "ih-d10", IH),
        ("mist", "mist", MIST),
        ("shared", "ih-d10", SHARED),
    )
    for kind, strategy in table.items()
]
"""Every command type of each family (the shared ones read in an IH scene), by its strategy."""


@pytest.mark.parametrize(("strategy", "system"), ROUND_TRIPS)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_round_trip(strategy: st.SearchStrategy[Any], system: str, data: st.DataObject) -> None:
    command = data.draw(strategy)
    text = commands.format_command(command)
    assert commands.parse(text, system) == command, text


@pytest.mark.parametrize(
    ("command", "system", "text"),
    [
        (ih.Damage('Ann "Axe"', 1), "ih-d10", r'damage "Ann \"Axe\"" 1'),
        (ih.Spend("安妮", ActionKind.MOVE), "ih-d10", "spend 安妮 move"),
        (ih.AdjustWillpower("Ann", 2), "ih-d10", "willpower Ann +2"),
        (ih.Remove("a=b"), "ih-d10", 'remove "a=b"'),
        (mist.PresentThreat('He said "run" now'), "mist", r'threat "He said \"run\" now"'),
        (
            mist.AddStoryTag("scene", "O'Neil's \"gun\""),
            "mist",
            'tag scene "O\'Neil\'s \\"gun\\""',
        ),
    ],
)
def test_the_journal_text_of_the_issue_examples(command: Any, system: str, text: str) -> None:
    assert commands.format_command(command) == text
    assert commands.parse(text, system) == command


def test_old_scripts_read_the_same() -> None:
    """Single quotes, a lone backslash and ``#`` comments read as they always did."""
    assert commands.parse("""threat 'He said "run" now' # the first threat""", "mist") == (
        mist.PresentThreat('He said "run" now')
    )
    assert commands.parse('note Ann "C:\\temp" # a path', "ih-d10") == ih.Note("Ann", "C:\\temp")
    assert commands.parse('note Ann "a \\" # b"', "ih-d10") == ih.Note("Ann", 'a " # b')


def test_a_non_command_is_refused() -> None:
    with pytest.raises(TypeError):
        commands.format_command(object())


def test_a_roll_reads_as_the_roll_dialog_always_wrote_it() -> None:
    """The journal's text of a roll made in the dialog did not change (README: "logged in the
    scene as ``roll ih-d10 6 --dc 2 by=Ann``")."""
    for text in (
        "roll ih-d10 6 --dc 2 by=Ann",
        "roll ih-d10 6 --again 9 --bonus 1 --penalty 2 --untrained mental --dc 3 --willpower"
        " by=Ann hidden",
        "roll ih-d6 4 --level 2",
        "roll mist 2 by=Ann hidden",
    ):
        assert commands.format_command(commands.parse(text, "ih-d10")) == text
