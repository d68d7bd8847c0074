"""Lines of Action through the console table: the colours drawn by lot, a whole game of
every variant, draws offered and answered, private errors that explain, a restart over the
same SQLite file, French replies, and the teams variant (each partner pinged on their own
turn, nothing relayed).

Players sit as player 1, 2 (3, 4) and the bot draws the colours as the game starts: a test
reads who plays which colour from the game after the draw (:func:`drawn`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bot.tables.loa as loa_table
from engine.dice import Dice
from engine.loa import RULES, VARIANTS, Move, Place, legal_actions, to_act
from engine.loa.record import initial_state
from engine.record import GameRecord

from .console_driver import Table, png_bytes, refused_privately
from .test_console import Posts

TWO = ("alice", "bob")
FOUR = ("alice", "bob", "carol", "dave")
# White to move connects both its pieces with b2-c2 (Black's two stay apart).
ONE_MOVE_WIN = "white: b2 d3; black: e6 g8; turn: white"


@pytest.fixture(autouse=True)
def fast_images(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """A stand-in for the renderer that remembers how it was asked."""
    calls: list[dict] = []

    def board(seen, names, bottom, targets=(), selected=None, words=()):  # type: ignore[no-untyped-def]
        calls.append({"bottom": bottom, "targets": tuple(targets), "selected": selected})
        return png_bytes()

    monkeypatch.setattr(loa_table, "board_png", board)
    return calls


def lobby(variant: str, players: tuple[str, ...], extra: str = "") -> str:
    """The host opens (and sits as player 1), the others join the free seats, the host
    starts: the bot draws the colours."""
    host = players[0]
    lines = [f"@{host} /loa new variant:{variant} {extra}".rstrip()]
    lines += [f"@{user} /loa join" for user in players[1:]]
    lines.append(f"@{host} /loa start")
    return "\n".join(lines)


async def drawn(table: Table) -> dict[str, str]:
    """Who plays which seat (colour) in the latest game, as the draw made it."""
    row, _ = await table.latest()
    return {seat: row.meta["names"][str(user)] for seat, user in row.seats.items()}


def line_for(user: str, action: object) -> str:
    """The console line a player types for an engine action."""
    if isinstance(action, Move):
        return f"@{user} /loa move from:{action.src} to:{action.dst}"
    if isinstance(action, Place):
        return f"@{user} /loa place square:{action.square}"
    raise AssertionError(f"no console line for {action}")


def choose(state, seat: str, rng: random.Random):  # type: ignore[no-untyped-def]
    """Mostly the action that gathers the mover's pieces best (so that even games beyond
    the edges end), sometimes a random one."""
    actions = legal_actions(state, seat)
    if rng.random() < 0.3:
        return rng.choice(actions)
    colour = 1 if seat.startswith("black") else 0

    def spread(action: object) -> float:
        after, _ = RULES.apply(state, action, seat)
        if after.winners is not None:
            return -1.0 if seat in after.winners else 1e9
        mine = [(f, r) for f, r, code in after.pieces if code & 1 == colour]
        cf = sum(f for f, _ in mine) / len(mine)
        cr = sum(r for _, r in mine) / len(mine)
        return sum(max(abs(f - cf), abs(r - cr)) for f, r in mine) + rng.random()

    return min(actions, key=spread)


async def play_out(table: Table, users: dict[str, str], rng: random.Random, limit: int = 600):  # type: ignore[no-untyped-def]
    """Legal moves and placements, typed as console lines, until the game ends."""
    for _ in range(limit):
        row, state = await table.latest()
        if state.over:
            return row, state
        seat = to_act(state)[0]
        out = await table.run(line_for(users[seat], choose(state, seat, rng)))
        assert out and all(d["to"] == "channel" for d in out), out
    raise AssertionError("the game did not end")


def _uid(table: Table, name: str) -> int:
    assert table.console is not None
    return table.console.world.user(name).id


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("variant", VARIANTS)
async def test_a_whole_game_of_every_variant(variant: str, tmp_path: Path) -> None:
    players = FOUR if variant == "teams" else TWO
    async with Table() as table:
        out = await table.run(lobby(variant, players))
        users = await drawn(table)
        assert sorted(users.values()) == sorted(players)
        first = out[-1]
        assert first["to"] == "channel" and first["images"]
        assert "Colours drawn by lot" in first["text"]
        assert f"@{users[next(iter(users))]}, " in first["text"]  # the first seat is pinged
        row, state = await play_out(table, users, random.Random(variant))
        assert row.status == "over" and state.over
        texts = [d["text"] for d in table.deliveries() if d["to"] == "channel"]
        assert any("wins" in t or "Draw" in t for t in texts[-1:])
        assert "Seed:" in texts[-1]
        assert not [d for d in table.deliveries() if d["to"] == "dm"]  # nothing is secret
        # The log replays to the final state, and so does the exported record.
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        replayed = initial_state(row.config, bytes.fromhex(row.meta["seed"]), row.id, None)
        for entry in log:
            replayed, _ = RULES.apply(replayed, RULES.parse_action(entry.action), entry.seat)
        assert replayed.pieces == state.pieces and replayed.winners == state.winners
        table.console.image_dir = tmp_path  # type: ignore[union-attr]
        export = (await table.run(f"@{players[0]} /loa export game:{row.id}"))[0]
        assert export["to"] == "private" and "Position now:" in export["text"]
        record = GameRecord.parse_text(Path(export["images"][0]).read_text())
        assert record.replay(initial_state, RULES).pieces == state.pieces


@pytest.mark.parametrize("variant", ["standard", "parachute"])
async def test_a_whole_game_posts_one_board_a_turn(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Parachute turn is a move then a placement: the move is told in words, the board
    comes once the piece is placed. A picture is named by the game and its public ply only
    (nothing in this game is secret, so no name can give anything away)."""
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(lobby(variant, TWO))
        users = await drawn(table)
        posts.begin()
        rng = random.Random(variant)
        placed = 0
        while not (state := (await table.latest())[1]).over:
            seat = to_act(state)[0]
            action = choose(state, seat, rng)
            (post,) = await table.run(line_for(users[seat], action))
            row, after = await table.latest()
            if after.over or to_act(after)[0] != seat:
                assert post["images"] == [f"loa-{row.id}-{after.ply}.png"]
                posts.end_turn()
                placed += isinstance(action, Place)
            else:  # moved, and now places: in words, with the hint
                assert not post["images"] and "/loa moves" in post["text"]
        assert set(posts.turns) == {1}
        assert placed == (12 if variant == "parachute" else 0)


