"""The console table: the very same service as the Discord bot, driven from a terminal.

Each line is ``@<user> /<game> <command> <option>:<value> ...``, e.g.
``@alice /loka move from:e2 to:e4``. Values with spaces take quotes
(``position:"fire: Ke1; earth: Ka6"``), except that words without a colon continue the
previous value (``message:see you there``). Words between the command and its first
``name:value`` fill the command's options in order, as Discord's client offers them, but
``game`` (``/echec advance c2`` is ``unit:c2``). A member is ``@name``, in a user option too
(``/chess new opponent:@bob``). ``#name`` switches the channel; a line starting
with ``# `` is a comment. Directives: ``!locale @bob fr``, ``!manager @carol``,
``!guild fr community`` (the server's locale, and whether it is a Community server),
``!dms @bob closed|open``, ``!wait 11m`` (advance the clock and apply time-outs),
``!press @bob Resign`` (press the latest button @bob sees with that label or action, as on
Discord: ``/loka resign`` asks, the press resigns).

Tournaments are ``/plateau tournament ...`` as on Discord (README, "A tournament in the
console"); the organizer seats computer players with ``/plateau tournament join
computer:easy`` (``normal``, ``strong``), so one person can run a whole tournament. Each of
its games plays in a channel of its own (``#general-round-1-table-2``), as in a thread.

Buttons print after their message as ``[Label]``.

What a change owes players is kept in the database's outbox until it is printed: a run over
``--db`` prints first what an earlier run left unprinted. Logs go to stderr at
``PLATEAU_LOG_LEVEL``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import shlex
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot import rendering
from bot import settings as settings_module
from bot.clocks import duration
from bot.games import guide, services
from bot.logs import setup as setup_logging
from bot.model import Actor, Button, Delivery, Place, Request
from bot.options import UserId, declared
from bot.service import Ids, TableService
from bot.storage import SqlStorage, storage_for

_MENTION = re.compile(r"<@(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_MOMENT = re.compile(r"<t:(-?\d+):R>")  # Discord's relative time: "in 5 h", "3 min ago"
_MEMBER = re.compile(r"@(\S+)")  # a member as typed at the console, as a line names its user
_DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhd]?)")
WAIT_USAGE = "!wait takes a duration: 30s, 11m, 2h or 3d (a bare number is seconds)"
PRESS_USAGE = "!press takes a user and a button: !press @bob Resign (its label or its action)"
DIRECTIVES = (
    "directives: !locale @user fr, !manager @user, !guild fr community, !dms @user closed, "
    "!wait 11m, !press @user Resign"
)
BUTTONS_KEPT = 200  # the latest buttons shown, the ones a !press may reach


def stable_id(name: str) -> int:
    """The same user or channel name always gets the same id (so --db files resume)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:6], "big")


@dataclass
class ConsoleWorld:
    channel: str = "general"
    locales: dict[str, str] = field(default_factory=dict)
    managers: set[str] = field(default_factory=set)
    closed_dms: set[int] = field(default_factory=set)
    names: dict[int, str] = field(default_factory=dict)
    offset: float = 0.0
    frozen: float | None = None  # a clock that moves only with !wait (scripts and tests)
    guild_locale: str | None = None  # as Discord reports the server's (!guild)
    community: bool = False

    def user(self, name: str) -> Actor:
        uid = stable_id("user:" + name)
        self.names[uid] = name
        return Actor(uid, name, self.locales.get(name, "en"), name in self.managers)

    def channel_id(self, name: str) -> int:
        cid = stable_id("channel:" + name)
        self.names[cid] = "#" + name
        return cid

    def place(self, channel_id: int) -> Place:
        """A channel of the console's one server, with the server's locale."""
        return Place(
            channel_id, guild_id=1, guild_locale=self.guild_locale, community=self.community
        )

    def clock(self) -> float:
        return (time.time() if self.frozen is None else self.frozen) + self.offset


@dataclass(frozen=True)
class ShownButton:
    """A button as it was shown: to one user (``user_id``) or to a channel (None), and the
    place a press of it comes from (a DM's buttons are pressed in the DM, as on Discord)."""

    button: Button
    user_id: int | None
    place: Place
    slot: str | None = None  # a message edited in place keeps only its latest buttons

    def answers(self, wanted: str) -> bool:
        """Is this the button called ``wanted``: its label, its action or its custom id?"""
        custom_id = self.button.custom_id.lower()
        return wanted in (self.button.label.lower(), custom_id) or custom_id.endswith(":" + wanted)


class TooManyWords(Exception):
    """More words without a name than the command has options to fill (a private error)."""


