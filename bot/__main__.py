"""`python -m bot`: start the Discord bot."""

import sys


def main() -> int:
    print(
        "Plateau's Discord adapter is not built yet: the Loka rules engine is.\n"
        "Try the engine's move-count tool meanwhile:\n"
        "  python -m engine.perft loka --depth 3 \\\n"
        '    --position "fire: Ke1 Pe2; earth: Ka6; turn: fire"',
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
