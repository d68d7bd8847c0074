"""A member's palette (issue 30): ``/plateau settings palette:<name>`` is saved per member
(migration 011), read back, and draws the pictures sent to that member alone; public
pictures keep the default; an unknown name is refused with the choices. Through the
console, with the real renderer."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

from bot.model import Actor, Delivery, Place, Request
from renderer.theme import DEFAULT_THEME, HIGH_CONTRAST, PALETTES, RGB
from tests.bot.console_driver import Table, lobby_lines, recorded, refused_privately

LOBBY = "@alice /chess new color:white\n@bob /chess join\n@alice /chess start"


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Delivery]:
    """Every delivery the console emits, as the table made it (with its pictures)."""
    return recorded(monkeypatch)


def squares(delivery: Delivery) -> dict[str, int]:
    """How many pixels of each palette's light squares a delivery's picture holds (within a
    level or two: the PNG's fitted palette may move a colour that little)."""
    (file,) = delivery.files
    data = Image.open(io.BytesIO(file.data)).convert("RGB").tobytes()
    counts = Counter(zip(data[0::3], data[1::3], data[2::3], strict=True))

    def near(colour: RGB) -> int:
        close = (c for c in counts if max(abs(a - b) for a, b in zip(c, colour, strict=True)) <= 2)
        return sum(counts[c] for c in close)

    return {name: near(theme.light_square) for name, theme in PALETTES.items()}


async def test_a_members_palette_is_saved_read_back_and_an_unknown_one_refused() -> None:
    async with Table() as table:
        assert table.storage is not None and table.console is not None
        alice = table.console.world.user("alice").id
        out = await table.run("@alice /plateau settings palette:rainbow")
        refused_privately(out, "palette is one of: default, high-contrast.")
        assert await table.storage.palette(alice) is None
        out = await table.run("@alice /plateau settings palette:high-contrast")
        refused_privately(out, "Saved: the pictures sent to you alone")
        assert await table.storage.palette(alice) == "high-contrast"
        (shown,) = await table.run("@alice /plateau settings")
        assert "Your palette: high-contrast" in shown["text"]
        (other,) = await table.run("@bob /plateau settings")  # per member
        mine = "Your palette: default (the pictures sent to you alone; choices: default, high"
        assert mine + "-contrast)." in other["text"]
        # Anyone may choose their own: no Manage Server needed, nothing of the server changes.
        out = await table.run("@alice /plateau settings palette:default")
        refused_privately(out, "Saved")
        assert await table.storage.palette(alice) is None


async def test_a_private_board_is_drawn_in_its_readers_palette_a_public_one_in_the_default(
    sent: list[Delivery],
) -> None:
    assert HIGH_CONTRAST.light_square != DEFAULT_THEME.light_square
    async with Table() as table:
        await table.run("@alice /plateau settings palette:high-contrast")
        await table.run(LOBBY)
        sent.clear()
        await table.run("@alice /chess move move:e4")  # the thread's picture
        await table.run("@alice /chess board")  # in the thread: the cooldown starts
        await table.run("@alice /chess board\n@zed /chess board")  # privately, each
        pictures = [(d.to, d.user_id, squares(d)) for d in sent if d.files]
    world = table.console.world  # type: ignore[union-attr]
    alice, zed = world.user("alice").id, world.user("zed").id
    public = [counts for to, _, counts in pictures if to == "channel"]
    assert len(public) == 2
    for counts in public:  # the default, whoever moved or asked
        assert counts["default"] > 10_000 and counts["high-contrast"] < 1_000
    private = {user: counts for to, user, counts in pictures if to == "private"}
    assert set(private) == {alice, zed}
    assert private[alice]["high-contrast"] > 10_000 and private[alice]["default"] < 1_000
    assert private[zed]["default"] > 10_000 and private[zed]["high-contrast"] < 1_000


async def test_a_palette_is_chosen_in_a_dm_too() -> None:
    async with Table() as table:
        assert table.console is not None and table.storage is not None
        alice = Actor(5, "alice")
        options = {"palette": "high-contrast"}
        request = Request("plateau", "settings", alice, Place(9, is_dm=True), options)
        (told,) = await table.console.service.handle(request)
        assert told.to == "private" and told.text.startswith("Saved: the pictures sent")
        assert await table.storage.palette(5) == "high-contrast"


def fill_pixels(delivery: Delivery, army: str) -> dict[str, int]:
    """How many pixels of each palette's fill of ``army`` a delivery's picture holds."""
    (file,) = delivery.files
    data = Image.open(io.BytesIO(file.data)).convert("RGB").tobytes()
    counts = Counter(zip(data[0::3], data[1::3], data[2::3], strict=True))
    return {name: counts[theme.army(army).fill] for name, theme in PALETTES.items()}


async def test_a_secret_dm_picture_is_drawn_in_its_readers_palette(sent: list[Delivery]) -> None:
    """Loka's army builder, in each player's DMs: the army card in that player's palette."""
    async with Table() as table:
        assert table.console is not None
        await table.run("@alice /plateau settings palette:high-contrast")
        seats = {"fire": "alice", "earth": "bob", "water": "carol", "air": "dave"}
        await table.run(lobby_lines("loka", seats))
        world = table.console.world
        cards = {
            d.user_id: d
            for d in sent
            if d.to == "dm" and d.files and (d.slot or "").startswith("builder")
        }
        alice, bob = world.user("alice").id, world.user("bob").id
    fire, earth = fill_pixels(cards[alice], "fire"), fill_pixels(cards[bob], "earth")
    assert fire["high-contrast"] > 500 and fire["default"] == 0
    assert earth["default"] > 500 and earth["high-contrast"] == 0
