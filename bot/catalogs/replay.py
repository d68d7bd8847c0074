"""Looking back (``/<game> board at:<n>``, ``/<game> replay``): every text it says, in
English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "replay.pick_at": (
        "at is an action's number, from 0 (the start) to {last} (the latest).",
        "at est le numéro d'une action, de 0 (le début) à {last} (la dernière).",
    ),
    "replay.at_start": (
        "The start of the game ({last} actions since).",
        "Le début de la partie ({last} actions depuis).",
    ),
    "replay.at": (
        "After action {n} of {last}: `{action}`.",
        "Après l'action {n} sur {last} : `{action}`.",
    ),
    "replay.not_over": (
        "A replay comes once the game is over; meanwhile {command} shows a past position.",
        "Le film vient quand la partie est finie ; en attendant, {command} montre une "
        "position passée.",
    ),
    "replay.nothing": (
        "This game has no position to show yet.",
        "Cette partie n'a pas encore de position à montrer.",
    ),
    "replay.too_big": (
        "This game is too long for one picture within Discord's size limit; export it instead.",
        "Cette partie est trop longue pour une image dans la limite de Discord ; "
        "exportez-la plutôt.",
    ),
    "replay.unreadable": (
        "This game's record no longer replays from action {n} on: it was kept under earlier "
        "rules. {command} still gives its record.",
        "L'enregistrement de cette partie ne se rejoue plus à partir de l'action {n} : il date "
        "de règles antérieures. {command} en donne toujours l'enregistrement.",
    ),
    "replay.posted": (
        "🎞️ **{game}** `{id}` again, {actions} actions.",
        "🎞️ **{game}** `{id}` à nouveau, {actions} actions.",
    ),
    "replay.done": (
        "The replay is posted in the game's thread.",
        "Le film est posté dans le fil de la partie.",
    ),
    "replay.yours": (
        "The replay, for you alone: only the game's players post it in its thread.",
        "Le film, pour vous seul : seuls les joueurs de la partie le postent dans son fil.",
    ),
    "replay.private": (
        "The replay is already posted in the game's thread; here it is again, for you alone.",
        "Le film est déjà posté dans le fil de la partie ; le revoici, pour vous seul.",
    ),
    "replay.link": (
        "The replay is already posted: {link}",
        "Le film est déjà posté : {link}",
    ),
    "replay.wait": (
        "Looking back is limited to spare the bot for games in play: ask again in {seconds} s.",
        "Revoir une partie est limité pour ménager le bot pendant les parties : redemandez "
        "dans {seconds} s.",
    ),
    "discord.desc.table.replay": (
        "A finished game again, as an animated picture in its thread",
        "Une partie finie à nouveau, en image animée dans son fil",
    ),
    "discord.pdesc.board_at": (
        "A past position: after this many actions (0: the start)",
        "Une position passée : après ce nombre d'actions (0 : le début)",
    ),
}
