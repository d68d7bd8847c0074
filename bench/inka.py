"""Inka as a game: whole simulated games on the project's temple, with two kinds of player.

Run: ``python bench/inka.py [--games N] [--players 2 3 4] [--kinds random greedy]``
(``PLATEAU_INKA_GAMES`` also sets the game count; 200 per player count by default). For each
player count and player kind it prints: games played, median rounds, the share of games in
which some player took a statue in their first turn, the win share of each start cell, and
the games stopped at the round cap. Targets (issue 13, RULINGS 4): no statue in a first
turn, median at least 8 rounds, every start wins 15-35 % of 4-player games.

Both players act only through the engine (``apply``) and only with legal actions, built
from the engine's own :class:`~engine.inka.layout.Layout` (cheaper than listing every
legal action at every step):

- **random**: takes a statue, or leaves by an exit with all three, when it can this turn
  (else no game would end); otherwise does legal things at random: moves a random path
  rhombus, walks somewhere, blocks a random cell or ends.
- **greedy**: lays its set-up rhombi and moves path rhombi to shorten its way to its next
  goal (a statue of its colour, then an exit), walks as far along that way as its AP allow,
  takes every statue it reaches, and blocks the exit nearest an opponent who holds all
  three statues (else a rhombus on the leader's way).

Distances count AP: a snake costs 1, a chasm cell half an AP (one rhombus move covers two).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.games.inka import Way, goals
from engine.errors import EngineError
from engine.inka import (
    BUILD,
    OVER,
    RHOMBI,
    START,
    Block,
    End,
    Go,
    InkaConfig,
    InkaState,
    Rotate,
    Slide,
    Take,
    apply,
    legal_actions,
    new_game,
)
from engine.inka.geometry import DIRECTION_INDEX, Placement
from engine.inka.layout import Layout
from engine.inka.state import DESTINATION_NAMES, WALKED
from engine.inka.temple import TEMPLE
from engine.inka.turn import blockable

BOARD = TEMPLE.board
NAMES = BOARD.names
ROUND_CAP = 1000  # a game still running after this many rounds stops (counted); random
# players need hundreds of rounds to finish a 4-player game, and a capped game has no winner

Action = object
Player = Callable[[random.Random, InkaState], Action]


# ---------------------------------------------------------------- distances


def plan_of(state: InkaState, seat: str) -> Way:
    """The seat's way to its goals (the AI's :class:`~ai.games.inka.Way`, on the layout the
    AI keeps for this state); in play every seat has its pawn on the temple."""
    way = Way.of(state, seat)
    assert way is not None
    return way


# ---------------------------------------------------------------- shared moves


def rhombus_moves(lay: Layout, name: str) -> list[tuple[Action, Placement]]:
    """Every legal move of a path rhombus, with where it ends."""
    placement = lay.rhombi[name].placement
    out: list[tuple[Action, Placement]] = [
        (Slide(name, d, n), placement.slid(DIRECTION_INDEX[d], n)) for d, n in lay.slides(name)
    ]
    for clock, sixths in lay.rotations(name):
        corner = placement.corner_at(clock)
        assert corner is not None
        out.append((Rotate(name, clock, sixths), placement.rotated(corner, sixths)))
    return out


def path_rhombi(lay: Layout) -> list[str]:
    return [n for n, r in lay.rhombi.items() if not r.is_destination]


def finishing_move(state: InkaState, seat: str, lay: Layout) -> Action | None:
    """Take a statue where the pawn stands, else walk to a goal the AP can pay for (keeping
    1 AP to take there)."""
    here = state.pawns[state.seats.index(seat)]
    assert here is not None
    dest = lay.destination_at(here)
    if dest is not None and seat in state.statues[DESTINATION_NAMES.index(dest)] and state.ap:
        return Take()
    if state.stage == WALKED:  # one walk between two paid actions (the walking rule)
        return None
    done = state.carried(seat) == 3
    best, _ = lay.costs(here, state.ap - (0 if done else 1))
    reach = [c for c in goals(state, seat, lay) if c in best and lay.free_to_stop(c) and c != here]
    if not reach:
        return None
    return Go(NAMES[min(reach, key=lambda c: (best[c], c))])


def walk_towards(state: InkaState, plan: Way) -> Action | None:
    """The walk (within the AP left) that ends nearest the goal, if it gets nearer."""
    if state.stage == WALKED:
        return None
    best, _ = plan.lay.costs(plan.here, state.ap)
    spots = [c for c in best if c != plan.here and plan.lay.free_to_stop(c)]
    if not spots:
        return None
    target = min(spots, key=lambda c: (plan.to_goal[c], best[c], c))
    if plan.to_goal[target] >= plan.distance:
        return None
    return Go(NAMES[target])


def free_cells(lay: Layout) -> list[int]:
    """Where a blocker may go."""
    return blockable(lay)


def block_or_end(rng: random.Random, cells: list[int]) -> Action:
    return Block(NAMES[rng.choice(cells)]) if cells else End()


# ---------------------------------------------------------------- players


def random_player(rng: random.Random, state: InkaState) -> Action:
    if state.phase in (START, BUILD):
        return rng.choice(legal_actions(state))
    seat = state.seat_to_move
    assert seat is not None
    lay = Layout.of(state)
    move = finishing_move(state, seat, lay)
    if move is not None:
        return move
    roll = rng.random()
    if roll < 0.4 and state.stage == RHOMBI and state.ap:
        moves = [m for name in path_rhombi(lay) for m, _ in rhombus_moves(lay, name)]
        if moves:
            return rng.choice(moves)
    if roll < 0.8 and state.stage != WALKED:
        here = state.pawns[state.turn]  # type: ignore[index]
        best, _ = lay.costs(here, state.ap)
        spots = [c for c in best if c != here and lay.free_to_stop(c)]
        if spots:
            return Go(NAMES[rng.choice(spots)])
    return block_or_end(rng, free_cells(lay))


def greedy_player(rng: random.Random, state: InkaState) -> Action:
    if state.phase == START:
        return rng.choice(legal_actions(state))
    seat = state.seat_to_move
    assert seat is not None
    if state.phase == BUILD:
        return greedy_placement(rng, state, seat)
    lay = Layout.of(state)
    move = finishing_move(state, seat, lay)
    if move is not None:
        return move
    plan = plan_of(state, seat)
    if state.stage == RHOMBI and state.ap:
        best, choice = plan.distance, None
        for name in path_rhombi(lay):
            for action, after in rhombus_moves(lay, name):
                cells = BOARD.rhombus_cells(after)
                assert cells is not None
                score = plan.through(cells)
                if score < best or (score == best and choice is not None and rng.random() < 0.3):
                    best, choice = score, action
        if choice is not None and best < plan.distance:
            return choice
    walk = walk_towards(state, plan)
    if walk is not None:
        return walk
    return greedy_block(rng, state, seat, lay)


def greedy_placement(rng: random.Random, state: InkaState, seat: str) -> Action:
    actions = legal_actions(state)
    plan = plan_of(state, seat)
    scored = [(plan.through((BOARD.parse(a.first), BOARD.parse(a.second))), a) for a in actions]
    low = min(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == low])


def greedy_block(rng: random.Random, state: InkaState, seat: str, lay: Layout) -> Action:
    """Block the exit nearest an opponent holding all three statues, else a cell of a path
    rhombus on the way of the opponent nearest their goal, else anywhere."""
    cells = free_cells(lay)
    others = [s for i, s in enumerate(state.seats) if s != seat and state.pawns[i] is not None]
    if not others or not cells:
        return block_or_end(rng, cells)
    plans = {s: plan_of(state, s) for s in others}
    leader = min(others, key=lambda s: (-state.carried(s), plans[s].distance))
    plan = plans[leader]
    free = set(cells)
    if state.carried(leader) == 3:
        exits = [c for c in TEMPLE.exits if c in free]
        if exits:
            return Block(NAMES[min(exits, key=lambda c: plan.from_pawn[c])])
    on_way = [
        c for c in free if c in lay.covered and plan.from_pawn[c] + plan.to_goal[c] <= plan.distance
    ]
    return Block(NAMES[rng.choice(on_way)]) if on_way else block_or_end(rng, cells)


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


# ---------------------------------------------------------------- one game


@dataclass
class Game:
    rounds: int
    capped: bool
    first_turn_statue: bool
    winner_start: str | None
    starts: dict[str, str] = field(default_factory=dict)
    actions: int = 0
    cpu: float = 0.0
    """The game's CPU seconds in its process (the players' choices and the engine's)."""


