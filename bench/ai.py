"""Computer players' strength: for every game and variant the bot offers, tournaments of
``strong`` against ``normal`` and of ``normal`` against ``easy`` (``normal`` against a
uniformly random player on request), with win rates (a draw or a game cut at the step cap
scores a half), their Wilson 95 % intervals, and each level's decision times.

Run: ``python bench/ai.py --fixed [--games 40] [--game NAME ...] [--pairing P ...]
[--jobs N] [--out FILE]``, or ``python bench/ai.py --summary FILE ...`` for the table of
finished games. ``--fixed``: each level searches its whole iteration budget without its
time limit (chess asks Stockfish for its fixed node count, as the bot does), so that no
load changes a result. ``--out``: every finished game is appended to FILE as a line of
JSON, and a run given the same FILE again plays only the games it lacks. ``--jobs``: games
played at once, one worker process each. Each decision's CPU time is its worker's
(``time.process_time``, plus Stockfish's own process for chess): what an idle machine
would take, whatever else runs beside (its wall time is kept too).

Sides alternate along the seats every game (``seats[0::2]`` against ``seats[1::2]``, the
first level on the first seat in even games), so that the average baseline is 50 % in
every game, whatever its seat or player count favours. Targets (issue 36): ``strong``
beats ``normal`` in >= 60 % of 40 games, ``normal`` beats ``easy`` in >= 80 %; decision
time p95 <= 2 s for ``strong`` and <= 0.5 s for ``normal`` (see docs/ai.md)."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.levels import BUDGETS, GAME_ITERATIONS, Level, budget_of, fixed
from ai.player import choose, knowledge_of
from ai.search import candidates
from engine.alako.board import SEATS as ALAKO_SEATS
from engine.alako.config import AlakoConfig
from engine.echec.board import SEATS as ECHEC_SEATS
from engine.echec.config import EchecConfig
from engine.inka.config import SEATS as INKA_SEATS
from engine.inka.config import InkaConfig
from engine.loa.config import LoaConfig, seats_of
from engine.loka.config import ARMIES as LOKA_SEATS
from engine.loka.config import FACEOFF_ELEMENTS as FACEOFF_SEATS
from engine.loka.config import LokaConfig
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.state import SEATS as CHESS_SEATS

RANDOM = "random"


@dataclass(frozen=True)
class Bench:
    """A covered game: the AI's kind name, the options of a bench game and its seats in
    turn order. Sides alternate along ``seats`` (``seats[0::2]`` against ``seats[1::2]``):
    in Loka's cross those are the teams, Fire and Water (Evil) against Earth and Air, and
    in Lines of Action's teams the two colours."""

    kind: str
    config: Callable[[], Any]
    seats: tuple[str, ...]
    max_steps: int = 400
    """Actions before a game is cut (and scored a draw)."""
    stockfish: bool = False
    """Chess as the bot plays it: Stockfish at each level's node count (its own fixed
    budget), the generic search only when there is no Stockfish."""


def _loa(variant: str) -> Bench:
    return Bench("loa", lambda: LoaConfig(variant=variant), seats_of(variant))


def _inka(players: int) -> Bench:
    # Every step, rhombus move and passage is an action: a 4-player game of purposeful
    # turns runs to 300-450 of them (400 cut such games as draws, which Inka has not).
    return Bench("inka", lambda: InkaConfig(players=players), INKA_SEATS[:players], 1000)


def _loka(players: int) -> Bench:
    # The cross always holds four armies; 2 or 3 people change who holds which (and, with
    # 3, the solo team's points): the seats the AI plays are the armies either way.
    return Bench("loka", lambda: LokaConfig(players=players), LOKA_SEATS)


# The games covered, by bench name (the ratings families' names), roughly cheapest first.
CONFIGS: dict[str, Bench] = {
    "loa": _loa("standard"),
    "loa-scrambled": _loa("scrambled"),
    "loa-parachute": _loa("parachute"),
    "loa-ambidextrous": _loa("ambidextrous"),
    "loa-teams": _loa("teams"),
    "loa-unbounded": _loa("unbounded"),
    "chess": Bench("chess", ChessConfig, CHESS_SEATS, stockfish=True),
    "chess-search": Bench("chess", ChessConfig, CHESS_SEATS),  # no Stockfish installed
    "loka-faceoff": Bench("loka", lambda: LokaConfig(board="faceoff", players=2), FACEOFF_SEATS),
    "inka-2": _inka(2),
    "inka-3": _inka(3),
    "inka-4": _inka(4),
    "echec": Bench("echec", EchecConfig, ECHEC_SEATS, max_steps=1000),  # two actions a turn
    "echec-2": Bench("echec", lambda: EchecConfig(level=2), ECHEC_SEATS, max_steps=1000),
    "alako": Bench("alako", AlakoConfig, ALAKO_SEATS, max_steps=1000),  # a spin is an action
    "loka-4": _loka(4),
    "loka-2": _loka(2),
    "loka-3": _loka(3),
}

