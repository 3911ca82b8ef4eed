"""Keys, dialogs and palette entries hand the engine command objects, never text (STYLE.md).

A line formatted for the parser to read back loses what it cannot spell (a name with a quote
in it); only the command line and scripts speak the text language. This test reads the console's
source: a call of ``run_command``, ``run_command_events`` or ``CommandRequested`` with a string
literal or an f-string fails, naming the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

CONSOLE = Path(__file__).resolve().parents[2] / "console"
ENTRY_POINTS = {"run_command", "run_command_events", "CommandRequested"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _is_text(node: ast.expr) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def test_no_key_or_dialog_formats_a_command_line() -> None:
    found = []
    for path in sorted(CONSOLE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _name(node.func) in ENTRY_POINTS
                and node.args
                and _is_text(node.args[0])
            ):
                found.append(f"{path.relative_to(CONSOLE.parent)}:{node.lineno}")
    assert found == [], "build the command object instead of a line: " + ", ".join(found)


RUNNER_WORDS = ("run", "runner", "roller", "execute", "run_command")
"""Parameter names of a callback that would run a command for a dialog."""


def _dialog_classes() -> list[tuple[Path, ast.ClassDef]]:
    """Every class of the console that is a screen or dialog (by its bases' names)."""
    found = []
    for path in sorted(CONSOLE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                word in ast.unparse(base) for base in node.bases for word in ("Screen", "Dialog")
            ):
                found.append((path, node))
    return found


def _runner_parameters(path: Path, cls: ast.ClassDef) -> list[str]:
    found = []
    for item in cls.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            arguments = item.args.args + item.args.kwonlyargs
            for argument in arguments:
                annotation = ast.unparse(argument.annotation) if argument.annotation else ""
                if argument.arg in RUNNER_WORDS or "Runner" in annotation or "Roller" in annotation:
                    found.append(f"{path.relative_to(CONSOLE.parent)}:{cls.name}({argument.arg})")
    return found


def _dismissed_lines(path: Path, cls: ast.ClassDef) -> list[str]:
    """``dismiss`` of text or of something named a line; a screen typed to answer a line."""
    found = []
    for base in cls.bases:
        text = ast.unparse(base)
        if text.replace(" ", "") in ("ModalScreen[str|None]", "ModalScreen[list[str]|None]"):
            found.append(f"{path.relative_to(CONSOLE.parent)}:{cls.name} answers {text}")
    for node in ast.walk(cls):
        if isinstance(node, ast.Call) and _name(node.func) == "dismiss" and node.args:
            argument = node.args[0]
            named = _name(argument) if isinstance(argument, ast.Attribute | ast.Name) else None
            if _is_text(argument) or (named is not None and "line" in named.lower()):
                found.append(f"{path.relative_to(CONSOLE.parent)}:{node.lineno}")
    return found


def test_no_dialog_takes_a_callback_that_runs_commands() -> None:
    """A dialog answers with a command object (``CommandDialog``); the screen that opened it
    runs it. A dialog handed a ``run``/``runner``/``roller`` would run commands itself."""
    found = [hit for path, cls in _dialog_classes() for hit in _runner_parameters(path, cls)]
    assert found == [], "answer with the command instead: " + ", ".join(found)


def test_no_dialog_answers_with_a_command_line() -> None:
    found = [hit for path, cls in _dialog_classes() for hit in _dismissed_lines(path, cls)]
    assert found == [], "dismiss with the command object, not a line: " + ", ".join(found)


def test_the_checks_see_a_runner_and_a_dismissed_line() -> None:
    """The two checks above find what they look for (so their passing means something)."""
    source = """
class Bad(ModalScreen[str | None]):
    def __init__(self, translate, run: Runner) -> None:
        self.run = run

    def done(self) -> None:
        self.dismiss(self.line)
        self.dismiss(f"damage {self.who} 2")
"""
    cls = ast.parse(source).body[0]
    assert isinstance(cls, ast.ClassDef)
    path = CONSOLE / "bad.py"
    assert _runner_parameters(path, cls) == ["console/bad.py:Bad(run)"]
    assert len(_dismissed_lines(path, cls)) == 3
