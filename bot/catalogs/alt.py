"""What a player sees of a seat and of a picture without seeing the picture: the names of
computer players wherever a name shows, and every picture's text description (Discord's
alt text, read by screen readers), in English and French."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # A computer player's name on pictures, in exports and in lists: its level, never an id.
    "ai.seat_name": ("🤖 {level}", "🤖 {level}"),
    "ai.level.unknown": ("computer", "ordinateur"),
    # A picture's description: what it shows, whose turn it is, the last move, the position.
    "alt.secret_phase": (
        "Secret set-up: each side's choices stay hidden until the battle.",
        "Mise en place secrète : les choix de chaque camp restent cachés jusqu'à la bataille.",
    ),
    "alt.picture": ("{game} #{id}.", "{game} n° {id}."),
    "alt.turn": ("To play: {seats}.", "À jouer : {seats}."),
    "alt.seat": ("{seat} ({name})", "{seat} ({name})"),
    "alt.over": ("Game over.", "Partie terminée."),
    "alt.won": ("Game over, won by {seats}.", "Partie terminée, gagnée par {seats}."),
    "alt.drawn": ("Game over: a draw.", "Partie terminée : nulle."),
    "alt.last": ("Last move: {move}.", "Dernier coup : {move}."),
    "alt.no_last": ("No move yet.", "Aucun coup encore."),
    "alt.replay": (
        "Replay: {actions} actions, a frame per position, to this end:",
        "Rejeu : {actions} actions, une image par position, jusqu'à cette fin :",
    ),
    "alt.side": ("{seat}: {what}.", "{seat} : {what}."),
    "alt.piece_one": ("{piece}", "{piece}"),
    "alt.pieces": ("{piece} ×{n}", "{piece} ×{n}"),
    "alt.pieces_count": ("pieces: {n}", "pions : {n}"),
    "alt.material": ("Material {points}.", "Matériel {points}."),
    "alt.check": ("Check.", "Échec."),
    "alt.placed": ("placed on {square}", "posé en {square}"),
    "alt.bases": ("bases: {bases}, figures: {figures}", "socles : {bases}, figurines : {figures}"),
    "alt.actions_left": ("Actions left this turn: {n}.", "Actions restantes ce tour : {n}."),
    "alt.statues": ("Statues on {rhombus}: {seats}.", "Statues sur {rhombus} : {seats}."),
    "alt.pawn": ("{seat} pawn on {cell}.", "Pion {seat} en {cell}."),
    "alt.ap": ("Action points left: {n}.", "Points d'action restants : {n}."),
    "alt.spun": ("{seat} spun", "{seat} a obtenu"),
    "alt.forts": ("walls and towers built: {n}", "murs et tours posés : {n}"),
    # Chess's pieces, as its players name them.
    "alt.chess.king": ("king", "roi"),
    "alt.chess.queen": ("queen", "dame"),
    "alt.chess.rook": ("rook", "tour"),
    "alt.chess.bishop": ("bishop", "fou"),
    "alt.chess.knight": ("knight", "cavalier"),
    "alt.chess.pawn": ("pawn", "pion"),
    "alt.army_card": (
        "Army card: {army} ({player}): {pieces}. {spent} of {budget} points.",
        "Carte d'armée : {army} ({player}) : {pieces}. {spent} points sur {budget}.",
    ),
    "alt.review": (
        "Chess, an imported game: White {white}, Black {black}, result {result}.",
        "Échecs, une partie importée : Blancs {white}, Noirs {black}, résultat {result}.",
    ),
    "alt.standing": (
        "{rank}. {name}, {rating} ({games} games, {wins} won)",
        "{rank}. {name}, {rating} ({games} parties, {wins} gagnées)",
    ),
    "alt.history": (
        "Rating over the latest {games} rated games: from {first} to {last}, {best} at best.",
        "Classement sur les {games} dernières parties classées : de {first} à {last}, {best} au mieux.",
    ),
    "alt.rhombus": ("rhombus {rhombus} to {cells}", "losange {rhombus} en {cells}"),
    "alt.piece_on": ("{piece} on {square}", "{piece} en {square}"),
    "alt.climbing": ("{piece} up a ladder", "{piece} sur une échelle"),
    "alt.echec.hits": (
        "hits: {hits}, figures removed: {removed}",
        "touches : {hits}, figurines retirées : {removed}",
    ),
    "alt.echec.destroyed": ("base destroyed", "socle détruit"),
    "alt.echec.panic": ("panic", "panique"),
}
