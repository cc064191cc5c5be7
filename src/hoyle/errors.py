"""One family of errors, each precise, each a ``ValueError`` naming the problem and the valid choices."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "HoyleError",
    "IllegalAction",
    "InvalidAction",
    "InvalidDeal",
    "RecordError",
    "UnknownGame",
    "UnknownOption",
]


class HoyleError(ValueError):
    """Base of every error hoyle raises on bad input."""


class InvalidAction(HoyleError):
    """An action that cannot be parsed: unknown verb, malformed card or number."""


class IllegalAction(HoyleError):
    """A well-formed action that the laws forbid now; the message cites the law.

    ``law`` holds the citation (``"000 §71"``) when one applies.
    """

    def __init__(self, message: str, law: str | None = None) -> None:
        super().__init__(message)
        self.law = law


class UnknownGame(HoyleError):
    """A game name that is not registered; the message lists the registered names."""

    def __init__(self, name: str, valid: Iterable[str]) -> None:
        self.valid = sorted(valid)
        super().__init__(f"unknown game {name!r}; the games are: {', '.join(self.valid)}")


class UnknownOption(HoyleError):
    """An option a game does not have, or a value it does not take; the message lists the valid ones."""


class RecordError(HoyleError):
    """A record that is malformed or inconsistent; the message gives where and why.

    ``place`` names the part of the record at fault (``"deals[2]"``), when known.
    """

    def __init__(self, message: str, place: str | None = None) -> None:
        super().__init__(message)
        self.place = place
        self.reason = message


class InvalidDeal(HoyleError):
    """A given deal that is not a deal of the game: wrong hand sizes, a card missing or twice, a bad turn-up."""
