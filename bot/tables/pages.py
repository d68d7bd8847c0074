"""The help and rules pages of a table: ``/<game> help`` (each command the game declares
and what it is for) and ``/<game> rules`` (a section of the game's rules page). The pages
ship inside the package (``bot/rules``, which ``docs/rules`` links to) and are read through
:mod:`importlib.resources`, so an installed bot has them. :class:`Pages` is a part of a
table (``table.pages``)."""

from __future__ import annotations

import re
from importlib import resources
from typing import Protocol

from bot.i18n import t
from bot.model import Delivery, Request
from bot.service import TableService
from bot.tables.game import clip

# The rules pages ship inside the package (docs/rules links here), so an installed bot has them.
DOCS = resources.files("bot") / "rules"
HELP_LIMIT = 1900  # characters in one help message (Discord takes 2,000)


class Named(Protocol):
    kind: str


class Pages:
    """``/<game> help`` and ``/<game> rules`` for the table of ``table.kind``."""

    def __init__(self, table: Named) -> None:
        self.table = table

    async def rules(self, service: TableService, request: Request) -> list[Delivery]:
        topic = str(request.options.get("topic") or "").lower().strip()
        return [service.private(request.actor, rules_excerpt(self.table.kind, topic))]

    async def help(self, service: TableService, request: Request) -> list[Delivery]:
        """How to play at a glance: each command the game declares and what it is for, then
        where the rules are; in as few private messages as Discord's limit allows."""
        kind = self.table.kind
        loc = request.actor.locale
        guide = service.guide(kind, loc)
        rules = next((c.shown for c in guide if c.name == "rules"), f"/{kind} rules")
        lines = [
            t(loc, "table.help_head", game=t(loc, f"game.{kind}")),
            *(f"`{c.shown}`: {c.purpose}" for c in guide),
            t(loc, "table.help_rules", rules=rules),
        ]
        return [service.private(request.actor, text) for text in packed(lines, HELP_LIMIT)]


def packed(lines: list[str], limit: int) -> list[str]:
    """``lines`` joined into as few texts of at most ``limit`` characters as they fit in
    (a line is never cut, unless it alone is too long)."""
    texts: list[str] = []
    for line in lines:
        if texts and len(texts[-1]) + 1 + len(line) <= limit:
            texts[-1] += "\n" + line
        else:
            texts.append(clip(line, limit))
    return texts


def rules_topics(kind: str) -> list[str]:
    """The section titles of docs/rules/<kind>.md, without their numbers."""
    text = (DOCS / f"{kind}.md").read_text(encoding="utf-8")
    titles = re.findall(r"(?m)^## (.+)$", text)
    return [re.sub(r"^\d+\.\s*", "", title).strip() for title in titles]


def rules_excerpt(kind: str, topic: str, limit: int = 1900) -> str:
    """The section of docs/rules/<kind>.md whose title matches ``topic`` (or the contents)."""
    text = (DOCS / f"{kind}.md").read_text(encoding="utf-8")
    sections = re.split(r"(?m)^## ", text)[1:]
    titles = [s.splitlines()[0] for s in sections]
    if topic:
        for title, body in zip(titles, sections, strict=True):
            if topic in title.lower():
                return clip("## " + body.strip(), limit)
    return f"{kind} rules: topics: " + ", ".join(
        re.sub(r"^\d+\.\s*", "", title) for title in titles
    )
