"""Looking back: ``/<game> board at:<n>`` shows a past position privately, as the channel
saw it then; ``/<game> replay`` posts a finished game as an animated GIF in its thread, a
frame per action (evenly fewer for a long game), within Discord's attachment limit."""

from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path

from PIL import Image

from bot.storage import LogEntry
from bot.tables.replays import ATTACHMENT_LIMIT, MAX_FRAMES
from tests.bot.console_driver import Table, play_to_the_end, refused_privately
from tests.bot.test_console import FOUR, LOBBY4
from tests.bot.test_echec_console import LOBBY as ECHEC_LOBBY

FOOLS_MATE = """
@alice /chess new color:white
@bob /chess join
@alice /chess start
@alice /chess move move:f3
@bob /chess move move:e5
@alice /chess move move:g4
"""

NOW = 1_800_000_000.0  # a frozen clock, moved by !wait: cooldowns run out without sleeping


def frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF"
        return image.n_frames


async def test_a_past_position_and_the_replay_of_a_finished_game(tmp_path: Path) -> None:
    async with Table(frozen=NOW) as table:
        table.console.image_dir = tmp_path  # type: ignore[union-attr]
        await table.run(FOOLS_MATE)
        out = await table.run("@zed /chess board at:2")  # a spectator may look back too
        assert [(d["to"], d["user"]) for d in out] == [("private", "zed")]
        assert out[0]["text"] == "After action 2 of 3: `e7e5`." and out[0]["images"]
        out = await table.run("@bob /chess board at:0")
        assert out[0]["text"] == "The start of the game (3 actions since)."
        out = await table.run("!wait 2s\n@bob /chess board at:4")  # past bob's cooldown
        refused_privately(out, "from 0 (the start) to 3")
        refused_privately(await table.run("@bob /chess replay"), "once the game is over")

        out = await table.run("@bob /chess move move:Qh4#\n@bob /chess replay")
        post, answer = out[-2:]
        assert post["to"] == "channel" and post["text"].startswith("🎞️ **Chess**")
        assert "4 actions" in post["text"]
        assert (answer["to"], answer["user"]) == ("private", "bob")
        gif = (tmp_path / post["images"][0].split("/")[-1]).read_bytes()
        assert frames(gif) == 5  # the start and each of the four moves


async def test_a_long_loka_game_replays_within_the_attachment_limit(tmp_path: Path) -> None:
    async with Table() as table:
        table.console.image_dir = tmp_path  # type: ignore[union-attr]
        await table.run(LOBBY4)
        info = await play_to_the_end(table, FOUR, random.Random(1))
        assert info["row"].status == "over"
        log = await table.storage.log(info["row"].id)  # type: ignore[union-attr]
        out = await table.run("@alice /loka replay")
        (post,) = [d for d in out if d["to"] == "channel"]
        gif = (tmp_path / post["images"][0].split("/")[-1]).read_bytes()
        assert len(gif) <= ATTACHMENT_LIMIT
        # Selection shows no board (the armies are secret): the rest, at most MAX_FRAMES.
        assert 2 <= frames(gif) <= min(MAX_FRAMES, len(log) + 1)
        with Image.open(io.BytesIO(gif)) as image:
            assert image.width >= 300  # readable, not a thumbnail


async def test_a_secret_move_is_no_public_step_until_the_game_is_over() -> None:
    # Issue 30: secret actions count as no step of their own while the game runs, for
    # everyone (the placer too): nothing numbered tells how many were made.
    async with Table() as table:
        await table.run("@alice /echec new level:2 placement:secret\n" + ECHEC_LOBBY)
        await table.run("@alice /echec setup place unit:archers square:b1 facing:n")
        for user in ("bob", "alice"):
            (text,) = refused_privately(await table.run(f"@{user} /echec board at:1"), "from 0")
            assert "to 0 (the latest)" in text and "b1" not in text


async def test_a_record_that_no_longer_replays_is_refused_privately_and_named() -> None:
    # A game kept under earlier rules (here: its second move now illegal) cannot be replayed;
    # the reader is told from which action, and where its record still is.
    async with Table() as table:
        await table.run(FOOLS_MATE + "@bob /chess move move:Qh4#")
        storage = table.storage
        assert storage is not None
        real_log = storage.log

        async def old_log(game_id: str) -> list[LogEntry]:
            entries = await real_log(game_id)
            return [entries[0], dataclasses.replace(entries[1], action="e7e4"), *entries[2:]]

        storage.log = old_log  # type: ignore[method-assign]
        for command in ("@bob /chess replay", "@zed /chess board at:3"):
            out = await table.run(command)
            (text,) = refused_privately(out, "from action 2 on")
            assert "/chess export" in text and not out[0].get("images")
