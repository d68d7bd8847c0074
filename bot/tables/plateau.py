"""``/plateau``: what a member asks across every game of the server, not of one game (their
games and where they are awaited; ratings and profiles come here too). It stands among the
tables (``TABLE``) so that the service, the console and Discord reach it the same way, but
it holds no game."""

from __future__ import annotations

from typing import ClassVar

from bot import rendering
from bot.i18n import LANGUAGES, t
from bot.learning.course import course
from bot.model import Attachment, Button, Delivery, Request
from bot.options import TEXT, USER, Declarations, Number, user_id_of
from bot.ratings import shown
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables import alt, quotas
from bot.tables.awaiting import Seated, games_of
from bot.tables.game import mention
from bot.tables.lobby import guild_language
from bot.tables.pages import HELP_LIMIT, packed
from bot.tables.timing import when
from bot.tables.tournament import OPTIONS as TOURNAMENT_OPTIONS
from bot.tables.tournament import Tournaments
from renderer.ratings import Board, Standing, history_png, leaderboard_png
from renderer.theme import DEFAULT_PALETTE, PALETTES

KINDS = ("loka", "loa", "echec", "inka", "alako", "chess")
LEADERS = 10  # lines of each family's leaderboard
HISTORY = 30  # rated games in a profile's plot and list (the latest)
AUTO = "auto"  # /plateau settings language:auto clears the server's choice
# /plateau settings' quota options and the quota each sets (0: back to the default).
QUOTA_OPTIONS = {
    "lobbies": "member_lobbies",
    "games": "member_games",
    "channel_lobbies": "channel_lobbies",
}
QUOTA = Number(0, quotas.LIMIT_MAX)
PAGE = Number(0, 100_000)
GAMES_SLOT = "plateau:games"  # /plateau games' one message, its pages edited in place


