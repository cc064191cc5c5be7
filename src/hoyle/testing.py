"""The conformance harness: every game registered with hoyle, or written outside it, checked by one call.

>>> from hoyle.testing import check_game
>>> check_game("whist", seeds=1, steps=40)  # doctest: +SKIP

In the manner of OpenSpiel's random-simulation test and Pgx's ``api_test``: random sittings of a game, checking the
invariants of the public surface (design.md "The public surface", "View", "Records and replay"; laws-design.md §1)
at every step:

- one seat to act while the sitting goes on, none when it is over; legal actions non-empty exactly while it goes
  on, each one's text parsing back, and applying as an Action, as text, or said by its seat;
- every card of the pack in exactly one well-formed place (``places()``); a card in ``hand X`` listed in
  ``view(X)["hand"]`` and in nobody else's view;
- views and events leak no concealed card (a card in another seat's hand, or in the pack, the stock, the
  discards...); a spectator sees no hand; a new deal shows nothing of the last one's play; views are plain JSON;
- possible worlds: whatever a seat is shown is the same in every world that differs only by two cards concealed
  from it, so nothing shown lets it deduce a concealed card (issue 13);
- clone equals original; replay equals original, mid-sitting and at the end, also through the text of a record,
  and plays on as the original does; illegal actions change nothing; the same seed and choices give the same
  record bit for bit; every sitting ends within a cap; money is conserved in money games.

What the harness needs to know of a game is in its :class:`~hoyle.engine.registry.GameSpec`: ``money``,
``pack_size``, ``exposes_hands``, ``max_actions``, ``seats`` and ``variants``.  Hands lying face up (Dummy's, a misère
ouverte) are those the spectator's view lists under ``exposed``; a seat played by another (``controllers`` in the
spectator's view) may see its player's hand.  A failed check raises :class:`AssertionError` saying what and where.
``tests/test_conformance.py`` runs these checks on every registered game under Hypothesis; docs/engine.md,
"Testing a game", shows a game written outside hoyle checked by :func:`check_game`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import hoyle
from hoyle import Action, IllegalAction, InvalidAction
from hoyle.cards import CARDS, parse
from hoyle.engine.fairness import commitment
from hoyle.engine.table import rebuild
from hoyle.records import dumps, replay_text

__all__ = [
    "Case",
    "Checker",
    "Worlds",
    "cases_of",
    "check_clone",
    "check_determinism",
    "check_game",
    "check_illegal_actions",
    "check_no_inference",
    "check_random_sitting",
    "check_replay",
    "check_view_hands",
]

DEFAULT_ACTION_CAP = 20_000
"""The bound on a sitting's actions of a game whose spec gives none (``GameSpec.max_actions``)."""

# Where a card may lie (laws-design §1).  "hand SEAT" is seen by that seat only; the CONCEALED places by nobody;
# every other place (the turned card, the trick, the quitted tricks of this deal, exposed cards) may be shown.
CONCEALED_PLACES = re.compile(r"^(still pack|other pack|stock|pack|floor|gathered|discards?|widow|talon)( .+)?$")
OPEN_PLACES = re.compile(r"^(turned|trick|quitted [1-9][0-9]*|exposed \S+|board( .+)?)$")


# ---------------------------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    """One game with one option set (and, optionally, the players' names for ``table(players=...)``)."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] | None = None

    @property
    def id(self) -> str:
        parts = [f"{k}={v}" for k, v in self.options.items()]
        if self.players:
            parts.append(f"players={len(self.players)}")
        return (self.name + (f"[{','.join(parts)}]" if parts else "")).replace(" ", "_")

    @property
    def game(self) -> hoyle.Game:
        return hoyle.game(self.name, **self.options)

    def table(self, seed: int) -> hoyle.Table:
        g = self.game
        if self.players:
            return g.table(seed=seed, players=list(self.players))
        return g.table(seed=seed)

    @property
    def money(self) -> bool:
        return self.game.spec.money

    @property
    def exposing(self) -> bool:
        return self.game.spec.exposes_hands

    @property
    def pack_size(self) -> int | None:
        g = self.game
        return g.spec.pack_size(g.options) if g.spec.pack_size is not None else None

    @property
    def cap(self) -> int:
        g = self.game
        return g.spec.max_actions(g.options) if g.spec.max_actions is not None else DEFAULT_ACTION_CAP


def case_of(name: str, options: Mapping[str, Any]) -> Case:
    """The case of ``name`` with ``options``, a ``players`` list among them going to ``table(players=...)``."""
    o = dict(options)
    players = o.pop("players") if isinstance(o.get("players"), list) else None
    return Case(name, o, tuple(players) if players else None)


def cases_of(name: str) -> list[Case]:
    """The game's cases: its defaults and each of its spec's ``variants``."""
    spec = hoyle.game(name).spec
    return [case_of(spec.name, opts) for opts in [{}, *spec.variants]]


