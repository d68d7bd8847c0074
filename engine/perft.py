"""``python -m engine.perft <game> --position "<text>" --depth N``: count legal action
sequences for depth 1..N, with the time taken."""

from __future__ import annotations

import argparse
import sys
import time

from engine.errors import EngineError

DEFAULT_LOKA = (
    "fire: Ke1 Qf1 Rd1 Bg1 Nh1 Pd2 Pe2 Pf2 Pg2; earth: Ka6 Qa7 Ra5 Ba8 Na4 Pb4 Pb5 Pb6 Pb7; "
    "water: Kh12 Qg12 Ri12 Bf12 Ne12 Pe11 Pf11 Pg11 Ph11; air: Kl7 Ql6 Rl8 Bl5 Nl9 Pk9 Pk8 "
    "Pk7 Pk6; terrain: castle@e4 lake@c5 marsh@h9 pass@f6/n portal@d6 portal@i7; turn: fire"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.perft", description=__doc__)
    parser.add_argument("game", choices=["loka"])
    parser.add_argument("--position", default=None, help="a position text (default: a sample)")
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args(argv)
    from engine.loka.perft import perft
    from engine.loka.position import state_from_position

    try:
        state = state_from_position(args.position or DEFAULT_LOKA, seed=b"perft", game_id="perft")
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, depth)
        took = time.perf_counter() - start
        print(f"depth {depth}: {count}  ({took:.3f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
