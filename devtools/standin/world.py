"""What Discord keeps for one guild and one bot, and what it does when asked.

Transport-agnostic: methods take JSON-like bodies and raise
:class:`~devtools.standin.limits.DiscordError`; the REST layer turns those into HTTP
answers, and gateway events leave through :meth:`World.emit` to whoever listens."""

from __future__ import annotations

import copy
import mimetypes
import secrets
from collections.abc import Callable
from typing import Any, cast

from . import limits as L
from . import models as M
from .clock import Clock
from .limits import DiscordError
from .models import Channel, Files, Interaction, Member, Message

Listener = Callable[[str, dict[str, Any]], None]

SEND_TTS = 1 << 12
ALL_CHANNEL = 8555290110197585  # discord.Permissions.all_channel().value
HONOURED_FLAGS = 1 << 2 | L.EPHEMERAL | L.SUPPRESS_NOTIFICATIONS | L.IS_COMPONENTS_V2
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


class World:
    """One guild (or several: :meth:`add_guild`), its members and channels, one bot
    application, and all that happened. Every member belongs to every guild; the guilds share
    their settings (locale, features, permissions) and differ by id, name and channels."""

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        guild_name: str = "Plateau Test",
        guild_locale: str = "en-US",
        community: bool = False,
        size_limit: int = L.DEFAULT_SIZE_LIMIT,
        bot_name: str = "Plateau",
        bot_permissions: Any = L.BOT_PERMISSIONS,
        everyone_permissions: Any = L.MEMBER_PERMISSIONS,
    ) -> None:
        self.clock = clock or Clock()
        self._ids = M.Snowflakes()
        self.cdn_base = "http://127.0.0.1"  # the server sets its own address
        self.app_id = self.new_id()
        self.bot = Member(self.app_id, bot_name, bot=True, joined_at=self.now_iso())
        self.guild_id = self.new_id()
        self.owner_id = self.new_id()
        self.bot_role_id = self.new_id()
        self.guild_name = guild_name
        self.guild_names: dict[int, str] = {self.guild_id: guild_name}
        self.locale = guild_locale
        self.features: list[str] = ["COMMUNITY"] if community else []
        self.size_limit = size_limit
        self.bot_guild_permissions = L.as_bits(bot_permissions)
        self.everyone_permissions = L.as_bits(everyone_permissions)
        self.members: dict[int, Member] = {self.bot.id: self.bot}
        self.channels: dict[int, Channel] = {}
        self.dm_of: dict[int, int] = {}
        self.messages: dict[int, Message] = {}
        self.history: list[M.HistoryEvent] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[Any, ...], int] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.requests: list[M.Request] = []
        self.violations: list[M.Violation] = []
        self.listeners: list[Listener] = []
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> message id

    # ------------------------------------------------------------ basics

    def new_id(self) -> int:
        return self._ids.next(self.clock.wall())

    def now_iso(self) -> str:
        return M.iso(self.clock.wall())

    def emit(self, event: str, data: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            listener(event, data)

    def violate(self, kind: str, detail: str, request: str = "", code: int | None = None) -> None:
        self.violations.append(M.Violation(kind, detail, request, code, self.clock.now()))

    @property
    def guild_ids(self) -> list[int]:
        return list(self.guild_names)

    def add_guild(self, name: str | None = None, *, shard: tuple[int, int] | None = None) -> int:
        """Another guild the bot is in; with ``shard=(shard_id, count)`` its id falls in that
        shard (``(guild_id >> 22) % count``). A bot already connected gets GUILD_CREATE."""
        wall = self.clock.wall()
        gid = self._ids.in_shard(wall, *shard) if shard is not None else self.new_id()
        self.guild_names[gid] = name or f"{self.guild_name} {len(self.guild_names) + 1}"
        self.emit("GUILD_CREATE", self.guild_payload(gid, full=True))
        return gid

    def _guild(self, guild_id: Any) -> int:
        return self.guild_id if guild_id is None else int(guild_id)

    @property
    def community(self) -> bool:
        return "COMMUNITY" in self.features

    @property
    def guild_locale(self) -> str:
        """What Discord reports: only a Community guild has a preferred locale of its own."""
        return self.locale if self.community else "en-US"

    # ------------------------------------------------------------ people and places

    def add_member(
        self, name: str, *, locale: str = "en-US", permissions: Any = None, bot: bool = False
    ) -> Member:
        bits = self.everyone_permissions if permissions is None else L.as_bits(permissions)
        member = Member(
            self.new_id(), name, locale, bot=bot, permissions=bits, joined_at=self.now_iso()
        )
        self.members[member.id] = member
        data = member.member_payload()
        self.emit("GUILD_MEMBER_ADD", {**data, "guild_id": str(self.guild_id)})
        return member

    def member_named(self, name: str) -> Member:
        for member in self.members.values():
            if member.name == name:
                return member
        raise KeyError(f"no member named {name!r}")

    def add_text_channel(
        self,
        name: str,
        *,
        topic: str | None = None,
        bot_permissions: Any = None,
        guild_id: int | None = None,
    ) -> Channel:
        channel = Channel(
            self.new_id(),
            M.TEXT,
            name,
            self._guild(guild_id),
            position=len([c for c in self.channels.values() if c.type == M.TEXT]),
            topic=topic,
            bot_permissions=None if bot_permissions is None else L.as_bits(bot_permissions),
            created_at=self.now_iso(),
        )
        self.channels[channel.id] = channel
        self.emit("CHANNEL_CREATE", self.channel_payload(channel))
        return channel

    def dm_channel(self, user: Member) -> Channel:
        if user.id not in self.dm_of:
            channel = Channel(self.new_id(), M.DM, None, recipient=user, created_at=self.now_iso())
            self.channels[channel.id] = channel
            self.dm_of[user.id] = channel.id
        return self.channels[self.dm_of[user.id]]

    def channel(self, ref: Any) -> Channel:
        """A channel from a Channel, an id, or a name (``"games"`` or ``"#games"``)."""
        if isinstance(ref, Channel):
            return ref
        if isinstance(ref, str) and not ref.isdigit():
            name = ref.lstrip("#")
            for channel in self.channels.values():
                if channel.name == name and not channel.deleted:
                    return channel
            raise KeyError(f"no channel named {ref!r}")
        found = self.channels.get(int(ref))
        if found is None:
            raise KeyError(f"no channel {ref!r}")
        return found

    def set_bot_permissions(self, permissions: Any, channel: Any = None) -> None:
        """The bot's permissions guild-wide (``channel=None``) or in one channel."""
        bits = L.as_bits(permissions)
        if channel is None:
            self.bot_guild_permissions = bits
            for gid in self.guild_ids:
                self.emit("GUILD_ROLE_UPDATE", {"guild_id": str(gid), "role": self._roles(gid)[1]})
            targets = [c for c in self.channels.values() if c.type == M.TEXT]
        else:
            target = self.channel(channel)
            if target.is_thread or target.is_dm:
                raise ValueError("set the bot's permissions on a text channel (threads inherit)")
            target.bot_permissions = bits
            targets = [target]
        for target in targets:
            self.emit("CHANNEL_UPDATE", self.channel_payload(target))

    def configure_guild(
        self,
        *,
        locale: str | None = None,
        community: bool | None = None,
        name: str | None = None,
        size_limit: int | None = None,
    ) -> None:
        if locale is not None:
            self.locale = locale
        if community is not None:
            self.features = ["COMMUNITY"] if community else []
        if name is not None:
            self.guild_name = self.guild_names[self.guild_id] = name
        if size_limit is not None:
            self.size_limit = size_limit
        for gid in self.guild_ids:
            self.emit("GUILD_UPDATE", self.guild_payload(gid))

    # ------------------------------------------------------------ permissions

    def _wanted_bits(self, channel: Channel) -> int:
        if channel.is_thread:
            return self._wanted_bits(self.channels[channel.parent_id or 0])
        if channel.bot_permissions is not None:
            return channel.bot_permissions
        return self.bot_guild_permissions

    def bot_permissions_in(self, channel: Channel) -> int:
        """What the bot may do in ``channel``, with Discord's implicit rules (and
        discord.py's, so the bot's own ``permissions_for`` agrees)."""
        if channel.is_dm:
            return L.DM_PERMISSIONS
        if self.bot_guild_permissions & L.ADMINISTRATOR:
            return L.ALL_PERMISSIONS
        return _implicit(self._wanted_bits(channel), channel.is_thread)

    def member_permissions_in(self, member: Member, channel: Channel) -> int:
        if member.bot:
            return self.bot_permissions_in(channel)
        if channel.is_dm:
            return L.DM_PERMISSIONS
        if member.permissions & L.ADMINISTRATOR:
            return L.ALL_PERMISSIONS
        return _implicit(member.permissions, channel.is_thread)

    def require(self, channel: Channel, needed: int) -> None:
        have = self.bot_permissions_in(channel)
        if not have & L.VIEW_CHANNEL:
            raise L.missing_access(channel.label)
        hidden = channel.type == M.PRIVATE_THREAD and self.bot.id not in channel.thread_members
        if hidden and not have & L.MANAGE_THREADS:
            raise L.missing_access(channel.label)
        lacking = needed & ~have
        if lacking:
            raise L.missing_permissions(lacking, channel.label)

    # ------------------------------------------------------------ payloads

    def _roles(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        def role(rid: int, name: str, bits: int, position: int, **extra: Any) -> dict[str, Any]:
            return {
                "id": str(rid),
                "name": name,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": position,
                "permissions": str(bits),
                "managed": False,
                "mentionable": False,
                "flags": 0,
                **extra,
            }

        return [
            role(self._guild(guild_id), "@everyone", self.everyone_permissions, 0),
            role(
                self.bot_role_id,
                self.bot.name,
                self.bot_guild_permissions,
                1,
                managed=True,
                tags={"bot_id": str(self.bot.id)},
            ),
        ]

    def bot_member_payload(self) -> dict[str, Any]:
        data = self.bot.member_payload()
        data["roles"] = [str(self.bot_role_id)]
        return data

    def member_payload(self, member: Member) -> dict[str, Any]:
        """A guild member as Discord lists it (the bot with its role)."""
        return self.bot_member_payload() if member is self.bot else member.member_payload()

    def guild_payload(
        self, guild_id: int | None = None, *, full: bool = False, all_members: bool = False
    ) -> dict[str, Any]:
        gid = self._guild(guild_id)
        out: dict[str, Any] = {
            "id": str(gid),
            "name": self.guild_names[gid],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self._roles(gid),
            "emojis": [],
            "stickers": [],
            "features": list(self.features),
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "incidents_data": None,
        }
        if full:
            humans = [m for m in self.members.values() if m is not self.bot]
            members = [self.bot_member_payload()]
            if all_members:
                members += [m.member_payload() for m in humans]
            live = [c for c in self.channels.values() if not c.deleted and c.guild_id == gid]
            out.update(
                joined_at=self.bot.joined_at,
                large=False,
                unavailable=False,
                member_count=len(self.members),
                voice_states=[],
                members=members,
                channels=[self.channel_payload(c) for c in live if not c.is_thread],
                threads=[self.channel_payload(c) for c in live if c.is_thread and not c.archived],
                presences=[],
                stage_instances=[],
                guild_scheduled_events=[],
                soundboard_sounds=[],
                lazy=True,
            )
        return out

    def channel_payload(self, channel: Channel) -> dict[str, Any]:
        if channel.is_dm:
            assert channel.recipient is not None
            return {
                "id": str(channel.id),
                "type": M.DM,
                "last_message_id": _sid(channel.last_message_id),
                "flags": 0,
                "recipients": [channel.recipient.payload()],
            }
        out: dict[str, Any] = {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "parent_id": _sid(channel.parent_id),
            "last_message_id": _sid(channel.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if channel.is_thread:
            out.update(
                owner_id=str(channel.owner_id),
                message_count=channel.message_count,
                member_count=len(channel.thread_members),
                total_message_sent=channel.message_count,
                thread_metadata={
                    "archived": channel.archived,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.archive_timestamp,
                    "locked": channel.locked,
                    "invitable": True,
                    "create_timestamp": channel.created_at,
                },
                applied_tags=[],
            )
            if self.bot.id in channel.thread_members:
                out["member"] = {
                    "id": str(channel.id),
                    "user_id": str(self.bot.id),
                    "join_timestamp": channel.created_at,
                    "flags": 0,
                }
            return out
        out.update(
            position=channel.position,
            topic=channel.topic,
            permission_overwrites=self._overwrites(channel),
            default_auto_archive_duration=1440,
            default_thread_rate_limit_per_user=0,
        )
        return out

    def _overwrites(self, channel: Channel) -> list[dict[str, Any]]:
        # A member overwrite for the bot makes discord.py compute exactly the permissions
        # the stand-in enforces (base = @everyone | the bot's role).
        base = self.everyone_permissions | self.bot_guild_permissions
        want = self._wanted_bits(channel)
        allow, deny = want & ~base, base & ~want
        if not allow and not deny:
            return []
        return [{"id": str(self.bot.id), "type": 1, "allow": str(allow), "deny": str(deny)}]

    def message_payload(self, message: Message) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "type": message.type,
            "content": message.content,
            "author": message.author.payload(),
            "attachments": [a.payload() for a in message.attachments],
            "embeds": copy.deepcopy(message.embeds),
            "mentions": [
                {
                    **self.members[uid].payload(),
                    "member": self.members[uid].member_payload(with_user=False),
                }
                for uid in sorted(message.mentions)
                if uid in self.members
            ],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": message.pinned,
            "tts": False,
            "timestamp": message.timestamp,
            "edited_timestamp": message.edited_timestamp,
            "flags": message.flags,
            "components": copy.deepcopy(message.components),
        }
        if message.guild_id:
            out["guild_id"] = str(message.guild_id)
            member = message.author.member_payload(with_user=False)
            if message.author is self.bot:
                member["roles"] = [str(self.bot_role_id)]
            out["member"] = member
        if message.message_reference:
            out["message_reference"] = dict(message.message_reference)
        if message.reactions:
            out["reactions"] = [
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.bot.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in message.reactions.items()
                if users
            ]
        inter = self.interactions.get(message.interaction_id or 0)
        if inter is not None:
            out["webhook_id"] = str(self.app_id)
            out["application_id"] = str(self.app_id)
            meta: dict[str, Any] = {
                "id": str(inter.id),
                "type": inter.type,
                "user": inter.user.payload(),
                "authorizing_integration_owners": inter.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if inter.original is not None and inter.original is not message:
                meta["original_response_message_id"] = str(inter.original.id)
            if inter.message is not None:
                meta["interacted_message_id"] = str(inter.message.id)
            out["interaction_metadata"] = meta
            out["interaction"] = {
                "id": str(inter.id),
                "type": inter.type,
                "name": inter.name,
                "user": inter.user.payload(),
            }
        return out

    # ------------------------------------------------------------ messages

    def _history(self, kind: str, message: Message) -> None:
        snapshot = self.message_payload(message)
        self.history.append(M.HistoryEvent(kind, message, snapshot, self.clock.now()))

    def new_attachment(
        self,
        channel_id: int,
        filename: str,
        data: bytes,
        content_type: str | None = None,
        description: str | None = None,
    ) -> M.Attachment:
        """A file with a fresh id, served at its CDN address on this stand-in."""
        aid = self.new_id()
        url = f"{self.cdn_base}/attachments/{channel_id}/{aid}/{filename}"
        return M.Attachment(aid, filename, data, url, content_type, description)

    def _attachments(
        self, channel_id: int, body: dict[str, Any], files: Files
    ) -> list[M.Attachment]:
        described = {
            str(a.get("id")): a for a in body.get("attachments") or [] if isinstance(a, dict)
        }
        out = []
        for index, (filename, data) in enumerate(files):
            entry = described.get(str(index), {})
            name = entry.get("filename") or filename
            kind = mimetypes.guess_type(name)[0]
            out.append(self.new_attachment(channel_id, name, data, kind, entry.get("description")))
        return out

    def store_message(
        self,
        channel: Channel,
        author: Member,
        body: dict[str, Any],
        files: Files,
        *,
        interaction: Interaction | None = None,
        kind: int = 0,
        flags: int | None = None,
    ) -> Message:
        """Create a message (already checked); ephemeral ones stay out of the gateway."""
        honoured = (body.get("flags") or 0) & HONOURED_FLAGS if flags is None else flags
        message = Message(
            id=self.new_id(),
            channel_id=channel.id,
            author=author,
            content=str(body.get("content") or ""),
            guild_id=channel.guild_id,
            type=kind,
            embeds=copy.deepcopy(body.get("embeds") or []),
            components=_number_components(body.get("components") or []),
            flags=honoured,
            attachments=self._attachments(channel.id, body, files),
            timestamp=self.now_iso(),
            interaction_id=interaction.id if interaction else None,
            visible_to=interaction.user.id if interaction and honoured & L.EPHEMERAL else None,
            message_reference=body.get("message_reference"),
        )
        self.messages[message.id] = message
        if not message.ephemeral:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
        self._history("created", message)
        if not message.ephemeral:
            self.emit("MESSAGE_CREATE", self.message_payload(message))
        return message

    def apply_edit(
        self, message: Message, body: dict[str, Any], files: Files, *, size_limit: int
    ) -> Message:
        """PATCH semantics: absent fields stay, ``null`` clears; ``attachments`` lists the
        ones to keep (by id) and describes new files."""
        kept = list(message.attachments)
        if "attachments" in body and body["attachments"] is not None:
            wanted = {str(a.get("id")) for a in body["attachments"] if isinstance(a, dict)}
            kept = [a for a in message.attachments if str(a.id) in wanted]
        merged: dict[str, Any] = {
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
            "flags": message.flags,
        }
        for key in ("content", "embeds", "components"):
            if key in body:
                merged[key] = body[key]
        L.check_message(merged, files, size_limit=size_limit, kept_attachments=len(kept))
        message.content = str(merged["content"] or "")
        message.embeds = copy.deepcopy(merged["embeds"] or [])
        message.components = _number_components(merged["components"] or [])
        message.attachments = kept + self._attachments(message.channel_id, body, files)
        if "flags" in body and body["flags"] is not None:
            # Only SUPPRESS_EMBEDS may change on an edit; ephemeral and V2 stay as they were.
            keep = message.flags & ~(1 << 2)
            message.flags = keep | (body["flags"] & (1 << 2))
        message.flags &= ~L.LOADING
        message.edited_timestamp = self.now_iso()
        self._history("edited", message)
        if not message.ephemeral:
            self.emit("MESSAGE_UPDATE", self.message_payload(message))
        return message

    def remove_message(self, message: Message) -> None:
        message.deleted = True
        self._history("deleted", message)
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            self.emit("MESSAGE_DELETE", data)

    def live_channel(self, channel_id: Any) -> Channel:
        channel = self.channels.get(int(channel_id))
        if channel is None or channel.deleted:
            raise L.unknown("Channel")
        return channel

    def live_message(self, channel: Channel, message_id: Any) -> Message:
        message = self.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise L.unknown("Message")
        if message.ephemeral:
            raise L.unknown("Message")
        return message

    def _size_limit_for(self, channel: Channel) -> int:
        return self.size_limit

    def _reopen_thread(self, channel: Channel) -> None:
        if not channel.is_thread or not channel.archived:
            return
        if channel.locked and not self.bot_permissions_in(channel) & L.MANAGE_THREADS:
            raise DiscordError(
                400, 50083, "Thread is archived", detail=f"{channel.label} is archived and locked"
            )
        channel.archived = False
        channel.archive_timestamp = self.now_iso()
        self.emit("THREAD_UPDATE", self.channel_payload(channel))

    def bot_posts(self, channel_id: Any, body: dict[str, Any], files: Files) -> Message:
        """``POST /channels/{id}/messages``: DMs, permissions, limits, then the message."""
        channel = self.live_channel(channel_id)
        if channel.is_dm:
            user = channel.recipient
            assert user is not None
            if user.dms_closed or user.blocked_bot:
                raise L.cannot_dm(user.name)
        else:
            needed = L.SEND_MESSAGES_IN_THREADS if channel.is_thread else L.SEND_MESSAGES
            if files:
                needed |= L.ATTACH_FILES
            if body.get("message_reference"):
                needed |= L.READ_MESSAGE_HISTORY
            self.require(channel, needed)
        L.check_message(body, files, size_limit=self._size_limit_for(channel))
        reference = body.get("message_reference")
        if reference and reference.get("fail_if_not_exists", True):
            target = self.messages.get(int(reference.get("message_id") or 0))
            if target is None or target.deleted:
                raise L.invalid_form(
                    {
                        "message_reference": L.field_error(
                            "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                        )
                    }
                )
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord gives back the message a nonce made (a few minutes) instead of a copy.
            known = self.messages.get(self.nonces.get((channel.id, str(nonce)), 0))
            if known is not None and not known.deleted:
                return known
        self._reopen_thread(channel)
        message = self.store_message(channel, self.bot, body, files, kind=19 if reference else 0)
        if nonce is not None and body.get("enforce_nonce"):
            self.nonces[(channel.id, str(nonce))] = message.id
        return message

    def bot_edits(
        self, channel_id: Any, message_id: Any, body: dict[str, Any], files: Files
    ) -> Message:
        channel = self.live_channel(channel_id)
        message = self.live_message(channel, message_id)
        if message.author is not self.bot:
            if set(body) - {"flags"}:
                raise DiscordError(
                    403,
                    50005,
                    "Cannot edit a message authored by another user",
                    detail=f"message {message.id} is {message.author.name}'s",
                )
            self.require(channel, L.MANAGE_MESSAGES)
        if files and not channel.is_dm:
            self.require(channel, L.ATTACH_FILES)
        self._reopen_thread(channel)
        return self.apply_edit(message, body, files, size_limit=self._size_limit_for(channel))

    def bot_deletes(self, channel_id: Any, message_id: Any) -> None:
        channel = self.live_channel(channel_id)
        message = self.live_message(channel, message_id)
        if message.author is not self.bot:
            if channel.is_dm:
                raise DiscordError(
                    403, 50003, "Cannot execute action on a DM channel", detail="deleting a DM"
                )
            self.require(channel, L.MANAGE_MESSAGES)
        self.remove_message(message)

    def bot_pins(self, channel_id: Any, message_id: Any, pinned: bool) -> None:
        channel = self.live_channel(channel_id)
        message = self.live_message(channel, message_id)
        if not channel.is_dm:
            # Since 2025 pinning has its own permission (PIN_MESSAGES), no longer MANAGE_MESSAGES.
            self.require(channel, L.PIN_MESSAGES)
        pins = [m for m in self.messages.values() if m.channel_id == channel.id and m.pinned]
        if pinned and not message.pinned and len(pins) >= 250:
            raise DiscordError(400, 30003, "Maximum number of pins reached (250)")
        if message.pinned != pinned:
            message.pinned = pinned
            self._history("edited", message)
            self.emit("MESSAGE_UPDATE", self.message_payload(message))
            data = {"channel_id": str(channel.id), "last_pin_timestamp": self.now_iso()}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            self.emit("CHANNEL_PINS_UPDATE", data)

    def pinned(self, channel: Channel) -> list[Message]:
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and m.pinned and not m.deleted
        ]

    def bot_reacts(self, channel_id: Any, message_id: Any, emoji: str, add: bool) -> None:
        channel = self.live_channel(channel_id)
        message = self.live_message(channel, message_id)
        if add and not channel.is_dm:
            self.require(channel, L.READ_MESSAGE_HISTORY | L.ADD_REACTIONS)
        users = message.reactions.setdefault(emoji, set())
        (users.add if add else users.discard)(self.bot.id)

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Current messages in order (no deleted, no ephemeral)."""
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == channel.id and not m.deleted and not m.ephemeral
            ),
            key=lambda m: m.id,
        )

    def member_says(self, member: Member, channel: Channel, content: str, **extra: Any) -> Message:
        """A member posts in a channel (MESSAGE_CREATE reaches the bot)."""
        if channel.is_thread and channel.archived:
            channel.archived = False
            self.emit("THREAD_UPDATE", self.channel_payload(channel))
        files = list(extra.pop("files", None) or [])
        body = {"content": content, **extra}
        return self.store_message(channel, member, body, files)

    # ------------------------------------------------------------ DMs and threads

    def bot_opens_dm(self, recipient_id: Any) -> Channel:
        try:
            user = self.members[int(recipient_id)]
        except (KeyError, TypeError, ValueError):
            raise DiscordError(
                400, 50033, "Invalid Recipient(s)", detail=f"no user {recipient_id}"
            ) from None
        if user.bot:
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        return self.dm_channel(user)

    def bot_creates_thread(
        self, parent_id: Any, body: dict[str, Any], message_id: Any = None
    ) -> Channel:
        parent = self.live_channel(parent_id)
        if parent.is_dm or parent.is_thread:
            raise DiscordError(
                400, 50024, "Cannot execute action on this channel type", detail=parent.label
            )
        kind = int(body.get("type") or M.PUBLIC_THREAD) if message_id is None else M.PUBLIC_THREAD
        needed = L.CREATE_PRIVATE_THREADS if kind == M.PRIVATE_THREAD else L.CREATE_PUBLIC_THREADS
        if message_id is not None:
            needed |= L.READ_MESSAGE_HISTORY
        self.require(parent, needed)
        errors = L.ErrorTree()
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration") or 1440
        if duration not in ARCHIVE_DURATIONS:
            errors.add(
                ("auto_archive_duration",),
                "BASE_TYPE_CHOICES",
                f"Value must be one of {set(ARCHIVE_DURATIONS)}.",
            )
        errors.raise_if_any()
        if message_id is not None:
            starter = self.live_message(parent, message_id)
            tid = starter.id
            if tid in self.channels:
                raise DiscordError(
                    400, 160004, "A thread has already been created for this message"
                )
        else:
            tid = self.new_id()
        thread = Channel(
            tid,
            kind,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot.id,
            auto_archive_duration=duration,
            archive_timestamp=self.now_iso(),
            created_at=self.now_iso(),
            thread_members={self.bot.id},
        )
        self.channels[tid] = thread
        self.emit("THREAD_CREATE", {**self.channel_payload(thread), "newly_created": True})
        return thread

    def bot_modifies_channel(self, channel_id: Any, body: dict[str, Any]) -> Channel:
        channel = self.live_channel(channel_id)
        if channel.is_dm:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if channel.is_thread:
            owner = channel.owner_id == self.bot.id
            needs_manage = "locked" in body or not owner or (channel.locked and channel.archived)
            self.require(channel, L.MANAGE_THREADS if needs_manage else 0)
            if "name" in body:
                channel.name = body["name"]
            if "archived" in body:
                channel.archived = bool(body["archived"])
                channel.archive_timestamp = self.now_iso()
            if "locked" in body:
                channel.locked = bool(body["locked"])
            if body.get("auto_archive_duration"):
                channel.auto_archive_duration = int(body["auto_archive_duration"])
            self.emit("THREAD_UPDATE", self.channel_payload(channel))
            return channel
        self.require(channel, L.MANAGE_CHANNELS)
        if "name" in body:
            channel.name = body["name"]
        if "topic" in body:
            channel.topic = body["topic"]
        self.emit("CHANNEL_UPDATE", self.channel_payload(channel))
        return channel

    def bot_deletes_channel(self, channel_id: Any) -> Channel:
        channel = self.live_channel(channel_id)
        if channel.is_dm:
            return channel  # "closing" a DM changes nothing that matters here
        self.require(channel, L.MANAGE_THREADS if channel.is_thread else L.MANAGE_CHANNELS)
        channel.deleted = True
        payload = self.channel_payload(channel)
        if channel.is_thread:
            self.emit(
                "THREAD_DELETE",
                {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")},
            )
        else:
            self.emit("CHANNEL_DELETE", payload)
        return channel

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [
            c
            for c in self.channels.values()
            if c.is_thread and not c.deleted and (parent is None or c.parent_id == parent.id)
        ]

    # ------------------------------------------------------------ application commands

    def sync_commands(self, guild_id: Any, commands: Any) -> list[dict[str, Any]]:
        """A bulk overwrite: checked as Discord does, stored with stable ids."""
        if guild_id is not None and int(guild_id) not in self.guild_names:
            raise L.missing_access(f"guild {guild_id}")
        L.check_commands(commands)
        scope = None if guild_id is None else int(guild_id)
        stored = [self._store_command(scope, c) for c in commands]
        if scope is None:
            self.global_commands = stored
        else:
            self.guild_commands[scope] = stored
        return copy.deepcopy(stored)

    def _store_command(self, scope: int | None, command: dict[str, Any]) -> dict[str, Any]:
        kind = command.get("type", L.CHAT_INPUT)
        cid = self._command_ids.setdefault((scope, kind, command.get("name")), self.new_id())
        out: dict[str, Any] = {
            "id": str(cid),
            "application_id": str(self.app_id),
            "version": str(self.new_id()),
            "type": kind,
            "name": command.get("name"),
            "name_localizations": None,
            "description": "",
            "description_localizations": None,
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "integration_types": [0],
            "contexts": None,
        }
        out.update(copy.deepcopy(command))
        out["id"], out["type"] = str(cid), kind
        if kind == L.CHAT_INPUT:
            out.setdefault("options", [])
        if scope is not None:
            out["guild_id"] = str(scope)
        return out

    def upsert_command(self, guild_id: Any, command: dict[str, Any]) -> dict[str, Any]:
        current = self.commands(guild_id)
        others = [c for c in current if c["name"] != command.get("name")]
        stored = self.sync_commands(guild_id, [*others, command])
        return next(c for c in stored if c["name"] == command.get("name"))

    def commands(self, guild_id: Any = None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.get(int(guild_id), [])

    def delete_command(self, guild_id: Any, command_id: Any) -> None:
        current = self.commands(guild_id)
        kept = [c for c in current if c["id"] != str(command_id)]
        if len(kept) == len(current):
            raise L.unknown("Application Command")
        if guild_id is None:
            self.global_commands = kept
        else:
            self.guild_commands[int(guild_id)] = kept

    def find_command(self, name: str, kind: int = L.CHAT_INPUT) -> dict[str, Any]:
        for command in [*self.guild_commands.get(self.guild_id, []), *self.global_commands]:
            if command["name"] == name and command.get("type", 1) == kind:
                return command
        known = sorted(c["name"] for c in [*self.global_commands, *self.commands(self.guild_id)])
        raise AssertionError(f"no synced command /{name} (synced: {known})")

    # ------------------------------------------------------------ interactions

    def new_interaction(
        self,
        kind: int,
        user: Member,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
    ) -> Interaction:
        """An interaction as Discord builds it for the gateway (discord.py 2.7 shape)."""
        iid = self.new_id()
        token = f"aW50ZXJhY3Rpb246{iid}{secrets.token_urlsafe(32)}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.app_id),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": str(self.bot_permissions_in(channel)),
            "attachment_size_limit": self.size_limit,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "channel": self.channel_payload(channel),
            "channel_id": str(channel.id),
            "data": data,
        }
        if channel.guild_id:
            payload.update(
                guild_id=str(channel.guild_id),
                guild_locale=self.guild_locale,
                guild={
                    "id": str(channel.guild_id),
                    "locale": self.guild_locale,
                    "features": list(self.features),
                },
                context=0,
                authorizing_integration_owners={"0": str(channel.guild_id)},
                member=user.member_payload(permissions=self.member_permissions_in(user, channel)),
            )
        else:
            payload.update(
                user=user.payload(), context=1, authorizing_integration_owners={"0": "0"}
            )
        if message is not None:
            payload["message"] = self.message_payload(message)
        inter = Interaction(
            iid,
            token,
            kind,
            user,
            channel.id,
            payload,
            self.clock.now(),
            self.size_limit,
            message=message,
        )
        inter.note(inter.created_at, "created")
        self.interactions[iid] = inter
        self.by_token[token] = inter
        return inter

    def interaction_for_callback(self, interaction_id: Any, token: str) -> Interaction:
        inter = (
            self.interactions.get(int(interaction_id)) if str(interaction_id).isdigit() else None
        )
        if inter is None or inter.token != token:
            raise L.unknown("Interaction")
        return inter

    def respond(
        self, inter: Interaction, body: dict[str, Any], files: Files, *, with_response: bool = True
    ) -> dict[str, Any] | None:
        """``POST /interactions/{id}/{token}/callback``: the one initial response."""
        now = self.clock.now()
        sent = inter.dispatched_at if inter.dispatched_at is not None else inter.created_at
        elapsed = now - sent
        kind = body.get("type")
        data = body.get("data") or {}
        ephemeral = bool((data.get("flags") or 0) & L.EPHEMERAL)
        # Recorded as sent, whatever it is: the checks below refuse a type that is no type.
        attempt = M.InitialResponse(cast(int, kind), ephemeral, elapsed, data)
        inter.attempts.append(attempt)
        try:
            self._check_response(inter, kind, elapsed)
            resource = self._apply_response(inter, kind, data, files)
        except DiscordError as error:
            attempt.status, attempt.code = error.status, error.code
            inter.note(now, f"initial response type {kind} refused: {error.code}")
            raise
        inter.initial = attempt
        inter.note(now, f"initial response type {kind} after {elapsed:.3f}s")
        if not with_response:
            return None
        message = resource.get("message")
        return {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_id": message["id"] if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message["flags"] & L.EPHEMERAL),
            },
            "resource": resource,
        }

    def _check_response(self, inter: Interaction, kind: Any, elapsed: float) -> None:
        if inter.initial is not None:
            raise DiscordError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                detail=f"second initial response (type {kind}) to {inter.name!r}",
            )
        if elapsed > L.INITIAL_RESPONSE_SECONDS:
            raise DiscordError(
                404,
                10062,
                "Unknown interaction",
                detail=f"initial response to {inter.name!r} came {elapsed:.2f}s after the "
                "interaction (limit 3 s)",
            )
        allowed = {
            APPLICATION_COMMAND: {4, 5, 9},
            COMPONENT: {4, 5, 6, 7, 9},
            AUTOCOMPLETE: {8},
            MODAL_SUBMIT: {4, 5} | ({6, 7} if inter.message is not None else set()),
        }.get(inter.type, set())
        if kind not in allowed:
            raise L.invalid_form(
                {
                    "type": L.field_error(
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"Callback type {kind} is not valid for interaction type {inter.type}",
                    )
                }
            )

    def _apply_response(
        self, inter: Interaction, kind: Any, data: dict[str, Any], files: Files
    ) -> dict[str, Any]:
        channel = self.channels[inter.channel_id]
        resource: dict[str, Any] = {"type": kind}
        command_kind = 20 if inter.type == APPLICATION_COMMAND else 0
        if kind == 4:
            L.check_message(data, files, size_limit=inter.size_limit)
            inter.original = self.store_message(
                channel, self.bot, data, files, interaction=inter, kind=command_kind
            )
        elif kind == 5:
            flags = L.LOADING | ((data.get("flags") or 0) & L.EPHEMERAL)
            inter.original = self.store_message(
                channel, self.bot, {}, [], interaction=inter, kind=command_kind, flags=flags
            )
        elif kind in (6, 7):
            inter.original = inter.message
            if kind == 7:
                assert inter.message is not None
                self.apply_edit(inter.message, data, files, size_limit=inter.size_limit)
        elif kind == 8:
            L.check_choices(data.get("choices"))
            inter.choices = list(data.get("choices") or [])
        elif kind == 9:
            L.check_modal(data)
            inter.modal = copy.deepcopy(data)
        if inter.original is not None and kind in (4, 5, 7):
            resource["message"] = self.message_payload(inter.original)
        return resource

    def webhook_interaction(self, app_id: Any, token: str) -> Interaction:
        """The interaction behind a follow-up token (15 minutes of life)."""
        inter = self.by_token.get(token)
        if inter is None or str(app_id) != str(self.app_id):
            raise L.unknown("Webhook")
        age = self.clock.now() - inter.created_at
        if age > L.TOKEN_SECONDS:
            raise DiscordError(
                401,
                50027,
                "Invalid Webhook Token",
                detail=f"token of {inter.name!r} used {age / 60:.1f} min after the interaction",
            )
        if inter.initial is None:
            raise DiscordError(
                404,
                10015,
                "Unknown Webhook",
                detail=f"follow-up to {inter.name!r} before its initial response",
            )
        return inter

    def followup(self, inter: Interaction, body: dict[str, Any], files: Files) -> Message:
        """``POST /webhooks/{app}/{token}``. After a defer the first follow-up resolves the
        loading message (keeping the defer's ephemeral choice), as Discord does."""
        if inter.type == AUTOCOMPLETE:
            raise L.unknown("Webhook")
        original = inter.original
        if original is not None and original.loading and not original.deleted:
            self.apply_edit(original, body, files, size_limit=inter.size_limit)
            inter.note(self.clock.now(), "follow-up resolved the deferred response")
            return original
        L.check_message(body, files, size_limit=inter.size_limit)
        channel = self.channels[inter.channel_id]
        message = self.store_message(channel, self.bot, body, files, interaction=inter)
        inter.followups.append(message)
        inter.note(self.clock.now(), f"follow-up {message.id}")
        return message

    def webhook_message(self, inter: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            message = inter.original
        else:
            candidates = [inter.original, *inter.followups]
            message = next((m for m in candidates if m and str(m.id) == message_id), None)
        if message is None or message.deleted:
            raise L.unknown("Message")
        return message

    def check_deadlines(self) -> None:
        """Record interactions that got no initial response in 3 s (by the clock)."""
        now = self.clock.now()
        for inter in self.interactions.values():
            if inter.initial is not None or inter.no_response_reported:
                continue
            if inter.dispatched_at is None or inter.attempts:
                continue
            if now - inter.dispatched_at > L.INITIAL_RESPONSE_SECONDS:
                inter.no_response_reported = True
                self.violate(
                    "no_initial_response",
                    f"{inter.name!r} by {inter.user.name} got no initial response in 3 s",
                )


def _implicit(bits: int, thread: bool) -> int:
    if bits & L.ADMINISTRATOR:
        return L.ALL_PERMISSIONS
    strip = SEND_TTS | L.MENTION_EVERYONE | L.EMBED_LINKS | L.ATTACH_FILES
    if not bits & L.SEND_MESSAGES:
        bits &= ~strip
    if not bits & L.VIEW_CHANNEL:
        bits &= ~ALL_CHANNEL
    if thread and not bits & L.SEND_MESSAGES_IN_THREADS:
        bits &= ~strip
    return bits


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord gives every component a numeric ``id`` when the bot did not."""
    out = copy.deepcopy(components)
    used = {c["id"] for c in M.walk_components(out) if isinstance(c.get("id"), int)}
    next_id = 1
    for component in M.walk_components(out):
        if "id" not in component:
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
    return out
