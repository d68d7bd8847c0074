"""Lines of Action behind the common game protocol (see ``engine.protocol``)."""

from __future__ import annotations

from dataclasses import replace

from engine.dice import Dice
from engine.errors import IllegalAction, NotYourTurn
from engine.loa import actions
from engine.loa.config import (
    AMBIDEXTROUS,
    COLOURS,
    MARK,
    PARTNERS,
    TEAM_SEATS,
    TEAMS,
    WHITE,
    LoaConfig,
    seat_colour,
)
from engine.loa.notation import COORDS, Coord, parse_square, square_name
from engine.loa.rules import (
    DRAW,
    PLACE,
    Board,
    MoveT,
    Turn,
    actions_of,
    moves_from,
    moves_of,
    play_move,
    play_place,
)
from engine.loa.setup import start_situation
from engine.loa.state import LoaState, Piece, keep_board, moved
from engine.protocol import Event, Outcome
from engine.turns import checked_seat, not_a_seat, waited_for

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]


def new_game(config: LoaConfig | None = None, *, seed: bytes, game_id: str) -> LoaState:
    """A game at its variant's starting position, the first colour to move (after the
    colours are drawn, with ``config.lots``)."""
    config = config or LoaConfig()
    sit = start_situation(config)
    return LoaState(
        config,
        Dice(seed, game_id),
        sit.board.pieces(),
        sit.turn,
        sit.step,
        sit.held,
        sit.parts,
    )


def to_act(state: LoaState) -> tuple[str, ...]:
    """The seat on turn; while a draw offer waits, the seats of the other side instead."""
    if state.over:
        return ()
    if state.drawing:
        return (state.seats[0],)  # the table draws for everyone, as the first seat
    if state.offer is not None:
        side = seat_colour(state.offer)
        return tuple(s for i, s in enumerate(state.seats) if seat_colour(i) != side)
    return (state.seat_to_move,)


def _seat(state: LoaState, seat: str | None, *, acting: bool = True) -> int:
    seat = checked_seat(
        seat,
        state.seats,
        to_act(state),
        acting=acting,
        several=lambda waiting: NotYourTurn(
            f"several seats may answer now ({', '.join(waiting)}): say which one acts",
            code="loa.which_seat",
            seats=", ".join(waiting),
        ),
        unknown=lambda s: not_a_seat(code="loa.no_such_seat", seat=s, seats=state.seats),
        not_waited=lambda s: _out_of_turn(state, s),
    )
    return state.seats.index(seat)


def _out_of_turn(state: LoaState, seat: str) -> NotYourTurn:
    if state.offer is not None:
        return NotYourTurn(
            f"a draw offer by {state.seats[state.offer]} waits for the other side's answer",
            code="loa.offer_waits",
            seat=seat,
            offerer=state.seats[state.offer],
        )
    return NotYourTurn(
        f"it is not {seat}'s turn: {state.seat_to_move} is to "
        + ("place" if state.step == PLACE else "move"),
        code="loa.not_your_turn",
        seat=seat,
        waiting=state.seat_to_move,
    )


def legal_actions(state: LoaState, seat: str | None = None) -> list[actions.Action]:
    """Every move (or placement) the seat may make now; ``accept draw`` and ``decline draw``
    while an offer waits. Offering a draw and resigning, allowed at any time, are not
    listed."""
    if not waited_for(seat, to_act(state)):
        return []
    if state.drawing:
        return [actions.DrawLots()]
    if state.offer is not None:
        return [actions.AcceptDraw(), actions.DeclineDraw()]
    sit = state.situation()
    board = sit.board
    if state.step == PLACE:
        return [actions.Place(square_name(board.coord(sq))) for sq in actions_of(state.mode, sit)]
    found = moves_of(state.mode, sit)
    # A move is made once (an action is immutable): most are again.
    made = _MOVES
    if len(made) > _MOVES_KEPT:  # (beyond the edges, squares are not so few)
        made.clear()
    return [made.get(move) or made.setdefault(move, _written(board, move)) for move in found]


_MOVES: dict[MoveT, actions.Move] = {}
"""The moves as actions, by (from, to, capture) in the board's own square keys (the printed
board's numbers, or coordinates beyond the edges)."""
_MOVES_KEPT = 200_000


def _written(board: Board, move: MoveT) -> actions.Move:
    src, dst, capture = move
    return actions.Move(square_name(board.coord(src)), square_name(board.coord(dst)), capture)


