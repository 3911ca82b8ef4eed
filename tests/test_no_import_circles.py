"""No import circles in engine/, saves/ and console/ (issue 24 §3): dependencies go one way.

Every module is parsed (not imported), and every import in it counts: at the top, inside a
function (a deferred import still ties the two modules together) and under ``TYPE_CHECKING``
(the types say who knows whom). Relative imports are resolved against the module's package. The
strongly connected components of the graph (Tarjan) must all be single modules; a circle found is
named, module by module, with the import that closes it. pyproject's import-linter contracts
keep the layers (``console → saves → engine``) and a few one-way doors statically; this test
covers every module, including the ones no contract names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "saves", "console")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The known modules that module ``name`` (at ``path``) imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    targets.add(full)  # from console import render: the module itself
                elif base in known:
                    targets.add(base)
    targets.discard(name)
    return targets


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion),
    each in the order of one circle through it, starting at its first name alphabetically."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pending = work[-1]
            if pending:
                nxt = pending.pop(0)
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(_one_circle(graph, component))
    return sorted(found)


def _one_circle(graph: Mapping[str, Iterable[str]], component: set[str]) -> list[str]:
    """A shortest path from the component's first module back to itself, within it."""
    first = min(component)
    paths: dict[str, list[str]] = {first: [first]}
    queue = [first]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, ())):
            if nxt == first:
                return paths[node] + [first]
            if nxt in component and nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    return sorted(component)  # unreachable for a strongly connected component


def test_the_circle_finder_names_a_circle_and_passes_a_line() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_function_level_type_only_and_relative_imports_are_edges(tmp_path: Path) -> None:
    """An import inside a function or under TYPE_CHECKING ties modules as much as one at the
    top; ``from . import x`` and ``from .x import y`` are resolved in their package."""
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "console" / "app.py").write_text("from console import helper\n")
    (tmp_path / "console" / "helper.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .app import App\n"
        "def later():\n    from . import app\n    import engine.rules\n"
    )
    (tmp_path / "engine" / "rules.py").write_text("from ..console import app\n")
    graph = import_graph(tmp_path)
    assert graph["console.app"] == {"console.helper"}
    assert graph["console.helper"] == {"console.app", "engine.rules"}
    assert circles(graph) == [["console.app", "console.helper", "console.app"]]


def test_the_graph_sees_the_console_s_deferred_imports() -> None:
    """The walk reaches function-level imports of the real code (the app opens its recovery
    only when a file is damaged), so the check below is not blind to them."""
    graph = import_graph()
    assert {"console.recovery", "console.save_as", "console.autosave"} <= graph["console.app"]
    assert "console.app" not in graph["console.recovery"]


def test_no_import_circles() -> None:
    found = circles(import_graph())
    assert not found, "import circles (each: a → b → … → a):\n" + "\n".join(
        " → ".join(circle) for circle in found
    )
