"""What the adapters share: the game's spaces and a table made from a seed."""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from .. import game as make_game
from ..engine.registry import Game
from ..engine.table import Table


def make(name: str, options: dict[str, Any]) -> Game:
    return make_game(name, **options)


def seats_of(g: Game) -> list[str]:
    """The game's seats (a table is made once to learn them; they never change within a game)."""
    return list(g.table(seed=0).seats)


def new_table(g: Game, seed: int | None, rng: np.random.Generator | None) -> Table:
    """A fresh sitting: from ``seed`` if given, else from the environment's generator, else the CSPRNG."""
    if seed is None:
        seed = int(rng.integers(0, 2**63 - 1)) if rng is not None else secrets.randbits(63)
    return g.table(seed=seed)


def ansi(t: Table, seat: str | None) -> str:
    """A short text picture of the table for ``render_mode="ansi"``: the seat to act, its hand, the trick."""
    v = t.view(seat)
    parts = [f"{t.game.name}: to act {t.to_act or '-'}"]
    if v.get("hand"):
        parts.append("hand " + " ".join(v["hand"]))
    trick = v.get("trick")
    if isinstance(trick, list) and trick:
        parts.append("trick " + " ".join(f"{e['seat']}:{e['card']}" for e in trick if isinstance(e, dict)))
    parts.append("scores " + ", ".join(f"{k} {x}" for k, x in t.scores.items()))
    return " | ".join(parts)