async def test_a_connection_win_from_a_position_with_captures_logged() -> None:
    async with Table() as table:
        await table.run(lobby("standard", TWO, f'position:"{ONE_MOVE_WIN}"'))
        who = await drawn(table)
        out = await table.run(f"@{who['white']} /loa move move:b2-c2")  # as the rules write it
        (post,) = out
        assert "White plays **b2-c2**" in post["text"]
        assert f"**White wins** (@{who['white']}): all its pieces are connected." in post["text"]
        row, state = await table.latest()
        assert state.winners == ("white",) and row.status == "over"
        out = await table.run(f"@{who['black']} /loa move from:e6 to:e5")
        assert out[0]["to"] == "private"
        # A capture is logged and told with its mark, after the draw.
        await table.run(lobby("standard", TWO, 'position:"white: a1 b2 h8; black: a3 g7"'))
        who = await drawn(table)
        out = await table.run(f"@{who['white']} /loa move from:a1 to:a3")
        assert "**a1xa3** and captures" in out[0]["text"]
        row, _ = await table.latest()
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        assert [e.action for e in log] == ["lots", "a1xa3"]


# ---------------------------------------------------------------- draws


async def test_a_draw_is_offered_off_turn_and_answered_by_the_other_side() -> None:
    async with Table() as table:
        await table.run(lobby("standard", TWO))
        w, b = (await drawn(table))["white"], (await drawn(table))["black"]
        out = await table.run(f"@{b} /loa draw")  # Black offers while White is to move
        assert "Black offers a draw" in out[0]["text"] and f"@{w}" in out[0]["text"]
        assert [b.rsplit(":", 1)[-1] for b in out[0]["buttons"]] == ["accept", "decline"]
        out = await table.run(f"@{b} /loa move from:b1 to:b3\n@{b} /loa draw action:accept")
        refused_privately(out, f"waits for an answer from White (@{w})")
        out = await table.run(f"@{w} /loa move from:a2 to:c4")
        assert "answer the draw offer first" in out[0]["text"]
        out = await table.run(f"@{w} /loa draw action:decline")
        assert "White declines the draw" in out[0]["text"]
        assert f"@{w}, White to move" in out[0]["text"]
        out = await table.run(f"@{b} /loa draw")
        assert (
            out[0]["to"] == "private"
            and "already offered a draw since the last move" in out[0]["text"]
        )
        await table.run(
            f"@{w} /loa move from:a2 to:c4\n@{w} /loa draw\n@{b} /loa draw action:accept"
        )
        row, state = await table.latest()
        assert state.termination == "agreement" and row.status == "over"
        assert "**Draw** by agreement" in table.deliveries()[-1]["text"]


