"""Loka before the battle: army selection, secrecy, terrain set-up, deployment, battle order,
resignation, player counts and saved states (RULINGS 1.3, 1.4, 1.5, 1.7, 1.8, 1.10).

Games start with ``new_game`` and are played through selection by actions. Exact rolls come
from ``ScriptedDice``, in the order the engine rolls them: the first tile placer (D4), then per
placement the tile draw (D<pile size>), zone column D6, zone row D6 (again while the square
holds a tile), a portal's partner with its own two D6, then the deployment-order D20s, and at
the end of deployment the battle-order D20s."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import loka
from engine.dice import Dice
from engine.errors import IllegalAction, InvalidRecord, NotYourTurn
from engine.loka.geometry import CROSS
from engine.loka.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from engine.loka.state import Army
from engine.protocol import Event
from tests.engine.helpers import ScriptedDice
from tests.engine.loka.helpers import piece_at, sq

SEATS = ("fire", "earth", "water", "air")
KING_ONLY = (0, 0, 0, 0, 0)
NO_TERRAIN = {"tiles": 0}
# Deployment-order D20s that make Fire deploy first (lowest roll).
FIRE_DEPLOYS_FIRST = (1, 2, 3, 4)


# ------------------------------------------------------------------ helpers


def start(
    config: loka.LokaConfig | None = None,
    *,
    rolls: tuple[int, ...] | None = None,
    seed: bytes = b"setup-tests",
) -> loka.LokaState:
    """A new game; ``rolls`` replaces the game's dice with scripted ones."""
    state = loka.new_game(config or loka.LokaConfig(), seed=seed, game_id="setup-test")
    if rolls is not None:
        state = replace(state, dice=ScriptedDice(rolls))
    return state


def select(
    state: loka.LokaState, drafts: dict[str, tuple[int, int, int, int, int]] | None = None
) -> tuple[loka.LokaState, list[Event]]:
    """Every unconfirmed army drafts (king only unless told) and confirms; returns the events
    of the confirmations (the last one runs terrain and the deployment roll)."""
    drafts = drafts or {}
    waiting = loka.to_act(state)
    for seat in waiting:
        state, _ = loka.apply(state, loka.Draft(drafts.get(seat, KING_ONLY)), seat)
    events: list[Event] = []
    for seat in waiting:
        state, ev = loka.apply(state, loka.Confirm(), seat)
        events.extend(ev)
    return state, events


def play(state: loka.LokaState, *steps: str) -> tuple[loka.LokaState, list[Event]]:
    """Apply steps written 'seat action', e.g. 'fire Kd1' or 'earth resign'."""
    events: list[Event] = []
    for step in steps:
        seat, text = step.split(" ", 1)
        state, ev = loka.apply(state, loka.parse_action(text), seat)
        events.extend(ev)
    return state, events


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def rolls_for(events: list[Event], purpose: str, *fields: str) -> list[tuple[object, ...]]:
    """The rolls made for ``purpose``, each as its ``fields`` (by default: who rolled, and
    the value)."""
    fields = fields or ("seat", "value")
    rolls = (e.data for e in kinds(events, "roll") if e.data["purpose"] == purpose)
    return [tuple(data[f] for f in fields) for data in rolls]


def in_turn(state: loka.LokaState, *steps: str) -> loka.LokaState:
    """Play steps written 'seat action' (see :func:`play`), each by the army to act."""
    for step in steps:
        assert loka.to_act(state) == (step.split(" ", 1)[0],), step
        state, _ = play(state, step)
    return state


def deploy_squares_of(state: loka.LokaState, seat: str, kind: int) -> set[str]:
    return {
        a.square
        for a in loka.legal_actions(state, seat)
        if isinstance(a, loka.Deploy) and a.kind == kind
    }


def tiles_of(state: loka.LokaState) -> dict[str, tuple[str, str | None]]:
    return {CROSS.names[t.square]: (t.kind, t.axis) for t in state.tiles}


def army(state: loka.LokaState, seat: str) -> Army:
    return state.armies[SEATS.index(seat)]


def kings_on_board(battle_rolls: tuple[int, ...]) -> tuple[loka.LokaState, list[Event]]:
    """A king-only game without terrain, Fire deploying first, every king deployed; the last
    deployment rolls the battle order with ``battle_rolls``."""
    state, _ = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST + battle_rolls))
    return play(state, "fire Kf1", "earth Ka6", "water Kf12", "air Kl6")


# ------------------------------------------------------------------ army selection (1.3)


def test_new_game_starts_in_selection_with_160_points_each() -> None:
    state = start()
    assert state.phase == loka.SELECTION
    assert [a.budget for a in state.armies] == [160, 160, 160, 160]
    assert loka.to_act(state) == SEATS
    assert all(a.draft is None and not a.confirmed for a in state.armies)


@pytest.mark.parametrize(
    ("counts", "cost"),
    [
        ((1, 0, 0, 0, 0), 90),
        ((0, 1, 0, 0, 0), 50),
        ((0, 0, 1, 0, 0), 40),
        ((0, 0, 0, 1, 0), 30),
        ((0, 0, 0, 0, 1), 10),
        ((0, 0, 0, 0, 0), 0),  # the king is free and always there
        ((0, 1, 1, 1, 4), 160),  # the rulebook's example army
        ((1, 0, 1, 0, 3), 160),
    ],
)
def test_piece_costs(counts: tuple[int, int, int, int, int], cost: int) -> None:
    _, events = loka.apply(start(), loka.Draft(counts), "fire")
    (event,) = kinds(events, "draft")
    assert event.data["cost"] == cost
    assert event.data["budget"] == 160
    assert event.data["army"] == "fire"


def test_spending_less_than_the_budget_is_allowed() -> None:
    state, _ = loka.apply(start(), loka.Draft((0, 0, 0, 1, 2)), "earth")  # 50 of 160 points
    state, events = loka.apply(state, loka.Confirm(), "earth")
    assert army(state, "earth").confirmed
    assert army(state, "earth").draft == (0, 0, 0, 1, 2)
    assert kinds(events, "army_confirmed")[0].data == {"army": "earth", "ready": 1, "of": 4}


def test_over_budget_is_refused_with_a_helpful_message() -> None:
    state = start()
    with pytest.raises(IllegalAction, match=r"costs 180 points but you may spend 160.*remove 20"):
        loka.apply(state, loka.Draft((1, 1, 1, 0, 0)), "fire")
    assert army(state, "fire").draft is None
    assert loka.Draft((1, 1, 1, 0, 0)) not in loka.legal_actions(state, "fire")
    assert loka.Draft((1, 1, 0, 0, 2)) in loka.legal_actions(state, "fire")  # exactly 160


