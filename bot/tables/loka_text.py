"""Loka events told in words, in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.i18n import t
from engine.loka.actions import parse_draft
from engine.loka.pieces import BOUGHT, KIND_OF_LETTER, NAME
from engine.protocol import Event

ARMY_EMOJI = {"fire": "🔥", "earth": "🌿", "water": "🌊", "air": "🌪️"}


def counted(locale: str, key: str, n: int, **values: object) -> str:
    """``key`` for ``n`` things, in the form the reader's language uses for ``n``."""
    return t(locale, key, n=n, **values)


def army(locale: str, name: str) -> str:
    return f"{ARMY_EMOJI.get(name, '')} {t(locale, 'army.' + name)}".strip()


def piece(locale: str, letter: str) -> str:
    return t(locale, "piece." + NAME[KIND_OF_LETTER[letter]])


def draft_words(locale: str, draft: str) -> str:
    """``'Q 3P'`` -> ``'1 × queen, 3 × pawn'`` in the reader's language."""
    counts = parse_draft(draft).counts
    parts = [
        f"{n} × {t(locale, 'piece.' + NAME[kind])}"
        for kind, n in zip(BOUGHT, counts, strict=True)
        if n
    ]
    return ", ".join(parts) or "-"


def die_label(faces: int, items: list[dict]) -> str:
    """``D8``, or ``Super D20`` for five boosts or more (the die that may be re-rolled)."""
    return "Super D20" if sum(b["amount"] for b in items) >= 5 else f"D{faces}"


SIDES = ("attack", "defence")


def dice_lines(locale: str, dice: dict[str, tuple[int, list[dict]]]) -> list[str]:
    """For each side of an attack (``attack``, ``defence``): the die it rolls (its faces)
    and what boosts it."""
    return [
        t(locale, f"event.{side}_boosts", dice=die_label(faces, items), items=boosts(locale, items))
        for side, (faces, items) in dice.items()
    ]


def boosts(locale: str, items: list[dict]) -> str:
    parts = []
    for b in items:
        if b["source"] == "support":
            parts.append(
                t(locale, "boost.support", piece=piece(locale, b["detail"]), square=b["square"])
            )
        elif b["source"] == "terrain":
            parts.append(
                t(
                    locale,
                    "boost.terrain",
                    tile=t(locale, "tile." + b["detail"]),
                    amount=b["amount"],
                )
            )
        else:
            parts.append(t(locale, "boost." + b["source"]))
    return ", ".join(parts) if parts else t(locale, "boost.none")


# A word of a told event: a field of its data as it is (a ``str``: the field's name), or
# worked out in the reader's language from the data.
Word = str | Callable[[str, Mapping[str, Any]], object]


def _army(field: str = "army") -> Word:
    return lambda locale, d: army(locale, d[field])


def _piece(field: str = "piece") -> Word:
    return lambda locale, d: piece(locale, d[field])


def _tile(field: str = "tile") -> Word:
    return lambda locale, d: t(locale, "tile." + d[field])


# The events told in one line: the message (``{field}`` in it: that field of the data) and
# where each of its words comes from.
TOLD: dict[str, tuple[str, dict[str, Word]]] = {
    "moved": ("event.moved", {"army": _army(), "piece": _piece(), "src": "src", "dst": "dst"}),
    "back_to_back": ("event.back_to_back", {"army": _army(), "src": "src", "dst": "dst"}),
    "attack": (
        "event.attack",
        {
            "army": _army(),
            "attacker": _piece("attacker"),
            "src": "src",
            "defender": _piece("defender"),
            "dst": "dst",
            "enemy": _army("defender_army"),
        },
    ),
    "captured": (
        "event.captured",
        {"army": _army(), "src": "src", "dst": "dst", "piece": _piece()},
    ),
    "combat": ("result.{result}", {"a": "attack_roll", "d": "defence_roll"}),
    "royal_duel": ("event.royal_duel", {"army": _army(), "enemy": _army("defender_army")}),
    "reroll_offered": ("event.reroll_offered", {"army": _army()}),
    "removed": ("event.removed", {"army": _army(), "piece": _piece(), "square": "square"}),
    "army_eliminated": ("event.eliminated_{reason}", {"army": _army()}),
    "promoted": ("event.promoted", {"army": _army(), "square": "square", "piece": _piece()}),
    "passed": ("event.passed", {"army": _army()}),
    "deployed": ("event.deployed", {"army": _army(), "piece": _piece(), "square": "square"}),
    "army_confirmed": ("event.confirmed", {"army": _army(), "ready": "ready", "of": "of"}),
    "deployment_start": ("event.deployment_start", {"army": _army("first")}),
    "battle_start": ("event.battle_start", {"army": _army("first")}),
    "combat_cancelled": ("event.combat_cancelled", {}),
}


def told(locale: str, key: str, words: dict[str, Word], d: Mapping[str, Any]) -> str:
    """The message ``key`` of an event's data ``d``, its ``words`` taken from ``d``."""
    values = {name: d[w] if isinstance(w, str) else w(locale, d) for name, w in words.items()}
    return t(locale, key.format(**d), **values)


