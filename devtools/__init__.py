"""Developer tools that are not part of the bot: the local Discord stand-in lives here."""