def play_game(kind: str, players: int, seed: int, *, cap: int = ROUND_CAP) -> Game:
    """One seeded game between ``players`` players of one kind."""
    rng = random.Random(f"{kind}-{players}-{seed}")
    player = PLAYERS[kind]
    state = new_game(InkaConfig(players=players), seed=f"bench-{seed}".encode(), game_id=f"b{seed}")
    starts: dict[str, str] = {}
    turns_begun: Counter[str] = Counter()
    first_turn_statue = False
    rounds = actions = 0
    while state.phase != OVER:
        action = player(rng, state)
        seat = state.seat_to_move
        try:
            state, events = apply(state, action)
            actions += 1
        except EngineError as exc:  # a player bug: say which action, then stop
            raise AssertionError(f"{kind} played an illegal '{action}': {exc}") from exc
        for event in events:
            if event.kind == "start_chosen":
                starts[event.data["seat"]] = event.data["cell"]
            elif event.kind == "turn_started":
                turns_begun[event.data["seat"]] += 1
                if event.data["seat"] == state.seats[state.first]:
                    rounds += 1
            elif event.kind == "statue_taken" and turns_begun[event.data["seat"]] == 1:
                first_turn_statue = True
        assert seat is not None
        if rounds > cap:
            return Game(cap, True, first_turn_statue, None, starts, actions)
    winner = starts.get(state.winner) if state.winner else None
    return Game(max(rounds, 1), False, first_turn_statue, winner, starts, actions)


