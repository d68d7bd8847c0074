"""Layering: the engine stays pure, and imports only flow engine <- renderer <- bot, and
engine <- ai <- bot (the computer players are pure too, on the engine alone)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What each layer may never import (its own or a higher layer's concerns).
FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "asyncio", "random", "renderer", "bot", "sqlite3"},
    "renderer": {"discord", "aiosqlite", "asyncio", "bot", "random"},
    "ai": {"discord", "PIL", "aiosqlite", "asyncio", "renderer", "bot", "sqlite3", "devtools"},
}
# The project layers each layer may import (besides its own modules).
PROJECT_LAYERS = ("engine", "renderer", "ai", "bot", "devtools")
MAY_IMPORT = {"engine": set(), "ai": {"engine"}}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_layers_import_only_downwards() -> None:
    offenders = []
    for layer, banned in FORBIDDEN.items():
        for path in sorted((ROOT / layer).rglob("*.py")):
            bad = _imported_roots(path) & banned
            if bad:
                offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []


def test_layers_import_only_the_project_layers_below() -> None:
    offenders = []
    for layer, allowed in MAY_IMPORT.items():
        for path in sorted((ROOT / layer).rglob("*.py")):
            bad = _imported_roots(path) & (set(PROJECT_LAYERS) - allowed - {layer})
            if bad:
                offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []


def _loaded_io_libraries(package: str, skip: tuple[str, ...] = ()) -> str:
    code = (
        "import importlib, pkgutil, sys\n"
        f"import {package}\n"
        f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
        f"    if m.name not in {skip!r}:\n"
        "        importlib.import_module(m.name)\n"
        "bad = sorted(n for n in ('discord', 'PIL', 'aiosqlite', 'asyncio') if n in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()


def test_importing_the_engine_loads_no_io_library() -> None:
    out = _loaded_io_libraries("engine")
    assert out == "", f"the engine pulls in {out}"


def test_importing_the_ai_loads_no_io_library() -> None:
    """Only ``ai.stockfish`` talks to a process (python-chess's UCI support runs on
    asyncio); ``ai.player`` imports it lazily, for chess alone."""
    out = _loaded_io_libraries("ai", skip=("ai.stockfish",))
    assert out == "", f"the ai pulls in {out}"


# ---------------------------------------------------------------- no import cycle


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(
    layers: tuple[str, ...] = ("engine", "renderer", "ai", "bot"),
) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere: at the top, inside a function (a
    lazy import is still a dependency) or for type checking only."""
    paths = {_module_name(p): p for layer in layers for p in (ROOT / layer).rglob("*.py")}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(known(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:  # relative: from the package, one level up per extra dot
                    base = package
                    for _ in range(node.level - 1):
                        base = base.rpartition(".")[0]
                    module = ".".join(part for part in (base, node.module) if part)
                # ``from bot.cogs import loka`` imports the module bot.cogs.loka
                found.update(
                    known(f"{module}.{alias.name}") or known(module) for alias in node.names
                )
        graph[name] = {m for m in found if m is not None and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or around a loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_cycle_finder_finds_a_loop() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_reads_lazy_imports() -> None:
    graph = _import_graph()
    assert "bot.service" in graph["bot.tables.base"]
    assert "bot.cogs" in graph["bot.games"]  # imported inside a function
    assert "bot.cogs.loka" in graph and "bot.cogs" in graph["bot.cogs.loka"]
    assert "ai.search" in graph["ai.player"] and "ai.stockfish" in graph["ai.player"]


def test_no_module_imports_itself_around_a_loop() -> None:
    assert _cycles(_import_graph()) == []
