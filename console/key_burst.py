"""Keys typed in one burst reach the screen they were typed for.

A burst such as ``r9⏎`` arrives in one read: ``9`` and ``⏎`` are on their way to the queue
before ``r`` has opened the roll dialog. Each key is marked with the screen on top when it was
typed; one that arrives after another screen came on top is sent again, so it reaches the
dialog (which holds it until its field has the focus, see ``EarlyKeys`` in
console/screens/dialogs.py) instead of being lost or running the new screen's bindings.
"""

from __future__ import annotations

from textual import events

from console.textual_compat import KeyFirstApp


class BurstKeys(KeyFirstApp):
    """An app whose keys go to the screen on top now when the one they were typed on left."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            event.typed_on = self.screen  # type: ignore[attr-defined]
        await super().on_event(event)

    async def key_first(self, event: events.Key) -> None:
        """A key that left while another screen was on top goes to the screen on top now;
        else the screen on top may refuse it (:meth:`key_refused`)."""
        typed_on = getattr(event, "typed_on", None)
        if typed_on is not None and typed_on is not self.screen:
            event.prevent_default()  # else App._on_key would run the new screen's bindings now
            self.post_message(events.Key(event.key, event.character))
            return
        if self.key_refused(event.key):
            event.prevent_default()
        # Otherwise Textual goes on to App._on_key (console/textual_compat.py).

    def key_refused(self, key: str) -> bool:
        """Whether ``key`` does nothing on the screen on top (which said why)."""
        return False
