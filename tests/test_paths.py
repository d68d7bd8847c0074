"""No file of the project names a path outside the repository (a reader's machine has none
of them): no absolute path to a developer's folders, a temporary folder or a sibling
checkout. System programs the code looks for (Stockfish in /usr/games, PostgreSQL's
initdb) are not paths of the project and stay allowed."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = {".git", "build", "dist", "__pycache__", "node_modules", "out"}
TEXT = {".py", ".md", ".toml", ".sql", ".cfg", ".ini", ".txt", ".po", ".pot", ".sh", ".yml"}
# Written in pieces, so that this file does not name them itself.
OUTSIDE = re.compile(
    "|".join(
        [
            "/" + "work/",
            r"\.\./" + "shared",
            "/" + "tmp/",
            "/" + r"home/\w",
            "/" + "root/",
            "/" + "Users/",
        ]
    )
)


def project_files() -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        here = Path(folder)
        # Venvs, caches and the git folder are not the project's; .ci's scripts are.
        dirs[:] = [
            d
            for d in dirs
            if d not in SKIPPED and not d.endswith(".egg-info") and (d == ".ci" or d[0] != ".")
        ]
        found += [here / name for name in files if Path(name).suffix in TEXT or here.name == ".ci"]
    return found


def test_no_file_names_a_path_outside_the_repository() -> None:
    files = project_files()
    assert any(p.name == "install-check" for p in files)  # .ci's scripts are read too
    named = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").split("\n"), 1)
        if OUTSIDE.search(line)
    ]
    assert named == []
