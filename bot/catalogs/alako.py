"""Les Chevaliers d'Alako (``/alako``): every text the Alako table says, in English and French.

``RULES_FR`` holds the French of the Alako engine's refusals (codes ``alako.*``, with exactly
the values the engine passes); the lead merges it into ``bot.i18n_rules.FRENCH``."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "game.alako": ("Les Chevaliers d'Alako", "Les Chevaliers d'Alako"),
    "alako.seat.south": ("🔴 South", "🔴 Sud"),
    "alako.seat.north": ("🔵 North", "🔵 Nord"),
    # --- the base says these when a command comes in the wrong phase
    "alako.phase_lots": (
        "Lots are being drawn for who spins first: a moment.",
        "On tire au sort qui lance la toupie en premier : un instant.",
    ),
    "alako.phase_spin": (
        "Spin the top first: /alako spin (or the Spin button).",
        "Lancez d'abord la toupie : /alako spin (ou le bouton).",
    ),
    "alako.phase_act": (
        "The top is already spun: use what it gave (the buttons under the board, or "
        "/alako move, build, climb or pass).",
        "La toupie a déjà tourné : utilisez ce qu'elle a donné (les boutons sous le plateau, "
        "ou /alako move, build, climb ou pass).",
    ),
    "alako.phase_over": ("This game is over.", "Cette partie est terminée."),
    # --- lobby
    "alako.first_roll": (
        "who spins first is drawn by lots",
        "qui lance en premier est tiré au sort",
    ),
    "alako.first_seat": ("{seat} spins first", "{seat} lance en premier"),
    "alako.position_over": (
        "That position is already won: give one still to play (without winner:).",
        "Cette position est déjà gagnée : donnez-en une encore à jouer (sans winner:).",
    ),
    # --- names
    "alako.piece.knight": ("knight", "chevalier"),
    "alako.piece.rider": ("mounted knight", "chevalier à cheval"),
    "alako.piece.horse": ("horse", "cheval"),
    "alako.piece.princess": ("princess", "princesse"),
    "alako.face.1": ("1 point", "1 point"),
    "alako.face.2": ("2 points", "2 points"),
    "alako.face.tower": ("a tower", "une tour"),
    "alako.face.wall": ("1 wall", "1 mur"),
    "alako.face.2walls": ("2 walls", "2 murs"),
    "alako.face.cannon": ("the cannon", "le canon"),
    "alako.face.ladder": ("the ladder", "l'échelle"),
    # --- refusals of the table (the engine's own are in RULES_FR)
    "alako.pick_piece": (
        "Choose a piece: knight, horse or princess.",
        "Choisissez une pièce : knight (chevalier), horse (cheval) ou princess (princesse).",
    ),
    "alako.pick_direction": (
        "Choose a direction: n, e, s or w (north, east, south, west).",
        "Choisissez une direction : n, e, s ou w (nord, est, sud, ouest).",
    ),
    "alako.segment_needed": (
        "Give a segment, like segment:{example} (the autocomplete lists the legal ones).",
        "Donnez un segment, comme segment:{example} (l'autocomplétion liste les segments "
        "possibles).",
    ),
    "alako.use_move": (
        "The top gave {face}: move a piece with /alako move (or the buttons).",
        "La toupie a donné {face} : déplacez une pièce avec /alako move (ou les boutons).",
    ),
    "alako.use_build": (
        "The top gave {face}: build it with /alako build, or leave it with /alako pass (or "
        "the buttons).",
        "La toupie a donné {face} : construisez avec /alako build, ou renoncez avec /alako "
        "pass (ou les boutons).",
    ),
    "alako.use_ladder": (
        "The top gave the ladder: /alako climb or /alako pass (or the buttons).",
        "La toupie a donné l'échelle : /alako climb ou /alako pass (ou les boutons).",
    ),
    "alako.offer_waiting": (
        "Your draw offer waits for an answer from {seats}.",
        "Votre proposition de nulle attend la réponse de {seats}.",
    ),
    "alako.stale_button": (
        "That button is from an earlier turn: use the buttons of the newest board.",
        "Ce bouton date d'un tour précédent : utilisez ceux du dernier plateau.",
    ),
    # --- what happened (one line per event, in the channel's language)
    "alako.lots": (
        "Drawing lots (D2 = {value}): {seat} spins first.",
        "Tirage au sort (D2 = {value}) : {seat} lance en premier.",
    ),
    "alako.spun": ("{seat} spins the top: **{face}**.", "{seat} lance la toupie : **{face}**."),
    "alako.passed.no_move": (
        "{seat} has no legal move with {face}: the turn passes.",
        "{seat} n'a aucun déplacement possible avec {face} : le tour passe.",
    ),
    "alako.passed.line_complete": (
        "{seat}'s line is complete: nothing to build, the turn passes.",
        "La ligne de {seat} est complète : rien à construire, le tour passe.",
    ),
    "alako.passed.tower_not_placeable": (
        "{seat} cannot place a tower (never two in a row, nor past the end): the turn passes.",
        "{seat} ne peut pas poser de tour (jamais deux de suite, ni après la fin) : le tour passe.",
    ),
    "alako.passed.nothing_to_fire_at": (
        "{seat}'s cannon has nothing to fire at: the turn passes.",
        "Le canon de {seat} n'a rien à abattre : le tour passe.",
    ),
    "alako.passed.declined": (
        "{seat} leaves {face} unused: the turn passes.",
        "{seat} renonce à {face} : le tour passe.",
    ),
    "alako.passed.no_wall_to_climb": (
        "{seat}'s knight stands against no enemy wall: the turn passes.",
        "Le chevalier de {seat} n'est contre aucun mur ennemi : le tour passe.",
    ),
    "alako.passed.other": ("{seat} passes.", "{seat} passe."),
    "alako.cannon.wall": (
        "{seat}'s cannon knocks down {target}'s wall on {segment}!",
        "Le canon de {seat} abat le mur de {target} en {segment} !",
    ),
    "alako.cannon.tower": (
        "{seat}'s cannon knocks down {target}'s tower on {segment}!",
        "Le canon de {seat} abat la tour de {target} en {segment} !",
    ),
    "alako.built.wall": (
        "{seat} builds a wall on {segment}.",
        "{seat} construit un mur en {segment}.",
    ),
    "alako.built.tower": (
        "{seat} builds a tower on {segment}.",
        "{seat} construit une tour en {segment}.",
    ),
    "alako.line_done": (
        "{seat}'s line is complete.",
        "La ligne de {seat} est complète.",
    ),
    "alako.moved": ("{seat}: {piece} {src}→{dst}", "{seat} : {piece} {src}→{dst}"),
    "alako.mounts": (" (mounts his horse)", " (monte à cheval)"),
    "alako.dismounts": (
        "{seat}: the knight dismounts {src}→{dst}",
        "{seat} : le chevalier descend de cheval {src}→{dst}",
    ),
    "alako.descends": (
        "{seat}: the knight comes down from the wall to {dst}",
        "{seat} : le chevalier descend du mur en {dst}",
    ),
    "alako.climbed": (
        "{seat}: the knight on {src} climbs the wall {segment} with the ladder.",
        "{seat} : le chevalier en {src} escalade le mur {segment} avec l'échelle.",
    ),
    "alako.left_horse": (" His horse stays on {src}.", " Son cheval reste en {src}."),
    "alako.draw_played_on": (
        "{seat} plays on: the draw is declined.",
        "{seat} joue : la nulle est refusée.",
    ),
    "alako.drawn.agreement": ("🤝 Draw by agreement.", "🤝 Partie nulle par accord."),
    "alako.won.princess_reached": (
        "🏆 {seat} wins: the knight reaches the princess!",
        "🏆 {seat} gagne : le chevalier atteint la princesse !",
    ),
    "alako.won.resignation": ("🏆 {seat} wins by resignation.", "🏆 {seat} gagne par abandon."),
    "alako.seed_revealed": (
        "Dice seed: `{seed}` (check every spin against the commitment with /alako export).",
        "Graine des dés : `{seed}` (vérifiez chaque lancer avec /alako export).",
    ),
    # --- whose turn
    "alako.your_spin": (
        "{user}, {seat}: spin the top.",
        "{user}, {seat} : lancez la toupie.",
    ),
    "alako.your_move": (
        "{user}, {seat} spun {face}: move a piece.",
        "{user}, {seat} a obtenu {face} : déplacez une pièce.",
    ),
    "alako.your_build": (
        "{user}, {seat} spun {face}: build it on your line, or don't.",
        "{user}, {seat} a obtenu {face} : construisez sur votre ligne, ou renoncez.",
    ),
    "alako.your_second_wall": (
        "{user}, {seat}: build the second wall, or don't.",
        "{user}, {seat} : construisez le second mur, ou renoncez.",
    ),
    "alako.answer_draw": (
        "{user}, {seat}: {offerer} offers a draw. Accept or decline (buttons, or /alako draw).",
        "{user}, {seat} : {offerer} propose la nulle. Acceptez ou refusez (boutons, ou "
        "/alako draw).",
    ),
    "alako.your_ladder": (
        "{user}, {seat} spun the ladder: climb or pass.",
        "{user}, {seat} a obtenu l'échelle : grimpez ou passez.",
    ),
    # --- buttons
    "alako.button.spin": ("Spin the top", "Lancer la toupie"),
    "alako.button.move": ("{piece} {arrow} {square}", "{piece} {arrow} {square}"),
    "alako.button.dismount": ("Dismount {arrow} {square}", "Descendre {arrow} {square}"),
    "alako.button.build": ("Build {segment}", "Construire {segment}"),
    "alako.button.climb": ("Climb {segment}", "Escalader {segment}"),
    "alako.button.pass": ("Pass", "Passer"),
    "alako.button.no_build": ("Don't build", "Ne pas construire"),
    "alako.button.accept": ("Accept draw", "Accepter la nulle"),
    "alako.button.decline": ("Decline draw", "Refuser la nulle"),
    # --- discord: names, descriptions, options, choices
    "discord.name.alako": ("alako", "alako"),
    "discord.name.spin": ("spin", "toupie"),
    "discord.name.dismount": ("dismount", "descendre"),
    "discord.name.build": ("build", "construire"),
    "discord.name.climb": ("climb", "escalader"),
    "discord.name.pass": ("pass", "passer"),
    "discord.param.first": ("first", "premier"),
    "discord.param.direction": ("direction", "direction"),
    "discord.param.segment": ("segment", "segment"),
    "discord.desc.alako": (
        "Play Les Chevaliers d'Alako: knight, horse, princess and the spinning top",
        "Jouer aux Chevaliers d'Alako : chevalier, cheval, princesse et la toupie",
    ),
    "discord.desc.alako.new": (
        "Open an Alako table in this channel",
        "Ouvrir une table d'Alako dans ce salon",
    ),
    "discord.desc.alako.join": ("Take a seat: South or North", "Prendre place : Sud ou Nord"),
    "discord.desc.alako.spin": ("Spin the top: your turn begins", "Lancer la toupie : votre tour"),
    "discord.desc.alako.move": (
        "Move a piece 1 or 2 squares (after a 1 or a 2)",
        "Déplacer une pièce de 1 ou 2 cases (après un 1 ou un 2)",
    ),
    "discord.desc.alako.dismount": (
        "The mounted knight walks off his horse",
        "Le chevalier à cheval descend et marche",
    ),
    "discord.desc.alako.build": (
        "Put the tower or wall you spun on your line",
        "Poser la tour ou le mur obtenu sur votre ligne",
    ),
    "discord.desc.alako.climb": (
        "Climb the enemy wall beside your knight (ladder)",
        "Escalader le mur ennemi à côté du chevalier (échelle)",
    ),
    "discord.desc.alako.pass": (
        "Leave the tower, walls or ladder you spun unused",
        "Renoncer à la tour, aux murs ou à l'échelle obtenus",
    ),
    "discord.desc.alako.draw": (
        "Offer a draw, or answer an offer",
        "Proposer la nulle, ou répondre à une proposition",
    ),
    "discord.pdesc.alako_first": (
        "Who spins first (default: drawn by lots)",
        "Qui lance en premier (par défaut : tiré au sort)",
    ),
    "discord.pdesc.alako_position": (
        "Start from this position text (see /alako rules notation)",
        "Partir de cette position (voir /alako rules notation)",
    ),
    "discord.pdesc.alako_seat": ("The side to take", "Le camp à prendre"),
    "discord.pdesc.alako_piece": ("The piece to move", "La pièce à déplacer"),
    "discord.pdesc.alako_direction": ("The direction to go", "La direction à prendre"),
    "discord.pdesc.alako_segment": (
        "The segment, like d3n (the legal ones are offered)",
        "Le segment, comme d3n (les segments possibles sont proposés)",
    ),
    "discord.pdesc.alako_wall": (
        "The enemy wall, when the knight touches several",
        "Le mur ennemi, si le chevalier en touche plusieurs",
    ),
    "discord.pdesc.alako_draw": (
        "Offer, accept or decline (default: offer)",
        "Proposer, accepter ou refuser (par défaut : proposer)",
    ),
    "discord.choice.alako_roll": ("drawn by lots", "tiré au sort"),
    "discord.choice.alako_south": ("South", "Sud"),
    "discord.choice.alako_north": ("North", "Nord"),
    "discord.choice.alako_knight": ("knight", "chevalier"),
    "discord.choice.alako_horse": ("horse", "cheval"),
    "discord.choice.alako_princess": ("princess", "princesse"),
    "discord.choice.alako_n": ("north (n) ↑", "nord (n) ↑"),
    "discord.choice.alako_e": ("east (e) →", "est (e) →"),
    "discord.choice.alako_s": ("south (s) ↓", "sud (s) ↓"),
    "discord.choice.alako_w": ("west (w) ←", "ouest (w) ←"),
    "discord.choice.alako_offer": ("offer", "proposer"),
    "discord.choice.alako_accept": ("accept", "accepter"),
    "discord.choice.alako_decline": ("decline", "refuser"),
    # Words drawn in Alako's pictures (renderer/alako.py keys, prefixed img.alako.).
    "img.alako.seat_south": ("South", "Sud"),
    "img.alako.seat_north": ("North", "Nord"),
    "img.alako.face_1": ("1 point", "1 point"),
    "img.alako.face_2": ("2 points", "2 points"),
    "img.alako.face_tower": ("a tower", "une tour"),
    "img.alako.face_wall": ("1 wall", "1 mur"),
    "img.alako.face_2walls": ("2 walls", "2 murs"),
    "img.alako.face_cannon": ("the cannon", "le canon"),
    "img.alako.face_ladder": ("the ladder", "l'échelle"),
    "img.alako.wins": ("{seat} wins", "{seat} gagne"),
    "img.alako.end_princess_reached": ("reached the princess", "a rejoint la princesse"),
    "img.alako.end_resignation": ("by resignation", "par abandon"),
    "img.alako.end_agreement": ("by agreement", "d'un commun accord"),
    "img.alako.draw": ("Draw", "Partie nulle"),
    "img.alako.lots": ("Drawing lots", "Tirage au sort"),
    "img.alako.lots_sub": ("who spins first?", "qui lance en premier ?"),
    "img.alako.to_spin": ("{seat} to spin", "{seat} lance la toupie"),
    "img.alako.spun": ("{seat} spun {face}", "{seat} a obtenu {face}"),
    "img.alako.move_piece": ("move a piece", "déplacez une pièce"),
    "img.alako.climb_or_pass": ("climb or pass", "grimpez ou passez"),
    "img.alako.second_wall": ("build the second wall", "construisez le second mur"),
    "img.alako.build_it": ("build it on your line", "construisez-le sur votre ligne"),
    # A side's card: how many pieces (towers and walls) its fortification line holds.
    "img.alako.on_line": ("line: {n} built", "ligne : {n} posées"),
    "img.alako.last_spin": ("last spin: {seat}, {face}", "dernier lancer : {seat}, {face}"),
}

RULES_FR: dict[str, str] = {
    "alako.bad_action": "« {text} » n'est pas une action d'Alako : un tour, c'est « spin », "
    "puis ce que permet la toupie : un déplacement comme « knight n », « horse e », "
    "« princess s » ou « dismount w » (directions n, e, s, w), « build d3n » (un segment), "
    "« climb », ou « pass » (renoncer à la tour, aux murs ou à l'échelle) ; et aussi « lots », "
    "« offer draw », « accept draw », « decline draw » et « resign »",
    "alako.bad_builds": "builds: seulement après 2walls, et 1 ou 2",
    "alako.bad_climber": "« {token} » : un chevalier sur une échelle s'écrit K^ puis la case "
    "où il descend et le côté où est le mur, comme K^d9s",
    "alako.bad_face": "spun: « {face} » n'est pas une face à jouer : 1, 2, tower, wall, "
    "2walls ou ladder (le canon tire tout seul)",
    "alako.bad_field": "« {field} » demande un nom et deux-points : « south: Kd1 Hf1 Pe1 » ou "
    "« turn: south »",
    "alako.bad_first": "first vaut roll, south ou north, pas « {first} »",
    "alako.bad_line": "la ligne de {seat} ne peut pas continuer ainsi : chaque pièce prolonge "
    "la précédente depuis un point rouge, et jamais deux tours de suite",
    "alako.bad_seat": "« {seat} » n'est pas un camp ici : south ou north",
    "alako.bad_segment": "« {segment} » n'est pas un segment : écrivez une case et un côté, "
    "comme d3n (le côté nord de d3) ou d4e, ou les deux cases qu'il sépare, comme d3/d4",
    "alako.bad_token": "« {token} » n'est pas une pièce : écrivez Kd1, Hf1, Pe1 (chevalier, "
    "cheval, princesse), K^d9s (un chevalier sur une échelle), ou Wa3n / Ta3n (un mur ou une "
    "tour sur un segment)",
    "alako.answer_offer": "répondez d'abord à la proposition de nulle de {offerer} : "
    "« accept draw » ou « decline draw »",
    "alako.build_expected": "la toupie a donné une construction : posez-la sur votre ligne, "
    "avec « build » et un segment, ou renoncez-y avec « pass »",
    "alako.climb_expected": "la toupie a donné l'échelle : « climb » (ou « pass » pour la laisser)",
    "alako.game_over": "la partie est terminée",
    "alako.illegal_move": "« {action} » n'est pas possible avec ce lancer : vous pouvez jouer "
    "{legal}",
    "alako.illegal_segment": "{segment} ne prolonge pas votre ligne : construisez en {legal}",
    "alako.knight_in_river": "le chevalier est à pied dans la rivière ({square})",
    "alako.lots_first": "il faut d'abord tirer au sort qui commence : « lots »",
    "alako.missing_piece": "{seat} doit avoir son chevalier, son cheval et sa princesse "
    "(comme Kd1 Hf1 Pe1)",
    "alako.missing_side": "la position doit donner « {seat}: K.. H.. P.. »",
    "alako.move_expected": "la toupie a donné un déplacement : jouez une pièce, comme "
    "« knight n » ou « princess e »",
    "alako.no_offer": "aucune proposition de nulle n'attend de réponse (pour renoncer à ce que "
    "la toupie a donné : « pass »)",
    "alako.no_use": "le lancer indiqué n'a aucun usage possible dans cette position",
    "alako.no_wall_to_climb": "votre chevalier n'est pas contre ce mur ennemi",
    "alako.offer_pending": "une proposition de nulle de {offerer} attend déjà une réponse",
    "alako.offer_repeated": "vous avez déjà proposé la nulle depuis le dernier lancer : "
    "attendez le prochain",
    "alako.offer_waits": "votre proposition de nulle attend la réponse de {waiting}",
    "alako.not_your_turn": "ce n'est pas le tour de {seat} : on attend {waiting}",
    "alako.princess_outside": "la princesse en {square} est hors de sa moitié du plateau",
    "alako.segment_not_adjacent": "« {segment} » : ces deux cases ne se touchent pas ; un "
    "segment sépare deux cases voisines",
    "alako.shared_square": "deux pièces sont en {square} : une pièce par case, sauf un "
    "chevalier sur son propre cheval",
    "alako.spin_first": "votre tour commence par la toupie : « spin »",
    "alako.twice": "« {field} » est donné deux fois",
    "alako.unknown_field": "champ inconnu « {field} » : south, north, turn, spun, builds ou winner",
    "alako.unknown_option": "option(s) d'Alako inconnue(s) : {options}",
    "alako.which_wall": "votre chevalier touche plusieurs murs ennemis : dites lequel, {legal}",
}
