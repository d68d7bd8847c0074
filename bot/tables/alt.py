"""A picture's text description (Discord's attachment ``description``, its alt text, read
by screen readers): the game, whose turn it is, the last move and a short summary of the
position, in the reader's language. Every table builds it from the very view its picture
is drawn from, so it never tells more than the picture shows; each game gives the last
move and the summary (its ``glance``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.i18n import t
from bot.tables.game import TableGame

ALT_LIMIT = 1024  # Discord's limit on an attachment's description, in characters


def fitted(text: str, limit: int = ALT_LIMIT) -> str:
    """``text`` within ``limit`` characters: cut at a word where it must be, with "…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "…"


def seats_named(game: TableGame, label: Callable[[str, str], str], seats: Any, locale: str) -> str:
    """``seats`` as "White (Ann), Black (🤖 strong)": each seat and its holder's name."""
    names = game.names_by_seat(locale)
    return ", ".join(
        t(locale, "alt.seat", seat=label(locale, s), name=names[s])
        if s in names
        else label(locale, s)
        for s in seats
    )


def describe(
    kind: str,
    game: TableGame,
    rules: Any,
    seen: Any,
    locale: str | None,
    last: str,
    summary: str,
    label: Callable[[str, str], str] | None = None,
) -> str:
    """The description of a picture drawn from ``seen`` (a view): the game and its number,
    whose turn it is (or how it ended), ``last`` (the last move, "" before any) and
    ``summary``, within :data:`ALT_LIMIT`. ``label``: a seat's name (by default the
    game's catalog's ``<game>.seat.<seat>``)."""
    loc = locale or game.locale
    if label is None:
        label = lambda lang, seat: t(lang, f"{kind}.seat.{seat}")  # noqa: E731
    parts = [t(loc, "alt.picture", game=t(loc, f"game.{kind}"), id=game.row.id)]
    outcome = rules.outcome(seen)
    if outcome is not None:
        if outcome.is_draw:
            parts.append(t(loc, "alt.drawn"))
        else:
            won = seats_named(game, label, sorted(outcome.winners), loc)
            parts.append(t(loc, "alt.won", seats=won))
    elif seats := rules.to_act(seen):
        parts.append(t(loc, "alt.turn", seats=seats_named(game, label, seats, loc)))
    parts.append(t(loc, "alt.last", move=last) if last else t(loc, "alt.no_last"))
    if summary:
        parts.append(summary)
    return fitted(" ".join(parts))


# ------------------------------------------------------------ each game's glance
#
# A glance gives a view's last move ("" before any) and the position in short, in the
# reader's language: only what that view (the picture's) shows.

Glance = tuple[str, str]


def _counted(locale: str, counts: dict[str, int]) -> str:
    """ "king, queen, rook ×2": pieces named in the reader's words, with their numbers."""
    return ", ".join(
        t(locale, "alt.piece_one", piece=word)
        if n == 1
        else t(locale, "alt.pieces", piece=word, n=n)
        for word, n in counts.items()
        if n
    )


def chess_glance(seen: Any, locale: str) -> Glance:
    import chess

    board = seen.board.copy()
    last = ""
    if seen.moves:
        move = board.pop()
        last = board.san(move)
        board.push(move)
    kinds = ("king", "queen", "rook", "bishop", "knight", "pawn")
    values = {"queen": 9, "rook": 5, "bishop": 3, "knight": 3, "pawn": 1}
    sides = []
    for color, seat in ((chess.WHITE, "white"), (chess.BLACK, "black")):
        counts = {k: len(board.pieces(i + 1, color)) for i, k in enumerate(reversed(kinds))}
        counts = {t(locale, f"alt.chess.{k}"): counts[k] for k in kinds}
        points = sum(
            len(board.pieces(i + 1, color)) * values.get(k, 0)
            for i, k in enumerate(reversed(kinds))
        )
        side = t(
            locale, "alt.side", seat=t(locale, f"chess.seat.{seat}"), what=_counted(locale, counts)
        )
        sides.append(f"{side} {t(locale, 'alt.material', points=points)}")
    if board.is_check() and not board.is_game_over():
        sides.append(t(locale, "alt.check"))
    return last, " ".join(sides)


def loa_glance(seen: Any, locale: str) -> Glance:
    from engine.loa.notation import square_name

    last = ""
    if seen.last_move is not None:
        last = "-".join(square_name(c) for c in seen.last_move)
    if seen.last_place is not None:
        place = t(locale, "alt.placed", square=square_name(seen.last_place))
        last = f"{last}, {place}" if last else place
    counts = [0, 0]
    for _f, _r, code in seen.pieces:
        counts[code & 1] += 1
    sides = [
        t(
            locale,
            "alt.side",
            seat=t(locale, f"loa.colour.{colour}"),
            what=t(locale, "alt.pieces_count", n=counts[i]),
        )
        for i, colour in enumerate(("white", "black"))
    ]
    return last, " ".join(sides)


