"""What a tournament says in its channel: the sign-up post (edited in place as players join,
with Join and Leave buttons), each round's pairings, each result, the standings after each
round (a picture and its text) and the final table. Every name is the entrant's name, never
an id; the words are the catalog's (``tournament.*``), in the server's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot import rendering
from bot.i18n import names_list, t
from bot.model import Attachment, Button, Delivery
from bot.service import TableService
from bot.tables.game import clip, mention
from bot.tables.timing import when
from bot.tournaments.model import ROUND_ROBIN, Entrant, Game, Tournament
from bot.tournaments.standings import Row, standings
from renderer.standings import StandingsView, standings_alt, standings_png

SHOWN_ROWS = 40  # lines of a standings post (the picture holds them all)


def slot(t_: Tournament) -> str:
    """The sign-up post's slot: one message, edited in place."""
    return f"tournament:{t_.id}"


def button_id(t_: Tournament, action: str) -> str:
    """``plateau:plateau:<tournament id>:tournament:<action>`` (``bot.cogs.plateau``)."""
    return f"plateau:plateau:{t_.id}:tournament:{action}"


async def locale_of(service: TableService, t_: Tournament) -> str:
    """The language of the tournament's public posts: the server's, else English."""
    return await service.storage.guild_language(t_.guild_id) or "en"


def names_of(entrants: Sequence[Entrant]) -> dict[int, str]:
    return {e.user_id: e.name for e in entrants}


def format_name(loc: str, t_: Tournament) -> str:
    return t(loc, f"tournament.format.{t_.format}")


def summary(loc: str, t_: Tournament) -> str:
    """The game, the format, the rounds, the clock and the options, in one line."""
    parts = [t(loc, f"game.{t_.kind}"), format_name(loc, t_)]
    if t_.format == ROUND_ROBIN:
        parts.append(t(loc, "tournament.every_round"))
    elif t_.format == "arena":
        parts.append(t(loc, "tournament.arena_minutes", n=t_.rounds or 60))
    else:
        parts.append(t(loc, "tournament.rounds", n=t_.rounds))
    if t_.clock:
        parts.append(t(loc, "tournament.clock", clock=t_.clock))
    if t_.options:
        parts.append(t_.options)
    return " · ".join(parts)


def signup(loc: str, t_: Tournament, entrants: Sequence[Entrant], line: str = "") -> Delivery:
    """The sign-up post: what the tournament is, who joined, and Join and Leave while it
    takes players (late joins are taken by a Swiss or an arena)."""
    players = [e for e in entrants if e.withdrawn_round is None]
    lines = [
        t(
            loc,
            "tournament.signup",
            id=t_.id,
            summary=summary(loc, t_),
            organizer=mention(t_.organizer_id),
        ),
    ]
    if t_.starts_at is not None and t_.status == "signup":
        lines.append(t(loc, "tournament.starts", when=when(t_.starts_at)))
    lines.append(t(loc, "tournament.players", n=len(players)))
    lines.append(", ".join(e.name for e in players) or "-")
    if line:
        lines.append(line)
    open_ = t_.status == "signup" or (
        t_.status in ("running", "paused") and t_.format != ROUND_ROBIN
    )
    buttons = []
    if open_:
        buttons = [
            Button(button_id(t_, "join"), t(loc, "tournament.button_join"), "primary"),
            Button(button_id(t_, "leave"), t(loc, "tournament.button_leave")),
        ]
    return Delivery(
        "channel", clip("\n".join(lines)), channel_id=t_.channel_id, buttons=buttons, slot=slot(t_)
    )


def seats_text(loc: str, game: Game, names: dict[int, str]) -> str:
    """Who plays at a table, in seat order (the first moves first)."""
    return t(loc, "tournament.versus").join(names.get(u, "?") for u in game.seats)


def round_post(
    loc: str, t_: Tournament, entrants: Sequence[Entrant], games: Sequence[Game]
) -> Delivery:
    """A round's pairings: each table, then the byes, and when its games open."""
    names = names_of(entrants)
    lines = [t(loc, "tournament.round_head", round=t_.round, id=t_.id)]
    for game in games:
        if game.is_bye:
            lines.append(t(loc, "tournament.bye", name=names.get(game.seats[0], "?")))
        else:
            lines.append(
                t(loc, "tournament.table", table=game.table, seats=seats_text(loc, game, names))
            )
    if t_.status == "paused":
        lines.append(t(loc, "tournament.round_paused"))
    elif t_.starts_at is not None:
        lines.append(t(loc, "tournament.round_at", when=when(t_.starts_at)))
    return Delivery("channel", clip("\n".join(lines)), channel_id=t_.channel_id)


def game_head(loc: str, t_: Tournament, game: Game, entrants: dict[int, Entrant]) -> str:
    names = {u: e.name for u, e in entrants.items()}
    return t(
        loc,
        "tournament.game_head",
        id=t_.id,
        round=game.round,
        table=game.table,
        seats=seats_text(loc, game, names),
    )


