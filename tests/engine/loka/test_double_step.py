"""The pawn's double step (RULINGS 1.8, corrected): only a pawn that began the battle on its
own row 2 and has not moved since. The state keeps those pawns' squares (``fresh_pawns``)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import engine.loka as loka
from engine.errors import InvalidNotation, InvalidRecord
from engine.loka import (
    BATTLE,
    DEPLOYMENT,
    OVER,
    SELECTION,
    Action,
    Confirm,
    Draft,
    LokaConfig,
    LokaState,
    Move,
    Resign,
    apply,
    format_position,
    from_dict,
    legal_actions,
    new_game,
    parse_action,
    parse_position,
    position_of,
    state_from_position,
    to_act,
    to_dict,
)
from engine.loka.perft import perft
from engine.loka.pieces import PAWN
from engine.loka.terrain import ENTERABLE_BY
from engine.perft import leaves
from tests.engine.helpers import refused
from tests.engine.loka.helpers import position, targets_of

ISSUE = "fire: Kd1 Pg5; earth: Ka9; terrain: portal@g5 portal@f2; turn: fire"


def squares(state: LokaState) -> set[str]:
    """The names of the squares in ``fresh_pawns``."""
    return {state.geometry.names[i] for i in state.fresh_pawns}


def play(state: LokaState, *moves: str) -> LokaState:
    for move in moves:
        state, _ = apply(state, parse_action(move))
    return state


def check_fresh(state: LokaState) -> None:
    """Every square of the set holds a pawn of a living army whose row 2 it is."""
    geo = state.geometry
    for sq in state.fresh_pawns:
        piece = state.board[sq]
        assert piece & 7 == PAWN, f"{geo.names[sq]} holds no pawn"
        army = piece >> 3
        assert state.armies[army].alive
        assert geo.row_of[army][sq] == 2, f"{geo.names[sq]} is not row 2 of its pawn"


# ------------------------------------------------------------------ the issue


def test_a_pawn_back_on_row_2_through_a_portal_does_not_double_step() -> None:
    state = position(ISSUE)
    assert squares(state) == set()  # g5 is Fire's row 5
    state = play(state, "g5f2", "a9a8")
    assert targets_of(state, "f2") == {"f3", "g5"}  # a single step or the portal, not f4
    assert squares(state) == set()


def test_a_pawn_stepping_onto_row_2_from_a_row_1_portal_does_not_double_step() -> None:
    state = position("fire: Kd1 Pg5; earth: Ka9; terrain: portal@g5 portal@f1; turn: fire")
    state = play(state, "g5f1", "a9a8", "f1f2", "a8a7")
    assert targets_of(state, "f2") == {"f3"}


def test_a_pawn_swapped_from_row_1_onto_row_2_does_not_double_step() -> None:
    # The Fire pawn on e1 and the Water pawn on e2 face each other: the swap brings the Fire
    # pawn onto its row 2 (and the Water pawn onto its promotion square e1).
    state = position("fire: Kd1 Pe1; water: Ki12 Pe2; earth: Ka9; turn: fire")
    state = play(state, "e1e2", "a9a8", "i12i11")
    assert targets_of(state, "e2") == {"e3"}


# ------------------------------------------------------------------ the rule


def test_a_row_2_pawn_double_steps_at_the_battle_start() -> None:
    state = position("fire: Kd1 Pe2; earth: Ka9 Pb6; turn: fire")
    assert squares(state) == {"e2", "b6"}
    assert targets_of(state, "e2") == {"e3", "e4"}
    state = play(state, "e2e4")
    assert targets_of(state, "b6") == {"c6", "d6"}
    assert squares(state) == {"b6"}


def test_the_double_step_is_gone_after_one_single_step() -> None:
    state = position("fire: Kd1 Pe2 Pf2; earth: Ka9; turn: fire")
    state = play(state, "e2e3", "a9a8")
    assert squares(state) == {"f2"}
    assert targets_of(state, "e3") == {"e4"}
    assert targets_of(state, "f2") == {"f3", "f4"}


def test_a_row_3_pawn_never_double_steps() -> None:
    state = position("fire: Kd1 Pe3; earth: Ka9; turn: fire")
    assert squares(state) == set()
    assert targets_of(state, "e3") == {"e4"}


@pytest.mark.parametrize("mover", ["fire", "water"])
def test_back_to_back_swapped_pawns_lose_it(mover: str) -> None:
    # Fire's e2 and Water's e11 are fresh; each faces an allied pawn.
    text = "fire: Kd1 Pe2 Pf10; water: Ki12 Pe3 Pf11; earth: Ka9"
    state = position(f"{text}; turn: {mover}")
    assert squares(state) == {"e2", "f11"}
    src, dst = ("e2", "e3") if mover == "fire" else ("f11", "f10")
    state = play(state, src + dst)
    assert squares(state) == ({"f11"} if mover == "fire" else {"e2"})
    check_fresh(state)


def test_a_repelled_attack_spends_the_first_move() -> None:
    # The Fire pawn attacks d3 and is repelled (it rolls 2 on its D6, Earth 5 on its D6): it
    # stays on e2 but has made its move.
    state = position("fire: Kh1 Pe2; earth: Ka9 Pd3 Nb4; turn: fire", rolls=(2, 5))
    state, events = apply(state, Move("e2", "d3"))
    assert [e.data["result"] for e in events if e.kind == "combat"] == ["repelled"]
    assert state.board[state.geometry.parse("e2")]
    assert squares(state) == set()


def test_a_captured_pawn_square_refilled_by_a_pawn_does_not_double_step() -> None:
    # Earth takes the fresh e2 pawn; Fire's row-1 pawn takes back on e2: it arrived there.
    state = position("fire: Ki1 Pe2 Pd1; earth: Ka9 Pd3; turn: earth", combat=False)
    assert squares(state) == {"e2"}
    state = play(state, "d3e2")
    assert squares(state) == set()
    state = play(state, "d1e2", "a9a8")
    assert targets_of(state, "e2") == {"e3"}
    assert squares(state) == set()


def test_the_squares_of_a_removed_army_leave_the_set() -> None:
    state = position("fire: Kd1 Pe2; earth: Ka9 Pb6; water: Kd12; air: Kl7; turn: fire")
    assert squares(state) == {"e2", "b6"}
    state, _ = apply(state, Resign(), "earth")  # its king and its whole army leave
    assert squares(state) == {"e2"}
    check_fresh(state)


# ------------------------------------------------------------------ the real deployment


def _deploy_all(config: LokaConfig, drafts: dict[str, tuple[int, ...]], seed: int) -> LokaState:
    rng = random.Random(seed)
    state = new_game(config, seed=f"double-{seed}".encode(), game_id=f"d{seed}")
    for seat in to_act(state):
        state, _ = apply(state, Draft(drafts[seat]), seat)  # type: ignore[arg-type]
    for seat in to_act(state):
        state, _ = apply(state, Confirm(), seat)
    assert state.phase == DEPLOYMENT
    while state.phase == DEPLOYMENT:
        assert state.fresh_pawns == frozenset()  # set when the battle begins
        state, _ = apply(state, rng.choice(legal_actions(state)))
    assert state.phase == BATTLE
    return state


@pytest.mark.parametrize(
    ("options", "drafts"),
    [
        ({}, dict.fromkeys(("fire", "earth", "water", "air"), (0, 0, 0, 0, 8))),
        ({"tiles": 0}, dict.fromkeys(("fire", "earth", "water", "air"), (0, 0, 0, 0, 8))),
        ({"board": "faceoff", "players": 2}, {"fire": (0, 0, 0, 0, 10), "air": (1, 0, 0, 0, 10)}),
    ],
)
def test_after_a_real_deployment_the_set_is_exactly_the_row_2_pawns(
    options: dict, drafts: dict
) -> None:
    config = LokaConfig(**options)
    state = _deploy_all(config, drafts, seed=len(options))
    geo = state.geometry
    row_2 = {
        sq
        for sq in geo.squares
        if state.board[sq] & 7 == PAWN and geo.row_of[state.board[sq] >> 3][sq] == 2
    }
    row_3 = {
        sq
        for sq in geo.squares
        if state.board[sq] & 7 == PAWN and geo.row_of[state.board[sq] >> 3][sq] == 3
    }
    assert row_2 and row_3  # more pawns than row 2 has squares
    assert state.fresh_pawns == row_2
    # The army to move: its row-2 pawns may double-step if the way is clear, its row-3 pawns
    # never.
    army = state.turn
    ahead = geo.pawn_dir[army]
    moves = {(m.src, m.dst) for m in legal_actions(state)}
    for sq in row_3 & {s for s in geo.squares if state.board[s] >> 3 == army}:
        two = geo.rays[sq][ahead][1:2]
        assert not two or (geo.names[sq], geo.names[two[0]]) not in moves


# ------------------------------------------------------------------ Face-off and massive


@pytest.mark.parametrize(
    ("text", "src", "portal", "reply", "single"),
    [
        (
            "board: faceoff; fire: Ka1 Pg5; air: Kh8; terrain: portal@g5 portal@f2; turn: fire",
            "g5",
            "f2",
            "h8h7",
            {"f3", "g5"},
        ),
        (
            "board: faceoff; fire: Ka1; air: Kh8 Pc4; terrain: portal@c4 portal@d7; turn: air",
            "c4",
            "d7",
            "a1a2",
            {"d6", "c4"},
        ),
        (
            "board: faceoff 16x8; water: Ka1 Pk5; earth: Kp8; terrain: portal@k5 portal@m2; "
            "turn: water",
            "k5",
            "m2",
            "p8p7",
            {"m3", "k5"},
        ),
    ],
)
def test_faceoff_and_massive_boards_follow_the_same_rule(
    text: str, src: str, portal: str, reply: str, single: set[str]
) -> None:
    state = state_from_position(text, seed=b"fo", game_id="fo")
    state = play(state, src + portal, reply)
    assert targets_of(state, portal) == single


def test_faceoff_start_double_steps_for_both_sides() -> None:
    text = "board: faceoff; fire: Ke1 Pc2 Pd3; air: Ke8 Pf7; turn: fire"
    state = state_from_position(text, seed=b"fo", game_id="fo")
    assert squares(state) == {"c2", "f7"}


# ------------------------------------------------------------------ position text


def test_the_position_text_marks_a_moved_pawn_on_its_row_2() -> None:
    state = play(position(ISSUE), "g5f2", "a9a8")
    text = format_position(position_of(state))
    assert "Pf2'" in text
    again = state_from_position(text, seed=b"x", game_id="x")
    assert again.fresh_pawns == state.fresh_pawns == frozenset()
    assert targets_of(again, "f2") == {"f3", "g5"}
    assert parse_position(text) == position_of(state)


def test_the_moved_mark_is_read() -> None:
    marked = parse_position("fire: Kd1 Pf2' Pe2; earth: Ka9 Pb6’ Pd6'; turn: fire")
    assert marked.moved == {"f2", "b6"}  # d6 is Earth's row 4: the mark changes nothing there
    assert format_position(marked) == "fire: Kd1 Pe2 Pf2'; earth: Ka9 Pb6' Pd6; turn: fire"
    state = state_from_position(marked, seed=b"x", game_id="x")
    assert squares(state) == {"e2"}
    assert targets_of(state, "f2") == {"f3"}
    assert parse_position("fire: Kd1 Pf2; earth: Ka9").moved == frozenset()


def test_only_a_pawn_takes_the_mark() -> None:
    with refused(InvalidNotation, "loka.pos_piece"):
        parse_position("fire: Kd1 Nf2'; earth: Ka9")


# ------------------------------------------------------------------ saved states


def _json(state: LokaState) -> dict:
    return json.loads(json.dumps(to_dict(state)))


def test_the_set_is_saved_and_an_old_snapshot_without_it_still_loads() -> None:
    text = "fire: Kd1 Pg5 Pe2; earth: Ka9 Pb6; terrain: portal@g5 portal@f2; turn: fire"
    state = play(position(text), "g5f2")
    assert squares(state) == {"e2", "b6"}
    data = _json(state)
    assert data["schema"] == 2 and sorted(data["fresh_pawns"]) == ["b6", "e2"]
    assert from_dict(data) == state
    # A schema-1 snapshot has no set: the old rule, every pawn on its row 2, is taken.
    old = {**data, "schema": 1}
    del old["fresh_pawns"]
    loaded = from_dict(old)
    assert squares(loaded) == {"e2", "b6", "f2"}
    assert replace(loaded, fresh_pawns=state.fresh_pawns) == state
    check_fresh(loaded)
    with pytest.raises(InvalidRecord, match="schema"):
        from_dict({**data, "schema": 3})
    missing = dict(data)
    del missing["fresh_pawns"]
    with pytest.raises(InvalidRecord):
        from_dict(missing)  # schema 2 always has it


def test_an_old_snapshot_before_the_battle_loads_with_an_empty_set() -> None:
    state = new_game(LokaConfig(), seed=b"old", game_id="old")
    old = {**_json(state), "schema": 1}
    del old["fresh_pawns"]
    assert from_dict(old) == state and state.phase == SELECTION


# ------------------------------------------------------------------ perft


@pytest.mark.parametrize(
    "text",
    [
        "fire: Kd1 Pg5 Pe2; earth: Ka9 Pb5; terrain: portal@g5 portal@f2; turn: fire",
        "fire: Kd1 Pe1 Pf2; water: Ki12 Pe2 Pf11; earth: Ka9 Pb6; turn: fire",
        "fire: Ki1 Pe2 Pd1; earth: Ka9 Pd3 Pb7; air: Kl4 Pk9; turn: earth",
    ],
)
def test_fast_perft_keeps_the_set_like_the_rules_engine(text: str) -> None:
    state = state_from_position(text, LokaConfig(combat=False), seed=b"p", game_id="p")
    for depth in (1, 2, 3):
        slow = leaves(state, depth, loka, lambda s: s.phase != OVER)  # through the public apply
        assert perft(state, depth) == slow, f"depth {depth}"


def test_perft_no_longer_counts_the_double_step_after_the_portal() -> None:
    text = "fire: Kd1 Pg5 Pe2; earth: Ka9 Pb5; terrain: portal@g5 portal@f2; turn: fire"
    state = state_from_position(text, LokaConfig(combat=False), seed=b"p", game_id="p")
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [6, 30, 196, 1260]  # was 201, 1292


# ------------------------------------------------------------------ random games


def _choose(rng: random.Random, state: LokaState, seat: str) -> Action:
    """A random action; in selection, an army of at least four pawns, then confirmed."""
    actions = legal_actions(state, seat)
    if state.phase == SELECTION:
        if state.armies[state.geometry.seat_index[seat]].draft is not None:
            return Confirm()
        drafts = [a for a in actions if isinstance(a, Draft) and a.counts[-1] >= 4]
        return rng.choice(drafts or actions)
    return rng.choice(actions)


def _writable(state: LokaState) -> bool:
    """Whether the position text can hold the state: a pawn promoted on a forest stands on a
    tile its new piece may not enter, which a position refuses (a separate matter)."""
    tiles = {t.square: t.kind for t in state.tiles}
    return all(
        state.board[sq] & 7 in ENTERABLE_BY[kind] for sq, kind in tiles.items() if state.board[sq]
    )


@pytest.mark.parametrize(
    "options",
    [
        {"tiles": 6, "combat": False},
        {"tiles": 9, "players": 2},
        {"board": "faceoff", "players": 2, "tiles": 4},
    ],
)
def test_random_games_keep_the_set_exact(options: dict) -> None:
    config = LokaConfig(points=200, **options)
    for seed in range(5):
        rng = random.Random(seed)
        state = new_game(config, seed=f"fresh-{seed}".encode(), game_id=f"f{seed}")
        steps = 0
        while state.phase != OVER and steps < 1500:
            seat = rng.choice(to_act(state))
            action = _choose(rng, state, seat)
            after, _ = apply(state, action, seat)
            check_fresh(after)
            if state.phase == BATTLE:
                # The set only shrinks; a pawn that stays in it has not moved (a defender that
                # holds stays); the square a move starts from leaves it, even if it is repelled.
                assert after.fresh_pawns <= state.fresh_pawns
                assert all(after.board[sq] == state.board[sq] for sq in after.fresh_pawns)
                if isinstance(action, Move):
                    assert state.geometry.parse(action.src) not in after.fresh_pawns
                if after.phase == BATTLE and after.pending is None and _writable(after):
                    again = state_from_position(
                        format_position(position_of(after)), config, seed=b"x", game_id="x"
                    )
                    assert again.fresh_pawns == after.fresh_pawns
                    assert from_dict(_json(after)) == after
            elif after.phase == BATTLE:
                geo = after.geometry
                assert after.fresh_pawns == {
                    sq
                    for sq in geo.squares
                    if after.board[sq] & 7 == PAWN and geo.row_of[after.board[sq] >> 3][sq] == 2
                }
            state = after
            steps += 1
