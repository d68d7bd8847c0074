"""From Discord to the service: what an interaction asks (:func:`request_from`), and the
permissions the bot lacks to answer it where it was typed."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.model import Actor, Place, Request, ThreadOpener

Options = dict[str, Any]


def request_from(
    interaction: discord.Interaction,
    kind: str,
    command: str,
    options: Options,
    open_thread: ThreadOpener | None = None,
) -> Request:
    """Who, where and what: the user's locale and Manage Server permission, the channel or
    thread (with its parent), the guild's locale and whether it is a Community guild."""
    user = interaction.user
    guild_id = interaction.guild_id
    actor = Actor(
        id=user.id,
        name=user.display_name,
        locale=interaction.locale.value,
        manager=guild_id is not None and interaction.permissions.manage_guild,
    )
    place = Place(
        channel_id=interaction.channel_id or 0,
        guild_id=guild_id,
        parent_id=getattr(interaction.channel, "parent_id", None),
        is_dm=guild_id is None,
        guild_locale=interaction.guild_locale.value if interaction.guild_locale else None,
        # The cached guild's features (the guilds intent), else the interaction's own.
        community=interaction.guild is not None and "COMMUNITY" in interaction.guild.features,
        guild_name=interaction.guild.name if interaction.guild is not None else None,
        open_thread=open_thread,
    )
    clean = {k: v for k, v in options.items() if v is not None}
    return Request(kind, command, actor, place, clean)


# What the bot needs where a command is typed, to post what the command will say there.
# Every /plateau command answers privately too (games, leaderboard, profile, settings).
PRIVATE_ONLY = frozenset({"rules", "export", "help", "games", "leaderboard", "profile", "settings"})
PERMISSION_KEYS = {
    "send_messages": "perm.send_messages",
    "send_messages_in_threads": "perm.send_messages_in_threads",
    "attach_files": "perm.attach_files",
}


def missing_permissions(interaction: discord.Interaction, command: str) -> dict[str, str]:
    """The permissions the bot lacks here to answer ``command`` in the channel, named in the
    user's language (``{"missing": ...}``), or nothing. Private answers need none."""
    if interaction.guild_id is None or command in PRIVATE_ONLY:
        return {}
    in_thread = isinstance(interaction.channel, discord.Thread)
    lacking = lacking_to_post(interaction.app_permissions, in_thread, files=True)
    if not lacking:
        return {}
    return {"missing": permission_names(interaction.locale.value, lacking)}


def lacking_to_post(perms: discord.Permissions, in_thread: bool, *, files: bool) -> list[str]:
    """The permissions of ``perms`` missing to post in a channel (a thread), with files."""
    needed = ["send_messages_in_threads" if in_thread else "send_messages"]
    needed += ["attach_files"] if files else []
    return [name for name in needed if not getattr(perms, name)]


def permission_names(loc: str, names: list[str]) -> str:
    """Permissions as Discord names them to the reader, in their language."""
    return ", ".join(t(loc, PERMISSION_KEYS[name]) for name in names)


def kind_of(interaction: discord.Interaction) -> str:
    return {
        discord.InteractionType.application_command: "slash",
        discord.InteractionType.component: "button",
    }.get(interaction.type, interaction.type.name)
