"""No module over 400 lines in engine/, saves/ and console/ (issue 24 §3): a module that grows
past it is split by responsibility, not in arbitrary halves.

Every offender is listed at once, with its length.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "saves", "console")
LIMIT = 400


def lengths(root: Path = ROOT) -> dict[str, int]:
    """Every module's length in lines, by its path from the repository's root."""
    return {
        path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    }


def over_limit(sizes: dict[str, int]) -> dict[str, int]:
    return {path: n for path, n in sorted(sizes.items()) if n > LIMIT}


def test_a_module_over_the_limit_is_named_with_its_length() -> None:
    sizes = {"console/a.py": 401, "console/b.py": 400, "engine/c.py": 999}
    assert over_limit(sizes) == {"console/a.py": 401, "engine/c.py": 999}


def test_every_package_is_measured() -> None:
    sizes = lengths()
    for module in ("engine/session.py", "saves/store.py", "console/app.py"):
        assert sizes[module] > 0


def test_no_module_over_400_lines() -> None:
    found = over_limit(lengths())
    assert not found, f"modules over {LIMIT} lines (split each by responsibility):\n" + "\n".join(
        f"  {path}: {n}" for path, n in found.items()
    )
