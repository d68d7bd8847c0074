"""Inka picture speed (issue 36): CPU a picture for 2, 3 and 4 players.

Run: ``python bench/render_inka.py [--repeats N] [--out DIR]``. For each player count, a
game played by seeded random legal actions gives a few positions (set-up, building, play);
for each position it prints the CPU (``time.process_time``, least of ``--repeats`` runs) of
the first picture (every renderer cache cleared, the palette restored as a warm worker has
it) and of a warm picture (caches filled). ``--out`` also writes each picture there,
scaled to 400 px wide, to look at.

Measured on 2026-11-29 (two busy cores), the most of the 10 positions: before issue 36's
Inka work (an adaptive palette per picture, a LANCZOS downscale, every name drawn) first
175 ms, warm 158 ms; after it, first ~60-70 ms (the temple and its names drawn once), warm
~6-13 ms."""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from engine import inka
from renderer import demo_inka
from renderer import inka as art
from renderer.png import fitted_palettes, restore_palettes

NAMES = demo_inka.NAMES


def game_positions(players: int, seed: int) -> list[inka.InkaState]:
    """Positions of a seeded random game: after set-up, mid-building, and every 12th action
    of play (up to 4 of them)."""
    rng = random.Random(seed)
    state = inka.new_game(inka.InkaConfig(players=players), seed=b"bench%d" % seed, game_id="b")
    seen: list[inka.InkaState] = []
    steps = 0
    while state.phase != inka.OVER and len(seen) < 5 and steps < 400:
        actions = inka.legal_actions(state)
        state, _ = inka.apply(state, rng.choice(actions))
        steps += 1
        if state.phase == inka.PLAY and steps % 12 == 0:
            seen.append(state)
    return seen


def least_ms(
    fn: Callable[[], object], repeats: int, before: Callable[[], None] | None = None
) -> float:
    """The least CPU time of ``repeats`` calls of ``fn`` (``before`` each, untimed)."""
    best = float("inf")
    for _ in range(repeats):
        if before is not None:
            before()
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best * 1e3


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    cases = {
        "2p demo final": (inka.view(demo_inka.final_state(), None), None),
        "3p demo building": (inka.view(demo_inka.building_state(), "red"), None),
        "4p demo midgame": (inka.view(demo_inka.midgame_state(), "red"), None),
        "4p demo moved": (inka.view(demo_inka.moved_state(), "red"), "moved"),
    }
    for players in (2, 3, 4):
        for k, state in enumerate(game_positions(players, players)[1::2][:2]):
            cases[f"{players}p game {k}"] = (inka.view(state, state.seat_to_move), None)
    # Warm once (fits any palette), then keep the fitted palettes as a warm worker has them.
    for v, _ in cases.values():
        art.render_inka(v, options=art.InkaImageOptions(names=NAMES))
    palettes = fitted_palettes()
    firsts, warms = [], []
    for label, (v, kind) in cases.items():
        options = art.InkaImageOptions(names=NAMES)
        if kind == "moved":
            options = demo_inka.moved_options(options)

        def draw(v: inka.InkaState = v, options: art.InkaImageOptions = options) -> bytes:
            return art.render_inka(v, options=options)

        def cold() -> None:
            art.clear_caches()
            restore_palettes(palettes)

        first = least_ms(draw, args.repeats, cold)
        draw()
        warm = least_ms(draw, args.repeats)
        firsts.append(first)
        warms.append(warm)
        print(f"{label:<18} first {first:7.1f} ms CPU   warm {warm:7.1f} ms CPU")
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            image = Image.open(io.BytesIO(draw())).convert("RGB")
            small = image.resize((400, round(image.height * 400 / image.width)), Image.LANCZOS)
            small.save(args.out / f"{label.replace(' ', '-')}.png")
            image.save(args.out / f"{label.replace(' ', '-')}-full.png")
    print(f"most: first {max(firsts):.1f} ms, warm {max(warms):.1f} ms CPU a picture")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
