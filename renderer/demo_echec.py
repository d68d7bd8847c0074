"""Sample Échec au Roi images, for people to look at: ``python -m renderer.demo_echec OUT``.

The states are built with the engine (positions and a seeded game, every choice
deterministic) and always pass through ``engine.echec.view`` before drawing. The image
tests use the same states."""

from __future__ import annotations

import sys
from dataclasses import replace

from engine.dice import Dice
from engine.echec import (
    Advance,
    Attack,
    EchecConfig,
    EchecState,
    Place,
    apply,
    legal_actions,
    new_game,
    state_from_position,
    view,
)
from renderer.echec import ADVANCE, ATTACK, FLEE, EchecImageOptions, Stroke, render_echec
from renderer.sample_files import demo_main, players

SEED = b"plateau-demo"
NAMES = players("south", "north")

MIDGAME = (
    "south: K1e1n C2d4n C1h3w A4c1n A3f3n I4c3n I4e4n I1f4e P3b2n M2g4n H2e2n; "
    "north: K1e9s C2d7s C2h6w A4c9s A4g8s I4c6s I3e5s I4f7s P2b7s M1g5s H1e8w; "
    "turn: south; actions: 2"
)


class _FixedDice(Dice):
    """Dice that show a fixed sequence of D6 values (so the demo attack is always the same)."""

    __slots__ = ("values",)
    values: tuple[int, ...]

    def __init__(self, values: tuple[int, ...], counter: int = 0) -> None:
        super().__init__(b"demo", "demo", counter)
        object.__setattr__(self, "values", values)

    def roll(self, faces: int) -> tuple[int, _FixedDice]:
        return self.values[self.counter % len(self.values)], _FixedDice(
            self.values, self.counter + 1
        )

    def hidden(self) -> _FixedDice:
        return self


def midgame_state() -> EchecState:
    return state_from_position(MIDGAME, seed=SEED, game_id="demo")


def attack_state() -> EchecState:
    """South's infantry on e4 attack e5: axe, arrow, axe, panic."""
    state = replace(midgame_state(), dice=_FixedDice((1, 3, 2, 5)))
    after, _ = apply(state, Attack("e4", "e5"))
    return replace(after, dice=midgame_state().dice)


def archers_state() -> EchecState:
    """South's archers on f3 shoot at f5's neighbour: arrows and a blank."""
    state = replace(midgame_state(), dice=_FixedDice((3, 4, 6)))
    after, _ = apply(state, Attack("f3", "g5"))
    return replace(after, dice=midgame_state().dice)


# South's turn in ``turn_state``: the infantry advance c3-c4, the infantry on e4 attack e5
# and, all dice showing panic, turn about and flee to e3.
TURN_STROKES = (Stroke(ADVANCE, "c3", "c4"), Stroke(ATTACK, "e4", "e5"), Stroke(FLEE, "e4", "e3"))


def turn_state() -> EchecState:
    """South's whole turn (``TURN_STROKES``): North is to act."""
    state = replace(midgame_state(), dice=_FixedDice((5,)))
    state, _ = apply(state, Advance("c3"))
    after, _ = apply(state, Attack("e4", "e5"))
    return replace(after, dice=midgame_state().dice)


def placement_state() -> EchecState:
    """Secret placement, level 2 with optional units: South done, North half-way."""
    config = EchecConfig(level=2, placement="secret", units="P3 M2 H2")
    state = new_game(config, seed=SEED, game_id="demo")
    for seat, count in (("south", 99), ("north", 7)):
        forward = "n" if seat == "south" else "s"
        for _ in range(count):
            places = [a for a in legal_actions(state, seat) if isinstance(a, Place)]
            places = [a for a in places if a.facing == forward]
            if not places:
                break
            state, _ = apply(state, places[len(places) // 3], seat)
    return state


def opening_state() -> EchecState:
    return new_game(seed=SEED, game_id="demo")


def samples() -> dict[str, bytes]:
    opts = EchecImageOptions(names=NAMES)
    return {
        "opening.png": render_echec(view(opening_state(), None), options=opts),
        "midgame.png": render_echec(view(midgame_state(), "south"), options=opts),
        "attack.png": render_echec(view(attack_state(), "south"), options=opts),
        "turn_arrows.png": render_echec(
            view(turn_state(), None), options=replace(opts, actions=TURN_STROKES)
        ),
        "archers_volley.png": render_echec(
            view(archers_state(), "south"), options=replace(opts, volley="f3")
        ),
        "from_north.png": render_echec(
            view(attack_state(), "north"), options=replace(opts, bottom="north")
        ),
        "targets.png": render_echec(
            view(midgame_state(), "south"),
            options=replace(opts, selected="c1", targets=("c6",), volley="c1"),
        ),
        "secret_placement_south.png": render_echec(view(placement_state(), "south"), options=opts),
        "secret_placement_north.png": render_echec(
            view(placement_state(), "north"), options=replace(opts, bottom="north")
        ),
    }


def main(argv: list[str]) -> int:
    return demo_main(samples, argv, "renderer.demo_echec")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
