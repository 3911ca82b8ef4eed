"""The built-in demo campaign: real scenes made by running console-language scripts.

The scripts in ``console/demo/`` go through the engine exactly as typed commands would, with
fixed seeds, so the demo is the same on every machine: an IH d10 fight in round 2 with a
delayer, a joiner and a lasting effect; an IH d6 fight opened by a surprise round; and a
M.I.S.T. scene with a case file.
"""

from __future__ import annotations

from importlib import resources

from engine import session
from engine.session import Scene
from saves.store import Store

DEMO_CAMPAIGN = "Demo"
DEMO_SCENES: tuple[tuple[str, str, str, int], ...] = (
    ("Ward 7 fight", "ih-d10", "ih_d10.txt", 1007),
    ("Stairwell ambush", "ih-d6", "ih_d6.txt", 1006),
    ("St. Agnes at night", "mist", "mist.txt", 1008),
)
"""(scene name, system, script, seed) of each demo scene; the first opens first."""


def script(filename: str) -> str:
    """The text of a demo script shipped in ``console/demo/``."""
    return resources.files("console").joinpath("demo", filename).read_text("utf-8")


def build_scene(name: str, system: str, text: str, seed: int) -> Scene:
    """Run a script line by line through the engine (a RuleError names the line)."""
    scene = session.new_scene(name, system, seed)
    for line in text.splitlines():
        scene, _ = session.execute_text(scene, line)
    return scene


def demo_scenes() -> tuple[Scene, ...]:
    """Every demo scene, built fresh."""
    return tuple(
        build_scene(name, system, script(filename), seed)
        for name, system, filename, seed in DEMO_SCENES
    )


def install_demo(store: Store) -> tuple[str, str]:
    """Make sure the demo campaign exists in ``store``; return it and its first scene.

    An existing demo campaign is left as the ST left it (they may have played on in it).
    """
    first = DEMO_SCENES[0][0]
    if store.has_campaign(DEMO_CAMPAIGN):
        return DEMO_CAMPAIGN, first
    campaign = store.create_campaign(DEMO_CAMPAIGN)
    try:
        for scene in demo_scenes():
            campaign.save_scene(scene)
        campaign.set_current_scene(first)
    finally:
        campaign.close()
    return DEMO_CAMPAIGN, first