def test_at_most_ten_pawns() -> None:
    state = start(loka.LokaConfig(points=1000))
    loka.apply(state, loka.Draft((0, 0, 0, 0, 10)), "fire")
    with pytest.raises(IllegalAction, match=r"at most 10 pawns \(this army has 11\)"):
        loka.apply(state, loka.Draft((0, 0, 0, 0, 11)), "fire")


def test_at_most_sixteen_pieces_king_included() -> None:
    state = start(loka.LokaConfig(points=1000))
    loka.apply(state, loka.Draft((0, 0, 0, 5, 10)), "fire")  # 1 + 5 + 10 = 16
    with pytest.raises(IllegalAction, match=r"at most 16 pieces, king included.*has 17"):
        loka.apply(state, loka.Draft((0, 0, 0, 6, 10)), "fire")
    with pytest.raises(IllegalAction, match="at most 16 pieces"):
        loka.apply(state, loka.Draft((1, 1, 3, 5, 6)), "fire")


def test_points_and_limits_are_configurable() -> None:
    state = start(loka.LokaConfig(points=200, max_pieces=4, max_pawns=2))
    assert army(state, "water").budget == 200
    loka.apply(state, loka.Draft((1, 1, 1, 0, 0)), "water")  # 180 points, 4 pieces
    loka.apply(state, loka.Draft((0, 0, 0, 1, 2)), "water")
    with pytest.raises(IllegalAction, match=r"at most 2 pawns"):
        loka.apply(state, loka.Draft((0, 0, 0, 0, 3)), "water")
    with pytest.raises(IllegalAction, match=r"at most 4 pieces"):
        loka.apply(state, loka.Draft((0, 0, 1, 1, 2)), "water")
    # Costs are data too (Face-off's bishop costs 30).
    cheap = start(
        loka.LokaConfig(costs={KING: 0, QUEEN: 90, ROOK: 50, BISHOP: 30, KNIGHT: 30, PAWN: 10})
    )
    _, events = loka.apply(cheap, loka.Draft((0, 0, 1, 0, 0)), "air")
    assert kinds(events, "draft")[0].data["cost"] == 30


def test_basic_box_holds_one_of_each_noble_and_four_pawns() -> None:
    state = start(loka.LokaConfig(points=250, box="basic"))
    _, events = loka.apply(state, loka.Draft((1, 1, 1, 1, 4)), "fire")  # the whole box: 250 points
    assert kinds(events, "draft")[0].data["cost"] == 250
    with pytest.raises(IllegalAction, match=r"basic box holds only 1 rook"):
        loka.apply(state, loka.Draft((0, 2, 0, 0, 0)), "fire")
    with pytest.raises(IllegalAction, match=r"basic box holds only 4 pawn"):
        loka.apply(state, loka.Draft((0, 0, 0, 0, 5)), "fire")
    # Every combination of 0-1 of each noble and 0-4 pawns, and nothing else.
    drafts = loka.legal_actions(state, "fire")
    assert len(drafts) == 2 * 2 * 2 * 2 * 5
    assert all(max(d.counts[:4]) <= 1 and d.counts[4] <= 4 for d in drafts)
    # Two boxes: two of each noble, eight pawns.
    double = start(loka.LokaConfig(points=500, box="double"))
    loka.apply(double, loka.Draft((2, 2, 0, 0, 8)), "fire")
    with pytest.raises(IllegalAction, match=r"double box holds only 8 pawn"):
        loka.apply(double, loka.Draft((0, 0, 0, 0, 9)), "fire")


def test_negative_counts_are_refused() -> None:
    with pytest.raises(IllegalAction, match="none negative"):
        loka.apply(start(), loka.Draft((-1, 0, 0, 0, 10)), "fire")


def test_per_army_budget_override() -> None:
    state = start(loka.LokaConfig(budgets={"fire": 200}))
    assert [a.budget for a in state.armies] == [200, 160, 160, 160]
    state, events = loka.apply(state, loka.Draft((1, 1, 1, 0, 2)), "fire")
    assert kinds(events, "draft")[0].data == {
        "army": "fire",
        "draft": "Q R B 2P",
        "cost": 200,
        "budget": 200,
    }
    with pytest.raises(IllegalAction, match="may spend 160"):
        loka.apply(state, loka.Draft((1, 1, 1, 0, 2)), "earth")


@pytest.mark.parametrize(
    ("options", "budgets"),
    [
        ({"players": 3}, [120, 160, 120, 160]),  # the solo team is Evil by default
        ({"players": 3, "solo_team": "good"}, [160, 120, 160, 120]),
        ({"players": 3, "points": 200}, [150, 200, 150, 200]),
        ({"players": 2}, [160, 160, 160, 160]),
        ({"players": 4}, [160, 160, 160, 160]),
    ],
)
def test_budgets_by_player_count(options: dict[str, object], budgets: list[int]) -> None:
    state = start(loka.LokaConfig(**options))  # type: ignore[arg-type]
    assert [a.budget for a in state.armies] == budgets


def test_three_player_solo_army_is_held_to_its_reduced_budget() -> None:
    state = start(loka.LokaConfig(players=3))
    state, _ = loka.apply(state, loka.Draft((1, 0, 0, 1, 0)), "water")  # 120
    with pytest.raises(IllegalAction, match=r"costs 130 points but you may spend 120"):
        loka.apply(state, loka.Draft((1, 0, 0, 1, 1)), "water")
    loka.apply(state, loka.Draft((1, 0, 0, 1, 4)), "earth")  # 160 for the two-player team


def test_draft_can_change_until_confirmed() -> None:
    state = start()
    state, _ = loka.apply(state, loka.Draft((1, 0, 1, 0, 3)), "fire")
    state, _ = loka.apply(state, loka.Draft((0, 1, 1, 1, 4)), "fire")
    assert army(state, "fire").draft == (0, 1, 1, 1, 4)
    state, _ = loka.apply(state, loka.Confirm(), "fire")
    assert army(state, "fire").draft == (0, 1, 1, 1, 4)
    state, events = select(state)  # the others draft king only and confirm
    revealed = {e.data["army"]: e.data["draft"] for e in kinds(events, "army_revealed")}
    assert revealed["fire"] == "R B N 4P"


def test_confirm_without_a_draft_is_refused() -> None:
    state = start()
    assert loka.Confirm() not in loka.legal_actions(state, "air")
    with pytest.raises(IllegalAction, match="choose your army before confirming"):
        loka.apply(state, loka.Confirm(), "air")
    state, _ = loka.apply(state, loka.Draft(KING_ONLY), "air")
    assert loka.Confirm() in loka.legal_actions(state, "air")


