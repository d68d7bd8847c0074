"""Computer players: for each covered game, tournaments of ``normal`` against a uniformly
random player and of ``strong`` against ``normal``, with win rates (a draw or a game cut at
the step cap scores a half) and their Wilson 95 % intervals, and decision times.

Run: ``python bench/ai.py [--games N] [--game NAME] [--max-steps N] [--only random|strong]
[--fixed]`` (``--fixed``: each level searches its whole iteration budget without its time
limit, results that no load changes; NAME: a key of ``CONFIGS``; Loka's cross pits an AI
team against a random team, and its 2-player game is the same four armies, so the 2-player
bench is Face-off). Targets (issue 16):
``normal`` beats random in >= 95 % of 40 games, ``strong`` beats ``normal`` in >= 60 %;
decision time p95 <= 1 s for ``normal`` and <= 3 s for ``strong``."""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.levels import Level, fixed
from ai.player import choose, knowledge_of
from ai.search import candidates
from engine.alako.board import SEATS as ALAKO_SEATS
from engine.alako.config import AlakoConfig
from engine.echec.board import SEATS as ECHEC_SEATS
from engine.echec.config import EchecConfig
from engine.inka.config import SEATS as INKA_SEATS
from engine.inka.config import InkaConfig
from engine.loa.config import TWO_SEATS, LoaConfig
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
    in Loka's cross those are the teams, Fire and Water (Evil) against Earth and Air."""

    kind: str
    config: Callable[[], Any]
    seats: tuple[str, ...]
    max_steps: int = 400
    """Actions before a game is cut (and scored a draw)."""


# The games covered, by bench name.
CONFIGS: dict[str, Bench] = {
    "loa": Bench("loa", LoaConfig, TWO_SEATS),
    "alako": Bench("alako", AlakoConfig, ALAKO_SEATS, max_steps=1000),  # a spin is an action
    "inka": Bench("inka", lambda: InkaConfig(players=2), INKA_SEATS[:2]),
    "chess": Bench("chess", ChessConfig, CHESS_SEATS),
    "loka": Bench("loka", LokaConfig, LOKA_SEATS),
    "loka-faceoff": Bench("loka", lambda: LokaConfig(board="faceoff", players=2), FACEOFF_SEATS),
    "echec": Bench("echec", EchecConfig, ECHEC_SEATS, max_steps=1000),  # two actions a turn
    "echec-2": Bench("echec", lambda: EchecConfig(level=2), ECHEC_SEATS, max_steps=1000),
}


@dataclass
class Tally:
    """One player's results and thinking times over a tournament."""

    score: float = 0.0
    games: int = 0
    times: list[float] = field(default_factory=list)


def random_action(actions: list[Any], rng: random.Random) -> Any:
    """The uniformly random player's action, except that it confirms a set-up (a Loka
    draft, an Échec au Roi placement) whenever it may: a set-up can be redone until
    confirmed, among hundreds of choices, so a uniform player would never finish it."""
    confirm = [a for a in actions if str(a) == "confirm"]
    return confirm[0] if confirm else rng.choice(candidates(actions))


def play_game(
    kind: str,
    config: Any,
    players: dict[str, str | Level],
    seed: int,
    max_steps: int = 600,
    times: dict[str, list[float]] | None = None,
) -> Any:
    """One game of ``kind`` where each seat is played by ``players[seat]`` (a level or its
    name, or ``"random"``), each AI handed only its view; the final state (cut at ``max_steps``)."""
    rules = knowledge_of(kind).rules
    rng = random.Random(seed)
    state = rules.new(config, seed=f"bench-{seed}".encode(), game_id=f"g{seed}")
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        who = players[seat]
        t0 = time.perf_counter()
        if who == RANDOM:
            action = random_action(rules.legal_actions(state, seat), rng)
        else:
            action = choose(kind, rules.view(state, seat), seat, who, rng)
            if times is not None:
                name = who if isinstance(who, str) else who.name
                times.setdefault(name, []).append(time.perf_counter() - t0)
        state, _ = rules.apply(state, action, seat)
    return state


def seat_score(rules: Any, state: Any, seats: list[str]) -> float:
    """What ``seats`` scored: 1 for a win, 0.5 for a draw or an unfinished game."""
    outcome = rules.outcome(state)
    if outcome is None or outcome.is_draw:
        return 0.5
    return 1.0 if outcome.winners & set(seats) else 0.0


def tournament(
    name: str,
    first: str,
    second: str,
    games: int,
    max_steps: int | None = None,
    start: int = 0,
    progress: Callable[[str], None] | None = None,
    untimed: bool = False,
) -> tuple[Tally, dict[str, list[float]]]:
    """``first`` against ``second`` over ``games`` games of the bench game ``name`` (seeds
    from ``start``), the sides swapped every game: the tally of ``first`` and every player's
    decision times. ``progress`` is told each game's result as it ends. ``untimed``: the
    levels search their whole iteration budgets whatever the clock says (results that no
    load changes)."""
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    tally, times = Tally(), {}
    for game in range(start, start + games):
        seats = bench.seats
        ours = seats[game % 2 :: 2]
        players: dict[str, str | Level] = {s: first if s in ours else second for s in seats}
        if untimed:
            players = {s: p if p == RANDOM else fixed(p) for s, p in players.items()}
        cap = max_steps or bench.max_steps
        began = time.perf_counter()
        state = play_game(bench.kind, bench.config(), players, game, cap, times)
        score = seat_score(rules, state, ours)
        tally.score += score
        tally.games += 1
        if progress is not None:
            progress(
                f"{name} game {game}: {first} scored {score:g} ({tally.score:g}/{tally.games}) "
                f"in {time.perf_counter() - began:.0f} s"
            )
    return tally, times


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


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.0f} ms"


def tell(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per tournament")
    parser.add_argument("--game", choices=sorted(CONFIGS), action="append", help="only these")
    parser.add_argument(
        "--max-steps", type=int, help="actions before a game is cut (default: the game's)"
    )
    parser.add_argument("--start", type=int, default=0, help="the first game's seed")
    parser.add_argument("--verbose", action="store_true", help="a line per game, on stderr")
    parser.add_argument(
        "--only", choices=("random", "strong"), help="only normal vs random, or strong vs normal"
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="search each level's whole iteration budget, without its time limit",
    )
    args = parser.parse_args(argv)
    pairings = [("normal", RANDOM), ("strong", "normal")]
    if args.only:
        pairings = [p for p in pairings if args.only in p]
    for name in args.game or list(CONFIGS):
        for first, second in pairings:
            tally, times = tournament(
                name,
                first,
                second,
                args.games,
                args.max_steps,
                args.start,
                tell if args.verbose else None,
                untimed=args.fixed,
            )
            low, high = wilson(tally.score, tally.games)
            spent = "; ".join(
                f"{who} p50 {ms(statistics.median(t))} p95 {ms(percentile(t, 0.95))}"
                for who, t in sorted(times.items())
            )
            print(
                f"{name:12} {first} vs {second}: {tally.score:g}/{tally.games} "
                f"= {tally.score / tally.games:.0%} [{low:.0%}, {high:.0%}]; {spent}",
                flush=True,
            )


if __name__ == "__main__":
    main()