class Plateau:
    kind = "plateau"
    options: ClassVar[Declarations] = {
        "games": {"page": PAGE},
        "leaderboard": {"game": TEXT},
        "profile": {"member": USER},
        "settings": {"language": TEXT, "palette": TEXT, **dict.fromkeys(QUOTA_OPTIONS, QUOTA)},
        **TOURNAMENT_OPTIONS,
    }

    def __init__(self) -> None:
        self.commands = {
            "games": self.games,
            "leaderboard": self.leaderboard,
            "profile": self.profile,
            "settings": self.settings,
        }
        self.tournaments = Tournaments()  # /plateau tournament ... (bot.tables.tournament)
        self.commands.update(self.tournaments.commands)

    async def game_ended(self, service: TableService, game: GameRow) -> list[Delivery]:
        """A game just ended: its tournament's result, if it is a tournament's."""
        return await self.tournaments.running.game_ended(service, game)

    async def tick(self, service: TableService, now: float) -> list[Delivery]:
        """What is due in the tournaments (a start, a round, a result left unrecorded)."""
        return await self.tournaments.running.tick(service, now)

    async def resume(self, service: TableService, game: GameRow) -> list[Delivery]:
        return []  # no game is ever of this kind

    async def expire(self, service: TableService, game: GameRow, now: float) -> list[Delivery]:
        return []

    def silenced_users(self, game: GameRow) -> frozenset[int]:
        return frozenset()

    async def games(self, service: TableService, request: Request) -> list[Delivery]:
        """The member's lobbies and running games on this server (every server's in a DM):
        where each is, whose turn it is and how long they have, theirs first. One message
        whatever their count: a page of it (``page``, from 1), with Previous and Next
        buttons that edit it in place (its slot)."""
        actor, loc = request.actor, request.actor.locale
        mine = await games_of(service, actor.id, request.place.guild_id)
        if not mine:
            return [service.private(actor, t(loc, "plateau.no_games"), slot=GAMES_SLOT)]
        waiting = sum(1 for s in mine if s.awaited)
        head = t(loc, "plateau.games_head", games=len(mine), waiting=waiting)
        room = HELP_LIMIT - len(head) - len(t(loc, "plateau.games_page", page=99999, pages=99999))
        pages = packed([self.line(s, loc) for s in mine], room - 2)
        page = min(max(int(request.options.get("page") or 1), 1), len(pages))
        text = "\n".join((head, pages[page - 1]))
        buttons = []
        if len(pages) > 1:
            text += "\n" + t(loc, "plateau.games_page", page=page, pages=len(pages))
            buttons = [
                Button(
                    f"plateau:plateau:games:page:{page - 1}",
                    t(loc, "plateau.page_previous"),
                    disabled=page == 1,
                ),
                Button(
                    f"plateau:plateau:games:page:{page + 1}",
                    t(loc, "plateau.page_next"),
                    disabled=page == len(pages),
                ),
            ]
        return [service.private(actor, text, buttons=buttons, slot=GAMES_SLOT)]

    async def leaderboard(self, service: TableService, request: Request) -> list[Delivery]:
        """A game's leaderboard on this server, as a picture: a table per family (Loka's
        cross by its number of people and Face-off, Lines of Action and its teams...)."""
        loc, guild = request.actor.locale, request.place.guild_id
        if guild is None:
            raise UserError("table.guild_only")
        kind = str(request.options.get("game") or "").strip().lower()
        if kind not in KINDS:
            raise UserError("plateau.pick_game", games=", ".join(KINDS))
        rows = await service.storage.leaderboard(guild, kind, LEADERS)
        if not rows:
            return [
                service.private(
                    request.actor, t(loc, "plateau.no_ratings", game=t(loc, f"game.of.{kind}"))
                )
            ]
        families = list(dict.fromkeys(r.family for r in rows))
        boards = [
            Board(
                family_name(loc, family),
                [
                    Standing(n, r.name, shown(r.mu, r.sigma), r.games, r.wins)
                    for n, r in enumerate((r for r in rows if r.family == family), start=1)
                ],
            )
            for family in families
        ]
        title = t(loc, "plateau.leaderboard", game=t(loc, f"game.{kind}"))
        name, rating, games, wins = t(loc, "plateau.heads").split("|")
        image = await rendering.render(leaderboard_png, title, boards, (name, rating, games, wins))
        text = t(loc, "plateau.leaderboard_text", game=t(loc, f"game.of.{kind}"))
        file = Attachment(f"leaderboard-{kind}.png", image, alt.standings(loc, title, boards))
        return [service.private(request.actor, text, files=[file])]

    async def profile(self, service: TableService, request: Request) -> list[Delivery]:
        """A member's ratings on this server, their latest rated games, and a plot of their
        rating over the games of the family they played most."""
        loc, guild = request.actor.locale, request.place.guild_id
        if guild is None:
            raise UserError("table.guild_only")
        member = user_id_of(request.options.get("member")) or request.actor.id
        ratings = await service.storage.ratings_of(guild, member)
        courses = await course_lines(service, loc, member)
        if not ratings:
            text = "\n".join([t(loc, "plateau.no_profile", user=mention(member)), *courses])
            return [service.private(request.actor, text)]
        played = await service.storage.results_of(guild, member, HISTORY)
        main = max(ratings, key=lambda r: r.games)
        lines = [t(loc, "plateau.profile", user=mention(member), name=main.name)]
        lines += [
            t(
                loc,
                "plateau.profile_rating",
                family=family_name(loc, r.family),
                rating=shown(r.mu, r.sigma),
                games=r.games,
                wins=r.wins,
            )
            for r in ratings
        ]
        lines.append(t(loc, "plateau.profile_latest"))
        lines += [  # the newest first
            t(
                loc,
                "plateau.place_drawn" if p.drawn else f"plateau.place_{p.place}",
                id=p.game_id,
                family=family_name(loc, p.family),
                rating=shown(p.mu, p.sigma),
            )
            for p in reversed(played[-10:])
        ]
        lines += courses
        values = [shown(p.mu, p.sigma) for p in played if p.family == main.family]
        title = f"{main.name}: {family_name(loc, main.family)}"
        image = await rendering.render(history_png, title, values)
        file = Attachment("profile.png", image, alt.rating_history(loc, title, values))
        texts = packed(lines, HELP_LIMIT)
        out = [service.private(request.actor, text) for text in texts]
        out[-1].files.append(file)
        return out

    async def settings(self, service: TableService, request: Request) -> list[Delivery]:
        """The server's settings: with ``language``, an admin (Manage Server) sets the
        language of the public posts of the server's new games (``auto``: back to the
        server's locale or the host's); with ``lobbies``, ``games`` or ``channel_lobbies``,
        a quota (0: back to the default); without any, anyone reads the current ones. With
        ``palette``, any member chooses the colours of the pictures sent to them alone (on a
        server or in a DM; :func:`palette`)."""
        actor, loc, guild = request.actor, request.actor.locale, request.place.guild_id
        wanted = str(request.options.get("language") or "").strip().lower()
        limits = {
            QUOTA_OPTIONS[name]: _quota(value)
            for name, value in request.options.items()
            if name in QUOTA_OPTIONS and value is not None and value != ""
        }
        if wanted or limits:
            if guild is None:
                raise UserError("table.guild_only")
            if not actor.manager:
                raise UserError("plateau.settings_forbidden")
            if wanted and wanted not in (*LANGUAGES, AUTO):
                raise UserError("plateau.pick_language", languages=", ".join((*LANGUAGES, AUTO)))
        told = await palette(service, request)
        if told and not wanted and not limits:
            return [service.private(actor, "\n".join(told))]
        if guild is None:
            raise UserError("table.guild_only")
        if not wanted and not limits:
            mine = await palette_setting(service, actor.id, loc)
            chosen = await service.storage.guild_language(guild)
            setting = self.language_setting(request, chosen)
            limited = await quota_setting(service, guild, loc)
            return [service.private(actor, f"{setting}\n{limited}\n{mine}")]
        if wanted:
            chosen = None if wanted == AUTO else wanted
            await service.storage.set_guild_language(guild, chosen)
            setting = self.language_setting(request, chosen)
            told.append(t(loc, "plateau.settings_saved", setting=setting))
        for name, value in limits.items():
            await service.storage.set_guild_quota(guild, name, value or None)
        if limits:
            setting = await quota_setting(service, guild, loc)
            told.append(t(loc, "quota.saved", setting=setting))
        return [service.private(actor, "\n".join(told))]

    @staticmethod
    def language_setting(request: Request, chosen: str | None) -> str:
        """What the server's language setting means, in the reader's words: the language
        an admin chose, or what the bot goes by without one (a Community guild's locale,
        which Discord tells only of Community guilds; else each game's host's)."""
        loc, place = request.actor.locale, request.place
        if chosen is not None:
            return t(loc, "plateau.language_chosen", language=t(loc, f"language.{chosen}"))
        guild = guild_language(place)
        if guild is not None:
            return t(loc, "plateau.language_community", language=t(loc, f"language.{guild}"))
        return t(loc, "plateau.language_host")

    @staticmethod
    def line(seated: Seated, loc: str) -> str:
        table, game = seated.table, seated.game
        row = game.row
        head = t(loc, "plateau.game", game=t(loc, f"game.{row.kind}"), id=row.id)
        where = f"<#{row.channel_id}>"
        seats = table.seats_label(loc, seats_or_lobby(seated))
        if row.status == "lobby":
            taken = len(game.seats)
            total = sum(len(g) for g in table.seat_groups(game))
            return t(loc, "plateau.game_lobby", head=head, where=where, taken=taken, total=total)
        if seated.awaited:
            turn = (game.meta.get("clock") or {}).get("turns", {}).get(seated.awaited[0])
            due = "" if turn is None else " ⏰ " + when(turn["since"] + turn["allowed"])
            return t(loc, "plateau.game_yours", head=head, where=where, seats=seats, due=due)
        return t(
            loc,
            "plateau.game_theirs",
            head=head,
            where=where,
            seats=seats,
            waiting=table.waiting(game) or "-",
        )


