"""Face-off Loka and massive battles (RULINGS 1.10): the same engine on other geometries.

Every test here is about a difference from 4-player Loka: the board, the seats, the defaults,
the tile dice, promotion, no back-to-back, the one king, the position text and perft."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import loka
from engine.errors import IllegalAction, InvalidConfig, InvalidNotation, InvalidPosition
from engine.loka.geometry import CROSS, faceoff
from engine.loka.perft import perft
from engine.loka.pieces import BISHOP, KING, PAWN, QUEEN
from engine.loka.setup import DRAFT_LIST_LIMIT, all_drafts, deploy_squares
from engine.perft import main as perft_main
from tests.engine.helpers import ScriptedDice, refused
from tests.engine.loka.test_perft import slow_perft, start
from tests.engine.loka.test_playouts import check_whole_game
from tests.engine.playouts import playout_seeds

CHESS = (
    "board: faceoff; fire: Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Nb1 Ng1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2; "
    "air: Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Nb8 Ng8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7; turn: fire"
)


def fo(text: str, **options: object) -> loka.LokaState:
    config = loka.LokaConfig(board="faceoff", **options)  # type: ignore[arg-type]
    return loka.state_from_position(text, config, seed=b"fo", game_id="fo")


def name_of(state: loka.LokaState, square: str) -> str | None:
    geo = state.geometry
    p = state.board[geo.parse(square)]
    return None if not p else f"{geo.seat_names[p >> 3]}:{'.KQRBNP'[p & 7]}"


# ---------------------------------------------------------------- options


def test_faceoff_defaults_300_points_bishop_30_two_tiles_each() -> None:
    config = loka.LokaConfig(board="faceoff")
    assert (config.players, config.points, config.tiles) == (2, 300, 4)
    assert (config.max_pieces, config.max_pawns) == (16, 10)
    assert config.costs[BISHOP] == 30 and config.costs[QUEEN] == 90
    assert config.size == (8, 8) and config.elements == ("fire", "air")
    assert config.geometry.seat_names == ("fire", "air")


@pytest.mark.parametrize(
    ("size", "points", "pieces", "pawns", "tiles"),
    [((16, 8), 600, 32, 20, 8), ((16, 16), 600, 32, 20, 8), ((32, 32), 1200, 64, 40, 16)],
)
def test_massive_defaults_scale_with_the_boards_along_an_edge(
    size: tuple[int, int], points: int, pieces: int, pawns: int, tiles: int
) -> None:
    config = loka.LokaConfig(board="faceoff", size=size)
    assert (config.points, config.max_pieces, config.max_pawns, config.tiles) == (
        points,
        pieces,
        pawns,
        tiles,
    )


def test_chosen_options_are_kept_and_partial_costs_override() -> None:
    config = loka.LokaConfig(board="faceoff", points=250, costs={QUEEN: 100}, tiles=0)
    assert config.points == 250 and config.tiles == 0
    assert config.costs[QUEEN] == 100 and config.costs[BISHOP] == 30


def test_config_round_trips_and_old_cross_dicts_still_load() -> None:
    for config in (
        loka.LokaConfig(),
        loka.LokaConfig(board="faceoff", elements=("water", "earth"), combat=False),
        loka.LokaConfig(board="faceoff", size=(24, 16), budgets={"air": 500}),
    ):
        data = json.loads(json.dumps(config.to_dict()))
        assert loka.LokaConfig.from_dict(data) == config
    old = {"players": 4, "points": 120, "tiles": 4, "combat": True, "board": "cross"}
    loaded = loka.LokaConfig.from_dict(old)
    assert loaded.geometry is CROSS and loaded.points == 120 and loaded.costs[BISHOP] == 40


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"board": "hex"}, "loka.board"),
        ({"board": "faceoff", "size": (12, 8)}, "loka.size"),
        ({"board": "faceoff", "size": (40, 8)}, "loka.size"),
        ({"board": "faceoff", "elements": ("fire", "water")}, "loka.elements"),
        ({"board": "faceoff", "elements": ("fire",)}, "loka.elements"),
        ({"board": "faceoff", "players": 3}, "loka.faceoff_players"),
        ({"board": "faceoff", "tiles": 9}, "loka.tiles"),
        ({"board": "faceoff", "max_pieces": 30}, "loka.army_room"),
        ({"board": "cross", "size": (8, 8)}, "loka.cross_layout"),
    ],
)
def test_bad_faceoff_options_are_refused_with_a_code(options: dict, code: str) -> None:
    with refused(InvalidConfig, code):
        loka.LokaConfig(**options)


# ---------------------------------------------------------------- geometry


def test_seats_rows_and_far_rank_promotion() -> None:
    geo = faceoff(8, 8, "water", "earth")
    assert geo is faceoff(8, 8, "water", "earth")  # built once, then cached
    assert geo.seat_names == ("water", "earth") and geo.enemies == ((1,), (0,))
    assert geo.teammates == ((), ())
    assert len(geo.squares) == 64 and not geo.back_to_back
    assert [geo.names[s] for s in geo.row_squares(0, 1)] == [f"{f}1" for f in "abcdefgh"]
    assert [geo.names[s] for s in geo.row_squares(1, 1)] == [f"{f}8" for f in "hgfedcba"]
    assert sorted(geo.names[s] for s in geo.promotion[0]) == [f"{f}8" for f in "abcdefgh"]
    assert sorted(geo.names[s] for s in geo.promotion[1]) == [f"{f}1" for f in "abcdefgh"]


def test_massive_board_names_files_past_z() -> None:
    geo = faceoff(32, 16, "fire", "air")
    assert geo.names[31] == "af1" and geo.names[geo.size - 1] == "af16"
    assert geo.parse("aa16") == 15 * 32 + 26
    assert len(geo.promotion[0]) == 32
    with refused(InvalidNotation, "board.off_board"):
        geo.parse("ag1")


# ---------------------------------------------------------------- battle


def test_standard_chess_armies_give_chess_perft_to_depth_3() -> None:
    state = fo(CHESS, tiles=0, combat=False)
    assert [perft(state, d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_fast_perft_matches_the_rules_engine_in_faceoff_with_terrain() -> None:
    state = start(
        "board: faceoff; air: Ke1 Qd4 Pe2 Pf2 Nb1; fire: Ke8 Bc5 Pe7 Pd6 Rh8; "
        "terrain: portal@c5 portal@f3 marsh@e5 forest@d3 pass@g4/n castle@e3; turn: air"
    )
    assert state.geometry.seat_names == ("air", "fire")
    for depth in (1, 2, 3):
        assert perft(state, depth) == slow_perft(state, depth), f"depth {depth}"


def test_perft_command_line_reads_a_faceoff_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_main(["loka", "--position", CHESS, "--depth", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in out] == ["20", "400", "8902"]


def test_pawns_promote_on_the_far_rank() -> None:
    state = fo("board: faceoff; fire: Ka1 Pe7; air: Kh8 Pd2; turn: fire", combat=False)
    promos = {
        str(a) for a in loka.legal_actions(state) if isinstance(a, loka.Move) and a.src == "e7"
    }
    assert promos == {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}
    state = loka.apply(state, loka.Move("e7", "e8", 5), "fire")[0]
    assert name_of(state, "e8") == "fire:N"
    state = loka.apply(state, loka.Move("d2", "d1"), "air")[0]
    assert name_of(state, "d1") == "air:Q"


def test_facing_pawns_are_stuck_there_is_no_back_to_back() -> None:
    state = fo("board: faceoff; fire: Ka1 Pe4; air: Kh8 Pe5; turn: fire")
    assert not [a for a in loka.legal_actions(state) if isinstance(a, loka.Move) and a.src == "e4"]
    with refused(IllegalAction, "loka.no_move"):
        loka.apply(state, loka.Move("e4", "e5"), "fire")


def test_double_step_from_row_2_only_for_each_side() -> None:
    state = fo("board: faceoff; fire: Ka1 Pc2 Pd3; air: Kh8 Pf7; turn: fire")
    assert {a.dst for a in loka.legal_actions(state) if getattr(a, "src", "") == "c2"} == {
        "c3",
        "c4",
    }
    assert {a.dst for a in loka.legal_actions(state) if getattr(a, "src", "") == "d3"} == {"d4"}
    state = loka.apply(state, loka.Move("c2", "c4"), "fire")[0]
    assert {a.dst for a in loka.legal_actions(state) if getattr(a, "src", "") == "f7"} == {
        "f6",
        "f5",
    }


def test_taking_the_one_enemy_king_wins() -> None:
    state = fo("board: faceoff; water: Ke1 Qd1 Pa2; earth: Kd2 Nb8 Pg7; turn: water", combat=False)
    state, events = loka.apply(state, loka.Move("d1", "d2"), "water")
    assert state.phase == loka.OVER and state.winners == ("water",)
    assert state.termination == "kings_taken"
    assert not any(p and p >> 3 == 1 for p in state.board)  # the whole earth army is gone
    assert events[-1].kind == "game_over"


def test_combat_and_terrain_rules_apply_unchanged() -> None:
    # The fire queen attacks the air pawn on a castle: charge and prowess (D8) against the
    # castle and the f7 pawn's capture diagonal (D8); attack 6 beats defence 2.
    state = fo("board: faceoff; fire: Ka1 Qe2; air: Kh8 Pe6 Pf7; terrain: castle@e6; turn: fire")
    state = replace(state, dice=ScriptedDice((6, 2)))
    state, events = loka.apply(state, loka.Move("e2", "e6"), "fire")
    attack = next(e for e in events if e.kind == "attack")
    assert sorted(b["source"] for b in attack.data["attack_boosts"]) == ["charge", "prowess"]
    assert sorted(b["source"] for b in attack.data["defence_boosts"]) == ["support", "terrain"]
    assert (attack.data["attack_die"], attack.data["defence_die"]) == (8, 8)
    assert state.last_combat is not None and state.last_combat.result == "defender_removed"
    assert name_of(state, "e6") == "fire:Q"


# ---------------------------------------------------------------- set-up


def _confirmed(config: loka.LokaConfig, rolls: tuple[int, ...]) -> tuple[loka.LokaState, list]:
    """Both armies drafted; the last confirm runs terrain and the deployment roll-off on
    the scripted ``rolls``."""
    south, north = config.elements  # type: ignore[misc]
    state = loka.new_game(config, seed=b"t", game_id="t")
    state = loka.apply(state, loka.Draft((0, 0, 0, 0, 2)), south)[0]
    state = loka.apply(state, loka.Confirm(), south)[0]
    state = loka.apply(state, loka.Draft((0, 0, 0, 0, 2)), north)[0]
    state = replace(state, dice=ScriptedDice(rolls))
    state, events = loka.apply(state, loka.Confirm(), north)
    return state, events


def _tiles(state: loka.LokaState) -> dict[str, str]:
    return {state.geometry.names[t.square]: t.kind for t in state.tiles}


def test_tile_dice_d8_kind_then_row_from_the_placers_edge_then_column() -> None:
    config = loka.LokaConfig(board="faceoff", tiles=2)
    # Fire places first (D2 = 1): lake (3), row 2, column 5 -> e2. Air: lake, its row 2
    # (rank 7), its column 5 counted from its left (file h) -> d7. Then the D20 roll-off.
    state, events = _confirmed(config, (1, 3, 2, 5, 3, 2, 5, 5, 10))
    assert _tiles(state) == {"e2": "lake", "d7": "lake"}
    rolls = [(e.data["purpose"], e.data["die"]) for e in events if e.kind == "roll"]
    assert rolls[:4] == [
        ("first_tile_placer", 2),
        ("tile_kind", 8),
        ("tile_row", 8),
        ("tile_column", 8),
    ]
    assert state.phase == loka.DEPLOYMENT and loka.to_act(state) == ("fire",)


def test_portal_pair_by_the_opponent_with_fresh_rolls_not_counting_as_its_tile() -> None:
    config = loka.LokaConfig(board="faceoff", tiles=2)
    rolls = (
        *(1, 8, 1, 1),  # fire: portal on a1
        *(1, 1),  # air places the pair by fresh rolls from its edge: h8
        *(8, 1, 1, 2),  # air's own tile: a second portal is rolled again -> castle, g8
        *(5, 10),
    )
    state, events = _confirmed(config, rolls)
    assert _tiles(state) == {"a1": "portal", "h8": "portal", "g8": "castle"}
    placed = [
        (e.data["army"], e.data["square"], e.data["pair"])
        for e in events
        if e.kind == "tile_placed"
    ]
    assert placed == [("fire", "a1", False), ("air", "h8", True), ("air", "g8", False)]
    assert state.terrain.portal_exit == {0: 63, 63: 0}


def test_a_tile_on_a_taken_square_is_rolled_again() -> None:
    config = loka.LokaConfig(board="faceoff", tiles=2)
    # Fire: castle a1. Air: lake at its row 8, column 8 = a1, taken: row 1, column 1 = h8.
    state, events = _confirmed(config, (1, 1, 1, 1, 3, 8, 8, 1, 1, 5, 10))
    assert _tiles(state) == {"a1": "castle", "h8": "lake"}
    assert [e.data["square"] for e in events if e.kind == "tile_reroll"] == ["a1"]


def test_massive_boards_roll_one_face_per_row_and_per_column() -> None:
    config = loka.LokaConfig(board="faceoff", size=(16, 8), tiles=2)
    state, events = _confirmed(config, (2, 7, 8, 16, 7, 1, 16, 5, 10))
    # Air first: pass at its row 8 (rank 1), column 16 from its left (file a) -> a1;
    # fire: pass at row 1, column 16 -> p1. A pass lies along the file for both.
    assert _tiles(state) == {"a1": "pass", "p1": "pass"}
    assert {t.axis for t in state.tiles} == {"n"}
    dice = {(e.data["purpose"], e.data["die"]) for e in events if e.kind == "roll"}
    assert {("tile_row", 8), ("tile_column", 16)} <= dice


def test_deployment_rows_one_to_three_from_each_edge() -> None:
    config = loka.LokaConfig(board="faceoff", elements=("earth", "fire"), tiles=0)
    state, _ = _confirmed(config, (15, 3, 5, 10))  # the lower D20 (fire) deploys first
    assert loka.to_act(state) == ("fire",)
    geo = state.geometry
    assert {geo.names[s] for s in deploy_squares(state, 1, KING)} == {f"{f}8" for f in "abcdefgh"}
    assert deploy_squares(state, 1, PAWN) == ()  # the king first
    state = loka.apply(state, loka.Deploy(KING, "d8"), "fire")[0]
    assert {geo.names[s] for s in deploy_squares(state, 0, KING)} == {f"{f}1" for f in "abcdefgh"}
    state = loka.apply(state, loka.Deploy(KING, "e1"), "earth")[0]
    assert {geo.names[s] for s in deploy_squares(state, 1, PAWN)} == {f"{f}7" for f in "abcdefgh"}
    with refused(IllegalAction, "loka.deploy_square"):
        loka.apply(state, loka.Deploy(PAWN, "c8"), "fire")
    while state.phase == loka.DEPLOYMENT:
        state = loka.apply(state, loka.legal_actions(state)[0])[0]
    assert state.phase == loka.BATTLE


def test_drafts_use_faceoff_costs_and_massive_limits() -> None:
    state = loka.new_game(loka.LokaConfig(board="faceoff"), seed=b"d", game_id="d")
    loka.apply(state, loka.Draft((0, 0, 10, 0, 0)), "fire")  # ten bishops at 30: 300
    with refused(IllegalAction, "loka.too_many_pawns"):
        loka.apply(state, loka.Draft((0, 0, 0, 0, 11)), "fire")
    wide = loka.new_game(loka.LokaConfig(board="faceoff", size=(16, 8)), seed=b"d", game_id="d")
    loka.apply(wide, loka.Draft((0, 0, 0, 0, 20)), "fire")
    with refused(IllegalAction, "loka.too_many_pawns"):
        loka.apply(wide, loka.Draft((0, 0, 0, 11, 21)), "fire")
    # 33 with the king
    with refused(IllegalAction, "loka.too_many_pieces"):
        loka.apply(wide, loka.Draft((0, 0, 12, 0, 20)), "fire")


def test_huge_budgets_list_only_full_drafts_but_accept_any() -> None:
    config = loka.LokaConfig(board="faceoff", size=(32, 32))
    drafts = all_drafts(config, config.points)  # type: ignore[arg-type]
    assert 0 < len(drafts) <= 4 * DRAFT_LIST_LIMIT
    assert loka.Draft((0, 0, 0, 0, 0)) not in drafts
    state = loka.new_game(config, seed=b"d", game_id="d")
    assert loka.apply(state, loka.Draft((0, 0, 0, 0, 1)), "fire")[0].armies[0].draft == (
        0,
        0,
        0,
        0,
        1,
    )
    small = all_drafts(loka.LokaConfig(board="faceoff"), 300)
    assert loka.Draft((0, 0, 0, 0, 0)) in small and len(small) == 1776  # every army at 300


def test_the_enemy_draft_is_hidden_in_faceoff() -> None:
    state = loka.new_game(loka.LokaConfig(board="faceoff"), seed=b"v", game_id="v")
    state = loka.apply(state, loka.Draft((1, 0, 0, 0, 2)), "fire")[0]
    assert loka.view(state, "fire").armies[0].draft == (1, 0, 0, 0, 2)
    seen = loka.view(state, "air").armies[0]
    assert seen.draft is None and seen.hidden


# ---------------------------------------------------------------- position text


def test_position_text_round_trips_and_lists_south_first() -> None:
    text = "board: faceoff; air: Ke1 Pe2; fire: Ke8 Pe7; terrain: pass@d4/n lake@c6; turn: fire"
    position = loka.parse_position(text)
    assert position.seats == ("air", "fire") and position.size == (8, 8)
    assert loka.parse_position(loka.format_position(position)) == position
    assert loka.format_position(position).startswith("board: faceoff; air: ")
    state = loka.state_from_position(position, seed=b"p", game_id="p")
    assert state.config.board == "faceoff" and state.config.points == 300
    assert state.geometry.seat_names == ("air", "fire") and state.seat_to_move == "fire"
    assert loka.position_of(state) == position
    again = loka.from_dict(json.loads(json.dumps(loka.to_dict(state))))
    assert again == state


def test_massive_position_text() -> None:
    text = "board: faceoff 24x16; water: Kl1 Pw2; earth: Kl16 Qx9; turn: earth"
    position = loka.parse_position(text)
    assert position.size == (24, 16)
    assert loka.format_position(position) == text
    state = loka.state_from_position(text, seed=b"p", game_id="p")
    assert state.config.size == (24, 16) and state.config.max_pieces == 48
    assert name_of(state, "x9") == "earth:Q"


def test_a_cross_config_is_carried_over_to_the_positions_board() -> None:
    config = loka.LokaConfig(combat=False, points=250)
    state = loka.state_from_position(
        "board: faceoff; fire: Ke1; air: Ke8", config, seed=b"p", game_id="p"
    )
    assert state.config.combat is False and state.config.points == 250
    assert state.config.costs[BISHOP] == 30  # the cross's default became Face-off's


@pytest.mark.parametrize(
    ("text", "error", "code"),
    [
        ("board: faceoff; fire: Ke1; water: Ke8", InvalidPosition, "loka.faceoff_armies"),
        ("board: faceoff; fire: Ke1", InvalidPosition, "loka.faceoff_armies"),
        ("board: faceoff 12x8; fire: Ke1; air: Ke8", InvalidNotation, "loka.position_board"),
        ("board: hexagon; fire: Ke1; air: Ke8", InvalidNotation, "loka.position_board"),
        ("board: faceoff; fire: Ke1; air: Ki8", InvalidNotation, "board.off_board"),
    ],
)
def test_bad_faceoff_positions_say_what_is_wrong(text: str, error: type, code: str) -> None:
    with refused(error, code):
        loka.parse_position(text)


def test_cross_positions_are_unchanged() -> None:
    text = "fire: Ke1; earth: Ka6; turn: fire"
    position = loka.parse_position(text)
    assert position.board == "cross" and position.size is None and position.seats is None
    assert loka.format_position(position) == text
    assert loka.parse_position("board: cross; " + text) == position


# ---------------------------------------------------------------- whole games

FACEOFF_CONFIGS = [
    {"board": "faceoff"},
    {"board": "faceoff", "elements": ["water", "earth"], "combat": False},
    {"board": "faceoff", "elements": ["air", "fire"], "tiles": 8},
    {"board": "faceoff", "size": [16, 8]},
    {"board": "faceoff", "size": [16, 16], "elements": ["earth", "water"], "combat": False},
    {"board": "faceoff", "size": [24, 8], "tiles": 0},
]


@pytest.mark.parametrize("seed", playout_seeds(6))
def test_random_faceoff_and_massive_games_keep_every_invariant(seed: int) -> None:
    options = FACEOFF_CONFIGS[seed % len(FACEOFF_CONFIGS)]
    state = check_whole_game(1000 + seed, options)
    assert len(state.armies) == 2
    assert state.geometry.seat_names == tuple(options.get("elements", ("fire", "air")))
