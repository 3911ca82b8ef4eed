"""Both players' views (the terminal's app and the web's hub) keep what they read of the ST's
files by one rule (``console/player/scene_view.py``): a scene read is shown and counted; a
file that does not load is said while the last scene stays shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from console.i18n import Translator
from console.player import scene_view
from console.player.app import PlayerApp
from console.player.web import Hub
from engine import session
from saves.errors import BadFile
from saves.follow import Followed


class _Files:
    """A follower whose files say ``result`` (a scene, or an error to raise)."""

    def __init__(self, result: Followed | Exception) -> None:
        self.result = result
        self.seen = (("campaign.json", 1, 2),)

    def read(self) -> Followed:
        if isinstance(self.result, Exception):
            raise self.result
        return self.result

    def signature(self) -> tuple[object, ...]:
        return self.seen


@pytest.fixture(params=["terminal", "web"])
def viewer(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[scene_view.Following]:
    if request.param == "web":
        yield Hub(tmp_path, "C", "en", 4)
        return
    app = PlayerApp(tmp_path, "C")
    yield app
    if app._presence is not None:  # the marker socket a view announces itself by
        app._presence.close()


def test_a_damaged_file_is_said_and_the_last_scene_stays(
    viewer: scene_view.Following, tmp_path: Path
) -> None:
    t = Translator("en")
    scene = Followed("C", tmp_path, session.new_scene("Fight", "ih-d10", 1))
    files = _Files(scene)
    viewer.follower = files  # type: ignore[assignment]
    viewer.take(*scene_view.read(t, files))  # type: ignore[arg-type]
    assert (viewer.shown, viewer.problem, viewer.loads) == (scene, None, 1)
    assert viewer._signature == files.seen
    files.result = BadFile(tmp_path / "scene-0001.json", "bad bytes")
    viewer.take(*scene_view.read(t, files))  # type: ignore[arg-type]
    assert viewer.shown == scene and viewer.loads == 1
    assert viewer.problem == t("player.problem.damaged", file="scene-0001.json")