def echec_glance(seen: Any, locale: str) -> Glance:
    from engine.echec import BATTLE, OVER, PLACEMENT, SEATS, SECRET

    if seen.phase == PLACEMENT and seen.config.placement == SECRET:
        return "", t(locale, "alt.secret_phase")  # each side's placing is its own
    last = ""
    if seen.last is not None and seen.phase in (BATTLE, OVER):
        last = f"{t(locale, f'echec.seat.{seen.last.seat}')}: {seen.last.text}"
        fight = seen.report
        if fight is not None and seen.last.text.startswith("attack"):
            said = [t(locale, "alt.echec.hits", hits=fight.hits, removed=fight.removed)]
            if fight.destroyed:
                said.append(t(locale, "alt.echec.destroyed"))
            if fight.panic:
                said.append(t(locale, "alt.echec.panic"))
            last = ", ".join([last, *said])
    sides = []
    for seat in SEATS:
        bases = [b for b in seen.board if b is not None and b.seat == seat]
        what = t(locale, "alt.bases", bases=len(bases), figures=sum(b.figures for b in bases))
        sides.append(t(locale, "alt.side", seat=t(locale, f"echec.seat.{seat}"), what=what))
    if seen.phase == BATTLE:
        sides.append(t(locale, "alt.actions_left", n=seen.actions_left))
    return last, " ".join(sides)


def inka_glance(seen: Any, locale: str) -> Glance:
    from engine.inka import PLAY, TEMPLE
    from engine.inka.state import DESTINATION_NAMES

    names = TEMPLE.board.names
    last = "-".join(names[c] for c in (seen.trail[0], seen.trail[-1])) if seen.trail else ""
    seats = seen.config.seats
    statues = [
        t(
            locale,
            "alt.statues",
            rhombus=rhombus,
            seats=", ".join(t(locale, f"inka.seat.{s}") for s in there) or "-",
        )
        for rhombus, there in zip(DESTINATION_NAMES, seen.statues, strict=False)
    ]
    pawns = [
        t(locale, "alt.pawn", seat=t(locale, f"inka.seat.{s}"), cell=names[cell])
        for s, cell in zip(seats, seen.pawns, strict=False)
        if cell is not None
    ]
    parts = [*pawns, *statues]
    if seen.phase == PLAY:
        parts.append(t(locale, "alt.ap", n=seen.ap))
    return last, " ".join(parts)


def alako_glance(seen: Any, locale: str) -> Glance:
    from engine.alako import SEATS
    from engine.alako.board import name

    parts = []
    if seen.last_spin is not None:
        seat, face = seen.last_spin
        spun = t(locale, "alt.spun", seat=t(locale, f"alako.seat.{SEATS[seat]}"))
        parts.append(f"{spun} {t(locale, f'alako.face.{face}')}")
    if seen.last_move:
        parts.append("-".join(name(s) for s in (seen.last_move[0], seen.last_move[-1])))
    sides = []
    for seat, side in zip(SEATS, seen.sides, strict=True):
        if side.mounted:
            pieces = [("rider", side.horse)]
        else:
            pieces = [("knight", side.knight), ("horse", side.horse)]
        pieces.append(("princess", side.princess))
        placed = [
            t(locale, "alt.piece_on", piece=t(locale, f"alako.piece.{p}"), square=name(sq))
            for p, sq in pieces
            if sq is not None
        ]
        if side.knight is None:  # up a ladder
            placed.insert(0, t(locale, "alt.climbing", piece=t(locale, "alako.piece.knight")))
        what = ", ".join([*placed, t(locale, "alt.forts", n=len(side.line))])
        sides.append(t(locale, "alt.side", seat=t(locale, f"alako.seat.{seat}"), what=what))
    return ", ".join(parts), " ".join(sides)


