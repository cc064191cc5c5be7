"""What every section of the round games' referee shares (:mod:`hoyle.laws.round`): a game's rule for one
irregularity, the decision type, and the words of the calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.actions import Action
from ...engine.events import Event
from ..decision import Decision as _Decision
from ..referee import LawSection

if TYPE_CHECKING:
    from ..round import RoundLawMixin  # noqa: F401 - the table a section rules, named in the base class

WAIVE = Action.parse("waive")
REQ_WORDS = {
    "highest": "his highest card of the suit led",
    "lowest": "his lowest card of the suit led",
    "win": "to win the trick",
    "not win": "not to win the trick",
    "trump": "to trump the trick",
    "not trump": "not to trump the trick (follow suit or pass the trick)",
}


@dataclass(frozen=True)
class RoundRule:
    """What a game's law does with one irregularity: the laws, a plain clause, the remedies ``(kind, law)``."""

    laws: tuple[str, ...]
    text: str
    remedies: tuple[tuple[str, str], ...] = ()

    def kinds(self) -> list[str]:
        return [k for k, _ in self.remedies]

    def law_of(self, kind: str) -> str:
        return next((law for k, law in self.remedies if k == kind), self.laws[0] if self.laws else "")


Decision = _Decision[str, tuple[str, ...]]
"""A penalty phase at a round table: seats by name, a side as its seats."""


class RoundSection(LawSection["RoundLawMixin"]):
    """One section of the round games' referee: it holds the table it rules, ``self.t``."""

    def ruled(
        self, key: str, who: str, rule: RoundRule, text: str, remedy: str = "none", **data: object
    ) -> list[Event]:
        """The ruling on ``who``'s irregularity ``key``, citing the game's ``rule`` (no penalty, unless ``remedy``)."""
        return [self.t._ruling(key, text, rule.laws, seat=who, remedy=remedy, **data)]

    def offer(
        self,
        key: str,
        who: str,
        rule: RoundRule,
        options: list[tuple[str, str]],
        note: str,
        text: str,
        *,
        remedy: str = "the offended side's choice",
        chooser: str | None = None,
        side: list[str] | None = None,
        **context: object,
    ) -> list[Event]:
        """A penalty phase for ``who``'s irregularity ``key`` (the ``options`` of ``rule``; ``note``, what the choice
        is about), and the ruling that says so."""
        self.t._decision(key, who, rule, options, note, chooser=chooser, side=side, **context)
        return self.ruled(key, who, rule, text, remedy)


ANY = "*"
"""In a game's table of rules (:func:`rule_for`): any offence (the key), or any role."""


def rule_for(rules: Mapping[tuple[str, str], RoundRule], key: str, roles: Sequence[str]) -> RoundRule | None:
    """A round game's law for the offence ``key``, from its table of rules keyed ``(offence, the offender's role)``
    (:data:`hoyle.laws.solo.RULES`, :data:`hoyle.laws.boston.RULES`): the first of ``roles`` (the most particular
    first) that the table rules, for this offence or, ``(ANY, role)``, for every offence; else ``(key, ANY)``.
    ``None`` when the table is silent."""
    for r in roles:
        found = rules.get((key, r)) or rules.get((ANY, r))
        if found is not None:
            return found
    return rules.get((key, ANY))
