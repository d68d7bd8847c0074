"""The engine's refusals in French. The engine writes complete English messages and tags
each with a code and the values it used; this table gives the French for each code. A code
without an entry falls back to the engine's English (a test lists the codes raised)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.i18n import CATALOG, language

FRENCH: dict[str, str] = {
    "board.not_a_square": "« {square} » n'est pas une case : une lettre de colonne puis un "
    "numéro de rangée, comme e2",
    "board.off_board": "« {square} » est hors du plateau : les cases vont de a1 à {last}",
    "board.missing_square": "{square} n'existe pas sur ce plateau : les quatre coins 3x3 sont "
    "découpés",
    "loka.draft_shape": "une armée compte des reines, tours, fous, cavaliers et pions, jamais "
    "en négatif",
    "loka.over_budget": "cette armée coûte {cost} points mais vous pouvez en dépenser {budget} : "
    "retirez {excess} points de pièces",
    "loka.too_many_pawns": "au plus {limit} pions (cette armée en a {count})",
    "loka.too_many_pieces": "au plus {limit} pièces, roi compris (cette armée en a {count})",
    "loka.box_supply": "la boîte {box} ne contient que {limit} {piece} par armée (cette armée "
    "en a {count})",
    "loka.confirm_without_draft": "composez votre armée avant de valider, par exemple "
    "« draft R B N 4P » (roi seul : « draft - »)",
    "loka.none_left": "vous n'avez plus de {piece} à déployer (il vous reste {left})",
    "loka.king_first": "déployez d'abord votre roi, sur une case libre de votre rangée 1 : "
    "{squares}",
    "loka.pawns_last": "les pions viennent en dernier : déployez d'abord vos nobles ({pieces})",
    "loka.deploy_square": "impossible de déployer {piece} en {square} maintenant : les rangées "
    "se remplissent depuis votre bord (jamais de pion en rangée 1, jamais sur une tuile) ; "
    "cases libres : {squares}",
    "loka.no_piece": "il n'y a pas de pièce en {square}",
    "loka.not_yours": "{piece} en {square} appartient à {army} : jouez une de vos pièces",
    "loka.no_move": "votre {piece} en {square} n'a aucun coup légal maintenant",
    "loka.cannot_go": "votre {piece} en {square} ne peut pas aller en {target} ; il peut aller "
    "en {squares}",
    "loka.no_promotion": "{move} n'amène pas de pion sur une case de promotion : retirez le "
    "« {letter} »",
    "loka.say_which": "plusieurs armées décident maintenant ({armies}) : dites laquelle joue",
    "loka.unknown_army": "« {army} » n'est pas une armée de cette partie : {armies}",
    "loka.over": "la partie est terminée",
    "loka.not_turn": "ce n'est pas le tour de {army} : on attend {armies}",
    "loka.phase_selection": "les armées se composent : envoyez « draft Q B 3P » puis « confirm »",
    "loka.reroll_waiting": "votre Super D20 attend : « reroll » ou « keep »",
    "loka.phase_deployment": "les armées se déploient : placez une pièce, comme Kf1 ou Pe2",
    "loka.phase_battle": "la bataille fait rage : jouez un coup, comme e2e4",
    "loka.resign_too_early": "une armée peut abandonner dès le déploiement ; avant, l'hôte "
    "peut annuler la partie",
    "loka.already_out": "{army} est déjà hors de la partie",
    "loka.no_enemy": "aucun ennemi en {target} que la pièce en {square} puisse attaquer",
    "loka.cannot_reach": "la pièce en {square} ne peut pas atteindre {target}",
    "loka.draft_token": "« {token} » ne décrit pas des pièces : un nombre et une lettre, "
    "comme 2N ou 3P (Q reine, R tour, B fou, N cavalier, P pion ; le roi est toujours là)",
    "loka.draft_count": "{count}, c'est trop de pièces d'une même sorte",
    "loka.promotion_letter": "un pion devient q, r, b ou n",
    "loka.notation": "« {text} » n'est pas une action de Loka : un coup s'écrit e2e4 (ou "
    "e2-e4 ; e11e12q pour promouvoir), un déploiement Kf1 ou Pe2",
    "loka.board": "le plateau est « cross » ou « faceoff », pas « {board} »",
    "loka.size": "un plateau Face-off est fait d'échiquiers 8x8 : largeur et hauteur 8, 16, 24 ou 32, pas {size}",
    "loka.elements": "le Face-off se joue avec deux éléments, un du Bien (Terre ou Air) et un du Mal (Feu ou Eau), celui du Sud d'abord, pas {elements}",
    "loka.faceoff_players": "Loka Face-off se joue à 2, pas à {players}",
    "loka.tiles": "les tuiles de terrain vont de 0 (aucune) à {limit}, pas {count}",
    "loka.army_room": "au plus {limit} pièces par armée tiennent sur ce plateau avec ses tuiles, pas {count}",
    "loka.costs": "le coût d'une pièce ne peut pas être négatif",
    "loka.cross_layout": "le plateau en croix fait 12x12 avec Feu, Terre, Eau et Air dans cet ordre",
    "loka.position_board": "« {board} » n'est pas un plateau : écrivez « board: faceoff », « board: faceoff 16x8 » (tailles de 8 à 32, par 8) ou « board: cross »",
    "loka.faceoff_armies": "le Face-off oppose deux armées, une du Bien (terre ou air) et une du Mal (feu ou eau) ; la première nommée est au Sud, par ex. « board: faceoff; fire: Ke1; air: Ke8 » (ici : {armies})",
    "loka.pos_portals": "au plus deux portails magiques (ils vont par paire)",
    "loka.pos_turn": "turn: « {turn} » doit nommer une armée en jeu ({armies})",
    "loka.pos_piece": "« {token} » n'est pas une pièce : une lettre K Q R B N P puis une case, comme Ke1",
    "loka.pos_tile": "« {token} » n'est pas une tuile : écrivez type@case (castle, forest, lake, eyrie, marsh, stone, pass, portal ; un col veut aussi /n ou /e, comme pass@f7/n)",
    "loka.pos_axis_only_pass": "seul un col de montagne a un axe (« {token} »)",
    "loka.pos_teams": "les deux équipes ont besoin d'au moins une armée avec son roi",
    "loka.pos_field_colon": "« {field} » a besoin d'un nom et de deux-points : « fire: Ke1 Pe2 », « terrain: lake@e6 » ou « turn: fire »",
    "loka.pos_piece_on_tile": "{piece} ne peut pas se tenir sur la tuile {tile} en {square}",
    "loka.pos_pawn_promoted": "le pion {army} en {square} est sur une de ses cases de promotion : écrivez la pièce qu'il est devenu",
    "loka.pos_pass_axis": "le col en {square} a besoin de son axe : /n le long de la colonne, /e le long de la rangée",
    "loka.pos_kings": "{army} a {count} rois : une armée en a exactement un",
    "loka.pos_no_king": "{army} a des pièces mais pas de roi : ajoutez son roi ou retirez ses pièces",
    "loka.pos_field": "champ inconnu « {field} » : utilisez board, {armies}, terrain ou turn",
    "loka.pos_two_tiles": "deux tuiles en {square} : une tuile par case",
    "loka.pos_listed_twice": "{army} est nommé deux fois : nommez chaque armée une fois",
    "loka.pos_two_pieces": "deux pièces en {square}",
}


def _merge_game_rules() -> None:
    """Each game's ``bot/catalogs/<game>.py`` may add ``RULES_FR`` for its engine codes."""
    import bot.catalogs

    for module in pkgutil.iter_modules(bot.catalogs.__path__):
        extra = getattr(importlib.import_module(f"bot.catalogs.{module.name}"), "RULES_FR", {})
        clash = set(extra) & set(FRENCH)
        if clash:
            raise ValueError(f"French refusals defined twice: {sorted(clash)}")
        FRENCH.update(extra)


_merge_game_rules()

# Values that name a thing the catalog can say in French.
_NAMED = {"piece": "piece.", "army": "army."}


def engine_text(locale: str | None, error: Exception) -> str:
    """An engine error in the reader's language."""
    code = getattr(error, "code", None)
    if language(locale) != "fr" or code not in FRENCH:
        return str(error)
    params: dict[str, Any] = dict(getattr(error, "params", {}))
    for key, prefix in _NAMED.items():
        value = params.get(key)
        if isinstance(value, str) and prefix + value in CATALOG:
            params[key] = CATALOG[prefix + value][1]
    try:
        return FRENCH[code].format(**params)
    except (KeyError, IndexError):
        return str(error)
