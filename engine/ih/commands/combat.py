"""The Infinite Horror fight's commands (RULES.md §3): the order and its turns, actions and
reflexes, delays, initiative, health and willpower, defense, attacks, effects, interrupts and
the scene and movie boundaries. ``engine/ih/handlers.py`` applies each.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ih.encounter import ActionKind
from engine.ih.interrupts import Outcome
from engine.ih.roster import Entry
from engine.ih.vitals import WillpowerUse


@dataclass(frozen=True, slots=True)
class Add:
    """``add``/``join``: a combatant; ``join`` marks a newcomer mid-fight (§3.5)."""

    entry: Entry
    join: bool = False


@dataclass(frozen=True, slots=True)
class Surprise:
    """``surprise NAME …``: open with a surprise round (§3.2)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Begin:
    """``begin [down]``: round 1; ``down``: its first turn starts even if that combatant is
    down (unconscious), which ``down_turns_skipped`` would skip."""

    down: bool = False


@dataclass(frozen=True, slots=True)
class Next:
    """``next [down]``: end the current turn; ``down``: the next turn starts even if that
    combatant is down (unconscious), which ``down_turns_skipped`` would skip."""

    down: bool = False


@dataclass(frozen=True, slots=True)
class Spend:
    """``spend NAME KIND ["LABEL"]``: one action (§3.6), or a reflex off-turn (§3.7).

    ``label`` names the reflex taken (``drop-prone``, ``ready`` or another, §3.7) or what a
    "1 round" action does (§3.7 end)."""

    name: str
    kind: ActionKind
    label: str = ""


@dataclass(frozen=True, slots=True)
class Delay:
    """``delay NAME after OTHER`` or, with ``after`` None, ``delay NAME next-round`` (§3.4)."""

    name: str
    after: str | None


@dataclass(frozen=True, slots=True)
class ChangeInitiative:
    """``initiative NAME +N|-N`` (§3.5)."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class Swap:
    """``swap A B``: the ST swaps two tied combatants (§3.3)."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Remove:
    """``remove NAME``."""

    name: str


@dataclass(frozen=True, slots=True)
class Hide:
    """``hide NAME``: leave a combatant out of the players' view."""

    name: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """``reveal NAME``: show a hidden combatant to the players."""

    name: str


@dataclass(frozen=True, slots=True)
class Faint:
    """``faint NAME``: the ST knocks a combatant out (§3.9, [I-20])."""

    name: str


@dataclass(frozen=True, slots=True)
class Damage:
    """``damage NAME N``."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class Heal:
    """``heal NAME N``."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class AdjustWillpower:
    """``willpower NAME +N|-N``."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class UseWillpower:
    """``willpower NAME +3dp|defense|conscious|impulse|trait`` (§1.7)."""

    name: str
    use: WillpowerUse


@dataclass(frozen=True, slots=True)
class Defend:
    """``defend NAME N``: declare defense bonus successes (§3.8)."""

    name: str
    successes: int


@dataclass(frozen=True, slots=True)
class Attack:
    """``attack ATTACKER TARGET[,TARGET…] TRAIT+TRAIT|dp=N …``: the chain of RULES.md §3.9.

    ``defend`` holds defense bonus successes the targets declare now, before each roll (§3.8):
    ``("", N)`` for the one target, else ``(NAME, N)``; a target's entries in order are its
    rolls' (``defend=2,1``: 2 before the first roll, 1 before the second). ``attacks_by``
    (``attacks=NAME:N,…``) names the targets attacked several times in an action on several
    targets (§3.8's mixed case); ``attacks`` is then 1. ``reflex_move`` names the targets whose
    reflex move left the attacker's reach (§3.7), ``("*",)`` for every target. ``action``
    ``None``: the standard action (or, off-turn, the reflex of a pending interrupt).
    """

    attacker: str
    targets: tuple[str, ...]
    dp: int | None = None
    traits: str | None = None
    modifier: int = 0
    bonus: int = 0
    penalty: int = 0
    attacks: int = 1
    split: tuple[int, ...] = ()
    defend: tuple[tuple[str, int], ...] = ()
    reflex_move: tuple[str, ...] = ()
    action: ActionKind | None = None
    willpower: bool = False
    no_damage: bool = False
    again: int = 10
    level: int = 1
    attacks_by: tuple[tuple[str, int], ...] = ()
    bonus_on_hit: int = 0
    """Attack bonus successes an ability grants when an attack of the action hits: they join
    the action's remaining attacks at once, once per action (§3.8, 003:80)."""

    @property
    def pool_label(self) -> str:
        """What the pool is made of, as the roll's label (``dexterity+firearms``, ``dp=7``)."""
        return self.traits if self.traits else f"dp={self.dp}"


@dataclass(frozen=True, slots=True)
class AddEffect:
    """``effect NAME "LABEL" rounds=N [by=SOURCE]`` (§3.1)."""

    name: str
    label: str
    rounds: int
    source: str | None = None


@dataclass(frozen=True, slots=True)
class EndEffect:
    """``effect NAME "LABEL" end``: the ST ends an effect early."""

    name: str
    label: str


@dataclass(frozen=True, slots=True)
class DeclareInterrupt:
    """``interrupt NAME OTHER [ready]``: a reflex against OTHER's action (§3.7)."""

    reactor: str
    target: str
    prepaid: bool = False


@dataclass(frozen=True, slots=True)
class ResolveInterrupt:
    """``resolve continues|fails|avoided``: the ST's ruling (§3.7)."""

    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Extra:
    """``extra NAME swift|move|standard N [turn]``: extra actions from an ability (§3.6)."""

    name: str
    kind: ActionKind
    count: int
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class CapFree:
    """``cap free N|none``: the ST's cap on free actions a turn (§3.6)."""

    cap: int | None


@dataclass(frozen=True, slots=True)
class Note:
    """``note NAME "TEXT"``."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Temporary:
    """``temporary NAME stamina|size +N`` or ``… end``: health boxes from a temporary trait
    (``amount`` None ends it), RULES.md §2.2."""

    name: str
    trait: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class SetDefense:
    """``defense NAME N``: the base defense now (lowered by a charge…); 0 loses the defense
    bonus of legendary Dexterity/Wits (RULES.md §3.8)."""

    name: str
    value: int


@dataclass(frozen=True, slots=True)
class Ability:
    """``ability NAME "TEXT"``: note an ability (a reflex it allows, §3.7)."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class EndScene:
    """``end scene``: a scene boundary (per-scene uses reset)."""


@dataclass(frozen=True, slots=True)
class EndMovie:
    """``end movie``: a movie boundary (per-movie uses reset)."""
