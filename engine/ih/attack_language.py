"""The ``attack`` verb of the console language (INTERFACE.md §3, RULES.md §3.8–§3.9): parsed
into :class:`~engine.ih.commands.Attack` and written back (``format_attack``), so a dialog's
attack is journalled as the line that parses into it.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.fullwidth import split_list
from engine.ih import arguments as args
from engine.ih import commands as c
from engine.ih.encounter import ActionKind
from engine.language import Line, parse_int, quote

ATTACK_USAGE = (
    "attack ATTACKER TARGET[,TARGET…] TRAIT+TRAIT|dp=N [mod=±N] [bonus=N] [penalty=N] "
    "[attacks=N|NAME:N,… split=A,B,…] [bonus-on-hit=N] [defend=N,…|NAME:N,…] "
    "[reflex-move[=NAME,…]] [willpower] "
    "[action=standard|move|swift|reflex|full-round] [no-damage] [again=10|9|8] [level=1|2|3]"
)
ATTACK_OPTIONS: tuple[str, ...] = (
    "dp",
    "mod",
    "bonus",
    "penalty",
    "attacks",
    "split",
    "bonus-on-hit",
    "defend",
    "reflex-move",
    "action",
    "again",
    "level",
)
ATTACK_FLAGS: tuple[str, ...] = ("willpower", "no-damage", "reflex-move")


def parse_attack(line: Line) -> c.Attack:
    """``attack …`` (INTERFACE.md §3; RULES.md §3.9). Several targets: ``A,B`` (one word)."""
    if len(line.words) < 2:
        raise RuleError("ih.attack.usage", usage=ATTACK_USAGE)
    attacker, target_word, *rest = line.words
    flags: set[str] = set()
    traits: str | None = None
    for word in rest:
        flag = word.lower()
        if flag in ATTACK_FLAGS:
            flags.add(flag)
        elif traits is None and "=" not in word:
            traits = flag
        else:
            raise RuleError("ih.attack.unexpected", word=word, usage=ATTACK_USAGE)
    values: dict[str, str] = {}
    for key, value in line.options:
        if key not in ATTACK_OPTIONS:
            raise RuleError("ih.attack.unknown-option", option=key, usage=ATTACK_USAGE)
        values[key] = value
    dp = parse_int(values["dp"], "dp") if "dp" in values else None
    if (dp is None) == (traits is None):
        raise RuleError("ih.attack.pool-needed", usage=ATTACK_USAGE)
    targets = tuple(split_list(target_word))
    if not targets:
        raise RuleError("ih.attack.usage", usage=ATTACK_USAGE)
    action: ActionKind | None = None
    if "action" in values:
        try:
            action = ActionKind(values["action"].lower())
        except ValueError:
            raise RuleError("ih.attack.action-kind", value=values["action"]) from None
    moved: tuple[str, ...] = ()
    if "reflex-move" in values:
        moved = tuple(split_list(values["reflex-move"]))
    elif "reflex-move" in flags:
        moved = ("*",)
    return c.Attack(
        attacker=attacker,
        targets=targets,
        dp=dp,
        traits=traits,
        modifier=parse_int(values["mod"], "mod") if "mod" in values else 0,
        bonus=args.count(values["bonus"], "bonus") if "bonus" in values else 0,
        penalty=args.count(values["penalty"], "penalty") if "penalty" in values else 0,
        attacks=_attacks_option(values.get("attacks", "1"))[0],
        attacks_by=_attacks_option(values.get("attacks", "1"))[1],
        bonus_on_hit=args.count(values["bonus-on-hit"], "bonus-on-hit")
        if "bonus-on-hit" in values
        else 0,
        split=tuple(args.count(v, "split") for v in values["split"].replace("，", ",").split(","))
        if "split" in values
        else (),
        defend=_defend_option(values["defend"]) if "defend" in values else (),
        reflex_move=moved,
        action=action,
        willpower="willpower" in flags,
        no_damage="no-damage" in flags,
        again=args.count(values["again"], "again") if "again" in values else 10,
        level=args.count(values["level"], "level") if "level" in values else 1,
    )


def _defend_option(value: str) -> tuple[tuple[str, int], ...]:
    """``defend=N`` (the one target), ``defend=N,N…`` (one count per roll on it, §3.8) or
    ``defend=NAME:N,NAME:N`` (a name repeated for its next roll)."""
    value = value.replace("：", ":").replace("，", ",")
    if ":" not in value:
        counts = value.split(",")
        least = 1 if len(counts) == 1 else 0  # a per-roll list may skip a roll with 0
        return tuple(("", args.count(count, "defend", least)) for count in counts)
    pairs: list[tuple[str, int]] = []
    for part in split_list(value):
        name, sep, count = part.rpartition(":")
        if not sep or not name.strip():
            raise RuleError("ih.attack.defend-syntax", value=value)
        pairs.append((name.strip(), args.count(count, "defend", 0)))
    return tuple(pairs)


def _attacks_option(value: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """``attacks=N`` (on the one target) or ``attacks=NAME:N,…`` (mixed targets, §3.8)."""
    if ":" not in value:
        return args.count(value, "attacks", 1), ()
    pairs: list[tuple[str, int]] = []
    for part in value.split(","):
        name, sep, count = part.rpartition(":")
        if not sep or not name.strip():
            raise RuleError("ih.attack.attacks-syntax", value=value)
        pairs.append((name.strip(), args.count(count, "attacks", 1)))
    return 1, tuple(pairs)


def format_attack(command: c.Attack) -> str:
    """The console line of an attack: ``parse(format_attack(a)) == a`` (STYLE.md)."""
    parts = ["attack", quote(command.attacker), quote(",".join(command.targets))]
    if command.traits is not None:
        plain = command.traits and all(ch.isalnum() or ch in "+-_." for ch in command.traits)
        parts.append(command.traits if plain else quote(command.traits))
    if command.dp is not None:
        parts.append(f"dp={command.dp}")
    for key, value, default in (
        ("mod", command.modifier, 0),
        ("bonus", command.bonus, 0),
        ("penalty", command.penalty, 0),
        ("attacks", command.attacks, 1),
        ("bonus-on-hit", command.bonus_on_hit, 0),
        ("again", command.again, 10),
        ("level", command.level, 1),
    ):
        if value != default:
            parts.append(f"{key}={value}")
    if command.split:
        parts.append("split=" + ",".join(str(v) for v in command.split))
    if command.attacks_by:
        parts.append("attacks=" + quote(",".join(f"{n}:{k}" for n, k in command.attacks_by)))
    if command.defend:
        if all(name == "" for name, _ in command.defend):
            parts.append("defend=" + ",".join(str(k) for _, k in command.defend))
        else:
            parts.append("defend=" + quote(",".join(f"{n}:{k}" for n, k in command.defend)))
    if command.reflex_move == ("*",):
        parts.append("reflex-move")
    elif command.reflex_move:
        parts.append("reflex-move=" + quote(",".join(command.reflex_move)))
    if command.action is not None:
        parts.append(f"action={command.action.value}")
    if command.willpower:
        parts.append("willpower")
    if command.no_damage:
        parts.append("no-damage")
    return " ".join(parts)
