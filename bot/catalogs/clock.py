"""Clocks (``clock:`` and ``timeout:`` of ``/<game> new``, ``/<game> pause``): every text
about a game's time, in English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # --- the options of /<game> new
    "clock.bad": (
        "clock:{given} is not a clock I know: write none, a time per move such as 10m, 24h "
        "or 3d (s, m, h, d), or for chess minutes plus seconds added per move such as 10+5.",
        "clock:{given} n'est pas une pendule que je connais : écrivez none, un temps par coup "
        "comme 10m, 24h ou 3d (s, m, h, d), ou aux échecs des minutes plus des secondes "
        "ajoutées à chaque coup comme 10+5.",
    ),
    "clock.move_range": (
        "clock:{given}: a time per move runs from 1 minute (1m) to 30 days (30d).",
        "clock:{given} : un temps par coup va de 1 minute (1m) à 30 jours (30d).",
    ),
    "clock.no_fischer": (
        "clock:{given}: minutes plus an increment is for chess; here give a time per move "
        "such as 10m or 24h.",
        "clock:{given} : des minutes plus un incrément, c'est pour les échecs ; ici donnez un "
        "temps par coup comme 10m ou 24h.",
    ),
    "clock.bank_range": (
        "clock:{given}: the minutes of each side run from {low} to {high}.",
        "clock:{given} : les minutes de chaque camp vont de {low} à {high}.",
    ),
    "clock.increment_range": (
        "clock:{given}: the increment runs from 0 to {high} seconds a move.",
        "clock:{given} : l'incrément va de 0 à {high} secondes par coup.",
    ),
    "clock.bad_timeout": (
        "timeout:{given} is not one of {choices}.",
        "timeout:{given} n'est pas l'un de {choices}.",
    ),
    "clock.timeout_alone": (
        "timeout: says what happens when a player's time runs out: give a clock too, such as "
        "clock:24h.",
        "timeout: dit ce qui arrive quand le temps d'un joueur est écoulé : donnez aussi une "
        "pendule, comme clock:24h.",
    ),
    "clock.timeout.ai": (
        "a computer player takes the seat over",
        "un joueur ordinateur reprend la place",
    ),
    "clock.timeout.skip": ("the turn is skipped", "le tour est passé"),
    "clock.timeout.forfeit": ("the seat resigns", "la place abandonne"),
    "clock.summary_move": (
        "⏰ {spec} a move; when time runs out, {timeout}.",
        "⏰ {spec} par coup ; quand le temps est écoulé, {timeout}.",
    ),
    "clock.summary_fischer": (
        "⏰ {spec} (minutes + seconds a move); when time runs out, {timeout}.",
        "⏰ {spec} (minutes + secondes par coup) ; quand le temps est écoulé, {timeout}.",
    ),
    # --- under each post (a running clock is "⏰ <seat> <when>; ...": no words to translate)
    "clock.line_paused": ("⏸ The clock is paused.", "⏸ La pendule est arrêtée."),
    # --- by DM
    "clock.reminder_half": (
        "⏰ Half your time is gone in {game} `{id}` ({seat}, {channel}): it runs out {when}.",
        "⏰ La moitié de votre temps est passée dans {game} `{id}` ({seat}, {channel}) : "
        "il s'écoule {when}.",
    ),
    "clock.reminder_last": (
        "⏰ Your time in {game} `{id}` ({seat}, {channel}) runs out {when}.",
        "⏰ Votre temps dans {game} `{id}` ({seat}, {channel}) s'écoule {when}.",
    ),
    # --- when time runs out
    "clock.timeout_ai": (
        "⏰ {user}'s time ran out: {ai} now plays {seat}. {user} can take the seat back with "
        "{command}.",
        "⏰ Le temps de {user} est écoulé : {ai} joue désormais {seat}. {user} peut reprendre "
        "sa place avec {command}.",
    ),
    "clock.timeout_turn": (
        "⏰ {user}'s time ran out and the rules have no pass here: the computer plays this "
        "turn of {seat} for them.",
        "⏰ Le temps de {user} est écoulé et les règles n'ont pas de passe ici : l'ordinateur "
        "joue ce tour de {seat} à sa place.",
    ),
    "clock.timeout_turn_forfeit": (
        "⏰ {user}'s time ran out, but {seat} cannot resign yet: the computer plays this turn "
        "for them.",
        "⏰ Le temps de {user} est écoulé, mais {seat} ne peut pas encore abandonner : "
        "l'ordinateur joue ce tour à sa place.",
    ),
    "clock.timeout_skip": (
        "⏰ {user}'s time ran out: {seat} plays `{action}`.",
        "⏰ Le temps de {user} est écoulé : {seat} joue `{action}`.",
    ),
    # Heads the game's post that says how the seat resigns (timeout:forfeit): one announcement.
    "clock.timeout_forfeit": (
        "⏰ {user}'s time ran out (timeout:forfeit):",
        "⏰ Le temps de {user} est écoulé (timeout:forfeit) :",
    ),
    # --- /<game> pause
    "clock.none": (
        "This game has no clock to pause (a game gets one with {command}).",
        "Cette partie n'a pas de pendule à arrêter (une partie en reçoit une avec {command}).",
    ),
    "clock.vote": (
        "⏸ {user} votes to pause the clock; it stops once {missing} also use {command}.",
        "⏸ {user} vote pour arrêter la pendule ; elle s'arrête quand {missing} auront aussi "
        "utilisé {command}.",
    ),
    "clock.voted_already": (
        "You have voted to pause already; the clock stops once {missing} vote too.",
        "Vous avez déjà voté l'arrêt ; la pendule s'arrête quand {missing} auront voté aussi.",
    ),
    "clock.paused": (
        "⏸ Everyone voted: the clock is paused. Any player starts it again with {command}.",
        "⏸ Tout le monde a voté : la pendule est arrêtée. N'importe quel joueur la relance "
        "avec {command}.",
    ),
    "clock.resumed": (
        "▶ {user} starts the clock again.",
        "▶ {user} relance la pendule.",
    ),
    "table.ai_gave_back": (
        "{user} takes {seat} back from the computer player.",
        "{user} reprend {seat} au joueur ordinateur.",
    ),
    # --- Discord's descriptions
    "discord.desc.table.pause": (
        "Vote to pause the game's clock (all players), or start it again",
        "Voter l'arrêt de la pendule (tous les joueurs), ou la relancer",
    ),
    "discord.pdesc.clock": (
        "Time per move (10m, 24h, 3d), chess also 10+5; none by default",
        "Temps par coup (10m, 24h, 3d), aux échecs aussi 10+5 ; aucun par défaut",
    ),
    "discord.pdesc.timeout": (
        "When a player's time runs out (default: a computer player takes over)",
        "Quand le temps d'un joueur est écoulé (par défaut : un joueur ordinateur le remplace)",
    ),
    "discord.choice.timeout_ai": ("a computer player takes over", "un ordinateur remplace"),
    "discord.choice.timeout_skip": ("skip the turn", "passer le tour"),
    "discord.choice.timeout_forfeit": ("the seat resigns", "abandon"),
}