# ---------------------------------------------------------------------------------------------- cards in data

CARD_TEXTS: frozenset[str] = frozenset(str(c) for c in CARDS)
_CARD_WORD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bMI\b")
_JSON_ESCAPE = re.compile(r"\\[nrtbf\"\\/]")
_SHOWN_HAND = re.compile(r'"hands?":\s*(?!\[\]|\{\}|null|""|false|0\b)')


def as_json(data: Any, what: str) -> str:
    """``data`` as JSON text; it must be plain JSON that comes back equal."""
    try:
        text = json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-serialisable: {exc}") from None
    assert json.loads(text) == data, f"{what} does not round-trip through JSON"
    return text


def card_mentions(text: str) -> set[str]:
    """Every card named in JSON text: whole strings, dict keys, and words inside sentences ("N plays QS")."""
    found = _CARD_WORD.findall(_JSON_ESCAPE.sub(" ", text))
    return {("T" + w[2]) if w.startswith("10") else w for w in found}


def hand_field(value: Any) -> list[str]:
    """The cards of a view's ``hand`` field: a list of card texts or one string of them."""
    if isinstance(value, str):
        return [str(c) for c in parse(value)]
    assert isinstance(value, list), f"a hand is a list of card texts, not {value!r}"
    for x in value:
        assert isinstance(x, str) and x in CARD_TEXTS, f"hand entry {x!r} is not a card in standard notation"
    return list(value)


# ---------------------------------------------------------------------------------------------- the checker


