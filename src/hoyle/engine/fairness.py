"""Provably fair deals: a commitment to each pack before its first card, the proof after the deal (issue 13).

When a table draws a pack order (a shuffle, and the cut the table makes for it), it chooses a secret
``salt`` (32 hex digits from :mod:`secrets`; derived from the seed at a seeded table, whose deals are
reproducible anyway) and publishes, before any card of that pack is dealt, the **commitment**: the SHA-256 of
the text :func:`committed_text` (the pack order as the record writes it, the still pack where the game cuts its
trump card from one, and the salt).  Once the deal is settled it publishes the order and the salt; anyone can
then recompute the hash and compare it with the commitment published before the deal, so the room cannot have
changed the deal after the cards were committed, and nobody could learn the order from the commitment before
(the salt is secret and long).  The record carries ``commitment`` and ``salt`` in each deal's entry;
:func:`check_record` (``hoyle verify RECORD``) checks every deal against its commitment.  docs/room.md,
"Provably fair deals", describes the scheme for players.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["SCHEME", "DealCheck", "check_record", "commitment", "committed_text", "fresh_salt", "seeded_salt"]

SCHEME = "sha256/1"
"""The name of this scheme, written in each commitment event."""


def committed_text(order: str, salt: str, still: str | None = None) -> str:
    """The text whose SHA-256 is the commitment: ``ORDER|SALT``, or ``ORDER|STILL|SALT`` with a still pack.

    ``order`` and ``still`` are the pack orders exactly as the record writes them (cards in standard
    notation, top first, separated by single spaces).
    """
    return f"{order}|{still}|{salt}" if still else f"{order}|{salt}"


def commitment(order: str, salt: str, still: str | None = None) -> str:
    """The commitment to a pack order: the SHA-256 of :func:`committed_text`, in hex."""
    text = f"{order}|{still}|{salt}" if still else f"{order}|{salt}"  # committed_text, inline (a call a deal less)
    return _sha256(text.encode()).hexdigest()  # str.encode's default is UTF-8


def fresh_salt() -> str:
    """A secret salt for a live deal: 128 bits from the operating system's CSPRNG."""
    return secrets.token_hex(16)


def seeded_salt(seed: int, index: int) -> str:
    """The salt of deal ``index`` at a table seeded with ``seed``: reproducible, and drawing nothing from the seeded
    shuffler (so the deals are those a seed always gave).  It hides nothing from whoever knows the seed."""
    h = _SEEDED_SALT.copy()  # the SHA-256 of "hoyle seeded salt|{seed}|{index}", its fixed beginning hashed once
    h.update(f"{seed}|{index}".encode())
    return h.hexdigest()[:32]


_SEEDED_SALT = hashlib.sha256(b"hoyle seeded salt|")
_sha256 = hashlib.sha256


@dataclass(frozen=True)
class DealCheck:
    """One deal of a record checked against its commitment."""

    index: int  # 0-based, as in the record's "deals"
    ok: bool | None  # True: the order and salt give the commitment; False: they do not; None: nothing to check
    reason: str

    def __str__(self) -> str:
        mark = {True: "ok", False: "FAILS", None: "--"}[self.ok]
        return f"deal {self.index + 1}: {mark}: {self.reason}"


def check_entry(index: int, entry: Any) -> DealCheck:
    """Check one deal entry of a record: its order and salt against its commitment."""
    if not isinstance(entry, Mapping):
        return DealCheck(index, False, f"the entry is not a JSON object: {entry!r}")
    committed = entry.get("commitment")
    if committed is None:
        return DealCheck(index, None, "no commitment (a given deal, or a record made before commitments)")
    salt, order, still = entry.get("salt"), entry.get("order"), entry.get("still")
    if not isinstance(committed, str) or len(committed) != 64:
        return DealCheck(index, False, f"the commitment {committed!r} is not a SHA-256 in hex")
    if not isinstance(salt, str) or not salt:
        return DealCheck(index, False, "the commitment was published but the record has no salt to check it with")
    if not isinstance(order, str):
        return DealCheck(index, False, "the record has no pack order for this deal")
    if still is not None and not isinstance(still, str):
        return DealCheck(index, False, f"the still pack {still!r} is not text")
    got = commitment(order, salt, still)
    if got != committed.lower():
        return DealCheck(
            index,
            False,
            f"SHA-256 of the order and salt is {got}, not the commitment {committed}:"
            " the order (or the salt) was changed after the deal was committed",
        )
    return DealCheck(index, True, f"the order and salt give the commitment {committed}")


def check_record(record: Mapping[str, Any]) -> list[DealCheck]:
    """Every deal of ``record`` checked against its commitment, in order."""
    deals = record.get("deals") if isinstance(record, Mapping) else None
    if not isinstance(deals, list):
        raise ValueError("deals: missing or not a list: this is not a hoyle record")
    return [check_entry(i, d) for i, d in enumerate(deals)]