def test_a_confirmed_army_is_final() -> None:
    state = start()
    state, _ = loka.apply(state, loka.Draft((0, 0, 0, 1, 0)), "earth")
    state, _ = loka.apply(state, loka.Confirm(), "earth")
    assert loka.to_act(state) == ("fire", "water", "air")
    assert loka.legal_actions(state, "earth") == []
    with pytest.raises(NotYourTurn):
        loka.apply(state, loka.Draft((1, 0, 0, 0, 0)), "earth")
    with pytest.raises(NotYourTurn):
        loka.apply(state, loka.Confirm(), "earth")
    assert army(state, "earth").draft == (0, 0, 0, 1, 0)


def test_to_act_lists_the_unconfirmed_armies_until_all_confirm() -> None:
    state = start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST)
    for seat in SEATS:
        state, _ = loka.apply(state, loka.Draft(KING_ONLY), seat)
    assert loka.to_act(state) == SEATS  # drafting does not finish a seat's selection
    state, _ = loka.apply(state, loka.Confirm(), "water")
    state, _ = loka.apply(state, loka.Confirm(), "fire")
    assert loka.to_act(state) == ("earth", "air")
    state, _ = loka.apply(state, loka.Confirm(), "air")
    assert state.phase == loka.SELECTION
    state, _ = loka.apply(state, loka.Confirm(), "earth")
    assert state.phase == loka.DEPLOYMENT
    assert loka.to_act(state) == ("fire",)


def test_selection_needs_a_seat_and_accepts_only_drafts() -> None:
    state = start()
    with pytest.raises(NotYourTurn, match="several armies decide now"):
        loka.apply(state, loka.Draft(KING_ONLY))
    with pytest.raises(IllegalAction, match="armies are being chosen"):
        loka.apply(state, loka.Deploy(KING, "f1"), "fire")
    with pytest.raises(IllegalAction, match="armies are being chosen"):
        loka.apply(state, loka.Move("f1", "f2"), "fire")


# ------------------------------------------------------------------ secrecy (1.3, 0)


def test_view_during_selection_shows_only_the_own_team_drafts() -> None:
    state = start()
    state, _ = loka.apply(state, loka.Draft((1, 0, 1, 0, 3)), "fire")
    state, _ = loka.apply(state, loka.Draft((0, 1, 1, 1, 4)), "earth")
    state, _ = loka.apply(state, loka.Draft((0, 0, 0, 2, 0)), "water")
    state, _ = loka.apply(state, loka.Confirm(), "earth")

    fire_view = loka.view(state, "fire")
    assert army(fire_view, "fire").draft == (1, 0, 1, 0, 3)
    assert army(fire_view, "water").draft == (0, 0, 0, 2, 0)  # the ally's draft
    for enemy in ("earth", "air"):
        assert army(fire_view, enemy).hidden
        assert army(fire_view, enemy).draft is None
    assert army(fire_view, "earth").confirmed  # that it is confirmed is public

    air_view = loka.view(state, "air")
    assert army(air_view, "earth").draft == (0, 1, 1, 1, 4)  # the ally's draft
    assert not army(air_view, "earth").hidden
    assert army(air_view, "fire").draft is None and army(air_view, "fire").hidden
    assert army(air_view, "water").draft is None

    spectator = loka.view(state, None)
    assert all(a.hidden and a.draft is None for a in spectator.armies)
    # The view is a copy: the real state still knows everything.
    assert army(state, "earth").draft == (0, 1, 1, 1, 4)


def test_draft_events_are_visible_to_the_team_only() -> None:
    state, events = loka.apply(start(), loka.Draft((1, 0, 1, 0, 3)), "water")
    (event,) = kinds(events, "draft")
    assert event.visible_to == frozenset({"fire", "water"})
    assert event.visible("fire") and event.visible("water")
    assert not event.visible("earth") and not event.visible("air") and not event.visible(None)
    _, events = loka.apply(state, loka.Draft(KING_ONLY), "air")
    assert kinds(events, "draft")[0].visible_to == frozenset({"earth", "air"})
    _, events = loka.apply(state, loka.Confirm(), "water")
    (confirmed,) = kinds(events, "army_confirmed")
    assert confirmed.visible_to is None
    assert "draft" not in confirmed.data


def test_armies_are_revealed_to_everyone_when_all_confirm() -> None:
    drafts = {"fire": (1, 0, 1, 0, 3), "earth": (0, 1, 1, 1, 4), "water": (0, 0, 0, 2, 0)}
    state, events = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST), drafts)
    revealed = kinds(events, "army_revealed")
    assert [e.data for e in revealed] == [
        {"army": "fire", "draft": "Q B 3P", "cost": 160},
        {"army": "earth", "draft": "R B N 4P", "cost": 160},
        {"army": "water", "draft": "2N", "cost": 60},
        {"army": "air", "draft": "-", "cost": 0},
    ]
    assert all(e.visible_to is None for e in revealed)
    for seat in (*SEATS, None):
        seen = loka.view(state, seat)
        assert not any(a.hidden for a in seen.armies)
        assert army(seen, "earth").draft == (0, 1, 1, 1, 4)
        assert army(seen, "fire").reserve == (0, 1, 1, 0, 1, 0, 3)  # K Q B 3P by kind
    assert army(state, "air").reserve == (0, 1, 0, 0, 0, 0, 0)


def test_the_seed_is_in_no_view_before_the_game_is_over() -> None:
    state = start(loka.LokaConfig(**NO_TERRAIN), seed=b"secret seed")
    assert state.dice.seed == b"secret seed"
    states = [state]
    state, _ = select(state)
    states.append(state)  # deployment
    state, _ = play(state, *(f"{s} K{sq_}" for s, sq_ in _king_order(state)))
    assert state.phase == loka.BATTLE
    states.append(state)
    for s in states:
        for seat in (*SEATS, None):
            seen = loka.view(s, seat)
            assert seen.dice.seed is None
            assert seen.dice.counter == s.dice.counter
    mover = state.seat_to_move
    assert mover is not None
    enemies = [s for s in SEATS if (SEATS.index(s) - SEATS.index(mover)) % 2 == 1]
    state, _ = play(state, *(f"{s} resign" for s in enemies))
    assert state.phase == loka.OVER
    assert loka.view(state, None).dice.seed == b"secret seed"  # published at the end


def _king_order(state: loka.LokaState) -> list[tuple[str, str]]:
    """Kings on row 1 in the deployment order of ``state`` (turn first, then clockwise)."""
    squares = {"fire": "f1", "earth": "a6", "water": "f12", "air": "l6"}
    first = state.turn
    assert first is not None
    order = [SEATS[(first + k) % 4] for k in range(4)]
    return [(s, squares[s]) for s in order]


# ------------------------------------------------------------------ terrain (1.5)


