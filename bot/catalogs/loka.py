"""Loka messages added with Face-off (the rest of Loka's are in bot/i18n.py)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "loka.faceoff": ("Face-off {size}", "Face-off {size}"),
    "loka.side_south": ("South", "Sud"),
    "loka.side_north": ("North", "Nord"),
    "loka.bad_size": (
        "'{size}' is not a board size: write it like 8x8 or 16x8 (multiples of 8, up to 32x32).",
        "« {size} » n'est pas une taille de plateau : écrivez 8x8 ou 16x8 (multiples de 8, "
        "jusqu'à 32x32).",
    ),
    "loka.duel_dm": (
        "Choose your {army} army for game `{id}`: {budget} points. Use the buttons or "
        "/loka army add, then confirm. Your opponent sees nothing of it until deployment.",
        "Composez votre armée {army} pour la partie `{id}` : {budget} points. Utilisez les "
        "boutons ou /loka army add, puis validez. Votre adversaire n'en voit rien avant le "
        "déploiement.",
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
    "discord.param.board": ("board", "plateau"),
    "discord.param.size": ("size", "taille"),
    "discord.param.south": ("south", "sud"),
    "discord.param.north": ("north", "nord"),
    "discord.choice.cross": ("Cross (2-4 players)", "Croix (2 à 4 joueurs)"),
    "discord.choice.faceoff": ("Face-off (2 players)", "Face-off (2 joueurs)"),
}