def family_name(loc: str, family: str) -> str:
    """A ratings family as a player reads it: ``loka-4`` "Loka, 4 people", ``inka-3``
    "Inka, 3 players", ``loka-faceoff`` "Loka, Face-off", ``loa-teams``, ``chess``..."""
    kind, _, variant = family.partition("-")
    game = t(loc, f"game.{kind}")
    if not variant:
        return game
    if variant.isdigit():
        return t(loc, "family.people" if kind == "loka" else "family.players", game=game, n=variant)
    return t(loc, f"family.{variant}", game=game)


def _quota(value: object) -> int:
    """A quota option's value: a whole number from 0 (the default) to the most allowed."""
    try:
        number = int(str(value).strip())
    except ValueError:
        number = -1
    if not 0 <= number <= quotas.LIMIT_MAX:
        raise UserError("quota.pick_number", high=quotas.LIMIT_MAX)
    return number


async def palette(service: TableService, request: Request) -> list[str]:
    """``/plateau settings palette:<name>``: the member's palette, saved (``default``: back
    to it), and what it changes, in their words; nothing without the option. The pictures
    sent to that member alone (a private ``board``, their DMs) use it; every public picture
    keeps the default, which every eye can read (tests/renderer/test_colour_vision.py)."""
    wanted = str(request.options.get("palette") or "").strip().lower()
    if not wanted:
        return []
    loc = request.actor.locale
    if wanted not in PALETTES:
        raise UserError("plateau.pick_palette", palettes=", ".join(PALETTES))
    chosen = None if wanted == DEFAULT_PALETTE else wanted
    await service.storage.set_palette(request.actor.id, chosen, loc)
    return [t(loc, "plateau.palette_saved", palette=wanted)]


async def palette_setting(service: TableService, user_id: int, loc: str) -> str:
    """The member's palette, in their words, with the others they could choose."""
    chosen = await service.storage.palette(user_id) or DEFAULT_PALETTE
    return t(loc, "plateau.palette_setting", palette=chosen, palettes=", ".join(PALETTES))


async def quota_setting(service: TableService, guild: int, loc: str) -> str:
    """The server's quotas in the reader's words, each marked when it is the default."""
    chosen = await service.storage.guild_quotas(guild)
    lines = [t(loc, "quota.head")]
    for option, name in QUOTA_OPTIONS.items():
        value = chosen.get(name)
        shown = str(value) if value else t(loc, "quota.default", n=quotas.DEFAULTS[name])
        lines.append(t(loc, f"quota.{name}_setting", n=shown, option=option))
    return "\n".join(lines)


def seats_or_lobby(seated: Seated) -> tuple[str, ...]:
    return seated.awaited or seated.seats


HUB = Plateau  # not a TABLE: bot.games.tables() lists the games alone


async def course_lines(service: TableService, loc: str, member: int) -> list[str]:
    """The courses (``/<game> learn``) a member took: each game's lessons finished, of all."""
    parts = []
    for kind, progress in sorted((await service.storage.lessons(member)).items()):
        ids = {lesson.id for lesson in course(kind)}
        done = len(ids.intersection(progress.done))
        if ids and done:
            key = "plateau.course_done" if done == len(ids) else "plateau.course_part"
            parts.append(t(loc, key, game=t(loc, f"game.{kind}"), done=done, total=len(ids)))
    return [t(loc, "plateau.profile_courses", courses=", ".join(parts))] if parts else []
