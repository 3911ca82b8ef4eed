"""Campaigns on disk for the saves tests: made by ``st-console run`` as a user would, or by the
store directly, and their files edited as a text editor would."""

from __future__ import annotations

import io
import json
import subprocess
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from saves_fixtures import build

from console.cli import main
from saves import open_store

SETUP = (
    'scene new "Fight" ih-d10\nadd Ann init=15 health=7\nadd Bob init=12\nadd Cat init=9\nbegin\n'
)
"""The commands that make campaign Base's scene Fight: Ann (health 7), Bob and Cat, begun."""


def run_script(root: Path, script: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    """``st-console run - --campaign Base --save-dir root`` on ``script``; its exit status."""
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "Base", "--save-dir", str(root), *extra])


def in_process(argv: list[str], script: str = "") -> subprocess.CompletedProcess[str]:
    """``st-console argv`` reading ``script`` on stdin, in this process (no interpreter to start,
    for a test whose point is not the separate process): its status and output, as
    ``subprocess.run(..., capture_output=True, text=True)`` gives them."""
    out, err = io.StringIO(), io.StringIO()
    with mock.patch("sys.stdin", io.StringIO(script)), redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return subprocess.CompletedProcess(
        ["st-console", *argv], status, out.getvalue(), err.getvalue()
    )


def base_campaign(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Campaign Base made by :data:`SETUP`; its directory."""
    assert run_script(root, SETUP, monkeypatch) == 0
    return root / "campaigns" / "base"


def base_with_case(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Campaign Base with a second scene, M.I.S.T. Case with Mei; its index file."""
    directory = base_campaign(root, monkeypatch)
    assert run_script(root, 'scene new "Case" mist\npc Mei\n', monkeypatch) == 0
    return directory / "campaign.json"


def edit_as_text(path: Path, change: Callable[[Any], object]) -> None:
    """Change a database file as a text editor would: the checksum table is left as it was."""
    document = json.loads(path.read_bytes())
    change(document)
    path.write_text(json.dumps(document, ensure_ascii=False))


def case_campaign(root: Path, journal: int = 8, name: str = "Bad") -> Path:
    """Campaign ``name`` with one M.I.S.T. scene Case of ``journal`` entries; its directory."""
    store = open_store(root)
    with store.open_campaign(name, create=True) as campaign:
        campaign.save_scene(build("mist", journal, 1))
    directory = store.find(name)
    assert directory is not None
    return directory