def apply(
    state: LoaState, action: actions.Action, seat: str | None = None
) -> tuple[LoaState, list[Event]]:
    """The state after ``action`` by ``seat`` and what happened. Raises an ``EngineError``
    (with a message for the player) when the action is not allowed; the state is unchanged."""
    if state.over:
        raise IllegalAction("the game is over", code="loa.game_over")
    if state.drawing or isinstance(action, actions.DrawLots):
        return _lots(state, action, seat)
    if isinstance(action, actions.Resign):
        return _resign(state, _seat(state, seat, acting=False))
    if isinstance(action, actions.OfferDraw):
        return _offer(state, _seat(state, seat, acting=False))
    index = _seat(state, seat)
    if isinstance(action, actions.AcceptDraw | actions.DeclineDraw):
        if state.offer is None:
            raise IllegalAction(
                "there is no draw offer to answer", code="loa.no_offer", seat=state.seats[index]
            )
        return _answer(state, index, isinstance(action, actions.AcceptDraw))
    if state.offer is not None:  # _seat let only the answering side through
        raise IllegalAction(
            "answer the draw offer first: accept draw or decline draw", code="loa.answer_offer"
        )
    if isinstance(action, actions.Move):
        return _move(state, index, action)
    if isinstance(action, actions.Place):
        return _place(state, index, action)
    raise IllegalAction(f"'{action}' is not a Lines of Action action", code="loa.bad_action")


# ---------------------------------------------------------------- colours by lot


def _lots(
    state: LoaState, action: actions.Action, seat: str | None
) -> tuple[LoaState, list[Event]]:
    """Draw the colours (RULINGS 2: colours are drawn by lot): a d2 gives White to player 1
    or 2, or in the teams game to the partners 1 and 2 or 3 and 4 (``PARTNERS``)."""
    if not state.drawing:
        raise IllegalAction("the colours are already drawn", code="loa.lots_drawn")
    if not isinstance(action, actions.DrawLots):
        raise IllegalAction(
            "the colours are not drawn yet: the game begins once they are",
            code="loa.lots_first",
        )
    _seat(state, seat)
    sides = PARTNERS if len(state.seats) == len(TEAM_SEATS) else ((1,), (2,))
    counter = state.dice.counter
    value, dice = state.dice.roll(len(sides))
    white, black = sides[value - 1], sides[2 - value]
    # Seats alternate colours (White 1, Black 1, White 2, Black 2): each side's players in turn.
    lots = tuple(n for pair in zip(white, black, strict=True) for n in pair)
    players = dict(zip(state.seats, lots, strict=True))
    data = {"die": len(sides), "value": value, "draw": counter}
    events = [
        Event("roll", {**data, "purpose": "lots", "seat": state.seats[0]}),
        Event("lots", {"players": players, "rolls": [[len(sides), value]]}),
    ]
    return replace(state, dice=dice, lots=lots), events


# ---------------------------------------------------------------- moves and placements


def _move(state: LoaState, seat: int, action: actions.Move) -> tuple[LoaState, list[Event]]:
    if state.step == PLACE:
        raise IllegalAction(
            "you have moved: now place one of the pieces you hold, like @e4",
            code="loa.place_now",
        )
    src_c, dst_c = (_square(state, x) for x in (action.src, action.dst))
    sit = state.situation()
    board = sit.board
    src, dst = board.square(src_c), board.square(dst_c)
    legal = {d: c for _, d, c in moves_from(state.mode, sit, src)}
    if dst not in legal:
        _explain(state, seat, src_c, dst_c)
    capture = legal[dst]
    turn = play_move(state.mode, sit, (src, dst, capture))
    src_n, dst_n = square_name(src_c), square_name(dst_c)
    events = [
        Event(
            "moved",
            {"seat": state.seats[seat], "src": src_n, "dst": dst_n, "capture": capture},
        )
    ]
    pieces = moved(state.pieces, src_c, dst_c)
    return _after(state, turn, events, last_move=(src_c, dst_c), last_place=None, pieces=pieces)


