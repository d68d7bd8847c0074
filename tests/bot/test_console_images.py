"""The console table with the real renderer: every posted picture is a small, valid PNG."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from bot.console import run

SCRIPT = [
    '@alice /loka new combat:off position:"fire: Ke1 Qd1 Pe2; earth: Ka6; water: Ke12; '
    'air: Kl7; terrain: lake@f6 portal@d5 portal@h8"',
    "@alice /loka join army:fire",
    "@bob /loka join army:earth",
    "@carol /loka join army:water",
    "@dave /loka join army:air",
    "@alice /loka start",
    "@alice /loka info moves square:d1",
    "@alice /loka move from:d1 to:d5",
    "@bob /loka move from:a6 to:a7",
    "@carol /loka move from:e12 to:e11",
    "@dave /loka move from:l7 to:l8",
    "@alice /loka move from:d5 to:h8",
    "@bob /loka move from:a7 to:a6",
    "@carol /loka move from:e11 to:e10",
    "@dave /loka move from:l8 to:l9",
    "@alice /loka move from:h8 to:l8",
    "@bob /loka move from:a6 to:a7",
    "@carol /loka move from:e10 to:e9",
    "@dave /loka move from:l9 to:k9",
    "@alice /loka move from:l8 to:k9",
    "@bob /loka resign",
    "!press @bob Resign",  # /loka resign asks; the press resigns
]


async def test_pictures_are_valid_small_pngs(tmp_path: Path) -> None:
    out = io.StringIO()
    await run(SCRIPT, out, seed=3, as_json=True, image_dir=tmp_path)
    deliveries = [json.loads(line) for line in out.getvalue().splitlines()]
    images = [Path(p) for d in deliveries for p in d["images"]]
    assert len(images) >= 12
    for path in images:
        data = path.read_bytes()
        assert len(data) < 500_000
        with Image.open(io.BytesIO(data)) as picture:
            picture.verify()
    moves = next(d for d in deliveries if d["to"] == "private" and "From d1" in d["text"])
    assert moves["images"] and "d5" in moves["text"]
    # The air king fell to the queen, then Earth resigned: the good team is gone.
    texts = "\n".join(d["text"] for d in deliveries if d["to"] == "channel")
    assert "🌪️ Air has lost its king: the whole army leaves the field." in texts
    assert "🌿 Earth resigns." in texts
    assert "Victory for 🔥 Fire & 🌊 Water!" in texts
    assert any(Path(p).name.endswith("-end.png") for d in deliveries for p in d["images"])
