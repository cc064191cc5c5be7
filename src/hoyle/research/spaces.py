"""A fixed action space for every game: integer ids beside (never instead of) the text notation.

Each game's space is a list of *slots* built from the game's options alone, so it is fixed for a given
``hoyle.game(...)``.  Most slots are one action text (``play QS``, ``bid 6 first``, ``raise 4``).  The acts that
name cards of a hand whose cards the space cannot know in advance, poker's draw and the Whiskey exchange, take
*positional* slots: "discard the first and third cards of the hand, in card order", "exchange the second card of
the hand for the fourth card of the widow".  Their texts depend on the hand, so the table resolves them
(:meth:`ActionSpace.action_for`); the game alone can name every other slot (:meth:`ActionSpace.action_of`).

>>> import hoyle
>>> g = hoyle.game("whist")
>>> g.num_actions, g.action_id("play QS"), g.action_of(0)
(52, 49, Action.parse('play 2C'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..cards import CARDS, Card
from ..engine.actions import PLAY, Action, as_action
from ..errors import IllegalAction, InvalidAction

if TYPE_CHECKING:
    from ..engine.registry import Game
    from ..engine.table import Table

__all__ = ["ActionSpace", "LawModeNotCovered", "space"]

_SUITS = ("C", "D", "H", "S")
_HAND = 5  # poker hands hold five cards (003)
_DRAW_MASKS: tuple[tuple[int, ...], ...] = tuple(
    combo for k in range(1, _HAND + 1) for combo in combinations(range(_HAND), k)
)


class LawModeNotCovered(ValueError):
    """Law mode has no fixed action space: its irregular acts are open-ended (docs/research.md)."""


@dataclass(frozen=True, slots=True)
class _Positional:
    """A slot naming cards by their places in a hand sorted in card order (and in the widow)."""

    verb: str  # "draw" or "exchange"
    places: tuple[int, ...]  # draw: the hand's places discarded; exchange: (hand place, widow place)

    def describe(self) -> str:
        if self.verb == "draw":
            return "draw " + " ".join(f"#{p + 1}" for p in self.places)
        return f"exchange #{self.places[0] + 1} for widow #{self.places[1] + 1}"


class ActionSpace:
    """The ids of one game's actions: ``ids[action] -> int`` and back."""

    __slots__ = ("_by_identity", "_fixed", "_ids", "_slots", "game_name", "size")

    def __init__(self, game_name: str, slots: Sequence[Action | _Positional]) -> None:
        self.game_name = game_name
        self._slots: tuple[Action | _Positional, ...] = tuple(slots)
        self.size = len(self._slots)
        self._ids: dict[Action, int] = {}
        self._fixed: dict[_Positional, int] = {}
        for i, slot in enumerate(self._slots):
            if isinstance(slot, Action):
                self._ids[slot] = i
            else:
                self._fixed[slot] = i
        # The games hand out the same Action objects (PLAY[card], parsed texts are cached): found by identity
        # first, which costs no call to Action.__hash__.
        self._by_identity: dict[int, int] = {id(slot): i for slot, i in self._ids.items()}

    def __len__(self) -> int:
        return self.size

    def describe(self, i: int) -> str:
        """The slot's text: the action's notation, or ``draw #1 #3`` for a positional slot."""
        slot = self._slot(i)
        return str(slot) if isinstance(slot, Action) else slot.describe()

    def _slot(self, i: int) -> Action | _Positional:
        if not isinstance(i, int | bool) or isinstance(i, bool) or not 0 <= i < self.size:
            raise InvalidAction(f"{i!r} is not an action id of {self.game_name}: the ids are 0..{self.size - 1}")
        return self._slots[i]

    def action_id(self, action: Action | str) -> int:
        """The id of an action that the game names whatever the hands (not a positional one)."""
        act = as_action(action).by(None)
        i = self._ids.get(act)
        if i is None:
            raise InvalidAction(
                f"{act}: not in {self.game_name}'s action space"
                + (
                    "; a draw or an exchange is numbered by the places of its cards: use t.action_id(action)"
                    if act.verb in ("draw", "exchange")
                    else ""
                )
            )
        return i

    def action_of(self, i: int) -> Action:
        """The action of id ``i``; a positional slot needs the table (:meth:`action_for`)."""
        slot = self._slot(i)
        if isinstance(slot, Action):
            return slot
        raise InvalidAction(
            f"action id {i} is {slot.describe()!r}, which names cards by their places in the hand:"
            " use t.action_of_id(i) at the table"
        )

    def table_id(self, t: Table, action: Action) -> int:
        """The id of ``action`` at table ``t`` (positional slots resolved from the hand in play)."""
        i = self._ids.get(action)
        if i is not None:
            return i
        if action.verb in ("draw", "exchange") and self._fixed:
            hand, widow = _poker_hand(t)
            cards = [Card.from_text(x) for x in action.arg.split()]
            if action.verb == "draw":
                key = _Positional("draw", tuple(sorted(hand.index(c) for c in cards)))
            else:
                key = _Positional("exchange", (hand.index(cards[0]), widow.index(cards[1])))
            j = self._fixed.get(key)
            if j is not None:
                return j
        raise InvalidAction(f"{action}: not in {self.game_name}'s action space")

    def action_for(self, t: Table, i: int) -> Action:
        """The action of id ``i`` at table ``t``: a positional slot named by the cards it points at."""
        slot = self._slot(i)
        if isinstance(slot, Action):
            return slot
        hand, widow = _poker_hand(t)
        try:
            if slot.verb == "draw":
                chosen = {hand[p] for p in slot.places}
                held = _held(t)  # named in the order the hand holds them, as the game lists its draws
                return Action.parse("draw " + " ".join(str(c) for c in held if c in chosen))
            return Action.parse(f"exchange {hand[slot.places[0]]} {widow[slot.places[1]]}")
        except IndexError:
            raise IllegalAction(f"action id {i} ({slot.describe()}): the hand or the widow has no such card") from None