def _place(state: LoaState, seat: int, action: actions.Place) -> tuple[LoaState, list[Event]]:
    if state.step != PLACE:
        raise IllegalAction(
            "move a piece first; a held piece is placed after the move",
            code="loa.move_first",
        )
    coord = _square(state, action.square)
    sit = state.situation()
    if sit.board.code_on(coord) is not None:
        raise IllegalAction(
            f"{action.square} is taken: place the piece on an empty square",
            code="loa.square_taken",
            square=action.square,
        )
    turn = play_place(state.mode, sit, sit.board.square(coord))
    colour = COLOURS[seat_colour(seat) ^ 1]
    events = [
        Event(
            "placed",
            {
                "seat": state.seats[seat],
                "square": square_name(coord),
                "colour": colour,
                "left": turn.situation.held[seat_colour(seat)],
            },
        )
    ]
    return _after(state, turn, events, last_move=state.last_move, last_place=coord)


def _square(state: LoaState, text: str) -> Coord:
    coord = COORDS.get(text)  # a printed square's canonical name, as actions write it
    if coord is not None:
        return coord
    coord = parse_square(text, bounded=False)
    if state.config.bounded and not (0 <= coord[0] < 8 and 0 <= coord[1] < 8):
        raise IllegalAction(
            f"{text} is off the board: squares run from a1 to h8 (only the unbounded variant "
            "goes beyond the edges)",
            code="loa.off_board",
            square=text,
        )
    return coord


def _after(
    state: LoaState,
    turn: Turn,
    events: list[Event],
    *,
    last_move: tuple[Coord, Coord] | None,
    last_place: Coord | None,
    pieces: tuple[Piece, ...] | None = None,
) -> tuple[LoaState, list[Event]]:
    """The state ``turn`` leads to, its ``pieces`` given (``None``: its board's)."""
    sit = turn.situation
    if pieces is None:
        pieces = sit.board.pieces()
    keep_board(pieces, sit.board)
    for seat, reason in turn.passes:
        events.append(Event("passed", {"seat": state.seats[seat], "reason": reason}))
    winners: tuple[str, ...] | None = None
    termination: str | None = None
    if turn.result is not None:
        if turn.result == DRAW:
            winners, termination = (), "no_moves"
        else:
            winners = _side(state, turn.result)
            termination = "connected"
        events.append(Event("game_over", {"winners": list(winners), "termination": termination}))
    # Every field in order, as ``replace`` would copy them without its cost (a field added to
    # LoaState is added here too: tests/engine/loa/test_state_fields.py).
    new = LoaState(
        state.config,
        state.dice,
        pieces,
        sit.turn,
        sit.step,
        sit.held,
        sit.parts,
        state.offer,
        state.offered,
        state.moves + 1,
        last_move,
        last_place,
        state.ply + 1,
        winners,
        termination,
        state.lots,
    )
    return new, events


def _side(state: LoaState, colour: int) -> tuple[str, ...]:
    return tuple(s for i, s in enumerate(state.seats) if seat_colour(i) == colour)


