"""Actions: what a seat does, as small frozen values with a text notation that parses back.

>>> a = Action.parse("play 10h")
>>> a, str(a), a.card
(Action.parse('play TH'), 'play TH', TH)
>>> Action.parse("play")
Traceback (most recent call last):
...
hoyle.errors.InvalidAction: 'play' needs a card, e.g. 'play QS'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from ..cards import CARDS, Card
from ..errors import InvalidAction

__all__ = ["PLAY", "Action", "as_action"]

_CARD_VERBS: Final = frozenset({"play"})
_SEAT_PREFIX: Final = re.compile(r"^\s*([A-Za-z]{1,2})\s*:\s*(.*)$", re.DOTALL)
_MAX_TEXT: Final = 200


class Action:
    """One act of a seat: a verb and its argument, e.g. ``play QS``, ``call misere``, ``bet 5``.

    Immutable and hashable; ``str(action)`` is its notation and
    ``Action.parse(str(action)) == action``.  ``card`` is the card of a
    ``play`` (else ``None``); ``arg`` is the rest of the text, normalised.
    ``seat`` names who acts when it is said (``"E: play QS"``): the seat to act
    by default, another seat for an act out of turn (law mode), or the seat
    an interface acts for.
    """

    __slots__ = ("_hash", "arg", "card", "seat", "verb")
    verb: str
    arg: str
    card: Card | None
    seat: str | None
    _hash: int

    def __init__(self, verb: str, arg: str = "", card: Card | None = None, seat: str | None = None) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "arg", arg)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "_hash", hash((verb, arg, seat)))

    def by(self, seat: str | None) -> Action:
        """The same act, said by ``seat`` (``None``: by whoever is to act)."""
        if seat == self.seat:
            return self
        return Action(self.verb, self.arg, self.card, seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.verb == other.verb and self.arg == other.arg and self.seat == other.seat
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        body = f"{self.verb} {self.arg}" if self.arg else self.verb
        return f"{self.seat}: {body}" if self.seat else body

    def __repr__(self) -> str:
        # Evaluates back to an equal action (with its card and seat): ``eval(repr(a)) == a``.
        return f"Action.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Action.parse, (str(self),))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self  # immutable: a cloned table shares its actions

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action from its notation; raises :class:`InvalidAction` quoting the text."""
        if not isinstance(text, str):
            raise InvalidAction(f"an action is text such as 'play QS', not {type(text).__name__}")
        cached = _CACHE.get(text)
        if cached is not None:
            return cached
        if len(text) > _MAX_TEXT:
            raise InvalidAction(f"action text too long ({len(text)} characters; at most {_MAX_TEXT})")
        m = _SEAT_PREFIX.match(text)
        if m is not None:
            return Action.parse(m.group(2)).by(m.group(1).upper())
        norm = _normalise(text)
        if not norm:
            raise InvalidAction("empty action; write a verb and its argument, e.g. 'play QS'")
        verb, _, rest = norm.partition(" ")
        rest = rest.strip()
        if verb in _CARD_VERBS:
            if not rest:
                raise InvalidAction(f"{verb!r} needs a card, e.g. '{verb} QS'")
            try:
                card = Card.from_text(rest)
            except ValueError:
                given = text.strip().split(None, 1)[1]
                raise InvalidAction(
                    f"{text.strip()!r}: {given!r} is not a card (write rank then suit: 'AS', 'TH' or '10H', 'JD', '2C')"
                ) from None
            return PLAY[card]
        if verb in _CARD_ARG_VERBS and rest:
            rest = " ".join(_canonical_token(tok) for tok in rest.split())
        return Action(verb, rest)


_CARD_ARG_VERBS: Final = frozenset(
    {
        "draw",
        "exchange",
        "discard",
        "show",
        "call",
        "trumps",
        "declare",
        "require",
        # law mode's acts and remedies that name cards: ``expose KD``, ``add 9S``, ``forbid card 2H``
        "expose",
        "drop",
        "name",
        "add",
        "mix",
        "forbid",
        "detach",
        "throw",
    }
)
"""Verbs whose arguments may name cards or suits, written in card notation: ``draw 2C 7H``, ``call suit H``."""


def _canonical_token(tok: str) -> str:
    if len(tok) == 1 and tok in "cdhs♣♦♥♠":
        return "CDHS"["cdhs♣♦♥♠".index(tok) % 4]
    if 2 <= len(tok) <= 3:
        try:
            return str(Card.from_text(tok))
        except ValueError:
            return tok
    return tok


def _normalise(text: str) -> str:
    """Lower case, spaces folded, accents removed (misère -> misere, déclarée -> declaree); suit symbols kept."""
    t = text.strip()
    if not t.isascii():
        t = "".join(ch for ch in unicodedata.normalize("NFKD", t) if not unicodedata.combining(ch))
    return " ".join(t.lower().split())


PLAY: tuple[Action, ...] = tuple(Action("play", str(c), c) for c in CARDS)
"""The ``play`` action of each card, indexed by card: no object is made in the hot path."""

_CACHE: dict[str, Action] = {str(a): a for a in PLAY}


def as_action(action: Action | str) -> Action:
    """An Action from an Action or its text."""
    if isinstance(action, Action):
        return action
    return Action.parse(action)