@pytest.mark.parametrize("seed", [f"terrain-{n}".encode() for n in range(16)])
def test_seeded_terrain_lies_in_the_placers_zones(seed: bytes) -> None:
    state, events = select(start(seed=seed))
    start_event = kinds(events, "terrain_start")[0]
    assert start_event.data["placements"] == 4
    placed = kinds(events, "tile_placed")
    own = [e for e in placed if not e.data.get("pair")]
    pairs = [e for e in placed if e.data.get("pair")]
    assert len(own) == 4
    first = SEATS.index(start_event.data["first"])
    assert [e.data["army"] for e in own] == [SEATS[(first + k) % 4] for k in range(4)]
    portals = [e for e in placed if e.data["tile"] == "portal"]
    assert len(pairs) == (1 if portals else 0)
    assert len(portals) in (0, 2)
    assert len(state.tiles) == 4 + len(pairs)
    for e in placed:
        assert sq(e.data["square"]) in CROSS.zone[SEATS.index(e.data["army"])].values()
    assert len({t.square for t in state.tiles}) == len(state.tiles)
    # Every roll is drawn from the game's own stream, in order.
    draws = [e.data["draw"] for e in kinds(events, "roll")]
    assert draws == sorted(draws) and len(set(draws)) == len(draws)
    assert state.dice.counter > draws[-1]


def test_no_terrain_when_tiles_is_zero() -> None:
    # Only the four deployment D20s are scripted: any terrain roll would run the script out.
    state, events = select(start(loka.LokaConfig(tiles=0), rolls=FIRE_DEPLOYS_FIRST))
    assert state.tiles == ()
    assert not kinds(events, "terrain_start") and not kinds(events, "tile_placed")
    assert {e.data["purpose"] for e in kinds(events, "roll")} == {"deployment_order"}
    assert state.phase == loka.DEPLOYMENT


@pytest.mark.parametrize(
    ("placer_die", "seat", "column", "row", "square"),
    [
        (1, "fire", 3, 4, "f4"),  # the rulebook's example
        (1, "fire", 1, 1, "d1"),
        (1, "fire", 6, 6, "i6"),
        (2, "earth", 1, 1, "a9"),  # zone column 1 is the player's left
        (2, "earth", 6, 6, "f4"),
        (2, "earth", 2, 3, "c8"),
        (3, "water", 1, 1, "i12"),
        (3, "water", 6, 6, "d7"),
        (3, "water", 3, 4, "g9"),
        (4, "air", 1, 1, "l4"),
        (4, "air", 6, 6, "g9"),
        (4, "air", 2, 3, "j5"),
    ],
)
def test_zone_column_and_row_from_the_d6s(
    placer_die: int, seat: str, column: int, row: int, square: str
) -> None:
    rolls = (placer_die, 1, column, row, *FIRE_DEPLOYS_FIRST)  # tile draw 1 of 9: the castle
    state, events = select(start(loka.LokaConfig(tiles=1), rolls=rolls))
    assert tiles_of(state) == {square: ("castle", None)}
    (placed,) = kinds(events, "tile_placed")
    assert placed.data["army"] == seat
    assert rolls_for(events, "tile_column") == [(seat, column)]
    assert rolls_for(events, "tile_row") == [(seat, row)]


def test_a_square_that_holds_a_tile_is_rolled_again() -> None:
    # Fire puts the castle on f4 (col 3, row 4); Earth's col 6 row 6 is f4 too: both D6 again.
    rolls = (1, 1, 3, 4, 1, 6, 6, 1, 1, *FIRE_DEPLOYS_FIRST)
    state, events = select(start(loka.LokaConfig(tiles=2), rolls=rolls))
    assert tiles_of(state) == {"f4": ("castle", None), "a9": ("forest", None)}
    (reroll,) = kinds(events, "tile_reroll")
    assert reroll.data == {"army": "earth", "square": "f4"}
    assert rolls_for(events, "tile_column") == [("fire", 3), ("earth", 6), ("earth", 1)]
    assert rolls_for(events, "tile_row") == [("fire", 4), ("earth", 6), ("earth", 1)]
    # The tile draw die has as many faces as tiles are left.
    assert rolls_for(events, "tile_draw", "die") == [(9,), (8,)]


@pytest.mark.parametrize(
    ("placer_die", "seat", "square", "axis"),
    [
        (1, "fire", "d1", "n"),
        (2, "earth", "a9", "e"),
        (3, "water", "i12", "n"),
        (4, "air", "l4", "e"),
    ],
)
def test_mountain_pass_follows_the_placers_forward_axis(
    placer_die: int, seat: str, square: str, axis: str
) -> None:
    rolls = (placer_die, 7, 1, 1, *FIRE_DEPLOYS_FIRST)  # tile 7 of 9: the mountain pass
    state, events = select(start(loka.LokaConfig(tiles=1), rolls=rolls))
    assert tiles_of(state) == {square: ("pass", axis)}
    assert kinds(events, "tile_placed")[0].data["army"] == seat


def test_portal_pair_is_placed_by_the_farther_enemy_without_using_a_placement() -> None:
    # Fire draws a portal (tile 8 of 9) onto d1: Air's edge is 9 rows away, Earth's 4, so
    # Air places the partner at once in its own zone (col 2 row 3 = j5). Then Earth, Water
    # and Air still make their own placements: five tiles in all.
    rolls = (
        1,  # Fire places first
        8, 1, 1,  # portal on d1
        2, 3,  # the partner, rolled by Air
        1, 1, 1,  # Earth: castle on a9
        1, 1, 1,  # Water: forest on i12
        1, 1, 1,  # Air: lake on l4
        *FIRE_DEPLOYS_FIRST,
    )  # fmt: skip
    state, events = select(start(rolls=rolls))
    assert tiles_of(state) == {
        "d1": ("portal", None),
        "j5": ("portal", None),
        "a9": ("castle", None),
        "i12": ("forest", None),
        "l4": ("lake", None),
    }
    placed = kinds(events, "tile_placed")
    assert [(e.data["army"], e.data["square"], e.data.get("pair", False)) for e in placed] == [
        ("fire", "d1", False),
        ("air", "j5", True),
        ("earth", "a9", False),
        ("water", "i12", False),
        ("air", "l4", False),
    ]
    assert rolls_for(events, "portal_column") == [("air", 2)]
    assert rolls_for(events, "portal_row") == [("air", 3)]
    # The second portal left the pile: Earth draws from 7 tiles, not 8.
    assert rolls_for(events, "tile_draw", "die") == [(9,), (7,), (6,), (5,)]
    assert state.phase == loka.DEPLOYMENT


