"""``/plateau`` (a member's games across the server): every text it says, in English and
French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "plateau.no_games": (
        "You sit in no game here. Open one with /<game> new (loka, loa, echec, inka, alako, "
        "chess), or join a lobby.",
        "Vous n'êtes assis à aucune partie ici. Ouvrez-en une avec /<jeu> new (loka, loa, "
        "echec, inka, alako, chess), ou rejoignez un salon d'attente.",
    ),
    "plateau.games_head": (
        "**Your games** ({games}; {waiting} await you):",
        "**Vos parties** ({games} ; {waiting} vous attendent) :",
    ),
    "plateau.game": ("**{game}** `{id}`", "**{game}** `{id}`"),
    "plateau.game_yours": (
        "▶ {head} in {where}: **your turn** ({seats}){due}",
        "▶ {head} dans {where} : **à vous** ({seats}){due}",
    ),
    "plateau.game_theirs": (
        "· {head} in {where} ({seats}): waiting for {waiting}",
        "· {head} dans {where} ({seats}) : on attend {waiting}",
    ),
    "plateau.game_lobby": (
        "· {head} in {where}: lobby, {taken} of {total} seats taken",
        "· {head} dans {where} : salon d'attente, {taken} places prises sur {total}",
    ),
    "plateau.elsewhere": (
        "{user}: {count} other game(s) await you too (/plateau games).",
        "{user} : {count} autre(s) partie(s) vous attendent aussi (/plateau games).",
    ),
    "discord.desc.plateau": (
        "Plateau across every game: your games",
        "Plateau pour tous les jeux : vos parties",
    ),
    "discord.desc.plateau.games": (
        "Your games on this server: where you are awaited, and how long you have",
        "Vos parties sur ce serveur : où l'on vous attend, et combien de temps il vous reste",
    ),
}

MESSAGES.update(
    {
        # --- /plateau leaderboard and profile
        "plateau.pick_game": ("game is one of: {games}.", "game est l'un de : {games}."),
        "plateau.no_ratings": (
            "Nobody has a {game} rating on this server yet: a rated game's end gives one.",
            "Personne n'a encore de classement {game} sur ce serveur : la fin d'une partie "
            "classée en donne un.",
        ),
        "plateau.leaderboard": ("Leaderboard: {game}", "Classement : {game}"),
        "plateau.leaderboard_text": (
            "The {game} leaderboard of this server (rating: the conservative estimate of "
            "each player's skill; a newcomer starts at 0).",
            "Le classement {game} de ce serveur (la note : l'estimation prudente du niveau de "
            "chacun ; un nouveau venu part de 0).",
        ),
        # The leaderboard's column heads, separated by |
        "plateau.heads": ("Player|Rating|Games|Wins", "Joueur|Note|Parties|Victoires"),
        "plateau.no_profile": (
            "{user} has played no rated game on this server yet.",
            "{user} n'a encore joué aucune partie classée sur ce serveur.",
        ),
        "plateau.profile": ("**{name}** ({user}): ratings", "**{name}** ({user}) : classements"),
        "plateau.profile_rating": (
            "· {family}: **{rating}** ({games} games, {wins} won)",
            "· {family} : **{rating}** ({games} parties, {wins} gagnées)",
        ),
        "plateau.profile_latest": (
            "Latest rated games, the newest first:",
            "Dernières parties classées, la plus récente d'abord :",
        ),
        "plateau.place_1": (
            "· `{id}` {family}: won, rating {rating}",
            "· `{id}` {family} : gagnée, note {rating}",
        ),
        "plateau.place_drawn": (
            "· `{id}` {family}: drawn, rating {rating}",
            "· `{id}` {family} : nulle, note {rating}",
        ),
        "plateau.place_2": (
            "· `{id}` {family}: lost, rating {rating}",
            "· `{id}` {family} : perdue, note {rating}",
        ),
        "table.pick_rated": (
            "rated is yes (the game counts for ratings) or no.",
            "rated vaut yes (la partie compte pour le classement) ou no.",
        ),
        # A ratings family: the game's name, and what sets a variant family apart.
        "family.people": (
            "{game}, {n} people",
            "{game}, {n} personnes",
        ),
        "family.players": (
            "{game}, {n} players",
            "{game}, {n} joueurs",
        ),
        "family.faceoff": (
            "{game}, Face-off",
            "{game}, Face-off",
        ),
        "family.teams": (
            "{game}, teams",
            "{game}, équipes",
        ),
        "discord.desc.plateau.leaderboard": (
            "A game's leaderboard on this server, as a picture",
            "Le classement d'un jeu sur ce serveur, en image",
        ),
        "discord.desc.plateau.profile": (
            "A member's ratings and latest rated games (yours by default)",
            "Les classements et dernières parties classées d'un membre (les vôtres par défaut)",
        ),
        "discord.pdesc.plateau_game": ("Which game", "Quel jeu"),
        "discord.pdesc.member": (
            "Whose profile (yours by default)",
            "Le profil de qui (le vôtre par défaut)",
        ),
        "discord.pdesc.rated": (
            "Does the game count for ratings? (default: yes, unless a computer player sits)",
            "La partie compte-t-elle pour le classement ? (par défaut oui, sauf joueur ordinateur)",
        ),
        "discord.choice.yes": ("yes", "oui"),
        "discord.choice.no": ("no", "non"),
    }
)

MESSAGES.update(
    {
        # --- /plateau settings: the server's language
        "plateau.pick_language": (
            "language is one of: {languages} (auto: the server's locale, else the host's).",
            "language est l'une de : {languages} (auto : la langue du serveur, sinon celle "
            "de l'hôte).",
        ),
        "plateau.settings_forbidden": (
            "Only a member with the Manage Server permission can change this server's settings.",
            "Seul un membre ayant la permission Gérer le serveur peut changer les réglages de "
            "ce serveur.",
        ),
        "plateau.language_chosen": (
            "New games on this server post in {language}, as an admin chose (a game opened "
            "with language: keeps its own).",
            "Les nouvelles parties de ce serveur écrivent en {language}, comme l'a choisi un "
            "administrateur (une partie ouverte avec language: garde la sienne).",
        ),
        "plateau.language_community": (
            "New games on this server post in {language}, the server's language (no admin "
            "chose one with /plateau settings language:; a game opened with language: keeps "
            "its own).",
            "Les nouvelles parties de ce serveur écrivent en {language}, la langue du serveur "
            "(aucun administrateur n'en a choisi avec /plateau settings language: ; une partie "
            "ouverte avec language: garde la sienne).",
        ),
        "plateau.language_host": (
            "New games on this server post in their host's language (no admin chose one with "
            "/plateau settings language:, and Discord tells a server's own language only for "
            "Community servers; a game opened with language: keeps its own).",
            "Les nouvelles parties de ce serveur écrivent dans la langue de leur hôte (aucun "
            "administrateur n'en a choisi avec /plateau settings language:, et Discord ne "
            "donne la langue d'un serveur que pour les serveurs Communauté ; une partie "
            "ouverte avec language: garde la sienne).",
        ),
        "plateau.settings_saved": (
            "Saved. {setting} Games already open keep their language.",
            "C'est noté. {setting} Les parties déjà ouvertes gardent leur langue.",
        ),
        "discord.desc.plateau.settings": (
            "This server's settings: the language of its games' posts (Manage Server)",
            "Les réglages du serveur : la langue des messages des parties (gérer le serveur)",
        ),
        "discord.pdesc.settings_language": (
            "The language of new games' posts (auto: the server's, else the host's)",
            "La langue des messages des nouvelles parties (auto : celle du serveur ou de l'hôte)",
        ),
        "discord.choice.language_auto": ("auto", "auto"),
        # --- /plateau settings palette: a member's own pictures (issue 30)
        "discord.pdesc.settings_palette": (
            "Your colours in the pictures sent to you alone (public ones keep the default)",
            "Vos couleurs dans les images envoyées à vous seul (les publiques gardent celles par "
            "défaut)",
        ),
        "plateau.pick_palette": (
            "palette is one of: {palettes}.",
            "palette est l'une de : {palettes}.",
        ),
        "discord.choice.palette_default": ("default", "par défaut"),
        "discord.choice.palette_high_contrast": ("high contrast", "contraste élevé"),
        "plateau.palette_saved": (
            "Saved: the pictures sent to you alone (a private board, your DMs) now use the "
            "{palette} palette. Public pictures keep the default, which colour-blind eyes read "
            "too.",
            "C'est noté : les images envoyées à vous seul (un plateau privé, vos messages "
            "privés) utilisent désormais la palette {palette}. Les images publiques gardent "
            "celle par défaut, lisible aussi par les daltoniens.",
        ),
        "plateau.palette_setting": (
            "Your palette: {palette} (the pictures sent to you alone; choices: {palettes}).",
            "Votre palette : {palette} (les images envoyées à vous seul ; au choix : {palettes}).",
        ),
        # A language, as a sentence names it ("post in French").
        "language.en": ("English", "anglais"),
        "language.fr": ("French", "français"),
    }
)