# ---------------------------------------------------------------- colours by lot


async def test_the_host_sits_at_once_and_the_colours_are_drawn_by_the_games_dice() -> None:
    """Player 1 is the host from the start; the draw is the game's first roll, shown with
    the seats it made, logged, and it gives each player either colour over a few games."""
    whites = set()
    for seed in range(6):
        async with Table(seed=seed) as table:
            out = await table.run("@alice /loa new")
            assert "Player 1: @alice\nPlayer 2: free" in out[0]["text"]
            assert "colours drawn by lot at the start" in out[0]["text"]
            out = await table.run("@bob /loa join\n@alice /loa start")
            row, state = await table.latest()
            lobby_post, started = out[-2], out[-1]
            assert "Player 1: @alice\nPlayer 2: @bob" in lobby_post["text"]
            value, _ = Dice(bytes.fromhex(row.meta["seed"]), row.id).roll(2)
            white = ("alice", "bob")[value - 1]  # d2 = n: player n plays White
            black = "bob" if white == "alice" else "alice"
            assert state.lots == (value, 3 - value)
            assert await drawn(table) == {"white": white, "black": black}
            assert (
                f"Colours drawn by lot (d2 = {value}): White @{white} (player {value}); "
                f"Black @{black} (player {3 - value})." in started["text"]
            )
            assert f"@{white}, White to move." in started["text"] and started["images"]
            (entry,) = await table.storage.log(row.id)  # type: ignore[union-attr]
            assert (entry.seat, entry.action, entry.rolls) == ("white", "lots", [[0, 2, value]])
            whites.add(white)
    assert whites == {"alice", "bob"}


async def test_four_players_sit_as_partners_and_the_lot_gives_a_team_its_colour() -> None:
    whites = set()
    for n in range(6):
        async with Table(seed=n) as table:
            out = await table.run(f"@{FOUR[0]} /loa new variant:teams")
            assert "Player 1 (partner: Player 2)" in out[0]["text"]
            assert "Player 4 (partner: Player 3)" in out[0]["text"]
            out = await table.run(lobby("teams", FOUR).split("\n", 1)[1])
            who = await drawn(table)
            assert sorted(who) == ["black1", "black2", "white1", "white2"]
            assert sorted(who.values()) == sorted(FOUR)
            _, state = await table.latest()
            numbers = {name: n for n, name in enumerate(FOUR, 1)}
            assert state.lots == tuple(numbers[who[s]] for s in state.seats)
            # Players 1 and 2 are partners, 3 and 4 the other team: the draw keeps them so.
            white = (who["white1"], who["white2"])
            assert white in (("alice", "bob"), ("carol", "dave"))
            whites.add(white)
            line = out[-1]["text"].splitlines()[0]
            assert line.startswith("Colours drawn by lot (d2 = ")
            assert ", d" not in line.split(")")[0].removeprefix("Colours drawn by lot (d2")
            for seat, label in (
                ("white1", "White 1 (a-file)"),
                ("black2", "Black 2 (rank 8, marked)"),
            ):
                assert f"{label} @{who[seat]} (player {numbers[who[seat]]})" in line
            out = await table.run("@erin /loa join")
            assert out[0]["to"] == "private"
    assert whites == {("alice", "bob"), ("carol", "dave")}  # either team may get White


async def test_the_lobby_refuses_colours_and_a_full_table() -> None:
    async with Table() as table:
        await table.run("@alice /loa new")
        out = await table.run("@bob /loa join seat:white")  # colours are not chosen: drawn
        assert out[0]["to"] == "private" and "Choose a seat: player1, player2" in out[0]["text"]
        out = await table.run("@bob /loa join seat:player2\n@carol /loa join")
        assert "@bob takes Player 2" in out[0]["text"]
        assert out[1]["to"] == "private" and "Player 1 is taken by @alice" in out[1]["text"]
        out = await table.run("@alice /loa move move:a2-c4")  # before the start
        assert out[0]["to"] == "private" and "not started" in out[0]["text"]


