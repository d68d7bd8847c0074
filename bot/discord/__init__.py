"""The Discord adapter: a ``commands.Bot`` over the table service, as thin as the console.

A command or a button press becomes a :class:`bot.model.Request`; the service answers with
:class:`bot.model.Delivery`s, which the courier sends. No rule of any game is decided here.

A package beside ``bot/console.py`` (the other front end) rather than modules loose in
``bot/``: these modules are the only ones of the bot, with the cogs, that import discord.py,
and they only serve each other. One module a concern, each used by the bot class:

- ``bot``: the bot class (:class:`~bot.discord.bot.PlateauBot`, and its sharded twin):
  setting up (translator, each game's extension, the renderer, the commands' sync), READY
  (the resume, then the time-out tick, a ``tasks.loop``), commands and buttons, closing;
- ``courier``: sending deliveries (lanes and their pace, DMs and the DM probe, slots
  edited in place, what Discord refused told to the user);
- ``threads``: a new game's own thread, and archiving it once the game is over;
- ``silence``: messages that break a game's no-talk rule;
- ``interactions``: what an interaction asks, as a ``Request``, and the permissions the
  bot needs to answer it where it was typed;
- ``translator``: command names and descriptions from the catalogs;
- ``lifecycle``: the process (start, the shard claim, signals, stop): :func:`serve`."""
