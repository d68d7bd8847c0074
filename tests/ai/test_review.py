"""Reviewing a finished game: lichess's measures for chess (through Stockfish), the search's
chances for the other games, turning points where a side's chance fell most."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.player import knowledge_of
from ai.review import (
    HINTS,
    REVIEW_LEVEL,
    Review,
    Step,
    assemble,
    final_chances,
    hint,
    judgement,
    move_accuracy,
    position,
    review,
    win_chance,
)
from ai.search import analyse
from ai.stockfish import find_stockfish
from bot.learning.course import course, start
from engine.loa.config import LoaConfig
from engine.standard_chess.config import ChessConfig

QUICK = replace(REVIEW_LEVEL, iterations=12)


def test_lichess_winning_chance_and_move_accuracy() -> None:
    assert win_chance(0) == 0.5
    assert win_chance(300) == pytest.approx(1 - win_chance(-300))
    assert 0.74 < win_chance(300) < 0.76  # lichess: +3 pawns is about 75 %
    assert move_accuracy(0.6, 0.6) == pytest.approx(100, abs=0.01)
    assert move_accuracy(0.6, 0.7) == pytest.approx(100, abs=0.01)  # no drop, no penalty
    assert move_accuracy(0.6, 0.5) < move_accuracy(0.6, 0.55) < 100
    assert move_accuracy(1.0, 0.0) == 0.0


def test_judgements_follow_lichess_thresholds() -> None:
    # lichess: 0.1 / 0.2 / 0.3 of a winning chance in [-1, 1], half of that in [0, 1].
    assert judgement(0.04) is None
    assert judgement(0.05) == "inaccuracy"
    assert judgement(0.12) == "mistake"
    assert judgement(0.15) == judgement(0.9) == "blunder"


def _step(n: int, seat: str, before: float, after: float, best: str = "x") -> Step:
    other = {"white": "black", "black": "white"}[seat]
    return Step(
        n, seat, f"m{n}", {seat: before, other: 1 - before}, {seat: after, other: 1 - after}, best
    )


def test_turning_points_are_the_worst_falls_and_best_moves_are_never_judged() -> None:
    steps = (
        _step(1, "white", 0.5, 0.48),
        _step(2, "black", 0.52, 0.3),  # a blunder of 0.22
        _step(3, "white", 0.72, 0.6),  # a mistake of 0.12
        _step(4, "black", 0.4, 0.33, best="m4"),  # the search's own choice: not judged
        _step(5, "white", 0.67, 0.6),  # an inaccuracy
    )
    found = Review(("white", "black"), steps)
    assert [s.n for s in found.turning_points()] == [2, 3, 5]
    assert [s.n for s in found.turning_points(most=1)] == [2]
    assert found.counts("black") == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert found.counts("white") == {"inaccuracy": 1, "mistake": 1, "blunder": 0}
    assert found.curve("white") == pytest.approx([0.5, 0.48, 0.7, 0.6, 0.67, 0.6])
    white, black = found.accuracy("white"), found.accuracy("black")
    assert white is not None and black is not None and 0 < black < white < 100
    assert Review(("white", "black"), ()).accuracy("white") is None


def test_assemble_takes_the_next_positions_chances_and_the_end() -> None:
    searched = [({"a": 0.5, "b": 0.5}, "x"), ({"a": 0.2, "b": 0.8}, "y")]
    found = assemble(("a", "b"), [("a", "x"), ("b", "z")], searched, {"a": 0.0, "b": 1.0})
    assert [(s.before["a"], s.after["a"]) for s in found.steps] == [(0.5, 0.2), (0.2, 0.0)]
    assert found.steps[0].judgement is None  # "x" was the search's choice
    assert found.steps[1].judgement is None  # b's chance rose
    with pytest.raises(ValueError):
        assemble(("a", "b"), [("a", "x")], searched, {"a": 0.0, "b": 1.0})


def _played(kind: str, config: object, moves: list[str] | None, seed: int) -> tuple[list, list]:
    """Every state of a game of ``kind`` and its (seat, action) moves: ``moves`` as given,
    else random legal actions to its end."""
    rules = knowledge_of(kind).rules
    state = rules.new(config, seed=f"review-{seed}".encode(), game_id=f"r{seed}")
    rng = random.Random(seed)
    states, played = [state], []
    for step in range(2000):
        if rules.outcome(state) is not None or (moves is not None and step == len(moves)):
            break
        seat = rules.to_act(state)[0]
        if moves is not None:
            action = rules.parse_action(moves[step])
        else:
            action = rng.choice(rules.legal_actions(state, seat))
        state, _ = rules.apply(state, action, seat)
        states.append(state)
        played.append((seat, str(action)))
    assert moves is not None or rules.outcome(state) is not None
    return states, played


def test_a_lines_of_action_review_ends_at_the_result_and_its_chances_are_chances() -> None:
    states, moves = _played("loa", LoaConfig(), None, seed=3)
    seats = ("black", "white")
    searched = [
        position("loa", state, seat, seats, n, level=QUICK)
        for n, (state, (seat, _)) in enumerate(zip(states, moves, strict=False))
    ]
    rules = knowledge_of("loa").rules
    outcome = rules.outcome(states[-1])
    final = {s: 0.5 if outcome.is_draw else float(s in outcome.winners) for s in seats}
    found = assemble(seats, moves, searched, final)
    assert len(found.steps) == len(moves)
    for seat in seats:
        curve = found.curve(seat)
        assert all(0.0 <= c <= 1.0 for c in curve)
        assert curve[-1] == final[seat]
    # Every "better choice" is a legal action of the position it was searched in.
    for state, step in zip(states, found.steps, strict=False):
        legal = {str(a) for a in rules.legal_actions(state, step.seat)}
        assert step.best in legal
    # A random game has its falls: the loser's side made at least one judged action.
    if not outcome.is_draw:
        (loser,) = set(seats) - outcome.winners
        assert any(s.seat == loser for s in found.turning_points(most=len(moves)))


def test_a_review_is_the_same_every_time() -> None:
    states, moves = _played("loa", LoaConfig(), None, seed=5)
    cut = 6

    def searched() -> list[tuple[dict[str, float], str]]:
        return [
            position("loa", s, m[0], ("black", "white"), n, QUICK)
            for n, (s, m) in enumerate(zip(states[:cut], moves[:cut], strict=True))
        ]

    first, again = searched(), searched()
    assert first == again


def test_the_search_watches_every_seats_chance() -> None:
    states, _ = _played("loa", LoaConfig(), None, seed=4)
    knowledge = knowledge_of("loa")
    state = states[len(states) // 2]
    seat = knowledge.rules.to_act(state)[0]
    found = analyse(
        knowledge, state, seat, QUICK, random.Random(1), timed=False, watch=("black", "white")
    )
    assert set(found.chances) == {"black", "white"}
    assert found.chances["black"] + found.chances["white"] == pytest.approx(1.0, abs=0.05)
    visits = [c.visits for c in found.choices]
    assert visits == sorted(visits, reverse=True) and sum(visits) > 0


@pytest.mark.skipif(find_stockfish() is None, reason="Stockfish is not installed")
def test_a_chess_review_finds_the_blunder_of_fools_mate_by_stockfish() -> None:
    moves = ["f2f3", "e7e5", "g2g4", "d8h4"]
    states, played = _played("chess", ChessConfig(color="white"), moves, seed=1)
    found = review("chess", states, played, ("white", "black"))
    (worst, *_) = found.turning_points()
    assert (worst.n, worst.seat, worst.action, worst.judgement) == (3, "white", "g2g4", "blunder")
    assert worst.best != "g2g4" and worst.after["white"] < 0.01
    assert found.curve("black")[-1] == 1.0
    assert found.steps[3].best == "d8h4"  # Stockfish mates
    white, black = found.accuracy("white"), found.accuracy("black")
    assert white is not None and black is not None and white < black


def test_a_hint_is_the_strong_players_top_choices_from_the_view() -> None:
    states, _ = _played("loa", LoaConfig(), None, seed=6)
    rules = knowledge_of("loa").rules
    state = states[4]
    seat = rules.to_act(state)[0]
    found = hint("loa", rules.view(state, seat), seat, seed=1, timed=False)
    legal = {str(a) for a in rules.legal_actions(state, seat)}
    assert 1 <= len(found) <= HINTS
    assert all(action in legal and 0.0 <= chance <= 1.0 for action, chance in found)
    assert len({action for action, _ in found}) == len(found)
    assert found == hint("loa", rules.view(state, seat), seat, seed=1, timed=False)


@pytest.mark.skipif(find_stockfish() is None, reason="Stockfish is not installed")
def test_a_chess_hint_is_stockfishs_best_lines_for_the_seat() -> None:
    states, _ = _played("chess", ChessConfig(color="white"), ["f2f3", "e7e5", "g2g4"], seed=2)
    found = hint("chess", states[-1], "black", seed=0)
    assert found[0][0] == "d8h4" and found[0][1] > 0.99  # mate in one, black's chance
    assert len(found) == HINTS and found[1][1] < found[0][1]


KINDS = ["loka-4", "loka-faceoff", "loa", "echec", "echec-2", "inka-2", "alako", "chess"]
TINY = replace(REVIEW_LEVEL, iterations=4, depth=2)


@pytest.mark.parametrize("name", KINDS)
def test_a_game_of_each_kind_is_reviewed_to_its_result(name: str) -> None:
    """A random game of every kind and variant, reviewed with a tiny search: one step per
    action, each seat's chances in [0, 1] and ending at its result, every better choice a
    legal action of its position."""
    from bench.ai import CONFIGS
    from bench.review import played

    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    if name == "inka-2":  # random Inka games wander for ever: the course's last step instead
        lesson = next(x for x in course("inka") if x.id == "winning")
        first = start(lesson)
        end, _ = rules.apply(first, rules.parse_action(lesson.answers[0]), lesson.seat)
        states, moves, seats = [first, end], [(lesson.seat, lesson.answers[0])], ["red", "blue"]
    else:
        states, moves, seats = played(name, seed=1, actions=1)
    final = final_chances(rules, states[-1], seats)
    searched = [
        position(bench.kind, state, seat, seats, n, level=TINY)
        for n, (state, (seat, _)) in enumerate(zip(states, moves, strict=False))
    ]
    found = assemble(seats, moves, searched, final)
    assert [s.action for s in found.steps] == [m for _, m in moves]
    for seat in seats:
        curve = found.curve(seat)
        assert all(0.0 <= c <= 1.0 for c in curve) and curve[-1] == final[seat]
    for state, step in zip(states, found.steps, strict=False):
        assert step.best in {str(a) for a in rules.legal_actions(state, step.seat)}


def test_a_hint_sees_only_the_seats_view_not_the_enemys_secret_draft(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two games that differ only in an enemy's secret army draft give Fire the same view,
    hence the same hint: nothing hidden from the seat reaches the search."""
    from ai import review as module
    from engine import loka

    monkeypatch.setattr(module, "HINT_LEVEL", replace(REVIEW_LEVEL, iterations=20))
    start_state = loka.RULES.new(loka.LokaConfig(), seed=b"hint", game_id="g")
    queen, _ = loka.RULES.apply(start_state, loka.Draft((1, 0, 0, 0, 0)), "earth")
    rooks, _ = loka.RULES.apply(start_state, loka.Draft((0, 2, 0, 0, 1)), "earth")
    seen = [loka.RULES.view(state, "fire") for state in (queen, rooks)]
    assert seen[0] == seen[1]  # Earth is an enemy: its draft is hidden from Fire
    hints = [hint("loka", view, "fire", seed=4, timed=False) for view in seen]
    assert hints[0] == hints[1] and hints[0]


def test_a_resignation_out_of_turn_is_reviewed_from_the_seat_that_was_to_act() -> None:
    """A seat may resign while the other is to move: its position has no move of its own to
    compare, so the chances come from the seat to act and there is no best move."""
    from engine.loa import RULES

    start = RULES.new(LoaConfig(), seed=b"resign", game_id="r")
    mover = RULES.to_act(start)[0]
    state, _ = RULES.apply(start, RULES.legal_actions(start, mover)[0], mover)
    waiting = mover  # the other seat is to act now
    assert waiting not in RULES.to_act(state)
    chances, best = position("loa", state, waiting, ("black", "white"), 0, QUICK)
    assert best == ""
    assert set(chances) == {"black", "white"}
    assert sum(chances.values()) == pytest.approx(1.0, abs=0.01)
    ended, _ = RULES.apply(state, RULES.parse_action("resign"), waiting)
    steps = review("loa", [state, ended], [(waiting, "resign")], ("black", "white")).steps
    assert steps[0].judgement is None and steps[0].best == ""
