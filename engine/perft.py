"""``python -m engine.perft <game> [options]``: count legal action sequences for depth 1..N.

Each game provides ``engine/<game>/perft.py`` with ``run(argv) -> int`` (its own options, such
as ``--position`` and ``--depth``); this module only dispatches."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys

import engine


def games() -> list[str]:
    """The games that have a perft tool."""
    found = []
    for module in pkgutil.iter_modules(engine.__path__):
        if module.ispkg and importlib.util.find_spec(f"engine.{module.name}.perft"):
            found.append(module.name)
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    known = games()
    if not args or args[0] not in known:
        print(f"usage: python -m engine.perft {{{','.join(known)}}} [options]", file=sys.stderr)
        return 2
    tool = importlib.import_module(f"engine.{args[0]}.perft")
    return tool.run(args[1:])


if __name__ == "__main__":
    raise SystemExit(main())
