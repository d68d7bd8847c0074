"""One table per game: its commands over the table service."""
