"""Quotas (``bot.tables.quotas``) and the pages of ``/plateau games``: every text they say,
in English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "quota.member_lobbies": (
        "You already host {limit} open lobbies on this server, its limit (an admin sets it "
        "with /plateau settings lobbies:). To free a slot, start one of them once its seats "
        "are taken, or cancel one (/<game> cancel game:<id>).",
        "Vous accueillez déjà {limit} salons d'attente ouverts sur ce serveur, sa limite (un "
        "administrateur la règle avec /plateau settings lobbies:). Pour libérer une place, "
        "lancez l'un d'eux quand ses places sont prises, ou annulez-en un (/<jeu> cancel "
        "game:<id>).",
    ),
    "quota.channel_lobbies": (
        "This channel already has an open /{kind} lobby: `{id}` in {where} (at most {limit} "
        "here). Join it (/{kind} join game:{id}), or open yours once it starts or its host "
        "cancels it (/{kind} cancel game:{id}), or in another channel.",
        "Ce salon a déjà un salon d'attente /{kind} ouvert : `{id}` dans {where} (au plus "
        "{limit} ici). Rejoignez-le (/{kind} join game:{id}), ou ouvrez le vôtre quand il "
        "commence ou que son hôte l'annule (/{kind} cancel game:{id}), ou dans un autre salon.",
    ),
    "quota.member_games": (
        "{user} already plays {limit} running games on this server, its limit (an admin sets "
        "it with /plateau settings games:). A slot frees when one of them ends (or is "
        "resigned); then start this one.",
        "{user} joue déjà {limit} parties en cours sur ce serveur, sa limite (un "
        "administrateur la règle avec /plateau settings games:). Une place se libère quand "
        "l'une d'elles se termine (ou est abandonnée) ; lancez alors celle-ci.",
    ),
}

MESSAGES.update(
    {
        # --- /plateau settings: the server's quotas
        "quota.head": ("Quotas on this server:", "Quotas de ce serveur :"),
        "quota.default": ("{n} (default)", "{n} (par défaut)"),
        "quota.member_lobbies_setting": (
            "· open lobbies a member hosts: **{n}** ({option}:)",
            "· salons d'attente ouverts par membre : **{n}** ({option}:)",
        ),
        "quota.member_games_setting": (
            "· running games a member plays: **{n}** ({option}:)",
            "· parties en cours par membre : **{n}** ({option}:)",
        ),
        "quota.channel_lobbies_setting": (
            "· open lobbies of one game in a channel: **{n}** ({option}:)",
            "· salons d'attente ouverts d'un même jeu par salon : **{n}** ({option}:)",
        ),
        "quota.saved": (
            "Saved. {setting}\nA quota set to 0 is back to its default.",
            "C'est noté. {setting}\nUn quota réglé à 0 revient à sa valeur par défaut.",
        ),
        "quota.pick_number": (
            "A quota is a whole number from 1 to {high} (0: back to the default).",
            "Un quota est un nombre entier de 1 à {high} (0 : retour à la valeur par défaut).",
        ),
        "discord.pdesc.settings_lobbies": (
            "Open lobbies a member may host (0: the default, 3)",
            "Salons d'attente qu'un membre peut ouvrir (0 : par défaut, 3)",
        ),
        "discord.pdesc.settings_games": (
            "Running games a member may play (0: the default, 20)",
            "Parties en cours qu'un membre peut jouer (0 : par défaut, 20)",
        ),
        "discord.pdesc.settings_channel_lobbies": (
            "Open lobbies of one game in a channel (0: the default, 1)",
            "Salons d'attente d'un même jeu ouverts par salon (0 : par défaut, 1)",
        ),
        # --- /plateau games: its pages
        "plateau.games_page": ("Page {page} of {pages}", "Page {page} sur {pages}"),
        "plateau.page_previous": ("◀ Previous", "◀ Précédente"),
        "plateau.page_next": ("Next ▶", "Suivante ▶"),
    }
)