# ---------------------------------------------------------------- errors


async def test_every_error_is_private_and_explains() -> None:
    async with Table() as table:
        out = await table.run(
            "@zed /loa move from:b1 to:b3\n"  # no game
            "@alice /loa new variant:chess\n"  # no such variant
            '@alice /loa new position:"white: a1 a1; black: b2"\n'  # a bad position
        )
        assert [d["to"] for d in out] == ["private"] * 3
        assert "No Lines of Action game" in out[0]["text"]
        assert "variant is one of standard, scrambled" in out[1]["text"]
        assert "two pieces on a1" in out[2]["text"]
        await table.run(lobby("standard", TWO))
        w, b = (await drawn(table))["white"], (await drawn(table))["black"]
        out = await table.run(
            f"@{b} /loa move from:b1 to:b3\n"  # not his turn
            f"@{w} /loa move from:a2 to:a5\n"  # wrong distance
            f"@{w} /loa move from:b1 to:b3\n"  # not hers
            f"@{w} /loa move from:a2 to:i2\n"  # off the board
            f"@{w} /loa place square:e4\n"  # not Parachute
            "@zed /loa move from:a2 to:c4\n"  # spectator
            f"@{w} /loa moves square:d4\n"  # no piece there
            f"@{w} /loa draw action:accept\n"  # nothing to answer
            f"@{w} /loa move from:a2\n"  # a square missing
            f"@{w} /loa move move:a2-c4 from:a2\n"  # the move given twice
            f"@{w} /loa move move:@e4\n"  # a placement is not a move
            f"@{w} /loa move move:a2+c4\n"  # not a move at all
        )
        refused_privately(
            out,
            "not your turn",
            "moves exactly 6 squares along that line",
            "the piece on b1 is black",
            "off the board",
            "only in Parachute",
            "only seated players",
            "No legal move starts on d4",
            "No draw offer waits",
            "Give a move, like move:b1-b3",
            "Give the move one way",
            "Give a move, like move:b1-b3",
            "is not a Lines of Action action",
        )
        _, state = await table.latest()
        assert state.ply == 0  # nothing changed
        await table.run(f"@{TWO[0]} /loa cancel")
        await table.run(lobby("standard", TWO, 'position:"white: a1 c3; black: b2 h7"'))
        out = await table.run(f"@{(await drawn(table))['white']} /loa move from:a1 to:d4")
        assert out[0]["to"] == "private"
        assert "would jump the enemy piece on b2" in out[0]["text"]


async def test_parachute_placements_and_their_errors() -> None:
    async with Table() as table:
        await table.run(lobby("parachute", TWO))
        w, b = (await drawn(table))["white"], (await drawn(table))["black"]
        out = await table.run(f"@{w} /loa place square:e4")
        assert "move a piece first" in out[0]["text"]
        out = await table.run(f"@{w} /loa move from:a2 to:c2")
        assert "place one of the 6 opponent pieces you hold" in out[0]["text"]
        out = await table.run(f"@{w} /loa move from:a4 to:c4\n@{w} /loa place square:h3")
        assert "now place one of the pieces you hold" in out[0]["text"]
        assert "h3 is taken" in out[1]["text"]
        out = await table.run(f"@{w} /loa moves")
        assert "now places one of the 6 held pieces" in out[0]["text"]
        out = await table.run(f"@{w} /loa place square:e4")
        assert "White places a Black piece on **e4** (5 left to place)" in out[0]["text"]
        assert f"@{b}, Black to move" in out[0]["text"]


async def test_moves_are_private_with_the_targets_drawn(fast_images: list[dict]) -> None:
    async with Table() as table:
        await table.run(lobby("standard", TWO))
        out = await table.run(f"@{(await drawn(table))['black']} /loa moves square:b1")
        assert out[0]["to"] == "private" and out[0]["text"] == "From b1: b1-h1, b1-b3, b1-d3"
        assert fast_images[-1] == {
            "bottom": "black",
            "targets": ("h1", "b3", "d3"),
            "selected": "b1",
        }
        out = await table.run("@zed /loa moves")  # a spectator: the seat on turn
        assert out[0]["to"] == "private" and out[0]["text"].startswith("White: 36 legal moves")


