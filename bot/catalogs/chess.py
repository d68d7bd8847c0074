"""Standard chess (``/chess``): every text the chess table says, in English and French.

``RULES_FR`` holds the French of the chess engine's refusals (codes ``chess.*``); the lead
merges it into ``bot.i18n_rules.FRENCH``."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "game.chess": ("Chess", "Échecs"),
    "chess.seat.white": ("White", "Blancs"),
    "chess.seat.black": ("Black", "Noirs"),
    "chess.phase_toss": (
        "The colours are being drawn: a moment.",
        "Les couleurs sont en cours de tirage : un instant.",
    ),
    "chess.phase_play": (
        "The game is on: use /chess move.",
        "La partie est en cours : utilisez /chess move.",
    ),
    "chess.phase_over": ("This game is over.", "Cette partie est terminée."),
    # --- lobby
    "chess.summary_color": ("{host} plays {side}", "{host} joue les {side}"),
    "chess.summary_random": (
        "colours drawn at the start",
        "couleurs tirées au sort au début",
    ),
    "chess.summary_invite": ("{user} is invited", "{user} est invité"),
    "chess.summary_import": (
        "continues an imported game after {n} half-moves",
        "reprend une partie importée après {n} demi-coups",
    ),
    "chess.random_seats": (
        "Host: {host} · Opponent: {guest} (colours drawn at the start)",
        "Hôte : {host} · Adversaire : {guest} (couleurs tirées au sort au début)",
    ),
    "chess.button_join": ("Join", "Rejoindre"),
    "chess.random_joined": (
        "{user} takes the opponent's seat.",
        "{user} prend la place de l'adversaire.",
    ),
    "chess.button_accept": ("Accept", "Accepter"),
    "chess.button_accept_draw": ("Accept draw", "Accepter la nulle"),
    "chess.button_decline_draw": ("Decline draw", "Refuser la nulle"),
    "chess.invited_only": (
        "This game is for {user} only: open your own with /chess new.",
        "Cette partie est réservée à {user} : ouvrez la vôtre avec /chess new.",
    ),
    "chess.pick_color": (
        "Choose a colour: white, black or random.",
        "Choisissez une couleur : white, black ou random.",
    ),
    "chess.bad_opponent": (
        "The opponent must be a member, like @name.",
        "L'adversaire doit être un membre, comme @nom.",
    ),
    "chess.self_opponent": (
        "You cannot invite yourself: leave opponent empty to let anyone join.",
        "Vous ne pouvez pas vous inviter vous-même : laissez opponent vide pour ouvrir à tous.",
    ),
    # --- playing
    "chess.move_needed": (
        "Give a move in SAN or UCI, like move:Nf3 or move:g1f3.",
        "Donnez un coup en SAN ou UCI, comme move:Nf3 ou move:g1f3.",
    ),
    "chess.pick_draw_action": (
        "Choose what to do: offer, accept, decline or claim.",
        "Choisissez : offer (proposer), accept, decline (refuser) ou claim (réclamer).",
    ),
    "chess.pgn_needed": (
        'Paste a PGN: tags like [Event "..."] and moves like 1. e4 e5.',
        'Collez un PGN : des balises comme [Event "..."] et des coups comme 1. e4 e5.',
    ),
    "chess.moved": ("{side} plays **{san}**", "{side} : **{san}**"),
    "chess.draw_offered": ("{side} offers a draw.", "Les {side} proposent la nulle."),
    "chess.draw_declined": ("{side} declines the draw.", "Les {side} refusent la nulle."),
    "chess.draw_agreed": ("{side} accepts the draw.", "Les {side} acceptent la nulle."),
    "chess.draw_claimed": ("{side} claims a draw.", "Les {side} réclament la nulle."),
    "chess.resigned": ("{side} resigns.", "Les {side} abandonnent."),
    "chess.toss": (
        "Colours drawn at the start (D2 = {value}): host {host} plays {side}, "
        "opponent {guest} plays {other}.",
        "Couleurs tirées au sort au début (D2 = {value}) : l'hôte {host} joue les {side}, "
        "l'adversaire {guest} les {other}.",
    ),
    "chess.your_move": ("{user}, {side} to move.", "{user}, aux {side} de jouer."),
    "chess.your_move_check": (
        "{user}, {side} to move: your king is in check!",
        "{user}, aux {side} de jouer : votre roi est en échec !",
    ),
    "chess.answer_draw": (
        "{user}, a draw is offered to you: accept or decline (playing a move declines).",
        "{user}, on vous propose la nulle : acceptez ou refusez (jouer un coup refuse).",
    ),
    "chess.result_win": (
        "**{result}**: {side} wins by {how}.",
        "**{result}** : les {side} gagnent ({how}).",
    ),
    "chess.result_draw": ("**{result}**: draw by {how}.", "**{result}** : nulle ({how})."),
    "chess.end.checkmate": ("checkmate", "échec et mat"),
    "chess.end.stalemate": ("stalemate", "pat"),
    "chess.end.insufficient_material": (
        "insufficient material",
        "matériel insuffisant",
    ),
    "chess.end.fivefold_repetition": ("fivefold repetition", "quintuple répétition"),
    "chess.end.seventyfive_moves": ("the 75-move rule", "règle des 75 coups"),
    "chess.end.threefold_repetition": ("threefold repetition", "triple répétition"),
    "chess.end.fifty_moves": ("the fifty-move rule", "règle des cinquante coups"),
    "chess.end.agreement": ("agreement", "accord mutuel"),
    "chess.end.resignation": ("resignation", "abandon"),
    "chess.export": (
        "The game in PGN, and its record (with the seed of the colour draw once it is over).",
        "La partie en PGN, et son relevé (avec la graine du tirage des couleurs une fois "
        "terminée).",
    ),
    "chess.export_plain": (
        "The game in PGN, and its record.",
        "La partie en PGN, et son relevé.",
    ),
    "chess.review": (
        "Imported game, already over ({result}, {n} half-moves): the final position.",
        "Partie importée, déjà terminée ({result}, {n} demi-coups) : la position finale.",
    ),
    # --- words drawn in the board's pictures (renderer/chess.py keys, prefixed img.chess.)
    "img.chess.wins_mark": ("wins · ", "gagne · "),
    "img.chess.seat_white": ("White", "Blancs"),
    "img.chess.seat_black": ("Black", "Noirs"),
    "img.chess.to_move": ("to move", "au trait"),
    "img.chess.check": ("check!", "échec !"),
    "img.chess.draw_offered": ("draw offered", "nulle proposée"),
    "img.chess.draw_offered_mark": (" · draw offered", " · nulle proposée"),
    "img.chess.toss": ("colours drawn at start", "couleurs tirées au début"),
    "img.chess.lost": ("lost", "perdu"),
    "img.chess.draw_ending": ("draw · {ending}", "nulle · {ending}"),
    "img.chess.end_checkmate": ("checkmate", "échec et mat"),
    "img.chess.end_stalemate": ("stalemate", "pat"),
    "img.chess.end_insufficient_material": ("dead position", "position morte"),
    "img.chess.end_fivefold_repetition": ("fivefold repetition", "quintuple répétition"),
    "img.chess.end_seventyfive_moves": ("75-move rule", "règle des 75 coups"),
    "img.chess.end_threefold_repetition": ("threefold repetition", "triple répétition"),
    "img.chess.end_fifty_moves": ("fifty-move rule", "règle des 50 coups"),
    "img.chess.end_agreement": ("agreed", "accord mutuel"),
    "img.chess.end_resignation": ("resignation", "abandon"),
    # --- discord: names, descriptions, choices
    "discord.name.chess": ("chess", "échecs"),
    "discord.name.draw": ("draw", "nulle"),
    "discord.name.import": ("import", "importer"),
    "discord.param.opponent": ("opponent", "adversaire"),
    "discord.param.color": ("color", "couleur"),
    "discord.param.move": ("move", "coup"),
    "discord.param.action": ("action", "action"),
    "discord.param.pgn": ("pgn", "pgn"),
    "discord.param.seat": ("seat", "place"),
    "discord.desc.chess": ("Play standard chess", "Jouer aux échecs classiques"),
    "discord.desc.chess.new": (
        "Open a chess game in this channel",
        "Ouvrir une partie d'échecs dans ce salon",
    ),
    "discord.desc.chess.join": ("Take the free seat", "Prendre la place libre"),
    "discord.desc.chess.move": ("Play a move", "Jouer un coup"),
    "discord.desc.chess.draw": (
        "Offer, accept, decline or claim a draw",
        "Proposer, accepter, refuser ou réclamer la nulle",
    ),
    "discord.desc.chess.import": (
        "Open a game from a PGN, to continue or review it",
        "Ouvrir une partie depuis un PGN, pour la continuer ou la revoir",
    ),
    "discord.pdesc.opponent": (
        "Only this member may take the other seat",
        "Seul ce membre pourra prendre l'autre place",
    ),
    "discord.pdesc.color": ("Your colour (default white)", "Votre couleur (blancs par défaut)"),
    "discord.pdesc.chess_move": (
        "A move in SAN (Nf3, O-O, e8=Q) or UCI (g1f3)",
        "Un coup en SAN (Nf3, O-O, e8=Q) ou UCI (g1f3)",
    ),
    "discord.pdesc.draw_action": ("What to do about a draw", "Que faire de la nulle"),
    "discord.pdesc.pgn": ("The PGN text", "Le texte PGN"),
    "discord.pdesc.chess_seat": ("The colour to take", "La couleur à prendre"),
    "discord.choice.white": ("white", "blancs"),
    "discord.choice.black": ("black", "noirs"),
    "discord.choice.random": ("random", "au hasard"),
    "discord.choice.offer": ("offer", "proposer"),
    "discord.choice.accept": ("accept", "accepter"),
    "discord.choice.decline": ("decline", "refuser"),
    "discord.choice.claim": ("claim (threefold, fifty moves)", "réclamer (répétition, 50 coups)"),
}

# The chess engine's refusals in French (code -> text with the error's params).
RULES_FR: dict[str, str] = {
    "chess.bad_color": "la couleur est white, black ou random, pas « {color} »",
    "chess.unknown_option": "option d'échecs inconnue : {options} ; la seule est color",
    "chess.notation": "« {text} » n'est pas une action d'échecs : un coup en SAN (Nf3, exd5, "
    "O-O, e8=Q) ou UCI (g1f3, e7e8q), ou offer, accept, decline, claim, resign",
    "chess.bad_move": "« {move} » n'est pas un coup : écrivez-le en SAN (Nf3, exd5, O-O, e8=Q) "
    "ou en UCI (g1f3, e7e8q)",
    "chess.illegal_san": "{move} n'est pas un coup légal ici ; coups légaux : {moves}",
    "chess.ambiguous": "{move} peut désigner plusieurs coups : précisez ({options})",
    "chess.no_piece": "il n'y a pas de pièce en {square} ; coups légaux : {moves}",
    "chess.not_yours": "la pièce en {square} n'est pas à vous",
    "chess.must_promote": "un pion qui atteint {square} doit être promu : ajoutez q, r, b ou n "
    "(comme {move}q)",
    "chess.stuck": "la pièce en {square} n'a aucun coup légal",
    "chess.cannot_go": "la pièce en {square} ne peut pas aller en {target} ; elle peut aller "
    "en {squares}",
    "chess.unknown_seat": "« {seat} » n'est pas un camp : white ou black",
    "chess.over": "la partie est terminée",
    "chess.phase_toss": "les couleurs ne sont pas encore tirées : la partie commence ensuite",
    "chess.no_toss": "les couleurs sont déjà fixées",
    "chess.no_offer": "l'adversaire n'a pas proposé la nulle : rien à répondre",
    "chess.not_turn": "ce n'est pas votre tour",
    "chess.offer_pending": "une proposition de nulle attend déjà sa réponse",
    "chess.offer_once": "vous avez déjà proposé la nulle ce tour-ci : jouez d'abord un coup",
    "chess.no_claim": "aucune nulle ne peut être réclamée maintenant : il faut que la même "
    "position revienne pour la troisième fois, ou cinquante coups de chaque camp sans prise "
    "ni coup de pion (actuellement {moves})",
    "chess.unknown_action": "ce n'est pas une action d'échecs",
    "chess.bad_history": "le coup {n} de la position, « {move} », n'est pas un coup UCI légal",
    "chess.bad_fen": "« {fen} » n'est pas une FEN",
    "chess.invalid_position": "« {fen} » n'est pas une position de partie réelle",
    "chess.pgn_empty": 'ce n\'est pas un PGN : il faut des balises comme [Event "..."] et/ou '
    "des coups comme 1. e4 e5",
    "chess.pgn_variant": "ce PGN est une partie de {variant} : seuls les échecs classiques "
    "sont gérés",
    "chess.pgn_error": "ce PGN est illisible : {detail}",
    "chess.pgn_fen": "la balise FEN de ce PGN n'est pas une position de partie réelle",
}
