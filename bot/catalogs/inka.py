"""Inka (``/inka``): every text the Inka table says, in English and French.

``RULES_FR`` holds the French of the Inka engine's refusals (codes ``inka.*``, with only the
values the engine passes); the lead merges it into ``bot.i18n_rules.FRENCH``."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "game.inka": ("Inka", "Inka"),
    "inka.seat.red": ("🔴 Red", "🔴 Rouge"),
    "inka.seat.blue": ("🔵 Blue", "🔵 Bleu"),
    "inka.seat.green": ("🟢 Green", "🟢 Vert"),
    "inka.seat.yellow": ("🟡 Yellow", "🟡 Jaune"),
    # --- the base says these when a command comes in the wrong phase
    "inka.phase_build": (
        "The temple is being built: lay the drawn path rhombus first (`/inka place cells:k7/k8`).",
        "Le temple se construit : posez d'abord le losange tiré (`/inka placer cases:k7/k8`).",
    ),
    "inka.phase_start": (
        "Pawns are being placed: choose a start cell first (the buttons, or `/inka choose cell:l6`).",
        "Les pions se placent : choisissez d'abord une case de départ (les boutons, ou "
        "`/inka choisir case:l6`).",
    ),
    "inka.phase_play": (
        "The temple is built and the turns have begun: that belongs to the set-up.",
        "Le temple est construit et les tours ont commencé : cela relève de la mise en place.",
    ),
    "inka.phase_over": ("This game is over.", "Cette partie est terminée."),
    # --- lobby
    "inka.summary": ("{n} players · {ap} AP a turn", "{n} joueurs · {ap} PA par tour"),
    # --- what happened
    "inka.ev.first_roll": ("🎲 d{die}: {value}.", "🎲 d{die} : {value}."),
    "inka.ev.first_player": (
        "{seat} chooses a start cell first and plays first.",
        "{seat} choisit sa case de départ en premier et joue en premier.",
    ),
    "inka.ev.start_chosen": (
        "{seat} puts the pawn on start cell **{cell}**.",
        "{seat} pose son pion sur la case de départ **{cell}**.",
    ),
    "inka.ev.rhombus_drawn": (
        "{seat} draws path rhombus **{rhombus}**.",
        "{seat} tire le losange **{rhombus}**.",
    ),
    "inka.ev.rhombus_set_aside": (
        "Path rhombus {rhombus} fits nowhere: it is set aside.",
        "Le losange {rhombus} ne tient nulle part : il est mis de côté.",
    ),
    "inka.ev.rhombus_placed": (
        "{seat} lays rhombus **{rhombus}** on {cells}.",
        "{seat} pose le losange **{rhombus}** sur {cells}.",
    ),
    "inka.built": (
        "The temple is built: the turns begin (3 AP each).",
        "Le temple est construit : les tours commencent (3 PA chacun).",
    ),
    "inka.ev.blocker_removed": (
        "{seat} takes the blocker back from {cell}.",
        "{seat} reprend son bloqueur en {cell}.",
    ),
    "inka.ev.riders": (", carrying {seats}", ", avec {seats} dessus"),
    "inka.ev.slid": (
        "{seat} slides rhombus **{rhombus}** {direction} {distance} → {cells}{riders} "
        "(1 AP, {ap} left).",
        "{seat} fait glisser le losange **{rhombus}** {direction} {distance} → {cells}"
        "{riders} (1 PA, reste {ap}).",
    ),
    "inka.ev.rotated": (
        "{seat} turns rhombus **{rhombus}** about its {corner}h corner, {angle} → "
        "{cells}{riders} (1 AP, {ap} left).",
        "{seat} tourne le losange **{rhombus}** autour de son coin de {corner} h, {angle} → "
        "{cells}{riders} (1 PA, reste {ap}).",
    ),
    "inka.ev.walked_free": (
        "{seat} walks {src} → **{dst}** (free, {ap} AP left).",
        "{seat} marche de {src} à **{dst}** (gratuit, reste {ap} PA).",
    ),
    "inka.ev.walked": (
        "{seat} walks {src} → **{dst}** past snakes: {cost} AP ({ap} left).",
        "{seat} marche de {src} à **{dst}** en passant des serpents : {cost} PA (reste {ap}).",
    ),
    "inka.ev.statue_taken": (
        "{seat} takes the statue from rhombus **{rhombus}**: {statues}/3 ({ap} AP left).",
        "{seat} prend sa statue sur le losange **{rhombus}** : {statues}/3 (reste {ap} PA).",
    ),
    "inka.ev.passage": (
        "{seat} takes the secret passage {src} → **{dst}** (1 AP, {ap} left).",
        "{seat} emprunte le passage secret {src} → **{dst}** (1 PA, reste {ap}).",
    ),
    "inka.ev.blocker_placed": (
        "{seat} puts the blocker on **{cell}**.",
        "{seat} pose son bloqueur en **{cell}**.",
    ),
    "inka.ev.turn_ended": ("{seat} ends the turn.", "{seat} termine son tour."),
    "inka.ev.turn_ended_lost": (
        "{seat} ends the turn ({ap} AP unused).",
        "{seat} termine son tour ({ap} PA perdus).",
    ),
    "inka.ev.resigned": (
        "{seat} resigns: pawn and blocker leave the temple.",
        "{seat} abandonne : pion et bloqueur quittent le temple.",
    ),
    "inka.ev.escaped": (
        "🏆 {seat} escapes the temple with all three statues and wins!",
        "🏆 {seat} s'échappe du temple avec ses trois statues et gagne !",
    ),
    "inka.ev.last": (
        "🏆 {seat} is the last one in the temple and wins.",
        "🏆 {seat} reste seul dans le temple et gagne.",
    ),
    "inka.seed": (
        "The dice seed was `{seed}`: `/inka export` gives the whole record.",
        "La graine des dés était `{seed}` : `/inka exporter` donne toute la partie.",
    ),
    # --- who acts
    "inka.ping_start": (
        "{user}, {seat}: choose a free start cell (the buttons, or `/inka choose cell:l6`).",
        "{user}, {seat} : choisissez une case de départ libre (les boutons, ou "
        "`/inka choisir case:l6`).",
    ),
    "inka.ping_build": (
        "{user}, {seat}: lay path rhombus **{rhombus}** outside the moat with "
        "`/inka place cells:k7/k8` (`/inka preview action:place {rhombus} k7/k8` shows where "
        "its walls go).",
        "{user}, {seat} : posez le losange **{rhombus}** hors de la douve avec "
        "`/inka placer cases:k7/k8` (`/inka aperçu action:place {rhombus} k7/k8` montre où "
        "vont ses murs).",
    ),
    "inka.pawn_phase": (
        "{seat}: pawn phase now ({ap} AP left), path rhombi stay put until the next turn.",
        "{seat} : phase du pion ({ap} PA restants), les losanges ne bougent plus avant le "
        "prochain tour.",
    ),
    "inka.ping_play": (
        "{user}, {seat} to play: {ap} AP. Rhombi first (`/inka rhombus slide`, "
        "`/inka rhombus rotate`), then the pawn (`/inka pawn go cell:…`, then "
        "`/inka pawn take`, `/inka pawn passage` or `/inka rhombus shift` before walking on), "
        "then `/inka block cell:…` or `/inka end`.",
        "{user}, à {seat} de jouer : {ap} PA. D'abord les losanges (`/inka losange glisser`, "
        "`/inka losange tourner`), puis le pion (`/inka pion aller case:…`, puis "
        "`/inka pion prendre`, `/inka pion passage` ou `/inka losange décaler` avant de "
        "repartir), puis `/inka bloquer case:…` ou `/inka finir`.",
    ),
    "inka.button_take": ("Take the statue", "Prendre la statue"),
    "inka.button_passage": ("Passage → {cell}", "Passage → {cell}"),
    "inka.button_end": ("End the turn", "Finir le tour"),
    "inka.corner_nw": ("north-west", "nord-ouest"),
    "inka.corner_ne": ("north-east", "nord-est"),
    "inka.corner_sw": ("south-west", "sud-ouest"),
    "inka.corner_se": ("south-east", "sud-est"),
    "inka.corner_sharp": ("sharp", "aigu"),
    "inka.corner_blunt": ("blunt", "obtus"),
    "inka.choice_direction": ("{direction} (1 to {most} steps)", "{direction} (1 à {most} pas)"),
    "inka.choice_cost": ("{cell} · {ap} AP", "{cell} · {ap} PA"),
    "inka.preview": (
        "Preview of `{action}` (nothing was played):",
        "Aperçu de `{action}` (rien n'a été joué) :",
    ),
    # --- refusals of the table (the engine's own are in RULES_FR)
    "inka.pick_cell": ("Give a cell, like f12.", "Donnez une case, comme f12."),
    "inka.pick_cells": (
        "Give the rhombus's two cells as first/second, like f12/f13 (the order turns its walls).",
        "Donnez les deux cases du losange, première/seconde, comme f12/f13 (l'ordre oriente "
        "ses murs).",
    ),
    "inka.pick_rhombus": (
        "Give a rhombus: its number 1-13 (A, B or C with `/inka rhombus shift`).",
        "Donnez un losange : son numéro de 1 à 13 (A, B ou C avec `/inka losange décaler`).",
    ),
    "inka.pick_destination": (
        "Give destination rhombus A, B or C.",
        "Donnez le losange de destination A, B ou C.",
    ),
    "inka.pick_direction": (
        "Give a direction: e, ne, nw, w, sw or se.",
        "Donnez une direction : e, ne, nw, w, sw ou se (est, nord-est, nord-ouest, ouest, "
        "sud-ouest, sud-est).",
    ),
    "inka.pick_corner": (
        "Give the corner as its clock hour seen from the rhombus's centre, 1 to 12, like 8.",
        "Donnez le coin par son heure vue du centre du losange, de 1 à 12, comme 8.",
    ),
    "inka.pick_angle": (
        "Give the angle: cw60, ccw60, cw120 or ccw120.",
        "Donnez l'angle : cw60, ccw60, cw120 ou ccw120 (cw : sens horaire).",
    ),
    "inka.shift_how": (
        "Say how to move it: a direction (and distance) to slide it, or a corner and an "
        "angle to turn it.",
        "Dites comment le déplacer : une direction (et une distance) pour le faire glisser, "
        "ou un coin et un angle pour le tourner.",
    ),
    "inka.preview_needs": (
        "Give an action to preview, like `/inka preview action:rotate 7 8h cw60`.",
        "Donnez une action à prévisualiser, comme `/inka aperçu action:rotate 7 8h cw60`.",
    ),
    # --- /inka and its options
    "discord.name.inka": ("inka", "inka"),
    "discord.name.choose": ("choose", "choisir"),
    "discord.name.rhombus": ("rhombus", "losange"),
    "discord.name.pawn": ("pawn", "pion"),
    "discord.name.slide": ("slide", "glisser"),
    "discord.name.rotate": ("rotate", "tourner"),
    "discord.name.go": ("go", "aller"),
    "discord.name.take": ("take", "prendre"),
    "discord.name.passage": ("passage", "passage"),
    "discord.name.shift": ("shift", "décaler"),
    "discord.name.block": ("block", "bloquer"),
    "discord.name.preview": ("preview", "aperçu"),
    "discord.param.cell": ("cell", "case"),
    "discord.param.cells": ("cells", "cases"),
    "discord.param.rhombus": ("rhombus", "losange"),
    "discord.param.distance": ("distance", "distance"),
    "discord.param.corner": ("corner", "coin"),
    "discord.param.angle": ("angle", "angle"),
    "discord.desc.inka": (
        "Play Inka: slide floor rhombi, fetch three statues, escape the temple",
        "Jouer à Inka : faire glisser les losanges, prendre trois statues, fuir le temple",
    ),
    "discord.desc.inka.new": ("Open a new Inka game here", "Ouvrir une partie d'Inka ici"),
    "discord.desc.inka.join": ("Take a seat", "Prendre une place"),
    "discord.desc.inka.choose": ("Set-up: choose your start cell", "Choisir sa case de départ"),
    "discord.desc.inka.rhombus": (
        "Move a rhombus: slide or turn a path rhombus, shift a destination rhombus",
        "Déplacer un losange : glisser ou tourner un losange, décaler une destination",
    ),
    "discord.desc.inka.pawn": (
        "Your pawn: walk, take a statue, take a secret passage",
        "Votre pion : marcher, prendre une statue, emprunter un passage secret",
    ),
    "discord.desc.inka.place": (
        "Set-up: lay the path rhombus you drew",
        "Mise en place : poser le losange tiré",
    ),
    "discord.desc.inka.rhombus.slide": (
        "Slide a path rhombus along an edge (1 AP)",
        "Faire glisser un losange le long d'un bord (1 PA)",
    ),
    "discord.desc.inka.rhombus.rotate": (
        "Turn a path rhombus about a corner (1 AP)",
        "Tourner un losange autour d'un coin (1 PA)",
    ),
    "discord.desc.inka.pawn.go": (
        "Walk your pawn by the cheapest way (1 AP per snake)",
        "Déplacer votre pion au plus court (1 PA par serpent)",
    ),
    "discord.desc.inka.pawn.take": (
        "Take your statue from this destination rhombus (1 AP)",
        "Prendre votre statue sur ce losange de destination (1 PA)",
    ),
    "discord.desc.inka.pawn.passage": (
        "Jump through the secret passages (1 AP)",
        "Emprunter les passages secrets (1 PA)",
    ),
    "discord.desc.inka.rhombus.shift": (
        "From a rhombus symbol, move a destination rhombus (1 AP)",
        "Depuis un symbole, déplacer un losange de destination (1 PA)",
    ),
    "discord.desc.inka.block": (
        "Put your blocker on a cell and end the turn",
        "Poser votre bloqueur sur une case et finir le tour",
    ),
    "discord.desc.inka.end": ("End your turn", "Finir votre tour"),
    "discord.desc.inka.preview": (
        "See the temple after an action, privately (nothing is played)",
        "Voir le temple après une action, en privé (rien n'est joué)",
    ),
    "discord.pdesc.inka_players": (
        "2, 3 or 4 players (default 2)",
        "2, 3 ou 4 joueurs (2 par défaut)",
    ),
    "discord.pdesc.inka_position": (
        "Start from this position text (skips the set-up)",
        "Partir de ce texte de position (sans mise en place)",
    ),
    "discord.pdesc.inka_seat": ("The colour to take", "La couleur à prendre"),
    "discord.pdesc.inka_start_cell": ("A free start cell", "Une case de départ libre"),
    "discord.pdesc.inka_cells": (
        "first/second half, like f12/f13 (the order turns the walls)",
        "première/seconde moitié, comme f12/f13 (l'ordre oriente les murs)",
    ),
    "discord.pdesc.inka_rhombus": ("The path rhombus, 1-13", "Le losange, de 1 à 13"),
    "discord.pdesc.inka_destination": (
        "The destination rhombus, A, B or C",
        "Le losange de destination, A, B ou C",
    ),
    "discord.pdesc.inka_direction": (
        "Along one of its edges: e, ne, nw, w, sw, se",
        "Le long d'un de ses bords : e, ne, nw, w, sw, se",
    ),
    "discord.pdesc.inka_distance": ("How many steps (default 1)", "Combien de pas (1 par défaut)"),
    "discord.pdesc.inka_corner": (
        "The corner, by its clock hour seen from the centre",
        "Le coin, par son heure vue du centre",
    ),
    "discord.pdesc.inka_angle": ("Which way and how far", "Quel sens et de combien"),
    "discord.pdesc.inka_go": (
        "Where to (the AP cost is shown)",
        "Où aller (le coût en PA est indiqué)",
    ),
    "discord.pdesc.inka_passage": ("The secret passage to come out of", "Le passage de sortie"),
    "discord.pdesc.inka_block": (
        "A free cell, not on a destination rhombus",
        "Une case libre, hors des losanges de destination",
    ),
    "discord.pdesc.inka_action": (
        "An action, like rotate 7 8h cw60 or place 7 f12/f13",
        "Une action, comme rotate 7 8h cw60 ou place 7 f12/f13",
    ),
    "discord.choice.inka_cw60": ("60° clockwise (cw60)", "60° sens horaire (cw60)"),
    "discord.choice.inka_ccw60": ("60° counter-clockwise (ccw60)", "60° sens antihoraire (ccw60)"),
    "discord.choice.inka_cw120": ("120° clockwise (cw120)", "120° sens horaire (cw120)"),
    "discord.choice.inka_ccw120": (
        "120° counter-clockwise (ccw120)",
        "120° sens antihoraire (ccw120)",
    ),
    # --- words drawn in Inka's pictures (renderer/inka.py keys, prefixed img.inka.)
    "img.inka.seat_red": ("Red", "Rouge"),
    "img.inka.seat_blue": ("Blue", "Bleu"),
    "img.inka.seat_green": ("Green", "Vert"),
    "img.inka.seat_yellow": ("Yellow", "Jaune"),
    "img.inka.status_start": (
        "Set-up: {seat} chooses a start cell",
        "Mise en place : {seat} choisit une case de départ",
    ),
    "img.inka.status_build": (
        "Building the temple: {seat} lays path rhombus {rhombus}",
        "Construction du temple : {seat} pose le losange de chemin {rhombus}",
    ),
    "img.inka.status_play": (
        "{seat} to play: {ap} AP left, {stage}",
        "{seat} joue : reste {ap} PA, {stage}",
    ),
    "img.inka.stage_rhombi": ("move rhombi or the pawn", "bouger losanges ou pion"),
    "img.inka.stage_pawn": ("pawn phase", "phase du pion"),
    "img.inka.status_over": ("{seat} wins ({how})", "{seat} gagne ({how})"),
    "img.inka.nobody": ("Nobody", "Personne"),
    "img.inka.end_escaped": ("escaped", "sorti du temple"),
    "img.inka.end_resignation": ("resignation", "abandon"),
    "img.inka.statues": ("statues {n}/3", "statues {n}/3"),
    "img.inka.pawn_at": ("pawn {cell}", "pion {cell}"),
    "img.inka.blocker": ("blocker {cell}", "bloqueur {cell}"),
    "img.inka.wins": ("wins", "gagne"),
    "img.inka.ap_left": ("AP {ap} left", "reste {ap} PA"),
}

RULES_FR: dict[str, str] = {
    "inka.action_points": "les points d'action vont de 1 à 9 (la règle dit 3), pas {action_points}",
    "inka.already_there": "votre pion est déjà sur cette case",
    "inka.bad_angle": "autour de son coin obtus de {corner} h, le losange {rhombus} ne tourne "
    "que de 60 degrés (cw60 ou ccw60)",
    "inka.bad_corner": "« {corner} » n'est pas un coin de ce losange : donnez l'heure d'un de "
    "ses coins vue de son centre (de 1 à 12, comme 8h)",
    "inka.bad_direction": "« {direction} » n'est pas une direction : e, ne, nw, w, sw ou se",
    "inka.bad_distance": "un glissement fait au moins 1 pas",
    "inka.bad_placement": "le losange {rhombus} ne peut pas aller en {cells} : il "
    "chevaucherait un autre losange ou un pion, toucherait la douve (le gouffre sombre, "
    "interdit à la mise en place pour que personne ne prenne de statue à son premier tour), "
    "ou ses murs enfermeraient complètement une case de départ",
    "inka.block_rhombus_taken": "le losange {rhombus} porte déjà un bloqueur : un seul "
    "bloqueur par losange",
    "inka.walked_already": "votre pion vient de marcher : il ne repart qu'après une action "
    "payée (prendre, passage ou décaler), une marche entre deux actions payées",
    "inka.passage_not_landed": "un passage secret ne sert qu'au tour où votre pion y arrive "
    "en marchant, juste après cette marche (une fois)",
    "inka.symbol_not_landed": "un symbole de losange ne sert qu'au tour où votre pion y arrive "
    "en marchant, juste après cette marche (une fois)",
    "inka.bad_slide_direction": "le losange {rhombus} ne glisse que le long de ses bords : "
    "{directions}",
    "inka.block_not_free": "{cell} n'est pas libre : un bloqueur va sur une case sans pion ni "
    "bloqueur",
    "inka.block_on_destination": "{cell} est sur un losange de destination : jamais de bloqueur là",
    "inka.choose_start_first": "les pions se placent : choisissez une case de départ libre, "
    "comme « start l6 »",
    "inka.no_such_rhombus": "il n'y a pas de losange {rhombus} : les losanges de chemin vont "
    "de 1 à 13, ceux de destination sont A, B et C",
    "inka.no_turn_sense": "dites dans quel sens tourner : cw (horaire) ou ccw, comme "
    "« rotate 7 8h cw60 »",
    "inka.not_a_cell": "« {cell} » n'est pas une case : une lettre de rangée a-l puis un "
    "numéro de colonne, comme f12",
    "inka.not_a_passage": "{cell} n'est pas un autre passage secret : choisissez parmi {passages}",
    "inka.not_a_rhombus": "{first} et {second} n'ont pas de côté commun : un losange couvre "
    "deux triangles côte à côte",
    "inka.not_a_start": "{cell} n'est pas une case de départ : choisissez parmi {starts}",
    "inka.not_enough_ap": "cela coûte {cost} PA et il vous en reste {ap} : finissez le tour "
    "ou faites moins cher",
    "inka.not_on_passage": "placez-vous sur un passage secret pour l'emprunter",
    "inka.not_your_turn": "ce n'est pas le tour de {seat} : on attend {waiting}",
    "inka.notation": "« {text} » n'est pas une action d'Inka. Actions : start l6, "
    "place 7 f12/f13, slide 7 ne 2, rotate 7 8h cw60, go f12, take, passage k9, "
    "shift A ne 1 (ou shift A 8h cw60), block e5, end, resign",
    "inka.off_board": "« {cell} » n'est pas dans le temple : les rangées vont de a (en bas) "
    "à l (en haut), chacune avec les colonnes que permet sa largeur (rangée a : 6-18, "
    "rangées f et g : 1-23)",
    "inka.over": "la partie est terminée",
    "inka.passage_not_free": "le passage en {cell} n'est pas libre (un losange, un pion ou un "
    "bloqueur s'y trouve)",
    "inka.place_first": "le temple se construit : posez le losange {rhombus}, comme "
    "« place {rhombus} f12/f13 »",
    "inka.players": "Inka se joue à 2, 3 ou 4, pas à {players}",
    "inka.position_ap": "ap : ce n'est pas un nombre",
    "inka.position_blocker": "un bloqueur partage sa case avec un pion ou un bloqueur, ou se "
    "trouve sur un losange de destination",
    "inka.position_chasm": "un pion tomberait dans le gouffre",
    "inka.position_destination": "le losange de destination {rhombus} manque : écrivez "
    "« {rhombus}: <case>/<case> <places> »",
    "inka.position_field": "« {field} » a besoin d'un nom et de deux-points : « red: l6 », "
    "« rhombi: 1=f12/f13 », « A: g11/g12 red », « turn: red »",
    "inka.position_not_rhombus": "deux cases d'un losange de la position n'ont pas de côté commun",
    "inka.position_overlap": "deux losanges de la position se chevauchent",
    "inka.position_pair": "{what} : écrivez ses deux cases première/seconde, comme f12/f13",
    "inka.position_players": "la position n'a pas le nombre de places de la partie",
    "inka.position_rhombus": "« {token} » n'est pas un losange de chemin : écrivez "
    "numéro=première/seconde avec un numéro de 1 à 13, comme 7=f12/f13",
    "inka.position_seat": "« {field} » : écrivez la case du pion, éventuellement "
    "« blocker <case> », ou « out »",
    "inka.position_seats": "donnez de 2 à 4 places, les premières de red, blue, green, yellow",
    "inka.position_stage": "stage vaut « rhombi » (les losanges peuvent encore bouger), « walked » (le pion vient de marcher) ou « pawn »",
    "inka.position_statue": "un losange de destination porte la statue d'une couleur qui ne "
    "joue pas",
    "inka.position_turn": "turn : doit nommer une place encore en jeu",
    "inka.position_twice": "une place est nommée deux fois",
    "inka.position_two_pawns": "deux pions sur la même case",
    "inka.position_unknown_field": "champ inconnu « {field} » : utilisez red, blue, green, "
    "yellow, rhombi, A, B, C, turn, ap ou stage",
    "inka.rhombi_phase_over": "les losanges bougent avant le pion : votre pion a déjà agi ce "
    "tour-ci",
    "inka.rhombus_blocked": "un bloqueur est posé sur le losange {rhombus} : il ne peut pas bouger",
    "inka.rotation_blocked": "le losange {rhombus} heurterait un obstacle ou le bord en "
    "tournant : tout son balayage doit être libre",
    "inka.seat_out": "{seat} a quitté la partie",
    "inka.shift_needs_symbol": "le losange de destination {rhombus} ne se déplace que depuis "
    "un symbole de losange : allez d'abord sur un symbole (phase 3, 1 PA)",
    "inka.slide_too_far": "le losange {rhombus} peut glisser d'au plus {most} pas vers "
    "{direction} avant un obstacle ou le bord",
    "inka.start_taken": "un autre pion occupe déjà {cell} : choisissez une case de départ libre",
    "inka.statue_gone": "votre statue du losange {rhombus} est déjà prise : allez sur un autre "
    "losange de destination",
    "inka.take_off_destination": "placez-vous sur un losange de destination (A, B ou C, au "
    "centre) pour prendre une statue",
    "inka.target_occupied": "{cell} porte un pion ou un bloqueur : on peut passer dessus, pas "
    "s'y arrêter",
    "inka.temple": "le temple est « standard », pas « {temple} »",
    "inka.turn_actions": "c'est votre tour : faites glisser ou tournez un losange, allez sur "
    "une case, prenez une statue, empruntez un passage, décalez, bloquez une case ou finissez",
    "inka.unknown_option": "option(s) d'Inka inconnue(s) : {options}",
    "inka.unknown_seat": "« {seat} » n'est pas une place de cette partie : {seats}",
    "inka.unreachable": "votre pion ne peut pas atteindre {cell} : du gouffre sans losange ou "
    "des murs l'en séparent",
    "inka.wrong_rhombus": "vous avez tiré le losange {drawn}, pas le {rhombus} : "
    "« place {drawn} <case>/<case> »",
}
