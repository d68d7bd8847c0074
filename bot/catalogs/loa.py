"""Lines of Action messages (``loa.*``), its slash command texts, and ``RULES_FR``: the
French of the engine's refusals (codes ``loa.*``, with exactly the values the engine
passes)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.loa": ("Lines of Action", "Lines of Action"),
    # --- seats, sides, variants
    "loa.seat.white": ("White", "Blancs"),
    "loa.seat.black": ("Black", "Noirs"),
    "loa.seat.white1": ("White 1 (a-file)", "Blancs 1 (colonne a)"),
    "loa.seat.black1": ("Black 1 (rank 1)", "Noirs 1 (rangée 1)"),
    "loa.seat.white2": ("White 2 (h-file, marked)", "Blancs 2 (colonne h, marqués)"),
    "loa.seat.black2": ("Black 2 (rank 8, marked)", "Noirs 2 (rangée 8, marqués)"),
    "loa.seat.player1": ("Player 1", "Joueur 1"),
    "loa.seat.player2": ("Player 2", "Joueur 2"),
    "loa.seat.player3": ("Player 3", "Joueur 3"),
    "loa.seat.player4": ("Player 4", "Joueur 4"),
    "loa.partner": ("partner: {seat}", "partenaire : {seat}"),
    "loa.colour.white": ("White", "Blancs"),
    "loa.colour.black": ("Black", "Noirs"),
    "loa.variant.standard": ("Standard", "Standard"),
    "loa.variant.scrambled": ("Scrambled Eggs", "Œufs brouillés"),
    "loa.variant.parachute": ("Parachute", "Parachute"),
    "loa.variant.teams": ("Four players in teams", "Quatre joueurs en équipes"),
    "loa.variant.ambidextrous": ("Ambidextrous", "Ambidextre"),
    "loa.variant.unbounded": ("Beyond the edges", "Au-delà des bords"),
    # --- phases (the step of the turn), for a command in the wrong one
    "loa.phase_move": (
        "The player on turn must move a piece first (/loa move).",
        "Le joueur au trait doit d'abord déplacer une pièce (/loa move).",
    ),
    "loa.phase_place": (
        "The player on turn has moved and now places a held piece (/loa place).",
        "Le joueur au trait a joué et pose maintenant une pièce tenue (/loa place).",
    ),
    "loa.phase_over": ("This game is over.", "Cette partie est terminée."),
    # --- lobby
    "loa.first": ("{side} moves first", "les {side} commencent"),
    "loa.by_lot": (
        "colours drawn by lot at the start",
        "couleurs tirées au sort au début",
    ),
    "loa.lots": (
        "Colours drawn by lot ({rolls}): {seats}.",
        "Couleurs tirées au sort ({rolls}) : {seats}.",
    ),
    "loa.lot_seat": ("{side} {user} (player {n})", "{side} {user} (joueur {n})"),
    "loa.silence_on": (
        "players may not talk in the thread (partners may not confer)",
        "les joueurs ne parlent pas dans le fil (les partenaires ne se concertent pas)",
    ),
    "loa.position_over": (
        "Nobody can move in that position: the game would be over before it starts.",
        "Personne ne peut jouer dans cette position : la partie finirait avant de commencer.",
    ),
    # --- turns
    "loa.your_move": ("{user}, {side} to move.", "{user}, aux {side} de jouer."),
    "loa.part_marked": ("a marked piece", "une pièce marquée"),
    "loa.your_move_part": (
        "{user}, {side} to move ({part} due).",
        "{user}, aux {side} de jouer ({part} attendue).",
    ),
    "loa.part_unmarked": ("an unmarked piece", "une pièce non marquée"),
    "loa.your_place": (
        "{user}, {side}: place one of the {held} opponent pieces you hold (/loa place; "
        "/loa moves shows you the board).",
        "{user}, {side} : posez une des {held} pièces adverses que vous tenez (/loa place ; "
        "/loa moves vous montre le plateau).",
    ),
    "loa.answer_draw": (
        "{users}: {side} offers a draw. Accept or decline (buttons, or /loa draw).",
        "{users} : les {side} proposent la nulle. Acceptez ou refusez (boutons, ou /loa draw).",
    ),
    "loa.button_accept": ("Accept draw", "Accepter la nulle"),
    "loa.button_decline": ("Decline draw", "Refuser la nulle"),
    # --- events
    "loa.moved": ("{side} plays **{move}**.", "{side} : **{move}**."),
    "loa.captured": ("{side} plays **{move}** and captures.", "{side} : **{move}**, prise."),
    "loa.placed": (
        "{side} places a {colour} piece on **{square}** ({left} left to place).",
        "{side} pose une pièce ({colour}) en **{square}** (encore {left} à poser).",
    ),
    "loa.passes": (
        "{side} has no legal move and passes.",
        "{side} n'a aucun coup légal et passe.",
    ),
    "loa.skips_move": (
        "{side} cannot move: only a placement this turn.",
        "{side} ne peut pas jouer : seulement une pose ce tour-ci.",
    ),
    "loa.end_connected": (
        "**{side} wins** ({users}): all its pieces are connected.",
        "**Victoire des {side}** ({users}) : toutes leurs pièces sont reliées.",
    ),
    "loa.end_resigned": (
        "**{side} wins** ({users}) by resignation.",
        "**Victoire des {side}** ({users}) par abandon.",
    ),
    "loa.end_no_moves": (
        "**Draw**: neither side can move.",
        "**Partie nulle** : aucun camp ne peut jouer.",
    ),
    "loa.seed_revealed": (
        "Seed: `{seed}` (it matches the commitment posted at the start; /loa export).",
        "Graine : `{seed}` (elle correspond à l'engagement publié au début ; /loa export).",
    ),
    "loa.end_agreement": ("**Draw** by agreement.", "**Partie nulle** par accord."),
    # --- commands and their refusals
    "loa.move_needs_squares": (
        "Give a move, like move:b1-b3 (or from:b1 to:b3).",
        "Donnez un coup, comme move:b1-b3 (ou from:b1 to:b3).",
    ),
    "loa.move_one_way": (
        "Give the move one way: move:a2-c4, or from:a2 to:c4.",
        "Donnez le coup d'une seule façon : move:a2-c4, ou from:a2 to:c4.",
    ),
    "loa.place_needs_square": (
        "Give an empty square, like square:e4.",
        "Donnez une case vide, comme square:e4.",
    ),
    "loa.not_parachute": (
        "Pieces are placed only in Parachute games; here, use /loa move.",
        "On ne pose des pièces qu'au Parachute ; ici, utilisez /loa move.",
    ),
    "loa.offer_waiting": (
        "Your side's draw offer waits for an answer from {seats}.",
        "Votre proposition de nulle attend la réponse de {seats}.",
    ),
    "loa.position": (
        "Position now: `{position}`",
        "Position actuelle : `{position}`",
    ),
    "loa.place_hint": (
        "{side} has moved and now places one of the {held} held pieces on any empty square.",
        "{side} a joué et pose maintenant une des {held} pièces tenues sur une case vide.",
    ),
    "loa.no_moves_from": (
        "No legal move starts on {square}.",
        "Aucun coup légal ne part de {square}.",
    ),
    "loa.moves_from": ("From {square}: {moves}", "Depuis {square} : {moves}"),
    "loa.movable": (
        "{side}: {count} legal moves, from {squares}",
        "{side} : {count} coups légaux, depuis {squares}",
    ),
    # --- the slash commands
    "discord.name.loa": ("loa", "loa"),
    "discord.param.variant": ("variant", "variante"),
    "discord.desc.loa": ("Play Lines of Action", "Jouer à Lines of Action"),
    "discord.desc.loa.new": (
        "Open a Lines of Action table (any variant)",
        "Ouvrir une table de Lines of Action (toute variante)",
    ),
    "discord.desc.loa.join": ("Take a seat", "Prendre une place"),
    "discord.desc.loa.move": (
        "Move a piece as far as the pieces on its line",
        "Déplacer une pièce d'autant de cases que de pièces sur sa ligne",
    ),
    "discord.desc.loa.place": (
        "Parachute: place a held piece on an empty square",
        "Parachute : poser une pièce tenue sur une case vide",
    ),
    "discord.desc.loa.moves": ("Legal moves, privately", "Les coups légaux, en privé"),
    "discord.desc.loa.draw": (
        "Offer a draw, or answer an offer",
        "Proposer la nulle, ou répondre à une proposition",
    ),
    "discord.pdesc.loa_variant": ("Which game to play", "La variante à jouer"),
    "discord.pdesc.loa_first": (
        "Which colour moves first (White by default)",
        "La couleur qui commence (les Blancs par défaut)",
    ),
    "discord.pdesc.loa_silence": (
        "Remove what seated players write in the thread (default: on in teams)",
        "Retirer les messages des joueurs dans le fil (par défaut : oui en équipes)",
    ),
    "discord.pdesc.loa_position": (
        "Start from a position text (see /loa export)",
        "Partir d'un texte de position (voir /loa export)",
    ),
    "discord.pdesc.loa_seat": (
        "The seat to take (default: the first free one)",
        "La place à prendre (par défaut : la première libre)",
    ),
    "discord.pdesc.loa_move": (
        "The move, like a2-c4 (or give from and to)",
        "Le coup, comme a2-c4 (ou donnez from et to)",
    ),
    "discord.pdesc.loa_from": ("The square of your piece", "La case de votre pièce"),
    "discord.pdesc.loa_to": (
        "Where it lands (it may capture there)",
        "Où elle arrive (elle peut y prendre)",
    ),
    "discord.pdesc.loa_place": ("An empty square", "Une case vide"),
    "discord.pdesc.loa_square": (
        "Only the moves of the piece on this square",
        "Seulement les coups de la pièce sur cette case",
    ),
    "discord.pdesc.loa_draw": (
        "Offer, accept or decline (default: offer)",
        "Proposer, accepter ou refuser (par défaut : proposer)",
    ),
    "discord.choice.loa_offer": ("offer", "proposer"),
    "discord.choice.loa_accept": ("accept", "accepter"),
    "discord.choice.loa_decline": ("decline", "refuser"),
    # Words drawn in Lines of Action's pictures (renderer/loa.py keys, prefixed img.loa.).
    "img.loa.seat_white": ("White", "Blancs"),
    "img.loa.seat_black": ("Black", "Noirs"),
    "img.loa.seat_white1": ("White 1", "Blancs 1"),
    "img.loa.seat_black1": ("Black 1", "Noirs 1"),
    "img.loa.seat_white2": ("White 2", "Blancs 2"),
    "img.loa.seat_black2": ("Black 2", "Noirs 2"),
    "img.loa.pieces": ("{n} pieces", "{n} pièces"),
    "img.loa.marked_count": ("marked · {n}", "marquées · {n}"),
    "img.loa.plain_count": ("plain · {n}", "simples · {n}"),
    "img.loa.next_marked": (" · next marked", " · ensuite marquée"),
    "img.loa.next_plain": (" · next plain", " · ensuite simple"),
    "img.loa.wins": ("wins · {detail}", "gagne · {detail}"),
    "img.loa.places": ("to place · {n} held", "à poser · {n} tenues"),
    "img.loa.offers_draw": ("offers a draw · {detail}", "propose la nulle · {detail}"),
    "img.loa.holds_white": ("White holds", "Aux Blancs"),
    "img.loa.holds_black": ("Black holds", "Aux Noirs"),
    "img.loa.held_white": ("{n} white", "{n} blanches"),
    "img.loa.held_black": ("{n} black", "{n} noires"),
}

RULES_FR: dict[str, str] = {
    "loa.answer_offer": "répondez d'abord à la proposition de nulle : accept draw ou decline draw",
    "loa.bad_action": "ce n'est pas une action de Lines of Action : un coup s'écrit b1-b3 (prise "
    "c1xa3), une pose au Parachute @e4, une case au-delà des bords (0,5) ; et aussi offer "
    "draw, accept draw, decline draw, resign",
    "loa.bad_lots": "lots vaut true ou false, pas {lots}",
    "loa.lots_drawn": "les couleurs sont déjà tirées au sort",
    "loa.lots_first": "les couleurs ne sont pas encore tirées au sort : la partie commence ensuite",
    "loa.bad_first": "first vaut « white » ou « black », pas « {first} »",
    "loa.bad_held": "« {item} » n'est pas un compte de pièces tenues : écrivez « held: white 5, "
    "black 6 »",
    "loa.bad_parts": "« {item} » n'est pas une partie : écrivez « parts: white marked, black "
    "unmarked »",
    "loa.bad_square": "« {square} » n'est pas une case : une lettre de colonne puis une rangée, "
    "comme e4 (au-delà des bords, des coordonnées comme (0,5))",
    "loa.bad_state": "cet état de Lines of Action est illisible",
    "loa.bad_step": "l'étape est « move » ou « place »",
    "loa.bad_turn": "turn : « {turn} » doit être l'une de ces places : {seats}",
    "loa.bad_variant": "la variante est l'une de {choices}, pas « {variant} »",
    "loa.far_square": "« {square} » est trop loin : les coordonnées restent dans ±1000",
    "loa.game_over": "la partie est terminée",
    "loa.held_too_many": "un joueur tient au plus 12 pièces",
    "loa.illegal": "{src}-{dst} n'est pas un coup légal",
    "loa.jumps_enemy": "le coup depuis {src} sauterait la pièce ennemie en {square} : on ne "
    "saute que ses propres pièces",
    "loa.move_first": "déplacez d'abord une pièce ; la pièce tenue se pose après le coup",
    "loa.no_held": "seules les parties de Parachute ont des pièces tenues",
    "loa.no_marks": "« {token} » : seules les parties en équipes et ambidextres ont des pièces "
    "marquées",
    "loa.no_offer": "aucune proposition de nulle n'attend de réponse",
    "loa.no_parts": "seules les parties ambidextres alternent les parties",
    "loa.no_piece": "il n'y a pas de pièce en {square}",
    "loa.no_pieces": "un camp n'a aucune pièce : chacun en a besoin d'au moins une",
    "loa.no_such_seat": "« {seat} » n'est pas une place de cette partie : {seats}",
    "loa.not_a_line": "de {src} à {dst} n'est pas une ligne droite : une pièce se déplace le "
    "long d'une rangée, d'une colonne ou d'une diagonale",
    "loa.not_loa": "ce n'est pas un état de Lines of Action",
    "loa.not_your_turn": "ce n'est pas votre tour",
    "loa.not_yours": "la pièce en {square} n'est pas à vous : jouez une de vos propres pièces",
    "loa.nothing_held": "step: place demande que {seat} tienne une pièce à poser",
    "loa.off_board": "« {square} » est hors du plateau : les cases vont de a1 à h8 (seule la "
    "variante au-delà des bords en sort)",
    "loa.offer_pending": "une proposition de nulle attend déjà une réponse",
    "loa.offer_repeated": "votre camp a déjà proposé la nulle depuis le dernier coup : attendez "
    "un coup",
    "loa.offer_waits": "une proposition de nulle attend la réponse de l'autre camp",
    "loa.own_piece": "{square} porte une de vos pièces : un coup peut finir sur une pièce "
    "ennemie, jamais sur une des vôtres",
    "loa.partners_piece": "la pièce en {square} est celle de votre partenaire : jouez une de "
    "vos propres pièces",
    "loa.place_now": "vous avez joué : posez maintenant une des pièces que vous tenez, comme @e4",
    "loa.position_field": "« {field} » a besoin d'un nom et de deux-points, comme « white: a2 "
    "a3 » ou « turn: black »",
    "loa.position_twice": "« {field} » est donné deux fois",
    "loa.position_unknown_field": "champ inconnu « {field} » : utilisez variant, white, black, "
    "held, parts, turn ou step",
    "loa.schema": "version d'état de Lines of Action inconnue",
    "loa.square_taken": "{square} est occupée : posez la pièce sur une case vide",
    "loa.too_many": "un camp a {count} pièces : au plus 12",
    "loa.two_pieces": "deux pièces en {square}",
    "loa.unknown_option": "option(s) de Lines of Action inconnue(s) : {options}",
    "loa.use_coordinates": "« {square} » est hors de a1-h8 : écrivez-la en coordonnées, "
    "{coordinates}",
    "loa.variant_mismatch": "la position est une position {position}, la partie est {game}",
    "loa.which_seat": "plusieurs places peuvent répondre maintenant ({seats}) : dites laquelle",
    "loa.wrong_distance": "la pièce en {square} se déplace d'exactement {count} cases sur "
    "cette ligne ({count} pièces s'y trouvent), pas {distance}",
    "loa.wrong_part": "ce coup doit se jouer avec une pièce de l'autre sorte (pièces marquées "
    "et non marquées alternent)",
}
