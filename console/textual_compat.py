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
- ``textual.widgets._footer.FooterKey``: the footer's keys, hidden when one does not fit whole
  (console/widgets/fitting_footer.py).
- ``CommandPalette._start_no_matches_countdown`` (with ``_stop_no_matches_countdown``,
  ``_NO_MATCHES``, ``_NO_MATCHES_COUNTDOWN``, ``_list_visible``, ``_no_matches_timer``):
  :class:`SaidCommandPalette` says "No matches found" in the table's language.
- ``textual._compositor.Compositor._render_chops`` (with ``Compositor.cuts`` and
  ``_get_renders``): replaced by :func:`keep_wide_characters_whole`, so that a Chinese character
  straddling the edge of a widget underneath is not drawn as two blanks (Textual splits each
  line at every widget's edge, even a hidden one: the footer's 命令面板 lost its 命 under an
  overflowing key, the demo toast its 按 over the edge between two panes).
- For tests: ``textual.widgets._toast.ToastRack`` (the rack notifications go in),
  ``textual.keys._character_to_key`` (the key a typed character is), ``Screen._compositor``
  (the screen's text as the terminal shows it), ``Select._options`` (a list's prompts) and
  ``Widget._set_dirty`` (to count repaints); ``textual._wait`` (how often Pilot looks whether
  the app is idle: :func:`idle_checks_every`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from rich.align import Align
from rich.cells import cell_len, get_character_cell_size
from rich.text import Text
from textual import _wait, events
from textual._compositor import Compositor
from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.command import CommandList, CommandPalette
from textual.dom import DOMNode
from textual.geometry import Region
from textual.keys import _character_to_key
from textual.notifications import Notification
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Select
from textual.widgets._footer import FooterKey
from textual.widgets._header import HeaderClockSpace, HeaderIcon, HeaderTitle
from textual.widgets._toast import ToastRack
from textual.widgets.option_list import Option

__all__ = [
    "HeaderClockSpace",
    "HeaderIcon",
    "HeaderTitle",
    "FooterKey",
    "KeyFirstApp",
    "KeyFirstInput",
    "SaidCommandPalette",
    "ToastRack",
    "binding_chain",
    "bindings_of",
    "bound_to",
    "character_to_key",
    "idle_checks_every",
    "keep_wide_characters_whole",
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
        """Called with every key the field handles: Textual's own handling (inserts it), and
        the ideographic space an input method types in full-width mode inserted as Textual
        inserts a printable key (Python does not call ``"\u3000"`` printable, so Textual's
        ``Input`` dropped it: ``heal　安　１`` arrived as ``heal安１``)."""
        if event.character == IDEOGRAPHIC_SPACE:
            event.stop()
            event.prevent_default()
            selection = self.selection
            if selection.is_empty:
                self.insert_text_at_cursor(event.character)
            else:
                self.replace(event.character, *selection)
            return
        await super()._on_key(event)


IDEOGRAPHIC_SPACE = "\u3000"
"""The space a Chinese input method types in full-width mode (``engine/fullwidth.py`` reads it
as a space)."""


def _wide_starts(strip: Strip) -> set[int]:
    """The cells of ``strip`` where a double-width character starts."""
    starts: set[int] = set()
    x = 0
    for segment in strip:
        text = segment.text
        if segment.control:
            continue
        if cell_len(text) == len(text):
            x += len(text)
            continue
        for char in text:
            width = get_character_cell_size(char)
            if width == 2:
                starts.add(x)
            x += width
    return starts


def _render_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip]]:
    """Textual's ``Compositor._render_chops``, except that a double-width character a cut falls
    inside stays whole when both sides of the cut show the same widget: its chop takes the
    whole character and the next chop starts one cell later (its key moves with it, so a
    partial update writes it after the character rather than over its right half)."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    moved: dict[int, set[int]] = {}
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            line = chops[y]
            final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            bounds = [cut - render_x for cut in final_cuts[1:]]
            free = [line.get(cut) is None for cut in final_cuts[:-1]]
            if len(bounds) > 1 and any(free):
                wide = _wide_starts(strip)
                for index in range(len(bounds) - 1):
                    if bounds[index] - 1 in wide and free[index] and free[index + 1]:
                        bounds[index] += 1
                        if bounds[index] < bounds[index + 1]:
                            moved.setdefault(y, set()).add(final_cuts[index + 1])
            for cut, piece in zip(final_cuts, strip.divide(bounds), strict=False):
                if line.get(cut) is None:
                    line[cut] = piece
    for y, later in moved.items():
        chops[y] = {cut + 1 if cut in later else cut: piece for cut, piece in chops[y].items()}
    return chops  # type: ignore[return-value]


def keep_wide_characters_whole() -> None:
    """Draw a Chinese character a widget's edge underneath falls inside whole, in every screen
    (:func:`_render_chops`); called by the apps as they start, once is enough."""
    Compositor._render_chops = _render_chops  # type: ignore[method-assign]


class SaidCommandPalette(CommandPalette):
    """Textual's command palette saying ``no_matches`` where it says "No matches found" (its
    placeholder is already a parameter): the words in the table's language."""

    def __init__(self, *, no_matches: str, **options: Any) -> None:
        super().__init__(**options)
        self.no_matches = no_matches

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's own, with the words ``no_matches``."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                shown = Align.center(Text(self.no_matches, style="not bold"))
                option = Option(shown, disabled=True, id=self._NO_MATCHES)
                self.query_one(CommandList).add_option(option)
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
