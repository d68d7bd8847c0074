"""Every demo's command line, ``python -m renderer.demo_<game> OUT_DIR`` (``renderer.demo``
for Loka): the demo's sample pictures written to a folder, one PNG file each; and the
demo players' names."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

# The demo players, seated in order (a long name to show how names are fitted).
PLAYERS = ("Ada", "Björn", "Chidi", "Dana Kowalczyk")


def players(*seats: str) -> dict[str, str]:
    """The demo players' names by seat: ``players("south", "north")``."""
    return dict(zip(seats, PLAYERS, strict=False))


def write_samples(samples: Mapping[str, bytes], folder: Path) -> None:
    """Each picture to ``folder/<its file name>``, saying where and how big."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in samples.items():
        (folder / name).write_bytes(data)
        print(f"{folder / name}  {len(data) // 1024} KB")


def demo_main(
    samples: Callable[[], Mapping[str, bytes]],
    argv: Sequence[str],
    module: str,
    usage: str = "OUT_DIR",
) -> int:
    """A demo's ``main``: its pictures to the one folder named in ``argv``, else the usage
    of ``python -m <module>`` and exit status 2."""
    if len(argv) != 1:
        print(f"usage: python -m {module} {usage}", file=sys.stderr)
        return 2
    write_samples(samples(), Path(argv[0]))
    return 0
