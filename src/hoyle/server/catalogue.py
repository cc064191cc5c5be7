"""What the lobby offers: every registered game with its options, seats and bots, read from the registry.

Nothing here knows a particular game: the games come from :func:`hoyle.game_specs`, the number of seats
from a table of the game, the bots from :func:`hoyle.bots.make` (a kind that has no player for a game is
left out).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from .. import bots
from ..engine.registry import GameSpec, Option, game_specs
from ..engine.registry import game as make_game
from ..engine.table import Table
from ..errors import HoyleError, UnknownOption

__all__ = [
    "BOT_NAMES",
    "bot_kinds",
    "controller",
    "describe_games",
    "option_json",
    "places_of",
    "resolve_options",
    "seats_of",
]

BOT_NAMES = ("Cavendish", "Mrs Battle", "Deschapelles", "Clay", "Pole", "Hoyle", "Payne", "Foster", "Mathews")
"""The bots sit under the names of the game's old authorities (and of Charles Lamb's Mrs Battle)."""


def option_json(o: Option) -> dict[str, Any]:
    """An option as the lobby's form needs it: its kind, default and valid values."""
    d: dict[str, Any] = {"name": o.name, "default": o.default, "doc": o.doc, "values": o.describe()}
    if o.choices is not None:
        d["kind"] = "choice"
        d["choices"] = list(o.choices)
    elif isinstance(o.default, bool):
        d["kind"] = "bool"
    elif isinstance(o.default, int):
        d["kind"] = "int"
        d["min"] = o.minimum
        d["max"] = o.maximum
    else:
        d["kind"] = "text"
    return d


@functools.cache
def bot_kinds(game: str) -> tuple[str, ...]:
    """The kinds of bot that can play ``game``."""
    out = []
    for kind in bots.kinds():
        try:
            bots.make(kind, game, seed=0)
        except ValueError:
            continue
        out.append(kind)
    return tuple(out)


def _key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


def controller(table: Table, seat: str) -> str:
    """The seat whose player decides for ``seat``: itself, or for a Dummy its partner (:meth:`Table.controller`)."""
    return table.controller(seat)


@functools.lru_cache(maxsize=256)
def _seats(game: str, options_key: str) -> tuple[tuple[str, ...], int]:
    t = make_game(game, **json.loads(options_key)).table(seed=0)
    return tuple(t.seats), len({controller(t, s) for s in t.seats})


def seats_of(game: str, options: dict[str, Any]) -> tuple[str, ...]:
    """The seats of a table of ``game`` with ``options``: as its spec names them (:attr:`GameSpec.seats`), else
    from a table of it (games with a players option vary)."""
    g = make_game(game, **options)
    if g.spec.seats is not None:
        return g.spec.seats(g.options)
    return _seats(game, _key(options))[0]


def places_of(game: str, options: dict[str, Any]) -> int:
    """How many people (or bots) a table of ``game`` seats: one for each seat that is not played by another.

    >>> places_of("whist", {}), seats_of("whist", {})
    (4, ('N', 'E', 'S', 'W'))
    """
    return _seats(game, _key(options))[1]


def resolve_options(game: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The game's registered name and every option's value (defaults filled in); raises with the valid ones."""
    if not isinstance(options, dict):
        raise UnknownOption("options are an object of name: value")
    g = make_game(game, **options)
    return g.name, dict(g.options)


def _spec_json(spec: GameSpec) -> dict[str, Any]:
    try:
        seats = list(seats_of(spec.name, {}))
        places = places_of(spec.name, {})
    except (HoyleError, ValueError):
        seats, places = [], 0
    return {
        "name": spec.name,
        "title": spec.title,
        "source": spec.source,
        "doc": spec.doc,
        "options": [option_json(o) for o in spec.options],
        "seats": seats,
        "places": places,
        "bots": list(bot_kinds(spec.name)),
    }


def describe_games() -> list[dict[str, Any]]:
    """Every registered game for the lobby."""
    return [_spec_json(s) for s in game_specs()]
