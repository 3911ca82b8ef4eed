"""engine and saves never import textual or rich (STYLE.md); roll/odds stay Textual-free."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("modules", "forbidden"),
    [
        ("engine.commands, engine.session, engine.dice.mist", ("textual", "rich")),
        ("saves", ("textual", "rich")),
        ("console.cli, console.cli_dice", ("textual",)),
    ],
)
def test_module_does_not_import(modules: str, forbidden: tuple[str, ...]) -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}.split(', '):\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
