"""The layers of STYLE.md, checked in fresh interpreters (as harlequin's test_import_hygiene does).

``engine`` imports no ``saves``, ``console``, ``textual`` or ``rich``; ``saves`` no ``console``,
``textual`` or ``rich`` — every module of each, found by walking the package, so a new module is
covered the day it is added. The command line's subcommands defer the Textual app: ``roll``,
``odds``, ``run``, ``saves``, ``export`` and ``import`` answer without importing it
(INTERFACE.md §1), while starting the console does import it (the check can see an import).
pyproject's ``[tool.importlinter]`` contracts keep the same layers statically (``lint-imports``).
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
import saves

UI = ("textual", "rich")


def _modules(package: object) -> list[str]:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    return [package.__name__] + sorted(  # type: ignore[attr-defined]
        info.name for info in pkgutil.walk_packages(path, prefix)
    )


def _imported_after(code: str) -> list[str]:
    """The top-level packages in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = (
        code
        + "\nimport json, sys\nprint(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def _modules_after(code: str) -> set[str]:
    """Every module in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _import_all(modules: list[str]) -> str:
    return "import importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules)


def test_every_engine_and_saves_module_is_walked() -> None:
    """The walk finds the modules that were once missed (the formatters, the settings…)."""
    found = set(_modules(engine)) | set(_modules(saves))
    for name in (
        "engine.settings",
        "engine.ih.formatting",
        "engine.mist.formatting",
        "engine.dice.formatting",
        "saves.trusted",
        "saves.exports",
    ):
        assert name in found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [(engine, ("saves", "console", *UI)), (saves, ("console", *UI))],
    ids=["engine", "saves"],
)
def test_no_module_imports_a_higher_layer(package: object, forbidden: tuple[str, ...]) -> None:
    loaded = _imported_after(_import_all(_modules(package)))
    assert [name for name in loaded if name in forbidden] == []


@pytest.mark.parametrize(
    "modules",
    [
        "console.cli",
        "console.cli_common",
        "console.cli_dice",
        "console.cli_run",
        "console.cli_saves",
        "console.usage",
    ],
)
def test_the_command_line_modules_do_not_import_textual(modules: str) -> None:
    assert "textual" not in _imported_after(_import_all([modules]))


@pytest.mark.parametrize(
    "arguments",
    [
        ["roll", "ih-d10", "5", "--seed", "1"],
        ["odds", "mist", "3"],
        ["saves", "--save-dir", "{tmp}"],
        ["run", "-", "--save-dir", "{tmp}"],
    ],
    ids=["roll", "odds", "saves", "run"],
)
def test_a_subcommand_defers_the_app(arguments: list[str], tmp_path: Path) -> None:
    """``st-console roll`` and the rest run without importing Textual or the app's screens."""
    argv = [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    code = (
        "import io, sys\n"
        "sys.stdin = io.StringIO('scene new \"S\" ih-d10\\nadd Ann init=3\\n')\n"
        "from console import cli\n"
        f"cli.main({argv!r})\n"
    )
    loaded = _imported_after(code)
    assert "textual" not in loaded
    assert "console" in loaded


def test_the_app_defers_the_engine_the_saves_and_the_family_screens() -> None:
    """The first frame comes before the engine and the saves are loaded (cold start), and a
    family's screen is imported when a scene of that family is first shown."""
    loaded = _modules_after("import console.app")
    assert "textual" in {name.split(".")[0] for name in loaded}
    deferred = {"engine.session", "engine.commands", "saves", "console.ih.screen"}
    assert deferred.isdisjoint(loaded)
    assert not any(name.startswith("console.mist") for name in loaded)
    ih = _modules_after("from console.app import screen_class\nscreen_class('ih')")
    assert "console.ih.screen" in ih
    assert "console.mist.screen" not in ih  # the keymap's list of M.I.S.T. keys only


def test_the_console_itself_does_import_textual() -> None:
    """The probe can see an import: the app module brings Textual in."""
    assert "textual" in _imported_after("import console.app")