def _poker_hand(t: Table) -> tuple[list[Card], list[Card]]:
    """The hand of the seat to act and the widow, each in card order: the places positional ids count."""
    seat = t.to_act
    hands: dict[str, Any] = getattr(t, "hands", {})
    hand = sorted(hands.get(seat, ()), key=int) if seat is not None else []
    widow = sorted(getattr(t, "widow", ()) or (), key=int)
    return hand, widow


def _held(t: Table) -> list[Card]:
    hands: dict[str, Any] = getattr(t, "hands", {})
    return list(hands.get(t.to_act, ())) if t.to_act is not None else []


def _acts(*texts: str) -> list[Action]:
    return [Action.parse(x) for x in texts]


def _plays() -> list[Action]:
    return [PLAY[c] for c in CARDS[:52]]


def _build(g: Game) -> ActionSpace:
    name = g.name
    o = g.options
    if o.get("irregularities"):
        raise LawModeNotCovered(
            f"{name} with irregularities=True has no fixed action space: law mode's acts (any card out of turn,"
            " any penalty a code offers) are open-ended; use the text actions (docs/research.md, 'Law mode')"
        )
    slots: list[Action | _Positional] = []
    if name in ("whist", "dummy", "double-dummy"):
        slots += _plays()
    elif name == "cayenne":
        from ..rulebook.cayenne import DECLARATIONS

        slots += _acts("pass", *(f"declare {d}" for d in DECLARATIONS))
        slots += _plays()
    elif name == "solo":
        from ..rulebook.solo import CALL_ACTIONS

        slots += _acts("pass", "propose", "accept")
        slots += list(CALL_ACTIONS.values())
        slots += _acts(*(f"trumps {s}" for s in _SUITS))
        slots += _plays()
    elif name == "boston":
        from ..rulebook.boston import ladder

        slots += _acts("pass")
        slots += [Action("bid", c.name) for c in ladder(o["variant"])]
        slots += _acts(*(f"trumps {s}" for s in _SUITS))
        slots += [Action.parse(f"discard {c}") for c in CARDS[:52]]
        slots += _plays()
    elif name in ("pope-joan", "pope joan"):
        slots += [Action("cut", str(k)) for k in range(1, 51)]
        slots += _plays()
    elif name == "vingt-un":
        slots += _acts("card", "stand", "double", "pass", "split")
        slots += _acts("declare sympathy", "declare antipathy", "declare red", "declare black")
        slots += [Action("stake", str(k)) for k in range(o["min_stake"], o["max_stake"] + 1)]
        slots += [Action("cut", str(k)) for k in range(1, 104)]
    elif name == "poker":
        top = int(o["limit"])
        slots += _acts("ante", "pass", "see", "go in", "hold age", "straddle", "stand pat", "knock", "take widow")
        slots += [Action("open", str(n)) for n in range(1, top + 1)]
        slots += [Action("raise", str(n)) for n in range(1, top + 1)]
        slots += [_Positional("draw", m) for m in _DRAW_MASKS]
        slots += [_Positional("exchange", (i, j)) for i in range(_HAND) for j in range(_HAND)]
    else:
        raise LawModeNotCovered(f"{name}: no action space is defined for this game")
    return ActionSpace(name, slots)


space = cache(_build)
"""``space(g)``: the action space of game ``g``, built once per game and options."""
