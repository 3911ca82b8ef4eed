"""A text field whose own keys keep the order they were typed in.

Textual inserts a printable key at once, in ``Input._on_key``, but runs a bound key (Backspace,
the arrows, Enter) only when the key has bubbled up to the app. In a burst — a fast typist, a
paste of keys, a terminal driven by a script — the next letter overtakes it: ``⌫ 2 ⏎`` on the
pre-filled amount ``6`` deleted the ``2`` and spent 1 (Textual issue #6605). This field runs its
own bindings inline, as Textual's proposed fix (pull request #6631) does.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class OrderedInput(Input):
    """An ``Input`` that runs its own (non-priority) key bindings in the order typed."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)
