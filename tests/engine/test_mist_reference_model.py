"""M.I.S.T. statuses, the case file and the phases against an independent reference model of
RULES.md §4.1, §4.6–4.7 and INTERFACE.md §2–3.

The model below is written from the spec alone (six boxes, stacking, the downward shift, the
cap at 6, sticky limits, ids in order, power and the complexity gate) and random scripts of the
INTERFACE.md §3 commands are run through the real session, phase commands in any order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import session
from engine.errors import RuleError
from engine.mist import family
from engine.mist.state import MistState


class Refused(Exception):
    """The model refuses the command."""


def model_take(boxes: list[int], tier: int) -> list[int]:
    if not 1 <= tier <= 6:
        raise Refused
    while tier in boxes:
        tier += 1
    return sorted(boxes + [tier]) if tier <= 6 else boxes


def model_reduce(boxes: list[int], by: int) -> list[int]:
    return sorted(box - by for box in boxes if box - by >= 1)


@dataclass
class Model:
    phase: str = "establish"
    things: list[dict[str, Any]] = field(default_factory=list)
    complexity: int | None = None
    clues: list[str] = field(default_factory=list)
    conclusions: list[tuple[list[str], list[str]]] = field(default_factory=list)

    def thing(self, name: str) -> dict[str, Any]:
        for found in self.things:
            if found["name"].casefold() == name.casefold():
                return found
        raise Refused

    def apply(self, words: tuple[Any, ...]) -> None:
        verb = words[0]
        if verb in ("pc", "challenge"):
            if any(t["name"].casefold() == words[1].casefold() for t in self.things):
                raise Refused
            limits = dict(words[2]) if verb == "challenge" else None
            self.things.append({"name": words[1], "limits": limits, "over": False, "st": {}})
        elif verb in ("status", "reduce"):
            found = self.thing(words[1])
            key = next((k for k in found["st"] if k.casefold() == words[2].casefold()), None)
            if verb == "status":
                key = key or words[2]
                found["st"][key] = model_take(found["st"].get(key, []), words[3])
            elif words[3] < 1 or key is None:
                raise Refused  # §4.1: reducing a status the target lacks is a rule error
            else:
                found["st"][key] = model_reduce(found["st"][key], words[3])
                if not found["st"][key]:
                    del found["st"][key]
            for kind, limit in (found["limits"] or {}).items():  # kinds match any case
                for name, boxes in found["st"].items():
                    if name.casefold() == kind.casefold() and max(boxes) >= limit:
                        found["over"] = True  # at or past a limit: permanently (§4.1)
        elif verb == "phase":
            loop = {"establish": "action", "action": "consequence", "consequence": "establish"}
            self.phase = loop[self.phase] if words[1] == "next" else words[1]
        elif verb == "clue":
            self.clues.append(words[1])
        elif verb == "complexity":
            self.complexity = words[1]
        elif verb == "conclusion":
            if any(c not in {f"c{i + 1}" for i in range(len(self.clues))} for c in words[1]):
                raise Refused
            self.conclusions.append((list(words[1]), []))

    def view(self, default_complexity: int) -> dict[str, Any]:
        def statuses(thing: dict[str, Any]) -> dict[str, Any]:
            return {k: (max(b), b) for k, b in thing["st"].items()}

        complexity = default_complexity if self.complexity is None else self.complexity
        return {
            "phase": self.phase,
            # characters first, then challenges, each in the order made (INTERFACE.md §2)
            "things": [
                (t["name"], None if t["limits"] is None else t["over"], statuses(t))
                for t in sorted(self.things, key=lambda t: t["limits"] is not None)
            ],
            "clues": [(f"c{i + 1}", text) for i, text in enumerate(self.clues)],
            "conclusions": [
                (f"k{i + 1}", s, c, len(s) - len(c), len(s) >= complexity)
                for i, (s, c) in enumerate(self.conclusions)
            ],
        }


def engine_view(state: MistState) -> dict[str, Any]:
    view = family.to_json(state)
    case = view["case_file"]
    people = [(c["name"], None, c["statuses"]) for c in view["characters"]]
    people += [(c["name"], c["overcome"], c["statuses"]) for c in view["challenges"]]
    return {
        "phase": view["phase"],
        "things": [
            (n, o, {k: (s["tier"], s["boxes"]) for k, s in st_.items()}) for n, o, st_ in people
        ],
        "clues": [(c["id"], c["text"]) for c in case["clues"]],
        "conclusions": [
            (k["id"], k["supports"], k["contradicts"], k["power"], k["can_roll"])
            for k in case["conclusions"]
        ],
    }


NAMES = ["Mei", "mei", "老王", "Hound", "HOUND"]
START: list[tuple[Any, ...]] = [("pc", "Mei"), ("challenge", "Hound", [("harmed", 4)])]
status_step = st.tuples(
    st.sampled_from(["status", "status", "reduce"]),
    st.sampled_from(["Mei", "hound", "老王"]),
    st.sampled_from(["harmed", "Harmed", "hurt"]),
    st.integers(1, 3) | st.integers(-1, 7),
)
step = st.one_of(
    st.tuples(st.just("pc"), st.sampled_from(NAMES)),
    st.tuples(
        st.just("challenge"),
        st.sampled_from(NAMES),
        st.lists(st.tuples(st.sampled_from(["harmed", "scared"]), st.integers(1, 6)), max_size=1),
    ),
    status_step,
    status_step,
    status_step,
    st.tuples(st.just("phase"), st.sampled_from(["establish", "action", "consequence", "next"])),
    st.tuples(st.just("clue"), st.sampled_from(["a door", "血迹"])),
    st.tuples(st.just("complexity"), st.integers(0, 3)),
    st.tuples(st.just("conclusion"), st.lists(st.sampled_from(["c1", "c2", "c3"]), unique=True)),
    st.tuples(st.just("undo")),
)


def script_line(words: tuple[Any, ...]) -> str:
    verb = words[0]
    if verb == "challenge":
        limits = ",".join(f"{k}:{n}" for k, n in words[2])
        return f"challenge {words[1]}" + (f" limits={limits}" if limits else "")
    if verb == "clue":
        return f'clue "{words[1]}"'
    if verb == "conclusion":
        supports = f" supports={','.join(words[1])}" if words[1] else ""
        return f'conclusion "k"{supports}'
    return " ".join(str(w) for w in words)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(step, min_size=10, max_size=40))
def test_random_scripts_match_the_model(random_steps: list[tuple[Any, ...]]) -> None:
    steps = START + random_steps
    scene = session.new_scene("S", "mist", 3)
    default = scene.state.case_file.complexity
    model, past = Model(), []
    for words in steps:
        try:
            scene, _ = session.execute_text(scene, script_line(words))
            accepted = True
        except RuleError:
            accepted = False
        if words[0] == "undo":
            assert accepted is bool(past)
            if past:
                model = past.pop()
        else:
            before = Model(
                model.phase,
                [dict(t, st={k: list(b) for k, b in t["st"].items()}) for t in model.things],
                model.complexity,
                list(model.clues),
                [(list(s), list(c)) for s, c in model.conclusions],
            )
            try:
                model.apply(words)
                past.append(before)
            except Refused:
                model = before
                assert not accepted, script_line(words)
                continue
            assert accepted, script_line(words)
        assert engine_view(scene.state) == model.view(default)
