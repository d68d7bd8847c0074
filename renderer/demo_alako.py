"""Sample Alako images: ``python -m renderer.demo_alako OUT_DIR``.

The states come from the engine (positions and a seeded game) and pass through
``engine.alako.view`` before drawing; the tests use the same states."""

from __future__ import annotations

import sys

from engine import alako
from renderer.alako import AlakoImageOptions, render_alako
from renderer.sample_files import demo_main, players

NAMES = players("south", "north")
SEED = b"alako-demo"

MIDGAME = (
    "south: Kd5 Hc5 Pe2 Wa3n Wb3n Tc3n Wc4e Wd4n We4n; "
    "north: Kf7 Hf7 Pe10 Wi8e Wi7n Th7n Wg7n Wf8e Wf8n; turn: south"
)
CLIMB = (
    "south: K^d9s Hd8 Pe2 Wa3n Wb3n; "
    "north: Kc11 Hh9 Pe10 Wa8n Wb8n Tc8n Wd8n We8n Wf8n; turn: south"
)
# Pieces beside towers and walls on every side of their squares, horizontal and vertical:
# a knight in a corner between two walls, a rider over a tower, wall ends in corners.
FORTIFIED = (
    "south: Kd4 Hc4 Pc3 Wa3n Wb3n Tc3n Wc4e Wd4n We4n; "
    "north: Kh8 Hg7 Pf9 Wi8e Wi7n Th7n Wg7n Wf8e Wf8n; turn: south",
    "south: Kg5 Hg5 Ph3 Wi3n Th3n Wg4e Tg4n Wf4n; "
    "north: Kb9 Hc7 Pb10 Wa8n Tb8n Wb8e Tc7n Wd7n; turn: north",
)


def start_state() -> alako.AlakoState:
    return alako.new_game(alako.AlakoConfig(first="south"), seed=SEED, game_id="demo")


def moving_state() -> alako.AlakoState:
    """South has just spun a 2 in the midgame: its moves are due."""
    state = alako.state_from_position(MIDGAME + "; spun: 2", seed=SEED, game_id="mid")
    return state


def building_state() -> alako.AlakoState:
    return alako.state_from_position(
        MIDGAME.replace("turn: south", "turn: north") + "; spun: 2walls",
        seed=SEED,
        game_id="build",
    )


def climbing_state() -> alako.AlakoState:
    return alako.state_from_position(CLIMB + "; spun: 1", seed=SEED, game_id="climb")


def ladder_state() -> alako.AlakoState:
    text = CLIMB.replace("K^d9s Hd8", "Kd8 Hd8") + "; spun: ladder"
    return alako.state_from_position(text, seed=SEED, game_id="ladder")


def final_state() -> alako.AlakoState:
    state = alako.state_from_position(
        "south: Ke7 He7 Pe2 Wa3n Wb3n; north: Kc11 Hh9 Pe9 Wa8n Wb8n Tc8n Wd8n; turn: south; "
        "spun: 2",
        seed=SEED,
        game_id="end",
    )
    return alako.apply(state, alako.parse_action("dismount n"))[0]


def fortified_state(index: int = 0) -> alako.AlakoState:
    return alako.state_from_position(FORTIFIED[index], seed=SEED, game_id="forts")


def played_state(plies: int = 60) -> alako.AlakoState:
    """A seeded game, each choice deterministic."""
    state = start_state()
    for step in range(plies):
        actions = alako.legal_actions(state)
        if not actions:
            break
        state = alako.apply(state, actions[(step * 5 + 1) % len(actions)])[0]
    return state


def samples() -> dict[str, bytes]:
    opts = AlakoImageOptions(names=NAMES)
    north = AlakoImageOptions(names=NAMES, bottom="north")
    return {
        "alako_start.png": render_alako(alako.view(start_state(), "south"), options=opts),
        "alako_move.png": render_alako(alako.view(moving_state(), "south"), options=opts),
        "alako_build.png": render_alako(alako.view(building_state(), "north"), options=north),
        "alako_ladder.png": render_alako(alako.view(ladder_state(), "south"), options=opts),
        "alako_climbing.png": render_alako(alako.view(climbing_state(), "south"), options=opts),
        "alako_played.png": render_alako(alako.view(played_state(), None), options=opts),
        "alako_final.png": render_alako(alako.view(final_state(), None), options=opts),
        "alako_forts.png": render_alako(alako.view(fortified_state(0), None), options=opts),
        "alako_forts_north.png": render_alako(alako.view(fortified_state(1), None), options=north),
    }


def main(argv: list[str]) -> int:
    return demo_main(samples, argv, "renderer.demo_alako")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
