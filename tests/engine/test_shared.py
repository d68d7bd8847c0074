"""What the games share: options refused by name, the outcome once a game is over, saved
fields, and a game's scratch copy."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from importlib import import_module
from typing import Any

import pytest

from engine.alako import AlakoConfig
from engine.config import one_of
from engine.errors import InvalidConfig, InvalidNotation
from engine.inka.perft import DEFAULT_POSITION as INKA_POSITION
from engine.loa import LoaConfig
from engine.loka import LokaConfig
from engine.protocol import Event, Outcome
from engine.snapshot import saved
from engine.turns import Scratch
from tests.engine.helpers import ScriptedDice, refused


def test_an_option_of_two_choices_names_both() -> None:
    with refused(InvalidConfig, "loka.board") as caught:
        LokaConfig(board="hexagon")
    assert str(caught.value) == "board is 'cross' or 'faceoff', not 'hexagon'"
    assert caught.value.params == {"board": "hexagon"}
    with refused(InvalidConfig, "loa.bad_first") as caught:
        LoaConfig(first="red")
    assert str(caught.value) == "first is 'white' or 'black', not 'red'"


def test_an_option_of_several_choices_lists_them() -> None:
    with refused(InvalidConfig, "alako.bad_first") as caught:
        AlakoConfig(first="east")
    assert str(caught.value) == "first is one of roll, south, north, not 'east'"


def test_a_choice_outside_the_options_is_refused_with_the_error_asked_for() -> None:
    one_of("step", "move", ("move", "place"), code="x.step", step="move")  # a choice: no error
    with refused(InvalidNotation, "x.step") as caught:
        one_of("step", "fly", ("move", "place"), error=InvalidNotation, code="x.step", step="fly")
    assert caught.value.params == {"step": "fly"}


def test_an_outcome_only_once_the_game_is_over() -> None:
    assert Outcome.once(False, ("south",), "princess_reached") is None
    won = Outcome.once(True, ["south"], "princess_reached")
    assert won == Outcome(frozenset({"south"}), "princess_reached") and not won.is_draw
    drawn = Outcome.once(True, None, None)
    assert drawn == Outcome(frozenset(), "") and drawn.is_draw


@dataclass(frozen=True)
class _State:
    dice: ScriptedDice
    phase: str
    turn: int | None
    termination: str | None
    marks: tuple[int, ...]
    ply: int = 0


class _Work(Scratch[_State]):
    def __init__(self, state: _State) -> None:
        super().__init__(state)
        self.marks = list(state.marks)

    def edits(self) -> dict[str, object]:
        return {"marks": tuple(self.marks)}


def test_saved_fields_hold_tuples_as_lists() -> None:
    state = _State(ScriptedDice(()), "play", None, None, (1, 2))
    assert saved(state, "phase", "turn", "marks") == {
        "phase": "play",
        "turn": None,
        "marks": [1, 2],
    }


def test_a_scratch_copy_freezes_its_edits_and_records_its_rolls_one_ply_on() -> None:
    state = _State(ScriptedDice((4,)), "play", 0, None, (1,))
    w = _Work(state)
    assert w.roll(6, "move", "south", kind="attack") == 4
    w.marks.append(w.dice.counter)
    w.phase, w.turn, w.termination = "over", None, "done"
    w.emit("secret", frozenset({"south"}), kind="x")
    assert w.snapshot().ply == 0 and w.snapshot().marks == (1, 1)
    after = w.freeze()
    assert (after.phase, after.turn, after.termination, after.ply) == ("over", None, "done", 1)
    assert after.dice.counter == 1 and state.marks == (1,)  # the state itself is untouched
    assert w.events == [
        Event(
            "roll",
            {"die": 6, "value": 4, "purpose": "move", "seat": "south", "draw": 0, "kind": "attack"},
        ),
        Event("secret", {"kind": "x"}, frozenset({"south"})),
    ]


POSITIONS = {
    "alako": "south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11; turn: north",
    "echec": "south: K1e1n I4e2n; north: K1e9s; turn: north; actions: 1",
    "inka": INKA_POSITION,
    "loa": "variant: standard; white: a2 a3; black: b1 c1; turn: black",
    "loka": "fire: Ke1 Pe2; earth: Ka6; turn: earth",
}


@pytest.mark.parametrize(("game", "text"), POSITIONS.items())
def test_a_position_text_and_its_read_position_make_the_same_state(game: str, text: str) -> None:
    module = import_module(f"engine.{game}")
    from_text = module.state_from_position(text, seed=b"s", game_id="g")
    from_position = module.state_from_position(module.parse_position(text), seed=b"s", game_id="g")
    assert from_text == from_position
    assert module.position_of(from_text) == module.parse_position(text)
    assert (from_text.dice.seed, from_text.dice.game_id, from_text.dice.counter) == (b"s", "g", 0)


@pytest.mark.parametrize(
    "config",
    [
        AlakoConfig(),
        LoaConfig(),
        LoaConfig(variant="scrambled", first="black"),
        LokaConfig(),
        LokaConfig(players=3, budgets={"fire": 40}, board="cross"),
    ],
    ids=repr,
)
def test_saved_options_are_what_asdict_gives_and_share_no_container(config: Any) -> None:
    """``Config.to_dict`` skips asdict's copy of every leaf: the same dict, whose lists and
    dicts are still its own (a caller may change them without changing the options)."""
    saved_options = config.to_dict()
    assert saved_options == {**asdict(config), **saved_options}  # Loka's own entries aside
    assert set(saved_options) == set(asdict(config))
    for name, value in saved_options.items():
        if isinstance(value, list | dict):
            assert value is not getattr(config, name)
    assert type(config).from_dict(saved_options) == config
