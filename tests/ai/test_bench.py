"""The AI bench (``bench/ai.py``): it covers every game, its sides are teams, its random
player finishes a set-up, and the AI beats it where the bench says so.

``PLATEAU_AI_GAMES=N`` plays N games of each match (default 1)."""

from __future__ import annotations

import json
import os
import pkgutil
import random
from dataclasses import replace

import pytest

import ai.games
from ai.levels import fixed
from ai.player import knowledge_of
from bench.ai import (
    CONFIGS,
    RANDOM,
    main,
    play_game,
    played,
    random_action,
    record_key,
    seat_score,
    wilson,
)
from engine.loka.config import TEAMS

GAMES = int(os.environ.get("PLATEAU_AI_GAMES", "1"))

# "normal" with a smaller budget by default, so that a whole game stays within seconds;
# either way without its time limit, so that a game depends on its seed, not on the load.
LEVEL = (
    fixed("normal")
    if "PLATEAU_AI_GAMES" in os.environ
    else replace(fixed("normal", 60), name="small")
)


def test_the_bench_covers_every_game() -> None:
    kinds = {module.name for module in pkgutil.iter_modules(ai.games.__path__)}
    assert {bench.kind for bench in CONFIGS.values()} == kinds


def test_loka_sides_are_teams() -> None:
    for name in ("loka-4", "loka-3", "loka-2", "loka-faceoff"):
        seats = CONFIGS[name].seats
        for side in (seats[0::2], seats[1::2]):
            assert len({TEAMS[s] for s in side}) == 1, f"{name}: {side} is not one team"
        assert TEAMS[seats[0]] != TEAMS[seats[1]]


@pytest.mark.parametrize("name", ["loka-4", "echec-2"])
def test_the_random_player_finishes_a_set_up(name: str) -> None:
    """Uniform among hundreds of drafts (or placements), a set-up would never end: the
    random player confirms as soon as it may, and both sides reach the next phase."""
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    state = rules.new(bench.config(), seed=b"set-up", game_id="g")
    rng = random.Random(0)
    first = state.phase
    for _ in range(200):
        if state.phase != first:
            break
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, random_action(rules.legal_actions(state, seat), rng), seat)
    assert state.phase != first


@pytest.mark.parametrize("name", ["loka-4", "echec"])
def test_normal_beats_random(name: str) -> None:
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    score = 0.0
    for game in range(GAMES):
        ours = bench.seats[game % 2 :: 2]
        players = {s: LEVEL if s in ours else RANDOM for s in bench.seats}
        state = play_game(bench.kind, bench.config(), players, seed=game, max_steps=600)
        assert rules.outcome(state) is not None, "the game must end"
        score += seat_score(rules, state, list(ours))
    assert score == GAMES if GAMES <= 4 else wilson(score, GAMES)[0] > 0.8


def test_the_bench_covers_every_variant() -> None:
    """Every Lines of Action variant, Loka for 2, 3 and 4 people and Face-off, Inka for
    2, 3 and 4, both Échec au Roi levels."""
    from engine.loa.config import STANDARD, VARIANTS

    loa = {f"loa-{v}" if v != STANDARD else "loa" for v in VARIANTS}
    wanted = loa | {"loka-2", "loka-3", "loka-4", "loka-faceoff", "inka-2", "inka-3", "inka-4"}
    assert wanted | {"echec", "echec-2", "alako", "chess"} <= set(CONFIGS)
    teams = CONFIGS["loa-teams"].seats
    assert teams[0::2] == ("white1", "white2")


def test_a_game_records_each_level_s_decision_times() -> None:
    bench = CONFIGS["loa"]
    tiny = replace(fixed("normal", 4), name="tiny")
    times: dict = {}
    _, steps = played(bench.kind, bench.config(), {"white": tiny, "black": RANDOM}, 0, 30, times)
    assert set(times) == {"tiny"}
    assert len(times["tiny"].cpu) == len(times["tiny"].wall) == (steps + 1) // 2
    assert all(t >= 0 for t in times["tiny"].cpu)


def _record(game: str, seed: int, score: float) -> dict:
    return {
        "game": game,
        "first": "strong",
        "second": "normal",
        "seed": seed,
        "fixed": True,
        "score": score,
        "cut": False,
        "actions": 10,
        "seconds": 1.0,
        "cpu": {"strong": [1.0, 2.0], "normal": [0.1]},
        "wall": {"strong": [3.0], "normal": [0.3]},
    }


def test_a_run_resumes_from_its_file_and_sums_it_up(tmp_path, capsys) -> None:
    """Games already in ``--out`` are not played again; ``--summary`` prints their table:
    score, Wilson interval, CPU times p50 / p95."""
    out = tmp_path / "run.jsonl"
    records = [_record("loa", 0, 1.0), _record("loa", 1, 0.5)]
    out.write_text("".join(json.dumps(r) + "\n" for r in records) + '{"torn', encoding="utf-8")
    argv = ["--fixed", "--games", "2", "--game", "loa", "--pairing", "strong-normal"]
    main([*argv, "--out", str(out)])  # both games are there: nothing to play
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    table = capsys.readouterr().out
    assert "| loa | 1.5/2 = 75% [" in table
    main(["--summary", str(out)])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| loa"))
    # CPU time: 3.1 s a game, 40 games: 2 minutes.
    assert row.endswith("| - | 100 / 100 | 2000 / 2000 | 2 |")
    assert record_key(records[0]) == ("loa", "strong", "normal", 0, True)


def test_a_sample_times_every_level_at_the_same_positions(monkeypatch) -> None:
    """``--sample``: each level decides at the same positions of one game (tiny budgets
    here), the game advanced by ``easy``."""
    import bench.ai as bench_ai

    tiny = {name: replace(fixed(name, 2), depth=1) for name in ("easy", "normal", "strong")}
    monkeypatch.setattr(bench_ai, "_player", lambda bench, level, untimed: tiny[level])
    found = bench_ai.sampled_times("loa", 2)
    assert [len(t) for t in found.values()] == [2, 2, 2]
    assert all(t >= 0 for times in found.values() for t in times)


def test_each_variant_plays_at_the_budgets_the_bot_gives_it() -> None:
    """Lines of Action beyond the edges has budgets of its own, found from the view as the
    bot's tables find them; the bench's players search those."""
    from ai.levels import budget_of
    from ai.player import knowledge_of
    from bench.ai import _player, family

    assert family(CONFIGS["loa-unbounded"]) == "loa-unbounded"
    assert family(CONFIGS["loa"]) == "loa" and family(CONFIGS["inka-3"]) == "inka"
    strong = _player(CONFIGS["loa-unbounded"], "strong", True)
    assert strong.iterations == budget_of("loa-unbounded", "strong").iterations
    assert strong.iterations < budget_of("loa", "strong").iterations
    view = knowledge_of("loa").rules.new(CONFIGS["loa-unbounded"].config(), seed=b"v", game_id="g")
    assert knowledge_of("loa").variant(view) == "loa-unbounded"
