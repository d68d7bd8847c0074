"""Whole games from set-up to victory, 2 to 4 players, with invariants checked at every step.

The players are random but purposeful (take a statue when they can, head for the centre,
then for an exit; sometimes move a rhombus or block at random), so games end. A modest
number of seeded games run by default; ``PLATEAU_PLAYOUTS=200`` runs more."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine.inka import (
    OVER,
    PLAY,
    RULES,
    Go,
    InkaConfig,
    InkaState,
    Place,
    Resign,
    Rotate,
    Slide,
    Take,
    apply,
    format_position,
    from_dict,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    parse_position,
    position_of,
    to_act,
    to_dict,
    view,
)
from engine.inka.layout import Layout
from engine.inka.record import initial_state, new_record
from engine.inka.temple import SAMPLE_LAYOUT, TEMPLE
from engine.record import GameRecord

PLAYOUTS = int(os.environ.get("PLATEAU_PLAYOUTS", "6"))
MAX_STEPS = 700
BOARD = TEMPLE.board


def check_invariants(state: InkaState) -> None:
    lay = Layout.of(state)
    seen: set[int] = set()
    for r in state.rhombi:
        cells = BOARD.rhombus_cells(r.placement)
        assert cells is not None, f"rhombus {r.name} left the temple"
        assert not seen & set(cells), f"rhombus {r.name} overlaps another"
        seen |= set(cells)
    pawns = [c for i, c in enumerate(state.pawns) if c is not None and not state.out[i]]
    assert len(pawns) == len(set(pawns)), "two pawns on one cell"
    for c in pawns:
        assert lay.walkable(c), f"a pawn over the chasm on {BOARD.names[c]}"
    for c in state.blockers:
        if c is not None:
            assert c not in pawns and lay.destination_at(c) is None
    assert 0 <= state.ap <= state.config.action_points
    for seat in state.seats:
        assert 0 <= state.carried(seat) <= 3
    if state.phase == OVER:
        assert to_act(state) == () and outcome(state) is not None
    else:
        assert len(to_act(state)) == 1 and outcome(state) is None


def check_round_trips(state: InkaState) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    seen = view(state, state.seats[0])
    assert (seen.dice.seed is None) == (state.phase != OVER)
    if state.phase != OVER:
        assert '"seed": null' in json.dumps(to_dict(seen))
    if state.phase == PLAY:
        pos = position_of(state)
        assert parse_position(format_position(pos)) == pos


def choose(rng: random.Random, state: InkaState, actions: list) -> object:
    seat = state.seat_to_move
    assert seat is not None
    if state.phase != PLAY:
        if state.phase == "build" and rng.random() < 0.7:
            a, b = SAMPLE_LAYOUT[state.drawn]  # type: ignore[index]
            wanted = Place(state.drawn, a, b)  # type: ignore[arg-type]
            if wanted in actions:
                return wanted
        return rng.choice(actions)
    takes = [a for a in actions if isinstance(a, Take)]
    if takes:
        return takes[0]
    goes = [a for a in actions if isinstance(a, Go)]
    done = state.carried(seat) == 3
    lay = Layout.of(state)
    if done:
        exits = [a for a in goes if BOARD.parse(a.cell) in TEMPLE.exits]
        if exits:
            return exits[0]
    else:
        mine = [
            a
            for a in goes
            if (d := lay.destination_at(BOARD.parse(a.cell))) is not None
            and seat in state.statues["ABC".index(d)]
        ]
        if mine:
            return rng.choice(mine)
    roll = rng.random()
    moves = [a for a in actions if isinstance(a, Slide | Rotate)]
    if moves and roll < 0.35:
        return rng.choice(moves)
    if goes and roll < 0.8:
        key = (
            (lambda a: -BOARD.ring(BOARD.parse(a.cell)))
            if done
            else (lambda a: BOARD.ring(BOARD.parse(a.cell)))
        )
        best = min(key(a) for a in goes)
        return rng.choice([a for a in goes if key(a) == best])
    return rng.choice([a for a in actions if not isinstance(a, Slide | Rotate | Go)])


def play(seed: int, players: int) -> tuple[InkaState, GameRecord, int]:
    rng = random.Random(seed)
    config = InkaConfig(players=players)
    game_seed = f"inka-{seed}".encode()
    state = new_game(config, seed=game_seed, game_id=f"g{seed}")
    record = new_record(config, game_seed, f"g{seed}")
    steps = 0
    while state.phase != OVER:
        seat = to_act(state)[0]
        if steps >= MAX_STEPS:  # a stubborn game: the seat to move gives up
            state, events = apply(state, Resign(), seat)
            record.add(seat, Resign(), events)
            continue
        actions = legal_actions(state, seat)
        assert actions, f"{seat} must act but has no legal action"
        for action in rng.sample(actions, min(len(actions), 4)):
            assert parse_action(str(action)) == action
            apply(state, action, seat)
        action = choose(rng, state, actions)
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
        check_invariants(state)
        if steps % 9 == 0 or state.phase == OVER:
            check_round_trips(state)
        steps += 1
    return state, record, steps


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    players = 2 + seed % 3
    state, record, _steps = play(seed, players)
    result = outcome(state)
    assert result is not None and len(result.winners) == 1
    text = record.export_text(reveal_seed=True)
    again = GameRecord.parse_text(text)
    assert again.entries == record.entries
    assert again.replay(initial_state, RULES) == state
    half = len(record.entries) // 2
    assert again.replay(initial_state, RULES, upto=half).ply == half


def test_some_games_are_won_by_escaping() -> None:
    ends = [play(seed, 2)[0].termination for seed in (100, 101, 102)]
    assert "escaped" in ends


def test_replay_detects_a_tampered_draw() -> None:
    _state, record, _ = play(7, 2)
    text = record.export_text(reveal_seed=True)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "d13=" in line:
            head, _, rest = line.partition("d13=")
            value = int(rest.split("}")[0].split(",")[0])
            lines[i] = head + "d13=" + str(value % 13 + 1) + rest[len(str(value)) :]
            break
    with pytest.raises(ValueError, match="rolls do not match"):
        GameRecord.parse_text("\n".join(lines)).replay(initial_state, RULES)
