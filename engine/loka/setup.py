"""Before the battle: secret army selection, terrain set-up, deployment (RULINGS 1.3-1.7)."""

from __future__ import annotations

from functools import lru_cache

from engine.errors import IllegalAction
from engine.loka.actions import Confirm, Deploy, Draft
from engine.loka.combat import ORDER_DIE
from engine.loka.config import BOX_SUPPLY, LokaConfig
from engine.loka.geometry import AXIS_OF_DIRECTION, Geometry
from engine.loka.movegen import home_pawns
from engine.loka.pieces import BOUGHT, KINDS, KING, LETTER, NAME, NOBLES, PAWN, code
from engine.loka.state import BATTLE, DEPLOYMENT, LokaState
from engine.loka.terrain import PASS, PORTAL, TILE_KINDS, TILE_NAMES, TILE_SET, Tile
from engine.loka.work import Work

# ---------------------------------------------------------------- army selection


def draft_cost(config: LokaConfig, counts: tuple[int, ...]) -> int:
    return sum(config.costs[kind] * n for kind, n in zip(BOUGHT, counts, strict=True))


def _count(n: int, noun: str) -> str:
    """``'1 pawn'``, ``'4 pawns'``: refusals name exact counts."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _over_limit(
    noun: str, note: str = "", *, code: str, limit: int, count: int
) -> IllegalAction | None:
    """The refusal of ``count`` pieces (``noun``) an army may have at most ``limit`` of."""
    if count <= limit:
        return None
    return IllegalAction(
        f"at most {_count(limit, noun)}{note} (this army has {count})",
        code=code,
        limit=limit,
        count=count,
    )


def draft_problem(config: LokaConfig, budget: int, counts: tuple[int, ...]) -> IllegalAction | None:
    """Why an army may not be fielded (an error to raise), or ``None`` when it may."""
    if len(counts) != len(BOUGHT) or any(n < 0 for n in counts):
        return IllegalAction(
            "an army lists queens, rooks, bishops, knights and pawns, none negative",
            code="loka.draft_shape",
        )
    cost = draft_cost(config, counts)
    if cost > budget:
        return IllegalAction(
            f"this army costs {cost} points but you may spend {budget}: "
            f"remove {cost - budget} points of pieces",
            code="loka.over_budget",
            cost=cost,
            budget=budget,
            excess=cost - budget,
        )
    too_many = _over_limit(
        "pawn", code="loka.too_many_pawns", limit=config.max_pawns, count=counts[-1]
    ) or _over_limit(
        "piece",
        ", king included",
        code="loka.too_many_pieces",
        limit=config.max_pieces,
        count=1 + sum(counts),
    )
    if too_many:
        return too_many
    supply = BOX_SUPPLY[config.box]
    if supply:
        for kind, n in zip(BOUGHT, counts, strict=True):
            if n > supply[kind]:
                return IllegalAction(
                    f"the {config.box} box holds only {_count(supply[kind], NAME[kind])} per "
                    f"army (this army has {n})",
                    code="loka.box_supply",
                    box=config.box,
                    limit=supply[kind],
                    piece=NAME[kind],
                    count=n,
                )
    return None


# Past this many possible armies (massive budgets), the list of legal drafts keeps only the
# full ones, to which no further piece fits; any army within the limits is still accepted.
DRAFT_LIST_LIMIT = 50_000


# What the drafts depend on: the costs (sorted pairs), the piece and pawn limits, the box.
DraftKey = tuple[tuple[tuple[int, int], ...], int, int, str]


def _draft_caps(config_key: DraftKey, budget: int) -> tuple[list[int], list[int], int]:
    costs, max_pieces, max_pawns, box = config_key
    price = dict(costs)
    supply = BOX_SUPPLY[box] or {}
    prices = [price[kind] for kind in BOUGHT]
    caps = [supply.get(kind, max_pieces) for kind in BOUGHT]
    caps[BOUGHT.index(PAWN)] = min(caps[BOUGHT.index(PAWN)], max_pawns)
    return prices, caps, max_pieces - 1


def _count_drafts(prices: list[int], caps: list[int], room: int, budget: int) -> int:
    def count(i: int, left: int, room: int) -> int:
        top = min(room, caps[i], left // prices[i] if prices[i] else room)
        if i == len(prices) - 1:
            return top + 1
        return sum(count(i + 1, left - n * prices[i], room - n) for n in range(top + 1))

    return count(0, budget, room)


@lru_cache(maxsize=64)
def _all_drafts(config_key: DraftKey, budget: int) -> tuple[Draft, ...]:
    """Every army within the budget and limits, in order of the counts (Q, R, B, N, P);
    only the full ones past ``DRAFT_LIST_LIMIT``. Enumerated with pruning: massive battles
    allow hundreds of thousands of armies."""
    prices, caps, room = _draft_caps(config_key, budget)
    full_only = _count_drafts(prices, caps, room, budget) > DRAFT_LIST_LIMIT
    last = len(prices) - 1
    out: list[Draft] = []
    counts = [0] * len(prices)

    def full(left: int, room: int) -> bool:
        return room == 0 or all(
            counts[i] >= caps[i] or prices[i] > left for i in range(len(prices))
        )

    def walk(i: int, left: int, room: int) -> None:
        top = min(room, caps[i], left // prices[i] if prices[i] else room)
        for n in range(top + 1):
            counts[i] = n
            if i == last:
                if not full_only or full(left - n * prices[i], room - n):
                    out.append(Draft.of(counts))
            else:
                walk(i + 1, left - n * prices[i], room - n)
        counts[i] = 0

    walk(0, budget, room)
    return tuple(out)


def draft_key(config: LokaConfig) -> DraftKey:
    """What the drafts an army may choose depend on, hashable (a config holds dicts)."""
    return (tuple(sorted(config.costs.items())), config.max_pieces, config.max_pawns, config.box)


def all_drafts(config: LokaConfig, budget: int) -> tuple[Draft, ...]:
    return _all_drafts(draft_key(config), budget)


def apply_selection(w: Work, army: int, action: Draft | Confirm) -> None:
    config = w.state.config
    state = w.armies[army]
    team = frozenset(w.seat(j) for j in (army, *w.geo.teammates[army]))
    if isinstance(action, Draft):
        problem = draft_problem(config, state.budget, action.counts)
        if problem:
            raise problem
        w.set_army(army, draft=action.counts)
        w.emit(
            "draft",
            visible_to=team,
            army=w.seat(army),
            draft=str(action)[6:],
            cost=draft_cost(config, action.counts),
            budget=state.budget,
        )
        return
    if state.draft is None:
        raise IllegalAction(
            "choose your army before confirming, e.g. 'draft R B N 4P' (king only: 'draft -')",
            code="loka.confirm_without_draft",
        )
    w.set_army(army, confirmed=True)
    ready = sum(1 for a in w.armies if a.confirmed)
    w.emit("army_confirmed", army=w.seat(army), ready=ready, of=len(w.armies))
    if all(a.confirmed for a in w.armies):
        _reveal(w)
        _place_terrain(w)
        _start_deployment(w)


def _reveal(w: Work) -> None:
    for army, state in enumerate(w.armies):
        counts = state.draft or (0,) * len(BOUGHT)
        reserve = [0] * 7
        reserve[KING] = 1
        for kind, n in zip(BOUGHT, counts, strict=True):
            reserve[kind] = n
        w.set_army(army, reserve=tuple(reserve))
        w.emit(
            "army_revealed",
            army=w.seat(army),
            draft=str(Draft.of(counts))[6:],
            cost=draft_cost(w.state.config, counts),
        )


# ---------------------------------------------------------------- terrain


def _zone_square(w: Work, army: int, purpose: str) -> int:
    """Roll a square of the placer's zone until it holds no tile: on the cross a D6 for the
    zone column then a D6 for the row; in Face-off a die for the row counted from the
    placer's edge (D8 on 8x8, one face per row on a massive board), then one for the column."""
    taken = {t.square for t in w.tiles}
    geo = w.geo
    seat = w.seat(army)
    while True:
        if geo.row_first:
            row = w.roll(geo.zone_depth, purpose + "_row", seat)
            col = w.roll(geo.zone_width, purpose + "_column", seat)
        else:
            col = w.roll(geo.zone_width, purpose + "_column", seat)
            row = w.roll(geo.zone_depth, purpose + "_row", seat)
        sq = geo.zone[army][(col, row)]
        if sq >= 0 and sq not in taken:
            return sq
        w.emit("tile_reroll", army=w.seat(army), square=w.name(sq) if sq >= 0 else None)


