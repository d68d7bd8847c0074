"""The lobby and its seats: ``/<game> new`` (a lobby, the host seated at once), ``join``,
``leave``, ``cancel`` and ``start``, the lobby's one message (edited in place as seats fill)
with its buttons, and who sits where. :class:`Lobby` is a part of a table (``table.lobby``);
a game whose lobby says more (chess's random colours, Loka's Face-off sides) subclasses it."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, language, t
from bot.model import Button, Delivery, Place, Request, is_ai
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables import quotas
from bot.tables.game import Change, TableGame, mention, sit
from bot.tables.hooks import Table
from bot.tables.timing import Clock
from engine.dice import commitment


def guild_language(place: Place) -> str | None:
    """The language of the guild's own locale, if it has one: only a Community guild does
    (Discord reports en-US for any other, whatever its members speak), and only one that
    Plateau speaks counts (a German guild's games go by their host's language instead)."""
    if place.community and (place.guild_locale or "").lower().startswith(LANGUAGES):
        return language(place.guild_locale)
    return None


def lent(game: TableGame, holder: int) -> bool:
    """Does ``holder`` hold their seat only because ``/new`` seated the host there?"""
    return holder == game.row.host_id and bool(game.meta.get("host_default"))


def host_chooses(game: TableGame, user: int) -> bool:
    """Is ``user`` the host choosing a seat for the first time (they hold the one
    ``/new`` gave them)? From now on the host's seat is their own choice."""
    if user != game.row.host_id or not game.meta.get("host_default"):
        return False
    del game.meta["host_default"]
    return True


def in_lobby(game: TableGame) -> None:
    """Refuse a lobby command once the game started, or was cancelled."""
    if game.row.status == "cancelled":
        raise UserError("table.was_cancelled", id=game.row.id)
    if game.row.status != "lobby":
        raise UserError("table.already_started")