def describe(events: Iterable[Event], locale: str, *, seat: str | None = None) -> list[str]:
    """One line per event worth telling; events hidden from ``seat`` are left out."""
    lines: list[str] = []
    shown = [e for e in events if e.visible(seat)]
    for i, e in enumerate(shown):
        d = e.data
        key = e.kind
        if key == "roll":
            lines += _roll(locale, shown, i)
        elif key in TOLD:
            lines.append(told(locale, *TOLD[key], d))
        elif key == "reroll_decision":
            yes = "event.reroll_yes" if d["reroll"] else "event.reroll_no"
            lines.append(t(locale, yes, army=army(locale, d["army"])))
        elif key == "army_revealed":
            bought = draft_words(locale, d["draft"])
            lines.append(
                t(locale, "loka.revealed_king", army=army(locale, d["army"]), cost=d["cost"])
                if bought == "-"
                else t(
                    locale,
                    "event.revealed",
                    army=army(locale, d["army"]),
                    draft=bought,
                    cost=d["cost"],
                )
            )
        elif key == "terrain_start":
            lines.append(
                counted(
                    locale, "loka.terrain_start", d["placements"], army=army(locale, d["first"])
                )
            )
        elif key == "tile_placed":
            placed = "event.tile_pair" if d.get("pair") else "event.tile_placed"
            lines.append(
                told(locale, placed, {"army": _army(), "tile": _tile(), "square": "square"}, d)
            )
        elif key == "tile_reroll":
            lines.append(
                t(locale, "loka.tile_reroll", square=d["square"], army=army(locale, d["army"]))
                if d.get("square")
                else t(locale, "event.tile_reroll")
            )
        elif key == "game_over":
            if d["winners"]:
                lines.append(
                    t(locale, "event.won", armies=" & ".join(army(locale, w) for w in d["winners"]))
                )
            else:
                lines.append(t(locale, "event.draw_" + d["termination"]))
        if key == "attack":
            lines += dice_lines(locale, {s: (d[f"{s}_die"], d[f"{s}_boosts"]) for s in SIDES})
    return lines


def _roll(locale: str, shown: list[Event], i: int) -> list[str]:
    """What roll ``i`` of ``shown`` tells (some rolls are told with what they decide)."""
    d = shown[i].data
    purpose = d["purpose"]
    if purpose in ("deployment_order", "battle_order", "royal_duel"):
        # A tie: say so before the new rolls, not after them.
        tie = d.get("round", 1) > 1 and _first_of_round(shown, i)
        order = t(
            locale, "event.roll_order", army=army(locale, d["seat"]), die=d["die"], value=d["value"]
        )
        return [_tie_line(locale, shown, i), order] if tie else [order]
    if purpose in ("tile_column", "portal_column", "tile_row", "portal_row"):
        which = purpose.rsplit("_", 1)[1]  # whose roll, and for what
        return [t(locale, "loka.roll_" + which, army=army(locale, d["seat"]), value=d["value"])]
    if purpose == "marsh":
        return [t(locale, "event.roll_marsh", value=d["value"], square=d["square"])]
    if purpose in ("attack", "defence", "reroll"):
        return [
            t(
                locale,
                "event.roll_combat",
                army=army(locale, d["seat"]),
                die=d["die"],
                value=d["value"],
                reroll=t(locale, "event.reroll_mark") if purpose == "reroll" else "",
            )
        ]
    if purpose == "first_tile_placer":
        return [_first_placer(locale, d)]
    if purpose in ("tile_draw", "tile_kind"):
        line = _tile_draw(locale, d)
        after = shown[i + 1].data if i + 1 < len(shown) else {}
        if purpose == "tile_kind" and after.get("purpose") == "tile_kind":
            line += t(locale, "loka.roll_tile_again")  # Face-off: one portal pair at most
        return [line]
    return []


def _first_placer(locale: str, d: Mapping[str, Any]) -> str:
    """``🎲 D4 for the first placer (1 🔥 Fire · 2 🌿 Earth · ...): 2 → 🌿 Earth`` (the
    faces when the game's record names them: older records do not)."""
    if "order" not in d:
        return t(locale, "loka.roll_placer", die=d["die"], value=d["value"])
    faces = " · ".join(f"{k} {army(locale, a)}" for k, a in enumerate(d["order"], 1))
    first = army(locale, d["order"][d["value"] - 1])
    return t(
        locale, "loka.roll_first_placer", die=d["die"], value=d["value"], faces=faces, army=first
    )


def _tile_draw(locale: str, d: Mapping[str, Any]) -> str:
    """``🎲 🌿 Earth draws a tile: D9 → 5, the marsh`` (the faces when a game's record
    names them: older records do not)."""
    seat = army(locale, d["seat"])
    if "tiles" not in d:
        return t(locale, "loka.roll_tile_draw", army=seat, die=d["die"], value=d["value"])
    tile = t(locale, "tile." + d["tiles"][d["value"] - 1])
    return t(locale, "loka.roll_tile", army=seat, die=d["die"], value=d["value"], tile=tile)


def _first_of_round(events: list[Event], i: int) -> bool:
    """Is roll ``i`` the first of its round (the round before it rolled just before)?"""
    d = events[i].data
    previous = events[i - 1].data if i else {}
    return previous.get("purpose") != d["purpose"] or previous.get("round") != d["round"]


def _tie_line(locale: str, events: list[Event], i: int) -> str:
    """``Tie: 🔥 Fire and 🌊 Water roll again.`` for the round that starts at roll ``i``."""
    d = events[i].data
    tied = []
    for e in events[i:]:
        if e.kind != "roll" or e.data["purpose"] != d["purpose"] or e.data["round"] != d["round"]:
            break
        tied.append(army(locale, e.data["seat"]))
    return t(locale, "loka.tie_reroll", armies=t(locale, "loka.and").join(tied))
