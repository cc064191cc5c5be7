"""Generic machinery: games, tables, actions, events, records. Knows no particular game."""

from .actions import PLAY, Action, as_action
from .events import Event
from .registry import Game, GameSpec, Option, game, game_specs, games, register
from .table import RECORD_FORMAT, Chance, Table, make_record, rebuild, replay

__all__ = [
    "PLAY",
    "RECORD_FORMAT",
    "Action",
    "Chance",
    "Event",
    "Game",
    "GameSpec",
    "Option",
    "Table",
    "as_action",
    "game",
    "game_specs",
    "games",
    "make_record",
    "rebuild",
    "register",
    "replay",
]
