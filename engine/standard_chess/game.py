"""The rules at the table, over python-chess (which knows every FIDE rule of play): whose
turn it is, the draw offer, claims, resignation, the colour toss, and the result.

Rulings (docs/rules/chess.md): a draw is offered on one's own turn, once per turn, and the
offer stands until the opponent accepts, declines or moves; a claim (threefold repetition,
fifty moves) is made by the side to move, and python-chess also accepts it when the move
about to be played would complete it; checkmate, stalemate, insufficient material, fivefold
repetition and the seventy-five-move rule end the game at once."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import chess

from engine.dice import Dice
from engine.errors import IllegalAction, InvalidNotation, NotYourTurn
from engine.protocol import Event, Outcome
from engine.standard_chess import actions
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.state import (
    BLACK,
    OVER,
    PLAY,
    SEATS,
    TOSS,
    WHITE,
    ChessState,
    other,
    seat_of,
)

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]
__all__ += ["default_action", "legal_sans", "resolve", "san"]

# python-chess's reasons, in the names this engine uses.
_TERMINATION = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition",
    chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
    chess.Termination.THREEFOLD_REPETITION: "threefold_repetition",
    chess.Termination.FIFTY_MOVES: "fifty_moves",
}


def new_game(
    config: ChessConfig | None = None,
    *,
    seed: bytes,
    game_id: str,
    start: str = chess.STARTING_FEN,
    moves: tuple[str, ...] = (),
) -> ChessState:
    """A game from ``start`` (a FEN) after ``moves`` (UCI, already checked legal)."""
    config = config or ChessConfig()
    random = config.color == "random"
    state = ChessState(
        config,
        Dice(seed, game_id),
        TOSS if random else PLAY,
        start,
        tuple(moves),
        host_color=None if random else config.color,
    )
    if not random:
        state = _settle(state, state.board)
    return state


def to_act(state: ChessState) -> tuple[str, ...]:
    """The side to move; and the side a standing draw offer waits on, if it is the other."""
    if state.phase == OVER:
        return ()
    if state.phase == TOSS:
        return (WHITE,)
    waiting = [state.turn]
    if state.draw_offer is not None and other(state.draw_offer) not in waiting:
        waiting.append(other(state.draw_offer))
    return tuple(waiting)


def legal_actions(state: ChessState, seat: str | None = None) -> list[actions.Action]:
    """What ``seat`` (default: the side to move) may do now: moves in UCI, then draw
    offers, answers and claims where allowed, then resigning."""
    if state.phase == OVER:
        return []
    if state.phase == TOSS:
        return [actions.Toss()] if seat in (None, WHITE) else []
    seat = seat or state.turn
    board = state.board
    out: list[actions.Action] = []
    if seat == state.turn:
        out.extend(actions.Move(m.uci()) for m in board.legal_moves)
        if state.draw_offer is None and state.offer_ply != state.ply:
            out.append(actions.OfferDraw())
        if board.can_claim_draw():
            out.append(actions.ClaimDraw())
    if state.draw_offer == other(seat):
        out.extend((actions.AcceptDraw(), actions.DeclineDraw()))
    out.append(actions.Resign())
    return out


def resolve(state: ChessState, text: str | actions.Move) -> actions.Move:
    """A move given in SAN or UCI as the canonical UCI move, checked against the position."""
    raw = text.text if isinstance(text, actions.Move) else str(text).strip()
    board = state.board
    move = _parse_move(board, raw)
    return actions.Move(move.uci())


def san(state: ChessState, move: str | actions.Move) -> str:
    """A legal move of the position in SAN (``Nf3``, ``exd8=Q#``)."""
    return state.board.san(_parse_move(state.board, str(move)))


def legal_sans(state: ChessState) -> list[str]:
    """Every legal move in SAN, in python-chess's order."""
    board = state.board
    return [board.san(m) for m in board.legal_moves]


def _parse_move(board: chess.Board, raw: str) -> chess.Move:
    text = raw.strip().rstrip("!?")
    side = seat_of(board.turn)
    uci = text.lower().replace("-", "")
    try:
        move = chess.Move.from_uci(uci)
    except (chess.InvalidMoveError, ValueError):
        move = None
    if move:  # well-formed UCI (the null move 0000 is not a move)
        try:
            return board.parse_uci(uci)  # also reads castling written king-takes-rook
        except chess.IllegalMoveError:
            # SAN with a rank to tell two pieces apart looks like UCI once lowered
            # ("B3e4"): a capital piece letter makes it SAN.
            if text[:1] not in "KQRBN":
                raise _why_illegal(board, move) from None
            with contextlib.suppress(ValueError):
                return board.parse_san(text)
            raise _why_illegal(board, move) from None
    candidates = [text.replace("0", "O")]
    if text[:1] in "nrqk":  # nf3 for Nf3 (a lower-case b is a pawn's file)
        candidates.append(text[:1].upper() + text[1:])
    for candidate in candidates:
        try:
            return board.parse_san(candidate)
        except chess.AmbiguousMoveError:
            options = sorted(
                board.san(m) for m in board.legal_moves if _same_target(board, m, candidate)
            )
            raise IllegalAction(
                f"{text} could mean several moves: say which ({', '.join(options)})",
                code="chess.ambiguous",
                move=text,
                options=", ".join(options),
            ) from None
        except chess.IllegalMoveError:
            raise IllegalAction(
                f"{text} is not a legal move for {side} here; legal moves: {_sample(board)}",
                code="chess.illegal_san",
                move=text,
                side=side,
                moves=_sample(board),
            ) from None
        except chess.InvalidMoveError:
            continue
    raise InvalidNotation(
        f"'{text}' is not a move: write it in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q)",
        code="chess.bad_move",
        move=text,
    )


def _same_target(board: chess.Board, move: chess.Move, san_text: str) -> bool:
    """Whether ``move`` is one of the moves an ambiguous SAN could mean."""
    target = san_text.rstrip("+#").split("=")[0][-2:].lower()
    letter = san_text[0] if san_text[0] in "NBRQK" else "P"
    piece = board.piece_at(move.from_square)
    return (
        chess.square_name(move.to_square) == target
        and piece is not None
        and piece.symbol().upper() == letter
    )


def _sample(board: chess.Board, limit: int = 12) -> str:
    sans = sorted(board.san(m) for m in board.legal_moves)
    more = f" … (+{len(sans) - limit})" if len(sans) > limit else ""
    return ", ".join(sans[:limit]) + more


def _why_illegal(board: chess.Board, move: chess.Move) -> IllegalAction:
    """Why a well-formed UCI move is not legal here, and what would be."""
    side = seat_of(board.turn)
    src, dst = chess.square_name(move.from_square), chess.square_name(move.to_square)
    piece = board.piece_at(move.from_square)
    if piece is None:
        return IllegalAction(
            f"there is no piece on {src}; legal moves: {_sample(board)}",
            code="chess.no_piece",
            square=src,
            moves=_sample(board),
        )
    if piece.color != board.turn:
        return IllegalAction(
            f"the piece on {src} is not yours: {side} is to move",
            code="chess.not_yours",
            square=src,
            side=side,
        )
    targets = sorted(
        {
            chess.square_name(m.to_square)
            for m in board.legal_moves
            if m.from_square == move.from_square
        }
    )
    if piece.piece_type == chess.PAWN and move.promotion is None and dst in targets:
        return IllegalAction(
            f"a pawn reaching {dst} must promote: add q, r, b or n (like {src}{dst}q)",
            code="chess.must_promote",
            square=dst,
            move=src + dst,
        )
    if not targets:
        return IllegalAction(
            f"the piece on {src} has no legal move"
            + (" (your king is in check)" if board.is_check() else ""),
            code="chess.stuck",
            square=src,
        )
    return IllegalAction(
        f"the piece on {src} cannot go to {dst}; it can go to {', '.join(targets)}",
        code="chess.cannot_go",
        square=src,
        target=dst,
        squares=", ".join(targets),
    )


def _seat(state: ChessState, action: actions.Action, seat: str | None) -> str:
    if seat is None:
        if (
            isinstance(action, actions.AcceptDraw | actions.DeclineDraw)
            and state.draw_offer is not None
        ):
            return other(state.draw_offer)
        return to_act(state)[0] if state.phase != OVER else state.turn
    if seat not in SEATS:
        raise IllegalAction(
            f"'{seat}' is not a side: white or black", code="chess.unknown_seat", seat=seat
        )
    return seat


def apply(
    state: ChessState, action: actions.Action, seat: str | None = None
) -> tuple[ChessState, list[Event]]:
    """The state after ``action`` by ``seat``, and what happened."""
    if state.phase == OVER:
        raise IllegalAction("the game is over", code="chess.over")
    seat = _seat(state, action, seat)
    if state.phase == TOSS:
        if not isinstance(action, actions.Toss):
            raise IllegalAction(
                "the colours are not drawn yet: the game begins once they are",
                code="chess.phase_toss",
            )
        return _toss(state)
    if isinstance(action, actions.Toss):
        raise IllegalAction("the colours are already settled", code="chess.no_toss")
    if isinstance(action, actions.Resign):
        result = "0-1" if seat == WHITE else "1-0"
        return _end(state, result, "resignation"), [
            Event("resigned", {"seat": seat}),
            _over_event(result, "resignation"),
        ]
    if isinstance(action, actions.AcceptDraw | actions.DeclineDraw):
        if state.draw_offer != other(seat):
            raise IllegalAction(
                f"{other(seat)} has not offered a draw: there is nothing to answer",
                code="chess.no_offer",
                side=other(seat),
            )
        if isinstance(action, actions.DeclineDraw):
            return replace(state, draw_offer=None), [Event("draw_declined", {"seat": seat})]
        return _end(state, "1/2-1/2", "agreement"), [
            Event("draw_accepted", {"seat": seat}),
            _over_event("1/2-1/2", "agreement"),
        ]
    if seat != state.turn:
        raise NotYourTurn(
            f"it is {state.turn}'s turn, not {seat}'s",
            code="chess.not_turn",
            side=state.turn,
        )
    if isinstance(action, actions.OfferDraw):
        if state.draw_offer is not None:
            raise IllegalAction(
                f"{state.draw_offer} already offered a draw: it waits for an answer",
                code="chess.offer_pending",
                side=state.draw_offer,
            )
        if state.offer_ply == state.ply:
            raise IllegalAction(
                "you already offered a draw this turn: play a move first",
                code="chess.offer_once",
            )
        return replace(state, draw_offer=seat, offer_ply=state.ply), [
            Event("draw_offered", {"seat": seat})
        ]
    if isinstance(action, actions.ClaimDraw):
        return _claim(state, seat)
    if isinstance(action, actions.Move):
        return _move(state, seat, action)
    raise InvalidNotation(f"'{action}' is not a chess action", code="chess.unknown_action")


def _toss(state: ChessState) -> tuple[ChessState, list[Event]]:
    counter = state.dice.counter
    value, dice = state.dice.roll(2)
    host = WHITE if value == 1 else BLACK
    events = [
        Event(
            "roll", {"die": 2, "value": value, "purpose": "colors", "seat": None, "draw": counter}
        ),
        Event("colors", {"host": host}),
    ]
    settled = replace(state, dice=dice, phase=PLAY, host_color=host)
    return _settle(settled, settled.board), events


def _move(state: ChessState, seat: str, action: actions.Move) -> tuple[ChessState, list[Event]]:
    board = state.board
    move = _parse_move(board, action.text)
    san_text = board.san(move)
    after = board.copy()
    captured = board.piece_at(move.to_square)
    if board.is_en_passant(move):
        captured = chess.Piece(chess.PAWN, not board.turn)
    after.push(move)
    events = [
        Event(
            "moved",
            {
                "seat": seat,
                "uci": move.uci(),
                "san": san_text,
                "capture": None if captured is None else chess.piece_name(captured.piece_type),
                "promotion": None if move.promotion is None else chess.piece_name(move.promotion),
                "castling": board.is_castling(move),
                "en_passant": board.is_en_passant(move),
                "check": after.is_check(),
            },
        )
    ]
    offer = state.draw_offer
    if offer is not None and offer != seat:
        events.append(Event("draw_declined", {"seat": seat, "by_move": True}))
        offer = None
    new = ChessState(
        state.config,
        state.dice,
        PLAY,
        state.start,
        (*state.moves, move.uci()),
        state.host_color,
        offer,
        state.offer_ply,
        None,
        None,
        after,
    )
    new = _settle(new, after)
    if new.phase == OVER:
        events.append(_over_event(new.result, new.termination))
    return new, events


def _claim(state: ChessState, seat: str) -> tuple[ChessState, list[Event]]:
    board = state.board
    if board.can_claim_fifty_moves():
        reason = "fifty_moves"
    elif board.can_claim_threefold_repetition():
        reason = "threefold_repetition"
    else:
        raise IllegalAction(
            "no draw can be claimed now: the same position must be about to occur a third "
            f"time, or fifty moves by each side must pass without a capture or pawn move "
            f"(now {board.halfmove_clock // 2})",
            code="chess.no_claim",
            moves=board.halfmove_clock // 2,
        )
    return _end(state, "1/2-1/2", reason), [
        Event("draw_claimed", {"seat": seat, "reason": reason}),
        _over_event("1/2-1/2", reason),
    ]


def _settle(state: ChessState, board: chess.Board) -> ChessState:
    """The game ends by itself on checkmate, stalemate, dead material, fivefold repetition
    and the seventy-five-move rule."""
    done = board.outcome(claim_draw=False)
    if done is None:
        return state
    return _end(state, done.result(), _TERMINATION[done.termination])


def _end(state: ChessState, result: str, termination: str) -> ChessState:
    return replace(state, phase=OVER, result=result, termination=termination, draw_offer=None)


def _over_event(result: str | None, termination: str | None) -> Event:
    return Event("game_over", {"result": result, "termination": termination})


def outcome(state: ChessState) -> Outcome | None:
    winners = {"1-0": (WHITE,), "0-1": (BLACK,)}.get(state.result or "", ())
    return Outcome.once(
        state.phase == OVER and state.result is not None, winners, state.termination
    )


def view(state: ChessState, seat: str | None) -> ChessState:
    """Nothing on a chessboard is secret; the dice seed stays hidden until the end."""
    if state.phase == OVER or state.dice.seed is None:
        return state
    return replace(state, dice=state.dice.hidden(), _board=state._board)


def default_action(state: ChessState, seat: str) -> actions.Action | None:
    """No time limits in chess: nothing is played for a player."""
    return None
