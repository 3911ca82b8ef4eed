"""``st-console`` called in this process, as the tests of the public interface call it."""

from __future__ import annotations

import io
import sys

import pytest

from console.cli import main


def call(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``st-console ARGV``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
