"""Échec au Roi's AI knowledge: determinizations agree with the view they came from and vary
only in what it hides (the other army's secret placement), the engine plays them to the end,
and the evaluation and the rollout policy prefer figures and good facing.

``PLATEAU_AI_GAMES=20`` plays more seeded games for reachable states."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.games.echec import KNOWLEDGE, determinize, evaluate, policy
from engine import echec
from engine.echec.board import OTHER, SEATS
from tests.ai.test_loka_knowledge import (
    check_determinizations,
    check_only_the_view_counts,
    check_playouts,
    games,
    sample_by_phase,
)

CONFIGS = [
    echec.EchecConfig(),
    echec.EchecConfig(level=2),
    echec.EchecConfig(level=2, placement="secret", units="P3 P2 M2 H1"),
    echec.EchecConfig(level=2, placement="secret", massive=True, armies={"north": "M1 H2"}),
]
PHASES = ("placement", "secret placement", "opening", "battle")


def phase_of(state: echec.EchecState) -> str:
    if state.phase == echec.PLACEMENT and state.config.placement == echec.SECRET:
        return "secret placement"
    return state.phase


def one_side_ready(config: echec.EchecConfig, seed: int) -> echec.EchecState:
    """A secret placement where North has placed every base and confirmed, South not yet
    (random games seldom stop there)."""
    rng = random.Random(seed)
    state = echec.RULES.new(config, seed=b"ready", game_id="r")
    while "north" in echec.to_act(state):
        action = policy(state, "north", echec.legal_actions(state, "north"), rng)
        state, _ = echec.RULES.apply(state, action, "north")
    for _ in range(3):
        action = policy(state, "south", echec.legal_actions(state, "south"), rng)
        state, _ = echec.RULES.apply(state, action, "south")
    assert state.side("north").confirmed and not state.side("south").confirmed
    return state


@pytest.fixture(scope="module")
def reachable() -> dict[str, list[echec.EchecState]]:
    found = sample_by_phase(KNOWLEDGE, CONFIGS, phase_of, games(8))
    found.setdefault("secret placement", []).extend(
        one_side_ready(config, k) for k, config in enumerate(CONFIGS[2:])
    )
    assert set(found) == set(PHASES), f"phases reached: {sorted(found)}"
    return found


def bases_of(state: echec.EchecState, seat: str) -> dict[int, echec.Base]:
    return {sq: b for sq, b in enumerate(state.board) if b is not None and b.seat == seat}


@pytest.mark.parametrize("phase", PHASES)
def test_determinizations_agree_with_the_view(
    reachable: dict[str, list[echec.EchecState]], phase: str
) -> None:
    for state in reachable[phase]:
        for seat in SEATS:
            dets = check_determinizations(KNOWLEDGE, state, seat)
            for det in dets:
                assert bases_of(det, seat) == bases_of(state, seat)
                other = OTHER[seat]
                side = det.side(other)
                assert not side.hidden and side.confirmed == state.side(other).confirmed
                # Every base of the other army is either on its home ranks or in reserve.
                placed = [(b.kind, b.figures) for b in bases_of(det, other).values()]
                army = state.config.army(other)
                if det.phase == echec.PLACEMENT:
                    assert Counter(placed) + Counter(side.reserve) == Counter(army)
                    if side.confirmed:
                        assert not side.reserve
                        assert any(b.kind == "K" for b in bases_of(det, other).values())
            if phase != "secret placement":
                assert all(d.board == state.board and d.sides == state.sides for d in dets)


def test_a_secret_placement_varies_with_the_rng(
    reachable: dict[str, list[echec.EchecState]],
) -> None:
    for state in reachable["secret placement"]:
        for seat in SEATS:
            seen = echec.view(state, seat)
            other = OTHER[seat]
            boards = {
                tuple(sorted(bases_of(determinize(seen, seat, random.Random(k)), other).items()))
                for k in range(8)
            }
            assert len(boards) > 1


def test_playouts_from_determinizations_reach_the_end(
    reachable: dict[str, list[echec.EchecState]],
) -> None:
    check_playouts(KNOWLEDGE, reachable, lambda _state: SEATS)


def test_the_determinization_reads_only_the_view(
    reachable: dict[str, list[echec.EchecState]],
) -> None:
    # Another real state that South sees alike: North placed otherwise, other dice.
    state = reachable["secret placement"][0]
    other = determinize(echec.view(state, "south"), "south", random.Random(99))
    check_only_the_view_counts(KNOWLEDGE, state, other, "south")


def _position(text: str) -> echec.EchecState:
    return echec.state_from_position(text, seed=b"pos", game_id="p")


def test_evaluation_prefers_the_side_with_more_figures() -> None:
    even = _position("south: K1e1n I4c2n; north: K1e9s I4c8s; turn: south")
    ahead = _position("south: K1e1n C2d1n A4c1n I4c2n; north: K1e9s I4c8s; turn: south")
    assert evaluate(even, "south") == pytest.approx(0.5)
    assert evaluate(ahead, "south") > 0.75 and evaluate(ahead, "north") < 0.25
    assert evaluate(ahead, "south") + evaluate(ahead, "north") == pytest.approx(1.0)
    weakened = _position("south: K1e1n C2d1n A4c1n I1c2n; north: K1e9s I4c8s; turn: south")
    assert 0.5 < evaluate(weakened, "south") < evaluate(ahead, "south")


def test_evaluation_weighs_the_facing() -> None:
    # Infantry face to face: South, to act, strikes first (North's threat may be turned
    # away from first, issue 30). South's faces North's flank: South may attack, not North.
    face_to_face = _position("south: K1e1n I4e5n; north: K1e9s I4e6s; turn: south")
    flank = _position("south: K1e1n I4e5n; north: K1e9s I4e6e; turn: south")
    assert 0.5 < evaluate(face_to_face, "south") < evaluate(flank, "south")
    assert evaluate(flank, "south") > 0.5 > evaluate(flank, "north")
    # North's infantry facing South's king is worse for South than one looking away.
    threat = _position("south: K1e1n I4a2n; north: K1e9s I4e2s; turn: south")
    away = _position("south: K1e1n I4a2n; north: K1e9s I4e2e; turn: south")
    assert evaluate(threat, "south") < evaluate(away, "south")


def test_evaluation_of_a_finished_game() -> None:
    state = _position("south: K1e1n I4c2n; north: K1e9s I4c8s; turn: south")
    state, _ = echec.RULES.apply(state, echec.parse_action("resign"), "north")
    assert evaluate(state, "south") == 1.0 and evaluate(state, "north") == 0.0


def test_policy_prefers_attacks() -> None:
    state = _position("south: K1e1n I4e5n C2a1n; north: K1e9s I4e6e; turn: south")
    actions = echec.legal_actions(state, "south")
    picks = [policy(state, "south", actions, random.Random(k)) for k in range(40)]
    assert all(p in actions for p in picks)
    assert picks.count(echec.parse_action("attack e5 e6")) >= 30


def test_policy_places_facing_the_enemy_and_confirms() -> None:
    state = echec.RULES.new(CONFIGS[1], seed=b"s", game_id="g")
    rng = random.Random(0)
    for _ in range(40):
        if "south" not in echec.to_act(state):
            break
        actions = echec.legal_actions(state, "south")
        action = policy(state, "south", actions, rng)
        assert action in actions
        if isinstance(action, echec.Place):
            assert action.facing == "n"
        state, _ = echec.RULES.apply(state, action, "south")
    assert state.side("south").confirmed
    assert len(bases_of(state, "south")) == len(CONFIGS[1].army("south"))
    # Free placement of the standard army: the standard set-up, as the table's autoplace.
    placed = {(echec.board.NAMES[sq], b.kind) for sq, b in bases_of(state, "south").items()}
    assert placed == {(sq, kind) for kind, sq in echec.config.STANDARD_SETUP}