# The tournaments: (first, second), the first's score counted.
PAIRINGS = {
    "strong-normal": ("strong", "normal"),
    "normal-easy": ("normal", "easy"),
    "normal-random": ("normal", RANDOM),
}
DEFAULT_PAIRINGS = ("strong-normal", "normal-easy")
LEVEL_ORDER = ("easy", "normal", "strong")


def random_action(actions: list[Any], rng: random.Random) -> Any:
    """The uniformly random player's action, except that it confirms a set-up (a Loka
    draft, an Échec au Roi placement) whenever it may: a set-up can be redone until
    confirmed, among hundreds of choices, so a uniform player would never finish it."""
    confirm = [a for a in actions if str(a) == "confirm"]
    return confirm[0] if confirm else rng.choice(candidates(actions))


@dataclass
class Times:
    """One level's decision times in seconds: CPU (this process's, plus Stockfish's) and
    wall clock."""

    cpu: list[float]
    wall: list[float]


def _engine_cpu(kind: str) -> float:
    """The CPU time Stockfish has used so far in this process (0 outside chess)."""
    if kind != "chess":
        return 0.0
    from ai.stockfish import stockfish_cpu_seconds

    return stockfish_cpu_seconds() or 0.0


def play_game(*args: Any, **kwargs: Any) -> Any:
    """:func:`played`'s final state alone (same arguments)."""
    return played(*args, **kwargs)[0]


def played(
    kind: str,
    config: Any,
    players: dict[str, str | Level],
    seed: int,
    max_steps: int = 600,
    times: dict[str, Times] | None = None,
) -> tuple[Any, int]:
    """One game of ``kind`` where each seat is played by ``players[seat]`` (a level or its
    name, or ``"random"``), each AI handed only its view: the final state (cut at
    ``max_steps``) and the actions played. A level given by name plays as the bot's does
    (chess: Stockfish); a :class:`Level` searches as it says."""
    rules = knowledge_of(kind).rules
    rng = random.Random(seed)
    state = rules.new(config, seed=f"bench-{seed}".encode(), game_id=f"g{seed}")
    steps = 0
    for steps in range(max_steps):  # noqa: B007 (the count after the loop is the result)
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        who = players[seat]
        if who == RANDOM:
            action = random_action(rules.legal_actions(state, seat), rng)
        else:
            cpu, wall, engine = time.process_time(), time.perf_counter(), _engine_cpu(kind)
            action = choose(kind, rules.view(state, seat), seat, who, rng)
            if times is not None:
                name = who if isinstance(who, str) else who.name
                spent = times.setdefault(name, Times([], []))
                spent.cpu.append(time.process_time() - cpu + _engine_cpu(kind) - engine)
                spent.wall.append(time.perf_counter() - wall)
        state, _ = rules.apply(state, action, seat)
    else:
        steps = max_steps
    return state, steps


def seat_score(rules: Any, state: Any, seats: Iterable[str]) -> float:
    """What ``seats`` scored: 1 for a win, 0.5 for a draw or an unfinished game."""
    outcome = rules.outcome(state)
    if outcome is None or outcome.is_draw:
        return 0.5
    return 1.0 if outcome.winners & set(seats) else 0.0


@dataclass(frozen=True)
class Task:
    """One game of a tournament: ``first`` against ``second`` in the bench game ``name``."""

    name: str
    first: str
    second: str
    seed: int
    """The game's dice and search seed, and its sides: ``first`` takes ``seats[0::2]``
    in even games, ``seats[1::2]`` in odd ones."""
    fixed: bool = True
    max_steps: int | None = None

    @property
    def key(self) -> tuple[str, str, str, int, bool]:
        return self.name, self.first, self.second, self.seed, self.fixed


def _player(bench: Bench, level: str, untimed: bool) -> str | Level:
    """How ``level`` plays in ``bench``: by name in chess with Stockfish (its node count
    is its fixed budget, as the bot plays it); elsewhere as a :class:`Level` of the generic
    search (chess too in ``chess-search``), at its whole iteration budget if ``untimed``."""
    if level == RANDOM or bench.stockfish:
        return level
    budget = budget_of(family(bench), level)
    return fixed(budget) if untimed else budget


def family(bench: Bench) -> str:
    """The name whose budgets ``bench``'s levels play at, as the bot finds it from a view
    (``Knowledge.variant``; the game's kind if it has none)."""
    knowledge = knowledge_of(bench.kind)
    if knowledge.variant is None:
        return bench.kind
    return knowledge.variant(knowledge.rules.new(bench.config(), seed=b"family", game_id="f"))