def parse_line(
    line: str, tables: Mapping[str, Any] | None = None
) -> tuple[str, str, dict[str, str]]:
    """``/loka army add piece:queen count:2`` -> ``('loka', 'army add', {...})``. Knowing
    the ``tables``, the words after a command fill its options in order:
    ``/echec advance c2`` -> ``('echec', 'advance', {'unit': 'c2'})``."""
    tokens = shlex.split(line)
    if not tokens or not tokens[0].startswith("/"):
        raise ValueError("a command starts with /, like /loka move from:e2 to:e4")
    game = tokens[0][1:]
    words: list[str] = []
    options: dict[str, str] = {}
    last = None
    for token in tokens[1:]:
        name, sep, value = token.partition(":")
        if sep and re.fullmatch(r"[a-z_]+", name):
            options[name] = value
            last = name
        elif last is not None:
            options[last] += " " + token
        else:
            words.append(token)
    table = (tables or {}).get(game)
    commands = getattr(table, "commands", {})
    # The longest known command first (``army add``); none known: the service refuses it.
    cut = next((n for n in range(len(words), 0, -1) if " ".join(words[:n]) in commands), len(words))
    command = " ".join(words[:cut])
    return game, command, {**positional(table, game, command, words[cut:], options), **options}


def positional(
    table: Any, game: str, command: str, words: list[str], named: Mapping[str, str]
) -> dict[str, str]:
    """The options ``words`` fill, in the order ``command`` declares them: ``game`` is left
    to its name (it is optional and only picks the game), and so is any option ``named``."""
    if not words:
        return {}
    known = declared(table, command)
    order = [name for name in known if name != "game"]
    free = [name for name in order if name not in named]
    if len(words) > len(free):
        shown = [*order, "game:<id> (by name only)"] if "game" in known else order
        takes = f"these options, in order: {', '.join(shown)}" if shown else "no option"
        raise TooManyWords(
            f"/{game} {command} takes {takes}. Too many words without a name: {shlex.join(words)}"
        )
    return dict(zip(free, words, strict=False))


