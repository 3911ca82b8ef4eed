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
