"""The table: one sitting, its seats, its deals, its log, its records.

A game's table class subclasses :class:`Table` and supplies the rules: who is
to act, which actions are lawful, what an action does, what each seat may
see, and the score.  The generic part here parses actions, refuses unlawful
ones without changing anything, keeps the one log of actions and events,
draws chance (shuffles and cuts) from the shuffler it was given, and writes
and reads records.
"""

from __future__ import annotations

import copy
import importlib
import random
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import PACK_52, Card, Pack, SeededShuffler, Shuffler, SystemShuffler, format_cards, parse
from ..cards import cut as cut_pack
from ..errors import HoyleError, IllegalAction, RecordError
from . import fairness
from .actions import Action, as_action
from .events import Event

if TYPE_CHECKING:
    from .registry import Game

__all__ = ["RECORD_FORMAT", "Chance", "Table", "make_record", "rebuild", "replay"]

RECORD_FORMAT = "hoyle-record/1"


class Chance(NamedTuple):
    """Chance as a record has it (docs/records.md), in part: what :meth:`Table.chance_since` returns."""

    deals: list[dict[str, Any]]
    """Entries of the record's ``deals``: each pack drawn, with its order, cut, commitment and, once the deal is
    settled, its ``result``."""
    cuts: list[dict[str, str]]
    """Entries of the record's ``cuts``: ``{player or seat: card}`` for each cut for partners or for the deal."""


def make_record(
    *,
    game: str,
    options: Mapping[str, Any],
    seats: Sequence[str],
    start: Mapping[str, Any],
    cuts: Sequence[Mapping[str, str]],
    deals: Sequence[Mapping[str, Any]],
    actions: Sequence[str],
    scores: Mapping[str, int],
    over: bool,
    **more: Any,
) -> dict[str, Any]:
    """A record of the form ``hoyle-record/1`` (docs/records.md) from its parts, copied: what
    :meth:`Table.record` writes, and what a store that keeps a sitting's parts apart (the room's database)
    puts together again.  ``more`` are the optional fields (``players``, ``standings``, ``shuffler``)."""
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "options": dict(options),
        "seats": list(seats),
        "start": copy.deepcopy(dict(start)),
        "cuts": [dict(c) for c in cuts],
        "deals": copy.deepcopy([dict(d) for d in deals]),
        "actions": list(actions),
        "scores": dict(scores),
        "over": over,
        **more,
    }


