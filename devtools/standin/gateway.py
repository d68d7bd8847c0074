"""The gateway: a JSON websocket speaking Discord's v10 protocol (no compression).

HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, sequence numbers, RESUME with replay,
and controls to send RECONNECT (op 7) or INVALID_SESSION (op 9) or drop the socket, so a
test can watch discord.py come back.

Sharding as Discord does it: a session that identifies with ``shard: [id, count]`` gets the
guilds with ``(guild_id >> 22) % count == id`` and their events, and DMs when ``id`` is 0;
a session without ``shard`` gets everything. Several sessions may be live at once (one per
shard, from one process or several)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .world import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

GUILDS, GUILD_MEMBERS, GUILD_PRESENCES = 1 << 0, 1 << 1, 1 << 8
GUILD_MESSAGES, GUILD_MESSAGE_REACTIONS = 1 << 9, 1 << 10
DIRECT_MESSAGES, DIRECT_MESSAGE_REACTIONS, MESSAGE_CONTENT = 1 << 12, 1 << 13, 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
APP_FLAGS = {GUILD_PRESENCES: 1 << 13, GUILD_MEMBERS: 1 << 15, MESSAGE_CONTENT: 1 << 19}


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    log: list[tuple[int, str]] = field(default_factory=list)  # (seq, frame text)
    invalid: bool = False
    socket: Connection | None = None
    interactions: list[int] = field(default_factory=list)  # ids dispatched to this session

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of ``guild_id`` (None: a DM's)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's rule: a guild's shard is ``(guild_id >> 22) % count``; DMs go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(eq=False)
class Connection:
    """One websocket the client opened, and how it went."""

    query: dict[str, str]
    ws: web.WebSocketResponse
    queue: asyncio.Queue[tuple[str, Callable[[], None] | None] | None] = field(
        default_factory=asyncio.Queue
    )
    kind: str = "pending"  # identified | resumed | refused | pending
    session: Session | None = None
    close_code: int | None = None
    heartbeats: int = 0
    replayed: int = 0  # dispatches sent again on RESUME
    transport: Any = None


class Gateway:
    """Sessions, sockets and dispatches; every world event goes to every live session."""

    def __init__(
        self,
        world: World,
        *,
        heartbeat_interval: int = 41250,
        privileged_intents: int = PRIVILEGED,
        token: str | None = None,
        activity: Any = None,
    ) -> None:
        self.world = world
        self.activity = activity  # touched on every frame, so settling waits for the bot
        self.heartbeat_interval = heartbeat_interval
        self.privileged_intents = privileged_intents
        self.token = token
        self.url = ""  # set by the server once it has a port
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.ack_heartbeats = True
        self.down = False  # while set, a new socket is refused (503): see ``go_down``
        self.generation = 0  # bumped each time a connection becomes live
        self._live = asyncio.Condition()
        self._writers: set[asyncio.Task[None]] = set()
        # interaction "sent" hooks for frames buffered while the session was disconnected
        self._pending_hooks: dict[str, dict[int, Callable[[], None]]] = {}
        # [id, count] of every IDENTIFY made while a live session already served that shard
        self.shard_taken_twice: list[list[int]] = []
        world.listeners.append(self.publish)

    # ------------------------------------------------------------ state

    @property
    def live_sessions(self) -> list[Session]:
        return [
            s
            for s in self.sessions.values()
            if not s.invalid and s.socket is not None and s.socket.kind in ("identified", "resumed")
        ]

    @property
    def connected(self) -> bool:
        return bool(self.live_sessions)

    def backlog(self) -> int:
        """Frames queued but not yet written to a live socket."""
        return sum(s.socket.queue.qsize() for s in self.live_sessions if s.socket is not None)

    def _touch(self) -> None:
        if self.activity is not None:
            self.activity.touch()

    @property
    def intents(self) -> int:
        sessions = [s for s in self.sessions.values() if not s.invalid]
        return sessions[-1].intents if sessions else 0

    def live_shards(self) -> list[list[int]]:
        return [s.shard for s in self.live_sessions if s.shard is not None]

    async def wait_live(
        self, *, after: int = -1, timeout: float = 20.0, shard: list[int] | None = None
    ) -> None:
        """Until some session is live (and, with ``after``, went live after that generation;
        with ``shard``, a session of that ``[id, count]``)."""

        def ready() -> bool:
            live = self.connected if shard is None else shard in self.live_shards()
            return live and self.generation > after

        async with self._live:
            try:
                await asyncio.wait_for(self._live.wait_for(ready), timeout)
            except TimeoutError:
                raise AssertionError(
                    f"no live gateway session within {timeout}s "
                    f"(connections: {[c.kind for c in self.connections]})"
                ) from None

    async def _went_live(self) -> None:
        async with self._live:
            self.generation += 1
            self._live.notify_all()

    # ------------------------------------------------------------ dispatching

    def publish(self, event: str, data: dict[str, Any]) -> None:
        """A world event, to every session that should get it (shard and intents permitting)."""
        guild = data.get("id") if event.startswith("GUILD_") else None
        guild = data.get("guild_id") or guild
        for session in list(self.sessions.values()):
            if session.invalid or not session.serves(None if guild is None else int(guild)):
                continue
            shaped = shape_for_intents(event, data, session.intents, self.world.bot.id)
            if shaped is not None:
                self._dispatch(session, event, shaped)

    def dispatch_interaction(self, data: dict[str, Any], on_sent: Callable[[], None]) -> None:
        guild = int(data["guild_id"]) if data.get("guild_id") else None
        sessions = [s for s in self.sessions.values() if not s.invalid and s.serves(guild)]
        if not sessions:
            raise AssertionError(f"no gateway session serves guild {guild}")
        for session in sessions:
            session.interactions.append(int(data["id"]))
            self._dispatch(session, "INTERACTION_CREATE", data, on_sent)

    def sessions_of(self, interaction_id: int) -> list[Session]:
        """The sessions an interaction was dispatched to."""
        return [s for s in self.sessions.values() if interaction_id in s.interactions]

    def _dispatch(
        self,
        session: Session,
        event: str,
        data: dict[str, Any],
        on_sent: Callable[[], None] | None = None,
    ) -> None:
        session.seq += 1
        self._touch()
        frame = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.log.append((session.seq, frame))
        if session.socket is not None and session.socket.kind in ("identified", "resumed"):
            session.socket.queue.put_nowait((frame, on_sent))
        elif on_sent is not None:
            self._pending_hooks.setdefault(session.id, {})[session.seq] = on_sent

    def _send(self, conn: Connection, op: int, data: Any = None) -> None:
        """A frame that is not a dispatch (no sequence number, no event name)."""
        conn.queue.put_nowait((json.dumps({"op": op, "d": data, "s": None, "t": None}), None))

    async def _writer(self, conn: Connection) -> None:
        while True:
            item = await conn.queue.get()
            if item is None:
                return
            frame, on_sent = item
            if conn.ws.closed:
                return
            try:
                await conn.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return
            self._touch()
            if on_sent is not None:
                on_sent()

    # ------------------------------------------------------------ the socket

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        if self.down:
            raise web.HTTPServiceUnavailable(text="standin: the gateway is down")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(dict(request.query), ws, transport=request.transport)
        self.connections.append(conn)
        writer = asyncio.create_task(self._writer(conn))
        self._writers.add(writer)
        writer.add_done_callback(self._writers.discard)
        hello = {"heartbeat_interval": self.heartbeat_interval, "_trace": ["standin"]}
        self._send(conn, HELLO, hello)
        try:
            while True:
                # Not ``async for``: it hides the CLOSE frame, and its code says whether
                # the client ended its session (1000/1001) or means to resume (4000).
                msg = await ws.receive()
                if msg.type == WSMsgType.TEXT:
                    await self._received(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await ws.close(code=4002, message=b"Decode error")
                elif msg.type == WSMsgType.CLOSE:
                    conn.close_code = int(msg.data)
                    break
                elif msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
        finally:
            conn.queue.put_nowait(None)
            session = conn.session
            if session is not None and session.socket is conn:
                session.socket = None
                if conn.close_code in (1000, 1001):
                    session.invalid = True
        return ws

    async def _received(self, conn: Connection, msg: dict[str, Any]) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            conn.heartbeats += 1
            if self.ack_heartbeats:
                self._send(conn, HEARTBEAT_ACK)
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            self._members_chunk(conn, data or {})
        elif op in (PRESENCE, VOICE):
            return
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated")
            return
        if self.token is not None and data.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed")
            return
        intents = int(data.get("intents") or 0)
        if intents & PRIVILEGED & ~self.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s)")
            return
        shard = data.get("shard")
        if shard is not None:
            valid = isinstance(shard, list) and len(shard) == 2
            if not valid or not all(isinstance(n, int) for n in shard):
                await conn.ws.close(code=4010, message=b"Invalid shard")
                return
            if not 0 <= shard[0] < shard[1]:
                await conn.ws.close(code=4010, message=b"Invalid shard")
                return
            if shard in self.live_shards():
                self.shard_taken_twice.append(shard)
        for earlier in self.sessions.values():
            # A fresh IDENTIFY supersedes the shard's disconnected sessions (a restarted bot
            # never resumes them): they stop collecting events to replay.
            if earlier.shard == shard and earlier.socket is None:
                earlier.invalid = True
        session = Session(secrets.token_hex(16), intents, shard)
        self.sessions[session.id] = session
        conn.session, conn.kind = session, "identified"
        session.socket = conn
        world = self.world
        guilds = [g for g in world.guild_ids if session.serves(g)]
        flags = 0
        for intent, flag in APP_FLAGS.items():
            if self.privileged_intents & intent:
                flags |= flag
        ready = {
            "v": 10,
            "user": {**world.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": str(world.app_id), "flags": flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["standin"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        self._dispatch(session, "READY", ready)
        for gid in guilds:
            guild = world.guild_payload(gid, full=True, all_members=bool(intents & GUILD_MEMBERS))
            self._dispatch(session, "GUILD_CREATE", guild)
        await self._went_live()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session.invalid:
            conn.kind = "refused"
            self._send(conn, INVALID_SESSION, False)
            return
        if session.socket is not None and session.socket is not conn:
            old = session.socket
            old.kind = "replaced"
            old.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await old.ws.close(code=4000)
        conn.session, conn.kind = session, "resumed"
        session.socket = conn
        since = int(data.get("seq") or 0)
        hooks = self._pending_hooks.pop(session.id, {})
        for seq, frame in session.log:
            if seq > since:
                conn.queue.put_nowait((frame, hooks.get(seq)))
                conn.replayed += 1
        self._dispatch(session, "RESUMED", {"_trace": ["standin"]})
        await self._went_live()

    def _members_chunk(self, conn: Connection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            return
        world = self.world
        members = [m for m in world.members.values()]
        wanted = data.get("user_ids")
        if wanted:
            ids = {int(u) for u in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m.id in ids]
        query = data.get("query") or ""
        members = [m for m in members if m.name.lower().startswith(query.lower())]
        if data.get("limit"):
            members = members[: int(data["limit"])]
        chunk = {
            "guild_id": str(data.get("guild_id") or world.guild_id),
            "members": [world.member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self._dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------ controls for tests

    def _live_connections(self) -> list[Connection]:
        return [s.socket for s in self.live_sessions if s.socket is not None]

    async def reconnect(self, *, wait: bool = True) -> None:
        """Send op 7 RECONNECT; discord.py closes and resumes."""
        before = self.generation
        for conn in self._live_connections():
            self._send(conn, RECONNECT)
        if wait:
            await self.wait_live(after=before)

    async def invalidate(self, *, resumable: bool = False, wait: bool = True) -> None:
        """Send op 9 INVALID_SESSION; not resumable: the client must identify again."""
        before = self.generation
        for conn in self._live_connections():
            if not resumable and conn.session is not None:
                conn.session.invalid = True
            self._send(conn, INVALID_SESSION, resumable)
        if wait:
            await self.wait_live(after=before)

    async def drop(self, *, code: int = 4000, abrupt: bool = False, wait: bool = True) -> None:
        """Close the socket from the server side (or cut it without a close frame)."""
        before = self.generation
        for conn in self._live_connections():
            conn.kind = "dropped"
            if conn.session is not None:
                conn.session.socket = None
            conn.queue.put_nowait(None)
            if abrupt:
                if conn.transport is not None:
                    conn.transport.abort()
            else:
                await conn.ws.close(code=code, message=b"standin drop")
        if wait:
            await self.wait_live(after=before)

    async def go_down(self) -> None:
        """A gateway outage: every live socket is closed (resumable) and every new one
        refused with a 503 until :meth:`come_back`; the client keeps trying, backing off."""
        self.down = True
        await self.drop(wait=False)

    def come_back(self) -> None:
        """The outage is over: the client's next try resumes its session."""
        self.down = False

    async def close(self) -> None:
        for conn in self.connections:
            conn.queue.put_nowait(None)
            if not conn.ws.closed:
                with contextlib.suppress(Exception):
                    await conn.ws.close(code=1001, message=b"standin closing")
        for task in list(self._writers):
            task.cancel()


