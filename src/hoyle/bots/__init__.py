"""Bots: choose an action from a seat's view and its lawful actions, and nothing else.

>>> import hoyle
>>> t = hoyle.game("whist").table(seed=3)
>>> b = make("random", "whist", seed=1)
>>> b.choose(t.view(t.to_act), t.legal_actions()) in t.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.table import Table

__all__ = ["KINDS", "Bot", "RandomBot", "decide", "kinds", "make"]


class Bot(Protocol):
    """Anything with ``choose(view, legal) -> Action``."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the lawful actions (its own seeded generator, no global state)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        return legal[self._rng.randrange(len(legal))]


def _rules(game: str, seed: int | None) -> Bot:
    """The game's rules-of-thumb bot, where its GameSpec names one (``rules_bot``)."""
    import importlib

    from ..engine.registry import game as make_game

    where = make_game(game).spec.rules_bot
    if where is None:
        raise ValueError(f"no 'rules' bot for {game!r} yet; the bots for every game are: random")
    module, _, name = where.partition(":")
    bot: Bot = getattr(importlib.import_module(module), name)(seed=seed)
    return bot


def _search(game: str, seed: int | None, **options: Any) -> Bot:
    from .search import SearchBot

    return SearchBot(game, seed, **options)


KINDS: dict[str, Callable[..., Bot]] = {
    "random": lambda game, seed: RandomBot(seed),
    "rules": _rules,
    "search": _search,
}


def kinds() -> list[str]:
    """The kinds of bot."""
    return sorted(KINDS)


def make(kind: str, game: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot of ``kind`` for ``game``; unknown kinds fail, naming the valid ones.

    ``options`` go to the bot: the search bot's budget, ``worlds=N`` and ``ms=M`` (docs/bots.md).
    """
    factory = KINDS.get(kind)
    if factory is None:
        raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(kinds())}")
    if options and kind != "search":
        raise ValueError(f"the {kind} bot takes no options; {', '.join(sorted(options))} given")
    return factory(game, seed, **options)


def decide(bot: Bot, table: Table) -> Action:
    """The action ``bot`` chooses for the seat to act at ``table``: from that seat's view and the lawful actions,
    and, for a bot that samples worlds (the search bot), a function drawing worlds consistent with that seat's
    view (:meth:`Table.resample`), never the table itself."""
    seat = table.to_act
    if seat is None:
        raise ValueError("the sitting is over: no one is to act")
    view = table.view(seat)
    legal = table.legal_actions()
    if getattr(bot, "samples_worlds", False):

        def worlds(rng: random.Random) -> Table:
            return table.resample(seat, rng)

        return bot.choose(view, legal, worlds=worlds)  # type: ignore[call-arg]
    return bot.choose(view, legal)
