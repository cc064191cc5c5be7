"""Penalty phases: the entitled side's choice, carried out by the handler of the phase's kind, one dispatch for every
law-mode game (laws-design.md §3).

A family's penalty phases are its referee's section ``phases`` (the Whist family's
:class:`~hoyle.laws.sections.phases.WhistPhases`, the round games'
:class:`~hoyle.laws.sections.roundphases.RoundPhases`): one handler a kind of phase, with the family's wording, and
its dispatch as data, :class:`Phases`.  The choice goes to the handler of the phase's
:class:`~hoyle.laws.decision.DecisionKey` that rules on every choice (the deal's and the claims' phases), else of the
remedy's :class:`~hoyle.laws.decision.Remedy` ruled first (a waiver in the Whist family's phases of the play, one
ruling; the stakes claimed at a misère, 003 digest), else of the phase's key (which may leave the choice to the next),
else of the remedy's kind (the round games' remedies common to every phase).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.actions import Action
from ...engine.events import Event
from ...errors import IllegalAction
from ..decision import Decision, DecisionKey, Remedy, decision_key, remedy_of
from ..referee import LawSection

__all__ = ["DecideLaw", "Handler", "Phases"]

Handler = Callable[[Any, Any, Action, Any], "list[Event] | None"]
"""How a family's phases section rules on one kind of penalty phase or remedy: (the section, the phase, the choice,
who chose); ``None``: not this handler's to rule (the next one rules)."""


@dataclass(frozen=True)
class Phases:
    """A family's penalty phases as data, in the order they are asked."""

    own: Mapping[DecisionKey, Handler]
    """The phases whose handler rules on every choice, the waiver too."""
    first: Mapping[Remedy, Handler]
    """The remedies ruled before the phase's own handler."""
    chosen: Mapping[DecisionKey, Handler]
    """The phases with remedies of their own."""
    by_remedy: Mapping[Remedy, Handler]
    """The remedies any other phase may give, by kind."""


class DecideLaw(LawSection[Any]):
    """Penalty phases: the entitled side's choice (``d`` already taken off the queue), ruled by the family's phases
    (``referee.phases``, dispatched by its :class:`Phases`)."""

    def decide(self, d: Decision, action: Action, by: int) -> list[Event]:
        phases = self.t.referee.phases
        table: Phases = phases.PHASES
        key = decision_key(d.key)
        if key is not None and (own := table.own.get(key)) is not None:
            events = own(phases, d, action, by)
            assert events is not None
            return events
        kind = remedy_of(action)[0]
        for handler in (
            table.first.get(kind) if kind is not None else None,
            table.chosen.get(key) if key is not None else None,
            table.by_remedy.get(kind) if kind is not None else None,
        ):
            if handler is not None and (events := handler(phases, d, action, by)) is not None:
                return events
        raise IllegalAction(f"{action}: not a remedy of {d.key}")  # pragma: no cover
