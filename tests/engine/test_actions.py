"""What every game's actions share (``engine.actions``) and the shared perft helpers
(``engine.perft``): one declaration, one reader, one counter for all six games."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from engine import alako, echec, inka, loa, loka, standard_chess
from engine.actions import AcceptDraw, DeclineDraw, OfferDraw, Resign, Written, action_parser
from engine.errors import InvalidNotation
from engine.perft import LoadedDice, divided, leaves, main

GAMES = (alako, echec, inka, loa, loka, standard_chess)


class Hop(Written, form="hop {square} {steps}"):
    square: str
    steps: int = 1


class Rest(Written, form="rest", also=("wait", "sit down")):
    """A word with two other spellings."""


def test_a_written_action_is_a_frozen_value_whose_text_is_its_form() -> None:
    hop = Hop("c2", 3)
    assert str(hop) == "hop c2 3" and str(Hop("c2")) == "hop c2 1"
    assert hop == Hop("c2", 3) and hop != Hop("c2") and len({hop, Hop("c2", 3)}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        hop.steps = 4  # type: ignore[misc]
    assert Rest.words == ("rest", "wait", "sit down") and Hop.words == ()
    assert Rest() == Rest() and Rest() != Resign()


def test_only_an_action_without_fields_has_other_words() -> None:
    with pytest.raises(TypeError, match="only an action without fields"):

        class Bad(Written, form="bad {x}", also=("worse",)):
            x: str


def test_a_parser_reads_words_then_the_game_reader() -> None:
    seen: list[str] = []

    def read(raw: str) -> Hop:
        seen.append(raw)
        head, _, square = raw.partition(" ")
        if head != "hop":
            raise InvalidNotation(f"'{raw}' is not a test action", code="test.bad", text=raw)
        return Hop(square)

    parse = action_parser((Rest,), read)
    assert parse("  SIT   Down ") == Rest() and seen == []  # a word never reaches the reader
    assert parse(" hop   c2 ") == Hop("c2") and seen == ["hop c2"]  # white space folded
    with pytest.raises(InvalidNotation, match="'jump c2' is not a test action"):
        parse("  jump   c2 ")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_every_game_reads_resign_as_the_one_shared_action(game) -> None:
    assert game.parse_action(" Resign ") is not None
    assert game.parse_action("resign") == Resign() and game.Resign is Resign
    assert game.parse_action(str(Resign())) == Resign()


@pytest.mark.parametrize("game", [alako, loa, standard_chess], ids=lambda g: g.__name__)
def test_draws_by_agreement_are_written_and_read_alike(game) -> None:
    assert (game.OfferDraw, game.AcceptDraw, game.DeclineDraw) == (
        OfferDraw,
        AcceptDraw,
        DeclineDraw,
    )
    for text, action in [
        ("offer draw", OfferDraw()),
        ("offer", OfferDraw()),
        ("Draw?", OfferDraw()),
        ("accept", AcceptDraw()),
        ("ACCEPT  DRAW", AcceptDraw()),
        ("refuse", DeclineDraw()),
        ("decline draw", DeclineDraw()),
    ]:
        assert game.parse_action(text) == action
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (alako, "fly n", "'fly n' is not an Alako action: a turn is 'spin', then"),
        (echec, "fly c2", "'fly c2' is not an Échec au Roi action: write advance c2"),
        (inka, "fly 7", "'fly 7' is not an Inka action: write start l6, place 7"),
        (loa, "fly b1", "'fly b1' is not a Lines of Action action: moves are written b1-b3"),
        (loka, "fly e2", "'fly e2' is not a Loka action: moves are written e2e4"),
        (standard_chess, "fly e2", "'fly e2' is not a chess action: a move in SAN (Nf3"),
    ],
    ids=lambda v: getattr(v, "__name__", ""),
)
def test_every_game_refuses_a_text_by_saying_what_to_write(game, text, message) -> None:
    with pytest.raises(InvalidNotation) as err:
        game.parse_action(f"  {text} ")
    assert str(err.value).startswith(message)
    assert err.value.params == {"text": text}


# ------------------------------------------------------------------ perft


def test_loaded_dice_show_one_face_and_count_their_rolls() -> None:
    blank = LoadedDice(6)
    value, after = blank.roll(20)
    assert value == 6 and after.counter == 1 and after.roll(4)[0] == 4
    assert LoadedDice().roll(20)[0] == 20 and blank.hidden() is blank


# A toy game: a counter that moves +1 or +2 and is over at 4 or more.
def going(n: int) -> bool:
    return n < 4


TOY = SimpleNamespace(legal_actions=lambda n: [1, 2], apply=lambda n, step: (n + step, []))


def test_leaves_counts_sequences_and_stops_where_the_game_is_over() -> None:
    assert [leaves(0, d, TOY, going) for d in (0, 1, 2, 3)] == [0, 2, 4, 6]
    # depth 3 from 0: 111 112 121 122 211 212 (22 ends the game after two steps).
    assert leaves(4, 1, TOY, going) == 0
    parts = divided(0, 3, TOY, lambda n, d: leaves(n, d, TOY, going))
    assert parts == [("1", 4), ("2", 2)] and sum(n for _, n in parts) == 6


def test_the_divide_option_prints_each_first_action_and_the_total(capsys) -> None:
    assert main(["echec", "--depth", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 37 and lines[-1] == "total: 1290"
