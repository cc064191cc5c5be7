"""hoyle: the card table of the old rule books.

>>> import hoyle
>>> "whist" in hoyle.games()
True
>>> t = hoyle.game("whist").table(seed=7)
>>> t.to_act in ("N", "E", "S", "W")
True
"""

from typing import TYPE_CHECKING

from . import cards
from .engine import Action, Event, Game, Table, game, game_specs, games, replay
from .errors import (
    HoyleError,
    IllegalAction,
    InvalidAction,
    InvalidDeal,
    RecordError,
    UnknownGame,
    UnknownOption,
)

if TYPE_CHECKING:
    from . import phh as phh  # PHH hand histories (issue 7)
    from . import poker as poker  # hoyle.poker.hand_class, strength (issue 7)

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Attributes imported when first used, so that ``import hoyle`` stays cheap (issue 17): ``hoyle.phh``
    (PHH hand histories, issue 7), ``hoyle.poker`` (hand classes and strength, issue 7) and ``hoyle.solve``
    (issue 15; the solver's compiled search stays unloaded until then)."""
    if name in ("phh", "poker"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    if name == "solve":
        from .solver import solve

        return solve
    raise AttributeError(f"module 'hoyle' has no attribute {name!r}")


__all__ = [
    "Action",
    "Event",
    "Game",
    "HoyleError",
    "IllegalAction",
    "InvalidAction",
    "InvalidDeal",
    "RecordError",
    "Table",
    "UnknownGame",
    "UnknownOption",
    "cards",
    "game",
    "game_specs",
    "games",
    "replay",
    "solve",
]
