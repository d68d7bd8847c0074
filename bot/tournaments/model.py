"""What a tournament is made of (issue 35): the tournament, its entrants and its games.

Plain frozen records, shared by the pure core (pairing, standings), storage and the running:
nothing here reads or writes anything. Ids are ints: a person is their Discord user id; a
computer player is a negative id (as a table's computer seats are, ``bot.model.is_ai``),
unique within the tournament, with its level in :attr:`Entrant.computer`.

Rounds are numbered from 1; ``Tournament.round`` is 0 before the start. A late join or a
withdrawal is recorded as the tournament's round at that moment (see :meth:`Entrant.plays`),
so that the pairing and the standings read who played when from the records alone."""

from __future__ import annotations

from dataclasses import dataclass

SWISS, ROUND_ROBIN, ARENA = "swiss", "round-robin", "arena"
FORMATS = (SWISS, ROUND_ROBIN, ARENA)
STATUSES = ("signup", "running", "paused", "finished", "cancelled")
LIVE = ("signup", "running", "paused")  # what a restart resumes


@dataclass(frozen=True)
class Tournament:
    """One tournament of one game kind on one server."""

    id: str
    guild_id: int
    channel_id: int
    kind: str  # the game: "loa", "loka", "inka"...
    format: str  # one of FORMATS
    rounds: int  # a round robin's is set by its player count at the start (an arena: see service)
    clock: str | None  # every game of the tournament gets it (as /<kind> new takes it)
    options: str  # the game's variant options, as /<kind> new takes them
    starts_at: float | None
    organizer_id: int
    status: str  # one of STATUSES
    table_size: int  # players per game: 2, or 3/4 (Loka, Inka, Lines of Action in teams)
    round: int = 0  # the current round, 0 before the start
    arena_ends_at: float | None = None
    message_id: int | None = None  # the sign-up post
    thread_id: int | None = None
    created_at: float = 0.0


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament. ``joined_round`` and ``withdrawn_round`` are the
    tournament's round when they joined (0: before the start) and when they withdrew or
    were removed (None: still in)."""

    tournament_id: str
    user_id: int
    name: str
    joined_round: int = 0
    withdrawn_round: int | None = None
    computer: str | None = None  # a computer player's level; None for a person

    def plays(self, round_: int) -> bool:
        """Is this entrant paired in round ``round_``? One who joins while round r runs
        plays from round r + 1; one who withdraws while round r runs finishes nothing more
        than round r (that round's game was already paired and is played or awarded)."""
        if round_ <= self.joined_round:
            return False
        return self.withdrawn_round is None or round_ <= self.withdrawn_round


@dataclass(frozen=True)
class Game:
    """One game (or bye) of a round. ``seats`` are user ids in seat order: the first seat
    moves first (White in a 2-player game). A bye is a Game with one seat and its points
    already set (:func:`bye`)."""

    tournament_id: str
    round: int
    table: int  # 1, 2... within the round
    seats: tuple[int, ...]
    game_id: str | None = None  # the table game, once opened
    points: tuple[float, ...] | None = None  # per seat, once finished (or awarded)
    places: tuple[int, ...] | None = None  # per seat, 1 = first; ties share a place
    awarded: bool = False  # the organizer decided it (no game was played to the end)

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def finished(self) -> bool:
        return self.points is not None


def bye_points(table_size: int) -> float:
    """What a bye is worth: a win in a 2-player game (lichess's and FIDE's pairing-allocated
    bye); at N-player tables the mean of a table's points by place (N - 1) / 2, neither a
    win nor a last place, since the player could have come anywhere."""
    return 1.0 if table_size == 2 else (table_size - 1) / 2


def bye(tournament_id: str, round_: int, table: int, user_id: int, table_size: int) -> Game:
    """The bye of ``user_id`` in a round, with its points already set."""
    return Game(
        tournament_id,
        round_,
        table,
        (user_id,),
        points=(bye_points(table_size),),
        places=(1,),
    )
