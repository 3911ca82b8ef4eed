"""The Markdown session report a GM pastes into campaign notes (issue 18): headings per scene
and round, a bullet per event in sentences, the case file, themes, Evolution and lost themes,
a fully mitigated consequence said so, and Markdown that renders as meant; in every language."""

from __future__ import annotations

import io

from markdown_it import MarkdownIt
from rich.console import Console
from rich.markdown import Markdown

from console.demo import demo_scenes
from console.report import session_report
from engine import session
from engine.session import Scene


def run(scene: Scene, *lines: str) -> Scene:
    for line in lines:
        scene, _ = session.execute_text(scene, line)
    return scene


def headings(report: str) -> list[tuple[str, str]]:
    tokens = MarkdownIt().parse(report)
    return [
        (token.tag, tokens[i + 1].content)
        for i, token in enumerate(tokens)
        if token.type == "heading_open"
    ]


def demo_report() -> tuple[str, tuple[Scene, ...]]:
    fight, ambush, case = demo_scenes()
    case = run(
        case,
        'mitigate x1 tags="steady hands,first aid,knows every corridor"',
        "complexity 1",
        "deduce k1",
        "answer q1 k1",
        'mark Mei "Night-shift Nurse" abandon 3',
    )
    scenes = (fight, ambush, case)
    return session_report("Demo", scenes), scenes


def test_headings_per_scene_and_round() -> None:
    report, _ = demo_report()
    found = headings(report)
    assert found[0] == ("h1", "Session report: Demo")
    assert [text for tag, text in found if tag == "h2"] == [
        "Ward 7 fight",
        "Stairwell ambush",
        "St. Agnes at night",
    ]
    h3 = [text for tag, text in found if tag == "h3"]
    for heading in (
        "Before the fight",
        "Round 1",
        "Round 2",
        "Surprise round",
        "Where the fight stands",
        "Loop 1: Action",
        "Loop 1: Consequence",
        "Case file",
        "Closing summary",
    ):
        assert heading in h3, heading


def test_a_bullet_per_event_in_sentences() -> None:
    report, scenes = demo_report()
    tokens = MarkdownIt().parse(report)
    items = [t for t in tokens if t.type == "list_item_open"]
    events = sum(len(entry.events) for scene in scenes for entry in scene.journal)
    assert len(items) >= events
    assert "`" not in report, "sentences, not the commands typed"
    for sentence in (
        # the registry's sentences (console/event_text.py), the console's log's words
        "Ann enters the fight with initiative 15.",
        "Ann DP 6: 10 1 7 8 3 5 + 10 1 → 3 successes — success by 1.",
        "Ghoul takes a full-round action, paid with move and standard.",
        "Ann takes a reflex action off-turn (from the next turn's swift action).",
        "Surprise! Only Cultist acts in the surprise round.",
        "Old Wang takes 3 damage (health 5 left).",
        "Clue c1: Scratches on the inside of the ward door (found in Ward 7).",
    ):
        assert f"- {sentence}" in report, sentence


def test_the_case_file_themes_evolution_and_lost_themes() -> None:
    report, _ = demo_report()
    case = report.split("### Case file", 1)[1]
    assert "Complexity 1." in case
    assert "- q1: What is the anomaly? — answered by k1" in case
    assert "- q2: What are its properties? — open" in case
    # [I-22]: the refuting clue c5 counts against k1, which says what refuted it.
    assert "supported by c1 and c3; contradicted by c4 and c5; Deduce: fail, total 5; " in case
    assert "refuted by c5, not rolled again" in case
    summary = report.split("### Closing summary", 1)[1]
    assert "- **Mei** — Evolution 1" in summary
    assert "Themes: Shadow Hands (Taint: Mastery 0, Indulgence 1)" in summary
    assert "Lost themes: Night-shift Nurse" in summary
    assert "Challenge **Hound**: still standing; harmed-2" in summary


def test_a_fully_mitigated_consequence_says_so() -> None:
    report, _ = demo_report()
    assert "Mei mitigates x1" in report and "fully mitigated (tier 2 → 0)" in report
    assert "Consequence x1 is delivered: Mei takes nothing: fully mitigated." in report


def test_it_renders_as_markdown_names_with_markdown_characters_included() -> None:
    scene = run(
        session.new_scene("The *bad* _night_", "ih-d10", 3),
        'add "Dr. #1 [Zed]" init=12 npc',
        "add Ann init=10 pc",
        "begin",
    )
    report = session_report("Notes_of *St. Agnes*", [scene])
    html = MarkdownIt().render(report)
    assert "<em>" not in html, "names are shown, not formatted"
    assert "Notes_of *St. Agnes*" in html
    assert "Dr. #1 [Zed] enters the fight with initiative 12." in html
    assert html.count("<h2>") == 1 and "<h3>Round 1</h3>" in html
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(Markdown(report))
    text = out.getvalue()
    assert "The *bad* _night_" in text
    assert "• Ann enters the fight with initiative 10." in text


def test_the_layout_speaks_chinese() -> None:
    from console.i18n import Translator

    fight, ambush, case = demo_scenes()
    for lang in ("zh", "zh-Hant"):
        t = Translator(lang)
        report = session_report("Demo", (fight, ambush, case), t)
        h3 = [text for tag, text in headings(report) if tag == "h3"]
        for key in ("report.h.before", "report.h.surprise", "report.h.standing"):
            assert t(key) in h3, key
        assert t("report.h.round", round=1) in h3
        for english in ("Before the fight", "Round 1", "Rules:", "Closing summary", "initiative"):
            assert english not in report, english


def test_the_whole_report_in_chinese_renders_with_its_case_file_and_summary() -> None:
    from console.i18n import Translator

    _, scenes = demo_report()
    for lang in ("zh", "zh-Hant"):
        t = Translator(lang)
        report = session_report("Demo", scenes, t)
        h3 = [text for tag, text in headings(report) if tag == "h3"]
        for key in ("report.h.case", "report.h.summary"):
            assert t(key) in h3, key
        assert t("report.h.loop", cycle=1, phase=t("mist.phase.action")) in h3
        summary = report.split("### " + t("report.h.summary"), 1)[1]
        assert t("report.evolution", name="Mei", evolution=1) in summary
        assert t("report.lost", names="Night-shift Nurse") in summary
        for english in ("fully mitigated", "Complexity", "Themes:", "still standing", "Deduce"):
            assert english not in report, english
        out = io.StringIO()
        Console(file=out, width=100, color_system=None).print(Markdown(report))
        assert "• Mei" in out.getvalue()
