"""Loka events told in words, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import language, t
from engine.loka.actions import parse_draft
from engine.loka.pieces import BOUGHT, KIND_OF_LETTER, NAME
from engine.protocol import Event

ARMY_EMOJI = {"fire": "🔥", "earth": "🌿", "water": "🌊", "air": "🌪️"}


def counted(locale: str, key: str, n: int, **values: object) -> str:
    """``key`` for ``n`` things: its ``_one`` form for one (in French for zero too)."""
    one = n in (0, 1) if language(locale) == "fr" else n == 1
    return t(locale, key + "_one" if one else key, n=n, **values)


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


def describe(events: Iterable[Event], locale: str, *, seat: str | None = None) -> list[str]:
    """One line per event worth telling; events hidden from ``seat`` are left out."""
    lines: list[str] = []
    shown = [e for e in events if e.visible(seat)]
    for i, e in enumerate(shown):
        d = e.data
        key = e.kind
        if key == "roll":
            if d["purpose"] in ("deployment_order", "battle_order", "royal_duel"):
                if d.get("round", 1) > 1 and _first_of_round(shown, i):
                    # A tie: say so before the new rolls, not after them.
                    lines.append(_tie_line(locale, shown, i))
                lines.append(
                    t(
                        locale,
                        "event.roll_order",
                        army=army(locale, d["seat"]),
                        die=d["die"],
                        value=d["value"],
                    )
                )
            elif d["purpose"] in ("tile_column", "portal_column", "tile_row", "portal_row"):
                which = d["purpose"].rsplit("_", 1)[1]  # whose roll, and for what
                lines.append(
                    t(locale, "loka.roll_" + which, army=army(locale, d["seat"]), value=d["value"])
                )
            elif d["purpose"] == "marsh":
                lines.append(t(locale, "event.roll_marsh", value=d["value"], square=d["square"]))
            elif d["purpose"] in ("attack", "defence", "reroll"):
                lines.append(
                    t(
                        locale,
                        "event.roll_combat",
                        army=army(locale, d["seat"]),
                        die=d["die"],
                        value=d["value"],
                        reroll=t(locale, "event.reroll_mark") if d["purpose"] == "reroll" else "",
                    )
                )
            elif d["purpose"] == "first_tile_placer":
                continue  # announced by terrain_start
            continue
        if key == "moved":
            lines.append(
                t(
                    locale,
                    "event.moved",
                    army=army(locale, d["army"]),
                    piece=piece(locale, d["piece"]),
                    src=d["src"],
                    dst=d["dst"],
                )
            )
        elif key == "back_to_back":
            lines.append(
                t(
                    locale,
                    "event.back_to_back",
                    army=army(locale, d["army"]),
                    src=d["src"],
                    dst=d["dst"],
                )
            )
        elif key == "attack":
            lines.append(
                t(
                    locale,
                    "event.attack",
                    army=army(locale, d["army"]),
                    attacker=piece(locale, d["attacker"]),
                    src=d["src"],
                    defender=piece(locale, d["defender"]),
                    dst=d["dst"],
                    enemy=army(locale, d["defender_army"]),
                )
            )
            lines.append(
                t(
                    locale,
                    "event.attack_boosts",
                    dice=die_label(d["attack_die"], d["attack_boosts"]),
                    items=boosts(locale, d["attack_boosts"]),
                )
            )
            lines.append(
                t(
                    locale,
                    "event.defence_boosts",
                    dice=die_label(d["defence_die"], d["defence_boosts"]),
                    items=boosts(locale, d["defence_boosts"]),
                )
            )
        elif key == "captured":
            lines.append(
                t(
                    locale,
                    "event.captured",
                    army=army(locale, d["army"]),
                    src=d["src"],
                    dst=d["dst"],
                    piece=piece(locale, d["piece"]),
                )
            )
        elif key == "combat":
            lines.append(
                t(locale, "result." + d["result"], a=d["attack_roll"], d=d["defence_roll"])
            )
        elif key == "royal_duel":
            lines.append(
                t(
                    locale,
                    "event.royal_duel",
                    army=army(locale, d["army"]),
                    enemy=army(locale, d["defender_army"]),
                )
            )
        elif key == "reroll_offered":
            lines.append(t(locale, "event.reroll_offered", army=army(locale, d["army"])))
        elif key == "reroll_decision":
            lines.append(
                t(
                    locale,
                    "event.reroll_yes" if d["reroll"] else "event.reroll_no",
                    army=army(locale, d["army"]),
                )
            )
        elif key == "removed":
            lines.append(
                t(
                    locale,
                    "event.removed",
                    army=army(locale, d["army"]),
                    piece=piece(locale, d["piece"]),
                    square=d["square"],
                )
            )
        elif key == "army_eliminated":
            lines.append(t(locale, "event.eliminated_" + d["reason"], army=army(locale, d["army"])))
        elif key == "promoted":
            lines.append(
                t(
                    locale,
                    "event.promoted",
                    army=army(locale, d["army"]),
                    square=d["square"],
                    piece=piece(locale, d["piece"]),
                )
            )
        elif key == "passed":
            lines.append(t(locale, "event.passed", army=army(locale, d["army"])))
        elif key == "deployed":
            lines.append(
                t(
                    locale,
                    "event.deployed",
                    army=army(locale, d["army"]),
                    piece=piece(locale, d["piece"]),
                    square=d["square"],
                )
            )
        elif key == "army_confirmed":
            lines.append(
                t(
                    locale,
                    "event.confirmed",
                    army=army(locale, d["army"]),
                    ready=d["ready"],
                    of=d["of"],
                )
            )
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
            lines.append(
                t(
                    locale,
                    "event.tile_pair" if d.get("pair") else "event.tile_placed",
                    army=army(locale, d["army"]),
                    tile=t(locale, "tile." + d["tile"]),
                    square=d["square"],
                )
            )
        elif key == "tile_reroll":
            lines.append(
                t(locale, "loka.tile_reroll", square=d["square"], army=army(locale, d["army"]))
                if d.get("square")
                else t(locale, "event.tile_reroll")
            )
        elif key == "deployment_start":
            lines.append(t(locale, "event.deployment_start", army=army(locale, d["first"])))
        elif key == "battle_start":
            lines.append(t(locale, "event.battle_start", army=army(locale, d["first"])))
        elif key == "combat_cancelled":
            lines.append(t(locale, "event.combat_cancelled"))
        elif key == "game_over":
            if d["winners"]:
                lines.append(
                    t(locale, "event.won", armies=" & ".join(army(locale, w) for w in d["winners"]))
                )
            else:
                lines.append(t(locale, "event.draw_" + d["termination"]))
    return lines


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