def _portal_partner(w: Work, placer: int, sq: int) -> int:
    """The placer's enemy whose edge is farther from ``sq`` (tie: first clockwise)."""
    n = len(w.geo.seats)
    enemies = [(placer + k) % n for k in range(1, n) if (placer + k) % n in w.geo.enemies[placer]]
    return max(enemies, key=lambda e: (w.geo.row_of[e][sq], -enemies.index(e)))


def _put_tile(w: Work, army: int, tile: Tile, *, pair: bool = False) -> None:
    w.tiles.append(tile)
    w.emit(
        "tile_placed",
        army=w.seat(army),
        tile=tile.kind,
        name=TILE_NAMES[tile.kind],
        square=w.name(tile.square),
        axis=tile.axis,
        pair=pair,
    )


def _roll_tile_kind(w: Work, placer: int) -> str:
    """Face-off: a D8 on the tile table (1 castle ... 8 magic portal). There is one portal
    pair: once it is down, a portal roll is rolled again (**Ruling**)."""
    while True:
        tiles = list(TILE_KINDS)
        kind = tiles[w.roll(len(tiles), "tile_kind", w.seat(placer), tiles=tiles) - 1]
        if kind != PORTAL or not any(t.kind == PORTAL for t in w.tiles):
            return kind


def _place_terrain(w: Work) -> None:
    placements = w.state.config.tiles
    if placements == 0:
        return
    n = len(w.geo.seats)
    pile = list(TILE_SET)
    # The rolls name what each face stands for (RULINGS 0: a ritual is a roll, shown).
    placer = w.roll(n, "first_tile_placer", order=list(w.geo.seat_names)) - 1
    w.emit("terrain_start", first=w.seat(placer), placements=placements)
    for _ in range(placements):
        if w.geo.tile_table:
            kind = _roll_tile_kind(w, placer)
        elif pile:
            kind = pile.pop(w.roll(len(pile), "tile_draw", w.seat(placer), tiles=list(pile)) - 1)
        else:
            break
        sq = _zone_square(w, placer, "tile")
        axis = AXIS_OF_DIRECTION[w.geo.pawn_dir[placer]] if kind == PASS else None
        _put_tile(w, placer, Tile(sq, kind, axis))
        if kind == PORTAL and (PORTAL in pile or w.geo.tile_table):
            if PORTAL in pile:
                pile.remove(PORTAL)
            partner = _portal_partner(w, placer, sq)
            _put_tile(w, partner, Tile(_zone_square(w, partner, "portal"), PORTAL), pair=True)
        placer = (placer + 1) % n


