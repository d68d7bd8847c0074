"""The message catalog: every text a user reads, in English and French.

``t(locale, key, **values)`` picks the user's language (Discord locales such as ``fr`` or
``en-US``; anything else falls back to English)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from string import Formatter
from typing import Any

LANGUAGES = ("en", "fr")

# key: (English, French)
CATALOG: dict[str, tuple[str, str]] = {
    # --- names
    "army.fire": ("Fire", "Feu"),
    "army.earth": ("Earth", "Terre"),
    "army.water": ("Water", "Eau"),
    "army.air": ("Air", "Air"),
    "team.evil": ("Evil", "Mal"),
    "team.good": ("Good", "Bien"),
    "piece.king": ("king", "roi"),
    "piece.queen": ("queen", "reine"),
    "piece.rook": ("rook", "tour"),
    "piece.bishop": ("bishop", "fou"),
    "piece.knight": ("knight", "cavalier"),
    "piece.pawn": ("pawn", "pion"),
    "tile.castle": ("castle", "château"),
    "tile.forest": ("forest", "forêt"),
    "tile.lake": ("lake", "lac"),
    "tile.eyrie": ("eyrie", "aire"),
    "tile.marsh": ("marsh", "marais"),
    "tile.stone": ("stone circle", "cercle de pierre"),
    "tile.pass": ("mountain pass", "col de montagne"),
    "tile.portal": ("magic portal", "portail magique"),
    "button.leave": ("Leave", "Quitter"),
    "button.ai_add": ("🤖 {seats}", "🤖 {seats}"),
    "button.ai_remove": ("✖ 🤖 {seats}", "✖ 🤖 {seats}"),
    "button.start": ("Start", "Commencer"),
    "button.confirm": ("Confirm army", "Valider l'armée"),
    "button.reroll": ("Re-roll", "Relancer"),
    "button.keep": ("Keep", "Garder"),
    "button.resign": ("Resign", "Abandonner"),
    # --- errors
    "error.internal": (
        "Something went wrong on my side; nothing was changed. Please try again.",
        "Un problème est survenu de mon côté ; rien n'a été modifié. Réessayez.",
    ),
    "error.rules": ("Not allowed: {detail}", "Refusé : {detail}"),
    "error.bad_number": (
        "{option} must be a whole number from {low} to {high}.",
        "{option} doit être un nombre entier de {low} à {high}.",
    ),
    "error.unknown_game_kind": (
        "There is no game called {kind}.",
        "Aucun jeu ne s'appelle {kind}.",
    ),
    "error.unknown_command": (
        "{command} is not a command. Try one of: {known}.",
        "{command} n'est pas une commande. Essayez : {known}.",
    ),
    "error.no_such_game": ("There is no game `{game}`.", "Il n'y a pas de partie `{game}`."),
    "error.ambiguous_game": (
        "You are in several games here ({games}): add game:<id> to say which.",
        "Vous êtes dans plusieurs parties ici ({games}) : ajoutez game:<id> pour choisir.",
    ),
    "error.which_game": (
        "Several {kind} games could be meant here: {games}. Add game: to say which (it "
        "offers them as you type).",
        "Plusieurs parties de {kind} sont possibles ici : {games}. Ajoutez game: pour dire "
        "laquelle (il les propose pendant la frappe).",
    ),
    "error.no_game_here": (
        "No {kind} game is running here and none awaits you. Start one with /{kind} new.",
        "Aucune partie de {kind} ici, et aucune ne vous attend. Lancez-en une avec /{kind} new.",
    ),
    "error.no_lobby_here": (
        "No {kind} game is open to join here. Start one with /{kind} new.",
        "Aucune partie de {kind} ouverte ici. Lancez-en une avec /{kind} new.",
    ),
    "error.state_changed": (
        "The game changed while your command was on its way: look at the board and try again.",
        "La partie a changé pendant votre commande : regardez le plateau et réessayez.",
    ),
    "error.no_game_id": (
        "I could not find a free id for a new game; nothing was created. Please try again.",
        "Je n'ai pas trouvé d'identifiant libre pour une nouvelle partie ; rien n'a été créé. "
        "Réessayez.",
    ),
    "error.dms_closed": (
        "I cannot send you direct messages, and this game needs them for your secrets and your turns. Open them (Server menu > Privacy Settings > Direct Messages) and join again.",
        "Je ne peux pas vous envoyer de messages privés, et ce jeu en a besoin pour vos secrets et vos tours. Ouvrez-les (menu du serveur > Paramètres de confidentialité > Messages privés) puis rejoignez à nouveau.",
    ),
    "error.dm_failed": (
        "{user}, I could not reach you by direct message: open your DMs to receive {what}.",
        "{user}, je n'ai pas pu vous joindre en message privé : ouvrez-les pour recevoir {what}.",
    ),
    "error.dm_lost": (
        "{user}, Discord would not deliver my direct message to you just now ({what}); it "
        "may be down: ask again with the game's commands in a moment.",
        "{user}, Discord n'a pas pu vous remettre mon message privé ({what}) ; il est peut-être "
        "en panne : redemandez avec les commandes du jeu dans un moment.",
    ),
    "error.silence": (
        "No game talk from deployment on (Loka rules): your message in the game thread was "
        "removed.",
        "Plus de discussion sur la partie à partir du déploiement (règles de Loka) : votre "
        "message dans le fil de la partie a été retiré.",
    ),
    "error.silence_unenforced": (
        "I lack the Manage Messages permission here, so I cannot enforce the no-talk rule: "
        "players, please keep silent.",
        "Il me manque la permission Gérer les messages ici : je ne peux pas faire respecter "
        "le silence. Joueurs, taisez-vous s'il vous plaît.",
    ),
    # what bot.options refuses at the service's edge, before any table reads it
    "error.bad_request": (
        "I could not read who sent this command or where from; nothing was done. Please try again.",
        "Je n'ai pas pu lire qui envoie cette commande ni d'où ; rien n'a été fait. Réessayez.",
    ),
    "error.unknown_option": (
        "{command} has no option `{option}`. Its options: {known}.",
        "{command} n'a pas d'option `{option}`. Ses options : {known}.",
    ),
    "error.option_text": (
        "{option} must be text, at most {limit} characters.",
        "{option} doit être du texte, {limit} caractères au plus.",
    ),
    "error.option_long": (
        "{option} is too long: at most {limit} characters.",
        "{option} est trop long : {limit} caractères au plus.",
    ),
    "error.option_unicode": (
        "{option} holds characters that are not valid text (half of an emoji?): type it again.",
        "{option} contient des caractères qui ne sont pas du texte valide (un morceau d'émoji ?) : retapez-le.",
    ),
    "error.option_real": (
        "{option} must be a finite number.",
        "{option} doit être un nombre fini.",
    ),
    "error.option_game": (
        "{option} must be a game id such as `3fa2b1c0`: 1 to 32 letters, digits, - or _.",
        "{option} doit être un identifiant de partie comme `3fa2b1c0` : 1 à 32 lettres, chiffres, - ou _.",
    ),
    "error.option_user": (
        "{option} must be a member, like @name (or their id).",
        "{option} doit être un membre, comme @nom (ou son identifiant).",
    ),
    # --- lobby
    "table.lobby": (
        "**{game}** game `{id}` opened by {host}: {summary}\nTake a seat with the buttons or {command}.",
        "Partie de **{game}** `{id}` ouverte par {host} : {summary}\nPrenez place avec les boutons ou {command}.",
    ),
    "table.lobby_head": ("**{game}** game `{id}`", "Partie de **{game}** `{id}`"),
    "table.pick_language": (
        "language is one of: {languages}.",
        "language est l'une de : {languages}.",
    ),
    "table.guild_only": (
        "Games are played in a server channel, not in direct messages: type this command "
        "in a channel of your server.",
        "Les parties se jouent dans un salon de serveur, pas en messages privés : tapez cette "
        "commande dans un salon de votre serveur.",
    ),
    "table.created": (
        "Game `{id}` created. Start it with the Start button once every seat is taken.",
        "Partie `{id}` créée. Lancez-la avec le bouton Commencer quand toutes les places sont prises.",
    ),
    "loka.players": ("{n} players", "{n} joueurs"),
    "loka.points": ("{n} points", "{n} points"),
    "loka.tiles": ("{n} terrain tiles", "{n} tuiles de terrain"),
    "loka.no_terrain": ("no terrain", "sans terrain"),
    "loka.combat_on": ("dice combat", "combat aux dés"),
    "loka.combat_off": ("no dice (attacks always win)", "sans dés (les attaques gagnent)"),
    "table.from_position": ("from a given position", "depuis une position donnée"),
    "table.seat_free": (
        "free",
        "libre",
    ),
    "table.pick_seat": (
        "Choose a seat: {seats}.",
        "Choisissez une place : {seats}.",
    ),
    "table.already_started": (
        "This game has already started; seats are final.",
        "Cette partie a déjà commencé ; les places sont définitives.",
    ),
    "table.already_seated": (
        "You already hold {seat}.",
        "Vous tenez déjà {seat}.",
    ),
    "ai.name": ("🤖 {level}", "🤖 {level}"),
    "ai.level.easy": ("easy", "facile"),
    "ai.level.normal": ("normal", "normal"),
    "ai.level.strong": ("strong", "fort"),
    "table.pick_ai_level": (
        "Pick the computer player's level: {levels}.",
        "Choisissez le niveau du joueur ordinateur : {levels}.",
    ),
    "table.needs_a_person": (
        "Computer players fill seats for people: take a seat yourself (or let someone) "
        "before starting.",
        "Les joueurs ordinateur complètent une table de joueurs : prenez une place "
        "(ou laissez quelqu'un la prendre) avant de commencer.",
    ),
    "table.no_ai_there": (
        "No computer player sits at {seat}.",
        "Aucun joueur ordinateur n'est assis à {seat}.",
    ),
    "table.ai_joined": ("{user} takes {seat}.", "{user} prend {seat}."),
    "table.ai_removed": (
        "The computer player leaves {seat}.",
        "Le joueur ordinateur quitte {seat}.",
    ),
    "table.ai_took_over": (
        "{user} now plays {seat}.",
        "{user} joue désormais {seat}.",
    ),
    "table.ai_paused": (
        "The computer players have played {actions} actions in a row with nobody else: "
        "they stop here. The host can end the game with cancel.",
        "Les joueurs ordinateur ont joué {actions} actions d'affilée sans personne : ils "
        "s'arrêtent là. L'hôte peut terminer la partie avec cancel.",
    ),
    "table.ai_round_clipped": (
        "… {lines} earlier lines left out (`/{kind} board at:` shows any action)",
        "… {lines} lignes précédentes omises (`/{kind} plateau at:` montre chaque action)",
    ),
    "table.ai_stays": (
        "A computer player keeps its seat until the game ends; pick a level to change how "
        "well it plays.",
        "Un joueur ordinateur garde sa place jusqu'à la fin de la partie ; choisissez un "
        "niveau pour changer sa force.",
    ),
    "table.ai_own_seat": (
        "You can hand only your own seat to a computer player (the host can hand over a "
        "seat that has been awaited for a long time).",
        "Vous ne pouvez confier que votre propre place à un joueur ordinateur (l'hôte peut "
        "confier une place attendue depuis longtemps).",
    ),
    "table.ai_not_yet": (
        "{seat} ({user}) can be handed to a computer player once it has been awaited for "
        "{hours} h.",
        "{seat} ({user}) pourra être confié à un joueur ordinateur quand il sera attendu "
        "depuis {hours} h.",
    ),
    "table.seat_taken": (
        "{seat} is taken by {user}.",
        "{seat} est déjà pris par {user}.",
    ),
    "table.one_seat_each": (
        "You already have a seat: in this game each person holds one seat (leave first to change).",
        "Vous avez déjà une place : chacun n'en tient qu'une (quittez d'abord pour changer).",
    ),
    "table.dm_hello": (
        "You joined {game} game `{id}`. Your secrets and your turns will come here.",
        "Vous avez rejoint la partie de {game} `{id}`. Vos secrets et vos tours arriveront ici.",
    ),
    "table.host_moved": (
        "The host {user} moves to {seat}.",
        "L'hôte {user} passe à {seat}.",
    ),
    "table.joined": (
        "{user} takes {seat}.",
        "{user} prend {seat}.",
    ),
    "table.left": (
        "{user} leaves the table.",
        "{user} quitte la table.",
    ),
    "table.leave_started": (
        "The game has started: you can resign, not leave.",
        "La partie a commencé : vous pouvez abandonner, pas partir.",
    ),
    "table.not_seated": ("You have no seat in this game.", "Vous n'avez pas de place ici."),
    "table.host_only_ai": (
        "Only the host ({user}) can seat, change or remove a computer player in the lobby.",
        "Seul l'hôte ({user}) peut asseoir, changer ou retirer un joueur ordinateur dans le salon.",
    ),
    "table.host_only_ai_level": (
        "Only the host ({user}) can change the level of a computer player.",
        "Seul l'hôte ({user}) peut changer le niveau d'un joueur ordinateur.",
    ),
    "table.no_such_seat": (
        "This game has no seat {seat}. Choose a seat: {seats}.",
        "Cette partie n'a pas de place {seat}. Choisissez une place : {seats}.",
    ),
    "table.host_only": (
        "Only the host ({user}) can start the game.",
        "Seul l'hôte ({user}) peut lancer la partie.",
    ),
    "table.seats_free": (
        "Every seat must be taken first; still free: {seats}.",
        "Toutes les places doivent être prises ; encore libres : {seats}.",
    ),
    "table.cancel_forbidden": (
        "Only the host or a member with Manage Server can cancel a game.",
        "Seuls l'hôte ou un membre pouvant gérer le serveur peuvent annuler une partie.",
    ),
    "table.cancelled": (
        "Game `{id}` was cancelled by {user}.",
        "Partie `{id}` annulée par {user}.",
    ),
    "table.started": (
        "Game `{id}` begins. Dice commitment: `{commitment}` (the seed behind it is shown at the end, so anyone can check every roll).",
        "La partie `{id}` commence. Engagement des dés : `{commitment}` (la graine sera révélée à la fin pour vérifier chaque lancer).",
    ),
    "table.started_plain": (
        "Game `{id}` begins.",
        "La partie `{id}` commence.",
    ),
    "loka.selection_open": (
        "Strategy and army selection: each player builds a secret army by direct message. "
        "Teams may talk until deployment ({ready} of {of} armies ready).",
        "Stratégie et choix des armées : chacun compose son armée secrète en message privé. "
        "Les équipes peuvent se parler jusqu'au déploiement ({ready} armées prêtes sur {of}).",
    ),
    "loka.selection_dm": (
        "Choose your {army} army for game `{id}`: {budget} points. Use the buttons or "
        "/loka army add, then confirm. Your ally sees your draft; the enemy does not.",
        "Composez votre armée {army} pour la partie `{id}` : {budget} points. Utilisez les "
        "boutons ou /loka army add, puis validez. Votre allié voit votre choix, pas l'ennemi.",
    ),
    "loka.pick_piece": (
        "Choose a piece to buy: queen, rook, bishop, knight or pawn (the king is free and "
        "always there).",
        "Choisissez une pièce : reine, tour, fou, cavalier ou pion (le roi est gratuit et "
        "toujours là).",
    ),
    "loka.none_to_remove": (
        "Your draft has no {piece} to remove.",
        "Votre armée n'a pas de {piece} à retirer.",
    ),
    "table.not_your_seat": (
        "{seat} is not yours; you hold: {seats}.",
        "{seat} n'est pas à vous ; vous tenez : {seats}.",
    ),
    "loka.draft_now": (
        "{army}: {draft} — {cost}/{budget} points.",
        "{army} : {draft} — {cost}/{budget} points.",
    ),
    "loka.ally_draft": (
        "Your ally's {army} draft: {draft} — {cost}/{budget} points.",
        "L'armée {army} de votre allié : {draft} — {cost}/{budget} points.",
    ),
    "loka.revealed_now": (
        "Armies are revealed: look at the board.",
        "Les armées sont révélées : regardez le plateau.",
    ),
    "loka.team_empty": ("Write a message to send.", "Écrivez un message à envoyer."),
    "loka.team_alone": (
        "You hold both armies of your team: there is nobody to tell.",
        "Vous tenez les deux armées de votre équipe : personne à prévenir.",
    ),
    "loka.team_sent": ("Sent to your ally.", "Envoyé à votre allié."),
    "loka.team_message": ("Your ally {user} says: {text}", "Votre allié {user} dit : {text}"),
    "loka.silence_rule": (
        'From deployment on, no game talk is allowed: "all forms of game-related '
        'communication are forbidden, telepathy included". Messages are no longer relayed.',
        "À partir du déploiement, plus de discussion : « toutes les formes de communication "
        "liées au jeu sont interdites, y compris la télépathie ». Je ne transmets plus rien.",
    ),
    # --- phases and turns
    "table.not_started": (
        "The game has not started yet.",
        "La partie n'a pas encore commencé.",
    ),
    "table.was_cancelled": (
        "Game `{id}` was cancelled: it cannot be played any more.",
        "La partie `{id}` a été annulée : on ne peut plus y jouer.",
    ),
    "loka.phase_selection": (
        "Armies are still being chosen: use /loka army.",
        "Les armées sont en cours de choix : utilisez /loka army.",
    ),
    "loka.phase_deployment": (
        "Armies are deploying: use /loka deploy.",
        "Les armées se déploient : utilisez /loka deploy.",
    ),
    "loka.phase_battle": (
        "The battle is on: use /loka move.",
        "La bataille fait rage : utilisez /loka move.",
    ),
    "table.over": (
        "This game is over.",
        "Cette partie est terminée.",
    ),
    "game.loka": ("Loka", "Loka"),
    "table.spectator": (
        "You are watching this game: only seated players act.",
        "Vous regardez cette partie : seuls les joueurs assis jouent.",
    ),
    "table.not_your_turn": (
        "It is not your turn: waiting for {waiting}.",
        "Ce n'est pas votre tour : on attend {waiting}.",
    ),
    "loka.pick_deploy_piece": ("Choose a piece: {pieces}.", "Choisissez une pièce : {pieces}."),
    "loka.nothing_to_deploy": (
        "You have nothing left to deploy.",
        "Vous n'avez plus rien à déployer.",
    ),
    "loka.autodeploy_on": (
        "I will deploy the rest of your army for you, in a sensible formation.",
        "Je déploie le reste de votre armée pour vous, en bonne formation.",
    ),
    "loka.pick_promotion": (
        "A pawn promotes to a queen, rook, bishop or knight.",
        "Un pion devient reine, tour, fou ou cavalier.",
    ),
    "loka.move_needs_squares": (
        "Give both squares, like from:e2 to:e4.",
        "Donnez les deux cases, comme from:e2 to:e4.",
    ),
    "loka.no_reroll_pending": ("No dice wait for a decision.", "Aucun dé n'attend de décision."),
    "loka.answer_reroll": (
        "A Super D20 waits for its holder: re-roll or keep first.",
        "Un Super D20 attend son détenteur : relancez ou gardez d'abord.",
    ),
    "loka.your_deploy": (
        "{user}, deploy a piece of {army}.",
        "{user}, déployez une pièce de {army}.",
    ),
    "loka.your_move": ("{user}, {army} to move.", "{user}, à {army} de jouer."),
    "loka.reroll_wait": (
        "{user} holds a Super D20 for {army}: re-roll or keep? ({minutes}, then keep.)",
        "{user} tient un Super D20 pour {army} : relancer ou garder ? ({minutes}, "
        "ensuite on garde.)",
    ),
    "loka.reroll_dm": (
        "{army}: your Super D20. Attacker rolled {a}, defender {d}. Re-roll once (the new roll "
        "stands) or keep? After {minutes} the roll is kept.",
        "{army} : votre Super D20. L'attaquant a fait {a}, le défenseur {d}. Relancer une fois "
        "(le nouveau lancer compte) ou garder ? Après {minutes}, on garde.",
    ),
    "table.timeout": (
        "Time is up for {seat}: `{action}` applies.",
        "Temps écoulé pour {seat} : `{action}` s'applique.",
    ),
    "table.board": (
        "The board.",
        "Le plateau.",
    ),
    "table.board_private": (
        "The board, for you only (it was posted in the thread less than a minute ago).",
        "Le plateau, pour vous seul (il a été posté dans le fil il y a moins d'une minute).",
    ),
    "table.board_spectator": (
        "The board, for you only (only seated players post it in the thread).",
        "Le plateau, pour vous seul (seuls les joueurs assis le postent dans le fil).",
    ),
    "loka.board_selection": (
        "No board yet: armies are being chosen ({ready} of {of} ready).",
        "Pas encore de plateau : les armées sont en cours de choix ({ready} sur {of} prêtes).",
    ),
    "loka.no_moves_from": (
        "No legal move starts on {square}.",
        "Aucun coup légal ne part de {square}.",
    ),
    "loka.moves_from": ("From {square}: {targets}", "Depuis {square} : {targets}"),
    "loka.movable": ("{army} can move from: {squares}", "{army} peut jouer depuis : {squares}"),
    "table.export_over": (
        "The game record, with the seed: anyone can recompute every roll.",
        "Le relevé de la partie, avec la graine : chacun peut recalculer chaque lancer.",
    ),
    "table.export_running": (
        "The game record so far (the seed is revealed when the game ends).",
        "Le relevé de la partie jusqu'ici (la graine sera révélée à la fin).",
    ),
    "loka.seed_revealed": (
        "Dice seed: `{seed}` (check it against the commitment with /loka export).",
        "Graine des dés : `{seed}` (vérifiez-la avec /loka export).",
    ),
    "table.help_head": (
        "**{game}**: how to play, command by command.",
        "**{game}** : comment jouer, commande par commande.",
    ),
    "table.help_rules": (
        "The rules, topic by topic: `{rules}`.",
        "Les règles, thème par thème : `{rules}`.",
    ),
    # Resigning and draws by agreement, told alike in the games that have no words of
    # their own for them (chess has: "Les Blancs abandonnent").
    "table.resigned": ("{seat} resigns.", "{seat} abandonne."),
    "table.draw_offered": ("{seat} offers a draw.", "{seat} propose la nulle."),
    "table.draw_declined": ("{seat} declines the draw.", "{seat} refuse la nulle."),
    "table.draw_accepted": ("{seat} accepts the draw.", "{seat} accepte la nulle."),
    "table.pick_draw_answer": (
        "A draw offer waits: answer with action:accept or action:decline.",
        "Une proposition de nulle attend : répondez avec action:accept ou action:decline.",
    ),
    "table.nothing_to_answer": (
        "No draw offer waits for an answer (offer one with {command}).",
        "Aucune proposition de nulle n'attend de réponse (proposez-en une avec {command}).",
    ),
    "table.resign_ask": (
        "Resign game `{id}` ({game}, {seats})? This cannot be undone. Press **{button}** to confirm; otherwise ignore this message.",
        "Abandonner la partie `{id}` ({game}, {seats}) ? C'est définitif. Appuyez sur **{button}** pour confirmer ; sinon, ignorez ce message.",
    ),
    "table.resumed": (
        "Game `{id}` is back after a restart.",
        "La partie `{id}` reprend après un redémarrage.",
    ),
    # --- events
    "event.roll_order": ("{army} rolls D{die}: {value}", "{army} lance un D{die} : {value}"),
    "event.roll_marsh": ("marsh D12 on {square}: {value}", "D12 du marais en {square} : {value}"),
    "event.roll_combat": (
        "{army} rolls D{die}: {value}{reroll}",
        "{army} lance un D{die} : {value}{reroll}",
    ),
    "event.reroll_mark": (" (re-roll)", " (relance)"),
    "event.moved": ("{army}: {piece} {src}→{dst}", "{army} : {piece} {src}→{dst}"),
    "event.back_to_back": ("{army}: back-to-back {src}↔{dst}", "{army} : dos à dos {src}↔{dst}"),
    "event.attack": (
        "{army}: {attacker} {src} attacks the {enemy} {defender} on {dst}!",
        "{army} : {attacker} {src} attaque {defender} de {enemy} en {dst} !",
    ),
    "event.attack_boosts": ("Attack ({dice}): {items}", "Attaque ({dice}) : {items}"),
    "event.defence_boosts": ("Defence ({dice}): {items}", "Défense ({dice}) : {items}"),
    "boost.charge": ("charge", "charge"),
    "boost.prowess": ("prowess", "prouesse"),
    "boost.support": ("{piece} {square}", "{piece} {square}"),
    "boost.terrain": ("{tile} +{amount}", "{tile} +{amount}"),
    "boost.none": ("no boost", "aucun bonus"),
    "event.captured": (
        "{army}: {src} takes the {piece} on {dst}",
        "{army} : {src} prend {piece} en {dst}",
    ),
    "result.defender_removed": (
        "{a} against {d}: the defender falls.",
        "{a} contre {d} : le défenseur tombe.",
    ),
    "result.repelled": ("{a} against {d}: repelled.", "{a} contre {d} : attaque repoussée."),
    "result.attacker_removed": (
        "{a} against {d}: the attacker falls.",
        "{a} contre {d} : l'attaquant tombe.",
    ),
    "result.both_removed": ("{a} against {d}: both fall!", "{a} contre {d} : les deux tombent !"),
    "result.royal_win": (
        "Royal duel {a} against {d}: the attacking king wins.",
        "Duel royal {a} contre {d} : le roi attaquant l'emporte.",
    ),
    "result.royal_loss": (
        "Royal duel {a} against {d}: the attacking king falls.",
        "Duel royal {a} contre {d} : le roi attaquant tombe.",
    ),
    "event.royal_duel": (
        "Royal duel: {army} against {enemy}!",
        "Duel royal : {army} contre {enemy} !",
    ),
    "event.reroll_offered": (
        "{army} may re-roll the Super D20.",
        "{army} peut relancer le Super D20.",
    ),
    "event.reroll_yes": ("{army} re-rolls.", "{army} relance."),
    "event.reroll_no": ("{army} keeps the roll.", "{army} garde son lancer."),
    "event.removed": (
        "The {army} {piece} on {square} is removed.",
        "{piece} de {army} en {square} est retiré.",
    ),
    "event.eliminated_king_lost": (
        "{army} has lost its king: the whole army leaves the field.",
        "{army} a perdu son roi : toute l'armée quitte le champ.",
    ),
    "event.eliminated_resigned": ("{army} resigns.", "{army} abandonne."),
    "event.promoted": (
        "{army}: the pawn on {square} becomes a {piece}.",
        "{army} : le pion en {square} devient {piece}.",
    ),
    "event.passed": (
        "{army} has no legal move and passes.",
        "{army} n'a aucun coup légal et passe.",
    ),
    "event.deployed": ("{army}: {piece} on {square}", "{army} : {piece} en {square}"),
    "event.confirmed": (
        "{army} is ready ({ready} of {of}).",
        "{army} est prêt ({ready} sur {of}).",
    ),
    "event.revealed": (
        "{army}: king, {draft} ({cost} points)",
        "{army} : roi, {draft} ({cost} points)",
    ),
    "event.tile_placed": (
        "{army} places the {tile} on {square}.",
        "{army} pose {tile} en {square}.",
    ),
    "event.tile_pair": (
        "{army} places the twin {tile} on {square}.",
        "{army} pose le {tile} jumeau en {square}.",
    ),
    "event.tile_reroll": (
        "That square holds a tile: roll again.",
        "Cette case porte déjà une tuile : on relance.",
    ),
    "event.deployment_start": (
        "Deployment: {army} deploys first. From now on, no game talk!",
        "Déploiement : {army} commence. À partir de maintenant, silence !",
    ),
    "event.battle_start": ("Battle! {army} moves first.", "Bataille ! {army} joue en premier."),
    "event.combat_cancelled": (
        "The pending combat is cancelled.",
        "Le combat en cours est annulé.",
    ),
    "event.won": ("Victory for {armies}!", "Victoire pour {armies} !"),
    "event.draw_mutual_destruction": (
        "The last kings fell together: a draw.",
        "Les derniers rois tombent ensemble : match nul.",
    ),
    "event.draw_no_moves": ("Nobody can move: a draw.", "Plus personne ne peut jouer : match nul."),
    # --- discord adapter: replies
    "discord.stale_button": (
        "This button no longer does anything: use the slash command instead.",
        "Ce bouton ne fait plus rien : utilisez plutôt la commande.",
    ),
    "discord.dm_what": ("your game messages", "les messages de votre partie"),
    "discord.thread_name": ("{game} · {host}", "{game} · {host}"),
    "discord.post_failed": (
        "I could not post in {channel}: please check my permissions there.",
        "Je n'ai pas pu écrire dans {channel} : vérifiez mes permissions là-bas.",
    ),
    "discord.post_forbidden": (
        "I could not post in {channel}: I lack {missing} there. A server admin can grant it.",
        "Je n'ai pas pu écrire dans {channel} : il me manque {missing} là-bas. Un "
        "administrateur du serveur peut me l'accorder.",
    ),
    "discord.post_refused": (
        "Discord refused my post in {channel} (error {code}). The game is saved: `board` "
        "shows it again.",
        "Discord a refusé mon message dans {channel} (erreur {code}). La partie est "
        "enregistrée : `board` la montre à nouveau.",
    ),
    "discord.outage": (
        "Discord is not taking my messages right now. Your move is saved, and the board will "
        "follow as soon as Discord takes messages again.",
        "Discord n'accepte pas mes messages en ce moment. Votre coup est enregistré, et le "
        "plateau suivra dès que Discord les acceptera de nouveau.",
    ),
    "discord.dm_outage": (
        "Discord is not delivering direct messages right now, and this game needs them: "
        "try again in a moment.",
        "Discord ne remet pas les messages privés en ce moment, et ce jeu en a besoin : "
        "réessayez dans un moment.",
    ),
    "discord.game_choice": ("{id} · {game} · {status}", "{id} · {game} · {status}"),
    "discord.commands_updating": (
        "My commands are being updated: try again in a minute.",
        "Mes commandes sont en cours de mise à jour : réessayez dans une minute.",
    ),
    "discord.status.running": ("in play", "en cours"),
    "discord.status.lobby": ("open to join", "ouverte"),
    "discord.missing_permissions": (
        "I cannot play here: I lack {missing} in this channel. A server admin can grant it "
        "(channel settings > Permissions > Plateau), or play in another channel.",
        "Je ne peux pas jouer ici : il me manque {missing} dans ce salon. Un administrateur "
        "peut l'accorder (paramètres du salon > Permissions > Plateau), ou jouez ailleurs.",
    ),
    "perm.send_messages": ("Send Messages", "Envoyer des messages"),
    "perm.send_messages_in_threads": (
        "Send Messages in Threads",
        "Envoyer des messages dans les fils",
    ),
    "perm.attach_files": ("Attach Files", "Joindre des fichiers"),
    "perm.manage_messages": ("Manage Messages", "Gérer les messages"),
    "discord.see_thread": ("The table is in {thread}.", "La table est dans {thread}."),
    # --- discord adapter: command names (French) and descriptions (at most 100 characters)
    "discord.name.loka": ("loka", "loka"),
    "discord.name.new": ("new", "nouvelle"),
    "discord.name.join": ("join", "rejoindre"),
    "discord.name.ai": ("ai", "ordinateur"),
    "discord.name.leave": ("leave", "quitter"),
    "discord.name.start": ("start", "commencer"),
    "discord.name.cancel": ("cancel", "annuler"),
    "discord.name.army": ("army", "armée"),
    "discord.name.add": ("add", "ajouter"),
    "discord.name.remove": ("remove", "retirer"),
    "discord.name.show": ("show", "voir"),
    "discord.name.confirm": ("confirm", "valider"),
    "discord.name.team": ("team", "équipe"),
    "discord.name.deploy": ("deploy", "déployer"),
    "discord.name.autodeploy": ("autodeploy", "déploiement-auto"),
    "discord.name.move": ("move", "jouer"),
    "discord.name.d20": ("d20", "d20"),
    "discord.name.info": ("info", "infos"),
    "discord.name.reroll": ("reroll", "relancer"),
    "discord.name.keep": ("keep", "garder"),
    "discord.name.odds": ("odds", "chances"),
    "discord.name.moves": ("moves", "coups"),
    "discord.name.board": ("board", "plateau"),
    "discord.name.resign": ("resign", "abandonner"),
    "discord.name.export": ("export", "exporter"),
    "discord.name.rules": ("rules", "règles"),
    "discord.name.help": ("help", "aide"),
    "discord.desc.loka": (
        "Play Loka, the chess of the four elements",
        "Jouer à Loka, les échecs des quatre éléments",
    ),
    "discord.desc.loka.new": (
        "Open a Loka table in this channel",
        "Ouvrir une table de Loka dans ce salon",
    ),
    "discord.desc.loka.join": (
        "Take a seat in the open game",
        "Prendre place dans la partie ouverte",
    ),
    "discord.desc.loka.army": ("Build your secret army", "Composer votre armée secrète"),
    "discord.desc.loka.army.add": (
        "Add pieces to your secret army",
        "Ajouter des pièces à votre armée secrète",
    ),
    "discord.desc.loka.army.remove": (
        "Remove pieces from your secret army",
        "Retirer des pièces de votre armée secrète",
    ),
    "discord.desc.loka.army.show": (
        "Show your army draft, privately",
        "Voir votre armée en cours, en privé",
    ),
    "discord.desc.loka.army.confirm": (
        "Confirm your army: it is final",
        "Valider votre armée : c'est définitif",
    ),
    "discord.desc.loka.team": (
        "Send a message to your ally (until deployment)",
        "Envoyer un message à votre allié (jusqu'au déploiement)",
    ),
    "discord.desc.loka.deploy": (
        "Deploy a piece on a square of your zone",
        "Déployer une pièce sur une case de votre zone",
    ),
    "discord.desc.loka.autodeploy": (
        "Deploy the rest of your army for me",
        "Déployer le reste de votre armée à votre place",
    ),
    "discord.desc.loka.move": ("Move a piece", "Déplacer une pièce"),
    "discord.desc.loka.d20": (
        "Your Super D20: re-roll it or keep it",
        "Votre Super D20 : le relancer ou le garder",
    ),
    "discord.desc.loka.d20.reroll": ("Re-roll your Super D20", "Relancer votre Super D20"),
    "discord.desc.loka.d20.keep": (
        "Keep your Super D20 roll",
        "Garder le lancer de votre Super D20",
    ),
    "discord.desc.loka.info": (
        "Privately, without moving: an attack's odds, a piece's moves",
        "En privé, sans jouer : les chances d'une attaque, les coups d'une pièce",
    ),
    "discord.desc.loka.info.odds": (
        "The odds of an attack, privately, without moving",
        "Les chances d'une attaque, en privé, sans jouer",
    ),
    "discord.desc.loka.info.moves": ("Legal moves, privately", "Les coups légaux, en privé"),
    # --- discord adapter: option names (French) and descriptions
    "discord.param.players": ("players", "joueurs"),
    "discord.param.points": ("points", "points"),
    "discord.param.terrain": ("terrain", "terrain"),
    "discord.param.tiles": ("tiles", "tuiles"),
    "discord.param.combat": ("combat", "combat"),
    "discord.param.silence": ("silence", "silence"),
    "discord.param.language": ("language", "langue"),
    "discord.param.position": ("position", "position"),
    "discord.param.army": ("army", "armée"),
    "discord.param.game": ("game", "partie"),
    "discord.param.piece": ("piece", "pièce"),
    "discord.param.count": ("count", "nombre"),
    "discord.param.square": ("square", "case"),
    "discord.param.from": ("from", "de"),
    "discord.param.to": ("to", "vers"),
    "discord.param.promote": ("promote", "promotion"),
    "discord.param.message": ("message", "message"),
    "discord.param.topic": ("topic", "sujet"),
    "discord.pdesc.players": (
        "How many people play (the armies are always four)",
        "Nombre de joueurs (il y a toujours quatre armées)",
    ),
    "discord.pdesc.points": (
        "Points for each army (default 160)",
        "Points de chaque armée (160 par défaut)",
    ),
    "discord.pdesc.terrain": ("Terrain tiles on the board", "Tuiles de terrain sur le plateau"),
    "discord.pdesc.reroll_minutes": (
        "Minutes a Super D20 holder has to decide before the roll is kept (default 10)",
        "Minutes laissées au détenteur d'un Super D20 avant que le jet soit gardé (10 par défaut)",
    ),
    "discord.param.reroll_minutes": ("reroll_minutes", "minutes_relance"),
    "discord.pdesc.tiles": (
        "How many terrain tiles (default 4)",
        "Nombre de tuiles de terrain (4 par défaut)",
    ),
    "discord.pdesc.combat": (
        "Dice combat, or attacks always win",
        "Combat aux dés, ou les attaques gagnent toujours",
    ),
    "discord.pdesc.language": (
        "The language of the game's posts (default: the server's, else yours)",
        "La langue des messages de la partie (par défaut : celle du serveur, sinon la vôtre)",
    ),
    "discord.pdesc.silence": (
        "Remove game talk by players from deployment on",
        "Retirer les messages des joueurs à partir du déploiement",
    ),
    "discord.pdesc.position": (
        "Start from this position (skips set-up)",
        "Partir de cette position (sans mise en place)",
    ),
    "discord.pdesc.game": (
        "The game id, when several could be meant",
        "L'identifiant de la partie, s'il y a un doute",
    ),
    "discord.pdesc.seat": ("The army to take", "L'armée à prendre"),
    "discord.pdesc.my_army": (
        "Which of your armies (if you hold two)",
        "Laquelle de vos armées (si vous en tenez deux)",
    ),
    "discord.pdesc.buy": ("The piece to buy", "La pièce à acheter"),
    "discord.pdesc.count": ("How many (1 to 16)", "Combien (de 1 à 16)"),
    "discord.pdesc.deploy_piece": ("The piece to deploy", "La pièce à déployer"),
    "discord.pdesc.deploy_square": ("A free square of your zone", "Une case libre de votre zone"),
    "discord.pdesc.from": ("The square of your piece", "La case de votre pièce"),
    "discord.pdesc.to": ("The target square", "La case visée"),
    "discord.pdesc.promote": (
        "What a pawn becomes on the last row",
        "Ce que devient un pion sur la dernière rangée",
    ),
    "discord.pdesc.message": ("What to tell your ally", "Ce que vous dites à votre allié"),
    "discord.pdesc.square": (
        "Only the moves from this square",
        "Seulement les coups depuis cette case",
    ),
    "discord.pdesc.topic": (
        "A section of the rules page (leave it out for the list)",
        "Une section des règles (sans rien : la liste)",
    ),
    "discord.desc.table.ai": (
        "Seat a computer player (lobby), or hand a seat to one",
        "Asseoir un joueur ordinateur (salon), ou lui confier une place",
    ),
    "discord.pdesc.ai_level": (
        "How well it plays (remove: away from the seat, in the lobby)",
        "Sa force (retirer : libère la place, dans le salon)",
    ),
    "discord.choice.ai_remove": ("remove", "retirer"),
    "discord.desc.table.leave": (
        "Give up your seat before the game starts",
        "Quitter votre place avant le début",
    ),
    "discord.desc.table.start": (
        "Start the game once every seat is taken (host)",
        "Lancer la partie quand toutes les places sont prises (hôte)",
    ),
    "discord.desc.table.cancel": (
        "Cancel the game (host or Manage Server)",
        "Annuler la partie (hôte ou gestion du serveur)",
    ),
    "discord.desc.table.board": ("Post the board again", "Reposter le plateau"),
    "discord.desc.table.resign": ("Resign the game", "Abandonner la partie"),
    "discord.desc.table.export": (
        "The game record as a file (the seed once the game is over)",
        "Le relevé de la partie en fichier (la graine une fois la partie finie)",
    ),
    "discord.desc.table.rules": ("The rules, in short, by topic", "Les règles, en bref, par thème"),
    "discord.desc.table.help": (
        "How to play: every command at a glance",
        "Comment jouer : toutes les commandes d'un coup d'œil",
    ),
    # --- discord adapter: choices
    "discord.choice.on": ("on", "oui"),
    "discord.choice.off": ("off", "non"),
    "discord.choice.players": ("players", "joueurs"),
    # --- odds
    "odds.title": ("Attack {src}→{dst}:", "Attaque {src}→{dst} :"),
    "odds.combat_off": (
        "Combat is off: the attack succeeds.",
        "Combat désactivé : l'attaque réussit.",
    ),
    "odds.royal": (
        "Royal duel: D20 against D20, no boosts, ties rolled again.",
        "Duel royal : D20 contre D20, sans bonus, égalités relancées.",
    ),
    "odds.defender_removed": (
        "defender falls: {p} ({exact})",
        "le défenseur tombe : {p} ({exact})",
    ),
    "odds.repelled": ("repelled: {p} ({exact})", "repoussée : {p} ({exact})"),
    "odds.attacker_removed": ("attacker falls: {p} ({exact})", "l'attaquant tombe : {p} ({exact})"),
    "odds.both_removed": ("both fall: {p} ({exact})", "les deux tombent : {p} ({exact})"),
    "odds.royal_win": (
        "attacking king wins: {p} ({exact})",
        "le roi attaquant gagne : {p} ({exact})",
    ),
    "odds.royal_loss": (
        "attacking king falls: {p} ({exact})",
        "le roi attaquant tombe : {p} ({exact})",
    ),
    "odds.marsh": ("then sinking in the marsh: {p}", "puis englouti par le marais : {p}"),
    "odds.assumption": (
        "(Assuming the Super D20 holder re-rolls exactly when the first roll does not win.)",
        "(En supposant que le détenteur du Super D20 relance quand son premier jet ne gagne pas.)",
    ),
}


def _merge_game_catalogs() -> None:
    """Add every ``bot/catalogs/<game>.py`` to the catalog; a key may be defined once."""
    import bot.catalogs

    for module in pkgutil.iter_modules(bot.catalogs.__path__):
        messages = importlib.import_module(f"bot.catalogs.{module.name}").MESSAGES
        clash = set(messages) & set(CATALOG)
        if clash:
            raise ValueError(f"messages defined twice: {sorted(clash)}")
        CATALOG.update(messages)


_merge_game_catalogs()


def language(locale: str | None) -> str:
    """``'fr'``, ``'fr-FR'`` -> French; anything else English."""
    return "fr" if locale and locale.lower().startswith("fr") else "en"


def t(locale: str | None, key: str, **values: Any) -> str:
    """The text of ``key`` in the user's language, with ``values`` filled in."""
    entry = CATALOG.get(key)
    if entry is None:
        raise KeyError(f"missing message {key!r}")
    text = entry[LANGUAGES.index(language(locale))]
    return text.format(**values) if values else text


@lru_cache(maxsize=64)
def picture_words(locale: str | None, game: str) -> tuple[tuple[str, str], ...]:
    """The words a game's pictures draw (catalog keys ``img.<game>.<key>``), in the reader's
    language, as the ``(key, template)`` pairs ``renderer.words`` takes."""
    prefix = f"img.{game}."
    return tuple((key[len(prefix) :], t(locale, key)) for key in CATALOG if key.startswith(prefix))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}
