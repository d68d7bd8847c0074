"""A move makes its state field by field, in order, rather than by ``dataclasses.replace``
(``engine.loa.game._after``, for speed: issue 36): these tests say so when a field of
``LoaState`` is added, removed or moved, so that ``_after`` follows."""

from __future__ import annotations

from dataclasses import fields

from engine import loa
from engine.loa.config import LoaConfig
from engine.loa.state import LoaState


def test_a_move_copies_every_field_it_does_not_change() -> None:
    assert [f.name for f in fields(LoaState)] == [
        "config",
        "dice",
        "pieces",
        "turn",
        "step",
        "held",
        "parts",
        "offer",
        "offered",
        "moves",
        "last_move",
        "last_place",
        "ply",
        "winners",
        "termination",
        "lots",
    ]


def test_a_move_keeps_the_drawn_colours_and_the_offers() -> None:
    state = loa.new_game(LoaConfig(lots=True), seed=b"fields", game_id="f")
    state, _ = loa.apply(state, loa.DrawLots())
    seat = loa.to_act(state)[0]
    state, _ = loa.apply(state, loa.OfferDraw(), seat)
    state, _ = loa.apply(state, loa.DeclineDraw())
    after, _ = loa.apply(state, loa.legal_actions(state, seat)[0], seat)
    assert (after.lots, after.offered, after.config, after.dice) == (
        state.lots,
        state.offered,
        state.config,
        state.dice,
    )
    assert (after.moves, after.ply) == (state.moves + 1, state.ply + 1)