# ---------------------------------------------------------------- deployment


def roll_off(w: Work, contenders: list[int], purpose: str, *, lowest: bool) -> int:
    """Everyone rolls a D20; the lowest (or highest) wins; ties roll again among the tied."""
    group = list(contenders)
    round_ = 1
    while True:
        rolls = {a: w.roll(ORDER_DIE, purpose, w.seat(a), round=round_) for a in group}
        best = min(rolls.values()) if lowest else max(rolls.values())
        group = [a for a in group if rolls[a] == best]
        if len(group) == 1:
            return group[0]
        round_ += 1


def _start_deployment(w: Work) -> None:
    w.phase = DEPLOYMENT
    alive = [a for a in range(len(w.armies)) if w.armies[a].alive]
    w.turn = roll_off(w, alive, "deployment_order", lowest=True)
    w.emit("deployment_start", first=w.seat(w.turn))


def deploy_squares(state: LokaState, army: int, kind: int) -> tuple[int, ...]:
    """Where a piece of ``kind`` may be deployed now, or () when that kind may not be yet."""
    first = _first_row(state.armies[army].reserve, kind)
    return _open_row(state, army, first=first) if first else ()


def _first_row(reserve: tuple[int, ...], kind: int) -> int:
    """The row from which a piece of ``kind`` deploys now (pawns from row 2), or 0 while it
    may not: none left, the king first, pawns last."""
    if reserve[kind] == 0:
        return 0
    if kind != KING and reserve[KING]:
        return 0
    if kind == PAWN and any(reserve[k] for k in NOBLES):
        return 0
    return 2 if kind == PAWN else 1


