"""Which of a scene screen's keys can be used now, and why one that cannot does nothing; the keys
that run one command.

Greyed out what cannot be done (STYLE.md): undo with no history, edits in a read-only scene,
every key but a few while the timeline is shown. A family screen adds its own reasons
(``console/ih/base.py``, ``console/mist/screen.py``) and asks :meth:`ShellKeys.greyed_out`.

A key that only runs one command (``n`` → ``next``) has no handler of its own: it is an entry of
its screen's :attr:`ShellKeys.KEY_COMMANDS` table, its action name → the command (issue 24 §2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from textual.actions import parse as parse_action

from console.screens.shell_base import ShellBase
from console.textual_compat import binding_chain, bindings_of, bound_to

MUTATING = frozenset({"undo", "redo"})
"""Shell actions that change the scene (refused in read-only mode)."""

TIMELINE_MOVES = frozenset(
    {
        "timeline_step",
        "timeline_page",
        "timeline_start",
        "timeline_end",
        "timeline_fork",
        "timeline_recap",
        "timeline_leave",
    }
)
"""The keys of the timeline (issue 26): live only while it is shown."""
TIMELINE_ALSO = frozenset(
    {"help", "quit", "copy_board", "copy_chat", "campaign", "switch_language"}
)
"""Keys that still work in the timeline (they change nothing); every other is greyed out."""


def action_and_parameters(action: str) -> tuple[str, tuple[object, ...]]:
    """``spend('move')`` → ``("spend", ("move",))``: a binding's action as Textual reads it
    (``textual.actions.parse``), so ``check_action`` is asked with the parameters Textual passes."""
    _namespace, name, parameters = parse_action(action)
    return name, parameters


KeyCommand = Callable[[Any], object]
"""The command a key runs, made from its screen when the key is pressed."""


def _running(make: KeyCommand) -> Callable[[ShellBase], None]:
    """The action of a :attr:`ShellKeys.KEY_COMMANDS` entry: run its command, as a key."""

    def action(screen: ShellBase) -> None:
        screen.run_command(make(screen))

    return action


class ShellKeys(ShellBase):
    """What can be done now, asked by Textual for every key (``check_action``)."""

    KEY_COMMANDS: ClassVar[Mapping[str, KeyCommand]] = {}
    """Keys that run one command and nothing else: action name (as ``keys.toml`` binds it, as
    ``check_action`` and the greyed-out keys' reasons know it) → the command. A family screen
    and its key groups each add theirs; the binding runs the command through the one path."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in reversed(cls.__mro__):  # a key group mixed in (M.I.S.T.) has a table too
            for action, make in vars(base).get("KEY_COMMANDS", {}).items():
                setattr(cls, f"action_{action}", _running(make))

    _keys_state: tuple[bool | None, ...] = ()
    """What could be done when the Footer was last drawn (see :meth:`refresh_keys`)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what cannot be done now (STYLE.md): undo with no history, edits read-only."""
        scene = self.history.scene
        if action in TIMELINE_MOVES:
            return self.timeline is not None
        if self.timeline is not None:
            return True if action in TIMELINE_ALSO else None
        if action == "timeline":
            return True if scene.journal else None
        if action == "command_line":
            return not self.command_line.is_open
        if action in MUTATING and self.read_only:
            return None
        if action == "undo":
            return True if scene.journal else None
        if action == "redo":
            return True if scene.undone else None
        return True

    def greyed_out(self, key: str) -> Iterator[tuple[str, tuple[object, ...]]]:
        """The screen's own actions bound to ``key`` that cannot be used now, in order, as
        ``(action, parameters)``; none once one of them can (the key then does what it does).
        A family screen asks the engine why, so a greyed-out key says so (STYLE.md)."""
        for namespace, bindings in binding_chain(self):
            if namespace is not self:
                continue
            for binding in bindings.key_to_bindings.get(key, ()):
                action, parameters = action_and_parameters(binding.action)
                if self.check_action(action, parameters):
                    return
                yield action, parameters

    def refuse_read_only_key(self, key: str) -> bool:
        """Say why a key that would change the scene does nothing in read-only mode.

        A key is refused when one of its bindings is greyed out now but would be enabled with
        the campaign writable. Returns whether the key was refused (and the reason shown).
        """
        if self.timeline is not None:
            live = [
                bool(self.check_action(*action_and_parameters(binding.action)))
                for binding in bound_to(self, key)
            ]
            if live and not any(live):
                reason = self.t("timeline.read-only")
                self.status = "✗ " + reason
                self.notify(reason, severity="warning", timeout=4)
                return True
            return False
        if not self.read_only:
            return False
        refused = False
        for binding in bound_to(self, key):
            action, parameters = action_and_parameters(binding.action)
            if self.check_action(action, parameters):
                return False
            self.read_only = False
            try:
                refused = refused or bool(self.check_action(action, parameters))
            finally:
                self.read_only = True
        if refused:
            holder = self.read_only_holder or self.t("saves.another-console")
            reason = self.t("status.read-only-key", holder=holder)
            if self.ended:
                reason = self.t("error.app.scene-ended", name=self.history.scene.name)
            self.status = "✗ " + reason
            self.notify(reason, severity="warning", timeout=6)
        return refused

    def refresh_keys(self) -> None:
        """Redraw the Footer only when what can be done has changed (it is costly to redraw)."""
        state = tuple(
            self.check_action(*action_and_parameters(binding.action))
            for bindings in bindings_of(self).key_to_bindings.values()
            for binding in bindings
        )
        if state != self._keys_state:
            self._keys_state = state
            self.refresh_bindings()