@pytest.mark.parametrize(
    ("placer_die", "first", "partner", "second"),
    [
        # Fire's portal on i6: Earth's edge (file a) is 9 rows away, Air's (file l) 4.
        (1, "i6", "earth", "b8"),
        # Fire's portal on d1: Air is farther.
        (1, "d1", "air", "k4"),
        # Earth's portal on a9 (col 1 row 1): Fire's edge is 9 rows away, Water's 4.
        (2, "a9", "fire", "d2"),
        # Earth's portal on f4 (col 6 row 6): Water's edge is 9 rows away, Fire's 4.
        (2, "f4", "water", "h12"),
        # Water's portal on i12: Air's edge (file l) is 4 away, Earth's (file a) 9.
        (3, "i12", "earth", "b8"),
        # Air's portal on l4: Water's edge is 9 rows away, Fire's 4.
        (4, "l4", "water", "h12"),
    ],
)
def test_portal_partner_is_the_enemy_whose_edge_is_farther(
    placer_die: int, first: str, partner: str, second: str
) -> None:
    first_rolls = {
        "i6": (6, 6),
        "d1": (1, 1),
        "a9": (1, 1),
        "f4": (6, 6),
        "i12": (1, 1),
        "l4": (1, 1),
    }[first]
    partner_rolls = {"earth": (2, 2), "air": (1, 2), "fire": (1, 2), "water": (2, 1)}[partner]
    rolls = (placer_die, 8, *first_rolls, *partner_rolls, *FIRE_DEPLOYS_FIRST)
    state, events = select(start(loka.LokaConfig(tiles=1), rolls=rolls))
    assert tiles_of(state) == {first: ("portal", None), second: ("portal", None)}
    pair = kinds(events, "tile_placed")[1]
    assert pair.data["army"] == partner and pair.data["pair"] is True
    assert sq(second) in CROSS.zone[SEATS.index(partner)].values()


def test_portal_partner_rerolls_onto_a_free_square() -> None:
    # Air's castle on g4 (col 1 row 6). Fire's portal on f4 (col 3 row 4): Air's edge is 7
    # rows away, Earth's 6, so Air places the partner; its first roll (col 1 row 6) is g4,
    # which holds the castle, so Air rolls both D6 again: col 2 row 2 = k5.
    rolls = (
        4,  # Air places first: castle on g4 (col 1 row 6)
        1, 1, 6,
        8, 3, 4,  # Fire: a portal (tile 8 of 8) on f4
        1, 6,  # Air's partner roll: g4 holds the castle
        2, 2,  # again: k5
        *FIRE_DEPLOYS_FIRST,
    )  # fmt: skip
    state, events = select(start(loka.LokaConfig(tiles=2), rolls=rolls))
    assert tiles_of(state) == {
        "g4": ("castle", None),
        "f4": ("portal", None),
        "k5": ("portal", None),
    }
    assert [e.data for e in kinds(events, "tile_reroll")] == [{"army": "air", "square": "g4"}]
    assert rolls_for(events, "portal_column") == [("air", 1), ("air", 2)]


# ------------------------------------------------------------------ deployment (1.7)


def test_deployment_order_lowest_d20_first_then_clockwise() -> None:
    state, events = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=(12, 7, 15, 9)))
    assert rolls_for(events, "deployment_order") == [
        ("fire", 12),
        ("earth", 7),
        ("water", 15),
        ("air", 9),
    ]
    assert kinds(events, "deployment_start")[0].data == {"first": "earth"}
    state = in_turn(state, "earth Ka6", "water Kf12", "air Kl6")
    assert loka.to_act(state) == ("fire",)


def test_deployment_order_ties_are_rolled_again_among_the_tied() -> None:
    # Earth and Air tie on 3 (lowest); only they roll again; Air's 2 wins.
    state, events = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=(5, 3, 8, 3, 6, 2)))
    assert rolls_for(events, "deployment_order", "seat", "value", "round") == [
        ("fire", 5, 1),
        ("earth", 3, 1),
        ("water", 8, 1),
        ("air", 3, 1),
        ("earth", 6, 2),
        ("air", 2, 2),
    ]
    state = in_turn(state, "air Kl6")
    assert loka.to_act(state) == ("fire",)  # clockwise from Air


def test_seeded_deployment_order_matches_its_rolls() -> None:
    for n in range(8):
        state, events = select(start(loka.LokaConfig(**NO_TERRAIN), seed=f"order-{n}".encode()))
        rolls = [e.data for e in kinds(events, "roll") if e.data["purpose"] == "deployment_order"]
        group = list(SEATS)
        for round_ in range(1, 1 + max(r["round"] for r in rolls)):
            this = {r["seat"]: r["value"] for r in rolls if r["round"] == round_}
            assert sorted(this) == sorted(group)
            low = min(this.values())
            group = [s for s in this if this[s] == low]
        assert len(group) == 1
        assert loka.to_act(state) == (group[0],)


def test_king_first_anywhere_in_row_one() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST), {"fire": (0, 1, 0, 1, 2)}
    )
    assert set(map(str, loka.legal_actions(state, "fire"))) == {
        "Kd1",
        "Ke1",
        "Kf1",
        "Kg1",
        "Kh1",
        "Ki1",
    }
    with pytest.raises(IllegalAction, match="deploy your king first"):
        play(state, "fire Rd1")
    with pytest.raises(IllegalAction, match="deploy your king first"):
        play(state, "fire Pd2")
    with pytest.raises(IllegalAction, match=r"cannot be deployed on d2.*d1 e1 f1 g1 h1 i1"):
        play(state, "fire Kd2")
    state, events = play(state, "fire Ki1")
    assert piece_at(state, "i1") == "fire:K"
    assert kinds(events, "deployed")[0].data == {"army": "fire", "piece": "K", "square": "i1"}
    # Earth's row 1 is file a, Water's rank 12, Air's file l.
    assert deploy_squares_of(state, "earth", KING) == {"a4", "a5", "a6", "a7", "a8", "a9"}
    state, _ = play(state, "earth Ka4")
    assert deploy_squares_of(state, "water", KING) == {f"{f}12" for f in "defghi"}
    state, _ = play(state, "water Kd12")
    assert deploy_squares_of(state, "air", KING) == {f"l{r}" for r in range(4, 10)}


def test_nobles_fill_row_one_then_two_then_three() -> None:
    # Fire: king and seven knights (210 points); the others king only.
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN, points=300), rolls=FIRE_DEPLOYS_FIRST),
        {"fire": (0, 0, 0, 7, 0), "earth": (0, 1, 1, 0, 0)},
    )
    state, _ = play(state, "fire Kf1", "earth Ka6", "water Kf12", "air Kl6")
    assert deploy_squares_of(state, "fire", KNIGHT) == {"d1", "e1", "g1", "h1", "i1"}
    with pytest.raises(IllegalAction, match=r"cannot be deployed on e2.*d1 e1 g1 h1 i1$"):
        play(state, "fire Ne2")
    state, _ = play(state, "fire Nd1")
    # Earth's row 1 is file a (its king is on a6).
    assert deploy_squares_of(state, "earth", ROOK) == {"a4", "a5", "a7", "a8", "a9"}
    state, _ = play(state, "earth Ra9", "fire Ne1", "earth Ba4")
    state, _ = play(state, "fire Ng1", "fire Nh1")
    assert deploy_squares_of(state, "fire", KNIGHT) == {"i1"}
    state, _ = play(state, "fire Ni1")
    assert deploy_squares_of(state, "fire", KNIGHT) == {f"{f}2" for f in "defghi"}
    state, _ = play(state, "fire Ng2")
    assert deploy_squares_of(state, "fire", KNIGHT) == {f"{f}2" for f in "defhi"}
    with pytest.raises(IllegalAction, match="free squares now: d2 e2 f2 h2 i2"):
        play(state, "fire Ng3")
    assert army(state, "earth").reserve == (0,) * 7


