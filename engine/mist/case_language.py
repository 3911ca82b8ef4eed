"""The case file and mission verbs of the M.I.S.T. console language (INTERFACE.md §3; RULES.md
§4.6 structure of play, §4.7 writing the case file): clues, conclusions, complexity, the
deduce/test rolls, the case-file moments, questions, seasons, missions, cut-ins and the
anomaly suppressed. The table of every verb is ``engine/mist/language.py``'s.
"""

from __future__ import annotations

from engine.language import Line, parse_int
from engine.mist import arguments as args
from engine.mist import commands as c


def parse_clue(line: Line) -> c.Command:
    args.options(line, "by", "scene")
    text = args.words(line, 1, 1, 'clue "TEXT" [by="tag,…"] [scene="NAME"]')[0]
    return c.AddClue(text, args.comma_list(line.option("by")), line.option("scene") or None)


def parse_conclusion(line: Line) -> c.Command:
    args.options(line, "supports", "contradicts")
    text = args.words(line, 1, 1, 'conclusion "TEXT" supports=c1,c2 [contradicts=c3]')[0]
    return c.AddConclusion(
        text, args.comma_list(line.option("supports")), args.comma_list(line.option("contradicts"))
    )


def parse_complexity(line: Line) -> c.Command:
    args.options(line)
    return c.SetComplexity(parse_int(args.words(line, 1, 1, "complexity N")[0], "The complexity"))


def parse_case_roll(line: Line) -> c.Command:
    key = "clue" if line.verb == "deduce" else "property"
    args.options(line, key)
    ident = args.words(line, 1, 1, f'{line.verb} k1 [{key}="…"]')[0]
    text = line.option(key) or ""
    if line.verb == "deduce":
        return c.CaseRoll(ident, "deduce", refuting_clue=text)
    return c.CaseRoll(ident, "test", property=text)


def parse_casefile(line: Line) -> c.Command:
    args.options(line)
    word = args.words(line, 1, 1, "casefile open|close")[0]
    return c.CaseFileMoment(args.choice(word, "casefile") == "open")


def parse_question(line: Line) -> c.Command:
    args.options(line)
    return c.AddQuestion(args.words(line, 1, 1, 'question "TEXT"')[0])


def parse_answer(line: Line) -> c.Command:
    args.options(line)
    ident, answer = args.words(line, 2, 2, "answer q1 k2|none")
    return c.AnswerQuestion(ident, None if answer.lower() == "none" else answer)


def parse_season(line: Line) -> c.Command:
    args.options(line)
    return c.StartSeason(args.words(line, 1, 1, 'season "NAME"')[0])


def parse_mission(line: Line) -> c.Command:
    args.options(line, "anomaly")
    word = args.words(line, 1, 1, 'mission "NAME" [anomaly="…"]  ·  mission end')[0]
    if word.lower() == "end" and line.option("anomaly") is None:
        return c.EndMission()
    return c.StartMission(word, line.option("anomaly") or "")


def parse_cutin(line: Line) -> c.Command:
    args.options(line, "anomaly")
    summary = args.words(line, 1, 1, 'cutin "SUMMARY" [anomaly="…"]')[0]
    return c.CutInSummary(summary, line.option("anomaly") or "")


def parse_suppress(line: Line) -> c.Command:
    args.options(line)
    return c.Suppress(args.words(line, 1, 1, "suppress o1")[0])