def _explain(state: LoaState, seat: int, src: Coord, dst: Coord) -> None:
    """Raise the error that says why ``src``-``dst`` is not a legal move of ``seat``."""
    src_n, dst_n = square_name(src), square_name(dst)
    code = state.piece_at(src)
    colour = seat_colour(seat)
    if code is None:
        raise IllegalAction(f"there is no piece on {src_n}", code="loa.no_piece", square=src_n)
    if code & 1 != colour:
        raise IllegalAction(
            f"the piece on {src_n} is {COLOURS[code & 1]}: move one of your "
            f"{COLOURS[colour]} pieces",
            code="loa.not_yours",
            square=src_n,
            colour=COLOURS[colour],
        )
    marked = bool(code & MARK)
    if state.config.variant == TEAMS and marked != bool(seat // 2):
        raise IllegalAction(
            f"the piece on {src_n} is your partner's: move one of your own "
            + ("marked" if seat // 2 else "unmarked")
            + " pieces",
            code="loa.partners_piece",
            square=src_n,
        )
    f0, r0 = src
    df, dr = dst[0] - f0, dst[1] - r0
    step = (df and df // abs(df), dr and dr // abs(dr))
    distance = max(abs(df), abs(dr))
    if distance == 0 or (df and dr and abs(df) != abs(dr)):
        raise IllegalAction(
            f"{src_n} to {dst_n} is not a straight line: pieces move along a rank, a file or "
            "a diagonal",
            code="loa.not_a_line",
            src=src_n,
            dst=dst_n,
        )
    line = _line_count(state, src, step)
    if distance != line:
        raise IllegalAction(
            f"the piece on {src_n} moves exactly {line} squares along that line "
            f"({line} pieces stand on it), not {distance}",
            code="loa.wrong_distance",
            square=src_n,
            count=line,
            distance=distance,
        )
    for i in range(1, distance):
        other = state.piece_at((f0 + i * step[0], r0 + i * step[1]))
        if other is not None and other & 1 != colour:
            jumped = square_name((f0 + i * step[0], r0 + i * step[1]))
            raise IllegalAction(
                f"the move from {src_n} would jump the enemy piece on {jumped}: only your own "
                "pieces can be jumped",
                code="loa.jumps_enemy",
                src=src_n,
                dst=dst_n,
                square=jumped,
            )
    target = state.piece_at(dst)
    if target is not None and target & 1 == colour:
        raise IllegalAction(
            f"{dst_n} holds one of your pieces: a move may end on an enemy piece, never on "
            "your own",
            code="loa.own_piece",
            square=dst_n,
        )
    if state.config.variant == AMBIDEXTROUS:
        need = "marked" if state.parts[colour] else "unmarked"
        raise IllegalAction(
            f"this move must be made with one of your {need} pieces (marked and unmarked "
            "pieces alternate)",
            code="loa.wrong_part",
            part=need,
        )
    raise IllegalAction(  # pragma: no cover - every reason is covered above
        f"{src_n}-{dst_n} is not a legal move", code="loa.illegal", src=src_n, dst=dst_n
    )


def _line_count(state: LoaState, src: Coord, step: tuple[int, int]) -> int:
    df, dr = step
    f0, r0 = src
    count = 0
    for f, r, _ in state.pieces:
        if (
            (dr == 0 and r == r0)
            or (df == 0 and f == f0)
            or (df and dr and abs(f - f0) == abs(r - r0) and (f - f0) * df * dr == (r - r0))
        ):
            count += 1
    return count


# ---------------------------------------------------------------- draws and resignation


def _offer(state: LoaState, seat: int) -> tuple[LoaState, list[Event]]:
    colour = seat_colour(seat)
    if state.offer is not None:
        raise IllegalAction(
            f"a draw offer by {state.seats[state.offer]} already waits for an answer",
            code="loa.offer_pending",
            offerer=state.seats[state.offer],
        )
    if state.offered[colour] == state.moves:
        raise IllegalAction(
            "your side has already offered a draw since the last move: wait for a move",
            code="loa.offer_repeated",
        )
    offered = (
        (state.moves, state.offered[1]) if colour == WHITE else (state.offered[0], state.moves)
    )
    new = replace(state, offer=seat, offered=offered, ply=state.ply + 1)
    return new, [Event("draw_offered", {"seat": state.seats[seat]})]


def _answer(state: LoaState, seat: int, accept: bool) -> tuple[LoaState, list[Event]]:
    name = state.seats[seat]
    if not accept:
        new = replace(state, offer=None, ply=state.ply + 1)
        return new, [Event("draw_declined", {"seat": name})]
    events = [
        Event("draw_accepted", {"seat": name}),
        Event("game_over", {"winners": [], "termination": "agreement"}),
    ]
    new = replace(state, offer=None, ply=state.ply + 1, winners=(), termination="agreement")
    return new, events


def _resign(state: LoaState, seat: int) -> tuple[LoaState, list[Event]]:
    winners = _side(state, seat_colour(seat) ^ 1)
    events = [
        Event("resigned", {"seat": state.seats[seat]}),
        Event("game_over", {"winners": list(winners), "termination": "resigned"}),
    ]
    new = replace(state, offer=None, ply=state.ply + 1, winners=winners, termination="resigned")
    return new, events


# ---------------------------------------------------------------- outcome and views


def outcome(state: LoaState) -> Outcome | None:
    return Outcome.once(state.over, state.winners, state.termination)


def view(state: LoaState, seat: str | None) -> LoaState:
    """What ``seat`` may see (``None``: a spectator): everything but the seed, which stays
    hidden until the game is over (no rule of this game uses it)."""
    if state.over:
        return state
    return replace(state, dice=state.dice.hidden())


def side_of(seat: str) -> str:
    """``'white'`` or ``'black'`` for any seat name."""
    return "white" if seat.startswith("white") else "black"


def marked_of(code: int) -> bool:
    return bool(code & MARK)


def colour_of(code: int) -> str:
    return COLOURS[code & 1]
