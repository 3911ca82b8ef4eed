"""The "◉ players' view" marker in the ST's title bar (INTERFACE.md "Players' view").

A players' view binds an abstract Unix socket named for the save directory it follows (no file
anywhere); the ST's console counts those names. The name must go away with the view's process
however it ends, SIGKILL included, and a view of another save directory must not count.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from console_support import FIGHT, AppRun, screen_lines

from console.player import presence

pytestmark = pytest.mark.skipif(
    not presence.supported(), reason="abstract Unix sockets exist on Linux only"
)


VIEW = (
    "import sys, time; from pathlib import Path; from console.player import presence; "
    "m = presence.announce(Path(sys.argv[1])); print('up', flush=True); time.sleep(60)"
)
"""A stand-in for ``st-console player``: announces itself as the real view does, then waits."""


def _start_view(save_dir: Path) -> subprocess.Popen[str]:
    view = subprocess.Popen(
        [sys.executable, "-c", VIEW, str(save_dir)], stdout=subprocess.PIPE, text=True
    )
    assert view.stdout is not None and view.stdout.readline().strip() == "up"
    return view


def _kill(view: subprocess.Popen[str]) -> None:
    view.send_signal(signal.SIGKILL)
    view.wait(timeout=10)


def test_each_view_counts_once_and_only_for_its_own_save_directory(tmp_path: Path) -> None:
    ours, other = tmp_path / "ours", tmp_path / "other"
    ours.mkdir()
    other.mkdir()
    assert presence.count_viewers(ours) == 0
    views = [_start_view(ours), _start_view(ours), _start_view(other)]
    try:
        assert presence.count_viewers(ours) == 2
        assert presence.count_viewers(other) == 1
    finally:
        for view in views:
            _kill(view)
    assert set(tmp_path.rglob("*")) == {ours, other}, "the marker writes no file"


def test_a_view_announces_once_per_process(tmp_path: Path) -> None:
    first = presence.announce(tmp_path)
    try:
        assert first is not None
        assert presence.announce(tmp_path) is None  # the name is taken: still one view
        assert presence.count_viewers(tmp_path) == 1
    finally:
        assert first is not None
        first.close()
    assert presence.count_viewers(tmp_path) == 0


def test_a_killed_view_leaves_no_marker_behind(tmp_path: Path) -> None:
    view = _start_view(tmp_path)
    try:
        assert presence.count_viewers(tmp_path) == 1
    finally:
        _kill(view)
    assert presence.count_viewers(tmp_path) == 0
    assert not any(tmp_path.iterdir()), "the marker writes no file"


@pytest.mark.parametrize(
    ("lang", "marker"), [("en", "◉ players' view"), ("zh", "◉ 玩家视图"), ("zh-Hant", "◉ 玩家視圖")]
)
async def test_the_title_says_a_players_view_is_following(
    run_app: AppRun, tmp_path: Path, lang: str, marker: str
) -> None:
    view = presence.announce(tmp_path)
    assert view is not None
    try:
        async with run_app(lang=lang, script=FIGHT) as (app, pilot):
            assert marker in screen_lines(app)[0]
    finally:
        view.close()


async def test_without_a_view_the_title_has_no_marker(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        assert "◉" not in screen_lines(app)[0]
