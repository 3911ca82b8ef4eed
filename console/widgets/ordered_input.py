"""A text field whose own keys keep the order they were typed in.

Textual inserts a printable key at once, in ``Input._on_key``, but runs a bound key (Backspace,
the arrows, Enter) only when the key has bubbled up to the app. In a burst — a fast typist, a
paste of keys, a terminal driven by a script — the next letter overtakes it: ``⌫ 2 ⏎`` on the
pre-filled amount ``6`` deleted the ``2`` and spent 1 (Textual issue #6605). This field runs its
own bindings inline, as Textual's proposed fix (pull request #6631) does.

Tab is the app's key (focus the next field), so in a burst ``Dan ⇥ 3`` the ``3`` was already
on its way to the name field when the focus moved: it landed there ("Dan3"). Here Tab moves the
focus inline too, and a key that reaches a field after the focus left it goes on to the field
that has the focus now.

A number field (``type="integer"``/``"number"``, or one with a ``restrict`` pattern: the pool
``3``, ``5a8``) takes the full-width digits, signs and letters a Chinese input method types as
their ASCII forms (issue 27 §2): Textual's own check refused ``１２`` outright, so the keys
were lost. Other scripts' digits (``٣``) stay refused, as everywhere (``engine/fullwidth.py``).
"""

from __future__ import annotations

from typing import Any

from textual import events

from console.textual_compat import KeyFirstInput, bound_to
from engine.fullwidth import ascii_forms

FOCUS_KEYS = frozenset({"tab", "shift+tab"})
"""Keys that move the focus between fields (Textual's own screen bindings)."""


class OrderedInput(KeyFirstInput):
    """An ``Input`` that runs its own (non-priority) key bindings in the order typed.

    An empty field is valid: a number field the user only passed through (Tab) is not drawn
    with a red border as if it were wrong (issue 27 §3); what a form needs is said in words
    when it is sent.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("valid_empty", True)
        super().__init__(*args, **kwargs)

    def _on_paste(self, event: events.Paste) -> None:
        """A paste of several lines (a description copied from the group chat, a note typed
        in two paragraphs) lands whole, its lines joined by a blank: Textual's field kept the
        first line and dropped the rest unseen. A field holds one line; nothing is run."""
        lines = event.text.splitlines()
        if len(lines) > 1:
            text = " ".join(line.strip() for line in lines if line.strip())
        else:
            text = lines[0] if lines else ""
        if text:
            selection = self.selection
            if selection.is_empty:
                self.insert_text_at_cursor(text)
            else:
                self.replace(text, *selection)
        event.stop()
        event.prevent_default()  # Textual's own handler (the MRO's) would paste the first line

    def replace(self, text: str, start: int, end: int) -> None:
        """Textual's replace, a number field reading full-width characters as ASCII."""
        if self.type in ("integer", "number") or self.restrict:
            text = ascii_forms(text)
        super().replace(text, start, end)

    async def key_first(self, event: events.Key) -> None:
        screen = self.screen
        focused = screen.focused
        if focused is not None and focused is not self and screen is self.app.screen:
            # Typed before the focus moved on: it belongs to the field that has it now.
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))
            return
        if not event.is_printable:
            for binding in bound_to(self, event.key):
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
            if event.key in FOCUS_KEYS:
                event.stop()
                event.prevent_default()
                if event.key == "tab":
                    screen.focus_next()
                else:
                    screen.focus_previous()
                return
        await super().key_first(event)
