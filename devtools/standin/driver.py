"""The members' side: act as Discord would on a member's behalf (slash commands built from
the *synced* schema, autocomplete, button presses, selects, modals, plain messages), send it
over the gateway, and wait until the bot has finished with it.

Settling: over a network the bot's tasks are invisible, so "finished" means: the initial
response arrived (for an interaction; or its 3 s window closed), then no bot request
arrived for ``quiet`` seconds, none is still being answered, and no retry is due (after a
429 or a 5xx discord.py retries by itself)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from . import limits as L
from . import models as M
from .models import Channel, Interaction, Member, Message

if TYPE_CHECKING:
    from .gateway import Gateway
    from .ratelimits import RateLimits
    from .rest import Activity
    from .world import World


class Wait(TypedDict, total=False):
    """How long an action waits for the bot to settle: until it made no request for
    ``quiet`` seconds, failing after ``timeout`` seconds (by default the stand-in's own)."""

    quiet: float | None
    timeout: float | None


class ClientRefusal(ValueError):
    """What Discord's own client would not let a member send (unknown option, a value not
    among the choices, a disabled button...)."""


@dataclass(eq=False)
class Exchange:
    """One thing a member did, and everything the bot did about it until it settled."""

    interaction: Interaction | None = None
    message: Message | None = None  # for ``say``: the member's message
    requests: list[M.Request] = field(default_factory=list)
    history: list[M.HistoryEvent] = field(default_factory=list)
    dm_channels: set[int] = field(default_factory=set)
    _channels: dict[int, Channel] = field(default_factory=dict, repr=False)

    @property
    def initial(self) -> M.InitialResponse | None:
        """The accepted initial response (type, ephemeral, elapsed seconds, data)."""
        return self.interaction.initial if self.interaction else None

    @property
    def original(self) -> Message | None:
        return self.interaction.original if self.interaction else None

    @property
    def followups(self) -> list[Message]:
        return list(self.interaction.followups) if self.interaction else []

    @property
    def responses(self) -> list[Message]:
        """The interaction's own messages as they are now (original and follow-ups)."""
        if self.interaction is None:
            return []
        out = [self.interaction.original] if self.interaction.original else []
        if self.interaction.type == 3 and self.interaction.original is self.interaction.message:
            out = []  # a component's "original" is the message it sits on, not a reply
        return [m for m in [*out, *self.interaction.followups] if not m.deleted]

    @property
    def replies(self) -> list[Message]:
        """Ephemeral answers only the acting member sees."""
        return [m for m in self.responses if m.ephemeral and not m.loading]

    @property
    def text(self) -> str:
        return "\n".join(m.content for m in self.replies)

    def _events(self, kind: str) -> list[M.HistoryEvent]:
        return [e for e in self.history if e.kind == kind]

    def _created(self) -> list[Message]:
        return [e.message for e in self._events("created")]

    @property
    def posts(self) -> list[Message]:
        """Messages the bot posted in guild channels and threads (REST, not responses)."""
        return [
            m
            for m in self._created()
            if m.author.bot
            and m.interaction_id is None
            and m.channel_id not in self.dm_channels
            and m.guild_id
        ]

    @property
    def dms(self) -> list[Message]:
        return [m for m in self._created() if m.author.bot and m.channel_id in self.dm_channels]

    @property
    def edits(self) -> list[M.HistoryEvent]:
        return self._events("edited")

    @property
    def deletions(self) -> list[M.HistoryEvent]:
        return self._events("deleted")

    @property
    def threads(self) -> list[Channel]:
        """Threads the bot created meanwhile."""
        return [
            self._channels[int(r.response["id"])]
            for r in self.requests
            if r.kind == "thread" and r.ok
        ]

    @property
    def refused(self) -> list[M.Request]:
        """Requests answered with an error (4xx/5xx, 429 included)."""
        return [r for r in self.requests if r.status is not None and r.status >= 400]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.interaction.choices if self.interaction else None

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal if self.interaction else None

    def __repr__(self) -> str:
        what = self.interaction or self.message
        return f"<Exchange {what!r}: {len(self.requests)} requests>"


class Driver:
    """Mixed into :class:`~devtools.standin.StandIn`: the members' actions."""

    world: World
    gateway: Gateway
    activity: Activity
    limits: RateLimits
    quiet: float
    timeout: float

    # ------------------------------------------------------------ lookups

    def _member(self, ref: Any) -> Member:
        """A member from a Member, an id, a name, ``@name`` or a mention ``<@id>``."""
        if isinstance(ref, Member):
            return ref
        text = str(ref).strip()
        if text.startswith("<@") and text.endswith(">"):
            text = text.strip("<@!>")
        if isinstance(ref, int) or text.isdigit():
            return self.world.members[int(text)]
        return self.world.member_named(text.lstrip("@"))

    def _message(self, ref: Any) -> Message:
        if isinstance(ref, Message):
            return ref
        return self.world.messages[int(ref)]

    def message_with(self, custom_id: str) -> Message:
        """The latest live message carrying this component."""
        for message in reversed(list(self.world.messages.values())):
            if not message.deleted and message.component(custom_id) is not None:
                return message
        raise ClientRefusal(f"no message carries the component {custom_id!r}")

    # ------------------------------------------------------------ building interactions

    def command_data(
        self,
        member: Member,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """``data`` for ``/loka move`` with typed options, from the synced schema."""
        words = command.strip().lstrip("/").split()
        if not words:
            raise ClientRefusal("empty command")
        schema = self.world.find_command(words[0])
        self._check_command_access(member, channel, schema)
        data: dict[str, Any] = {"id": schema["id"], "name": schema["name"], "type": 1}
        if schema.get("guild_id"):
            data["guild_id"] = schema["guild_id"]
        container: list[dict[str, Any]] = []
        data["options"] = container
        node = schema
        for word in words[1:]:
            sub = next(
                (
                    o
                    for o in node.get("options") or []
                    if o["name"] == word and o["type"] in (L.SUB_COMMAND, L.SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise ClientRefusal(f"/{command}: no subcommand {word!r}")
            entry: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
            container.append(entry)
            container = entry["options"]
            node = sub
        subs = [o["name"] for o in node.get("options") or [] if o["type"] in (1, 2)]
        if subs:
            raise ClientRefusal(f"/{command} needs a subcommand: {subs}")
        specs = {o["name"]: o for o in node.get("options") or []}
        resolved: dict[str, dict[str, Any]] = {}
        options = dict(options or {})
        if focused is not None:
            if focused not in specs or not specs[focused].get("autocomplete"):
                raise ClientRefusal(f"/{command}: option {focused!r} has no autocomplete")
            options.setdefault(focused, "")
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                raise ClientRefusal(f"/{command} has no option {name!r} (has {sorted(specs)})")
            if name == focused:
                option = {"name": name, "type": spec["type"], "value": str(value), "focused": True}
            else:
                option = {
                    "name": name,
                    "type": spec["type"],
                    "value": self._option_value(spec, value, resolved, strict=focused is None),
                }
            container.append(option)
        if focused is None:
            missing = [n for n, s in specs.items() if s.get("required") and n not in options]
            if missing:
                raise ClientRefusal(f"/{command}: required options missing: {missing}")
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_command_access(
        self, member: Member, channel: Channel, schema: dict[str, Any]
    ) -> None:
        needed = schema.get("default_member_permissions")
        if needed not in (None, "0") and not channel.is_dm:
            have = self.world.member_permissions_in(member, channel)
            if int(needed) & ~have:
                raise ClientRefusal(f"{member.name} may not use /{schema['name']} here")
        if needed == "0":
            raise ClientRefusal(f"/{schema['name']} is disabled for members")
        contexts = schema.get("contexts")
        if channel.is_dm:
            in_dm = (1 in contexts) if contexts else schema.get("dm_permission", True)
            if not in_dm or schema.get("guild_id"):
                raise ClientRefusal(f"/{schema['name']} is not available in DMs")
        elif contexts and 0 not in contexts:
            raise ClientRefusal(f"/{schema['name']} is not available in guilds")

    def _option_value(
        self, spec: dict[str, Any], value: Any, resolved: dict[str, Any], *, strict: bool
    ) -> Any:
        kind, name = spec["type"], spec["name"]
        w = self.world
        for choice in spec.get("choices") or [] if strict else []:
            # A member picks a choice by the name the client shows (in any language).
            names = {choice["name"], *(choice.get("name_localizations") or {}).values()}
            if isinstance(value, str) and value in names:
                return choice["value"]
        try:
            if kind == L.STRING:
                out: Any = str(value)
            elif kind == L.INTEGER:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                out = int(value)
            elif kind == L.NUMBER:
                out = float(value) if not isinstance(value, int) else value
            elif kind == L.BOOLEAN:
                if isinstance(value, str):
                    if value.lower() not in ("true", "false"):
                        raise ValueError
                    value = value.lower() == "true"
                out = bool(value)
            elif kind in (L.USER, L.MENTIONABLE):
                member = self._member(value)
                out = str(member.id)
                resolved.setdefault("users", {})[out] = member.payload()
                resolved.setdefault("members", {})[out] = member.member_payload(with_user=False)
            elif kind == L.CHANNEL:
                channel = w.channel(value)
                types = spec.get("channel_types")
                if strict and types and channel.type not in types:
                    raise ClientRefusal(f"option {name!r} takes channel types {types}")
                out = str(channel.id)
                entry = w.channel_payload(channel)
                entry["permissions"] = str(w.member_permissions_in(w.bot, channel))
                resolved.setdefault("channels", {})[out] = entry
            elif kind == L.ROLE:
                roles = {r["id"]: r for r in w.guild_payload()["roles"]}
                out = str(value)
                if out not in roles:
                    raise ValueError
                resolved.setdefault("roles", {})[out] = roles[out]
            elif kind == L.ATTACHMENT:
                filename, blob = value
                attachment = w.new_attachment(0, filename, bytes(blob))
                out = str(attachment.id)
                resolved.setdefault("attachments", {})[out] = attachment.payload()
            else:
                out = value
        except (ValueError, TypeError, KeyError) as error:
            if isinstance(error, ClientRefusal):
                raise
            if not strict:
                return str(value)
            raise ClientRefusal(f"option {name!r}: {value!r} is not a valid type {kind}") from None
        if not strict:
            return out
        choices = spec.get("choices") or []
        if choices:
            for choice in choices:
                if choice["value"] == out:
                    return choice["value"]
            offered = [c["value"] for c in choices]
            raise ClientRefusal(f"option {name!r}: {value!r} is not among the choices {offered}")
        if kind == L.STRING:
            low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
            if not low <= len(out) <= high:
                raise ClientRefusal(f"option {name!r}: length must be {low}-{high}")
        if kind in (L.INTEGER, L.NUMBER):
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and out < low) or (high is not None and out > high):
                raise ClientRefusal(f"option {name!r}: {out} is outside {low}..{high}")
            if abs(out) > 2**53:
                raise ClientRefusal(f"option {name!r}: {out} is too large")
        return out

    # ------------------------------------------------------------ acting

    async def slash(
        self,
        member: Any,
        channel: Any,
        command: str,
        options: dict[str, Any] | None = None,
        **wait: Unpack[Wait],
    ) -> Exchange:
        """``await standin.slash(alice, games, "loka move", {"from": "e2", "to": "e4"})``."""
        who, where = self._member(member), self.world.channel(channel)
        data = self.command_data(who, where, command, options)
        inter = self.world.new_interaction(2, who, where, data)
        return await self.dispatch(inter, **wait)

    async def autocomplete(
        self,
        member: Any,
        channel: Any,
        command: str,
        *,
        focused: str,
        options: dict[str, Any] | None = None,
        **wait: Unpack[Wait],
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``member`` types option ``focused``."""
        who, where = self._member(member), self.world.channel(channel)
        data = self.command_data(who, where, command, options, focused=focused)
        inter = self.world.new_interaction(4, who, where, data)
        exchange = await self.dispatch(inter, **wait)
        if exchange.choices is None:
            raise AssertionError(f"autocomplete for {command!r}/{focused} got no choices")
        return exchange.choices

    async def press(
        self, member: Any, message: Any, custom_id: str, **wait: Unpack[Wait]
    ) -> Exchange:
        """Press a button on a message the bot sent (refused if absent or disabled)."""
        who, msg = self._member(member), self._message(message)
        component = self._component(who, msg, custom_id)
        if component.get("type") != L.BUTTON:
            raise ClientRefusal(f"{custom_id!r} is not a button (use select)")
        if component.get("style") in (5, 6):
            raise ClientRefusal(f"{custom_id!r} is a link/premium button")
        data = {"custom_id": custom_id, "component_type": 2}
        if "id" in component:
            data["id"] = component["id"]
        channel = self.world.channels[msg.channel_id]
        inter = self.world.new_interaction(3, who, channel, data, message=msg)
        return await self.dispatch(inter, **wait)

    async def select(
        self,
        member: Any,
        message: Any,
        custom_id: str,
        values: list[str],
        **wait: Unpack[Wait],
    ) -> Exchange:
        """Pick ``values`` in a select menu of a message the bot sent."""
        who, msg = self._member(member), self._message(message)
        component = self._component(who, msg, custom_id)
        kind = component.get("type")
        if kind not in L.SELECTS:
            raise ClientRefusal(f"{custom_id!r} is not a select menu")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ClientRefusal(f"{custom_id!r} takes {low}-{high} values, not {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            offered = [o["value"] for o in component.get("options") or []]
            strange = [v for v in values if v not in offered]
            if strange:
                raise ClientRefusal(f"{custom_id!r} offers {offered}, not {strange}")
            data["values"] = list(values)
        else:
            people = [self._member(v) for v in values]
            data["values"] = [str(p.id) for p in people]
            data["resolved"] = {
                "users": {str(p.id): p.payload() for p in people},
                "members": {str(p.id): p.member_payload(with_user=False) for p in people},
            }
        channel = self.world.channels[msg.channel_id]
        inter = self.world.new_interaction(3, who, channel, data, message=msg)
        return await self.dispatch(inter, **wait)

    def _component(self, member: Member, message: Message, custom_id: str) -> dict[str, Any]:
        if message.deleted:
            raise ClientRefusal(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to != member.id:
            raise ClientRefusal(f"{member.name} cannot see ephemeral message {message.id}")
        component = message.component(custom_id)
        if component is None:
            raise ClientRefusal(
                f"message {message.id} has no component {custom_id!r} (has {message.custom_ids})"
            )
        if component.get("disabled"):
            raise ClientRefusal(f"{custom_id!r} is disabled")
        return component

    async def submit(
        self,
        member: Any,
        source: Exchange | Interaction,
        values: dict[str, Any],
        **wait: Unpack[Wait],
    ) -> Exchange:
        """Fill in and submit the modal the bot opened in ``source`` (callback type 9)."""
        origin = source.interaction if isinstance(source, Exchange) else source
        if origin is None or origin.modal is None:
            raise ClientRefusal("no modal was opened")
        who = self._member(member)
        modal = origin.modal
        components, seen = self._modal_answers(modal, values)
        unknown = set(values) - seen
        if unknown:
            raise ClientRefusal(f"the modal has no inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        channel = self.world.channels[origin.channel_id]
        message = origin.message if origin.type == 3 else None
        inter = self.world.new_interaction(5, who, channel, data, message=message)
        return await self.dispatch(inter, **wait)

    def _modal_answers(
        self, modal: dict[str, Any], values: dict[str, Any]
    ) -> tuple[list[dict[str, Any]], set[str]]:
        seen: set[str] = set()

        def answer(component: dict[str, Any]) -> dict[str, Any] | None:
            cid = component.get("custom_id")
            if cid is None:
                return None
            seen.add(cid)
            if component.get("type") == L.TEXT_INPUT:
                value = str(values.get(cid, component.get("value") or ""))
                required = component.get("required", True)
                low, high = component.get("min_length", 0), component.get("max_length", 4000)
                if (required and not value) or (value and not low <= len(value) <= high):
                    raise ClientRefusal(f"modal input {cid!r}: {value!r} is not acceptable")
                return {
                    "type": L.TEXT_INPUT,
                    "id": component.get("id"),
                    "custom_id": cid,
                    "value": value,
                }
            picked = values.get(cid, [])
            return {
                "type": component.get("type"),
                "id": component.get("id"),
                "custom_id": cid,
                "values": list(picked if isinstance(picked, list) else [picked]),
            }

        out: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == L.ACTION_ROW:
                inner = [a for a in (answer(c) for c in top.get("components") or []) if a]
                out.append({"type": L.ACTION_ROW, "id": top.get("id"), "components": inner})
            elif top.get("type") == L.LABEL and isinstance(top.get("component"), dict):
                inner_answer = answer(top["component"])
                if inner_answer:
                    out.append({"type": L.LABEL, "id": top.get("id"), "component": inner_answer})
        return out, seen

    async def say(
        self,
        member: Any,
        channel: Any,
        text: str,
        *,
        files: M.Files | None = None,
        **wait: Unpack[Wait],
    ) -> Exchange:
        """``member`` posts ``text`` in ``channel`` (MESSAGE_CREATE reaches the bot)."""
        who, where = self._member(member), self.world.channel(channel)
        return await self._act(
            None, lambda: self.world.member_says(who, where, text, files=files), **wait
        )

    async def dispatch(self, inter: Interaction, **wait: Unpack[Wait]) -> Exchange:
        """Send an interaction built by the world over the gateway and wait for the bot."""
        clock = self.world.clock

        def sent() -> None:
            if inter.dispatched_at is None:
                inter.dispatched_at = clock.now()
                inter.note(inter.dispatched_at, "dispatched over the gateway")

        return await self._act(
            inter, lambda: self.gateway.dispatch_interaction(inter.payload, sent), **wait
        )

    async def _act(
        self,
        inter: Interaction | None,
        act: Callable[[], Message | None],
        *,
        quiet: float | None = None,
        timeout: float | None = None,
    ) -> Exchange:
        """Do ``act`` once a gateway session is live, wait for the bot, gather what it did."""
        await self.gateway.wait_live(timeout=timeout or self.timeout)
        start_requests, start_history = len(self.world.requests), len(self.world.history)
        self.activity.touch()
        message = act()
        await self._settle(inter, quiet, timeout)
        return self._exchange(inter, message, start_requests, start_history)

    def _exchange(
        self, inter: Interaction | None, message: Message | None, start: int, history: int
    ) -> Exchange:
        return Exchange(
            inter,
            message,
            self.world.requests[start:],
            self.world.history[history:],
            set(self.world.dm_of.values()),
            self.world.channels,
        )

    async def settle(self, *, quiet: float | None = None, timeout: float | None = None) -> None:
        """Wait until the bot is quiet (for what it does by itself: start-up, reconnects)."""
        await self._settle(None, quiet, timeout)

    async def _settle(
        self, inter: Interaction | None, quiet: float | None, timeout: float | None
    ) -> None:
        quiet = self.quiet if quiet is None else quiet
        timeout = self.timeout if timeout is None else timeout
        clock = self.world.clock
        deadline = time.monotonic() + timeout
        while True:
            waiting = []
            if inter is not None:
                if inter.dispatched_at is None:
                    waiting.append("the interaction to go out on the gateway")
                elif (
                    not inter.attempts
                    and clock.now() - inter.dispatched_at <= L.INITIAL_RESPONSE_SECONDS
                ):
                    waiting.append("the initial response")
            if self.activity.inflight:
                waiting.append(f"{self.activity.inflight} request(s) being answered")
            if self.gateway.backlog():
                waiting.append(f"{self.gateway.backlog()} gateway frame(s) to send")
            pending = self.limits.pending()
            if pending:
                waiting.append(f"retries due on {pending}")
            idle = time.monotonic() - self.activity.last
            if not waiting and idle >= quiet:
                break
            if time.monotonic() > deadline:
                recent = [f"{r.method} {r.path} -> {r.status}" for r in self.world.requests[-5:]]
                raise AssertionError(
                    f"the bot did not settle within {timeout}s; waiting for "
                    f"{', '.join(waiting) or 'quiet'}; last requests: {recent}"
                )
            await asyncio.sleep(0.01 if waiting else max(0.005, min(0.05, quiet - idle)))
        self.world.check_deadlines()
