"""Slash commands in the reader's language: discord.py's translator, from the catalogs."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import SOURCE, has, language, t


class CatalogTranslator(app_commands.Translator):
    """Command, option and choice names and descriptions in French, from the catalog.

    Descriptions and choices carry their catalog key (``tr(key)``); names are looked up as
    ``discord.name.<command>`` and ``discord.param.<option>``."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language(locale.value)
        if lang == SOURCE:
            return None
        key = string.extras.get("key") or _name_key(context)
        if key is None or not has(key):
            return None
        return t(lang, key)


def _name_key(context: app_commands.TranslationContextTypes) -> str | None:
    where = app_commands.TranslationContextLocation
    if context.location in (where.command_name, where.group_name):
        return "discord.name." + context.data.name
    if context.location is where.parameter_name:
        return "discord.param." + context.data.display_name
    return None
