"""The core of the AI: its decisions are legal, it sees only its view, and it plays well.

``PLATEAU_AI_GAMES=N`` plays more random games (legality) and more matches (strength)."""

from __future__ import annotations

import math
import os
import random
from dataclasses import replace
from typing import Any

import pytest

from ai.games import alako as alako_ai
from ai.knowledge import Knowledge, reseeded
from ai.levels import BUDGETS, LEVELS, Level, fixed, level_of
from ai.player import choose, knowledge_of
from ai.search import Search, candidates, decide
from bench.ai import play_game, seat_score, wilson
from engine.alako.config import AlakoConfig
from engine.inka.config import InkaConfig
from engine.loa.config import LoaConfig
from engine.standard_chess.config import ChessConfig

GAMES = int(os.environ.get("PLATEAU_AI_GAMES", "0"))

# "normal" with a small budget, so that many decisions stay fast. Every level here is
# searched without its time limit: a decision depends on its seed, never on the machine's load.
SMALL = replace(fixed("normal", 40), name="small")

CONFIGS = [
    ("loa", LoaConfig()),
    ("loa", LoaConfig(variant="parachute")),
    ("loa", LoaConfig(variant="teams", lots=True)),
    ("loa", LoaConfig(variant="unbounded")),
    ("alako", AlakoConfig()),
    ("inka", InkaConfig(players=3)),
    ("chess", ChessConfig(color="random")),
]


def random_game_points(kind: str, config: Any, seed: int, points: int, steps: int) -> list[Any]:
    """States of a random game of ``kind`` (nobody resigns): ``points`` of them picked among
    its first ``steps`` actions."""
    rules = knowledge_of(kind).rules
    rng = random.Random(seed)
    state = rules.new(config, seed=f"s{seed}".encode(), game_id=f"g{seed}")
    picked = set(rng.sample(range(steps), points))
    found = []
    for step in range(steps):
        if rules.outcome(state) is not None:
            break
        if step in picked:
            found.append(state)
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(
            state, rng.choice(candidates(rules.legal_actions(state, seat))), seat
        )
    return found


@pytest.mark.parametrize(("kind", "config"), CONFIGS, ids=lambda c: getattr(c, "variant", c))
def test_every_decision_is_legal(kind: str, config: Any) -> None:
    rules = knowledge_of(kind).rules
    decided = 0
    for seed in range(1 + GAMES):
        for n, state in enumerate(random_game_points(kind, config, seed, points=4, steps=80)):
            for seat in rules.to_act(state):
                level = fixed("easy") if n % 2 else SMALL
                action = choose(kind, rules.view(state, seat), seat, level, random.Random(n))
                legal = rules.legal_actions(state, seat)
                assert action in legal, f"{action} is not legal for {seat}"
                assert str(action) != "resign" or len(legal) == 1
                decided += 1
    assert decided >= 3


def test_the_search_sees_only_its_view_and_samples_the_seed() -> None:
    """The search is handed a view without the seed: every determinization it plays from
    has a seed of its own, never the game's, and the view itself is left as it was."""
    rules = knowledge_of("alako").rules
    secret = b"the real seed"
    state = rules.new(AlakoConfig(first="south"), seed=secret, game_id="g")
    rng = random.Random(3)
    while rules.to_act(state) != ("south",) or len(rules.legal_actions(state, "south")) < 2:
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state, seat)), seat)
    view = rules.view(state, "south")
    assert view.dice.seed is None
    with pytest.raises(ValueError, match="no seed"):  # the view cannot roll the real dice
        view.dice.roll(6)
    seeds: list[bytes | None] = []

    def determinize(seen: Any, seat: str, rng: random.Random) -> Any:
        assert seen is view and seat == "south"
        full = reseeded(seen, rng)
        seeds.append(full.dice.seed)
        return full

    spy = Knowledge(rules, determinize, alako_ai.evaluate)
    action = decide(spy, view, "south", SMALL, random.Random(1))
    assert action in rules.legal_actions(state, "south")
    assert len(seeds) == SMALL.iterations
    assert secret not in seeds and None not in seeds
    assert len(set(seeds)) == len(seeds)
    assert view.dice.seed is None and view == rules.view(state, "south")


def test_reseeding_keeps_the_stream_position() -> None:
    rules = knowledge_of("loa").rules
    state = rules.new(LoaConfig(lots=True), seed=b"x", game_id="g")
    again = reseeded(rules.view(state, "white"), random.Random(0))
    assert again.dice.seed not in (None, b"x")
    assert (again.dice.game_id, again.dice.counter) == (state.dice.game_id, state.dice.counter)
    assert again.pieces == state.pieces
    assert rules.legal_actions(again, "white") == rules.legal_actions(state, "white")


