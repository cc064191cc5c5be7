"""The research interface: fixed action ids, observations as arrays, returns and per-deal episodes.

The public names are methods of the engine's objects (design.md, "Thinking, research and scale"):
``g.num_actions``, ``g.action_id(a)``, ``g.action_of(i)``, ``g.observation_shape``; ``t.legal_action_ids()``,
``t.legal_mask()``, ``t.apply_id(i)``, ``t.observation(seat)``, ``t.returns()``.  They call this package, which
holds each game's action space (:mod:`.spaces`) and observation layout (:mod:`.observe`).  ``hoyle.envs`` adapts
them to PettingZoo, Gymnasium and OpenSpiel.  ``docs/research.md`` documents every space and layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .observe import Block, Layout, decode, encode, layout
from .spaces import ActionSpace, LawModeNotCovered, space

if TYPE_CHECKING:
    from ..engine.table import Table

__all__ = [
    "ActionSpace",
    "Block",
    "LawModeNotCovered",
    "Layout",
    "deal_done",
    "decode",
    "encode",
    "layout",
    "returns",
    "space",
]


def _is_side(key: str, seats: tuple[str, ...]) -> bool:
    return len(key) > 1 and all(ch in seats for ch in key)


def _per_seat(values: dict[str, Any], seats: tuple[str, ...]) -> dict[str, float]:
    """A side's number given to each of its seats; keys that are neither (the pot, the pool) left out."""
    out = dict.fromkeys(seats, 0.0)
    for key, value in values.items():
        if not isinstance(value, int | float):
            continue
        if key in out:
            out[key] = float(value)
        elif _is_side(key, seats):
            for ch in key:
                out[ch] = float(value)
    return out


def _played(t: Any) -> list[Mapping[str, Any]]:
    """The results of the deals played so far (not the draw for the first dealer that some games log as a deal)."""
    return [r for r in t.deal_results() if "first dealer" not in r]


def deal_done(t: Any) -> bool:
    """Whether the table has finished a deal that was played since it was made (per-deal episodes)."""
    return len(_played(t)) > getattr(t, "_episode_base", 0)


def returns(t: Table) -> dict[str, float]:
    """Each seat's result in the game's unit: the sitting's, or with ``episode="deal"`` the deal's.

    Money games (Solo, Boston, Poker, Pope Joan, Vingt-Un): the seat's standing, that is its winnings, since the
    sitting (or the deal) began.  Whist, Dummy, Double Dummy and Cayenne score by sides: for a sitting, the net
    rubber points once the rubber is over (0 before, since a rubber's value is known only at its end); for a
    deal, the points the deal scored for the seat's side less those it scored for the other side.
    """
    seats = tuple(t.seats)
    scores = dict(t.scores)
    by_side = any(_is_side(k, seats) for k in scores)
    per_deal = t.game.options.get("episode", "sitting") == "deal"
    if not per_deal:
        if by_side and not t.over:
            return dict.fromkeys(seats, 0.0)
        return _per_seat(scores, seats)
    if by_side:
        done = _played(t)
        if not done:
            return dict.fromkeys(seats, 0.0)
        points = done[-1].get("points", {})
        sides = [k for k in points if _is_side(k, seats)]
        net = {s: float(points[s]) - sum(float(points[o]) for o in sides if o != s) for s in sides}
        return _per_seat(net, seats)
    start = _per_seat(getattr(t, "_episode_scores", {}) or {}, seats)
    now = _per_seat(scores, seats)
    return {s: now[s] - start[s] for s in seats}


class Episodic:
    """Mixed in before a game's table when ``episode="deal"``: the table is over when its first deal is settled.

    Made by ``Table.__new__``, so a sitting pays nothing for it; the per-deal reward is :func:`returns`.
    """

    _episode_base: int
    _episode_scores: dict[str, Any]

    def _episode_init(self: Any) -> None:
        self._episode_base = len(_played(self))
        self._episode_scores = dict(self.scores)

    @property
    def over(self) -> bool:
        return deal_done(self) or super().over  # type: ignore[misc]

    @property
    def to_act(self) -> str | None:
        return None if deal_done(self) else super().to_act  # type: ignore[misc]

    def legal_actions(self) -> list[Any]:
        return [] if deal_done(self) else super().legal_actions()  # type: ignore[misc]

    def _legal_ids(self) -> list[int] | None:
        return [] if deal_done(self) else super()._legal_ids()  # type: ignore[misc]

    def _do(self, action: Any) -> list[Any]:
        if not hasattr(self, "_episode_scores"):
            self._episode_init()
        return super()._do(action)  # type: ignore[misc]


_EPISODIC: dict[type, type] = {}


def episodic(cls: type) -> type:
    """The per-deal class of a table class (made once)."""
    made = _EPISODIC.get(cls)
    if made is None:
        made = _EPISODIC[cls] = type(
            cls.__name__, (Episodic, cls), {"__module__": cls.__module__, "__qualname__": cls.__qualname__}
        )
    return made