class Lobby:
    """The lobby of the table's games, and its seats."""

    def __init__(self, table: Table, clock: Clock) -> None:
        self.table = table
        self.clock = clock  # the lobby's clock: clock: and timeout:

    def seat_list(self, game: TableGame) -> str:
        table = self.table
        loc = game.locale
        lines = []
        for group in table.seat_groups(game):
            user = game.user_of(group[0])
            label = table.seats_label(loc, group)
            note = table.seat_note(game, group)
            who = game.who(user) if user else t(loc, "table.seat_free")
            lines.append(f"{label}{f' ({note})' if note else ''}: {who}")
        return "\n".join(lines)

    def lobby_buttons(self, game: TableGame) -> list[Button]:
        table = self.table
        loc = game.locale
        game_id = game.row.id
        buttons = []
        for group in table.seat_groups(game):
            label = table.seats_label(loc, group)
            holder = game.user_of(group[0])
            buttons.append(
                Button(
                    table.button_id(game_id, f"join:{group[0]}"),
                    label,
                    "primary",
                    # A person may take a computer player's seat, or the one the host
                    # holds only because ``/new`` seated them there (the host moves).
                    disabled=holder is not None and not is_ai(holder) and not lent(game, holder),
                )
            )
        buttons += self.ai_buttons(game)
        buttons.append(Button(table.button_id(game_id, "leave"), t(loc, "button.leave")))
        buttons.append(Button(table.button_id(game_id, "start"), t(loc, "button.start"), "success"))
        return buttons

    def ai_buttons(self, game: TableGame) -> list[Button]:
        """A computer player for each free seat, or away from a seat it holds (the host's)."""
        table = self.table
        loc = game.locale
        buttons = []
        for group in table.seat_groups(game):
            holder = game.user_of(group[0])
            if holder is None or lent(game, holder):
                level, key = "normal", "button.ai_add"
            elif is_ai(holder):
                level, key = "remove", "button.ai_remove"
            else:
                continue
            seats = table.seats_label(loc, group)
            custom_id = table.button_id(game.row.id, f"ai:{group[0]}:{level}")
            buttons.append(Button(custom_id, t(loc, key, seats=seats)))
        return buttons

    async def game_channel(self, request: Request, locale: str) -> int:
        """Where an accepted new game lives: its own thread when the adapter can open one,
        else the channel where it was asked for."""
        table = self.table
        opener = request.place.open_thread
        if opener is not None:
            thread = await opener(t(locale, f"game.{table.kind}"))
            if thread is not None:
                return thread
        return request.place.channel_id

    @staticmethod
    async def public_locale(service: TableService, request: Request) -> str:
        """The language of a new game's public posts: the ``language`` option, else the
        server's as its admins set it (``/plateau settings``), else the guild's locale if it
        is a Community guild (Discord reports en-US for every other guild, whatever its
        members speak), else the host's own."""
        wanted = request.options.get("language")
        if wanted is not None and wanted != "":
            if wanted not in LANGUAGES:
                raise UserError("table.pick_language", languages=", ".join(LANGUAGES))
            return str(wanted)
        place = request.place
        if place.guild_id is not None:
            chosen = await service.storage.guild_language(place.guild_id)
            if chosen in LANGUAGES:
                return str(chosen)
        return guild_language(place) or language(request.actor.locale)

    @staticmethod
    def guild_only(request: Request) -> None:
        if request.place.is_dm or request.place.guild_id is None:
            raise UserError("table.guild_only")

    async def new(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        self.guild_only(request)
        config, extra = table.configure(request)
        clock = self.clock.option(request)
        if clock:
            extra = {**extra, "clock": clock}
        rated = str(request.options.get("rated") or "").strip().lower()
        if rated:
            if rated not in ("yes", "no"):
                raise UserError("table.pick_rated")
            extra = {**extra, "rated": rated == "yes"}
        hints = str(request.options.get("hints") or "").strip().lower()
        if hints not in ("", "on", "off"):
            raise UserError("coach.pick_hints")
        if hints == "on":  # /<game> hint for every player; the game is unrated
            if extra.get("rated"):
                raise UserError("coach.hints_rated")
            extra = {**extra, "hints_on": True, "rated": False}
        locale = await self.public_locale(service, request)
        async with quotas.lobby_slot(service, table.kind, request):  # before any thread opens
            channel = await self.game_channel(request, locale)
            return await service.create(
                lambda game_id, seed: self.new_row(
                    service, request, game_id, seed, config, extra, locale, channel
                )
            )

    def new_row(
        self,
        service: TableService,
        request: Request,
        game_id: str,
        seed: bytes,
        config: dict[str, Any],
        extra: dict[str, Any],
        locale: str,
        channel: int,
    ) -> tuple[GameRow, list[Delivery]]:
        """A new lobby under ``game_id``, and what it tells."""
        table = self.table
        row = GameRow(
            id=game_id,
            kind=table.kind,
            guild_id=request.place.guild_id,
            channel_id=channel,
            origin_channel_id=request.place.channel_id,
            host_id=request.actor.id,
            status="lobby",
            config=config,
            state=None,
            meta={
                "seats": {},
                "names": {str(request.actor.id): request.actor.name},
                "deadline": None,
                "seed": seed.hex(),
                "commitment": commitment(seed),
                "locale": locale,
                **extra,
            },
            created_at=service.clock(),
        )
        game = table.game(row)
        groups = table.seat_groups(game)
        if not game.seats and groups:
            # The host sits at once, in every game: where ``/new`` put them (chess's
            # colour), else in the first seat, which they hold until they choose (another
            # ``join`` moves them) and which a newcomer who wants it takes (the host moves).
            sit(game, groups[0], request.actor.id)
            game.meta["host_default"] = True
        loc = game.locale
        game.meta["lobby_text"] = t(
            loc,
            "table.lobby",
            game=t(loc, f"game.of.{table.kind}"),
            host=mention(request.actor.id),
            id=game_id,
            summary="\n".join(x for x in (table.summary(game), self.clock.summary(game)) if x),
            command=f"/{table.kind} join",
        )
        return row, [
            self.post(game),
            service.private(request.actor, t(request.actor.locale, "table.created", id=game_id)),
        ]

    async def join(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind, lobby_only=True)
        locale = request.actor.locale
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            in_lobby(game)
            group = self.seat_group(game, request)
            wanted = group[0]
            holder = game.user_of(wanted)
            label = table.seat_label(locale, wanted)
            chosen = host_chooses(game, request.actor.id)
            if holder == request.actor.id and not chosen:
                raise UserError("table.already_seated", seat=label)
            moved = ""
            if holder is not None and holder != request.actor.id and not is_ai(holder):
                moved = self.host_gives_way(game, group, holder)
            groups = table.seat_groups(game)
            held = {g for g in groups if game.user_of(g[0]) == request.actor.id}
            if chosen:  # the host leaves the seat they were given for the one they choose
                for seat in (s for g in held if g != group for s in g):
                    del game.meta["seats"][seat]
            elif len(held) >= table.max_seats_per_person(game):
                raise UserError("table.one_seat_each")
            dm_locale = await service.locale_of(request.actor.id)
            hello = t(
                dm_locale,
                "table.dm_hello",
                game=t(dm_locale, f"game.of.{table.kind}"),
                id=game.row.id,
            )
            if table.needs_dms and not await service.reachable(request.actor.id, hello):
                raise UserError("error.dms_closed")
            sit(game, group, request.actor.id)
            game.meta["names"][str(request.actor.id)] = request.actor.name
            seated = table.seats_label(game.locale, group)
            line = t(game.locale, "table.joined", user=mention(request.actor.id), seat=seated)
            line = f"{line} {moved}" if moved else line
            return await service.save(game.row, told=[self.post(game, line)])

    def host_gives_way(self, game: TableGame, group: tuple[str, ...], holder: int) -> str:
        """The seat ``group`` for a newcomer: the host, who holds it only because ``/new``
        seated them there, moves to the first free seat (the line saying so); anyone else,
        or a full table, refuses, naming who holds it."""
        table = self.table
        label = table.seats_label(game.locale, group)
        free = [g for g in table.seat_groups(game) if game.user_of(g[0]) is None]
        if not lent(game, holder) or not free:
            raise UserError("table.seat_taken", seat=label, user=mention(holder))
        sit(game, free[0], holder)
        for seat in group:
            del game.meta["seats"][seat]
        other = table.seats_label(game.locale, free[0])
        return t(game.locale, "table.host_moved", user=mention(holder), seat=other)

    def seat_group(self, game: TableGame, request: Request) -> tuple[str, ...]:
        """The seats the request's ``seat`` (Loka: ``army``) option names, taken together."""
        table = self.table
        wanted = str(request.options.get("seat") or request.options.get("army") or "")
        wanted = table.seat_named(game, wanted)
        groups = table.seat_groups(game)
        group = next((g for g in groups if wanted in g), None)
        if group is None:
            seats = ", ".join(s for g in groups for s in g)
            if wanted:  # a name that is no seat of this game, nor ever was
                raise UserError("table.no_such_seat", seat=wanted, seats=seats)
            raise UserError("table.pick_seat", seats=seats)
        return group

    def post(self, game: TableGame, line: str = "", *, open_: bool = True) -> Delivery:
        """The lobby: one message, edited in place as seats fill (its slot), with the last
        change on its last line; without buttons once the game started or was cancelled."""
        table = self.table
        head = game.meta.get("lobby_text") or t(
            game.locale,
            "table.lobby_head",
            game=t(game.locale, f"game.of.{table.kind}"),
            id=game.row.id,
        )
        text = "\n".join(part for part in (head, self.seat_list(game), line) if part)
        return Delivery(
            "channel",
            text,
            channel_id=game.row.channel_id,
            buttons=self.lobby_buttons(game) if open_ else [],
            slot=f"lobby:{game.row.id}",
        )

    async def leave(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            if game.row.status == "cancelled":
                raise UserError("table.was_cancelled", id=game.row.id)
            if game.row.status != "lobby":
                raise UserError("table.leave_started")
            mine = game.seats_of(request.actor.id)
            if not mine:
                raise UserError("table.not_seated")
            for seat in mine:
                del game.meta["seats"][seat]
            host_chooses(game, request.actor.id)  # a host who leaves chose not to sit
            line = t(game.locale, "table.left", user=mention(request.actor.id))
            return await service.save(game.row, told=[self.post(game, line)])

    async def cancel(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            if request.actor.id != game.row.host_id and not request.actor.manager:
                raise UserError("table.cancel_forbidden")
            if game.row.status == "cancelled":
                raise UserError("table.was_cancelled", id=game.row.id)
            was_lobby = game.row.status == "lobby"
            game.row.status = "cancelled"
            text = t(game.locale, "table.cancelled", user=mention(request.actor.id), id=game.row.id)
            if was_lobby:
                told = [self.post(game, text, open_=False)]
            else:
                told = [Delivery("channel", text, channel_id=game.row.channel_id)]
            saved = await service.save(game.row, told=told)
            if not was_lobby and game.meta.get("tournament"):  # its tournament records it
                saved += await service.ended(game.row)
            return saved

    async def start(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            in_lobby(game)
            if request.actor.id != game.row.host_id:
                raise UserError("table.host_only", user=mention(game.row.host_id))
            free = [s for g in table.seat_groups(game) for s in g if s not in game.seats]
            if free:
                labels = ", ".join(table.seat_label(request.actor.locale, s) for s in free)
                raise UserError("table.seats_free", seats=labels)
            if all(is_ai(u) for u in game.seats.values()):
                raise UserError("table.needs_a_person")
            async with quotas.running_slots(service, game.row.guild_id, game.seats.values()):
                game.state = table.initial_state(game)
                game.row.status = "running"
                started = (
                    t(
                        game.locale,
                        "table.started",
                        id=game.row.id,
                        commitment=game.meta["commitment"],
                    )
                    if table.uses_chance(game)
                    else t(game.locale, "table.started_plain", id=game.row.id)
                )
                # The lobby keeps its seats but loses its buttons; the start line is said there.
                lobby = self.post(game, started, open_=False)
                # What the table does by itself at once (Alako's lots, the chess colours) is
                # saved and told with the start.
                entries = table.follow_up(game)

                async def tell() -> list[Delivery]:
                    if entries:
                        events = [e for _, e in entries]
                        told = [lobby, *await table.after(service, game, Change(events))]
                    else:
                        told = [lobby, *await table.announce_start(service, game)]
                    return await table.elsewhere(service, game, told)

                return await table.persist(service, game, entries, tell)
