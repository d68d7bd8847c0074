"""What a command's log line says of its options: never a secret, never more than a short
prefix of what a user typed."""

from __future__ import annotations

from bot.games import services
from bot.logs import SECRET_COMMANDS, SHOWN_VALUE, safe_options


def test_every_secret_command_is_a_command_of_some_table() -> None:
    # A command renamed (/echec place became /echec setup place) must not slip out of the
    # secret list and log where a base was placed.
    commands = {command for table in services() for command in table.commands}
    assert commands >= SECRET_COMMANDS, SECRET_COMMANDS - commands


def test_a_secret_command_logs_its_option_names_only() -> None:
    shown = safe_options("setup place", {"unit": "archers", "square": "c1", "facing": "n"})
    assert shown == "facing,square,unit"


def test_a_long_value_is_logged_as_a_short_one_line_prefix() -> None:
    pgn = '[Event "My secret training game"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ' * 20
    shown = safe_options("import", {"pgn": pgn, "game": "ab12cd34"})
    value = shown.split("pgn:", 1)[1]
    assert len(value) == SHOWN_VALUE and value.endswith("…") and "\n" not in value
    assert shown.startswith("game:ab12cd34,")
