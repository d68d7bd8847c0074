"""Sample images of every kind, for people to look at: ``python -m renderer.demo OUT_DIR``.

The states are built with the engine (positions and real games with a fixed seed, every
choice deterministic) and always pass through ``engine.loka.view`` before drawing. The
tests and the benchmark use the same states."""

from __future__ import annotations

import sys
from dataclasses import replace

from engine.loka import (
    BATTLE,
    DEPLOYMENT,
    Confirm,
    Draft,
    Keep,
    LokaConfig,
    LokaState,
    Move,
    apply,
    legal_actions,
    new_game,
    state_from_position,
    to_act,
    view,
)
from engine.loka.geometry import CROSS
from renderer.loka import (
    LokaImageOptions,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
)
from renderer.sample_files import demo_main, players

SEED = b"plateau-demo"
NAMES = players("fire", "earth", "water", "air")

# 64 pieces: four full armies, some advanced into the centre, all nine tiles.
CROWDED = (
    "fire: Ke1 Qf4 Rd1 Ri1 Bf1 Bg1 Nh1 Nd3 Pd2 Pe3 Pf2 Pg3 Ph2 Pi2 Pe5 Pg5; "
    "earth: Ka6 Qd7 Ra4 Ra9 Ba5 Ba8 Na7 Nc4 Pb4 Pc5 Pb6 Pc7 Pb8 Pb9 Pe6 Pe8; "
    "water: Kf12 Qg9 Rd12 Ri12 Be12 Bh12 Ng12 Ni10 Pd11 Pe10 Pf11 Pg10 Ph11 Pi11 Pf8 Ph8; "
    "air: Kl7 Qi6 Rl4 Rl9 Bl5 Bl8 Nl6 Nj9 Pk4 Pj5 Pk6 Pj7 Pk8 Pk9 Ph6 Ph5; "
    "terrain: castle@f6 forest@g7 lake@e7 eyrie@h7 marsh@g6 stone@d8 pass@f5/n "
    "portal@d5 portal@i8; turn: fire"
)

DRAFTS = {
    "fire": (1, 0, 0, 1, 4),  # Q N 4P: 160
    "earth": (0, 1, 2, 1, 0),  # R 2B N: 160
    "water": (1, 0, 1, 0, 3),  # Q B 3P: 160
    "air": (0, 2, 0, 1, 3),  # 2R N 3P: 160
}


def _pick(state: LokaState, seat: str, step: int) -> LokaState:
    """A deterministic, varied choice among the legal actions (the renderer may not use
    the random module, and the demo should look the same on every run)."""
    actions = legal_actions(state, seat)
    return apply(state, actions[(step * 7 + 3) % len(actions)], seat)[0]


def selection_state(*, confirm_all: bool = False) -> LokaState:
    state = new_game(LokaConfig(), seed=SEED, game_id="demo")
    for seat in ("fire", "earth", "water") if not confirm_all else DRAFTS:
        state = apply(state, Draft(DRAFTS[seat]), seat)[0]
        if seat != "water" or confirm_all:
            state = apply(state, Confirm(), seat)[0]
    return state


def deployment_state(placed: int = 9) -> LokaState:
    """A game in deployment after ``placed`` pieces have been set down."""
    return _deploy(selection_state(confirm_all=True), placed)


def _deploy(state: LokaState, placed: int) -> LokaState:
    """``placed`` deterministic deployments (fewer if the deployment ends first)."""
    for step in range(placed):
        if state.phase != DEPLOYMENT:
            break
        state = _pick(state, to_act(state)[0], step)
    return state


def opening_state() -> LokaState:
    """Battle has just begun: every army deployed."""
    state = deployment_state(placed=1000)
    assert state.phase == BATTLE
    return state


def _play(state: LokaState, plies: int) -> LokaState:
    """``plies`` deterministic actions on from ``state`` (fewer if the game ends)."""
    for step in range(plies):
        waiting = to_act(state)
        if not waiting:
            break
        state = _pick(state, waiting[0], step)
    return state


def crowded_state(plies: int = 0) -> LokaState:
    return _play(state_from_position(CROWDED, seed=SEED, game_id="crowded"), plies)


def combat_state() -> LokaState:
    """Right after an attack in the crowded position: the dice badge shows."""
    state = crowded_state()
    board = state.board
    for action in legal_actions(state, "fire"):
        if not isinstance(action, Move):
            continue
        dst = CROSS.parse(action.dst)
        if board[dst] and CROSS.enemy[0][board[dst]] and action.src == "f4":
            state = apply(state, action, "fire")[0]
            break
    if state.pending is not None:  # a Super D20 holder decides
        state = apply(state, Keep(), to_act(state)[0])[0]
    return state