# ---------------------------------------------------------------- teams


async def test_teams_ping_each_partner_on_their_own_turn_and_relay_nothing() -> None:
    async with Table() as table:
        out = await table.run(lobby("teams", FOUR))
        who = await drawn(table)
        assert f"@{who['white1']}, White 1 (a-file) to move" in out[-1]["text"]
        order = []
        rng = random.Random(5)
        for _ in range(8):
            _, state = await table.latest()
            seat = to_act(state)[0]
            out = await table.run(line_for(who[seat], choose(state, seat, rng)))
            order.append(seat)
            pinged = [u for u in FOUR if f"@{u}," in out[0]["text"]]
            assert pinged == [who[to_act((await table.latest())[1])[0]]]
        assert order == ["white1", "black1", "white2", "black2"] * 2
        out = await table.run(f"@{who['white2']} /loa move from:a3 to:c3")  # White 1's piece
        assert "your partner's" in out[0]["text"] or "not your turn" in out[0]["text"]
        out = await table.run(f"@{who['white1']} /loa team message:go left")
        assert out[0]["to"] == "private" and "is not a command" in out[0]["text"]
        assert not [d for d in table.deliveries() if d["to"] == "dm"]
        row, _ = await table.latest()
        assert row.meta["silence"] is True
        out = await table.resign(who["black1"], "loa")
        winners = f"(@{who['white1']}, @{who['white2']})"
        assert f"**White wins** {winners} by resignation" in out[0]["text"]


# ---------------------------------------------------------------- restart and language


async def test_a_restart_with_the_db_in_the_middle_of_a_game(tmp_path: Path) -> None:
    db = str(tmp_path / "plateau.db")
    first = await Table(db=db, seed=11).open()
    await first.run(lobby("ambidextrous", TWO))
    who = await drawn(first)
    rng = random.Random(2)
    for _ in range(6):
        _, state = await first.latest()
        seat = to_act(state)[0]
        await first.run(line_for(who[seat], choose(state, seat, rng)))
    row, before = await first.latest()
    await first.close()  # the process stops here

    async with Table(db=db, seed=12) as second:
        resumed = second.deliveries()
        assert any(f"`{row.id}` is back" in d["text"] for d in resumed)
        ping = _uid(second, who[to_act(before)[0]])  # a name the new console has not seen yet
        assert any(f"@{ping}, " in d["text"] and "piece due" in d["text"] for d in resumed)
        assert not any("Colours drawn" in d["text"] for d in resumed)  # drawn once only
        row, state = await play_out(second, who, random.Random(3))
        assert state.over and row.status == "over"
        log = await second.storage.log(row.id)  # type: ignore[union-attr]
        assert len(log) >= 8 and [e.action for e in log].count("lots") == 1


async def test_french_players_read_french() -> None:
    async with Table() as table:
        await table.run("!locale @alice fr\n!locale @bob fr")
        out = await table.run("@alice /loa new variant:scrambled")
        assert "Œufs brouillés" in out[0]["text"]  # the host's language: the console has no guild's
        assert "Joueur 1 : @alice" in out[0]["text"] or "Joueur 1: @alice" in out[0]["text"]
        assert "couleurs tirées au sort" in out[0]["text"]
        assert "créée" in out[1]["text"]
        out = await table.run("@bob /loa join\n@alice /loa start")
        assert "Couleurs tirées au sort (d2 = " in out[-1]["text"]
        w, b = (await drawn(table))["white"], (await drawn(table))["black"]
        out = await table.run(f"@{b} /loa move from:b1 to:b3")
        assert out[0]["text"].startswith("Ce n'est pas votre tour")
        out = await table.run(f"@{w} /loa move from:b1 to:b3")
        assert out[0]["text"].startswith("Refusé : la pièce en b1 n'est pas à vous")
        out = await table.run(f"@{w} /loa move from:a2 to:a5")
        assert "se déplace d'exactement" in out[0]["text"]
        out = await table.run(f"@{w} /loa place square:e4")
        assert "qu'au Parachute" in out[0]["text"]
        out = await table.run(f"@{w} /loa moves square:a4")
        assert out[0]["text"].startswith("Depuis a4 :")
