"""A choice the law gives a side, and the typed words of law mode: one :class:`Decision` for every law-mode game.

A :class:`Decision` is a penalty phase (laws-design.md §3): who chooses (``seat``) for which side, among which
options (each an action with the law that gives it), under which laws, and why.  Its seats are indices into the
table's seats in every family (named only in the rulings' words, the views and the records), and its side is the
seats of the side (the Whist family's partnership, ``side_seats(parity)``; a round game's declaring side or its
adversaries).  :class:`Remedy` names the remedies a round game's law may give, as data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine.actions import Action

__all__ = ["Decision", "DecisionKey", "Remedy", "Verb", "decision_key", "remedy_of", "verb_of"]


class Remedy(StrEnum):
    """A remedy a law may give the offended side: the remedies of a round game's rules (:class:`~hoyle.laws.codes.
    Rule`), and the choices of a Whist-family penalty phase.  An option's text is its kind, with a card or a suit
    after it where the kind names one (``call card QS``, ``call suit hearts``): :func:`remedy_of` parses it."""

    CLAIM_THE_STAKES = "claim the stakes"
    CALL_SUIT = "call suit"
    CALL_CARD = "call card"
    FORBID_CARD = "forbid card"
    REQUIRE_HIGHEST = "require highest"
    REQUIRE_LOWEST = "require lowest"
    REQUIRE_WIN = "require win"
    REQUIRE_NOT_WIN = "require not win"
    REQUIRE_TRUMP = "require trump"
    REQUIRE_NOT_TRUMP = "require not trump"
    DEMAND_PLAY_OUT = "demand play out"
    WAIVE = "waive"
    STOP_DEAL = "stop deal"
    REQUIRE_RESHUFFLE = "require reshuffle"
    CLAIM_MISDEAL = "claim misdeal"
    CLAIM_NEW_DEAL = "claim new deal"
    CORRECT = "correct"
    REQUIRE_HIGHEST_TRUMP = "require highest trump"
    REQUIRE_LOWEST_TRUMP = "require lowest trump"
    REQUIRE_TRUMP_CARD = "require trump card"
    SHOW = "show"


ROUND_REMEDIES = tuple(Remedy)[:11]
"""The remedies a round game's law may give (the remedies of its rules, :class:`~hoyle.laws.codes.Rule`)."""

_LONGEST_FIRST = sorted(Remedy, key=len, reverse=True)


def remedy_of(action: Action | str) -> tuple[Remedy | None, str]:
    """The remedy an option or a choice names, and what it names after its kind (a card, a suit), parsed:
    ``call card QS`` gives ``(Remedy.CALL_CARD, "QS")``; a text that is no remedy gives ``(None, text)``."""
    text = str(action)
    for kind in _LONGEST_FIRST:
        if text == kind or text.startswith(kind + " "):
            return kind, text[len(kind) :].strip()
    return None, text


class DecisionKey(StrEnum):
    """What a penalty phase is about: the catalogue's key of the irregularity
    (:mod:`hoyle.laws.catalogue`), or one of the phases that follow from a choice (``call exposed``, ``trump or
    not``...).  The referee's decisions section rules each by its handler (:mod:`hoyle.laws.sections.decide`)."""

    DEAL_OUT_OF_TURN = "deal out of turn"
    OTHER_PACK = "other pack"
    SEEN_IN_SHUFFLING = "seen in shuffling"
    DETACHED_CARD = "detached card"
    UNCUT = "uncut"
    EXPOSED_IN_DEALING = "exposed in dealing"
    TRUMP_LOOKED_AT = "trump looked at"
    OMITTED_TO_PLAY = "omitted to play"
    WRONG_NUMBER_LATE = "wrong number late"
    CLAIM_REVOKE = "claim revoke"
    REVOKE_PENALTY = "revoke penalty"
    POINT_PENALTY = "point penalty"
    HONOURS = "honours"
    CALL_EXPOSED = "call exposed"
    CALL_SUIT = "call suit"
    TRUMP_CALL = "trump call"
    FOURTH_BEFORE_SECOND = "fourth before second"
    ATTENTION_CALLED = "attention called"
    WINNING_CARDS_LED = "winning cards led"
    RENOUNCE_CORRECTED = "renounce corrected"
    TRUMP_OR_NOT = "trump or not"
    TWO_CARDS_AT_ONCE = "two cards at once"
    TRUMP_CARD_TAKEN_EARLY = "trump card taken early"
    SHOW_TRUMP = "show trump"
    ANSWER = "answer"
    SEARCH = "search"
    LEAD_OUT_OF_TURN = "lead out of turn"
    TRICK_LOOKED_AT = "trick looked at"
    LAST_TRICK_LOOKED_AT = "last trick looked at"
    HAND_THROWN_DOWN = "hand thrown down"


def decision_key(key: str) -> DecisionKey | None:
    """A decision's key, typed; ``None`` for a key no handler rules on (a game's own, as Cayenne's)."""
    return DecisionKey(key) if key in _KEYS else None


_KEYS = frozenset(DecisionKey)


class Verb(StrEnum):
    """The verbs of law mode's acts (an act's ``verb``, :class:`~hoyle.engine.actions.Action`): the referee
    carries out each by its handler (:mod:`hoyle.laws.sections.acts`, one for every family)."""

    PLAY = "play"
    THROW = "throw"
    EXPOSE = "expose"
    SHOW = "show"
    NAME = "name"
    LOWER = "lower"
    DETACH = "detach"
    DROP = "drop"
    MIX = "mix"
    ADD = "add"
    OMIT = "omit"
    CLAIM = "claim"
    CALL = "call"
    LOOK = "look"
    ASK = "ask"
    CORRECT = "correct"
    FORGET = "forget"
    LEAVE = "leave"
    CONSULT = "consult"
    TAKE = "take"
    REMIND = "remind"
    DISPUTE = "dispute"
    ANSWER = "answer"
    CUT = "cut"
    DEAL = "deal"
    WAIVE = "waive"


def verb_of(action: Action) -> Verb | None:
    """The verb of an act, typed; ``None`` for a verb law mode does not know."""
    return Verb(action.verb) if action.verb in _VERBS else None


_VERBS = frozenset(Verb)


@dataclass
class Decision:
    """A choice the law gives a side (a penalty phase): who chooses, for which side, among what, under which law.

    ``options``: each remedy as an action's text with the law that gives it (normalised to the action's notation).
    ``chooser``: who of the side may choose (``either`` adversary, the ``claimants``...); ``consult``: whether
    consulting is allowed (000 §84, Case X); ``context``: what the ruling needs to enforce the choice.
    """

    key: str
    seat: int
    side: tuple[int, ...]
    options: list[tuple[str, str]]
    laws: list[str]
    text: str
    offender: int | None = None
    chooser: str = "either"
    consult: bool = False
    context: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.options = [(str(Action.parse(a)), law) for a, law in self.options]

    def actions(self) -> list[Action]:
        return [Action.parse(a) for a, _ in self.options]

    def remedies(self) -> list[tuple[Action, str]]:
        """Each option as an action, with its citation."""
        return [(Action.parse(a), law) for a, law in self.options]
