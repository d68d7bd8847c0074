"""What ``bot/tables/base.py`` writes once for every game: the commands a table declares
become its handlers, and ``Change`` tells its public events apart."""

from __future__ import annotations

import pytest

from bot.games import tables
from bot.tables.base import Change, SeatedTable, handler_name
from engine.protocol import Event

SHARED = set(SeatedTable().commands)


@pytest.mark.parametrize(
    "command, method",
    [("move", "move"), ("army add", "army_add"), ("pass", "pass_"), ("import", "import_")],
)
def test_a_command_is_handled_by_the_method_of_its_name(command: str, method: str) -> None:
    assert handler_name(command) == method


@pytest.mark.parametrize("table", tables(), ids=lambda table: table.kind)
def test_a_table_handles_the_shared_commands_and_each_it_declares(table: SeatedTable) -> None:
    assert set(table.commands) == SHARED | set(table.options)
    for name, handler in table.commands.items():
        if name not in SHARED:  # the game's own: its method of that name (which answers an
            # open lesson where its learner has no game, bot.tables.learning)
            method = getattr(table, handler_name(name))
            if name == "new":
                assert handler == method, name
            else:
                assert handler.func == table.learning.answering_lesson, name
                assert handler.keywords == {"handler": method}, name


def test_a_table_declaring_a_command_without_its_method_fails_at_once() -> None:
    class Broken(SeatedTable):
        options = {"fly": {}}  # noqa: RUF012 - a declaration, as the tables write it

    with pytest.raises(AttributeError, match="fly"):
        Broken()


def test_a_change_tells_everyone_only_its_public_events() -> None:
    secret = Event("draft", {"army": "fire"}, visible_to=frozenset({"fire"}))
    public = Event("moved", {"src": "a1"})
    assert Change([secret, public]).public == [public]
    assert Change().public == [] and Change().before is None and Change().actor is None