class Console:
    def __init__(
        self,
        service: TableService,
        world: ConsoleWorld,
        out: TextIO,
        *,
        as_json: bool = False,
        image_dir: Path | None = None,
    ) -> None:
        self.service = service
        self.world = world
        self.out = out
        self.as_json = as_json
        self.image_dir = image_dir
        self.images_written = 0
        self.buttons: list[ShownButton] = []
        self.slots_shown: set[tuple[str, str, int | None, int | None]] = set()
        service.autoplay.sink = self.emit_all  # what the computer players' actions tell
        # A tournament's games open each in a "thread": a channel of its own, named for the
        # tournament's channel, the round and the table (#general-round-1-table-2).
        tournaments = getattr(service.tables.get("plateau"), "tournaments", None)
        if tournaments is not None:
            tournaments.running.open_thread = self.thread

    async def thread(self, channel_id: int, name: str) -> int:
        """A channel of its own for a tournament's game, as Discord's thread would be."""
        parent = self.world.names.get(channel_id, "#channel").lstrip("#")
        slug = "-".join(re.findall(r"[\w]+", name.lower()))
        taken = set(self.world.names.values())
        wanted = f"{parent}-{slug}"
        chosen = next(
            f"{wanted}-{n}" if n else wanted
            for n in range(len(taken) + 1)
            if f"#{wanted}-{n}" not in taken and (n or f"#{wanted}" not in taken)
        )
        return self.world.channel_id(chosen)

    async def run(self, lines: Iterable[str]) -> None:
        await self.service.autoplay.idle()  # those a restart resumed play first
        for raw in lines:
            await self.line(raw.rstrip("\n"))

    async def emit_all(self, deliveries: list[Delivery]) -> None:
        for delivery in deliveries:
            await self.emit(delivery)

    async def line(self, line: str) -> None:
        """Run one line; the computer players it awaits play before the next line is read,
        so that a script reads (and replays) in order."""
        await self._line(line)
        await self.service.autoplay.idle()

    async def _line(self, line: str) -> None:
        text = line.strip()
        if not text or text.startswith("# ") or text == "#":
            return
        if text.startswith("#"):
            self.world.channel = text[1:].strip()
            return
        if text.startswith("!"):
            await self.directive(text[1:].split())
            return
        match = re.match(r"^@(\S+)\s+(.*)$", text)
        if not match:
            self.emit_note("a line is '@user /game command option:value ...'")
            return
        actor = self.world.user(match.group(1))
        try:
            game, command, options = parse_line(match.group(2), self.service.tables)
        except ValueError as exc:
            self.emit_note(str(exc))
            return
        except TooManyWords as exc:  # the player's mistake: answered as the service would
            self.write(Delivery("private", str(exc), user_id=actor.id))
            return
        place = self.world.place(self.world.channel_id(self.world.channel))
        request = Request(game, command, actor, place, self.members(game, command, options))
        deliveries = await self.service.handle(request)
        for delivery in deliveries:
            await self.emit(delivery)

    def members(self, game: str, command: str, options: dict[str, str]) -> dict[str, Any]:
        """``@bob`` in a user option is that member's id, as Discord sends a picked user."""
        kinds = declared(self.service.tables.get(game), command)
        return {
            name: self.world.user(member.group(1)).id
            if isinstance(kinds.get(name), UserId) and (member := _MEMBER.fullmatch(value))
            else value
            for name, value in options.items()
        }

    async def directive(self, words: list[str]) -> None:
        if words[:1] == ["locale"] and len(words) == 3:
            self.world.locales[words[1].lstrip("@")] = words[2]
        elif words[:1] == ["manager"] and len(words) == 2:
            self.world.managers.add(words[1].lstrip("@"))
        elif words[:1] == ["guild"] and len(words) in (2, 3) and words[2:] in ([], ["community"]):
            self.world.guild_locale, self.world.community = words[1], words[2:] == ["community"]
        elif words[:1] == ["dms"] and len(words) == 3:
            uid = self.world.user(words[1].lstrip("@")).id
            (self.world.closed_dms.add if words[2] == "closed" else self.world.closed_dms.discard)(
                uid
            )
        elif words[:1] == ["wait"] and len(words) == 2:
            span = _DURATION.fullmatch(words[1])
            if span is None:
                self.emit_note(WAIT_USAGE)
                return
            unit = {"s": 1, "m": 60, "h": 3600, "d": 86400}.get(span.group(2), 1)
            self.world.offset += float(span.group(1)) * unit
            for delivery in await self.service.expire():
                await self.emit(delivery)
        elif words[:1] == ["press"] and len(words) >= 3 and words[1].startswith("@"):
            await self.press(words[1][1:], " ".join(words[2:]).lower())
        elif words[:1] == ["press"]:
            self.emit_note(PRESS_USAGE)
        else:
            self.emit_note(DIRECTIVES)

    async def press(self, name: str, wanted: str) -> None:
        """``name`` presses the latest enabled button they were shown that is ``wanted``,
        read by the game's button class as Discord reads a press."""
        from bot.games import read_button  # discord.py, only once a button is pressed

        actor = self.world.user(name)
        shown = next(
            (
                b
                for b in reversed(self.buttons)
                if b.user_id in (None, actor.id) and b.answers(wanted)
            ),
            None,
        )
        if shown is None:
            seen = {b.button.label for b in self.buttons if b.user_id in (None, actor.id)}
            self.emit_note(f"@{name} sees no button {wanted!r}; buttons: {sorted(seen) or '-'}")
            return
        parsed = read_button(shown.button.custom_id)
        if parsed is None:
            self.emit_note(f"no game reads the button {shown.button.custom_id}")
            return
        game, command, options = parsed
        request = Request(game, command, actor, shown.place, options)
        for delivery in await self.service.handle(request):
            await self.emit(delivery)

    def remember_buttons(self, delivery: Delivery) -> None:
        """Keep the enabled buttons of ``delivery`` for ``!press``, with who sees them."""
        here = self.world.place(self.world.channel_id(self.world.channel))
        if delivery.to == "channel":
            user, place = None, self.world.place(delivery.channel_id or here.channel_id)
        elif delivery.to == "dm":
            name = self.world.names.get(delivery.user_id or 0, "")
            user, place = delivery.user_id, Place(stable_id("dm:" + name), is_dm=True)
        else:  # an ephemeral answer stays where the command was typed
            user, place = delivery.user_id, here
        if delivery.slot is not None:
            self.buttons = [b for b in self.buttons if (b.slot, b.user_id) != (delivery.slot, user)]
        self.buttons += [
            ShownButton(b, user, place, delivery.slot) for b in delivery.buttons if not b.disabled
        ]
        del self.buttons[:-BUTTONS_KEPT]

    def _names(self, text: str) -> str:
        """Mentions, channels and moments as Discord shows them, in the console's world."""
        names = self.world.names
        text = _MENTION.sub(lambda m: "@" + names.get(int(m.group(1)), m.group(1)), text)
        text = _CHANNEL.sub(lambda m: names.get(int(m.group(1)), "#" + m.group(1)), text)
        return _MOMENT.sub(lambda m: self._relative(int(m.group(1))), text)

    def _relative(self, moment: int) -> str:
        gap = moment - self.world.clock()
        return f"in {duration(gap)}" if gap >= 0 else f"{duration(-gap)} ago"

    async def emit(self, delivery: Delivery) -> None:
        """Print ``delivery``, then take it out of the outbox (if it was kept there)."""
        self.write(delivery)
        await self.service.delivered(delivery)

    def write(self, delivery: Delivery) -> None:
        if delivery.to == "dm" and delivery.user_id in self.world.closed_dms:
            delivery = Delivery(
                "channel",
                f"(DM to {self.world.names.get(delivery.user_id)} "
                "could not be delivered: DMs closed)",
                channel_id=self.world.channel_id(self.world.channel),
            )
        self.remember_buttons(delivery)
        paths = []
        for attachment in delivery.files:
            if self.image_dir is not None:
                self.images_written += 1
                path = self.image_dir / f"{self.images_written:04d}-{attachment.name}"
                path.write_bytes(attachment.data)
                paths.append(str(path))
            else:
                paths.append(attachment.name)
        text = self._names(delivery.text)
        if self.as_json:
            record = {
                "to": delivery.to,
                "channel": self.world.names.get(delivery.channel_id or 0),
                "user": self.world.names.get(delivery.user_id or 0),
                "text": text,
                "images": paths,
                # each image's text description (its alt text), in the order of ``images``
                "alt": [attachment.description for attachment in delivery.files],
                "buttons": [b.custom_id for b in delivery.buttons],
                "edits": delivery.slot,  # replaces the earlier message of this slot
            }
            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
            return
        if delivery.to == "channel":
            where = f"[{self.world.names.get(delivery.channel_id or 0, delivery.channel_id)}]"
        else:
            who = self.world.names.get(delivery.user_id or 0, delivery.user_id)
            where = f"[{'DM' if delivery.to == 'dm' else 'private'} @{who}]"
        files = f"  ({', '.join(paths)})" if paths else ""
        # Discord edits a slot's message in place once it was posted; the first one is new.
        shown = (delivery.slot or "", delivery.to, delivery.channel_id, delivery.user_id)
        edited = " (edited)" if delivery.slot and shown in self.slots_shown else ""
        if delivery.slot:
            self.slots_shown.add(shown)
        buttons = "".join(f" [{b.label}]" for b in delivery.buttons if not b.disabled)
        self.out.write(f"{where}{edited} {text}{files}{buttons}\n")

    def emit_note(self, text: str) -> None:
        if self.as_json:
            self.out.write(json.dumps({"to": "console", "text": text}) + "\n")
        else:
            self.out.write(f"[console] {text}\n")