class Checker:
    """Checks one table's invariants at every step; remembers the pack and the money in play."""

    def __init__(self, case: Case, t: hoyle.Table, *, strict_hands: bool = False) -> None:
        self.case = case
        # strict_hands: a view's "hand" (and "hand_counts") must agree exactly with places(); otherwise a hand
        # may also list the seat's own card lying face up (the dealer's turned trump).
        self.strict_hands = strict_hands
        self.exposing = case.exposing
        self.seats: tuple[str, ...] = tuple(t.seats)
        assert self.seats and len(set(self.seats)) == len(self.seats), f"seats {self.seats!r}"
        assert all(isinstance(s, str) and s for s in self.seats)
        spec = case.game.spec
        if spec.seats is not None:
            named = tuple(spec.seats(case.game.options))
            assert self.seats == named, f"the table's seats are {self.seats}, its spec names {named}"
        places = t.places()
        self.pack = frozenset(places)
        want = case.pack_size
        if want is not None:
            assert len(self.pack) == want, f"the pack in play has {len(self.pack)} cards, not {want}"
        self.money = sum(t.scores.values()) if case.money else None
        self.steps = 0
        if not t.actions:  # the events of a new table (later ones are checked as they happen)
            self.check_events(t.events, None, self.hidden(t, places), None, t)

    # -------------------------------------------------------------- who may see what

    def exposed(self, spectator: Mapping[str, Any], places: Mapping[str, str]) -> frozenset[str]:
        """The cards of hands lying face up, as the spectator's view shows them, checked to be consistent."""
        shown = spectator.get("exposed") or {}
        if isinstance(shown, list):
            shown = {None: shown}
        assert isinstance(shown, dict), f"view(None)['exposed'] is {shown!r}"
        out: set[str] = set()
        for owner, cards in shown.items():
            listed = hand_field(cards)
            for c in listed:
                p = places.get(c)
                assert p is not None, f"{c} shown exposed but not in play"
                if owner is not None and not (OPEN_PLACES.match(p) and not self.strict_hands):
                    assert p in (f"hand {owner}", f"exposed {owner}"), f"{c} shown exposed by {owner} but is {p!r}"
                if not self.exposing:
                    assert p.startswith("exposed "), f"{self.case.name} exposes {c}, in {p!r}, as a hand"
            out.update(listed)
        return frozenset(out)

    def controllers(self, spectator: Mapping[str, Any]) -> dict[str, str]:
        """Seats played by another seat's player (a Dummy by its partner), as the spectator's view declares them.

        Such a seat's view may show its player's hand too (what its player knows); not the other way round.
        """
        c = spectator.get("controllers") or {}
        assert isinstance(c, dict) and all(k in self.seats and v in self.seats for k, v in c.items()), c
        return c

    def hidden(
        self,
        t: hoyle.Table,
        places: Mapping[str, str],
        spectator: Mapping[str, Any] | None = None,
    ) -> dict[str | None, frozenset[str]]:
        """For each seat (and None, a spectator), the cards it may not see now."""
        spectator = t.view(None) if spectator is None else spectator
        public = self.exposed(spectator, places)
        controllers = self.controllers(spectator)
        hidden_all = {c for c, p in places.items() if CONCEALED_PLACES.match(p)}
        in_hand: dict[str, set[str]] = {s: set() for s in self.seats}
        for c, p in places.items():
            if p.startswith("hand ") and c not in public:
                in_hand[p[5:]].add(c)
        everyone = set().union(*in_hand.values()) | hidden_all
        out: dict[str | None, frozenset[str]] = {None: frozenset(everyone)}
        for s in self.seats:
            out[s] = frozenset(everyone - in_hand[s] - in_hand.get(controllers.get(s, s), set()))
        return out

    # -------------------------------------------------------------- state

    def check_places(self, places: Mapping[str, str]) -> None:
        assert isinstance(places, dict)
        assert frozenset(places) == self.pack, (
            f"places() lost {sorted(self.pack - set(places))} and gained {sorted(set(places) - self.pack)}"
        )
        quitted: Counter[int] = Counter()
        counts: Counter[str] = Counter()
        for c, p in places.items():
            assert isinstance(c, str) and c in CARD_TEXTS, f"places() key {c!r} is not a card text"
            assert isinstance(p, str), f"{c}: place {p!r} is not text"
            if p.startswith("hand ") or p.startswith("exposed "):
                assert p.split(" ", 1)[1] in self.seats, f"{c}: {p!r} names no seat"
            elif p.startswith("quitted "):
                quitted[int(p[8:])] += 1
            else:
                assert OPEN_PLACES.match(p) or CONCEALED_PLACES.match(p), f"{c}: unknown place {p!r}"
            counts[p] += 1
        assert counts["turned"] <= 1, f"{counts['turned']} turned cards"
        assert counts["trick"] < len(self.seats), f"a trick of {counts['trick']} cards lies unquitted"
        if quitted:
            assert sorted(quitted) == list(range(1, len(quitted) + 1)), f"quitted tricks numbered {sorted(quitted)}"
            assert len(set(quitted.values())) == 1, f"quitted tricks of unequal sizes {dict(quitted)}"

    def check_state(self, t: hoyle.Table) -> tuple[dict[str, str], dict[str | None, frozenset[str]]]:
        """Every invariant of the table as it stands; its places and what each seat may not see."""
        over = t.over
        assert isinstance(over, bool)
        legal = t.legal_actions()
        assert isinstance(legal, list)
        if over:
            assert t.to_act is None, f"the sitting is over but {t.to_act!r} is to act"
            assert legal == [], f"the sitting is over but legal_actions() is {legal}"
        else:
            assert t.to_act in self.seats, f"to_act {t.to_act!r} is not one of {self.seats}"
            assert legal, "the sitting goes on but nobody has a legal action"
            assert len(set(legal)) == len(legal), f"legal_actions() repeats: {legal}"
            for a in legal:
                assert isinstance(a, Action)
                text = str(a)
                verb = text.split(" ")[0]
                assert text == text.strip() and text.isascii() and verb == verb.lower() == a.verb, f"notation {text!r}"
                back = Action.parse(text)
                assert back == a and str(back) == text and hash(back) == hash(a), f"{text!r} parses to {back!r}"
                assert t.is_legal(a) and t.is_legal(text), f"{text!r} is listed but is_legal says no"
        legal.append(Action("mutate"))  # the list returned is the caller's own
        assert Action("mutate") not in t.legal_actions()

        scores = t.scores
        assert isinstance(scores, dict) and scores, f"scores {scores!r}"
        for k, n in scores.items():
            assert isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool), f"score {k!r}: {n!r}"
        if self.money is not None:
            assert sum(scores.values()) == self.money, f"money not conserved: {scores} sums to {sum(scores.values())}"

        places = t.places()
        self.check_places(places)
        views = {seat: t.view(seat) for seat in (*self.seats, None)}
        hidden = self.hidden(t, places, views[None])
        public = {k: json.dumps(views[None].get(k), sort_keys=True) for k in ("exposed", "controllers")}
        for seat, v in views.items():
            assert isinstance(v, dict)
            text = as_json(v, f"view({seat!r})")
            leaked = card_mentions(text) & hidden[seat]
            assert not leaked, f"view({seat!r}) shows concealed cards {sorted(leaked)} ({[places[c] for c in leaked]})"
            for k, shown in public.items():
                assert json.dumps(v.get(k), sort_keys=True) == shown, f"view({seat!r})[{k!r}] is not what all see"
            if seat is None:
                assert not _SHOWN_HAND.search(text), f"a spectator's view shows a hand: {text}"
                continue
            mine = {c for c, p in places.items() if p == f"hand {seat}"}
            if mine or "hand" in v:
                assert "hand" in v, f"view({seat!r}) has no 'hand' but {seat} holds {sorted(mine)}"
                listed = hand_field(v["hand"])
                assert len(listed) == len(set(listed)), f"view({seat!r})['hand'] repeats a card: {listed}"
                assert mine <= set(listed), f"view({seat!r})['hand'] lacks {sorted(mine - set(listed))} of hand {seat}"
                elsewhere = {c: places[c] for c in set(listed) - mine}
                if self.strict_hands:
                    assert all(p == f"exposed {seat}" for p in elsewhere.values()), (
                        f"view({seat!r})['hand'] lists cards places() puts elsewhere: {elsewhere}"
                    )
                else:
                    assert all(OPEN_PLACES.match(p) for p in elsewhere.values()), (
                        f"view({seat!r})['hand'] lists cards that are not {seat}'s: {elsewhere}"
                    )
            if self.strict_hands and isinstance(v.get("hand_counts"), dict):
                counts = {s: sum(1 for p in places.values() if p == f"hand {s}") for s in self.seats}
                assert v["hand_counts"] == counts, f"hand_counts {v['hand_counts']} but places() gives {counts}"
        if self.steps % 16 == 0 or over:
            as_json(t.record(), "record()")
        return places, hidden

    # -------------------------------------------------------------- events

    def check_events(
        self,
        events: list[Any],
        before: Mapping[str | None, frozenset[str]] | None,
        after: Mapping[str | None, frozenset[str]],
        action: Action | None,
        t: hoyle.Table | None = None,
    ) -> None:
        """No event tells a seat a card concealed from it when the event happened.

        The one exception is the proof of a settled deal (``reveal``: its pack order and salt, issue 13): it
        must come after its commitment, only once the deal has its result, and match the commitment.

        Events from the last ``deal`` on happened after the new deal: they are judged by what was hidden
        after the action.  Earlier ones happened before it (the last trick of the old deal, cuts for
        partners): a card is concealed then only if it was hidden from the seat both before the action
        (the card just played excepted) and after it.
        """
        played = {str(action.card)} if action is not None and action.card is not None else set()
        last_deal = max((i for i, e in enumerate(events) if e.kind == "deal"), default=-1)
        # A deal proved in these events (its whole pack shown, issue 13): what was said of its cards before the
        # proof, at its settlement (hands laid face up for a search, then gathered), is public by then.
        proved = max((i for i, e in enumerate(events) if e.kind == "reveal"), default=-1)
        for i, e in enumerate(events):
            assert isinstance(e, hoyle.Event), f"{e!r} is not an Event"
            assert isinstance(e.kind, str) and e.kind and isinstance(e.text, str), repr(e)
            as_json(e.to_dict(), f"event {e!r}")
            if e.kind == "reveal":
                self.check_reveal(e, t)
                continue
            for seat in (*self.seats, None):
                told = e.visible_to(seat)
                seen = card_mentions(as_json(told, f"event {e!r} told to {seat!r}"))
                if i >= last_deal >= 0:
                    bad = seen & after[seat]
                elif before is None or i < proved:
                    bad = set()
                else:
                    bad = seen & after[seat] & (before[seat] - played)
                assert not bad, f"event {e.kind!r} {told} tells {seat!r} concealed cards {sorted(bad)}"

    @staticmethod
    def check_reveal(e: Any, t: hoyle.Table | None) -> None:
        """A deal's proof: after its commitment, once the deal is settled, and matching the commitment."""
        assert t is not None, f"a reveal {e!r} with no table to check it against"
        d = e.data
        i = d.get("deal")
        committed = [c for c in t.events if c.kind == "commit" and c.data.get("deal") == i]
        assert len(committed) == 1, f"the reveal of deal {i} has {len(committed)} commitments before it"
        assert committed[0].data["commitment"] == d["commitment"], f"deal {i}: the reveal names another commitment"
        assert commitment(d["order"], d["salt"], d.get("still")) == d["commitment"], f"deal {i}: the proof fails"
        entry = t.record()["deals"][i]
        assert "result" in entry or t.over, f"deal {i} is revealed before it is settled"
        assert entry["order"] == d["order"] and entry.get("salt") == d["salt"], f"deal {i}: reveal and record differ"

    @staticmethod
    def check_new_deal(t: hoyle.Table, seats: tuple[str | None, ...]) -> None:
        """Once a new deal is dealt, nothing of the last deal's play is shown (the cards were gathered and shuffled).

        (A card of the last deal now in another hand is a leak, caught by check_state.)
        """
        for seat in seats:
            v = t.view(seat)
            for key in ("played", "last_trick", "trick"):
                assert not v.get(key), f"a new deal but view({seat!r})[{key!r}] is {v[key]}"

    # -------------------------------------------------------------- one step

    def step(self, t: hoyle.Table, rnd: random.Random, state: tuple[dict[str, str], Any]) -> tuple[Any, Any]:
        """Apply a random legal action and check what it did; the state after."""
        _, hidden_before = state
        legal = t.legal_actions()
        a = rnd.choice(legal)
        n_events, n_actions = len(t.events), len(t.actions)
        form = rnd.randrange(3)  # the Action, its text, or its text said by the seat to act ("E: play QS")
        events = t.apply(a if form == 0 else str(a) if form == 1 else f"{t.to_act}: {a}")
        self.steps += 1
        assert isinstance(events, list)
        assert t.actions[n_actions:] == [a], f"actions grew by {t.actions[n_actions:]} for {a}"
        assert t.events[n_events:] == events, "apply's events are not those added to the log"
        after, hidden_after = self.check_state(t)
        told = hidden_after
        if t.over:  # the end: cards gathered face down may have been in a hand when the last events happened
            gathered = {c for c, p in after.items() if CONCEALED_PLACES.match(p)}
            told = {s: h - gathered for s, h in hidden_after.items()}
        self.check_events(events, hidden_before, told, a, t)
        if any(e.kind == "deal" for e in events):
            self.check_new_deal(t, (*self.seats, None))
        return after, hidden_after