def loka_glance(seen: Any, locale: str) -> Glance:
    from bot.tables.loka_text import army
    from engine.loka.pieces import NAME, army_of, kind_of

    geo = seen.geometry
    last = ""
    if seen.last_move is not None:
        source, target = seen.last_move
        # A deployment is recorded as a move onto its own square: say where it was placed.
        last = (
            t(locale, "alt.placed", square=geo.names[target])
            if source == target
            else f"{geo.names[source]}-{geo.names[target]}"
        )
    fight = seen.last_combat
    if fight is not None:  # the combat that move was, its dice and what came of it
        told = t(locale, f"result.{fight.result}", a=fight.attack_roll, d=fight.defence_roll)
        last = f"{last}, {told.rstrip('.!')}" if last else told.rstrip(".!")
    # Counted by piece (in C: a board holds dozens, of a few kinds an army), then named.
    kinds: list[dict[int, int]] = [{} for _ in geo.seat_names]
    for piece, n in Counter(seen.board).items():
        if piece > 0 and army_of(piece) < len(kinds):
            kinds[army_of(piece)][kind_of(piece)] = n
    counts: list[dict[str, int]] = [{} for _ in geo.seat_names]
    for named, counted in zip(counts, kinds, strict=True):
        for kind, n in counted.items():
            word = t(locale, f"piece.{NAME[kind]}")
            named[word] = named.get(word, 0) + n
    sides = [
        t(locale, "alt.side", seat=army(locale, seat), what=_counted(locale, counts[i]) or "-")
        for i, seat in enumerate(geo.seat_names)
    ]
    return last, " ".join(sides)


GLANCES = {
    "chess": chess_glance,
    "loa": loa_glance,
    "echec": echec_glance,
    "inka": inka_glance,
    "alako": alako_glance,
    "loka": loka_glance,
}


def described(
    kind: str,
    game: TableGame,
    rules: Any,
    seen: Any,
    locale: str | None,
    label: Callable[[str, str], str] | None = None,
    also: str = "",
) -> str:
    """The description of a board picture of the game ``kind`` drawn from ``seen``, with
    its game's glance; ``also``: what else the picture shows happened this turn (Inka's
    rhombi moved), told with the last move."""
    loc = locale or game.locale
    last, summary = GLANCES[kind](seen, loc)
    last = ", ".join(part for part in (also, last) if part)
    return describe(kind, game, rules, seen, loc, last, summary, label)


def rhombi_moved(locale: str, moved: Any) -> str:
    """Inka's rhombi laid, slid or turned this turn (those its picture highlights)."""
    from engine.inka import TEMPLE

    board = TEMPLE.board
    return ", ".join(
        t(locale, "alt.rhombus", rhombus=m.name, cells=board.pair_name(m.after)) for m in moved
    )


# ------------------------------------------------------------ pictures outside a board


def army_card(locale: str, army: str, player: str, draft: Any, budget: int, costs: Any) -> str:
    """A Loka army card's description: the army, its player, its pieces and points (what
    the card shows, to the card's reader alone)."""
    from bot.tables.loka_text import army as army_label
    from engine.loka.pieces import BOUGHT, NAME

    counts = {t(locale, f"piece.{NAME[k]}"): n for k, n in zip(BOUGHT, draft, strict=False)}
    spent = sum(n * costs[k] for k, n in zip(BOUGHT, draft, strict=False))
    said = t(
        locale,
        "alt.army_card",
        army=army_label(locale, army),
        player=player or "-",
        pieces=_counted(locale, {t(locale, "piece.king"): 1, **counts}),
        spent=spent,
        budget=budget,
    )
    return fitted(said)


def chess_review(locale: str, state: Any, names: dict[str, str], result: str) -> str:
    """An imported finished chess game's final position: its players, result, last move
    and material."""
    last, summary = chess_glance(state, locale)
    parts = [
        t(
            locale,
            "alt.review",
            white=names.get("white") or "?",
            black=names.get("black") or "?",
            result=result,
        ),
        t(locale, "alt.last", move=last) if last else t(locale, "alt.no_last"),
        summary,
    ]
    return fitted(" ".join(parts))


def standings(locale: str, title: str, boards: Any) -> str:
    """A leaderboard picture's description: each family's lines, best first (as many as
    fit)."""
    parts = [f"{title}."]
    for board in boards:
        lines = "; ".join(
            t(
                locale,
                "alt.standing",
                rank=s.rank,
                name=s.name,
                rating=s.rating,
                games=s.games,
                wins=s.wins,
            )
            for s in board.lines
        )
        parts.append(f"{board.title}: {lines}.")
    return fitted(" ".join(parts))


def rating_history(locale: str, title: str, values: list[int]) -> str:
    """A rating history picture's description: from where to where, over how many games."""
    if not values:
        return fitted(f"{title}.")
    said = t(
        locale,
        "alt.history",
        first=values[0],
        last=values[-1],
        games=len(values),
        best=max(values),
    )
    return fitted(f"{title}. {said}")