def test_earth_nobles_go_to_file_b_once_file_a_is_full() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN, points=300), rolls=(20, 1, 20, 20)),
        {"earth": (0, 0, 0, 6, 0)},
    )
    assert loka.to_act(state) == ("earth",)
    state, _ = play(state, "earth Ka4", "water Kd12", "air Kl9", "fire Ki1")
    state, _ = play(state, "earth Na5", "earth Na6", "earth Na7", "earth Na8", "earth Na9")
    assert deploy_squares_of(state, "earth", KNIGHT) == {f"b{r}" for r in range(4, 10)}


def test_pawns_come_last_and_never_in_row_one() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=(*FIRE_DEPLOYS_FIRST, 5, 4, 3, 2)),
        {"fire": (0, 0, 0, 1, 7)},
    )
    state, _ = play(state, "fire Kd1", "earth Ka6", "water Kf12", "air Kl6")
    assert deploy_squares_of(state, "fire", PAWN) == set()
    with pytest.raises(IllegalAction, match="pawns come last"):
        play(state, "fire Pe2")
    state, _ = play(state, "fire Nf1")
    # Row 1 still has e1, g1, h1, i1 free, but pawns start in row 2.
    assert deploy_squares_of(state, "fire", PAWN) == {f"{f}2" for f in "defghi"}
    with pytest.raises(IllegalAction, match=r"pawns never in row 1.*free squares now: d2 e2"):
        play(state, "fire Pe1")
    with pytest.raises(IllegalAction, match="cannot be deployed on e3"):
        play(state, "fire Pe3")
    state, _ = play(state, *(f"fire P{f}2" for f in "defghi"))
    assert deploy_squares_of(state, "fire", PAWN) == {f"{f}3" for f in "defghi"}
    state, events = play(state, "fire Pe3")
    assert state.phase == loka.BATTLE  # the last piece deployed: the battle order is rolled
    assert rolls_for(events, "battle_order") == [
        ("fire", 5),
        ("earth", 4),
        ("water", 3),
        ("air", 2),
    ]
    assert [piece_at(state, f"{f}2") for f in "defghi"] == ["fire:P"] * 6
    assert piece_at(state, "e3") == "fire:P"
    assert piece_at(state, "e1") is None


def test_water_pawns_start_in_rank_eleven() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=(9, 9, 1, 9)),
        {"water": (0, 0, 0, 0, 2)},
    )
    state, _ = play(state, "water Kf12", "air Kl6", "fire Kf1", "earth Ka6")
    assert deploy_squares_of(state, "water", PAWN) == {f"{f}11" for f in "defghi"}


def test_tiles_cannot_be_deployed_on_and_rows_are_full_without_them() -> None:
    # Five placements, so Fire places twice: a castle on e1 (col 2 row 1) and a marsh on h2
    # (col 5 row 2).
    rolls = (
        1,  # Fire places first
        1, 2, 1,  # castle on e1
        1, 1, 1,  # Earth: forest on a9
        1, 1, 1,  # Water: lake on i12
        1, 1, 1,  # Air: eyrie on l4
        1, 5, 2,  # Fire: marsh on h2
        *FIRE_DEPLOYS_FIRST,
    )  # fmt: skip
    state, _ = select(
        start(loka.LokaConfig(tiles=5, points=300), rolls=rolls),
        {"fire": (0, 0, 0, 6, 5)},  # 230 points: king, 6 knights, 5 pawns
    )
    assert tiles_of(state) == {
        "e1": ("castle", None),
        "a9": ("forest", None),
        "i12": ("lake", None),
        "l4": ("eyrie", None),
        "h2": ("marsh", None),
    }
    assert deploy_squares_of(state, "fire", KING) == {"d1", "f1", "g1", "h1", "i1"}
    with pytest.raises(IllegalAction, match=r"tiles cannot be deployed on.*d1 f1 g1 h1 i1"):
        play(state, "fire Ke1")
    state, _ = play(state, "fire Kd1")
    assert deploy_squares_of(state, "earth", KING) == {"a4", "a5", "a6", "a7", "a8"}
    state, _ = play(state, "earth Ka6", "water Kf12", "air Kl6")
    state, _ = play(state, "fire Nf1", "fire Ng1", "fire Nh1")
    assert deploy_squares_of(state, "fire", KNIGHT) == {"i1"}
    state, _ = play(state, "fire Ni1")
    # Row 1 counts as full: the castle's square is not free. Row 2 minus the marsh.
    assert deploy_squares_of(state, "fire", KNIGHT) == {"d2", "e2", "f2", "g2", "i2"}
    state, _ = play(state, "fire Nd2", "fire Ne2")
    assert deploy_squares_of(state, "fire", PAWN) == {"f2", "g2", "i2"}
    state, _ = play(state, "fire Pf2", "fire Pg2", "fire Pi2")
    assert deploy_squares_of(state, "fire", PAWN) == {f"{f}3" for f in "defghi"}


def test_the_next_row_opens_when_rows_one_to_three_are_full() -> None:
    # King and 19 knights: 18 squares in rows 1-3, so the 19th knight goes to row 4.
    config = loka.LokaConfig(**NO_TERRAIN, points=1000, max_pieces=20)
    state, _ = select(start(config, rolls=FIRE_DEPLOYS_FIRST), {"fire": (0, 0, 0, 19, 0)})
    state, _ = play(state, "fire Kd1", "earth Ka6", "water Kf12", "air Kl6")
    squares = [f"{f}{r}" for r in (1, 2, 3) for f in "defghi" if f"{f}{r}" != "d1"]
    state, _ = play(state, *(f"fire N{s}" for s in squares))
    assert army(state, "fire").reserve[KNIGHT] == 2
    assert deploy_squares_of(state, "fire", KNIGHT) == {f"{f}4" for f in "defghi"}
    state, _ = play(state, "fire Ne4")
    assert piece_at(state, "e4") == "fire:N"


