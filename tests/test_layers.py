"""Layering: the engine stays pure, and imports only flow engine <- renderer <- bot."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What each layer may never import (its own or a higher layer's concerns).
FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "asyncio", "random", "renderer", "bot", "sqlite3"},
    "renderer": {"discord", "aiosqlite", "asyncio", "bot", "random"},
}


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


def test_importing_the_engine_loads_no_io_library() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in ('discord', 'PIL', 'aiosqlite', 'asyncio') if n in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert out == "", f"the engine pulls in {out}"