def final_state() -> LokaState:
    """A finished game: Fire and Water take both enemy kings (combat off, so the attacks
    succeed whatever the dice)."""
    text = (
        "fire: Ke1 Qa5 Rd2 Pe3 Pf4 Pg3; water: Kf12 Ri7 Be10 Ph9; "
        "earth: Ka6 Pb6; air: Kl7 Nk5; terrain: castle@f6 lake@g9 portal@d5 portal@i8 "
        "pass@h4/e; turn: fire"
    )
    state = state_from_position(text, LokaConfig(combat=False), seed=SEED, game_id="end")
    state = apply(state, Move("a5", "a6"), "fire")[0]
    state = apply(state, Move("i7", "l7"), "water")[0]
    return state


# Pieces standing on tiles of their own colour (an Earth pawn in the forest, an Air knight
# on the eyrie, ...) and the Fire bishop on a portal, free to jump to the other one.
PORTAL = (
    "fire: Ke1 Bd5 Pe3 Nf3 Rf6 Pi3; earth: Ka6 Pg7 Ng6 Pc5 Pb4; water: Kf12 Rd8 Pe10 Ph11; "
    "air: Kl7 Nh7 Pj6 Pk5; terrain: castle@f6 forest@g7 lake@e7 eyrie@h7 marsh@g6 stone@d8 "
    "pass@f5/n portal@d5 portal@i8; turn: fire"
)
# Fire's pawn attacks an Earth pawn that five pieces avenge: Earth holds a Super D20.
DECISION = "fire: Ke1 Pe4; earth: Ka6 Pf5 Rf9 Rj5 Nd4; air: Kl7 Nh6 Ng3; water: Ki12; turn: fire"


def portal_state() -> LokaState:
    return state_from_position(PORTAL, seed=SEED, game_id="portal")


def portal_move_state() -> LokaState:
    """Right after the Fire bishop went through the portals: d5, i8, then on to g10."""
    return apply(portal_state(), Move("d5", "g10"), "fire")[0]


def decision_state() -> LokaState:
    """A combat waiting for Earth, the defender, to decide on its Super D20 re-roll."""
    state = state_from_position(DECISION, seed=SEED, game_id="decision")
    return apply(state, Move("e4", "f5"), "fire")[0]


def terrain_samples() -> dict[str, bytes]:
    """Portal moves, the last move through the portals, and a Super D20 decision."""
    opts = LokaImageOptions(names=NAMES)
    portal = portal_state()
    return {
        "portal_moves.png": render_loka(
            view(portal, "fire"),
            options=replace(opts, selected="d5", targets=targets_of(portal, "d5")),
        ),
        "portal_last_move.png": render_loka(view(portal_move_state(), "earth"), options=opts),
        "decision.png": render_loka(view(decision_state(), "fire"), options=opts),
    }


# ---------------------------------------------------------------- Face-off and massive battles

FACEOFF = LokaConfig(board="faceoff", elements=("fire", "air"))
MASSIVE = LokaConfig(board="faceoff", size=(16, 8), elements=("water", "earth"))
FACEOFF_DRAFTS = {"fire": (1, 1, 2, 1, 4), "air": (1, 1, 1, 2, 5)}  # 270 and 280 of 300
MASSIVE_DRAFTS = {"water": (2, 2, 2, 2, 14), "earth": (1, 3, 3, 2, 12)}  # 540 and 560 of 600

FACEOFF_MIDGAME = (
    "board: faceoff; fire: Kd1 Qd4 Rb2 Bc1 Bf1 Ne3 Pa3 Pb3 Pc4 Pe4 Pg2; "
    "air: Ke8 Qf6 Rh8 Bc8 Nd6 Ng8 Pa6 Pb5 Pc5 Pe5 Pf7 Ph6; "
    "terrain: castle@g5 lake@b4 marsh@h3 portal@a5 portal@f2; turn: fire"
)
# A 32x32 battlefield (16 boards): two big armies facing each other across a wide no-man's-land.
MASSIVE_32 = (
    "board: faceoff 32x32; fire: Kp1 Qo1 Qq1 Rj1 Rw1 Bm1 Bt1 Nk1 Nv1 Pi2 Pj2 Pk2 Pl2 Pm2 Pn2 "
    "Po3 Pp3 Pq3 Pr2 Ps2 Pt2 Pu2 Pv2 Pw2 Qf9 Rab6; "
    "air: Kq32 Qp32 Rj32 Rw32 Bm32 Bt32 Nk31 Nv31 Pi31 Pj31 Pk30 Pl31 Pm31 Pn31 Po31 Pp30 "
    "Pq30 Pr31 Ps31 Pt31 Pu31 Pw31 Qz22 Nd25; "
    "terrain: castle@p12 forest@h20 lake@x16 eyrie@e8 marsh@ac27 stone@r22 pass@l14/n "
    "portal@c3 portal@ad29; turn: fire"
)


