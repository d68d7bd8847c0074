"""Alako behind the common game protocol (see ``engine.protocol``).

A turn is two actions by the same seat: ``spin`` (one chance event, a D8 read as the
spinner's face), then the use the face allows. When the face has no legal use the turn
passes at once (a ``passed`` event); the cannon needs no choice and fires at once.

A draw offer (``offer draw``, by either seat at any time) stops the game until the other
seat answers ``accept draw`` or ``decline draw``; the answering seat may also just play on
when the turn is its own, which declines the offer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.alako import actions
from engine.alako.board import SEATS, STARTS, Segment, name, segment_name
from engine.alako.config import AlakoConfig
from engine.alako.lines import is_complete, next_segments, tower_segments
from engine.alako.movement import Path, climbs, legal_paths
from engine.alako.spinner import (
    CANNON,
    FACE_WORDS,
    LADDER,
    POINTS,
    TOWER,
    WALL,
    WALLS,
    face_of,
)
from engine.alako.state import (
    ACT,
    LOTS,
    OVER,
    SPIN,
    TOWER_PIECE,
    WALL_PIECE,
    AlakoState,
    Fort,
    Side,
)
from engine.dice import Dice
from engine.errors import IllegalAction, NotYourTurn
from engine.pairs import pair, replaced
from engine.protocol import Event, Outcome
from engine.turns import checked_seat, not_a_seat, waited_for

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]
__all__ += ["build_segments", "default_action", "paths"]

SPINNER_FACES = 8


def new_game(config: AlakoConfig | None = None, *, seed: bytes, game_id: str) -> AlakoState:
    """A game at its start: pieces on their squares, no fortification."""
    config = config or AlakoConfig()
    sides = pair(Side(knight=k, horse=h, princess=p) for k, h, p in STARTS)
    dice = Dice(seed, game_id)
    if config.first == "roll":
        return AlakoState(config, dice, LOTS, sides)
    return AlakoState(config, dice, SPIN, sides, turn=SEATS.index(config.first))


def to_act(state: AlakoState) -> tuple[str, ...]:
    """The seat that must act: South draws lots at the start (when asked), then the seat
    whose turn it is; while a draw offer waits, the other seat, to answer it; nobody once
    the game is over."""
    if state.phase == OVER:
        return ()
    if state.offer is not None:
        return (SEATS[1 - state.offer],)
    return _players(state)


def _players(state: AlakoState) -> tuple[str, ...]:
    """The seat whose turn it is in the game itself (draw offers aside)."""
    if state.phase == LOTS:
        return (SEATS[0],)
    assert state.turn is not None
    return (SEATS[state.turn],)


def _seat(state: AlakoState, seat: str | None, *, acting: bool = True) -> int:
    if state.phase == OVER:
        raise NotYourTurn("the game is over", code="alako.game_over")
    seat = checked_seat(
        seat,
        SEATS,
        to_act(state),
        acting=acting,
        # Only the game's end leaves nobody to act.
        several=lambda _: NotYourTurn("the game is over", code="alako.game_over"),
        unknown=lambda s: not_a_seat(code="alako.bad_seat", seat=s, seats=SEATS),
        not_waited=lambda s: _out_of_turn(state, s),
    )
    return SEATS.index(seat)


def _out_of_turn(state: AlakoState, seat: str) -> NotYourTurn:
    waiting = to_act(state)[0]
    if state.offer is not None:
        return NotYourTurn(
            f"your draw offer waits for {waiting}'s answer",
            code="alako.offer_waits",
            seat=seat,
            waiting=waiting,
        )
    return NotYourTurn(
        f"it is not {seat}'s turn: waiting for {waiting}",
        code="alako.not_your_turn",
        seat=seat,
        waiting=waiting,
    )


def paths(state: AlakoState) -> list[Path]:
    """The moves open to the seat to move after a 1 or 2 (empty otherwise)."""
    if state.phase != ACT or state.face not in POINTS or state.turn is None:
        return []
    return legal_paths(state, state.turn, POINTS[state.face])


def default_action(state: AlakoState, seat: str) -> actions.Action | None:
    """What a table may play for a seat whose time runs out: leave a tower, wall or ladder
    unused (``pass``). A spin and a move have no default: the turn must be played."""
    if actions.Pass() in legal_actions(state, seat):
        return actions.Pass()
    return None


def build_segments(state: AlakoState) -> list[Segment]:
    """The segments the piece to build may go on now (empty when nothing is to build)."""
    if state.phase != ACT or state.turn is None or state.builds_left <= 0:
        return []
    line = state.sides[state.turn].line
    if state.face == TOWER:
        return tower_segments(state.turn, line)
    return next_segments(state.turn, line)


def legal_actions(state: AlakoState, seat: str | None = None) -> list[actions.Action]:
    """Every action the seat may take now: ``accept draw`` and ``decline draw`` while a draw
    offer waits. Offering a draw and resigning, allowed at any time, are not listed."""
    if not waited_for(seat, to_act(state)):
        return []
    if state.offer is not None:
        return [actions.AcceptDraw(), actions.DeclineDraw()]
    if state.phase == LOTS:
        return [actions.Lots()]
    if state.phase == SPIN:
        return [actions.Spin()]
    if state.face in POINTS:
        return [p.action for p in paths(state)]
    if state.face == LADDER:
        assert state.turn is not None  # someone is to act (waited_for)
        return [*(c for c, _ in climbs(state, state.turn)), actions.Pass()]
    if state.face in (TOWER, WALL, WALLS):
        return [*(actions.Build(seg) for seg in build_segments(state)), actions.Pass()]
    return []


def apply(
    state: AlakoState, action: actions.Action, seat: str | None = None
) -> tuple[AlakoState, list[Event]]:
    """A resignation or a draw offer may come at any time; anything else must come from
    the seat to act (``_seat`` refuses any once the game is over)."""
    events: list[Event] = []
    if isinstance(action, actions.Resign):
        me = _seat(state, seat, acting=False)
        events.append(Event("resigned", {"seat": SEATS[me]}))
        new = _finish(state, 1 - me, "resignation", events)
        return replace(new, ply=state.ply + 1), events
    if isinstance(action, actions.OfferDraw):
        new = _offer(state, _seat(state, seat, acting=False), events)
        return replace(new, ply=state.ply + 1), events
    me = _seat(state, seat)  # while an offer waits, only the seat that answers it
    if isinstance(action, actions.AcceptDraw | actions.DeclineDraw):
        if state.offer is None:
            hint = (
                " (to leave what you spun unused, send 'pass')"
                if actions.Pass() in legal_actions(state)
                else ""
            )
            raise IllegalAction(
                f"there is no draw offer to answer{hint}", code="alako.no_offer", seat=SEATS[me]
            )
        new = _answer(state, me, isinstance(action, actions.AcceptDraw), events)
        return replace(new, ply=state.ply + 1), events
    if state.offer is not None:
        if SEATS[me] not in _players(state):
            raise IllegalAction(
                f"answer {SEATS[state.offer]}'s draw offer first: 'accept draw' or 'decline draw'",
                code="alako.answer_offer",
                offerer=SEATS[state.offer],
            )
        # Playing on when the turn is one's own declines the offer.
        events.append(Event("draw_declined", {"seat": SEATS[me], "implicit": True}))
        state = replace(state, offer=None)
    if state.phase == LOTS:
        if not isinstance(action, actions.Lots):
            raise IllegalAction(
                "first draw lots for who spins first: send 'lots'", code="alako.lots_first"
            )
        new = _lots(state, events)
    elif state.phase == SPIN:
        if not isinstance(action, actions.Spin):
            raise IllegalAction(
                "your turn starts with a spin: send 'spin'", code="alako.spin_first"
            )
        new = _spin(state, me, events)
    else:
        new = _use(state, me, action, events)
    return replace(new, ply=state.ply + 1), events


def _roll(
    state: AlakoState, faces: int, purpose: str, events: list[Event], **data: Any
) -> tuple[int, Dice]:
    counter = state.dice.counter
    value, dice = state.dice.roll(faces)
    events.append(
        Event("roll", {"die": faces, "value": value, "purpose": purpose, "draw": counter, **data})
    )
    return value, dice


def _lots(state: AlakoState, events: list[Event]) -> AlakoState:
    value, dice = _roll(state, 2, "first", events, seat=None)
    first = value - 1
    events.append(Event("first_player", {"seat": SEATS[first]}))
    return replace(state, dice=dice, phase=SPIN, turn=first)


def _spin(state: AlakoState, me: int, events: list[Event]) -> AlakoState:
    counter = state.dice.counter
    value, dice = state.dice.roll(SPINNER_FACES)
    face = face_of(value)
    events.append(
        Event(
            "roll",
            {
                "die": SPINNER_FACES,
                "value": value,
                "purpose": "spin",
                "draw": counter,
                "seat": SEATS[me],
                "face": face,
            },
        )
    )
    state = replace(state, dice=dice, last_spin=(me, face), last_move=None, offered=())
    ready = replace(state, phase=ACT, face=face, builds_left=0)
    if face in POINTS:
        if paths(ready):
            return ready
        return _pass(state, me, face, "no_move", events)
    if face in (TOWER, WALL, WALLS):
        ready = replace(ready, builds_left=2 if face == WALLS else 1)
        if build_segments(ready):
            return ready
        line = state.sides[me].line
        reason = "line_complete" if is_complete(me, line) else "tower_not_placeable"
        return _pass(state, me, face, reason, events)
    if face == CANNON:
        return _cannon(state, me, events)
    assert face == LADDER
    if climbs(state, me):
        return ready
    return _pass(state, me, face, "no_wall_to_climb", events)


def _pass(state: AlakoState, me: int, face: str, reason: str, events: list[Event]) -> AlakoState:
    events.append(Event("passed", {"seat": SEATS[me], "face": face, "reason": reason}))
    return _end_turn(state, me)


def _end_turn(state: AlakoState, me: int) -> AlakoState:
    return replace(state, phase=SPIN, turn=1 - me, face=None, builds_left=0)


def _cannon(state: AlakoState, me: int, events: list[Event]) -> AlakoState:
    foe = state.sides[1 - me]
    if not foe.line:
        return _pass(state, me, CANNON, "nothing_to_fire_at", events)
    last = foe.line[-1]
    events.append(
        Event(
            "cannon",
            {
                "seat": SEATS[me],
                "target": SEATS[1 - me],
                "segment": segment_name(last.segment),
                "kind": "tower" if last.kind == TOWER_PIECE else "wall",
            },
        )
    )
    sides = replaced(state.sides, 1 - me, replace(foe, line=foe.line[:-1]))
    return _end_turn(replace(state, sides=sides), me)


def _use(state: AlakoState, me: int, action: actions.Action, events: list[Event]) -> AlakoState:
    face = state.face
    assert face is not None
    if face in POINTS:
        if not isinstance(action, actions.Move | actions.Dismount):
            raise IllegalAction(
                f"you spun {FACE_WORDS[face]}: move a piece, like 'knight n' or 'princess e'",
                code="alako.move_expected",
                face=face,
            )
        return _move(state, me, action, events)
    if face == LADDER:
        if isinstance(action, actions.Pass):
            return _pass(state, me, face, "declined", events)
        if not isinstance(action, actions.Climb):
            raise IllegalAction(
                "you spun the ladder: send 'climb' (or 'pass' to leave it)",
                code="alako.climb_expected",
            )
        return _climb(state, me, action, events)
    if isinstance(action, actions.Pass):  # building is the player's choice (RULINGS 5)
        return _pass(state, me, face, "declined", events)
    if not isinstance(action, actions.Build):
        raise IllegalAction(
            f"you spun {FACE_WORDS[face]}: build it on your line, like 'build "
            f"{segment_name(build_segments(state)[0])}', or leave it with 'pass'",
            code="alako.build_expected",
            face=face,
        )
    return _build(state, me, action, events)


def _move(
    state: AlakoState, me: int, action: actions.Move | actions.Dismount, events: list[Event]
) -> AlakoState:
    options = paths(state)
    chosen = next((p for p in options if p.action == action), None)
    if chosen is None:
        face = state.face or ""  # a move is asked for with a face spun
        legal = ", ".join(str(p.action) for p in options)
        raise IllegalAction(
            f"'{action}' is not possible with {FACE_WORDS[face]}: you may play {legal}",
            code="alako.illegal_move",
            action=str(action),
            legal=legal,
        )
    side = state.sides[me]
    dest = chosen.squares[-1]
    if isinstance(action, actions.Dismount):
        side = replace(side, knight=dest)
        piece = "knight"
    elif action.piece == "knight":
        moved_horse = side.mounted
        side = replace(
            side,
            knight=dest,
            horse=dest if moved_horse else side.horse,
            climbing=None,
            descent=None,
        )
        piece = "knight"
    elif action.piece == "horse":
        side = replace(side, horse=dest)
        piece = "horse"
    else:
        side = replace(side, princess=dest)
        piece = "princess"
    start = chosen.squares[0]
    events.append(
        Event(
            "moved",
            {
                "seat": SEATS[me],
                "piece": piece,
                "direction": action.direction,
                "from": None if start < 0 else name(start),
                "to": name(dest),
                "squares": [name(s) for s in chosen.squares if s >= 0],
                "riding": side.mounted,
                "mounted": chosen.mounts,
                "dismounted": isinstance(action, actions.Dismount),
                "descended": start < 0,
            },
        )
    )
    went = tuple(s for s in chosen.squares if s >= 0)
    new = replace(state, sides=replaced(state.sides, me, side), last_move=went)
    if chosen.wins:
        return _finish(new, me, "princess_reached", events)
    return _end_turn(new, me)


def _build(state: AlakoState, me: int, action: actions.Build, events: list[Event]) -> AlakoState:
    allowed = build_segments(state)
    if action.segment not in allowed:
        legal = ", ".join(segment_name(s) for s in allowed)
        raise IllegalAction(
            f"{segment_name(action.segment)} does not continue your line: build on {legal}",
            code="alako.illegal_segment",
            segment=segment_name(action.segment),
            legal=legal,
        )
    kind = TOWER_PIECE if state.face == TOWER else WALL_PIECE
    side = state.sides[me]
    line = (*side.line, Fort(action.segment, kind))
    sides = replaced(state.sides, me, replace(side, line=line))
    new = replace(state, sides=sides, builds_left=state.builds_left - 1)
    events.append(
        Event(
            "built",
            {
                "seat": SEATS[me],
                "kind": "tower" if kind == TOWER_PIECE else "wall",
                "segment": segment_name(action.segment),
                "complete": is_complete(me, line),
            },
        )
    )
    if new.builds_left > 0 and build_segments(new):
        return new
    return _end_turn(new, me)


def _climb(state: AlakoState, me: int, action: actions.Climb, events: list[Event]) -> AlakoState:
    options = climbs(state, me)
    if action.segment is None and len(options) > 1:
        which = ", ".join(str(c) for c, _ in options)
        raise IllegalAction(
            f"your knight stands against several enemy walls: say which, {which}",
            code="alako.which_wall",
            legal=which,
        )
    chosen = next(
        (o for o in options if action.segment is None or o[0].segment == action.segment), None
    )
    if chosen is None:
        raise IllegalAction(
            "your knight is not standing against that enemy wall"
            if options
            else "your knight is not standing against an enemy wall",
            code="alako.no_wall_to_climb",
        )
    climb, beyond = chosen
    side = state.sides[me]
    start = side.knight
    assert start is not None and climb.segment is not None  # climbs() names the wall
    events.append(
        Event(
            "climbed",
            {
                "seat": SEATS[me],
                "segment": segment_name(climb.segment),
                "from": name(start),
                "towards": name(beyond),
                "left_horse": side.mounted,
            },
        )
    )
    sides = replaced(
        state.sides, me, replace(side, knight=None, climbing=climb.segment, descent=beyond)
    )
    return _end_turn(replace(state, sides=sides, last_move=(start,)), me)


def _offer(state: AlakoState, me: int, events: list[Event]) -> AlakoState:
    if state.offer is not None:
        raise IllegalAction(
            f"a draw offer by {SEATS[state.offer]} already waits for an answer",
            code="alako.offer_pending",
            offerer=SEATS[state.offer],
        )
    if me in state.offered:
        raise IllegalAction(
            "you have already offered a draw since the last spin: wait for the next one",
            code="alako.offer_repeated",
        )
    events.append(Event("draw_offered", {"seat": SEATS[me]}))
    return replace(state, offer=me, offered=(*state.offered, me))


def _answer(state: AlakoState, me: int, accept: bool, events: list[Event]) -> AlakoState:
    if not accept:
        events.append(Event("draw_declined", {"seat": SEATS[me], "implicit": False}))
        return replace(state, offer=None)
    events.append(Event("draw_accepted", {"seat": SEATS[me]}))
    return _finish(state, None, "agreement", events)


def _finish(state: AlakoState, winner: int | None, how: str, events: list[Event]) -> AlakoState:
    """The game over: ``winner`` ``None`` is a draw."""
    who = None if winner is None else SEATS[winner]
    events.append(Event("game_over", {"winner": who, "termination": how}))
    return replace(
        state,
        phase=OVER,
        winner=winner,
        termination=how,
        face=None,
        builds_left=0,
        offer=None,
    )


def outcome(state: AlakoState) -> Outcome | None:
    winners = () if state.winner is None else (SEATS[state.winner],)
    return Outcome.once(state.phase == OVER, winners, state.termination)


def view(state: AlakoState, seat: str | None) -> AlakoState:
    """What ``seat`` may see (``None``: a spectator): everything but the dice seed, which
    stays hidden until the game is over."""
    if state.phase == OVER:
        return state
    return replace(state, dice=state.dice.hidden())