def build_service(storage: SqlStorage, world: ConsoleWorld, seed: int | None) -> TableService:
    async def probe(user_id: int, text: str) -> bool:
        return user_id not in world.closed_dms

    return TableService(
        storage, services(), ids=Ids(seed=seed), clock=world.clock, dm_probe=probe, guide=guide
    )


async def run(
    lines: Iterable[str],
    out: TextIO,
    *,
    db: str = ":memory:",
    seed: int | None = None,
    as_json: bool = False,
    image_dir: Path | None = None,
) -> None:
    storage = storage_for(db)
    await storage.open()
    try:
        world = ConsoleWorld()
        console = Console(
            build_service(storage, world, seed), world, out, as_json=as_json, image_dir=image_dir
        )
        for delivery in await console.service.resume():
            await console.emit(delivery)
        await console.run(lines)
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--db", default=":memory:", help="SQLite file (games persist)")
    parser.add_argument("--seed", type=int, default=None, help="fix every game's dice")
    parser.add_argument("--json", action="store_true", help="one JSON object per delivery")
    parser.add_argument("--out", type=Path, default=None, help="folder for images")
    args = parser.parse_args(argv)
    try:
        settings = settings_module.load()
    except settings_module.SettingsError as exc:
        print(f"Bad setting: {exc} (see .env.example)", file=sys.stderr)
        return 2
    # As ``python -m bot`` does: key=value lines on stderr (the table prints on stdout).
    setup_logging(settings.log_level, secrets=[settings.token] if settings.token else [])
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    # One person at a terminal: threads draw at once, where worker processes would first
    # spend seconds warming up; PLATEAU_RENDER_PROCESSES asks for the bot's pool.
    rendering.start(settings.render_processes or 0)
    try:
        asyncio.run(
            run(
                sys.stdin,
                sys.stdout,
                db=args.db,
                seed=args.seed,
                as_json=args.json,
                image_dir=args.out,
            )
        )
    finally:
        rendering.stop()
    return 0
