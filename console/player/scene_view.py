"""The players' view of one followed scene, whatever draws it: the terminal view
(:mod:`console.player.app`) and the web page (:mod:`console.player.web_page`) both show what
:func:`render_scene` gives, so the two cannot drift apart (what is hidden is dropped in
:mod:`console.player.text`, before any text is made).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from console.i18n import Translator, save_error_text
from console.player import ih_text, mist_text, text
from saves.errors import BadFile, NewerVersion, NotFound
from saves.follow import Followed, Follower, Stamp


def render_scene(
    t: Translator, followed: Followed, width: int, height: int = 24
) -> tuple[Text, RenderableType]:
    """The heading and the body for a scene (what the players may see, nothing more)."""
    scene = followed.scene
    where = text.Heading(followed.campaign, scene.name)
    state: Any = scene.state
    if scene.family == "ih":
        body: RenderableType = ih_text.ih_view(t, state, width, height)
        top = text.heading(t, where, ih_text.ih_detail(t, state))
    else:
        top = text.heading(t, where, mist_text.mist_detail(t, state))
        body = mist_text.mist_view(t, state, width)
    if followed.recap is not None:  # issue 26: the ST shows a past moment
        at, length = followed.recap
        banner = Text(" " + t("player.recap", at=at, length=length) + " ", "bold black on yellow")
        top = Text.assemble(banner, "  ", top)
    return top, body


def problem_text(t: Translator, error: Exception) -> str:
    """What the players read about a file that does not load: its name and what kind of
    problem, not the details (a damaged file's details may quote what it holds)."""
    if isinstance(error, NewerVersion) and error.path is not None:
        return t("player.problem.newer", file=_in_save_dir(error.path))
    if isinstance(error, BadFile) and error.path is not None:
        return t("player.problem.damaged", file=_in_save_dir(error.path))
    if isinstance(error, NotFound):
        return save_error_text(error, t.lang)
    return t("player.problem.damaged", file="?")


def _in_save_dir(path: Path) -> str:
    """A file as found in the save directory, ``campaigns/night/campaign.json``: every
    campaign has a ``campaign.json`` (issue 30 §4), and the players need not read the
    Storyteller's home folder."""
    parts = path.parts
    if "campaigns" in parts:
        return "/".join(parts[len(parts) - 1 - parts[::-1].index("campaigns") :])
    return path.name


def notice(t: Translator, problem: str | None, shown: bool) -> str:
    """The one-line message over the view when the last read failed ("" when none)."""
    if problem is None:
        return ""
    return t("player.stale" if shown else "player.unreadable", reason=problem)


def read(t: Translator, follower: Follower) -> tuple[Followed | str, tuple[Stamp, ...]]:
    """In a worker thread: the scene the ST shows, or what the players read about why not;
    and the followed files as they were read."""
    outcome: Followed | str
    try:
        outcome = follower.read()
    except Exception as error:  # an untrusted file: a message, never a traceback
        outcome = problem_text(t, error)
    return outcome, follower.seen


class Following:
    """What a players' view (the terminal's, the web's) last read of the followed files: the
    scene shown, or the problem that kept it from loading (the last scene stays shown)."""

    follower: Follower
    shown: Followed | None
    problem: str | None
    loads: int
    """Scenes read so far (tests wait on it)."""
    _signature: tuple[Stamp, ...] | None

    def take(self, outcome: Followed | str, seen: tuple[Stamp, ...]) -> None:
        """Keep what :func:`read` gave: the scene, or the problem."""
        if len(seen) == len(self.follower.signature()):
            self._signature = seen  # the files as they were read: a change meanwhile differs
        if isinstance(outcome, str):
            self.problem = outcome
        else:
            self.shown, self.problem = outcome, None
            self.loads += 1