def _open_row(state: LokaState, army: int, *, first: int) -> tuple[int, ...]:
    """The free squares of the lowest row from ``first`` that has any (tiles take room)."""
    geo = state.geometry
    board = state.board
    tile_at = state.terrain.tile_at
    for row in range(first, geo.deploy_depth + 1):
        free = tuple(
            sq for sq in geo.row_squares(army, row) if board[sq] == 0 and tile_at[sq] is None
        )
        if free:
            return free
    return ()


_DEPLOYS: dict[Geometry, dict[tuple[int, tuple[int, ...]], tuple[Deploy, ...]]] = {}


def deploy_actions(state: LokaState, army: int) -> list[Deploy]:
    """Every deployment the army may make now, by kind then square (the deployments of a
    kind to a row's free squares are made once per board and serve every state)."""
    geo = state.geometry
    made = _DEPLOYS.get(geo)
    if made is None:
        made = _DEPLOYS.setdefault(geo, {})
    reserve = state.armies[army].reserve
    rows: dict[int, tuple[int, ...]] = {}  # the nobles share their row
    out: list[Deploy] = []
    for kind in KINDS:
        first = _first_row(reserve, kind)
        if not first:
            continue
        free = rows.get(first)
        if free is None:
            free = rows[first] = tuple(sorted(_open_row(state, army, first=first)))
        deploys = made.get((kind, free))
        if deploys is None:
            if len(made) >= 4096:  # a wide board's rows have many ways of being half full
                made.clear()
            deploys = made[kind, free] = tuple(Deploy(kind, geo.names[sq]) for sq in free)
        out.extend(deploys)
    return out


def apply_deploy(w: Work, army: int, action: Deploy) -> None:
    state = w.state
    geo = w.geo
    sq = geo.parse(action.square)
    reserve = state.armies[army].reserve
    kind = action.kind
    if reserve[kind] == 0:
        left = ", ".join(f"{n} {NAME[k]}" for k in KINDS if (n := reserve[k])) or "nothing"
        raise IllegalAction(
            f"you have no {NAME[kind]} left to deploy (you still have {left})",
            code="loka.none_left",
            piece=NAME[kind],
            left=left,
        )
    allowed = deploy_squares(state, army, kind)
    if not allowed:
        if reserve[KING]:
            where = " ".join(geo.names[s] for s in sorted(deploy_squares(state, army, KING)))
            raise IllegalAction(
                f"deploy your king first, on a free square of your row 1: {where}",
                code="loka.king_first",
                squares=where,
            )
        nobles = " ".join(sorted({LETTER[k] for k in NOBLES if reserve[k]}))
        raise IllegalAction(
            f"pawns come last: deploy your nobles ({nobles}) first",
            code="loka.pawns_last",
            pieces=nobles,
        )
    if sq not in allowed:
        where = " ".join(geo.names[s] for s in sorted(allowed))
        raise IllegalAction(
            f"a {NAME[kind]} cannot be deployed on {action.square} now: rows fill from your "
            f"edge ({'pawns never in row 1, ' if kind == PAWN else ''}tiles cannot be "
            f"deployed on); free squares now: {where}",
            code="loka.deploy_square",
            piece=NAME[kind],
            square=action.square,
            squares=where,
        )
    w.board[sq] = code(army, kind)
    new_reserve = list(reserve)
    new_reserve[kind] -= 1
    w.set_army(army, reserve=tuple(new_reserve))
    w.emit("deployed", army=w.seat(army), piece=LETTER[kind], square=action.square)
    w.last_move = (sq, sq)
    next_deployer(w, army)


def next_deployer(w: Work, army: int) -> None:
    n = len(w.armies)
    for k in range(1, n + 1):
        nxt = (army + k) % n
        if w.armies[nxt].alive and any(w.armies[nxt].reserve):
            w.turn = nxt
            return
    start_battle(w)


def start_battle(w: Work) -> None:
    from engine.loka.battle import next_mover  # battle builds on set-up, not the reverse

    w.phase = BATTLE
    w.last_move = None
    # Every pawn deployed in its row 2 may double-step on its first move (RULINGS 1.8).
    w.fresh_pawns = set(home_pawns(w.geo, w.board))
    alive = [a for a in range(len(w.armies)) if w.armies[a].alive]
    first = roll_off(w, alive, "battle_order", lowest=False)
    w.emit("battle_start", first=w.seat(first))
    next_mover(w, first)
