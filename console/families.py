"""The rule families' scene screens: which screen class shows a scene of each family.

A family's screen is imported when a scene of that family is first shown, so starting on one
family does not pay for the other's screen (tests/test_import_hygiene.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from console.screens.shell import SceneScreen

SCREENS_BY_FAMILY: dict[str, str] = {
    "ih": "console.ih.screen:IHScreen",
    "mist": "console.mist.screen:MistScreen",
}
"""The screen class of each rule family, as ``module:Class``.

Imported when a scene of that family is first shown, so starting on one family does not pay
for the other's screen."""


def screen_class(family: str) -> type[SceneScreen]:
    """The scene screen class for a rule family (``ih`` or ``mist``)."""
    from console.screens.shell import SceneScreen

    module_name, _, class_name = SCREENS_BY_FAMILY[family].partition(":")
    found = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(found, type) and issubclass(found, SceneScreen)):
        raise TypeError(f"{SCREENS_BY_FAMILY[family]} is not a scene screen")
    return found


def is_scene_screen(screen: object) -> TypeGuard[SceneScreen]:
    """Whether ``screen`` is a family's scene screen (without importing the shell early)."""
    from console.screens.shell import SceneScreen

    return isinstance(screen, SceneScreen)