def test_levels_and_withheld_actions() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    budgets = [level_of(name) for name in LEVELS]
    assert [b.iterations for b in budgets] == sorted(b.iterations for b in budgets)
    assert not budgets[0].knowledge and budgets[1].knowledge
    with pytest.raises(ValueError, match="easy"):
        level_of("grandmaster")
    rules = knowledge_of("chess").rules
    state = rules.new(ChessConfig(), seed=b"x", game_id="g")
    legal = rules.legal_actions(state, "white")
    assert "resign" in map(str, legal)
    assert "resign" not in map(str, candidates(legal))
    only_resign = [a for a in legal if str(a) == "resign"]
    assert candidates(only_resign) == only_resign


def test_the_search_finds_a_winning_move() -> None:
    """Chess, without Stockfish: the search plays the mate in one of the Scholar's mate."""
    rules = knowledge_of("chess").rules
    state = rules.new(ChessConfig(), seed=b"x", game_id="g")
    rng = random.Random(0)
    for uci in ("e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"):  # Scholar's mate, one to go
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, rules.parse_action(uci), seat)
    view = rules.view(state, "white")
    action = decide(knowledge_of("chess"), view, "white", fixed("normal"), rng)
    assert str(action) == "h5f7"


def test_normal_beats_random_at_lines_of_action() -> None:
    games = GAMES or 2
    rules = knowledge_of("loa").rules
    score = 0.0
    for game in range(games):
        ours = ("white", "black")[game % 2]
        players = {s: fixed("normal") if s == ours else "random" for s in ("white", "black")}
        state = play_game("loa", LoaConfig(), players, seed=game, max_steps=300)
        assert rules.outcome(state) is not None, "the game must end"
        score += seat_score(rules, state, [ours])
    assert score == games if games <= 4 else wilson(score, games)[0] > 0.8


def test_chess_asks_stockfish_first_then_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.stockfish

    rules = knowledge_of("chess").rules
    state = rules.new(ChessConfig(), seed=b"x", game_id="g")
    view = rules.view(state, "white")
    asked: list[str] = []
    played = rules.parse_action("e2e4")

    def stockfish(seen: Any, level: str, seat: str | None = None) -> Any:
        asked.append(f"{level} {seat}")
        return played

    monkeypatch.setattr(ai.stockfish, "stockfish_move", stockfish)
    assert choose("chess", view, "white", "strong") is played
    monkeypatch.setattr(ai.stockfish, "stockfish_move", lambda seen, level, seat: None)
    assert choose("chess", view, "white", "easy") in rules.legal_actions(state, "white")
    assert asked == ["strong white"]  # asked for this seat


def test_progressive_widening_bounds_a_node_and_grows_in_the_policy_order() -> None:
    """Inka's first turn offers hundreds of actions: with widening the root holds at most
    ``ceil(widening * sqrt(visits))`` children, the first the policy's own pick, and each
    child is searched more than once; without it every iteration tries one more action."""
    knowledge = knowledge_of("inka")
    assert knowledge.widening is not None
    rules = knowledge.rules
    [state] = random_game_points("inka", InkaConfig(players=2), 3, 1, 1)
    while rules.to_act(state) and state.phase != "play":
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(
            state,
            knowledge.policy(state, seat, rules.legal_actions(state, seat), random.Random(0)),
            seat,
        )
    seat = rules.to_act(state)[0]
    view = rules.view(state, seat)
    assert len(candidates(rules.legal_actions(view, seat))) > 100
    budget = fixed(SMALL, 30)

    def root(knowledge: Knowledge) -> Any:
        search = Search(knowledge, seat, budget, random.Random(2))
        for n in range(budget.iterations):
            search.iterate(knowledge.determinize(view, seat, random.Random(n)))
        return search.root

    wide = root(knowledge)
    assert wide.visits == 30
    assert 2 <= len(wide.children) <= math.ceil(knowledge.widening * math.sqrt(30))
    first = str(
        knowledge.policy(view, seat, candidates(rules.legal_actions(view, seat)), random.Random(2))
    )
    assert next(iter(wide.children)) == first
    assert max(child.visits for child in wide.children.values()) > 1
    flat = root(replace(knowledge, widening=None))
    assert len(flat.children) == 30
    assert {child.visits for child in flat.children.values()} == {1}


def test_a_game_random_play_never_ends_is_searched_with_its_knowledge_at_every_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Inka's easy player searches with the game's evaluation and policy (a random one
    never gathers the three statues: a game between easy players would never end)."""
    seen: list[Level] = []
    real = Search.__init__

    def spy(
        self: Search, knowledge: Knowledge, seat: str, level: Level, *rest: Any, **kw: Any
    ) -> None:
        seen.append(level)
        real(self, knowledge, seat, level, *rest, **kw)

    monkeypatch.setattr(Search, "__init__", spy)
    knowledge = knowledge_of("inka")
    assert knowledge.guided and not knowledge_of("loa").guided
    rules = knowledge.rules
    state = rules.new(InkaConfig(players=2), seed=b"guided", game_id="g")
    for _ in range(3):
        seat = rules.to_act(state)[0]
        action = decide(knowledge, rules.view(state, seat), seat, "easy", random.Random(1))
        state, _ = rules.apply(state, action, seat)
    assert seen and all(level.knowledge for level in seen)
    assert all(level.iterations == BUDGETS["easy"].iterations for level in seen)
