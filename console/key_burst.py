"""Keys typed in one burst reach the screen, dialog and field they were typed for, in order.

A Storyteller types ahead: ``hstrength+brawl`` (open the attack dialog, then its pool) arrives
in one read. Textual hands each key to the widget that has the focus *when the app reads it*,
long before the ``h`` has opened the dialog: the rest went to the scene screen, where its
letters ran as the scene's keys (the ``b`` began the fight) or were lost, and a dialog that got
some of them before its field had the focus put them out of order ("212" for ``12``).

:class:`KeyGate` makes the app read keys one at a time where it matters. A key that types into
a focused text field goes there at once (the field keeps its keys in order). Any other key —
one that may run a binding, open a dialog, close one, move the focus or switch the screen — is
a *barrier*: the keys typed after it are held, in order, until it has been handled, whatever it
started has settled (every widget of the screen on top has handled what was queued, the screen
on top and its focus stayed the same for a whole round) and the screen on top has given a field
the focus. Then the held keys are delivered, each by the same rule, so a menu's Enter that
opens the next dialog holds the text typed after it for that dialog.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from textual import events
from textual.widget import Widget
from textual.widgets import Input

from console.textual_compat import KeyFirstApp, propagation_stopped

MAX_ROUNDS = 400
"""Rounds a barrier key may wait for the app to settle before the held keys go on anyway
(never reached in use: a dialog settles in a few rounds; a bound on a stuck screen)."""


def _takes_text(widget: Widget | None) -> bool:
    """Whether ``widget`` is a text field that takes a printable key itself."""
    return isinstance(widget, Input) and not widget.disabled


def _ready(screen: Any) -> bool:
    """Whether ``screen`` can take keys: mounted, and its focus set if it has a field."""
    if not screen.is_mounted:
        return False
    if screen.focused is not None:
        return True
    return not any(widget.focusable for widget in screen.query("*"))


class KeyGate(KeyFirstApp):
    """An app that holds the keys typed after a barrier key until the barrier settled."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: deque[events.Key | events.Paste] = deque()
        self._barrier: events.Key | None = None
        """The key in flight whose effects the held keys wait for."""
        self._rounds = 0
        self._seen: tuple[Any, ...] = ()
        self._priority_hit = False

    # -- the gate -------------------------------------------------------------------------------

    def keys_held(self) -> bool:
        """Whether keys wait for the app itself (before its first scene is up)."""
        return False

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self._barrier is not None or self._held or self.keys_held():
                self._held.append(event)  # a paste waits its turn too
                return
            await self._deliver(event)
            return
        await super().on_event(event)

    async def _deliver(self, event: events.Key | events.Paste) -> None:
        """Hand ``event`` to the focused widget (or the priority bindings) now; unless it types
        into a text field (or is a paste), hold the keys after it until it settled."""
        if isinstance(event, events.Paste):
            await super().on_event(event)
            return
        event.typed_on = self.screen  # type: ignore[attr-defined]
        text = event.is_printable and _takes_text(self.focused)
        self._priority_hit = False
        await super().on_event(event)
        if self._priority_hit:
            event.reached_app = True  # type: ignore[attr-defined]
            self._priority_hit = False
        elif text:
            return  # typed into the field that has the focus: nothing can follow from it
        self._barrier = event
        self._rounds = 0
        self._seen = ()
        self._round(self._after_round)

    def bindings_checked(self, priority: bool, handled: bool) -> None:
        if priority and handled:
            self._priority_hit = True

    def _round(self, then: Callable[[], object]) -> None:
        """Call ``then`` (in the app) once the app and every widget of the screen on top (and
        of the screen the barrier was typed on) have handled what is queued for them now."""
        pumps: list[Any] = [self]
        screens = [self.screen]
        typed_on = getattr(self._barrier, "typed_on", None)
        if typed_on is not None and typed_on is not self.screen and typed_on.is_attached:
            screens.append(typed_on)
        for screen in screens:
            pumps.extend(screen.walk_children(with_self=True))
        pending = 0

        def one_done() -> None:
            nonlocal pending
            pending -= 1
            if pending == 0:
                self.call_later(then)

        for pump in pumps:
            if pump.call_later(one_done):
                pending += 1

    def _state(self) -> tuple[Any, ...]:
        screen = self.screen
        return (tuple(id(item) for item in self.screen_stack), id(screen.focused))

    async def _after_round(self) -> None:
        barrier = self._barrier
        if barrier is None:
            return
        self._rounds += 1
        state = self._state()
        handled = getattr(barrier, "reached_app", False) or propagation_stopped(barrier)
        settled = handled and state == self._seen and _ready(self.screen)
        if not settled and self._rounds < MAX_ROUNDS:
            self._seen = state
            self._round(self._after_round)
            return
        self._barrier = None
        await self.release_keys()

    def settle_keys(self) -> None:
        """The screen on top changed without a key (the first scene opened): the held keys
        wait until it has settled, as after a barrier key."""
        if self._barrier is None:
            opened = events.Key("", None)
            opened.reached_app = True  # type: ignore[attr-defined]
            self._barrier = opened
            self._rounds = 0
            self._seen = ()
            self._round(self._after_round)

    async def release_keys(self) -> None:
        """Deliver the held keys, in order, until one of them is a barrier again."""
        while self._held and self._barrier is None and not self.keys_held():
            await self._deliver(self._held.popleft())

    # -- a key back at the app ------------------------------------------------------------------

    async def key_first(self, event: events.Key) -> None:
        """A key no widget took, at the app before its bindings run: marked as handled for the
        gate; one typed on a screen that has left since (a dialog a timer opened) is delivered
        again to the screen on top; else the screen on top may refuse it (:meth:`key_refused`).
        """
        event.reached_app = True  # type: ignore[attr-defined]
        typed_on = getattr(event, "typed_on", None)
        if typed_on is not None and typed_on is not self.screen:
            event.prevent_default()  # App._on_key would run the new screen's bindings now
            self._held.appendleft(events.Key(event.key, event.character))
            if self._barrier is None:
                self.call_later(self.release_keys)
            return
        if self.key_refused(event.key):
            event.prevent_default()
        # Otherwise Textual goes on to App._on_key (handlers run along the MRO).

    def key_refused(self, key: str) -> bool:
        """Whether ``key`` does nothing on the screen on top (which said why)."""
        return False
