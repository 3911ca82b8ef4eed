"""Every use of a private Textual API, behind one door (issue 24 §4).

Textual's ``_``-prefixed modules and attributes may change in any release. The console uses a
few of them; they are all here, each with its own test in tests/console/test_textual_compat.py,
so that a Textual upgrade is this one file and one test run (pyproject.toml says how to bump).

What is used, and why:

- ``DOMNode._bindings``: a node's keys, replaced by the console's keymap in the table's
  language (console/keymap.py) and read to find what a key does on a screen or a field.
- ``Screen._modal_binding_chain``: the nodes whose keys count now (to grey out a key).
- ``App._notifications`` and ``App._unnotify``: take one toast down (the demo's welcome toast,
  which sat over a dialog's fields).
- ``Input._suggestion``: what the command line's suggester proposes (⇥ completes to it).
- ``App._on_key`` and ``Input._on_key``: the handlers that run a key; the console sees a key
  first (:class:`KeyFirstApp`, :class:`KeyFirstInput`). ``App._check_bindings``: whether a
  key ran a (priority) binding, told to :meth:`KeyFirstApp.bindings_checked` (the key gate of
  console/key_burst.py holds the keys typed after it). ``Message._stop_propagation``: whether
  a key was taken (:func:`propagation_stopped`).
- ``textual.widgets._header``: the pieces of Textual's ``Header`` the title bar is made of.
- For tests: ``textual.widgets._toast.ToastRack`` (the rack notifications go in),
  ``textual.keys._character_to_key`` (the key a typed character is), ``Screen._compositor``
  (the screen's text as the terminal shows it), ``Select._options`` (a list's prompts) and
  ``Widget._set_dirty`` (to count repaints); ``textual._wait`` (how often Pilot looks whether
  the app is idle: :func:`idle_checks_every`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from textual import _wait, events
from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.geometry import Region
from textual.keys import _character_to_key
from textual.notifications import Notification
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Select
from textual.widgets._header import HeaderClockSpace, HeaderIcon, HeaderTitle
from textual.widgets._toast import ToastRack

__all__ = [
    "HeaderClockSpace",
    "HeaderIcon",
    "HeaderTitle",
    "KeyFirstApp",
    "KeyFirstInput",
    "ToastRack",
    "binding_chain",
    "bindings_of",
    "bound_to",
    "character_to_key",
    "idle_checks_every",
    "notifications",
    "on_repaint",
    "screen_strips",
    "select_prompts",
    "set_bindings",
    "suggestion",
    "unnotify",
]


def bindings_of(node: DOMNode) -> BindingsMap:
    """``node``'s own keys (``DOMNode._bindings``)."""
    return node._bindings


def set_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Give ``node`` these keys instead of its own (``DOMNode._bindings``)."""
    node._bindings = bindings


def bound_to(node: DOMNode, key: str) -> list[Binding]:
    """``node``'s own bindings of ``key``, in order (none: an empty list)."""
    return list(node._bindings.key_to_bindings.get(key, ()))


def binding_chain(screen: Screen[Any]) -> list[tuple[DOMNode, BindingsMap]]:
    """The nodes whose keys count on ``screen`` now, the focused one first, none past a modal
    (``Screen._modal_binding_chain``)."""
    return list(screen._modal_binding_chain)


def notifications(app: App[Any]) -> list[Notification]:
    """The toasts ``app`` shows now (``App._notifications``)."""
    return list(app._notifications)


def unnotify(app: App[Any], notification: Notification) -> None:
    """Take ``notification`` down before its time (``App._unnotify``)."""
    app._unnotify(notification)


def suggestion(field: Input) -> str:
    """What ``field``'s suggester proposes for its value now ("" for nothing;
    ``Input._suggestion``)."""
    return str(field._suggestion)


def character_to_key(character: str) -> str:
    """The key name Textual gives a typed ``character`` ("a", "space", "full_stop" …)."""
    return _character_to_key(character)


def screen_strips(screen: Screen[Any]) -> list[Strip]:
    """``screen`` drawn, row by row, as the terminal shows it (``Screen._compositor``)."""
    return list(screen._compositor.render_strips())


def select_prompts(select: Select[Any]) -> list[str]:
    """The prompts of ``select``'s options, in order (``Select._options``)."""
    return [str(prompt) for prompt, _ in select._options]


def on_repaint(widget: Widget, callback: Callable[[], None]) -> None:
    """Call ``callback`` whenever ``widget`` is marked for repainting, before it is
    (``Widget._set_dirty``; for tests that count repaints)."""
    original = widget._set_dirty

    def spy(*regions: Region) -> None:
        callback()
        original(*regions)

    widget._set_dirty = spy  # type: ignore[method-assign]


@contextmanager
def idle_checks_every(seconds: float) -> Iterator[None]:
    """Within the block, Pilot's wait until the app is idle (after each key it presses and in
    ``pause()``) looks every ``seconds`` instead of Textual's 1/50 s, with the same test: idle
    when the process used under a twentieth of that time (``textual._wait``)."""
    saved = _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE
    _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE = seconds, seconds / 20
    try:
        yield
    finally:
        _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE = saved


def propagation_stopped(event: events.Event) -> bool:
    """Whether a handler stopped ``event`` (``event.stop()``): a widget took the key."""
    return bool(event._stop_propagation)


class KeyFirstApp(App[None]):
    """An app that sees each key in :meth:`key_first` before Textual's own ``App._on_key``
    runs its bindings (which it does not when ``key_first`` calls ``event.prevent_default()``).
    """

    async def _on_key(self, event: events.Key) -> None:
        await self.key_first(event)

    async def key_first(self, event: events.Key) -> None:
        """Called with every key the app handles, before its bindings run."""

    async def _check_bindings(self, key: str, priority: bool = False) -> bool:
        handled = await super()._check_bindings(key, priority)
        self.bindings_checked(priority, handled)
        return handled

    def bindings_checked(self, priority: bool, handled: bool) -> None:
        """Called after Textual looked for a binding of a key (``priority``: the priority
        bindings, checked before any widget sees the key), saying whether one ran."""


class KeyFirstInput(Input):
    """A text field that sees each key in :meth:`key_first`; the default, and an override's
    ``super().key_first(event)``, is Textual's own handling (``Input._on_key``)."""

    async def _on_key(self, event: events.Key) -> None:
        await self.key_first(event)

    async def key_first(self, event: events.Key) -> None:
        """Called with every key the field handles: Textual's own handling (inserts it)."""
        await super()._on_key(event)
