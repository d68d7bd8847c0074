"""Loka messages added with Face-off (the rest of Loka's are in bot/i18n.py)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "loka.faceoff": ("Face-off {size}", "Face-off {size}"),
    "loka.side_south": ("South", "Sud"),
    "loka.secret_dm": (
        "Choose your {army} army for game `{id}`: {budget} points. Use the buttons or "
        "/loka army add, then confirm (a king alone will do). Nobody else sees it until "
        "deployment.",
        "Composez votre armée {army} pour la partie `{id}` : {budget} points. Utilisez les "
        "boutons ou /loka army add, puis validez (un roi seul suffit). Personne d'autre ne "
        "la voit avant le déploiement.",
    ),
    "loka.side_north": ("North", "Nord"),
    "loka.bad_size": (
        "'{size}' is not a board size: write it like 8x8 or 16x8 (multiples of 8, up to 32x32).",
        "« {size} » n'est pas une taille de plateau : écrivez 8x8 ou 16x8 (multiples de 8, "
        "jusqu'à 32x32).",
    ),
    "loka.selection_open_alone": (
        "Army selection: each player builds a secret army by direct message ({ready} of {of} "
        "armies ready).",
        "Choix des armées : chacun compose son armée secrète en message privé ({ready} armées "
        "prêtes sur {of}).",
    ),
    # --- 3-player and handicap options (RULINGS 1.3, 1.10)
    "loka.solo": (
        "one player holds {team} ({armies}) at {percent}%: {points} points an army",
        "un joueur tient le {team} ({armies}) à {percent} % : {points} points par armée",
    ),
    "loka.budgets": ("handicap budgets: {budgets}", "budgets de handicap : {budgets}"),
    "loka.box_basic": (
        "basic box: at most 1 queen, 1 rook, 1 bishop, 1 knight and 4 pawns an army",
        "boîte de base : au plus 1 reine, 1 tour, 1 fou, 1 cavalier et 4 pions par armée",
    ),
    "loka.box_double": (
        "two boxes: at most 2 queens, 2 rooks, 2 bishops, 2 knights and 8 pawns an army",
        "deux boîtes : au plus 2 reines, 2 tours, 2 fous, 2 cavaliers et 8 pions par armée",
    ),
    "loka.limits": (
        "at most {pieces} (king included) and {pawns} an army",
        "au plus {pieces} (roi compris) et {pawns} par armée",
    ),
    "loka.n_pieces": ("{n} pieces", "{n} pièces"),
    "loka.n_pieces_one": ("{n} piece", "{n} pièce"),
    "loka.n_pawns": ("{n} pawns", "{n} pions"),
    "loka.n_pawns_one": ("{n} pawn", "{n} pion"),
    "loka.tiles_one": ("{n} terrain tile", "{n} tuile de terrain"),
    "loka.minutes": ("{n} minutes", "{n} minutes"),
    "loka.minutes_one": ("{n} minute", "{n} minute"),
    "loka.solo_needs_three": (
        "Only a 3-player game on the cross uses {options}: add players:3, or leave it out.",
        "Seule une partie à 3 joueurs sur la croix utilise {options} : ajoutez players:3, ou "
        "retirez-le.",
    ),
    "loka.pick_solo": (
        "solo is the team the single player takes: evil (Fire and Water) or good (Earth and "
        "Air), not '{solo}'.",
        "solo est l'équipe que tient le joueur seul : evil (Feu et Eau) ou good (Terre et "
        "Air), pas « {solo} ».",
    ),
    "loka.pick_box": (
        "box is one of: {boxes} (not '{box}').",
        "box est l'une de : {boxes} (pas « {box} »).",
    ),
    "loka.bad_budgets": (
        "budgets gives armies their own points, like `fire:120 water:80` (armies of this game: "
        "{armies}; 0 to 10000 points each, each army once), not '{text}'.",
        "budgets donne leurs points à des armées, comme `fire:120 water:80` (armées de cette "
        "partie : {armies} ; de 0 à 10000 points, chaque armée une fois), pas « {text} ».",
    ),
    "loka.position_armies": (
        "A position brings its own armies: {options} would change nothing. Leave them out.",
        "Une position apporte ses propres armées : {options} n'y changerait rien. Retirez-les.",
    ),
    # --- what a player is told instead of a puzzling refusal
    "loka.army_final": (
        "{army} is confirmed: a confirmed army is final and is revealed when every army is ready.",
        "{army} est validée : une armée validée est définitive, elle sera révélée quand toutes "
        "seront prêtes.",
    ),
    "loka.resign_selection": (
        "Armies are still being chosen: you can resign once deployment begins. Confirm your "
        "army first (a king alone will do).",
        "Les armées sont en cours de choix : vous pourrez abandonner dès le déploiement. "
        "Validez d'abord votre armée (un roi seul suffit).",
    ),
    "loka.army_gone": (
        "Your army is out of the game ({armies}): there is nothing left for you to play. "
        "You can still watch.",
        "Votre armée est hors de la partie ({armies}) : vous n'avez plus rien à jouer. Vous "
        "pouvez encore regarder.",
    ),
    "loka.odds_needs_squares": (
        "Give the attacking piece's square and the square it would attack, like from:e4 to:e5.",
        "Donnez la case de la pièce qui attaque et la case attaquée, comme from:e4 to:e5.",
    ),
    "loka.moves_not_your_turn": (
        "It is not your turn: waiting for {waiting}.",
        "Ce n'est pas votre tour : on attend {waiting}.",
    ),
    "loka.revealed_king": (
        "{army}: king only ({cost} points)",
        "{army} : le roi seul ({cost} points)",
    ),
    "loka.roll_column": (
        "{army} rolls the column die: {value}",
        "{army} lance le dé de colonne : {value}",
    ),
    "loka.roll_row": (
        "{army} rolls the row die: {value}",
        "{army} lance le dé de rangée : {value}",
    ),
    # RULINGS 0: the ritual rolls of the terrain, shown as rolls (issue 30).
    "loka.roll_first_placer": (
        "🎲 D{die} for the first placer ({faces}): {value} → {army}",
        "🎲 D{die} pour le premier à poser ({faces}) : {value} → {army}",
    ),
    "loka.roll_placer": (
        "🎲 D{die} for the first placer: {value}",
        "🎲 D{die} pour le premier à poser : {value}",
    ),
    "loka.roll_tile": (
        "🎲 {army} draws a tile: D{die} → {value}, the {tile}",
        "🎲 {army} tire une tuile : D{die} → {value}, {tile}",
    ),
    "loka.roll_tile_again": (
        ": the portals are down already, rolled again",
        " : les portails sont déjà posés, on relance",
    ),
    "loka.roll_tile_draw": (
        "🎲 {army} draws a tile: D{die} → {value}",
        "🎲 {army} tire une tuile : D{die} → {value}",
    ),
    "loka.terrain_start": (
        "Terrain: {army} places first, {n} tiles.",
        "Terrain : {army} pose en premier, {n} tuiles.",
    ),
    "loka.tile_reroll": (
        "{square} already holds a tile: {army} rolls again.",
        "{square} porte déjà une tuile : {army} relance.",
    ),
    "loka.tie_reroll": ("Tie: {armies} roll again.", "Égalité : {armies} relancent."),
    "loka.and": (" and ", " et "),
    "loka.terrain_start_one": (
        "Terrain: {army} places the only tile.",
        "Terrain : {army} pose l'unique tuile.",
    ),
    "loka.builder_confirmed": (
        "Confirmed: this army is final. It is revealed when every army is ready.",
        "Validée : cette armée est définitive. Elle sera révélée quand toutes seront prêtes.",
    ),
    "loka.deploy_dm": (
        "Your turn to deploy {army} (game `{id}`). Left to place: {pieces}. Open squares "
        "now (marked): {squares}. Use /loka deploy, or /loka autodeploy for the rest.",
        "À vous de déployer {army} (partie `{id}`). Reste à placer : {pieces}. Cases "
        "ouvertes (marquées) : {squares}. Utilisez /loka deploy, ou /loka autodeploy pour "
        "le reste.",
    ),
    "discord.pdesc.board": (
        "The cross for 2-4 players, or Face-off on the chessboard side",
        "La croix pour 2 à 4 joueurs, ou le Face-off sur le côté échiquier",
    ),
    "discord.pdesc.size": (
        "Face-off board size: 8x8, or several boards side by side for a massive battle",
        "Taille du Face-off : 8x8, ou plusieurs échiquiers côte à côte (bataille massive)",
    ),
    "discord.pdesc.south": ("Face-off: the army on the south side", "Face-off : l'armée au sud"),
    "discord.pdesc.north": ("Face-off: the army on the north side", "Face-off : l'armée au nord"),
    "discord.pdesc.solo": (
        "3 players: the team the single player takes (default Evil)",
        "À 3 joueurs : l'équipe du joueur seul (le Mal par défaut)",
    ),
    "discord.pdesc.solo_percent": (
        "3 players: the single player's share of the points, in % (default 75)",
        "À 3 joueurs : la part des points du joueur seul, en % (75 par défaut)",
    ),
    "discord.pdesc.budgets": (
        "Handicap: points of some armies, like fire:120 water:80",
        "Handicap : les points de certaines armées, comme fire:120 water:80",
    ),
    "discord.pdesc.box": (
        "The pieces at hand: unlimited, one basic box or two",
        "Les pièces disponibles : illimitées, une boîte de base ou deux",
    ),
    "discord.pdesc.max_pieces": (
        "Most pieces an army may field, king included (default 16)",
        "Le plus de pièces par armée, roi compris (16 par défaut)",
    ),
    "discord.pdesc.max_pawns": (
        "Most pawns an army may field (default 10)",
        "Le plus de pions par armée (10 par défaut)",
    ),
    "discord.param.solo": ("solo", "solo"),
    "discord.param.solo_percent": ("solo_percent", "part_solo"),
    "discord.param.budgets": ("budgets", "budgets"),
    "discord.param.box": ("box", "boite"),
    "discord.param.max_pieces": ("max_pieces", "max_pieces"),
    "discord.param.max_pawns": ("max_pawns", "max_pions"),
    "discord.choice.solo_evil": ("Evil (Fire and Water)", "Le Mal (Feu et Eau)"),
    "discord.choice.solo_good": ("Good (Earth and Air)", "Le Bien (Terre et Air)"),
    "discord.choice.box_unlimited": ("Unlimited", "Illimitée"),
    "discord.choice.box_basic": (
        "Basic box: 1 queen, rook, bishop, knight, 4 pawns",
        "Boîte de base : 1 reine, tour, fou, cavalier, 4 pions",
    ),
    "discord.choice.box_double": ("Two basic boxes", "Deux boîtes de base"),
    "discord.param.board": ("board", "plateau"),
    "discord.param.size": ("size", "taille"),
    "discord.param.south": ("south", "sud"),
    "discord.param.north": ("north", "nord"),
    "discord.choice.cross": ("Cross (2-4 players)", "Croix (2 à 4 joueurs)"),
    "discord.choice.faceoff": ("Face-off (2 players)", "Face-off (2 joueurs)"),
    # Words drawn in Loka's pictures (renderer/loka.py keys, prefixed img.loka.).
    "img.loka.wins_mark": ("wins · ", "gagne · "),
    "img.loka.army_fire": ("Fire", "Feu"),
    "img.loka.army_earth": ("Earth", "Terre"),
    "img.loka.army_water": ("Water", "Eau"),
    "img.loka.army_air": ("Air", "Air"),
    "img.loka.piece_king": ("king", "roi"),
    "img.loka.piece_queen": ("queen", "reine"),
    "img.loka.piece_rook": ("rook", "tour"),
    "img.loka.piece_bishop": ("bishop", "fou"),
    "img.loka.piece_knight": ("knight", "cavalier"),
    "img.loka.piece_pawn": ("pawn", "pion"),
    "img.loka.ready_hidden": ("ready (hidden)", "prêt (secret)"),
    "img.loka.choosing_hidden": ("choosing (hidden)", "choisit (secret)"),
    "img.loka.choosing": ("choosing · {points}", "choisit · {points}"),
    "img.loka.spent": ("{cost}/{budget} pts", "{cost}/{budget} pts"),
    "img.loka.ready_mark": (" · ready", " · prêt"),
    "img.loka.to_place": ("{n} to place", "{n} à placer"),
    "img.loka.placed": ("{n} placed", "{n} placés"),
    "img.loka.placed_one": ("{n} placed", "{n} placé"),
    "img.loka.resigned": ("resigned", "abandon"),
    "img.loka.king_lost": ("king lost", "roi perdu"),
    # Counted texts: the plain key for many, ``_one`` for one; {points} and {pieces} are
    # themselves counted ("points", "pieces").
    "img.loka.pieces_points": ("{n} pcs · {points}", "{n} pièces · {points}"),
    "img.loka.pieces_points_one": ("{n} pc · {points}", "{n} pièce · {points}"),
    "img.loka.points": ("{n} pts", "{n} pts"),
    "img.loka.points_one": ("{n} pt", "{n} pt"),
    "img.loka.pieces": ("{n} pieces", "{n} pièces"),
    "img.loka.pieces_one": ("{n} piece", "{n} pièce"),
    "img.loka.king_first": ("king first", "le roi d'abord"),
    "img.loka.nobles": ("nobles", "nobles"),
    "img.loka.pawns": ("pawns", "pions"),
    "img.loka.deploy_row": ("{what} · row {row}", "{what} · rangée {row}"),
    "img.loka.out": ("out", "hors jeu"),
    "img.loka.all_placed": ("all placed", "tout est placé"),
    "img.loka.army_title": ("{army} army", "Armée {army}"),
    "img.loka.points_of": ("{total} / {budget} pts", "{total} / {budget} pts"),
    "img.loka.over_budget": ("{n} over budget", "{n} de trop"),
    "img.loka.points_left": ("{n} left · {pieces}", "{n} restants · {pieces}"),
    "img.loka.points_left_one": ("{n} left · {pieces}", "{n} restant · {pieces}"),
    "img.loka.free": ("free", "gratuit"),
    "img.loka.winners": ("{armies} win", "{armies} gagnent"),
    "img.loka.winners_one": ("{armies} wins", "{armies} gagne"),
    "img.loka.and": (" and ", " et "),
    "img.loka.draw": ("Draw", "Match nul"),
    "img.loka.end_kings_taken": ("both enemy kings taken", "les deux rois ennemis pris"),
    "img.loka.end_resignation": (
        "the last enemy army resigned",
        "la dernière armée ennemie abandonne",
    ),
    "img.loka.end_mutual_destruction": (
        "the last kings fell together: a draw",
        "les derniers rois tombent ensemble : match nul",
    ),
    "img.loka.end_no_moves": (
        "no army could move: a draw",
        "aucune armée ne peut jouer : match nul",
    ),
    "img.loka.end_king_taken": ("the enemy king taken", "le roi ennemi pris"),
    "img.loka.not_over": ("the game is not over", "la partie n'est pas finie"),
    "img.loka.winner": ("winner", "vainqueur"),
    "img.loka.survived": ("survived", "survit"),
    "img.loka.no_survivors": ("no survivors", "aucun survivant"),
    "img.loka.attack": ("attack", "attaque"),
    "img.loka.defence": ("defence", "défense"),
    "img.loka.vs": ("vs", "contre"),
    "img.loka.result_defender_removed": ("defender taken", "défenseur pris"),
    "img.loka.result_repelled": ("attack repelled", "attaque repoussée"),
    "img.loka.result_attacker_removed": ("attacker lost", "attaquant perdu"),
    "img.loka.result_both_removed": ("both lost", "les deux perdus"),
    "img.loka.result_royal_win": ("duel won", "duel gagné"),
    "img.loka.result_royal_loss": ("duel lost", "duel perdu"),
    "img.loka.result_pending": ("re-roll?", "relance ?"),
    "img.loka.deciding": ("re-roll?", "relance ?"),
    "loka.handed_to_ai": (
        "You handed {armies} to the computer player ({ai}): it plays them now, so there is "
        "nothing of yours to hand over. To play them yourself again: {command}. Only the host "
        "({host}) can change the computer player's level.",
        "Vous avez confié {armies} au joueur ordinateur ({ai}) : c'est lui qui les joue "
        "désormais, vous n'avez donc plus rien à confier. Pour les rejouer vous-même : "
        "{command}. Seul l'hôte ({host}) peut changer le niveau du joueur ordinateur.",
    ),
}