# ---------------------------------------------------------------------------------------------- helpers


def play(t: hoyle.Table, rnd: random.Random, n: int) -> list[Action]:
    """Apply up to ``n`` random legal actions (fewer if the sitting ends); the actions taken."""
    taken = []
    for _ in range(n):
        if t.over:
            break
        a = rnd.choice(t.legal_actions())
        t.apply(a)
        taken.append(a)
    return taken


def _irregular_act(t: hoyle.Table, act: Any) -> bool:
    """Whether ``act`` (text or Action) is an irregularity its seat may commit now (law mode)."""
    try:
        a = act if isinstance(act, Action) else Action.parse(act)
    except (InvalidAction, TypeError, AttributeError):
        return False
    seat = a.seat or t.to_act
    if seat is None or seat not in t.seats:
        return False
    return a.by(None) in t.irregular_actions(seat)


def snapshot(t: hoyle.Table) -> dict[str, Any]:
    """Everything observable of a table, for comparing two tables or one table before and after."""
    return {
        "record": json.dumps(t.record(), sort_keys=True),
        "events": [e.to_dict() for e in t.events],
        "actions": [str(a) for a in t.actions],
        "places": t.places(),
        "views": {str(s): t.view(s) for s in (*t.seats, None)},
        "to_act": t.to_act,
        "legal": [str(a) for a in t.legal_actions()],
        "over": t.over,
        "scores": dict(t.scores),
    }


