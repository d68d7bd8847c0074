"""Check a game's rules page (docs/rules/<game>.md) against its cog's slash commands, so the
page never tells a player to type a command, an option or a choice that does not exist.

Every inline code span of the page that starts with ``/<game> `` is read as a command line:
its words up to the first option name the subcommand (``/loka army add``), then options
written ``name:value``, ``[name:value]`` (optional) or ``name:a|b|c`` (choices).
A value in angle brackets (``<move>``), a mention (``@member``) or ``...`` is a placeholder;
any other value of an option that has fixed choices must be one of them. Use
:func:`rules_page_problems` (page -> cog) and :func:`undocumented_commands` (cog -> page)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discord import app_commands

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
_SPAN = re.compile(r"`([^`\n]+)`")
_OPTION = re.compile(r"^\[?([a-z_]+):(.*?)\]?$")


@dataclass(frozen=True)
class Documented:
    """One command line of the page: its subcommand and ``option -> values`` as written."""

    line: str
    command: str
    options: dict[str, tuple[str, ...]]


def command_tree(cog: type[Any]) -> dict[str, dict[str, frozenset[str] | None]]:
    """The cog's subcommands (``"army add"``) -> option name -> its fixed choices (``None``
    where any value goes), read from the class as discord.py collected it. Options go by
    the names Discord shows (``app_commands.rename``: ``from``, not the parameter ``src``)."""
    tree: dict[str, dict[str, frozenset[str] | None]] = {}

    def walk(node: Any, prefix: str) -> None:
        name = f"{prefix} {node.name}".strip()
        if isinstance(node, app_commands.Group):
            for child in node.commands:
                walk(child, name)
            return
        tree[name] = {
            p.display_name: frozenset(str(c.value) for c in p.choices) if p.choices else None
            for p in node.parameters
        }

    for command in cog.__cog_app_commands__:
        walk(command, "")
    return tree


def documented_commands(
    kind: str, text: str | None = None, known: Iterable[str] = ()
) -> list[Documented]:
    """The ``/<kind> ...`` command lines written in the rules page (or in ``text``). Of the
    words before the options, the longest run that is a ``known`` command names it (a
    square written after it, ``/echec advance c2``, is a value); all of them if none is."""
    known = set(known)
    if text is None:
        text = (DOCS / f"{kind}.md").read_text(encoding="utf-8")
    found = []
    for span in _SPAN.findall(text):
        words = span.split()
        if not words or words[0] != f"/{kind}":
            continue
        command: list[str] = []
        options: dict[str, tuple[str, ...]] = {}
        for word in words[1:]:
            option = _OPTION.match(word)
            if option:
                options[option.group(1)] = tuple(option.group(2).split("|"))
            elif not options and re.fullmatch(r"[a-z_][a-z0-9_-]*", word):
                command.append(word)
            else:  # prose after the options, a placeholder: not a name to check
                break
        runs = [" ".join(command[:n]) for n in range(len(command), 0, -1)]
        named = next((run for run in runs if run in known), " ".join(command))
        found.append(Documented(span, named, options))
    return found


def _placeholder(value: str) -> bool:
    return value in ("", "...", "…") or value.startswith(("<", "@"))


def rules_page_problems(kind: str, cog: type[Any], text: str | None = None) -> list[str]:
    """What the page says that the cog does not have: unknown subcommands, options and
    choices, one line each (empty when the page is right)."""
    tree = command_tree(cog)
    problems = []
    for doc in documented_commands(kind, text, tree):
        if doc.command not in tree:
            problems.append(f"`{doc.line}`: no command /{kind} {doc.command}")
            continue
        for option, values in doc.options.items():
            if option not in tree[doc.command]:
                known = ", ".join(tree[doc.command]) or "none"
                problems.append(f"`{doc.line}`: no option {option} (options: {known})")
                continue
            choices = tree[doc.command][option]
            bad = [v for v in values if choices is not None and not _placeholder(v)]
            bad = [v for v in bad if v not in choices]
            if bad:
                problems.append(f"`{doc.line}`: {option} is not {', '.join(bad)}")
    return problems


def undocumented_commands(kind: str, cog: type[Any], text: str | None = None) -> list[str]:
    """The cog's subcommands that the page never writes as ``/<kind> <command>``."""
    written = {doc.command for doc in documented_commands(kind, text, command_tree(cog))}
    return sorted(set(command_tree(cog)) - written)