def shape_for_intents(
    event: str, data: dict[str, Any], intents: int, bot_id: int
) -> dict[str, Any] | None:
    """What a session with ``intents`` receives of an event (None: nothing)."""
    in_guild = bool(data.get("guild_id"))
    if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"):
        if not intents & (GUILD_MESSAGES if in_guild else DIRECT_MESSAGES):
            return None
        author = (data.get("author") or {}).get("id")
        mentioned = any(u.get("id") == str(bot_id) for u in data.get("mentions") or [])
        if (
            event != "MESSAGE_DELETE"
            and in_guild
            and not intents & MESSAGE_CONTENT
            and author != str(bot_id)
            and not mentioned
        ):
            # Without the privileged intent the bot sees that a message exists, not what it says.
            return {**data, "content": "", "embeds": [], "attachments": [], "components": []}
        return data
    if event.startswith("MESSAGE_REACTION"):
        need = GUILD_MESSAGE_REACTIONS if in_guild else DIRECT_MESSAGE_REACTIONS
        return data if intents & need else None
    if event.startswith("GUILD_MEMBER"):
        return data if intents & GUILD_MEMBERS else None
    if event == "CHANNEL_PINS_UPDATE":
        return data if intents & (GUILDS if in_guild else DIRECT_MESSAGES) else None
    if event.startswith(("GUILD_", "CHANNEL_", "THREAD_")):
        return data if intents & GUILDS else None
    return data