def assert_same(a: dict[str, Any], b: dict[str, Any], what: str) -> None:
    for key in a:
        assert a[key] == b[key], f"{what}: {key} differs"


# ---------------------------------------------------------------------------------------------- inference


def law_mode(case: Case) -> bool:
    return bool(case.options.get("irregularities"))


def walk(t: hoyle.Table, rnd: random.Random, n: int, *, rate: float = 0.0) -> list[str]:
    """Up to ``n`` random acts (fewer if the sitting ends); with probability ``rate`` (law mode) an irregular act of
    a random seat, from ``irregular_actions(seat)``, else a random lawful action.  The acts as a record has them."""
    taken: list[str] = []
    for _ in range(n):
        if t.over:
            break
        if rate and rnd.random() < rate:
            seat = rnd.choice(t.seats)
            irregular = t.irregular_actions(seat)
            if irregular:
                act = f"{seat}: {rnd.choice(irregular)}"
                t.apply(act)
                taken.append(act)
                continue
        a = rnd.choice(t.legal_actions())
        act = f"{t.to_act}: {a}"  # said by its seat: in another world it may not be that seat's turn
        t.apply(a)
        taken.append(act)
    return taken


Observed = list[tuple[Any, ...]]
"""What one seat (or a spectator) is shown at each step: whose turn, its view, the events as told to it."""


def observe(t: hoyle.Table, seat: str | None, events: list[Any]) -> tuple[Any, ...]:
    # A seat is also told what it may do out of turn (law mode: the room sends it its irregular acts).
    irregular = sorted(str(a) for a in t.irregular_actions(seat)) if seat is not None and not t.over else []
    return (
        t.to_act,
        json.dumps(t.view(seat), sort_keys=True),
        json.dumps([_sealed(e.visible_to(seat)) for e in events], sort_keys=True),
        irregular,
    )


def _sealed(told: dict[str, Any]) -> dict[str, Any]:
    """An event as compared between worlds: a commitment is a hash of the pack with a secret salt, which tells
    nothing of the pack (engine/fairness.py), and a proof comes only with a settled deal (checked by
    Checker.check_reveal); their hashes and orders differ from world to world by construction."""
    if told.get("kind") in ("commit", "reveal"):
        return {k: v for k, v in told.items() if k not in ("commitment", "order", "still", "salt", "text")}
    return told


def _exchange(record: dict[str, Any], x: str, y: str) -> dict[str, Any]:
    """``record`` with ``x`` and ``y`` exchanged in its last deal's pack order (and that deal re-committed)."""
    deal = dict(record["deals"][-1])
    order = [str(c) for c in parse(deal["order"])]
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    deal["order"] = " ".join(order)
    if deal.get("salt"):
        deal["commitment"] = commitment(deal["order"], deal["salt"], deal.get("still"))
    return {**record, "deals": [*record["deals"][:-1], deal]}


