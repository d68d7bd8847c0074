"""Each game's messages: one module per game with ``MESSAGES = {key: (English, French)}``.
``bot.i18n`` merges them all into the one catalog at import."""
