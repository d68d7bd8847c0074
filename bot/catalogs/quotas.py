"""Quotas (``bot.tables.quotas``) and the pages of ``/plateau games``: every text they say,
in English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "quota.member_lobbies": (
        "You already host {limit} open lobbies on this server, its limit. To free a slot, "
        "start one of them once its seats are taken, or cancel one (/<game> cancel game:<id>).",
        "Vous accueillez déjà {limit} salons d'attente ouverts sur ce serveur, sa limite. Pour "
        "libérer une place, lancez l'un d'eux quand ses places sont prises, ou annulez-en un "
        "(/<jeu> cancel game:<id>).",
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
        "{user} already plays {limit} running games on this server, its limit. A slot frees "
        "when one of them ends (or is resigned); then start this one.",
        "{user} joue déjà {limit} parties en cours sur ce serveur, sa limite. Une place se "
        "libère quand l'une d'elles se termine (ou est abandonnée) ; lancez alors celle-ci.",
    ),
}

MESSAGES.update(
    {
        # --- /plateau games: its pages
        "plateau.games_page": ("Page {page} of {pages}", "Page {page} sur {pages}"),
        "plateau.page_previous": ("◀ Previous", "◀ Précédente"),
        "plateau.page_next": ("Next ▶", "Suivante ▶"),
    }
)