class Worlds:
    """Possible worlds: the same public play with two concealed cards exchanged (issue 13).

    A sitting is played for some steps; for each observer (every seat, and a spectator) two cards are chosen
    that the observer could not see at any moment of the current deal (in two different hands, or one in a
    hand and one in the stock), exchanged in that deal's pack order (so each goes where the other went), and
    every act is replayed.  If every act is still accepted, the world is one the observer cannot tell from the
    true one by the play, so everything it is shown (whose turn, its view with the decisions, options and calls
    in it, the events' texts and data) must be the same, step for step, until the game itself shows one of the
    two cards to it.  A difference before that is a concealed card deduced: a leak, whatever its channel.
    """

    def __init__(
        self,
        case: Case,
        t: hoyle.Table,
        rnd: random.Random,
        n: int,
        script: list[str] | None = None,
    ) -> None:
        self.case = case
        self.checker = Checker(case, t)
        self.observers: tuple[str | None, ...] = (*t.seats, None)
        self.start = 0  # the step at which the current deal's pack was drawn
        self.steps: list[dict[str | None, tuple[Any, ...]]] = []
        self.hidden: dict[str | None, frozenset[str]] = {}
        deals = t.chance_counts[0]
        self._note(t, list(t.events))
        self.acts: list[str] = []
        rate = 0.08 if law_mode(case) else 0.0
        for k in range(len(script) if script is not None else n):
            if t.over:
                break
            before = len(t.events)
            if script is not None:
                t.apply(script[k])
                self.acts.append(script[k])
            else:
                self.acts += walk(t, rnd, 1, rate=rate)
            if t.chance_counts[0] != deals:  # a new pack drawn: a new deal, and what is concealed starts afresh
                deals = t.chance_counts[0]
                self.start = len(self.steps)
                self.hidden = {}
            self._note(t, t.events[before:])
        self.table = t
        self.places = t.places()

    def _note(self, t: hoyle.Table, events: list[Any]) -> None:
        places = t.places()
        hidden = self.checker.hidden(t, places)
        concealed = {c for c, p in places.items() if p.startswith("hand ") or CONCEALED_PLACES.match(p)}
        for o in self.observers:
            now = hidden[o] & concealed
            self.hidden[o] = self.hidden[o] & now if o in self.hidden else now
        self.steps.append({o: observe(t, o, events) for o in self.observers})

    def pairs(self, observer: str | None, rnd: random.Random, k: int) -> list[tuple[str, str]]:
        """Up to ``k`` pairs of cards concealed from ``observer`` all deal long, in different places now."""
        cards = sorted(self.hidden.get(observer, ()))
        out: list[tuple[str, str]] = []
        for _ in range(4 * k):
            if len(out) == k or len(cards) < 2:
                break
            x, y = rnd.sample(cards, 2)
            if self.places[x] != self.places[y]:
                out.append((x, y))
        return out

    def check(self, observer: str | None, x: str, y: str) -> bool:
        """Replay the sitting with ``x`` and ``y`` exchanged; fail if ``observer`` is shown a difference while both
        stay concealed from it.  False if the world is not possible (an act refused, the cards elsewhere)."""
        record = self.table.record()
        order = [str(c) for c in parse(record["deals"][-1]["order"])]
        if x not in order or y not in order:
            return False
        record = _exchange(record, x, y)
        try:
            w = rebuild(record)
            seen = [{o: observe(w, o, list(w.events)) for o in (observer,)}]
            for act in self.acts:
                before = len(w.events)
                w.apply(act)
                seen.append({observer: observe(w, observer, w.events[before:])})
        except (IllegalAction, InvalidAction, hoyle.RecordError):
            return False  # the play itself rules this world out
        want = {**self.places, x: self.places[y], y: self.places[x]}
        if w.places() != want:
            return False
        for step in range(self.start, len(self.steps)):
            if seen[step][observer] != self.steps[step][observer]:
                self._differs(w, observer, x, y, step, seen[step][observer], self.steps[step][observer])
                return True
        return True

    def _differs(
        self,
        w: hoyle.Table,
        observer: str | None,
        x: str,
        y: str,
        step: int,
        theirs: tuple[Any, ...],
        ours: tuple[Any, ...],
    ) -> None:
        """A difference at ``step``: allowed only if the game shows ``x`` or ``y`` to the observer then (in either
        world: a bust turned up, a hand shown), found by replaying both worlds to that step."""
        for table_acts in (self.acts[:step],):
            for swap in (False, True):
                record = self.table.record()
                if swap:
                    record = _exchange(record, x, y)
                u = rebuild(record)
                for act in table_acts:
                    u.apply(act)
                if {x, y} - self.checker.hidden(u, u.places())[observer]:
                    return
        what = ["whose turn", "the view", "the events", "its irregular acts"]
        diff = [what[k] for k in range(4) if theirs[k] != ours[k]]
        detail = _difference(ours, theirs)
        raise AssertionError(
            f"{self.case.id}: {observer or 'a spectator'} can tell where {x} and {y} are ({self.places[x]!r},"
            f" {self.places[y]!r}) from {', '.join(diff)} after act {step} "
            f"({self.acts[step - 1] if step else 'the start'!r}){detail}"
        )


