"""The command palette (ctrl+p): every action of the current screen by name.

Its entries come from the same binding list as the Footer and F1 help (console/keymap.py), so
an action has one name everywhere; actions that cannot run now are left out, and so are the
dialogs' own keys (Esc, Ctrl+R: the palette offers the screens' actions).
"""

from __future__ import annotations

from functools import partial

from textual.actions import parse
from textual.command import DiscoveryHit, Hit, Hits, Provider

from console.i18n import Translator
from console.keymap import PALETTE_KEYS, KeySpec
from console.textual_compat import bindings_of


def _actions(provider: Provider) -> list[tuple[str, str, KeySpec]]:
    """(name, help line, spec) of each action the palette offers now; the help line is the key
    that does it, as the Footer shows it, then the action's id (what ``keys.toml`` rebinds)."""
    screen = provider.screen
    translate = getattr(screen, "t", None) or Translator("en")
    bound: dict[str, str] = {}
    for bindings in bindings_of(screen).key_to_bindings.values():
        for binding in bindings:
            if binding.id and binding.id not in bound:
                bound[binding.id] = screen.app.get_key_display(binding)
    found = []
    for spec in PALETTE_KEYS:
        if spec.id not in bound or spec.group == "list":
            continue
        _namespace, name, parameters = parse(spec.action)
        if screen.check_action(name, parameters) is not True:
            continue
        found.append((translate(spec.label_key), f"{bound[spec.id]}  ·  {spec.id}", spec))
    return found


class ActionsProvider(Provider):
    """Offers each enabled binding of the current screen as a palette command."""

    async def discover(self) -> Hits:
        for label, help_line, spec in _actions(self):
            yield DiscoveryHit(label, partial(self._run, spec), help=help_line)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, help_line, spec in _actions(self):
            score = max(matcher.match(label), matcher.match(spec.id))
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self._run, spec), help=help_line)

    async def _run(self, spec: KeySpec) -> None:
        await self.screen.run_action(spec.action)