def headed(head: str, told: list[Delivery], channel: int, game_id: str) -> list[Delivery]:
    """``told`` with ``head`` over the game's first post in its channel. That post has a
    slot of its own: where the games share the tournament's channel (no threads), the
    computer players of the game that ended before never hold it back with their posts."""
    for delivery in told:
        if delivery.to == "channel" and delivery.channel_id == channel:
            delivery.text = clip(f"{head}\n{delivery.text}")
            delivery.slot = delivery.slot or f"tournament-game:{game_id}"
            break
    return told


def points_text(points: float) -> str:
    """A score as read: ``2``, ``2.5``, ``1.17`` (two decimals at most)."""
    return f"{round(points, 2):g}"


def result_line(loc: str, t_: Tournament, game: Game, entrants: Sequence[Entrant]) -> Delivery:
    """One result as the round's table reads it: each player and their points."""
    names = names_of(entrants)
    assert game.points is not None
    scored = t(loc, "tournament.versus").join(
        f"{names.get(u, '?')} ({points_text(p)})"
        for u, p in zip(game.seats, game.points, strict=True)
    )
    key = "tournament.awarded" if game.awarded else "tournament.result"
    text = t(loc, key, round=game.round, table=game.table, scores=scored)
    return Delivery("channel", text, channel_id=t_.channel_id)


def row_text(loc: str, row: Row) -> str:
    breaks = ", ".join(
        f"{t(loc, f'tournament.tiebreak.{name}')} {points_text(value)}"
        for name, value in zip(row.tiebreak_names, row.tiebreaks, strict=True)
    )
    return t(
        loc,
        "tournament.row",
        rank=row.rank,
        name=t(loc, "tournament.withdrawn", name=row.name) if row.withdrawn else row.name,
        points=points_text(row.points),
        played=row.played,
        tiebreaks=breaks or "-",
    )


async def standings_post(
    loc: str,
    t_: Tournament,
    entrants: Sequence[Entrant],
    games: Sequence[Game],
    *,
    final: bool = False,
) -> Delivery:
    """The standings after the round (or the final table): a picture, and its rows in
    text under a head line."""
    rows = standings(t_, entrants, games)
    if final:
        first = [row.name for row in rows if row.rank == 1]
        if len(first) > 1:  # a shared first place (a Loka team's two players, a tie)
            head = t(loc, "tournament.final_shared", id=t_.id, winners=names_list(loc, first))
        else:
            head = t(loc, "tournament.final", id=t_.id, winner=first[0] if first else "-")
    else:
        head = t(loc, "tournament.standings_head", id=t_.id, round=t_.round)
    lines = [head, *(row_text(loc, row) for row in rows[:SHOWN_ROWS])]
    # The picture says which round it follows (two lines before it is cut).
    title = t(
        loc,
        "tournament.picture_title_final" if final else "tournament.picture_title",
        game=t(loc, f"game.{t_.kind}"),
        id=t_.id,
        round=t_.round,
    )
    view = standings_view(loc, title, rows)
    image = await rendering.render(standings_png, view)
    file = Attachment(f"standings-{t_.id}.png", image, standings_alt(view))
    return Delivery(
        "channel",
        clip("\n".join(lines)),
        channel_id=t_.channel_id,
        files=[file],
        closes=final,
    )


def standings_view(loc: str, title: str, rows: Sequence[Row]) -> StandingsView:
    """The standings as the picture shows them: the reader's column heads, each row's
    cells (a withdrawn player's name marked)."""
    names = rows[0].tiebreak_names if rows else ()
    columns = (
        t(loc, "tournament.col_rank"),
        t(loc, "tournament.col_name"),
        t(loc, "tournament.col_points"),
        t(loc, "tournament.col_played"),
        *(t(loc, f"tournament.tiebreak.{name}") for name in names),
    )
    cells = [
        (
            str(row.rank),
            t(loc, "tournament.withdrawn", name=row.name) if row.withdrawn else row.name,
            points_text(row.points),
            str(row.played),
            *(points_text(v) for v in row.tiebreaks),
        )
        for row in rows
    ]
    return StandingsView(title, columns, cells)


def started(loc: str, t_: Tournament, entrants: Sequence[Entrant]) -> Delivery:
    players = len([e for e in entrants if e.withdrawn_round is None])
    text = t(loc, "tournament.started", id=t_.id, n=players, rounds=t_.rounds)
    return Delivery("channel", text, channel_id=t_.channel_id)


def said(loc: str, t_: Tournament, key: str, **values: object) -> Delivery:
    """A line of the tournament's own in its channel (paused, resumed, removed...)."""
    return Delivery("channel", t(loc, key, id=t_.id, **values), channel_id=t_.channel_id)