def _difference(ours: tuple[Any, ...], theirs: tuple[Any, ...]) -> str:
    """Where two observations differ, briefly: the turn, the view's keys, the events."""
    out = []
    if ours[0] != theirs[0]:
        out.append(f"to act: {ours[0]!r} / {theirs[0]!r}")
    a, b = json.loads(ours[1]), json.loads(theirs[1])
    for k in sorted(set(a) | set(b)):
        if a.get(k) != b.get(k):
            out.append(f"view[{k!r}]: {json.dumps(a.get(k))[:300]} / {json.dumps(b.get(k))[:300]}")
    a, b = json.loads(ours[2]), json.loads(theirs[2])
    for i in range(max(len(a), len(b))):
        x, y = (a[i] if i < len(a) else None), (b[i] if i < len(b) else None)
        if x != y:
            out.append(f"event {i}: {json.dumps(x)[:300]} / {json.dumps(y)[:300]}")
    if ours[3] != theirs[3]:
        out.append(f"irregular acts: {sorted(set(ours[3]) - set(theirs[3]))} / {sorted(set(theirs[3]) - set(ours[3]))}")
    return "".join(f"\n  {line}" for line in out) + "\n  (true world / other world)"


# ---------------------------------------------------------------------------------------------- the checks


def check_random_sitting(case: Case, seed: int, choices: int) -> hoyle.Table:
    """A whole random sitting, every invariant checked at every step; it ends within the cap, scores are ints."""
    t = case.table(seed)
    rnd = random.Random(choices)
    checker = Checker(case, t)
    state = checker.check_state(t)
    while not t.over:
        assert checker.steps < case.cap, f"the sitting has not ended after {case.cap} actions"
        state = checker.step(t, rnd, state)
    assert t.over and t.to_act is None and t.legal_actions() == []
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in t.scores.values()), t.scores
    try:
        t.apply(Action.parse("play AS"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an action was taken after the sitting was over")
    record = t.record()
    assert record["over"] is True and record["scores"] == t.scores
    return t


def check_view_hands(case: Case, seed: int, choices: int, length: int) -> None:
    """A seat's view lists exactly the cards places() puts in its hand, no more, and hand_counts agree."""
    t = case.table(seed)
    rnd = random.Random(choices)
    checker = Checker(case, t, strict_hands=True)
    state = checker.check_state(t)
    for _ in range(length):
        if t.over:
            break
        state = checker.step(t, rnd, state)


def check_clone(case: Case, seed: int, choices: int, at: int, more: int) -> None:
    """A clone at a random point equals the original, plays on identically, and is independent of it."""
    t = case.table(seed)
    rnd = random.Random(choices)
    play(t, rnd, at)
    c = t.clone()
    assert c is not t
    assert_same(snapshot(t), snapshot(c), "clone")
    for _ in range(more):  # far enough, usually, to cross into a new deal drawn by each table's own shuffler
        if t.over:
            break
        a = rnd.choice(t.legal_actions())
        assert [e.to_dict() for e in t.apply(a)] == [e.to_dict() for e in c.apply(str(a))], f"events differ at {a}"
    assert_same(snapshot(t), snapshot(c), "clone after the same actions")
    before = snapshot(t)
    if not c.over:
        play(c, rnd, more)
        assert c.record() != t.record()
    assert_same(before, snapshot(t), "the original after playing on the clone")


def check_replay(case: Case, seed: int, choices: int, at: int) -> None:
    """hoyle.replay(record) and replay_text(dumps(record)), mid-sitting and at the end, equal the original, and a
    sitting replayed mid-way plays on as the original does, deal for deal, to the same end."""
    t = case.table(seed)
    rnd = random.Random(choices)
    play(t, rnd, at)
    for _ in range(2):  # a mid point, then the end
        record = t.record()
        as_json(record, "record()")
        want = snapshot(t)
        replays = [hoyle.replay(record), replay_text(dumps(record))]
        for how, r in zip(("replay", "replay_text"), replays, strict=True):
            assert isinstance(r, hoyle.Table)
            assert_same(want, snapshot(r), how)
            assert r.record() == record
        while not t.over:
            a = rnd.choice(t.legal_actions())
            events = [e.to_dict() for e in t.apply(a)]
            for r in replays:
                assert [e.to_dict() for e in r.apply(str(a))] == events, f"a replay played on differs at {a}"
        for r in replays:
            assert_same(snapshot(t), snapshot(r), "a replay played on to the end")


_MALFORMED: tuple[Any, ...] = (
    "frobnicate",
    "frobnicate QS",
    "",
    "   ",
    "play",
    "play ZZ",
    "play 11H",
    "play QS QS",
    "x" * 500,
    42,
    None,
    b"play QS",
)


def check_illegal_actions(case: Case, seed: int, choices: int, at: int, rnd: random.Random | None = None) -> None:
    """Unlawful or malformed actions raise IllegalAction or InvalidAction and leave the table as it was; is_legal
    agrees with legal_actions().  ``rnd`` draws the unlawful cards and the lawful act said by the wrong seat."""
    t = case.table(seed)
    play(t, random.Random(choices), at)
    rnd = rnd or random.Random(choices + 1)
    legal = set(t.legal_actions())
    pack = sorted(t.places())
    for c in pack:  # is_legal agrees with legal_actions() for the play of every card of the pack
        a = Action.parse(f"play {c}")
        assert t.is_legal(a) == (a in legal), f"is_legal({a}) disagrees with legal_actions()"
    before = snapshot(t)
    unlawful = [f"play {c}" for c in pack if Action.parse(f"play {c}") not in legal]
    tries: list[Any] = list(_MALFORMED)
    if unlawful:
        tries += rnd.sample(unlawful, min(len(unlawful), rnd.randint(1, 5)))
        tries.append(Action.parse(tries[-1]))
    if legal:  # a lawful act said by a seat that is not to act, or by no seat at all
        a = rnd.choice(sorted(legal, key=str))
        tries += [f"{s}: {a}" for s in t.seats if s != t.to_act] + [f"Z: {a}"]
    for bad in tries:
        if _irregular_act(t, bad):  # law mode: an act a seat may commit wrongly is taken, not refused
            continue
        try:
            t.apply(bad)
        except (IllegalAction, InvalidAction):
            pass
        else:
            raise AssertionError(f"{bad!r} was taken, but it is unlawful or malformed")
        assert_same(before, snapshot(t), f"after the refused {bad!r}")
    try:
        t.view("no such seat")
    except ValueError:
        pass
    else:
        raise AssertionError("view('no such seat') did not raise ValueError")
    if not t.over:  # the table still plays normally
        t.apply(rnd.choice(t.legal_actions()))


def check_determinism(case: Case, seed: int, choices: int, length: int) -> None:
    """The same seed and the same choices give the same record bit for bit, whether actions go as text or not."""
    runs = []
    for as_text in (False, True, False):
        t = case.table(seed)
        rnd = random.Random(choices)
        for _ in range(length):
            if t.over:
                break
            a = rnd.choice(t.legal_actions())
            t.apply(str(a) if as_text else a)
        runs.append((json.dumps(t.record()), [e.to_dict() for e in t.events], t.places()))
    assert runs[0] == runs[1] == runs[2], "the same seed and choices gave different sittings"
    assert case.game == case.game


def check_no_inference(case: Case, seed: int, choices: int, length: int, pairs: int = 3) -> None:
    """Possible worlds (issue 13): whatever a seat or a spectator is shown is the same in every world that differs
    only by two cards concealed from it, so nothing shown lets it deduce a concealed card, by any channel.  Law
    mode commits irregularities at random too, so that every decision they open is tried."""
    rnd = random.Random(choices)
    worlds = Worlds(case, case.table(seed), rnd, length)
    for observer in worlds.observers:
        for x, y in worlds.pairs(observer, rnd, pairs):
            worlds.check(observer, x, y)


def check_game(
    name: str,
    *,
    players: list[str] | None = None,
    seeds: int = 3,
    steps: int = 120,
    **options: Any,
) -> None:
    """Check game ``name`` with ``options`` against the whole harness; raise :class:`AssertionError` on a fault.

    For each of ``seeds`` seeds (0, 1, ...): a whole random sitting checked at every step, the views' hands
    against ``places()``, clone, replay (mid-sitting and to the end), unlawful and malformed actions refused
    without change, determinism, and possible worlds; the partial checks play up to ``steps`` actions.  ``players``
    goes to ``table(players=...)``.  The game may be registered by hoyle or by anyone (``hoyle.register``): what
    the harness needs to know of it is in its ``GameSpec``.  ``tests/test_conformance.py`` runs the same checks on
    every registered game with seeds drawn by Hypothesis.
    """
    case = Case(hoyle.game(name, **options).name, dict(options), tuple(players) if players else None)
    for seed in range(seeds):
        choices = seed + 1
        check_random_sitting(case, seed, choices)
        check_view_hands(case, seed, choices, steps)
        check_clone(case, seed, choices, steps // 2, steps)
        check_replay(case, seed, choices, steps // 2)
        check_illegal_actions(case, seed, choices, steps // 2)
        check_determinism(case, seed, choices, steps)
        check_no_inference(case, seed, choices, steps)
