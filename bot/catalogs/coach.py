"""The computer as a coach (``/<game> hint``, ``/<game> review``): every text it says, in
English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "coach.hints_off": (
        "Hints are for games opened with them: {command} (unrated).",
        "Les conseils sont pour les parties ouvertes avec : {command} (non classée).",
    ),
    "coach.hints_rated": (
        "A game with hints is unrated: choose hints:on or rated:yes, not both.",
        "Une partie avec conseils n'est pas classée : choisissez hints:on ou rated:yes, "
        "pas les deux.",
    ),
    "coach.pick_hints": ("hints is on or off.", "hints vaut on ou off."),
    "coach.hint_head": (
        "What the strong computer player would do for {seat} (hint {n} of this game), "
        "with your chance of winning after it as its search saw it:",
        "Ce que ferait l'ordinateur fort pour {seat} (conseil {n} de cette partie), avec "
        "votre chance de gagner ensuite telle que sa recherche l'a vue :",
    ),
    "coach.hint_line": ("{rank}. `{action}`: {chance}", "{rank}. `{action}` : {chance}"),
    "coach.not_over": (
        "A review comes once the game is over; meanwhile, in a game opened with hints:on, "
        "{command} helps.",
        "La revue vient quand la partie est finie ; en attendant, dans une partie ouverte "
        "avec hints:on, {command} aide.",
    ),
    "coach.hints_used": ("Hints taken: {counts}.", "Conseils pris : {counts}."),
    "coach.review_link": (
        "This game's review is here: {link}",
        "La revue de cette partie est ici : {link}",
    ),
    "coach.review_under_way": (
        "This review is under way: it will appear where it was asked.",
        "Cette revue est en cours : elle paraîtra là où elle a été demandée.",
    ),
    "coach.review_started": (
        "Reviewing {actions} actions: the progress and then the review show in the game's thread.",
        "Revue de {actions} actions : l'avancement puis la revue paraissent dans le fil de "
        "la partie.",
    ),
    "coach.review_started_dm": (
        "Reviewing {actions} actions: the progress and then the review come by direct message.",
        "Revue de {actions} actions : l'avancement puis la revue arrivent en message privé.",
    ),
    "coach.review_title": ("Review of {game} `{id}`", "Revue de {game} `{id}`"),
    "coach.review_progress": (
        "🔎 Reviewing: {done} of {total} positions searched…",
        "🔎 Revue : {done} positions cherchées sur {total}…",
    ),
    "coach.review_title_record": ("Review of a {game} record", "Revue d'un relevé de {game}"),
    "coach.review_side": (
        "{side}: accuracy {accuracy}% · inaccuracies: {inaccuracies} · mistakes: {mistakes} "
        "· blunders: {blunders}",
        "{side} : précision {accuracy} % · imprécisions : {inaccuracies} · erreurs : "
        "{mistakes} · gaffes : {blunders}",
    ),
    "coach.review_point": (
        "{rank}. Action {n}, {side}: `{action}` ({judgement}), its chance {before} → "
        "{after}. Better: `{best}`.",
        "{rank}. Action {n}, {side} : `{action}` ({judgement}), sa chance {before} → "
        "{after}. Mieux : `{best}`.",
    ),
    "coach.judgement.inaccuracy": ("inaccuracy", "imprécision"),
    "coach.review_no_turning_point": (
        "No turning point: no action lowered its side's chance by 5 points or more.",
        "Aucun tournant : aucune action n'a baissé de 5 points ou plus la chance de son camp.",
    ),
    "coach.judgement.mistake": ("mistake", "erreur"),
    "coach.review_alt": (
        "{title}: each side's chance of winning after every action ({sides}), the turning "
        "points numbered.",
        "{title} : la chance de gagner de chaque camp après chaque action ({sides}), les "
        "tournants numérotés.",
    ),
    "coach.judgement.blunder": ("blunder", "gaffe"),
    "coach.record_unreadable": (
        "This is not a finished {kind} record this bot can replay: paste what /{kind} export "
        "gives once a game is over (its seed revealed).",
        "Ce n'est pas un relevé de {kind} fini que ce bot peut rejouer : collez ce que donne "
        "/{kind} export une fois une partie finie (sa graine révélée).",
    ),
    "coach.pgn_unreadable": (
        "This is not a PGN this bot can read: paste a whole game's PGN, as /chess export gives it.",
        "Ce n'est pas un PGN que ce bot sait lire : collez le PGN d'une partie entière, tel "
        "que le donne /chess export.",
    ),
    "coach.record_not_over": (
        "This record's game is not over: a review needs its end.",
        "La partie de ce relevé n'est pas finie : une revue a besoin de sa fin.",
    ),
    "discord.desc.table.hint": (
        "What the strong computer player would do for you (games opened with hints:on)",
        "Ce que ferait l'ordinateur fort à votre place (parties ouvertes avec hints:on)",
    ),
    "discord.desc.table.review": (
        "The computer's review of a finished game: its turning points and better choices",
        "La revue d'une partie finie par l'ordinateur : ses tournants et de meilleurs choix",
    ),
    "discord.pdesc.review_record": (
        "A record from elsewhere, as /<game> export gives it (chess: a PGN)",
        "Un relevé d'ailleurs, tel que le donne /<jeu> export (échecs : un PGN)",
    ),
    "discord.pdesc.hints": (
        "Hints for every player with /<game> hint (the game is then unrated)",
        "Des conseils pour chaque joueur avec /<jeu> hint (la partie n'est alors pas classée)",
    ),
}
