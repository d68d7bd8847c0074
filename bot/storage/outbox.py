"""The outbox: what a saved change owes players, kept until the adapter has sent it.

A :class:`Delivery` is kept as JSON (:func:`pack`) with its files' bytes in
``outbox_files``; it comes back as an :class:`Owed` (:func:`unpack`), which carries its row
id and a nonce that stays the same on every try."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace

from bot.model import Attachment, Button, Delivery
from bot.storage.session import Session


@dataclass
class Owed(Delivery):
    """A delivery kept in the outbox until the adapter has sent it and called
    :meth:`Storage.sent` with its ``outbox_id``. Its ``nonce`` stays the same on every try,
    so that Discord drops a repeat of a post that did arrive."""

    outbox_id: int = 0
    nonce: str = ""
    # Whose it is: the game's id, or a tournament's key for its own posts
    # (``bot.storage.tournaments.outbox_key``); set when read back from the outbox.
    owner: str = ""


async def write(s: Session, game_id: str, owed: Sequence[Delivery], now: float) -> list[Owed]:
    """Put ``owed`` in the outbox of ``game_id`` (inside the caller's transaction); gives
    them as outbox rows, in order."""
    stored: list[Owed] = []
    for delivery in owed:
        nonce = secrets.token_hex(8)
        outbox_id = await s.insert(
            "INSERT INTO outbox (game_id, created_at, nonce, delivery) VALUES (?,?,?,?)",
            game_id,
            now,
            nonce,
            pack(delivery),
        )
        if delivery.files:
            await s.executemany(
                "INSERT INTO outbox_files VALUES (?,?,?,?)",
                [(outbox_id, n, a.name, a.data) for n, a in enumerate(delivery.files)],
            )
        stored.append(owed_as(delivery, outbox_id, nonce, game_id))
    return stored


def pack(delivery: Delivery) -> str:
    """A delivery as JSON, without its files' bytes (they go to ``outbox_files``)."""
    return json.dumps(
        {
            "to": delivery.to,
            "text": delivery.text,
            "channel_id": delivery.channel_id,
            "user_id": delivery.user_id,
            "buttons": [asdict(b) for b in delivery.buttons],
            "secret": delivery.secret,
            "closes": delivery.closes,
            "slot": delivery.slot,
            "alts": [a.description for a in delivery.files],  # each file's description
        }
    )


def unpack(
    outbox_id: int, nonce: str, payload: str, files: list[Attachment], owner: str = ""
) -> Owed:
    """An outbox row back as the delivery :func:`pack` kept, with its files (and whose it
    is: ``owner``)."""
    data = json.loads(payload)
    data["buttons"] = [Button(**b) for b in data["buttons"]]
    # Each file's description (its alt text), kept with the delivery (none before it was).
    alts = data.pop("alts", [])
    described = [replace(a, description=d) for a, d in zip(files, alts, strict=False)]
    files = described + files[len(described) :]
    return Owed(**data, files=files, outbox_id=outbox_id, nonce=nonce, owner=owner)


def owed_as(delivery: Delivery, outbox_id: int, nonce: str, owner: str = "") -> Owed:
    """``delivery`` as the outbox row ``outbox_id`` (of ``owner``)."""
    values = {f.name: getattr(delivery, f.name) for f in fields(Delivery)}
    return Owed(**values, outbox_id=outbox_id, nonce=nonce, owner=owner)
