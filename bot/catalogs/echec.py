"""Échec au Roi's messages (English, French) and the engine's refusals in French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "game.echec": ("Échec au Roi", "Échec au Roi"),
    "echec.seat.south": ("South", "Sud"),
    "echec.seat.north": ("North", "Nord"),
    # --- a command in the wrong phase
    "echec.phase_placement": (
        "The armies are being placed: use /echec setup place, /echec setup autoplace and /echec setup confirm.",
        "Les armées se placent : utilisez /echec setup place, /echec setup autoplace et /echec setup confirm.",
    ),
    "echec.phase_battle": (
        "The battle is on: use /echec advance, /echec turn, /echec attack or /echec end.",
        "La bataille fait rage : utilisez /echec advance, /echec turn, /echec attack ou "
        "/echec end.",
    ),
    "echec.phase_opening": (
        "Both sides roll for the first move first: use /echec roll.",
        "Chaque camp lance d'abord les dés pour le premier coup : utilisez /echec roll.",
    ),
    "echec.phase_over": ("This game is over.", "Cette partie est terminée."),
    # --- names
    "echec.unit.king": ("king", "roi"),
    "echec.unit.cavalry": ("cavalry", "cavalerie"),
    "echec.unit.archers": ("archers", "archers"),
    "echec.unit.infantry": ("infantry", "infanterie"),
    "echec.unit.peasants": ("peasants", "paysans"),
    "echec.unit.mercenaries": ("mercenaries", "mercenaires"),
    "echec.unit.heavy": ("heavy infantry", "infanterie lourde"),
    # A kind with its article, as sentences name a base ("North advances the archers ...").
    "echec.the.king": ("the king", "le roi"),
    "echec.the.cavalry": ("the cavalry", "la cavalerie"),
    "echec.the.archers": ("the archers", "les archers"),
    "echec.the.infantry": ("the infantry", "l'infanterie"),
    "echec.the.peasants": ("the peasants", "les paysans"),
    "echec.the.mercenaries": ("the mercenaries", "les mercenaires"),
    "echec.the.heavy": ("the heavy infantry", "l'infanterie lourde"),
    "echec.the.base": ("the base", "le socle"),
    # How a sentence says a facing: placed "facing north", turned "to face north".
    "echec.facing_as.n": ("facing north", "face au nord"),
    "echec.facing_as.e": ("facing east", "face à l'est"),
    "echec.facing_as.s": ("facing south", "face au sud"),
    "echec.facing_as.w": ("facing west", "face à l'ouest"),
    "echec.toward.n": ("north", "le nord"),
    "echec.toward.e": ("east", "l'est"),
    "echec.toward.s": ("south", "le sud"),
    "echec.toward.w": ("west", "l'ouest"),
    "echec.facing.n": ("north", "nord"),
    "echec.facing.e": ("east", "est"),
    "echec.facing.s": ("south", "sud"),
    "echec.facing.w": ("west", "ouest"),
    "echec.face.axe": ("🪓 axe", "🪓 hache"),
    "echec.face.arrow": ("🏹 arrow", "🏹 flèche"),
    "echec.face.panic": ("😱 panic", "😱 panique"),
    "echec.face.blank": ("⬜ blank", "⬜ blanc"),
    # --- the lobby
    "echec.summary_level": ("level {level}", "niveau {level}"),
    "echec.summary_standard": ("standard set-up", "mise en place standard"),
    "echec.summary_free": ("free placement", "placement libre"),
    "echec.summary_secret": ("secret placement", "placement secret"),
    "echec.summary_units": ("optional units: {units}", "unités optionnelles : {units}"),
    "echec.summary_army_units": ("{seat}: {units}", "{seat} : {units}"),
    "echec.summary_massive": ("massive infantry", "infanterie massive"),
    "echec.summary_position": ("from a given position", "depuis une position donnée"),
    "echec.summary_turns": ("draw after {n} turns", "nulle après {n} tours"),
    # --- placement
    "echec.placement_secret": (
        "Secret placement: each army places by direct message, unseen, then confirms. "
        "Nothing is shown until both are ready. Waiting for {waiting}.",
        "Placement secret : chaque armée se place en message privé, sans être vue, puis "
        "valide. Rien n'est montré avant que les deux soient prêtes. On attend {waiting}.",
    ),
    "echec.placement_free": (
        "Free placement: the king on its royal square, every other base on your first two "
        "ranks (/echec setup place, or the buttons), then /echec setup confirm. Waiting for {waiting}.",
        "Placement libre : le roi sur sa case royale, les autres socles sur vos deux "
        "premières rangées (/echec setup place, ou les boutons), puis /echec setup confirm. On attend "
        "{waiting}.",
    ),
    "echec.placement_dm": (
        "Place your {seat} army for game `{id}` in secret: the king on {royal}, every other "
        "base on ranks {ranks}, e.g. /echec setup place unit:archers square:{square} "
        "facing:{facing}, or let me place the rest (/echec setup autoplace, or the button). Then "
        "/echec setup confirm. Your opponent sees nothing until both confirm.",
        "Placez votre armée {seat} pour la partie `{id}` en secret : le roi en {royal}, les "
        "autres socles sur les rangées {ranks}, p. ex. /echec setup place unit:archers "
        "square:{square} facing:{facing}, ou laissez-moi placer le reste (/echec setup autoplace, "
        "ou le bouton). Puis /echec setup confirm. Votre adversaire ne voit rien avant que les "
        "deux aient validé.",
    ),
    "echec.reserve": ("{seat}, still to place: {units}.", "{seat}, encore à placer : {units}."),
    "echec.reserve_done": (
        "{seat}: every base is placed; confirm when you are happy.",
        "{seat} : tous les socles sont placés ; validez quand vous êtes prêt.",
    ),
    "echec.placed": (
        "{seat} places {unit} ({figures}) on {square}, {facing}.",
        "{seat} place {unit} ({figures}) en {square}, {facing}.",
    ),
    "echec.lifted": (
        "{seat} takes back the base on {square}.",
        "{seat} reprend le socle en {square}.",
    ),
    "echec.ready": ("{seat} is ready ({ready} of 2).", "{seat} est prêt ({ready} sur 2)."),
    "echec.revealed": (
        "Both armies are placed: here they are, revealed at once.",
        "Les deux armées sont placées : les voici, révélées en même temps.",
    ),
    "echec.nothing_to_place": (
        "Every base of yours is placed already: confirm, or lift one to move it.",
        "Tous vos socles sont déjà placés : validez, ou reprenez-en un pour le déplacer.",
    ),
    "echec.pick_unit": (
        "Say which base, like unit:archers or unit:peasants 3.",
        "Dites quel socle, comme unit:archers ou unit:peasants 3.",
    ),
    "echec.need_square": ("Give a square, like square:c1.", "Donnez une case, comme square:c1."),
    "echec.need_facing": (
        "Give a facing: n, e, s or w.",
        "Donnez une orientation : n, e, s ou w.",
    ),
    "echec.need_unit": (
        "Give the square of your base, like unit:c2.",
        "Donnez la case de votre socle, comme unit:c2.",
    ),
    "echec.need_target": (
        "Give the square you attack, like target:c3.",
        "Donnez la case attaquée, comme target:c3.",
    ),
    "echec.own_board": (
        "Your placement (the other army stays hidden until both confirm).",
        "Votre placement (l'autre armée reste cachée jusqu'à ce que les deux valident).",
    ),
    "echec.seen_in_dm": (
        "Done: your placement is in your direct messages.",
        "C'est fait : votre placement est dans vos messages privés.",
    ),
    # --- the opening roll
    "echec.roll_prompt": (
        "Roll for the first move, most axes starts: {waiting} (/echec roll or the button).",
        "Lancez les dés pour le premier coup, le plus de haches commence : {waiting} "
        "(/echec roll ou le bouton).",
    ),
    # Counted texts: the _one form for one (in French for zero too), see counted().
    "echec.rolled": ("{seat} rolls {dice}: {n} axes.", "{seat} lance {dice} : {n} haches."),
    "echec.rolled_one": ("{seat} rolls {dice}: {n} axe.", "{seat} lance {dice} : {n} hache."),
    "echec.tie": (
        "A tie at {n} axes: both roll again.",
        "Égalité à {n} haches : les deux relancent.",
    ),
    "echec.tie_one": (
        "A tie at {n} axe: both roll again.",
        "Égalité à {n} hache : les deux relancent.",
    ),
    "echec.first": ("{seat} moves first!", "{seat} joue en premier !"),
    # --- the battle
    "echec.your_turn": (
        "{user}, {seat} to act (turn {number}): {actions} actions.",
        "{user}, à {seat} de jouer (tour {number}) : {actions} actions.",
    ),
    "echec.one_left": (
        "{seat}: one action left (or /echec end).",
        "{seat} : encore une action (ou /echec end).",
    ),
    "echec.ended": ("{seat} ends the turn.", "{seat} termine son tour."),
    "echec.advanced": (
        "{seat} advances {unit} from {src} to {dst}.",
        "{seat} avance {unit} de {src} à {dst}.",
    ),
    "echec.turned": (
        "{seat} turns {unit} on {square} to face {facing}.",
        "{seat} tourne {unit} en {square} vers {facing}.",
    ),
    "echec.attack": (
        "{seat} attacks {target} on {dst} with {unit} on {src}: {dice}",
        "{seat} attaque {target} en {dst} avec {unit} en {src} : {dice}",
    ),
    "echec.bonus": (
        "last figure's extra die: {face}",
        "dé supplémentaire de la dernière figurine : {face}",
    ),
    "echec.hits": ("{n} hits: {result}.", "{n} touches : {result}."),
    "echec.hits_one": ("{n} hit: {result}.", "{n} touche : {result}."),
    "echec.result_none": ("no figure lost", "aucune figurine perdue"),
    "echec.result_removed": (
        "{n} figures lost, {left} left",
        "{n} figurines perdues, il en reste {left}",
    ),
    "echec.result_removed_one": (
        "{n} figure lost, {left} left",
        "{n} figurine perdue, il en reste {left}",
    ),
    "echec.result_destroyed": ("the base is destroyed", "le socle est détruit"),
    "echec.switched": (
        "The mercenaries on {square} go over to {seat}, without a roll!",
        "Les mercenaires en {square} passent à {seat}, sans lancer de dés !",
    ),
    "echec.loyal": (
        "The mercenaries on {square} stay loyal: their king stands by.",
        "Les mercenaires en {square} restent fidèles : leur roi est à côté.",
    ),
    "echec.panic": (
        "Panic seizes {unit} on {square} ({seat}): they turn about and flee.",
        "La panique saisit {unit} en {square} ({seat}) : demi-tour et fuite !",
    ),
    "echec.panic_chain": (
        "The panic spreads to {unit} on {square} ({seat}).",
        "La panique gagne {unit} en {square} ({seat}).",
    ),
    "echec.fled": (
        "The fleeing base falls back from {square} to {to}.",
        "Le socle en fuite recule de {square} à {to}.",
    ),
    "echec.removed.panic_off_board": (
        "{seat} loses {unit} on {square}: the flight leads off the board.",
        "{seat} perd {unit} en {square} : la fuite mène hors du plateau.",
    ),
    "echec.removed.panic_enemy": (
        "{seat} loses {unit} on {square}: the flight runs into the enemy.",
        "{seat} perd {unit} en {square} : la fuite se heurte à l'ennemi.",
    ),
    "echec.removed.panic_own_king": (
        "{seat} loses {unit} on {square}: the flight runs into their own king.",
        "{seat} perd {unit} en {square} : la fuite se heurte à son propre roi.",
    ),
    "echec.removed.panic_blocked": (
        "{seat} loses {unit} on {square}: friends who do not give way block the flight.",
        "{seat} perd {unit} en {square} : des alliés qui ne cèdent pas barrent la fuite.",
    ),
    "echec.won.king_eliminated": (
        "The king of {loser} has fallen: victory for {seat}!",
        "Le roi de {loser} est tombé : victoire pour {seat} !",
    ),
    "echec.won.army_eliminated": (
        "Every base of {loser} is gone: victory for {seat}!",
        "Tous les socles de {loser} ont disparu : victoire pour {seat} !",
    ),
    "echec.won.resigned": ("Victory for {seat}!", "Victoire pour {seat} !"),
    "echec.draw": (
        "The turn limit is reached: a draw.",
        "La limite de tours est atteinte : nulle.",
    ),
    "echec.draw.no_progress": (
        "{n} turns in a row without progress (no base advanced, no figure removed, no panic "
        "move): a draw.",
        "{n} tours de suite sans progrès (aucun socle n'a avancé, aucune figurine retirée, "
        "aucune fuite de panique) : nulle.",
    ),
    # The no-progress count (RULINGS 3), told as a turn starts from NO_PROGRESS_WARNING left.
    "echec.no_progress_one": (
        "No progress for {quiet} turns: this turn is the last before a draw, unless a base "
        "advances, a figure is removed or a panic moves a base.",
        "Aucun progrès depuis {quiet} tours : ce tour est le dernier avant la nulle, sauf si "
        "un socle avance, une figurine est retirée ou une panique fait fuir un socle.",
    ),
    "echec.no_progress_many": (
        "No progress for {quiet} turns: a draw in {n} turns, unless a base advances, a figure "
        "is removed or a panic moves a base.",
        "Aucun progrès depuis {quiet} tours : nulle dans {n} tours, sauf si un socle avance, "
        "une figurine est retirée ou une panique fait fuir un socle.",
    ),
    "echec.seed_revealed": (
        "Dice seed: `{seed}` (check it against the commitment with /echec export).",
        "Graine des dés : `{seed}` (vérifiez-la avec /echec export).",
    ),
    # --- buttons
    "echec.button.roll": ("Roll the dice", "Lancer les dés"),
    "echec.button.end": ("End the turn", "Finir le tour"),
    "echec.button.confirm": ("Confirm placement", "Valider le placement"),
    "echec.button.autoplace": ("Place the rest for me", "Placer le reste pour moi"),
    # --- Discord: names, descriptions, options, choices
    "discord.name.echec": ("echec", "échec-au-roi"),  # never to be taken for /échecs (chess)
    "discord.name.setup": ("setup", "mise-en-place"),
    "discord.name.place": ("place", "placer"),
    "discord.name.lift": ("lift", "reprendre"),
    "discord.name.autoplace": ("autoplace", "placement-auto"),
    "discord.name.roll": ("roll", "lancer"),
    "discord.name.advance": ("advance", "avancer"),
    "discord.name.turn": ("turn", "tourner"),
    "discord.name.attack": ("attack", "attaquer"),
    "discord.name.end": ("end", "finir"),
    "discord.desc.echec": (
        "Play Échec au Roi, the medieval chess wargame",
        "Jouer à Échec au Roi, le jeu de bataille médiéval",
    ),
    "discord.desc.echec.new": (
        "Open an Échec au Roi table in this channel",
        "Ouvrir une table d'Échec au Roi dans ce salon",
    ),
    "discord.desc.echec.join": ("Take a seat in the open game", "Prendre place dans la partie"),
    "discord.desc.echec.setup": (
        "Level 2 placement: place, lift, autoplace, confirm",
        "Placement au niveau 2 : placer, reprendre, placement auto, confirmer",
    ),
    "discord.desc.echec.setup.place": (
        "Place a base on your first two ranks (level 2)",
        "Placer un socle sur vos deux premières rangées (niveau 2)",
    ),
    "discord.desc.echec.setup.lift": (
        "Take a placed base back (before confirming)",
        "Reprendre un socle placé (avant de valider)",
    ),
    "discord.desc.echec.setup.autoplace": (
        "Place the rest of your army for me",
        "Placer le reste de votre armée à votre place",
    ),
    "discord.desc.echec.setup.confirm": (
        "Confirm your placement: it is final",
        "Valider votre placement : c'est définitif",
    ),
    "discord.desc.echec.roll": (
        "Roll four dice for the first move",
        "Lancer quatre dés pour le premier coup",
    ),
    "discord.desc.echec.advance": (
        "Advance a base straight ahead",
        "Avancer un socle droit devant",
    ),
    "discord.desc.echec.turn": ("Turn a base to a new facing", "Tourner un socle"),
    "discord.desc.echec.attack": ("Attack an enemy base", "Attaquer un socle ennemi"),
    "discord.desc.echec.end": ("End your turn now", "Finir votre tour maintenant"),
    "discord.param.level": ("level", "niveau"),
    "discord.param.placement": ("placement", "placement"),
    "discord.param.units": ("units", "unites"),
    "discord.param.massive": ("massive", "massive"),
    "discord.param.south_units": ("south_units", "unites_sud"),
    "discord.param.north_units": ("north_units", "unites_nord"),
    "discord.param.unit": ("unit", "socle"),
    "discord.param.squares": ("squares", "cases"),
    "discord.param.target": ("target", "cible"),
    "discord.param.facing": ("facing", "orientation"),
    "discord.param.turn_limit": ("turn_limit", "limite_tours"),
    "discord.pdesc.echec_level": (
        "1: the basic game; 2: placement and optional units",
        "1 : le jeu de base ; 2 : placement et unités optionnelles",
    ),
    "discord.pdesc.echec_placement": (
        "Standard set-up, free placement or secret placement",
        "Mise en place standard, placement libre ou secret",
    ),
    "discord.pdesc.echec_units": (
        "Optional units of each army, like P3 P2 M2 H1 (level 2)",
        "Unités optionnelles de chaque armée, comme P3 P2 M2 H1 (niveau 2)",
    ),
    "discord.pdesc.echec_army_units": (
        "This army's own optional units, instead of units (level 2)",
        "Les unités optionnelles de cette armée, au lieu de units (niveau 2)",
    ),
    "discord.pdesc.echec_massive": (
        "Massive infantry: 10 figures a base (level 2)",
        "Infanterie massive : 10 figurines par socle (niveau 2)",
    ),
    "discord.pdesc.echec_position": (
        "Start the battle from this position",
        "Commencer la bataille depuis cette position",
    ),
    "discord.pdesc.echec_turn_limit": (
        "A draw after this many turns (0: none)",
        "Nulle après ce nombre de tours (0 : aucune)",
    ),
    "discord.pdesc.echec_seat": ("The side to take", "Le camp à prendre"),
    "discord.pdesc.echec_place_unit": (
        "The base to place, like archers or peasants 3",
        "Le socle à placer, comme archers ou peasants 3",
    ),
    "discord.pdesc.echec_place_square": (
        "A free square of your first two ranks",
        "Une case libre de vos deux premières rangées",
    ),
    "discord.pdesc.echec_facing": ("Where the base faces", "L'orientation du socle"),
    "discord.pdesc.echec_lift_square": ("The square of a placed base", "La case d'un socle placé"),
    "discord.pdesc.echec_unit": ("The square of your base", "La case de votre socle"),
    "discord.pdesc.echec_squares": (
        "How many squares (king and cavalry may go further)",
        "Combien de cases (roi et cavalerie peuvent aller plus loin)",
    ),
    "discord.pdesc.echec_target": ("The enemy base's square", "La case du socle ennemi"),
    "discord.choice.echec_south": ("South", "Sud"),
    "discord.choice.echec_north": ("North", "Nord"),
    "discord.choice.echec_standard": ("standard set-up", "mise en place standard"),
    "discord.choice.echec_free": ("free placement", "placement libre"),
    "discord.choice.echec_secret": ("secret placement", "placement secret"),
    "discord.choice.echec_n": ("north", "nord"),
    "discord.choice.echec_e": ("east", "est"),
    "discord.choice.echec_s": ("south", "sud"),
    "discord.choice.echec_w": ("west", "ouest"),
    # Words drawn in Échec au Roi's pictures (renderer/echec.py keys, prefixed img.echec.).
    "img.echec.wins_mark": ("wins", "gagne"),
    "img.echec.seat_south": ("South", "Sud"),
    "img.echec.seat_north": ("North", "Nord"),
    "img.echec.the_king": ("the king", "le roi"),
    "img.echec.the_cavalry": ("the cavalry", "la cavalerie"),
    "img.echec.the_archers": ("the archers", "les archers"),
    "img.echec.the_infantry": ("the infantry", "l'infanterie"),
    "img.echec.the_peasants": ("the peasants", "les paysans"),
    "img.echec.the_mercenaries": ("the mercenaries", "les mercenaires"),
    "img.echec.the_heavy": ("the heavy infantry", "l'infanterie lourde"),
    "img.echec.toward_n": ("north", "le nord"),
    "img.echec.toward_e": ("east", "l'est"),
    "img.echec.toward_s": ("south", "le sud"),
    "img.echec.toward_w": ("west", "l'ouest"),
    "img.echec.secret": ("{seat} places in secret", "{seat} se place en secret"),
    "img.echec.secret_ready": (
        "{seat} places in secret - ready",
        "{seat} se place en secret - prêt",
    ),
    "img.echec.ready": ("ready", "prêt"),
    "img.echec.placing_hidden": ("placing (hidden)", "se place (caché)"),
    "img.echec.to_place": ("{n} to place", "{n} à placer"),
    "img.echec.bases_figures": (
        "{bases} bases · {figures} fig.",
        "{bases} socles · {figures} fig.",
    ),
    "img.echec.rolled_axes": ("rolled {n} axes", "{n} haches aux dés"),
    "img.echec.rolled_axes_one": ("rolled {n} axe", "{n} hache aux dés"),
    "img.echec.resigned": ("resigned", "abandon"),
    "img.echec.attacked": (
        "{seat} attacked {target} on {dst} with {unit} on {src}:",
        "{seat} a attaqué {target} en {dst} avec {unit} en {src} :",
    ),
    "img.echec.switched": (
        "the mercenaries change sides (no roll)",
        "les mercenaires changent de camp (sans dés)",
    ),
    "img.echec.hit_one": ("{n} hit", "{n} touche"),
    "img.echec.hit_many": ("{n} hits", "{n} touches"),
    "img.echec.destroyed": ("base destroyed", "socle détruit"),
    "img.echec.lost_one": ("{n} figure lost", "{n} figurine perdue"),
    "img.echec.lost_many": ("{n} figures lost", "{n} figurines perdues"),
    "img.echec.bonus": ("last figure rolled again", "dernière figurine relancée"),
    "img.echec.panic_attacker": ("PANIC: the attackers flee", "PANIQUE : les attaquants fuient"),
    "img.echec.panic_target": ("the target panics", "la cible panique"),
    "img.echec.panic_lost": ("lost in panic: {squares}", "perdus dans la panique : {squares}"),
    "img.echec.placement_rule": (
        "Placement: king on the royal square, the rest on the first two ranks.",
        "Placement : le roi sur la case royale, le reste sur les deux premières rangées.",
    ),
    "img.echec.placement_send": (
        "/echec setup place unit:… square:… facing:…, then /echec setup confirm.",
        "/echec setup place unit:… square:… facing:…, puis /echec setup confirm.",
    ),
    "img.echec.opening_rule": (
        "Both sides roll four dice: most axes moves first.",
        "Chaque camp lance quatre dés : le plus de haches joue en premier.",
    ),
    "img.echec.opening_send": ("/echec roll (or the button).", "/echec roll (ou le bouton)."),
    "img.echec.game_over": (
        "Game over: {who} wins ({how}).",
        "Partie terminée : {who} gagne ({how}).",
    ),
    "img.echec.game_over_nobody": (
        "Game over: nobody wins ({how}).",
        "Partie terminée : personne ne gagne ({how}).",
    ),
    "img.echec.end_king_eliminated": ("king eliminated", "roi éliminé"),
    "img.echec.end_army_eliminated": ("army eliminated", "armée éliminée"),
    "img.echec.end_resigned": ("resigned", "abandon"),
    "img.echec.end_turn_limit": ("turn limit", "limite de tours"),
    "img.echec.end_no_progress": ("no progress", "aucun progrès"),
    "img.echec.did_advance": (
        "{seat} advanced {unit} from {src} to {dst}.",
        "{seat} a avancé {unit} de {src} à {dst}.",
    ),
    "img.echec.did_turn": (
        "{seat} turned {unit} on {square} to face {facing}.",
        "{seat} a tourné {unit} en {square} vers {facing}.",
    ),
    "img.echec.battle_begins": ("The battle begins.", "La bataille commence."),
    "img.echec.to_act_one": (
        "{seat} to act: {n} action left.",
        "Au tour de {seat} : encore {n} action.",
    ),
    "img.echec.to_act_many": (
        "{seat} to act: {n} actions left.",
        "Au tour de {seat} : encore {n} actions.",
    ),
}

# The engine's refusals in French, by code, with exactly the values the engine passes.
RULES_FR: dict[str, str] = {
    "echec.army_limits": (
        "ces unités optionnelles dépassent les limites de l'armée : au plus un socle de "
        "mercenaires, deux d'infanterie lourde, et huit socles optionnels en tout"
    ),
    "echec.attacked_already": "le socle en {square} a déjà attaqué ce tour (une attaque par tour)",
    "echec.bad_action": (
        "« {text} » n'est pas une action d'Échec au Roi : advance c2, turn c2 e, attack c2 c3, "
        "end ; avant la bataille : place archers c1 n, lift c1, confirm, roll"
    ),
    "echec.bad_facing": "« {text} » n'est pas une direction : n, e, s ou w (nord, est, sud, ouest)",
    "echec.bad_figures": (
        "« {text} » n'est pas un nombre de figurines : écrivez par ex. place peasants 3 a1 n"
    ),
    "echec.bad_kind": (
        "« {text} » n'est pas une sorte de socle : king, cavalry, archers, infantry, peasants, "
        "mercenaries ou heavy"
    ),
    "echec.bad_state": "cet état de partie d'Échec au Roi est illisible",
    "echec.bad_steps": "« {text} » n'est pas un nombre de cases : de 1 à 8, comme advance d1 3",
    "echec.bad_unit": (
        "« {token} » n'est pas une unité optionnelle : une lettre et ses figurines, comme P3 "
        "(paysans 2-4), M2 (mercenaires 1-2) ou H1 (infanterie lourde 1-2)"
    ),
    "echec.battle_action": "la bataille fait rage : advance c2, turn c2 e, attack c2 c3 ou end",
    "echec.cannot_advance": (
        "le socle en {square} ne peut pas avancer de {steps} : {room} case(s) libre(s) devant lui"
    ),
    "echec.cannot_attack": (
        "le socle en {square} ne peut pas attaquer {target} ; il peut attaquer : {options}"
    ),
    "echec.empty": "action vide : advance c2, turn c2 e, attack c2 c3 ou end",
    "echec.empty_square": "il n'y a pas de socle en {square}",
    "echec.heavy_needs_two": (
        "l'infanterie lourde dépense les deux actions d'un tour pour avancer ou tourner : "
        "{square} le pourra au début de votre prochain tour"
    ),
    "echec.king_on_royal": "le roi se place sur votre case royale, {square}",
    "echec.level": "le niveau est 1 ou 2, pas {level}",
    "echec.level_2_option": (
        "le placement libre ou secret, les unités optionnelles et l'infanterie massive sont "
        "des options du niveau 2 : choisissez le niveau 2"
    ),
    "echec.no_such_size": (
        "vous n'avez pas de socle de {figures} {kind} à placer ; tailles restantes : {sizes}"
    ),
    "echec.none_left": "il ne vous reste plus de {kind} à placer",
    "echec.not_echec": "ceci n'est pas un état d'Échec au Roi",
    "echec.not_home": "placez vos socles sur vos deux premières rangées ({ranks}), pas en {square}",
    "echec.not_your_turn": "ce n'est pas le tour de {seat}",
    "echec.not_yours": "le socle en {square} appartient à {owner} : jouez avec les vôtres",
    "echec.nothing_to_lift": "vous n'avez pas de socle en {square} à reprendre",
    "echec.over": "la partie est terminée",
    "echec.phase": "phase de jeu inconnue",
    "echec.placement": "le placement est standard, free ou secret, pas « {placement} »",
    "echec.placement_action": ("les armées se placent : place archers c1 n, lift c1, puis confirm"),
    "echec.position_actions": "actions : 1 ou 2 (les actions restantes de ce tour)",
    "echec.position_base": (
        "« {token} » n'est pas un socle : une lettre (K C A I P M H), des figurines, une case "
        "et une orientation, comme I4c2n (ajoutez * s'il a attaqué ce tour)"
    ),
    "echec.position_field": (
        "« {field} » demande un nom et deux-points : « south: K1e1n I4e2n », « turn: north » "
        "ou « actions: 2 »"
    ),
    "echec.position_figures": "« {token} » : trop ou trop peu de figurines pour ce socle",
    "echec.position_kings": "{seat} a {kings} rois : chaque camp en a exactement un",
    "echec.position_turn": "turn : south ou north",
    "echec.position_twice": "un camp est listé deux fois : listez chaque camp une fois",
    "echec.position_two": "deux socles en {square}",
    "echec.position_unknown": "champ inconnu « {field} » : south, north, turn ou actions",
    "echec.reserve_left": "placez tous vos socles avant de valider ; il reste : {left}",
    "echec.roll_first": "chaque camp lance quatre dés pour le premier coup : envoyez « roll »",
    "echec.royal_reserved": "{square} est la case royale : seul votre roi y va",
    "echec.same_facing": (
        "le socle en {square} fait déjà face par là : choisissez une autre direction"
    ),
    "echec.schema": "version d'état d'Échec au Roi inconnue",
    "echec.seat": "« {seat} » n'est pas un camp : south ou north",
    "echec.square_taken": "{square} est occupée : reprenez ce socle ou choisissez une case libre",
    "echec.turn_limit": "la limite de tours va de 0 (aucune) à 10000, pas {turn_limit}",
    "echec.unit_size": "un socle de {kind} compte de {low} à {high} figurines, pas {figures}",
    "echec.units_need_placement": (
        "les unités optionnelles demandent le placement libre ou secret (la mise en place "
        "standard n'a pas de case pour elles)"
    ),
    "echec.unknown_option": "option(s) inconnue(s) : {options}",
    "echec.which_seat": "les deux armées décident maintenant : dites laquelle agit",
}
