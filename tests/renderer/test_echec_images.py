"""Échec au Roi images: deterministic, the right size, small, decodable, hiding the other
army during secret placement, and changing exactly where a highlight is asked for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.echec import (
    AttackReport,
    EchecConfig,
    EchecState,
    Resign,
    Roll,
    apply,
    state_from_position,
    view,
)
from renderer import demo_echec
from renderer.echec import (
    ATTACK_ARROW,
    FLEE_ARROW,
    MOVE_ARROW,
    EchecImageOptions,
    badge_circle,
    base_sprite,
    die_face,
    layout,
    render_echec,
    square_box,
)
from renderer.theme import DEFAULT_THEME
from tests.renderer.helpers import changed_box, decode, middle, near

OPTIONS = EchecImageOptions(names=demo_echec.NAMES)


def test_secret_placement_shows_nothing_of_the_other_army() -> None:
    state = demo_echec.placement_state()
    south_view = view(state, "south")
    image = decode(render_echec(south_view, options=OPTIONS))
    # Moving North's hidden bases around in the real state changes nothing South sees.
    board = list(state.board)
    for i, base in enumerate(board):
        if base is not None and base.seat == "north":
            board[i] = replace(base, figures=1, facing="e")
    changed = replace(state, board=tuple(board))
    again = decode(render_echec(view(changed, "south"), options=OPTIONS))
    assert changed_box(image, again) is None
    # North's ranks are behind the screen in South's picture: no North red there.
    left, top, _, _ = square_box("a9", OPTIONS)
    _, _, right, bottom = square_box("i8", OPTIONS)
    region = image.crop((left, top, right, bottom))
    red = DEFAULT_THEME.army("fire").fill
    assert red not in {c for _, c in region.getcolors(1 << 16)}


def test_a_highlight_changes_only_its_squares() -> None:
    seen = view(demo_echec.midgame_state(), "south")
    plain = decode(render_echec(seen, options=OPTIONS))
    marked = decode(render_echec(seen, options=replace(OPTIONS, selected="a5")))
    box = changed_box(plain, marked)
    a5 = square_box("a5", OPTIONS)
    assert box is not None
    assert a5[0] <= box[0] and a5[1] <= box[1] and box[2] <= a5[2] and box[3] <= a5[3]


def test_the_archers_block_is_drawn_when_asked() -> None:
    seen = view(demo_echec.midgame_state(), "south")
    plain = decode(render_echec(seen, options=OPTIONS))
    volley = decode(render_echec(seen, options=replace(OPTIONS, volley="c1")))
    box = changed_box(plain, volley)
    assert box is not None
    b4, d2 = square_box("b4", OPTIONS), square_box("d2", OPTIONS)
    assert box == (b4[0], b4[1], d2[2], d2[3])  # b2-d4: the 3x3 block ahead of c1


def test_the_view_from_north_is_turned_round() -> None:
    north = replace(OPTIONS, bottom="north")
    assert square_box("e9", north)[3] == square_box("e1", OPTIONS)[3]
    seen = view(demo_echec.attack_state(), "north")
    assert decode(render_echec(seen, options=north)) != decode(render_echec(seen, options=OPTIONS))


def test_each_die_face_looks_different() -> None:
    faces = [die_face(DEFAULT_THEME, 40, f).tobytes() for f in ("axe", "arrow", "panic", "blank")]
    assert len(set(faces)) == 4


def test_the_attack_summary_draws_the_dice() -> None:
    seen = view(demo_echec.attack_state(), "south")
    with_report = decode(render_echec(seen, options=OPTIONS))
    without = decode(render_echec(replace(seen, report=None), options=OPTIONS))
    box = changed_box(with_report, without)
    lay = layout(OPTIONS.square)
    assert box is not None
    # The summary strip under the board changes (the target's tint too).
    assert box[3] > lay.height - lay.below


# ---------------------------------------------------------------- a turn's actions


def centre(name: str, options: EchecImageOptions = OPTIONS) -> tuple[float, float]:
    return middle(square_box(name, options))


def test_a_turn_draws_an_arrow_for_each_move_attack_and_retreat() -> None:
    """South advanced c3-c4, attacked e5 from e4 and fled to e3: along each path, between
    the two squares' centres, the arrow's own colour."""
    image = decode(
        render_echec(
            view(demo_echec.turn_state(), None),
            options=replace(OPTIONS, actions=demo_echec.TURN_STROKES),
        )
    )
    plain = decode(
        render_echec(view(demo_echec.turn_state(), None), options=replace(OPTIONS, actions=()))
    )
    for (src, dst), colour in (
        (("c3", "c4"), MOVE_ARROW),
        (("e4", "e5"), ATTACK_ARROW),
        (("e4", "e3"), FLEE_ARROW),
    ):
        (x0, y0), (x1, y1) = centre(src), centre(dst)
        for t in (0.35, 0.5, 0.6):  # the shaft, from the tail square into the head's
            point = (round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t))
            assert near(image.getpixel(point), colour), (src, dst, t, image.getpixel(point))
            assert not near(plain.getpixel(point), colour), (src, dst, t)


def test_both_actions_of_a_turn_are_highlighted() -> None:
    seen = view(demo_echec.turn_state(), None)
    image = decode(render_echec(seen, options=replace(OPTIONS, actions=demo_echec.TURN_STROKES)))
    plain = decode(render_echec(seen, options=replace(OPTIONS, actions=())))
    tint = DEFAULT_THEME.last_move_edge

    def corner(im: Image.Image, name: str) -> tuple[int, ...]:
        left, top, _, _ = square_box(name, OPTIONS)
        return im.getpixel((left + 1, top + 1))  # the highlight's edge, clear of any base

    for name in ("c3", "c4", "e4"):  # the advance's two ends and the attacker's square
        assert near(corner(image, name), tint, 40), name
        assert not near(corner(plain, name), tint, 40), name
    for name in ("a5", "g5", "e3"):  # elsewhere, and where the retreat ended: untouched
        assert corner(image, name) == corner(plain, name), name


def test_without_the_turn_only_the_last_action_is_tinted() -> None:
    seen = view(demo_echec.turn_state(), None)
    old = decode(render_echec(seen, options=OPTIONS))
    turn = decode(render_echec(seen, options=replace(OPTIONS, actions=demo_echec.TURN_STROKES)))
    c3 = square_box("c3", OPTIONS)
    assert old.getpixel((c3[0] + 1, c3[1] + 1)) != turn.getpixel((c3[0] + 1, c3[1] + 1))


def test_figure_counts_stay_readable_at_400_px() -> None:
    """In a picture shrunk to 400 px wide, a base's figure-count disc is at least 12 px
    across (the digit inside at least 9 px tall)."""
    scale = 400 / layout(OPTIONS.square).width
    size = round(OPTIONS.square * 0.94)
    sprite = base_sprite(DEFAULT_THEME, size, "south", "I", 4, "u")
    x, y, r = badge_circle("u")  # the disc alone (the emblem is white too)
    sprite = sprite.crop(tuple(round(v * size) for v in (x - r, y - r, x + r, y + r)))
    white = Image.new("RGBA", sprite.size, (255, 255, 255, 255))
    mask = ImageChops.difference(sprite, white).convert("L").point(lambda v: 255 if v < 8 else 0)
    box = mask.getbbox()
    assert box is not None
    assert (box[2] - box[0]) * scale >= 12 and (box[3] - box[1]) * scale >= 12


# ---------------------------------------------------------------- banners and captions


LONGEST = (
    "south: K1e1n C2d1n C2f1n A4c1n A4g1n I10c2n I10d2n I10e2n I10f2n I10g2n "
    "P4a1n P4b1n P4h1n P4i1n P4a2n P4b2n M2h2n H2i2n; "
    "north: K1e9s C2d9s C2f9s A4c9s A4g9s I10c8s I10d8s I10e8s I10f8s I10g8s "
    "P4a9s P4b9s P4h9s P4i9s P4a8s P4b8s M2h8s H2i8s; turn: south"
)


# The longest attack results: every part of the report at once.
LONG_REPORTS = (
    AttackReport("south", "I", "e4", "e5", "H", ("axe",), "axe", 2, 1, panic="target",
                 eliminated=("e6", "e7")),
    AttackReport("south", "P", "e4", "e5", "H", ("panic", "panic", "axe", "axe"), None, 2, 1,
                 panic="attacker", eliminated=("e4", "e3")),
)  # fmt: skip


def _banner_states() -> list[EchecState]:
    """The longest banners and captions a game shows: 18 bases of 95 figures, a roll, a
    secret placement seen from each side, a resignation, the longest attack results."""
    massive = EchecConfig(level=2, placement="free", units="P4 P4 P4 P4 P4 P4 M2 H2", massive=True)
    battle = state_from_position(LONGEST, massive, seed=b"b", game_id="b")
    over, _ = apply(battle, Resign(), "north")
    rolled, _ = apply(demo_echec.opening_state(), Roll(), "south")
    secret = demo_echec.placement_state()
    return [
        view(battle, None),
        view(over, None),
        view(rolled, None),
        view(secret, "south"),
        view(secret, "north"),
        *(replace(view(battle, None), report=report) for report in LONG_REPORTS),
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_banners_and_captions_never_cut_their_words(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every text the picture fits to its room comes out whole: no ellipsis, in English or
    French, for the longest banners a game shows."""
    import renderer.banner
    import renderer.echec
    from bot.i18n import picture_words

    cut: list[tuple[str, str]] = []

    def watch(real: Callable[..., str]) -> Callable[..., str]:
        """A spy on ``renderer.fonts.fit``: what it cut is kept in ``cut``."""

        def fit(text: str, *args: object, **kwargs: object) -> str:
            out = real(text, *args, **kwargs)
            if out != text:
                cut.append((text, out))
            return out

        return fit

    for module in (renderer.banner, renderer.echec):
        monkeypatch.setattr(module, "fit", watch(module.fit))
    words = picture_words(language, "echec")
    options = EchecImageOptions(names={"south": "Ada", "north": "Björn"}, words=words)
    for seen in _banner_states():
        for bottom in ("south", "north"):
            renderer.banner.banner_card.cache_clear()
            render_echec(seen, options=replace(options, bottom=bottom))
    render_echec(
        view(demo_echec.turn_state(), None),
        options=replace(options, actions=demo_echec.TURN_STROKES),
    )
    assert cut == []