class Table(ABC):
    """One sitting of a game: see design.md, "The public surface"."""

    seats: tuple[str, ...]
    game: Game

    _given = False
    _script: list[dict[str, Any]] = ()  # type: ignore[assignment]
    """Deals to use instead of shuffling, in order (a given deal, a replay's): an instance's own list when it has
    any (a game puts a given deal first by making a new list, :meth:`_script_first`); the class's empty tuple else."""
    _cut_script: list[dict[str, str]] | None = None
    """The record's cuts to replay, in order; None when the table cuts for itself."""
    _scripted: Mapping[int, Mapping[str, Any]] = MappingProxyType({})
    """The script entry each scripted deal came from, by its index in the deal log (an instance's own dict once a
    scripted deal is taken)."""
    """Whether the sitting began with a given deal (``table(deal=...)``): a seeded record says so, since that
    deal was not drawn from its seed."""

    law_class: str | None = None
    """Where a game's law-mode class is (``"hoyle.laws.solo:LawSoloTable"``), for games that have one: the
    option ``irregularities=True`` makes ``game.table()`` that class (laws-design.md).  Imported only then, so
    strict mode pays nothing for law mode's existence."""

    def __new__(cls, game: Game | None = None, *args: Any, **kwargs: Any) -> Table:
        if cls.law_class is not None and game is not None and game.options.get("irregularities"):
            module, _, name = cls.law_class.partition(":")
            law = getattr(importlib.import_module(module), name)
            if not issubclass(cls, law):
                cls = law
        if game is not None and game.options.get("episode") == "deal":
            from ..research import episodic

            cls = episodic(cls)
        return super().__new__(cls)

    def __init__(
        self,
        game: Game,
        *,
        shuffler: Shuffler,
        players: Sequence[str] | None = None,
        deal: Mapping[str, Any] | None = None,
        _start: Mapping[str, Any] | None = None,
        _script: list[dict[str, Any]] | None = None,
        _cuts: list[dict[str, str]] | None = None,
    ) -> None:
        """A new sitting of ``game``: its chance drawn from ``shuffler``; ``players`` the candidates, in order of
        arrival; ``deal`` a given first deal.  A replay (:func:`replay`) gives instead the record's ``_start``,
        deals (``_script``) and cuts (``_cuts``).  The game's :meth:`_setup` then seats the players and deals."""
        self.game = game
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._shuffler = shuffler
        # Chance, as it happened, for the record: one entry a deal.
        self._deal_log: list[dict[str, Any]] = []
        # Deals to use instead of shuffling (a given deal, or a replay): set only when there are (the class's empty
        # tuple else: fewer keys in the instance's dict, under CPython's 30 for dicts sharing their keys).
        if _script is not None:
            self._script = _script
        # Cuts for partners, deal and cutting out, as they happened; and those to replay (None: none to replay).
        self._cut_log: list[dict[str, str]] = []
        if _cuts is not None:
            self._cut_script = _cuts
        self._start: dict[str, Any] = {}
        # Provably fair deals (engine/fairness.py): how many deals have had their commitment published, and how many
        # their proof (the script entry each scripted deal came from: _scripted).
        self._committed = 0
        self._revealed = 0
        self._setup(game, players=players, deal=deal, start=dict(_start or {}))

    @abstractmethod
    def _setup(
        self, game: Game, *, players: Sequence[str] | None, deal: Mapping[str, Any] | None, start: dict[str, Any]
    ) -> None:
        """The game's own beginning, called by :meth:`__init__` once the engine's part is ready: read ``game``'s
        options, seat ``players`` (or the record's ``start``), set ``self._start`` to what a record needs to set
        the table up again, and make the first deal (from ``deal`` if given) with :meth:`_draw_deal`, putting its
        events in ``self.events``.  ``start`` is a record's ``start`` (empty for a new sitting)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A table publishes the commitments of the deals its constructor drew (the first deal is dealt as the
        # table is made) when construction is complete: after the outermost __init__ of its class.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__init__")
        if getattr(cls.__init__, "_publishes_chance", False) and own is None:
            return  # it inherits a constructor that publishes (and knows it is outermost)

        def __init__(self: Table, *args: Any, **kw: Any) -> None:
            if own is not None:
                own(self, *args, **kw)
            else:  # a constructor inherited from a class that is not a Table (a mixin): the MRO's next one
                super(cls, self).__init__(*args, **kw)
            if type(self).__init__ is __init__:  # the outermost constructor: every deal it makes is drawn
                self.events[:] = self._publish_chance(self.events, start=0)

        __init__._publishes_chance = True  # type: ignore[attr-defined]
        __init__.__doc__ = (own or cls.__init__).__doc__
        cls.__init__ = __init__  # type: ignore[method-assign]

    # ------------------------------------------------------------------ rules (per game)

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """The seat to act now, or ``None`` when the sitting is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The lawful actions of the seat to act (empty when the sitting is over)."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (citing the law) unless ``action`` is lawful now. No change."""

    @abstractmethod
    def _do(self, action: Action) -> list[Event]:
        """Carry out a lawful ``action``; return the events it caused."""

    @abstractmethod
    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now, as plain JSON-serialisable data; ``None`` is a spectator."""

    @abstractmethod
    def places(self) -> dict[str, str]:
        """Where every card of the pack in play is now: ``{"QS": "hand N", ...}`` (laws-design §1).

        Places are ``hand SEAT``, ``turned`` (the trump card lying on the
        table), ``trick`` (the trick on the table), ``quitted N`` (the N-th
        quitted trick), and as a game needs (``still pack``, ``floor``...).
        Each card is in exactly one place: the conformance harness checks it.
        """

    @property
    @abstractmethod
    def over(self) -> bool:
        """True when the sitting is finished."""

    @property
    @abstractmethod
    def scores(self) -> dict[str, int]:
        """The running result, in the game's unit."""

    # ------------------------------------------------------------------ generic

    def apply(self, action: Action | str) -> list[Event]:
        """Take ``action`` (an :class:`Action` or its text) for the seat to act.

        Returns the events it caused.  Raises :class:`InvalidAction` if it
        cannot be parsed and :class:`IllegalAction` if the laws forbid it; in
        both cases the table is unchanged.
        """
        act = action if type(action) is Action else as_action(action)
        if self.over:
            raise IllegalAction(f"{act}: the sitting is over; nothing more can be done")
        if act.seat is not None:
            if act.seat not in self.seats:
                raise IllegalAction(f"{act}: there is no seat {act.seat!r}; the seats are {', '.join(self.seats)}")
            if act.seat != self.to_act:
                return self._apply_out_of_turn(act)
            act = act.by(None)
        self._check(act)
        self.actions.append(act)
        events = self._do(act)
        return self._logged(events)

    def _logged(self, events: list[Event]) -> list[Event]:
        """The events an action caused, with the commitments and proofs of deals now due, added to the log.

        Every ``apply`` (law mode has its own) ends here."""
        log = self._deal_log
        revealed = self._revealed
        if self._committed < len(log):
            events = self._publish_chance(events, start=len(self.events))
        elif revealed < self._committed and ("result" in log[revealed] or self.over):
            # A settled deal whose proof waits (a still pack shown with the next deal, 002 §8; a pack run through
            # in a deal): asked again only when the log may have changed what _chance_settled finds.  Results are
            # written to the last entry, so its result, the log's length and the sitting's end say so.
            key = (revealed, len(log), "result" in log[-1], self.over)
            if key != self._unsettled and self._chance_settled(revealed):
                events = self._publish_chance(events, start=len(self.events))
            else:
                self._unsettled = key
        self.events.extend(events)
        return events

    _unsettled: tuple[int, int, bool, bool] | None = None
    """What :meth:`_logged` last found unsettled: the entry, the log's length, the last entry's result, the end."""

    def _apply_out_of_turn(self, action: Action) -> list[Event]:
        """An act by a seat that is not to act: refused in strict mode; law mode overrides this."""
        raise IllegalAction(f"{action}: it is {self.to_act}'s turn, not {action.seat}'s{self._out_of_turn_law}")

    _out_of_turn_law = ""
    """Where a game's laws deal with acts out of turn, e.g. ' (000 §62, §67)'."""

    def controller(self, seat: str) -> str:
        """The seat whose player decides for ``seat``: the seat itself, unless the game seats one player for two
        (a Dummy is played by its partner, 000 Dummy; :class:`~hoyle.rulebook.dummy.DummyTable` says so).  The room,
        the terminal and matches of bots give the turn of ``seat`` to the player of ``controller(seat)``."""
        return seat

    def irregular_actions(self, seat: str) -> list[Action]:
        """The irregularities ``seat`` may commit now (law mode); empty in strict mode."""
        self.seat_check(seat)
        return []

    def act_for(
        self, seat: str, action: Action, *, said: str | None = None, plays_to_act: bool = False
    ) -> tuple[str, Action] | None:
        """Whose act ``action`` is when the person sitting in ``seat`` says it (naming the seat ``said``, if any), as
        the seat and the action to apply; None when it is not theirs to say now.  ``plays_to_act``: that person plays
        the seat to act (their own, or a Dummy they play).  In strict mode only the seat to act acts; at law a seat
        may act out of turn (``irregular_actions``), and a person playing a Dummy who says an act that only his own
        seat may commit, errs in his own seat (laws-design.md §3)."""
        to_act = self.to_act
        plain = action.by(None)

        def irregular(s: str) -> bool:
            return plain in [a.by(None) for a in self.irregular_actions(s)]

        if said is None and plays_to_act and to_act != seat and irregular(seat) and plain not in self.legal_actions():
            said = seat
        if said in (None, to_act) and plays_to_act:
            assert to_act is not None
            return to_act, plain
        if irregular(said or seat):
            return said or seat, action.by(said or seat)
        return None

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` is lawful now (it is not taken)."""
        try:
            self._check(as_action(action))
        except IllegalAction:
            return False
        return self.to_act is not None

    def clone(self) -> Table:
        """An independent copy, equal to this table, that can be played on separately."""
        return copy.deepcopy(self)

    def resample(self, seat: str, rng: random.Random) -> Table:
        """A world: a copy of this table at the same point of the deal in which every card concealed from ``seat``
        is dealt afresh, uniformly among the deals consistent with all ``seat`` has seen (the cards seen, the
        suits renounced, the trump card, exposed hands, the hands' sizes).  Whist-family games only
        (:mod:`hoyle.engine.resample`)."""
        from .resample import resample

        return resample(self, seat, rng)

    # ------------------------------------------------------------------ research (docs/research.md)

    def _action_space(self) -> Any:
        """The game's action space, kept on the table (a Game hashes its options: too slow for every step)."""
        sp = self.__dict__.get("_space")
        if sp is None:
            from ..research import space

            sp = self.__dict__["_space"] = space(self.game)
        return sp

    def legal_action_ids(self) -> list[int]:
        """The sorted ids of :meth:`legal_actions` in the game's action space."""
        sp = self.__dict__.get("_space")
        if sp is None:
            sp = self._action_space()
        fast = self._legal_ids()
        if fast is not None:
            return fast
        legal = self.legal_actions()
        out = list(map(sp._by_identity.get, map(id, legal), repeat(-1, len(legal))))
        if -1 in out:  # an action made afresh, or a draw or an exchange numbered by the places of its cards
            out = [i if i >= 0 else sp.table_id(self, a) for i, a in zip(out, legal, strict=True)]
        out.sort()
        return out

    def _legal_ids(self) -> list[int] | None:
        """A game's own way to list the ids of its lawful actions, sorted, where it has one (else ``None``)."""
        return None

    def legal_mask(self) -> Any:
        """A numpy bool array of length ``game.num_actions``: True at the ids of the lawful actions."""
        import numpy as np

        mask = np.zeros(self._action_space().size, dtype=bool)
        mask[self.legal_action_ids()] = True
        return mask

    def action_id(self, action: Action | str) -> int:
        """The id of ``action`` here, a draw or an exchange numbered by the places of its cards."""
        return int(self._action_space().table_id(self, as_action(action).by(None)))

    def action_of_id(self, i: int) -> Action:
        """The action of id ``i`` here (a positional id resolved against the hand in play)."""
        act: Action = self._action_space().action_for(self, i)
        return act

    def apply_id(self, i: int) -> list[Event]:
        """As ``apply(game.action_of(i))``: the action of id ``i``; an unlawful id changes nothing.

        The action needs no parsing and has no seat to check, so this is the shortest way to act.
        """
        sp = self.__dict__.get("_space")
        if sp is None:
            sp = self._action_space()
        slots = sp._slots
        act = slots[i] if type(i) is int and 0 <= i < len(slots) else None
        if type(act) is not Action:
            act = sp.action_for(self, i)  # a positional id, or an id that is none (InvalidAction)
        if self.over:
            raise IllegalAction(f"{act}: the sitting is over; nothing more can be done")
        self._check(act)
        self.actions.append(act)
        return self._logged(self._do(act))

    def observation(self, seat: str | None) -> Any:
        """``view(seat)`` encoded as a numpy float32 array of shape ``game.observation_shape``."""
        from ..research import encode

        self.seat_check(seat)
        return encode(self, seat)

    def returns(self) -> dict[str, float]:
        """Each seat's result so far, in the game's unit (per deal with ``episode="deal"``): docs/research.md."""
        from ..research import returns

        return returns(self)

    def seat_check(self, seat: str | None) -> None:
        if seat is not None and seat not in self.seats:
            raise ValueError(f"no seat {seat!r}; the seats are {', '.join(self.seats)}")

    # ------------------------------------------------------------------ chance

    def _script_first(self, entry: dict[str, Any]) -> None:
        """Put a given deal's ``entry`` before the deals scripted already: the next one :meth:`_take_script` takes."""
        self._script = [entry, *self._script]

    def _take_script(self) -> dict[str, Any] | None:
        """The next scripted deal (a given deal, a replay), if any, noted as the source of the next deal entry."""
        if not self._script:
            return None
        entry = self._script.pop(0)
        scripted = self._scripted
        if type(scripted) is not dict:
            scripted = self._scripted = {}
        scripted[len(self._deal_log)] = entry
        return entry

    def _chance_settled(self, index: int) -> bool:
        """Whether the pack of deal entry ``index`` may be shown: its deal is settled and none of its cards can still
        be concealed.  By default an entry is settled once it has its result, and every entry before it is settled
        (a pack re-made in the middle of a deal is shown with the deal); a game whose entries get a result while
        their cards are still in play overrides this."""
        log = self._deal_log
        if self.over:
            return True
        if "result" not in log[index]:
            return False
        if log[index].get("still"):
            # The still pack is the next deal's pack before its cut when the packs are not shuffled (002 §8
            # Boston): its order is shown once that deal is settled too.
            return index + 1 < len(log) and "result" in log[index + 1]
        return True

    def _publish_chance(self, events: list[Event], *, start: int) -> list[Event]:
        """``events`` with the commitments of packs drawn since the last call, and the proofs of deals settled since,
        put in their places: the proofs after the deal they prove, each commitment before its deal's first event.

        A pack drawn by the table's shuffler gets a salt (secret; derived from the seed at a seeded table) and a
        commitment, written in its entry; a scripted pack (a replay) keeps the record's.  ``start`` is where
        ``events`` begin in the log (for the deal numbers in the texts)."""
        log = self._deal_log
        settled = self._chance_settled
        committed = self._committed
        revealed = self._revealed
        # The proofs of deals settled before this call's first pack is committed go before its commitment (they were
        # all drawn before it); those settled only once the packs drawn now are committed (the sitting is over) go
        # after the events.
        early: list[Event] = []
        while revealed < committed and settled(revealed):
            entry = log[revealed]
            if entry.get("commitment") is not None:
                early.append(self._reveal_event(revealed, entry))
            revealed = self._revealed = revealed + 1
        end = len(log)
        if committed == end:
            # nothing drawn (the call at most actions of a sitting); perhaps a deal settled
            return [*events, *early] if early else events
        commits: list[Event] = []
        late: list[Event] = []
        scripted = self._scripted
        shuffler = self._shuffler
        seed: Any = getattr(shuffler, "seed", None)
        seeded = isinstance(shuffler, SeededShuffler) and isinstance(seed, int)
        while committed < end:
            entry = log[committed]
            source = scripted.get(committed)
            if source is not None:  # a replay keeps the record's commitment (hoyle verify checks it)
                if source.get("commitment") is not None:
                    entry["salt"] = source.get("salt")
                    entry["commitment"] = source.get("commitment")
            else:
                salt = fairness.seeded_salt(seed, committed) if seeded else fairness.fresh_salt()
                entry["salt"] = salt
                entry["commitment"] = fairness.commitment(entry["order"], salt, entry.get("still"))
            sealed = entry.get("commitment")
            if sealed is not None:
                # Event("commit", text, data=...), without the keywords' cost
                commits.append(
                    _new_event(
                        Event,
                        (
                            "commit",
                            f"the pack for deal {committed + 1} of the record is shuffled and sealed: SHA-256 {sealed}",
                            None,
                            None,
                            {"deal": committed, "commitment": sealed, "scheme": fairness.SCHEME},
                            None,
                        ),
                    )
                )
            committed = self._committed = committed + 1
        # A settled deal's proof may be due only now that the deal just drawn is committed (the sitting is over); with
        # no pack drawn since, the first loop has already shown all that is due.  (A game's _chance_settled does not
        # read the commitments, so an entry the first loop found unsettled is unsettled still: these all come after
        # the first pack committed now.)
        while revealed < committed and settled(revealed):
            entry = log[revealed]
            if entry.get("commitment") is not None:
                late.append(self._reveal_event(revealed, entry))
            revealed = self._revealed = revealed + 1
        if not commits:
            return [*events, *early, *late] if early or late else events
        out = list(events)
        at = _first(out, _DEALT)
        if at < 0:
            at = _first_private(out)
        out[at:at] = [*early, *commits] if early else commits
        if late:
            out.extend(late)
        return out

    @staticmethod
    def _reveal_event(index: int, entry: Mapping[str, Any]) -> Event:
        data = {
            "deal": index,
            "order": entry["order"],
            "salt": entry.get("salt"),
            "commitment": entry["commitment"],
            "scheme": fairness.SCHEME,
        }
        if entry.get("still"):
            data["still"] = entry["still"]
        text = _REVEAL_TEXTS.get(index)
        if text is None:  # one string a deal number, shared by every table's proofs
            text = _REVEAL_TEXTS[index] = _REVEAL_TEXT.format(index + 1)
        return _new_event(Event, ("reveal", text, None, None, data, None))

    def _draw_deal(
        self, pack: Pack, *, cut_minimum: int = 4, cutter: str | None = None, cut: bool = True
    ) -> list[Card]:
        """The order in which the next deal's cards come off the pack (top first).

        Shuffled with the table's shuffler and cut by ``cutter`` leaving at
        least ``cut_minimum`` cards in each packet (000 §34) unless ``cut`` is
        false (the game cuts by a seat's action, or not at all), or taken from
        the script (a given deal, a replay).  Logged for the record.
        """
        entry = self._take_script()
        if entry is not None:
            order = list(parse(entry["order"]))
            self._check_pack(order, pack, len(self._deal_log))
            self._deal_log.append({"order": format_cards(order), "cut": entry.get("cut")})
            return order
        cards = list(pack)
        self._shuffler.shuffle(cards)
        if not cut:  # a seat cuts by an action of its own (``cut N``), or the game has no cut
            self._deal_log.append({"order": format_cards(cards), "cut": None})
            return cards
        at = cut_minimum + self._shuffler.randbelow(len(cards) - 2 * cut_minimum + 1)
        order = cut_pack(cards, at, cut_minimum)
        self._deal_log.append({"order": format_cards(order), "cut": at})
        return order

    def _cut_cards(self, names: Sequence[str]) -> dict[str, Card]:
        """The card each of ``names`` cuts from one pack (000 §14): a fresh shuffle, or the script of a replay."""
        if self._cut_script is not None:
            if not self._cut_script:
                raise RecordError("the record has fewer cuts than the play needs", place="cuts")
            entry = self._cut_script.pop(0)
            place = f"cuts[{len(self._cut_log)}]"
            if not isinstance(entry, dict) or sorted(entry) != sorted(names):
                raise RecordError(f"expected cuts by {', '.join(names)}, found {entry!r}", place=place)
            try:
                result = {n: Card.from_text(entry[n]) for n in names}
            except ValueError as exc:
                raise RecordError(str(exc), place=place) from None
            if len(set(result.values())) != len(result):
                raise RecordError("two players cut the same card from one pack (000 §14)", place=place)
        else:
            pack = list(PACK_52)
            self._shuffler.shuffle(pack)
            result = dict(zip(names, pack, strict=False))
        self._cut_log.append({n: str(c) for n, c in result.items()})
        return result

    @staticmethod
    def _check_pack(order: Sequence[Card], pack: Pack, index: int) -> None:
        if len(order) != len(pack) or set(order) != set(pack):
            missing = sorted(set(pack) - set(order))
            in_pack = set(pack)
            extra = [c for c in order if c not in in_pack]
            dup = sorted(c for c, n in Counter(order).items() if n > 1)
            raise RecordError(
                f"the cards are not the pack of {len(pack)}"
                f" (missing {format_cards(missing) or 'none'}; extra {format_cards(extra) or 'none'};"
                f" repeated {format_cards(dup) or 'none'})",
                place=f"deals[{index}]",
            )

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """The sitting as a versioned, JSON-serialisable record (``"format": "hoyle-record/1"``)."""
        return make_record(
            game=self.game.name,
            options=self.game.options,
            seats=self.seats,
            start=self._start,
            cuts=self._cut_log,
            deals=self._deal_log,
            actions=[str(a) for a in self.actions],
            scores=self.scores,
            over=self.over,
            **self._seating(),
            # A seeded table's draws, so that a replay goes on with the same deals; a live table's
            # CSPRNG has no state to give (its replay goes on with fresh shuffles).
            shuffler=(
                {**self._shuffler.state(), **({"given": True} if self._given else {})}
                if isinstance(self._shuffler, SeededShuffler)
                else None
            ),
        )

    def chance_since(self, deals: int = 0, cuts: int = 0) -> Chance:
        """The chance recorded since a point of the sitting: the record's deal entries from index ``deals`` on and
        its cuts from index ``cuts`` on, as copies (what ``record()["deals"][deals:]`` and ``record()["cuts"][cuts:]``
        hold, without writing the whole record).  A deal's entry changes once after it is drawn, when the deal is
        settled and gets its ``result``: a program that keeps the record as it grows (the room's database) asks again
        from its last unsettled deal.  See :attr:`chance_counts`."""
        log = self._deal_log
        return Chance(copy.deepcopy(log[deals:]) if deals < len(log) else [], [dict(c) for c in self._cut_log[cuts:]])

    def deal_entry(self) -> dict[str, Any]:
        """The record's entry of the latest deal (what ``record()["deals"][-1]`` will hold), itself and not a copy:
        where a game's laws write what the record keeps of a deal they rule on (who dealt it and how, an irregular
        deal) and, when they void or settle it, its ``result``.  For the table's own rules; a reader of the record
        asks :meth:`chance_since` or :meth:`deal_results`."""
        return self._deal_log[-1]

    @property
    def chance_counts(self) -> tuple[int, int]:
        """How many entries the record's ``deals`` and ``cuts`` have now: ``(deals, cuts)``."""
        return len(self._deal_log), len(self._cut_log)

    @property
    def settled_deals(self) -> int:
        """How many of the record's deal entries are settled (have their ``result``)."""
        return sum(1 for d in self._deal_log if "result" in d)

    def deal_results(self, since: int = 0) -> list[Mapping[str, Any]]:
        """The results of the settled deal entries from index ``since`` on, in order: each entry's ``result`` as
        the record has it (``record()["deals"][i]["result"]``), read-only and not copied, so that a loop may ask
        at every step.  A result is the game's own: points and scores for a played deal; some games also log
        the draw for the first dealer, or a void deal, as an entry with a result."""
        return [MappingProxyType(d["result"]) for d in self._deal_log[since:] if "result" in d]

    def _seating(self) -> dict[str, Any]:
        """Who sits where and each player's standing, as the spectator's view has them, for the record.

        ``players`` is ``{seat: player}``; ``standings`` is ``{player: number}``: the view's own standings
        where the game keeps them by player, else each player's seat's score (or his side's, ``NS``/``EW``).
        A replay derives both from the cuts and the play and refuses a record that says otherwise.
        """
        view = self.view(None)
        players = view.get("players")
        if not isinstance(players, dict) or not players:
            return {}
        standings = view.get("standings")
        if not isinstance(standings, dict) or not standings:
            scores = self.scores
            standings = {}
            for seat, name in players.items():
                side = seat if seat in scores else next((k for k in scores if len(k) == 2 and seat in k), None)
                if side is not None:
                    standings[name] = scores[side]
        return {"players": dict(players), "standings": dict(standings)}


def replay(
    record: Mapping[str, Any],
    *,
    lines: Mapping[str, int] | None = None,
    before: Callable[[Table, str], None] | None = None,
) -> Table:
    """A table rebuilt from ``record``, every action re-applied and every result checked.

    Raises :class:`RecordError` with where and why if the record is malformed
    or inconsistent (a changed card, an unlawful action, a score that does not
    follow).  ``lines`` maps places such as ``"actions[3]"`` to line numbers
    of the file the record came from, for the message.  ``before(table, action)``,
    if given, is called with the table as it stands before each action is
    re-applied (exporters such as :mod:`hoyle.pbn` read the play this way).
    """
    from .registry import game as make_game

    def where(place: str) -> str:
        if lines and place in lines:
            return f"line {lines[place]} ({place})"
        return place

    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, found {record.get('format')!r}")
    for key, kind in (("game", str), ("options", dict), ("deals", list), ("actions", list), ("scores", dict)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"{key}: missing or not a {kind.__name__}")
    try:
        g = make_game(record["game"], **record["options"])
    except ValueError as exc:
        raise RecordError(f"game/options: {exc}") from None
    deals = record["deals"]
    for i, d in enumerate(deals):
        if not isinstance(d, dict) or not isinstance(d.get("order"), str):
            raise RecordError(f"{where(f'deals[{i}]')}: a deal needs its 'order' of cards")
        try:
            parse(d["order"])
        except ValueError as exc:
            raise RecordError(f"{where(f'deals[{i}]')}: {exc}") from None
    for i, text in enumerate(record["actions"]):
        if not isinstance(text, str) or not text:
            raise RecordError(f"{where(f'actions[{i}]')}: an action is text, found {_json(text)}")
    from . import record_schema  # imported here: a program that never replays a record never loads jsonschema

    # Every other field of the form hoyle-record/1 gives it (docs/records.md); the actions, checked just now,
    # are left out of the schema's pass, which would otherwise spend most of its time on them.
    record_schema.check({**record, "actions": []}, where)
    cuts = record.get("cuts", [])
    try:
        t = _replay_actions(g, record, deals, cuts, where, before)
    except RecordError as exc:
        if exc.place is None or exc.reason.startswith(exc.place):
            raise
        raise RecordError(f"{where(exc.place)}: {exc.reason}", place=exc.place) from None
    _compare(record, t.record(), where)
    # The replayed table plays on: with the record's seeded shuffler where it has one, else the CSPRNG,
    # and cuts of its own.
    t._cut_script = None
    state = record.get("shuffler")
    if isinstance(state, dict):
        t._given = bool(state.get("given"))
        _check_seed(g, record, t, state)
        try:
            t._shuffler = SeededShuffler.resume(state)
        except ValueError as exc:
            raise RecordError(f"shuffler: {exc}") from None
    else:
        t._shuffler = SystemShuffler()
    return t


def rebuild(record: Mapping[str, Any], *, game: Game | None = None) -> Table:
    """The table ``record`` sets up, before its first action: its game and options, its ``start``, and its deals and
    cuts to be dealt again in turn (the table draws no chance of its own: a deal or cut the record lacks raises
    :class:`RecordError`).  Apply the record's actions to it to follow the sitting step by step (:func:`replay` does,
    and checks every result); exporters (PHH) and the room's replays in the browser use it so.

    Nothing is checked here beyond what setting the table up needs: call it on a record :func:`replay` accepts.
    ``game``, if given, is the record's game already made (``hoyle.game(record["game"], **record["options"])``).
    """
    from .registry import game as make_game

    return _set_up(game if game is not None else make_game(record["game"], **record["options"]), record)


def _set_up(g: Game, record: Mapping[str, Any]) -> Table:
    return g.spec.table_class(
        g,
        shuffler=_NoShuffle(),
        players=None,
        deal=None,
        _start=copy.deepcopy(record.get("start") or {}),
        _script=[dict(d) for d in record["deals"]],
        _cuts=[dict(c) if isinstance(c, dict) else c for c in record.get("cuts", [])],
    )


def _replay_actions(
    g: Game,
    record: Mapping[str, Any],
    deals: list[Any],
    cuts: list[Any],
    where: Any,
    before: Callable[[Table, str], None] | None = None,
) -> Table:
    try:
        t = _set_up(g, record)
    except RecordError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise RecordError(
            f"start: {_json(record.get('start'))} cannot begin a sitting of {g.name}"
            f"{_plain_reason(exc)} (docs/records.md, start)"
        ) from None
    checked = 0
    for i, text in enumerate(record["actions"]):
        if before is not None:
            before(t, text)
        try:
            t.apply(text)
        except RecordError as exc:
            place = exc.place or "deals"
            raise RecordError(
                f"{where(place)}: {exc.reason} (reached at {where(f'actions[{i}]')} {text!r})", place=place
            ) from None
        except HoyleError as exc:
            raise RecordError(f"{where(f'actions[{i}]')} {text!r}: {exc}") from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise RecordError(
                f"{where(f'actions[{i}]')} {text!r}: cannot be replayed{_plain_reason(exc)}: the"
                f" record's start, cuts or deals are not what {g.name} writes"
            ) from None
        checked = _check_results(t, deals, checked, where)
    checked = _check_results(t, deals, checked, where)
    if t._cut_script:
        raise RecordError(f"cuts: the record has {len(cuts)} cuts but the play makes {len(t._cut_log)}")
    if len(t._deal_log) != len(deals):
        raise RecordError(f"deals: the record has {len(deals)} deals but its actions play {len(t._deal_log)}")
    if dict(t.scores) != dict(record["scores"]):
        raise RecordError(f"{where('scores')}: the record says {record['scores']} but the play gives {dict(t.scores)}")
    if "over" in record and bool(record["over"]) != t.over:
        raise RecordError(f"over: the record says {record['over']} but the play gives {t.over}")
    return t


def _check_seed(g: Game, record: Mapping[str, Any], t: Table, state: Mapping[str, Any]) -> None:
    """A seeded record's cuts and deals must be the ones its seed draws, and its draws the ones it lists.

    The record's actions are played again at a table shuffled by ``SeededShuffler(seed)`` instead of from the
    record's deals.  A sitting that began with a given deal (``"given": true``) is not checked so: how a game
    fits a given deal to its pack (a still pack drawn for it, a misdeal dealt again) is its own, and the
    draws that follow depend on it (docs/records.md).
    """
    if state.get("given"):
        return
    seed = state["seed"]
    try:
        again = g.spec.table_class(
            g, shuffler=SeededShuffler(seed), players=None, deal=None, _start=record.get("start") or {}
        )
        for text in record["actions"]:
            again.apply(text)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        again = None
    if again is None or again._deal_log != t._deal_log or again._cut_log != t._cut_log:
        raise RecordError(
            f"shuffler: the record's cuts and deals are not those its seed {seed} draws: a seeded"
            " record's chance follows from its seed, and these were changed"
        )
    assert isinstance(again._shuffler, SeededShuffler)
    if again._shuffler.calls != state.get("calls"):
        raise RecordError(
            f"shuffler: the record lists the draws {_json(state.get('calls'))} but its seed"
            f" {seed} makes {_json(again._shuffler.calls)} to deal and cut as it did"
        )


def _compare(record: Mapping[str, Any], rebuilt: Mapping[str, Any], where: Any) -> None:
    """Every fact of the record must be what the play gives: seats, start, cuts and each deal's entries."""
    for key, value in record["options"].items():
        if rebuilt["options"].get(key) != value:
            raise RecordError(
                f"options: {key}: the record says {_json(value)} but the game takes it as"
                f" {_json(rebuilt['options'].get(key))}"
            )
    for key in ("seats", "start", "cuts", "players", "standings"):
        if key in record and record[key] != rebuilt.get(key):
            raise RecordError(f"{key}: the record says {record[key]!r} but the play gives {rebuilt.get(key)!r}")
    for i, (want, got) in enumerate(zip(record["deals"], rebuilt["deals"], strict=True)):
        if want == got:
            continue
        for key in sorted(set(want) | set(got)):
            if want.get(key) != got.get(key):
                place = f"deals[{i}]"
                raise RecordError(
                    f"{where(place)}: {key}: the record says {want.get(key)!r} but the play gives {got.get(key)!r}",
                    place=place,
                )


def _check_results(t: Table, deals: list[dict[str, Any]], checked: int, where: Any) -> int:
    log = t._deal_log
    while checked < len(log) and "result" in log[checked]:
        if checked >= len(deals):
            raise RecordError(f"deals: the actions play more deals than the record's {len(deals)}")
        want = deals[checked].get("result")
        got = log[checked]["result"]
        if want != got:
            raise RecordError(
                f"{where(f'deals[{checked}]')}: the record's result {want} does not follow from the play,"
                f" which gives {got}"
            )
        checked += 1
    return checked


_INTERNALS = re.compile(
    r"object|NoneType|subscriptable|iterable|invalid literal|unhashable|argument|attribute"
    r"|index out of range|unpack|takes \d|not supported between|Traceback|<class|\bdict\b"
    r"|\blist\b|\btuple\b|\bstr\b|\bint\b"
)


def _plain_reason(exc: BaseException) -> str:
    """``": reason"`` if ``exc`` was raised by hoyle in words of the game, else nothing (no Python internals)."""
    if isinstance(exc, HoyleError) or (type(exc) is ValueError and not _INTERNALS.search(str(exc))):
        return f": {exc}"
    return ""


def _json(value: Any) -> str:
    """A value as the record's JSON writes it, for a message (never Python's repr of it)."""
    import json

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


_new_event = tuple.__new__
"""``_new_event(Event, (kind, text, seat, law, data, private))``: an Event as its constructor makes it, faster."""

_REVEAL_TEXT = (
    "deal {} of the record is settled: its pack order and salt are shown, to be checked against its commitment"
    " (hoyle verify)"
)

_REVEAL_TEXTS: dict[int, str] = {}
"""The proof event's text for each deal entry's index, made once and shared."""

_DEALT = frozenset(("deal", "shuffle", "reshuffle"))
"""The kinds of event before which a pack's commitment goes (else before the first event with private parts)."""


def _first(events: list[Event], kinds: frozenset[str]) -> int:
    """The index of the first of ``events`` of one of ``kinds``, or -1."""
    for k, e in enumerate(events):
        if e[0] in kinds:
            return k
    return -1


def _first_private(events: list[Event]) -> int:
    """The index of the first of ``events`` with private parts, or their number."""
    for k, e in enumerate(events):
        if e[5]:
            return k
    return len(events)


class _NoShuffle:
    """A replay draws no chance of its own: every deal comes from the record."""

    def shuffle(self, cards: list[Card]) -> None:
        raise RecordError("the record has fewer deals than its actions need")

    def randbelow(self, n: int) -> int:
        raise RecordError("the record has fewer deals than its actions need")
