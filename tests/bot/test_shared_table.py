"""What ``bot/tables/base.py`` writes once for every game: the commands a table declares
become its handlers, ``Change`` tells its public events apart, and a table is made of its
parts (each a file of its own, composed, never mixed in)."""

from __future__ import annotations

from pathlib import Path

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


PARTS = {
    "lobby": "lobby",
    "computers": "computers",
    "ending": "ending",
    "records": "records",
    "pages": "pages",
    "clock": "timing",
    "replays": "replays",
    "coach": "coach",
    "learning": "learning",
}
TABLES = Path(__file__).resolve().parents[2] / "bot" / "tables"


@pytest.mark.parametrize("table", tables(), ids=lambda table: table.kind)
def test_a_table_is_made_of_its_parts_not_mixed_from_them(table: SeatedTable) -> None:
    assert SeatedTable.__bases__ == (object,)  # no mixin: every part is composed
    for name, module in PARTS.items():
        part = getattr(table, name)
        assert part.table is table, name
        assert type(part).__module__ in (f"bot.tables.{module}", type(table).__module__), name


def test_each_part_is_a_file_of_its_own_and_a_long_table_file_says_why() -> None:
    for module in PARTS.values():
        lines = (TABLES / f"{module}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 400, f"{module}.py: {lines} lines"
    for path in TABLES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            docstring = text.split('"""')[1]
            assert "Why this file is over 600 lines" in docstring, path.name
