"""A refusal is a code and its parameters; the engine holds no text (STYLE.md)."""

from __future__ import annotations

import subprocess
import sys


def test_the_engine_alone_renders_code_and_values() -> None:
    script = (
        "from engine.errors import RuleError;"
        "print(str(RuleError('ih.delay.raises-score', name='C')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "ih.delay.raises-score name='C'"
