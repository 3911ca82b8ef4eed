"""The built-in demo campaign: real scenes made by running console-language scripts.

The scripts in ``console/demo/`` go through the engine exactly as typed commands would, with
fixed seeds, so the demo is the same on every machine: an IH d10 fight in round 2 with a
delayer, a joiner and a lasting effect; an IH d6 fight opened by a surprise round; and a
M.I.S.T. scene with a case file.

The demo speaks the table's language: English scripts in ``console/demo/``, Simplified Chinese
in ``console/demo/zh/`` and Traditional in ``console/demo/zh-Hant/`` (the same fights with the
same seeds: the same dice, only the names and texts differ), and the campaign's and scenes'
names from the locale files (``demo.*``).
"""

from __future__ import annotations

from importlib import resources

from console.i18n import Translator
from engine import session
from engine.session import Scene
from saves.store import Store

DEMO_CAMPAIGN = "Demo"
"""The English demo campaign's name (``demo.campaign`` in en.json)."""
DEMO_SCENES: tuple[tuple[str, str, str, int], ...] = (
    ("demo.scene.fight", "ih-d10", "ih_d10.txt", 1023),
    ("demo.scene.ambush", "ih-d6", "ih_d6.txt", 1003),
    ("demo.scene.case", "mist", "mist.txt", 1008),
)
"""(label key of the scene's name, system, script, seed) of each demo scene; the first opens
first."""


def script(filename: str, lang: str = "en") -> str:
    """The text of a demo script shipped in ``console/demo/`` (in ``lang``'s folder)."""
    folder = resources.files("console").joinpath("demo")
    if lang != "en":
        folder = folder.joinpath(lang)
    return folder.joinpath(filename).read_text("utf-8")


def build_scene(name: str, system: str, text: str, seed: int) -> Scene:
    """Run a script line by line through the engine (a RuleError names the line)."""
    scene = session.new_scene(name, system, seed)
    for line in text.splitlines():
        scene, _ = session.execute_text(scene, line)
    return scene


def demo_campaign(lang: str = "en") -> str:
    """The demo campaign's name in ``lang`` (Demo, 示范战役, 示範戰役)."""
    return Translator(lang)("demo.campaign")


def demo_scene_names(lang: str = "en") -> tuple[str, ...]:
    """The demo scenes' names in ``lang``, the first (opened first) first."""
    t = Translator(lang)
    return tuple(t(key) for key, _, _, _ in DEMO_SCENES)


def demo_scenes(lang: str = "en") -> tuple[Scene, ...]:
    """Every demo scene in ``lang``, built fresh."""
    t = Translator(lang)
    return tuple(
        build_scene(t(key), system, script(filename, lang), seed)
        for key, system, filename, seed in DEMO_SCENES
    )


def install_demo(store: Store, lang: str = "en") -> tuple[str, str]:
    """Make sure the demo campaign in ``lang`` exists in ``store``; return it and its first
    scene.

    An existing demo campaign is left as the ST left it (they may have played on in it).
    The scenes are created as the table would make them (``Campaign.create_scene``): the
    d6 ambush, made after the d10 fight, leaves the fight open beside it (a split party), so
    both share the campaign's cast and what the ST does in the fight, which opens first,
    carries into the next scene (it was the past: its damage and spends stayed in it).
    """
    name = demo_campaign(lang)
    first = demo_scene_names(lang)[0]
    if store.has_campaign(name):
        return name, first
    campaign = store.create_campaign(name)
    try:
        for scene in demo_scenes(lang):
            campaign.create_scene(scene)
        campaign.set_current_scene(first)
    finally:
        campaign.close()
    return name, first