def test_pawns_open_row_four_rather_than_row_one() -> None:
    config = loka.LokaConfig(**NO_TERRAIN, points=1000, max_pawns=13, max_pieces=20)
    state, _ = select(start(config, rolls=FIRE_DEPLOYS_FIRST), {"fire": (0, 0, 0, 0, 13)})
    state, _ = play(state, "fire Kd1", "earth Ka6", "water Kf12", "air Kl6")
    squares = [f"{f}{r}" for r in (2, 3) for f in "defghi"]
    state, _ = play(state, *(f"fire P{s}" for s in squares))
    assert deploy_squares_of(state, "fire", PAWN) == {f"{f}4" for f in "defghi"}


def test_a_player_who_is_done_is_skipped() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=(2, 1, 3, 4)),
        {"fire": (0, 0, 1, 1, 0), "water": (0, 0, 0, 1, 0)},
    )
    state, _ = play(state, "earth Ka6", "water Kf12", "air Kl6", "fire Kf1")
    # Earth and Air have nothing left: after Water comes Fire, then Fire again.
    assert loka.to_act(state) == ("water",)
    state, _ = play(state, "water Nd12")
    assert loka.to_act(state) == ("fire",)
    state, _ = play(state, "fire Bd1")
    assert loka.to_act(state) == ("fire",)
    with pytest.raises(NotYourTurn):
        play(state, "earth Nb6")


def test_deployment_errors_name_the_turn_the_piece_and_the_squares() -> None:
    rolls = (*FIRE_DEPLOYS_FIRST, 1, 2, 3, 4)
    state, _ = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=rolls), {"fire": (0, 0, 0, 1, 0)})
    with pytest.raises(NotYourTurn, match="not earth's turn: waiting for fire"):
        play(state, "earth Ka6")
    assert loka.legal_actions(state, "earth") == []
    state, _ = play(state, "fire Kf1")
    with pytest.raises(IllegalAction, match=r"no queen left to deploy \(you still have 1 knight"):
        play(state, "earth Ka6", "water Kf12", "air Kl6", "fire Qd1")
    state, _ = play(state, "earth Ka6", "water Kf12", "air Kl6")
    with pytest.raises(IllegalAction, match="no king left"):
        play(state, "fire Kd1")
    with pytest.raises(IllegalAction, match="armies are deploying"):
        loka.apply(state, loka.Move("f1", "f2"), "fire")
    with pytest.raises(IllegalAction, match="armies are deploying"):
        loka.apply(state, loka.Draft(KING_ONLY), "fire")
    # Without a seat the engine acts for the one army to move.
    state, _ = loka.apply(state, loka.Deploy(KNIGHT, "d1"))
    assert piece_at(state, "d1") == "fire:N"


# ------------------------------------------------------------------ battle start (1.8)


def test_battle_order_highest_d20_first_ties_rolled_again() -> None:
    # Earth and Water tie on 15 (highest); only they roll again; Water's 9 wins.
    state, events = kings_on_board((10, 15, 15, 3, 4, 9))
    assert state.phase == loka.BATTLE
    assert rolls_for(events, "battle_order", "seat", "value", "round") == [
        ("fire", 10, 1),
        ("earth", 15, 1),
        ("water", 15, 1),
        ("air", 3, 1),
        ("earth", 4, 2),
        ("water", 9, 2),
    ]
    assert kinds(events, "battle_start")[0].data == {"first": "water"}
    state = in_turn(state, "water f12f11", "air l6k6", "fire f1f2")
    assert loka.to_act(state) == ("earth",)


def test_battle_order_leaves_out_and_skips_dead_armies() -> None:
    state, _ = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=(*FIRE_DEPLOYS_FIRST, 20, 7, 1)))
    state, _ = play(state, "fire Kf1", "earth Ka6")
    state, _ = play(state, "earth resign", "water Kf12")
    assert loka.to_act(state) == ("air",)
    state, events = play(state, "air Kl6")
    assert rolls_for(events, "battle_order") == [("fire", 20), ("water", 7), ("air", 1)]
    assert loka.to_act(state) == ("fire",)
    state, _ = play(state, "fire f1f2")
    assert loka.to_act(state) == ("water",)  # Earth is gone


# ------------------------------------------------------------------ resignation (1.8)


def test_resignation_is_refused_during_selection() -> None:
    state = start()
    with pytest.raises(IllegalAction, match="can resign once deployment begins"):
        loka.apply(state, loka.Resign(), "fire")
    state, _ = loka.apply(state, loka.Draft(KING_ONLY), "fire")
    state, _ = loka.apply(state, loka.Confirm(), "fire")
    with pytest.raises(IllegalAction, match="can resign once deployment begins"):
        loka.apply(state, loka.Resign(), "fire")


def test_resignation_during_deployment_removes_the_army() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST),
        {"earth": (0, 0, 0, 1, 2), "water": (0, 0, 0, 1, 0), "air": (0, 0, 0, 1, 0)},
    )
    state, _ = play(state, "fire Kf1", "earth Ka6", "water Kf12", "air Kl6")
    assert loka.to_act(state) == ("earth",)  # Fire has nothing left
    state, _ = play(state, "earth Na5")
    assert loka.to_act(state) == ("water",)
    # Earth resigns while Water is to deploy: its king and knight leave, its reserve too.
    state, events = play(state, "earth resign")
    (gone,) = kinds(events, "army_eliminated")
    assert gone.data == {"army": "earth", "reason": "resigned", "squares": ["a5", "a6"]}
    assert piece_at(state, "a6") is None and piece_at(state, "a5") is None
    assert not army(state, "earth").alive and army(state, "earth").resigned
    assert army(state, "earth").reserve == (0,) * 7
    assert loka.to_act(state) == ("water",)
    assert state.phase == loka.DEPLOYMENT
    with pytest.raises(IllegalAction, match="earth is already out of the game"):
        play(state, "earth resign")
    state, _ = play(state, "water Nd12")
    assert loka.to_act(state) == ("air",)
    # Air, to deploy next, resigns on its turn: the turn passes on and the Good team is out.
    state, events = play(state, "air resign")
    assert state.phase == loka.OVER
    result = loka.outcome(state)
    assert result is not None
    assert result.winners == frozenset({"fire", "water"})
    assert result.termination == "resignation"
    assert kinds(events, "game_over")[0].data == {
        "winners": ["fire", "water"],
        "termination": "resignation",
    }


def test_resignation_of_the_army_to_deploy_passes_the_turn_clockwise() -> None:
    state, _ = select(
        start(loka.LokaConfig(**NO_TERRAIN), rolls=FIRE_DEPLOYS_FIRST), {"water": (0, 0, 0, 1, 0)}
    )
    state, _ = play(state, "fire Kf1")
    assert loka.to_act(state) == ("earth",)
    state, _ = play(state, "earth resign")
    assert loka.to_act(state) == ("water",)
    state, _ = play(state, "water Kf12", "air Kl6")
    assert loka.to_act(state) == ("water",)  # Fire is done, Earth is gone, Air is done