def faceoff_game(
    config: LokaConfig, drafts: dict[str, tuple[int, int, int, int, int]], placed: int
) -> LokaState:
    """A Face-off game after secret selection, terrain and ``placed`` deployments."""
    state = new_game(config, seed=SEED, game_id="faceoff")
    for seat, draft in drafts.items():
        state = apply(state, Draft(draft), seat)[0]
        state = apply(state, Confirm(), seat)[0]
    return _deploy(state, placed)


def faceoff_combat_state() -> LokaState:
    """The Face-off midgame right after the fire queen attacks."""
    state = state_from_position(FACEOFF_MIDGAME, FACEOFF, seed=SEED, game_id="faceoff-combat")
    state = apply(state, Move("d4", "d6"), "fire")[0]
    if state.pending is not None:
        state = apply(state, Keep(), to_act(state)[0])[0]
    return state


def faceoff_final_state() -> LokaState:
    """A finished Face-off game: the air king falls (combat off, so the attack succeeds)."""
    text = (
        "board: faceoff; fire: Kd1 Qe6 Rb2 Pc4 Pg3; air: Ke8 Nd6 Pa6 Pb5 Ph6; "
        "terrain: castle@g5 lake@b4 marsh@h3 portal@a5 portal@f2; turn: fire"
    )
    config = replace(FACEOFF, combat=False)
    state = state_from_position(text, config, seed=SEED, game_id="faceoff-end")
    return apply(state, Move("e6", "e8"), "fire")[0]


def massive_state(plies: int = 0) -> LokaState:
    return _play(state_from_position(MASSIVE_32, seed=SEED, game_id="massive"), plies)


def faceoff_samples() -> dict[str, bytes]:
    """Face-off on 8x8, a 16x8 massive battle and a 32x32 one."""
    names = {"fire": "Ada", "air": "Dana Kowalczyk", "water": "Chidi", "earth": "Björn"}
    opts = LokaImageOptions(names=names)
    opening = faceoff_game(FACEOFF, FACEOFF_DRAFTS, placed=1000)
    combat = faceoff_combat_state()
    seat = combat.seat_to_move or "air"
    square = "e8" if seat == "air" else "d1"
    wide = faceoff_game(MASSIVE, MASSIVE_DRAFTS, placed=1000)
    return {
        "faceoff_opening.png": render_loka(view(opening, "fire"), options=opts),
        "faceoff_deployment.png": render_deployment(
            view(faceoff_game(FACEOFF, FACEOFF_DRAFTS, placed=7), "air"), options=opts
        ),
        "faceoff_combat.png": render_loka(view(combat, "air"), options=replace(opts, bottom="air")),
        "faceoff_moves.png": render_loka(
            view(combat, seat),
            options=replace(
                opts,
                bottom=seat,
                selected=square,
                targets=targets_of(combat, square),
                promotion=True,
            ),
        ),
        "faceoff_summary.png": render_summary(view(faceoff_final_state(), None), options=opts),
        "massive_16x8.png": render_loka(view(wide, "water"), options=opts),
        "massive_16x8_deployment.png": render_deployment(
            view(faceoff_game(MASSIVE, MASSIVE_DRAFTS, placed=30), "earth"), options=opts
        ),
        "massive_32x32.png": render_loka(view(massive_state(plies=4), "fire"), options=opts),
    }


def targets_of(state: LokaState, square: str) -> tuple[str, ...]:
    return tuple(a.dst for a in legal_actions(state) if isinstance(a, Move) and a.src == square)


def samples() -> dict[str, bytes]:
    """Every kind of image, by file name."""
    opts = LokaImageOptions(names=NAMES)
    crowded = view(crowded_state(plies=6), "fire")
    out = {
        "opening.png": render_loka(view(opening_state(), "fire"), options=opts),
        "midgame.png": render_loka(crowded, options=opts),
        "combat.png": render_loka(view(combat_state(), "earth"), options=opts),
        "deployment.png": render_deployment(view(deployment_state(), "earth"), options=opts),
        "selection.png": render_loka(view(selection_state(), "fire"), options=opts),
        "summary.png": render_summary(view(final_state(), None), options=opts),
        "army_card.png": render_army_card(
            "water", DRAFTS["water"], 160, LokaConfig().costs, player=NAMES["water"]
        ),
    }
    seat = crowded.seat_to_move or "fire"
    square = next(
        CROSS.names[sq]
        for sq in CROSS.squares
        if crowded.board[sq]
        and CROSS.seat_names[crowded.board[sq] >> 3] == seat
        and len(targets_of(crowded, CROSS.names[sq])) > 3
    )
    out["moves.png"] = render_loka(
        crowded,
        options=replace(
            opts, targets=targets_of(crowded, square), selected=square, promotion=True, bottom=seat
        ),
    )
    for bottom in ("fire", "earth", "water", "air"):
        out[f"orientation_{bottom}.png"] = render_loka(
            crowded, options=replace(opts, bottom=bottom)
        )
    out.update(terrain_samples())
    out.update(faceoff_samples())
    return out


def main(argv: list[str]) -> int:
    return demo_main(samples, argv, "renderer.demo")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