# ---------------------------------------------------------------- figures


def _play(args: tuple[str, int, int, int]) -> Game:
    kind, players, seed, cap = args
    began = time.process_time()
    game = play_game(kind, players, seed, cap=cap)
    game.cpu = time.process_time() - began
    return game


def simulate(
    kind: str, players: int, games: int, *, workers: int = 1, cap: int = ROUND_CAP
) -> list[Game]:
    jobs = [(kind, players, seed, cap) for seed in range(games)]
    if workers <= 1:
        return [_play(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play, jobs, chunksize=4))


def report(kind: str, players: int, results: list[Game], seconds: float) -> None:
    """One line of figures; win shares count every game (a capped game has no winner),
    then only the decided ones."""
    n = len(results)
    rounds = statistics.median(g.rounds for g in results)
    first = sum(g.first_turn_statue for g in results)
    capped = sum(g.capped for g in results)
    wins = Counter(g.winner_start for g in results if g.winner_start)
    decided = sum(wins.values())
    shares = " ".join(f"{name} {100 * wins[name] / n:4.1f}%" for name in TEMPLE.start_names)
    of_decided = " ".join(
        f"{100 * wins[name] / max(decided, 1):4.1f}%" for name in TEMPLE.start_names
    )
    cpu = sum(g.cpu for g in results)
    actions = sum(g.actions for g in results)
    print(
        f"  {players}p {kind:<6} games {n:>4}  median rounds {rounds:5.1f}  "
        f"first-turn statue {100 * first / n:5.1f}%  capped {capped:>3}  "
        f"wins by start: {shares} (of {decided} decided: {of_decided})  ({seconds:.0f} s; "
        f"CPU {cpu:.1f} s, {1e6 * cpu / max(actions, 1):.0f} us an action)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    default = int(os.environ.get("PLATEAU_INKA_GAMES", "200"))
    parser.add_argument("--games", type=int, default=default, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--kinds", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cap", type=int, default=ROUND_CAP, help="rounds before a game stops")
    args = parser.parse_args()
    print(f"Inka simulated games (round cap {args.cap}; win share = games won from that start):")
    for players in args.players:
        for kind in args.kinds:
            t0 = time.perf_counter()
            results = simulate(kind, players, args.games, workers=args.workers, cap=args.cap)
            report(kind, players, results, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