def test_resignation_of_the_last_army_deploying_starts_the_battle() -> None:
    rolls = (*FIRE_DEPLOYS_FIRST, 3, 20, 1)
    state, _ = select(start(loka.LokaConfig(**NO_TERRAIN), rolls=rolls), {"fire": (0, 0, 0, 2, 0)})
    state, _ = play(state, "fire Kf1", "earth Ka6", "water Kf12", "air Kl6", "fire Nd1")
    assert loka.to_act(state) == ("fire",)  # only Fire has pieces left
    state, events = play(state, "fire resign")
    assert kinds(events, "army_eliminated")[0].data["squares"] == ["d1", "f1"]
    assert state.phase == loka.BATTLE
    assert rolls_for(events, "battle_order") == [("earth", 3), ("water", 20), ("air", 1)]
    assert loka.to_act(state) == ("water",)


def test_resignation_in_battle_by_an_army_not_to_move_and_the_end_of_the_game() -> None:
    state, _ = kings_on_board((20, 1, 2, 3))
    assert loka.to_act(state) == ("fire",)
    state, events = play(state, "air resign")
    assert piece_at(state, "l6") is None
    assert not army(state, "air").alive
    assert kinds(events, "army_eliminated")[0].data["squares"] == ["l6"]
    assert loka.to_act(state) == ("fire",)  # Fire still to move
    assert loka.outcome(state) is None
    state = in_turn(state, "fire f1f2", "earth a6b6", "water f12f11")
    assert loka.to_act(state) == ("fire",)  # Air is skipped
    state, events = play(state, "earth resign")
    assert state.phase == loka.OVER
    assert loka.to_act(state) == ()
    result = loka.outcome(state)
    assert result is not None
    assert result.winners == frozenset({"fire", "water"})
    assert result.termination == "resignation"
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, "fire f2f3")
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, "water resign")


def test_resignation_by_the_army_to_move_in_battle() -> None:
    state, _ = kings_on_board((1, 20, 2, 3))
    assert loka.to_act(state) == ("earth",)
    state, _ = play(state, "earth resign")
    assert loka.to_act(state) == ("water",)
    assert piece_at(state, "a6") is None
    state, _ = play(state, "water resign")
    assert loka.to_act(state) == ("air",)
    state, _ = play(state, "fire resign")
    result = loka.outcome(state)
    assert result is not None
    assert result.winners == frozenset({"earth", "air"})
    assert result.termination == "resignation"


# ------------------------------------------------------------------ player counts (1.10)


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_player_games_keep_four_armies_clockwise(players: int) -> None:
    state = start(loka.LokaConfig(players=players, **NO_TERRAIN), rolls=(20, 20, 1, 20))
    assert len(state.armies) == 4
    assert loka.to_act(state) == SEATS
    state, _ = select(state)
    state = in_turn(state, "water Kf12", "air Kl6", "fire Kf1")
    assert loka.to_act(state) == ("earth",)


# ------------------------------------------------------------------ saved states


def _round_trip(state: loka.LokaState) -> loka.LokaState:
    return loka.from_dict(json.loads(json.dumps(loka.to_dict(state))))


def test_to_dict_round_trips_through_a_game() -> None:
    config = loka.LokaConfig(budgets={"air": 200}, box="double")
    state = loka.new_game(config, seed=b"round trip", game_id="rt-1")
    assert isinstance(state.dice, Dice)
    assert _round_trip(state) == state
    state, _ = loka.apply(state, loka.Draft((1, 0, 1, 0, 3)), "fire")
    state, _ = loka.apply(state, loka.Draft((0, 1, 1, 1, 4)), "earth")
    state, _ = loka.apply(state, loka.Confirm(), "earth")
    assert _round_trip(state) == state  # selection, with drafts and a confirmation
    state, _ = loka.apply(state, loka.Draft((0, 0, 2, 0, 0)), "water")
    state, _ = loka.apply(state, loka.Draft((1, 1, 0, 1, 3)), "air")
    for seat in ("fire", "water", "air"):
        state, _ = loka.apply(state, loka.Confirm(), seat)
    assert state.phase == loka.DEPLOYMENT
    assert state.tiles
    assert _round_trip(state) == state  # deployment, with terrain
    for _ in range(6):
        state, _ = loka.apply(state, loka.legal_actions(state)[0])
    assert _round_trip(state) == state  # deployment, part-way
    while state.phase == loka.DEPLOYMENT:
        state, _ = loka.apply(state, loka.legal_actions(state)[0])
    assert state.phase == loka.BATTLE
    assert _round_trip(state) == state
    moves = loka.legal_actions(state)
    assert moves and all(isinstance(a, loka.Move) for a in moves)
    state, _ = loka.apply(state, moves[0])
    assert _round_trip(state) == state  # battle, after a move
    restored = _round_trip(state)
    assert loka.legal_actions(restored) == loka.legal_actions(state)
    assert restored.dice.roll(20) == state.dice.roll(20)  # the same stream goes on
    state, _ = play(state, "earth resign", "air resign")
    assert state.phase == loka.OVER
    assert _round_trip(state) == state  # the end, with winners
    assert loka.outcome(_round_trip(state)) == loka.outcome(state)


def test_from_dict_rejects_a_wrong_game_or_schema() -> None:
    data = loka.to_dict(start())
    with pytest.raises(InvalidRecord, match="not a Loka state"):
        loka.from_dict({**data, "game": "inka"})
    with pytest.raises(InvalidRecord, match="schema"):
        loka.from_dict({**data, "schema": 99})
    broken = dict(data)
    del broken["armies"]
    with pytest.raises(InvalidRecord):
        loka.from_dict(broken)


def test_the_terrain_rituals_name_what_each_face_stands_for() -> None:
    """RULINGS 0 (issue 30): the first placer's roll lists the armies in face order and each
    tile draw the tiles left, so a post can show the roll and what it picked."""
    rolls = (2, 5, 1, 1, 2, 1, 1, *FIRE_DEPLOYS_FIRST)  # Earth first: marsh, then forest
    _, events = select(start(loka.LokaConfig(tiles=2), rolls=rolls))
    (placer,) = [e.data for e in kinds(events, "roll") if e.data["purpose"] == "first_tile_placer"]
    assert placer["order"] == ["fire", "earth", "water", "air"]
    assert placer["order"][placer["value"] - 1] == kinds(events, "terrain_start")[0].data["first"]
    draws = [e.data for e in kinds(events, "roll") if e.data["purpose"] == "tile_draw"]
    placed = [e.data["tile"] for e in kinds(events, "tile_placed")]
    assert [d["tiles"][d["value"] - 1] for d in draws] == placed == ["marsh", "forest"]
    assert len(draws[0]["tiles"]) == 9 and "marsh" not in draws[1]["tiles"]