def play_task(task: Task) -> dict[str, Any]:
    """Play ``task``'s game: its record (a line of the ``--out`` file)."""
    bench = CONFIGS[task.name]
    rules = knowledge_of(bench.kind).rules
    ours = bench.seats[task.seed % 2 :: 2]
    players = {
        s: _player(bench, task.first if s in ours else task.second, task.fixed) for s in bench.seats
    }
    times: dict[str, Times] = {}
    began = time.perf_counter()
    cap = task.max_steps or bench.max_steps
    state, steps = played(bench.kind, bench.config(), players, task.seed, cap, times)
    return {
        "game": task.name,
        "first": task.first,
        "second": task.second,
        "seed": task.seed,
        "fixed": task.fixed,
        "first_seats": list(ours),
        "score": seat_score(rules, state, ours),
        "cut": rules.outcome(state) is None,
        "actions": steps,
        "seconds": round(time.perf_counter() - began, 2),
        "cpu": {level: [round(x, 4) for x in t.cpu] for level, t in times.items()},
        "wall": {level: [round(x, 4) for x in t.wall] for level, t in times.items()},
        "stockfish": bench.stockfish and _stockfish_path() is not None,
        "budgets": budgets(),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _stockfish_path() -> str | None:
    from ai.stockfish import find_stockfish

    return find_stockfish()


def budgets() -> dict[str, str]:
    """Each level's budget, as a record keeps it (so that runs of different budgets are
    told apart)."""
    from ai.stockfish import STRENGTHS

    kept = {
        name: f"{level.iterations} it., depth {level.depth}, "
        f"{'knowledge' if level.knowledge else 'no knowledge'}; "
        f"Stockfish skill {STRENGTHS[name].skill}, {STRENGTHS[name].nodes} nodes"
        for name, level in BUDGETS.items()
    }
    for kind, own in GAME_ITERATIONS.items():
        kept[kind] = ", ".join(f"{name} {n} it." for name, n in own.items())
    return kept


def tasks_of(
    names: list[str],
    pairings: list[str],
    games: int,
    start: int,
    untimed: bool,
    max_steps: int | None = None,
) -> list[Task]:
    return [
        Task(name, *PAIRINGS[pairing], seed, untimed, max_steps)
        for name in names
        for pairing in pairings
        for seed in range(start, start + games)
    ]


def read_records(path: Path) -> list[dict[str, Any]]:
    """The records of a ``--out`` file (none if it does not exist; a torn last line, from
    a run stopped mid-write, is skipped)."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def record_key(record: dict[str, Any]) -> tuple[str, str, str, int, bool]:
    return record["game"], record["first"], record["second"], record["seed"], record["fixed"]


def run(tasks: list[Task], jobs: int) -> Iterator[dict[str, Any]]:
    """Each task's record as its game ends (in any order with several jobs)."""
    if jobs <= 1:
        for task in tasks:
            yield play_task(task)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(play_task, tasks)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``score`` in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def result_cell(records: list[dict[str, Any]]) -> str:
    """A tournament's cell: score/games, rate, Wilson interval, and games cut."""
    if not records:
        return "-"
    score, n = sum(r["score"] for r in records), len(records)
    low, high = wilson(score, n)
    cut = sum(r["cut"] for r in records)
    tail = f", {cut} cut" if cut else ""
    return f"{score:g}/{n} = {score / n:.0%} [{low:.0%}, {high:.0%}]{tail}"


def times_cell(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{percentile(values, 0.5) * 1e3:.0f} / {percentile(values, 0.95) * 1e3:.0f}"


FULL = 40  # games per tournament in the table


def cost_cell(games: list[dict[str, Any]], pairings: list[str]) -> str:
    """The CPU minutes ``FULL`` games of each tournament take, by their games' mean (the
    decisions' CPU time: the rules' own is small beside it), per pairing in order."""
    cells = []
    for pairing in pairings:
        played = [r for r in games if (r["first"], r["second"]) == PAIRINGS[pairing]]
        spent = [sum(sum(t) for t in r["cpu"].values()) for r in played]
        cells.append(f"{sum(spent) / len(spent) * FULL / 60:.0f}" if spent else "-")
    return " + ".join(cells)


def summary(records: list[dict[str, Any]], clock: str = "cpu") -> str:
    """The Markdown table of ``records``: per bench game, each tournament's result and
    each level's decision time p50 / p95 in ms (``clock``: ``cpu`` or ``wall``), over
    every decision of that level in that game's games."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        by_game[record["game"]].append(record)
    pairings = [
        p for p in PAIRINGS if any((r["first"], r["second"]) == PAIRINGS[p] for r in records)
    ]
    head = ["game / variant", *(p.replace("-", " vs ") for p in pairings)]
    head += [f"{level} p50 / p95 ms" for level in LEVEL_ORDER]
    head.append(f"CPU min per {FULL} games")
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    order = [name for name in CONFIGS if name in by_game]
    order += sorted(set(by_game) - set(order))
    for name in order:
        games = by_game[name]
        cells = [name]
        for pairing in pairings:
            first, second = PAIRINGS[pairing]
            cells.append(
                result_cell([r for r in games if (r["first"], r["second"]) == (first, second)])
            )
        for level in LEVEL_ORDER:
            cells.append(times_cell([x for r in games for x in r[clock].get(level, [])]))
        cells.append(cost_cell(games, pairings))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def sampled_times(name: str, positions: int, seed: int = 7) -> dict[str, list[float]]:
    """Each level's decision CPU time (fixed budgets) at ``positions`` positions of one
    game of ``name``, every third action from the seventh on, the game advanced by
    ``easy``: a quick look at a game's decision times without its tournaments (a position
    of a set-up, or with one legal action, takes no search, as in a game)."""
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    rng = random.Random(seed)
    state = rules.new(bench.config(), seed=f"sample-{seed}".encode(), game_id="sample")
    found: dict[str, list[float]] = {level: [] for level in LEVEL_ORDER}
    for step in range(bench.max_steps):
        if rules.outcome(state) is not None or len(found["strong"]) >= positions:
            break
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        if step >= 6 and step % 3 == 0:
            for level, spent in found.items():
                cpu, engine = time.process_time(), _engine_cpu(bench.kind)
                choose(bench.kind, view, seat, _player(bench, level, True), random.Random(step))
                spent.append(time.process_time() - cpu + _engine_cpu(bench.kind) - engine)
        action = choose(bench.kind, view, seat, _player(bench, "easy", True), rng)
        state, _ = rules.apply(state, action, seat)
    return found


def tell(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per tournament")
    parser.add_argument("--game", choices=list(CONFIGS), action="append", help="only these")
    parser.add_argument(
        "--pairing",
        choices=list(PAIRINGS),
        action="append",
        help=f"the tournaments (default: {', '.join(DEFAULT_PAIRINGS)})",
    )
    parser.add_argument(
        "--max-steps", type=int, help="actions before a game is cut (default: the game's)"
    )
    parser.add_argument("--start", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--out", type=Path, help="append each game's record to this JSONL file")
    parser.add_argument(
        "--summary",
        type=Path,
        action="append",
        help="print the table of these JSONL files' games, and play nothing",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="no tournament: each level's decision CPU time at N positions of one game",
    )
    switches = {
        "--wall": "the table's times: wall clock",
        "--verbose": "a line per game, on stderr",
        "--fixed": "search each level's whole iteration budget, without its time limit",
    }
    for switch, meaning in switches.items():
        parser.add_argument(switch, action="store_true", help=meaning)
    args = parser.parse_args(argv)
    clock = "wall" if args.wall else "cpu"
    if args.summary:
        print(summary([r for path in args.summary for r in read_records(path)], clock))
        return
    if args.sample:
        print("| game / variant | " + " | ".join(f"{x} p50 / max ms" for x in LEVEL_ORDER) + " |")
        print("|" + " --- |" * (1 + len(LEVEL_ORDER)))
        for name in args.game or list(CONFIGS):
            found = sampled_times(name, args.sample)
            cells = [f"{percentile(t, 0.5) * 1e3:.0f} / {max(t) * 1e3:.0f}" for t in found.values()]
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
        return
    tasks = tasks_of(
        args.game or list(CONFIGS),
        args.pairing or list(DEFAULT_PAIRINGS),
        args.games,
        args.start,
        args.fixed,
        args.max_steps,
    )
    records = read_records(args.out) if args.out else []
    done = {record_key(r) for r in records}
    todo = [task for task in tasks if task.key not in done]
    wanted = {task.key for task in tasks}
    if args.verbose and len(todo) < len(tasks):
        tell(f"{len(tasks) - len(todo)} games already in {args.out}, {len(todo)} to play")
    for record in run(todo, args.jobs):
        if args.out:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
        records.append(record)
        if args.verbose:
            tell(
                f"{record['game']} {record['first']} vs {record['second']} game "
                f"{record['seed']}: {record['first']} scored {record['score']:g} in "
                f"{record['actions']} actions, {record['seconds']:.0f} s"
            )
    print(summary([r for r in records if record_key(r) in wanted], clock))


if __name__ == "__main__":
    main()
