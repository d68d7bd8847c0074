"""``python -m engine.perft <game> [options]``: count legal action sequences for depth 1..N.

Each game provides ``engine/<game>/perft.py`` with ``run(argv) -> int``; this module
dispatches to it and holds what those tools share: the count through a game's full rules
(:func:`leaves`; :class:`LoadedDice` where chance is fixed), the count below each first
action (:func:`divided`), the common options (:func:`options`) and the printing of the
counts (:func:`report`)."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import pkgutil
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import engine
from engine.dice import Dice
from engine.errors import EngineError

S = TypeVar("S")

SOURCE: dict[str, Any] = {"seed": b"perft", "game_id": "perft"}  # every counted game's seed


class Rules(Protocol):
    """What counting needs of a game module: its legal actions and how one is applied."""

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]: ...


class LoadedDice(Dice):
    """A stand-in for a game's seeded source whose every die shows ``face`` (its highest face
    when it has fewer, or when ``face`` is ``None``): perft follows one chance outcome."""

    __slots__ = ("face",)
    face: int | None

    def __init__(self, face: int | None = None, counter: int = 0) -> None:
        super().__init__(SOURCE["seed"], SOURCE["game_id"], counter)
        object.__setattr__(self, "face", face)  # frozen, as the dice it stands in for

    def roll(self, faces: int) -> tuple[int, LoadedDice]:
        shown = faces if self.face is None else min(self.face, faces)
        return shown, LoadedDice(self.face, self.counter + 1)

    def hidden(self) -> LoadedDice:
        return self


def leaves(state: S, depth: int, rules: Rules, going: Callable[[S], bool]) -> int:
    """The legal action sequences ``depth`` long from ``state``, each applied through the
    game's full rules; a state where ``going`` is false (the game is over, or out of the
    phase counted) has none."""
    if depth < 1 or not going(state):
        return 0
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(leaves(rules.apply(state, a)[0], depth - 1, rules, going) for a in actions)


def divided(
    state: S, depth: int, rules: Rules, count: Callable[[S, int], int]
) -> list[tuple[str, int]]:
    """Per first action, the count below it (to find where two move generators disagree)."""
    out = []
    for action in rules.legal_actions(state):
        after, _ = rules.apply(state, action)
        out.append((str(action), count(after, depth - 1) if depth > 1 else 1))
    return out


def root(read: Callable[..., S], text: str) -> S:
    """The state a position text describes, built with perft's own seed and game id."""
    return read(text, **SOURCE)


def options(
    game: str, doc: str | None, *, depth: int, divide: bool = False, start: str = "a sample"
) -> argparse.ArgumentParser:
    """The options every game's tool takes: ``--position`` (a position text; ``start`` says
    what is counted without one), ``--depth`` and, where the game can split its count,
    ``--divide``; the game adds its own to the parser returned."""
    parser = argparse.ArgumentParser(prog=f"python -m engine.perft {game}", description=doc)
    parser.add_argument("--position", default=None, help=f"a position text (default: {start})")
    parser.add_argument("--depth", type=int, default=depth)
    if divide:
        parser.add_argument("--divide", action="store_true", help="counts per first action")
    return parser


def report(
    args: argparse.Namespace,
    start: Callable[[], S],
    count: Callable[[S, int], int],
    split: Callable[[S, int], list[tuple[str, int]]] | None = None,
) -> int:
    """Print the count at each depth from 1 to ``--depth``, timed (with ``--divide``, the
    count below each first action and their total); the exit status, 2 when ``start`` cannot
    build the position."""
    try:
        state = start()
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if split is not None and getattr(args, "divide", False):
        parts = split(state, args.depth)
        for text, n in parts:
            print(f"{text}: {n}")
        print(f"total: {sum(n for _, n in parts)}")
        return 0
    for depth in range(1, args.depth + 1):
        began = time.perf_counter()
        n = count(state, depth)
        elapsed = time.perf_counter() - began
        rate = n / elapsed if elapsed else 0.0
        print(f"depth {depth}: {n}  ({elapsed:.3f} s, {rate:,.0f} leaves/s)")
    return 0


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
    status: int = tool.run(args[1:])
    return status


if __name__ == "__main__":
    raise SystemExit(main())
