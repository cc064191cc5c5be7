"""Trick-taking with a declarer against the rest: the auction, the contracts, the settlement table.

The machinery of the family of Solo Whist and Boston (design.md, "Game families share machinery"),
written once and configured per game:

* :class:`Contract`: what a call undertakes: tricks to make, or to lose them all (a misère); whose
  trumps (the turned suit, one the declarer names, or none); whether the declarer's hand is
  exposed; who leads; whether two players play it together (proposal and acceptance).
* :class:`Auction`: eldest speaks first and the turn goes to the left; each may pass or make a
  higher call, which supersedes the lower; a player who has passed may make no further call,
  save those the game allows him (at Solo the eldest hand may still accept a proposal: 003
  Solo); a caller who is overcalled may raise to any higher call; a proposal (the one joint
  call) may be accepted by one player, and a proposer who finds no acceptor may amend his call.
* :class:`Scale` and :func:`contract_value`: a base stake per kind of call, over- and
  under-tricks, doubled over-tricks where the game says so; :func:`payments` turns a result into
  payments between seats (a joint call: each partner with one adversary; a single caller: with
  each adversary).
* The settlement consequences of the laws of irregularities (003's digest of the laws of Solo
  Whist, 002's Solo lines): :func:`revoke_value`, :func:`misere_penalty`,
  :func:`incorrect_hands`, :func:`abandoned_hand`.  They are pure functions, so that the laws
  machinery can call them once it has established the facts.
* :class:`PaymentTable` and :func:`table_value`: a card of prices, as at Boston (rules §4): a
  success table by tricks bid and taken, a failure table by tricks bid and the tricks the bidder is
  "put in for", fixed stakes for the misères; :func:`pool_payments`: a pool taken by a successful
  bidder, doubled (or fed) by one who fails.
* :func:`seat_by_cutting`: forming a table of four by cutting (002 §2 Boston and Solo).

Nothing here knows the cards; the tables of :mod:`hoyle.rulebook.solo` (and of Boston) do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Literal

from ..cards import CARD_TEXT, Card

__all__ = [
    "Auction",
    "Contract",
    "Outcome",
    "Payment",
    "PaymentTable",
    "Scale",
    "abandoned_hand",
    "contract_value",
    "format_money",
    "incorrect_hands",
    "misere_penalty",
    "payments",
    "pool_payments",
    "revoke_settlement",
    "revoke_shares",
    "revoke_value",
    "seat_by_cutting",
    "table_value",
]

Trumps = Literal["turned", "named", "none", "second", "fixed"]
"""Whose trumps: the turned card's suit; one the declarer names; none; the other suit of the turned card's colour
(Boston's second preference); the suit the call itself names (:attr:`Contract.suit`, Boston de Fontainebleau)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Contract:
    """One kind of call and what it undertakes.

    ``name`` is its notation (``"abondance in trumps"``), ``title`` how the books print it,
    ``rank`` its place in the auction (higher supersedes lower), ``stake`` the key of its base
    stake in a :class:`Scale` (two calls may pay alike: abondance in trumps pays as abondance),
    ``tricks`` what the declaring side must take (for a misère: ``0``, and it must take none),
    ``trumps`` whose trumps, ``exposed`` whether the declarer's hand is laid face up once the
    first trick is turned, ``declarer_leads`` whether he leads to the first trick, ``joint``
    whether it is the proposal that a second player accepts, ``under_tricks`` whether a shortfall
    is paid for trick by trick, ``double_over`` whether over-tricks may be doubled by agreement.
    """

    name: str
    title: str
    rank: int
    stake: str
    tricks: int
    misere: bool = False
    trumps: Trumps = "turned"
    exposed: bool = False
    declarer_leads: bool = False
    joint: bool = False
    under_tricks: bool = True
    double_over: bool = False
    suit: str | None = None

    def made(self, tricks: int) -> bool:
        """Whether the declaring side, having taken ``tricks``, has made its call."""
        return tricks == 0 if self.misere else tricks >= self.tricks

    def __str__(self) -> str:
        return self.title


# ---------------------------------------------------------------------------------------------- the auction


@dataclass(frozen=True, slots=True)
class Bid:
    """One turn of the auction: the seat and what it said (``pass``, ``propose``, ``accept``, or a call)."""

    seat: str
    said: str
    contract: Contract | None = None


_SORTED_LADDERS: dict[int, tuple[tuple[Contract, ...], tuple[Contract, ...]]] = {}
"""Each tuple of contracts given to an :class:`Auction`, by identity, with its contracts sorted by rank: the games' own
ladders, sorted once instead of at every deal."""


class Auction:
    """An auction for a declarer against the rest (003 Solo; 002 Boston), as a small state machine.

    ``order`` is the seats in the order they speak, the eldest hand first (003 Solo: "The eldest
    hand ... has the first call"). ``ladder`` is the single calls from low to high; ``joint`` the
    proposal (or ``None`` where there is none, as at three-hand Solo and at Boston).
    ``after_pass`` names the calls a player who has passed may still make (Boston's misères);
    ``eldest_accepts`` gives the eldest hand, having passed, the right to accept a proposal
    (003 Solo).  ``rule`` is the citation the refusals end with (``"(003 Solo)"``, ``"(rules §4)"``).

    The turn passes to the left among those who may still speak: a player who has not passed
    and does not hold the highest call, and a player who has passed but has a call left to him
    that he has not yet declined since the highest call changed.  When none is left and a
    proposal stands unaccepted, its proposer is asked once more, and may amend it to any
    higher call or pass.  The auction then closes: :attr:`result` is the contract and its
    declarer(s), or ``None`` when all passed.
    """

    __slots__ = (
        "_amended",
        "_calls",
        "_declined",
        "_version",
        "after_pass",
        "best",
        "bids",
        "eldest_accepts",
        "holder",
        "joint",
        "ladder",
        "order",
        "partner",
        "passed",
        "rule",
        "to_speak",
    )

    def __init__(
        self,
        order: Sequence[str],
        ladder: Sequence[Contract],
        *,
        joint: Contract | None = None,
        after_pass: Iterable[str] = (),
        eldest_accepts: bool = False,
        rule: str = "(003 Solo)",
    ) -> None:
        if len(order) < 2 or len(set(order)) != len(order):
            raise ValueError(f"an auction needs two or more distinct seats, not {list(order)!r}")
        self.order = tuple(order)
        kept = _SORTED_LADDERS.get(id(ladder))
        if kept is not None and kept[0] is ladder:  # the same (immutable) ladder as a deal before: sorted then
            self.ladder = kept[1]
        else:
            self.ladder = tuple(sorted(ladder, key=lambda c: c.rank))
            if type(ladder) is tuple and len(_SORTED_LADDERS) < 64:  # a game's few ladders, not every tuple made
                _SORTED_LADDERS[id(ladder)] = (ladder, self.ladder)  # the ladder itself kept: its id stays its own
        self.joint = joint
        self.after_pass = frozenset(after_pass)
        self.eldest_accepts = eldest_accepts
        self.rule = rule
        self.passed: set[str] = set()
        self.best: Contract | None = None
        self.holder: str | None = None  # the caller of the highest call, or the proposer
        self.partner: str | None = None  # the acceptor of a proposal
        self.bids: list[Bid] = []
        self.to_speak: str | None = self.order[0]
        self._version = 0  # bumped whenever the highest call changes
        self._declined: dict[str, int] = {}  # passed seat -> the version at which it last declined
        self._amended = False  # the proposer who found no acceptor has been asked to amend
        # ("call", contract) for every contract above each rank (-1: all), made when first asked: the ladder is fixed.
        self._calls: dict[int, tuple[tuple[str, Contract], ...]] = {}

    # ---------------------------------------------------------------- questions

    @property
    def closed(self) -> bool:
        return self.to_speak is None

    @property
    def result(self) -> tuple[Contract, tuple[str, ...]] | None:
        """The contract and its declarer(s) once closed (the proposer first); ``None`` if all passed."""
        if not self.closed or self.best is None or self.holder is None:
            return None
        if self.best.joint:
            if self.partner is None:
                return None
            return self.best, (self.holder, self.partner)
        return self.best, (self.holder,)

    @property
    def unaccepted(self) -> bool:
        """A proposal stands and nobody has accepted it."""
        return self.best is not None and self.best.joint and self.partner is None

    def options(self) -> list[tuple[str, Contract | None]]:
        """What the seat to speak may say.

        A list of ``("pass", None)``, ``("propose", c)``, ``("accept", c)`` and ``("call", c)``.
        """
        seat = self.to_speak
        if seat is None:
            return []
        out: list[tuple[str, Contract | None]] = [("pass", None)]
        if seat in self.passed:
            out.extend(self._late(seat))
            return out
        if seat == self.holder:  # a proposer who found no acceptor amends (003 Solo digest)
            out.extend(self._calls_above())
            return out
        if self.joint is not None and self.best is None:
            out.append(("propose", self.joint))
        if self.unaccepted:
            out.append(("accept", self.best))
        out.extend(self._calls_above())
        return out

    def _calls_above(self) -> tuple[tuple[str, Contract], ...]:
        """``("call", c)`` for each contract of the ladder above the highest call, lowest first (kept by rank)."""
        floor = self.best.rank if self.best is not None else -1
        calls = self._calls.get(floor)
        if calls is None:
            calls = self._calls[floor] = tuple([("call", c) for c in self.ladder if c.rank > floor])
        return calls

    def why_not(self, said: str, contract: Contract | None = None) -> str | None:
        """Why the seat to speak may not say this now (a sentence citing the rule), or ``None`` if it may."""
        if self.to_speak is None:
            return "the auction is over"
        if said == "pass" and contract is None:
            return None
        options = self.options()
        for s, c in options:  # the lawful call is one of the ladder's own contracts: found by identity first
            if c is contract and s == said:
                return None
        if (said, contract) in options:
            return None
        seat = self.to_speak
        rule = self.rule
        if seat in self.passed:
            if said == "accept" and self.best is None:
                return f"there is no proposal to accept {rule}"
            late = [c.title for c in self.ladder if c.name in self.after_pass]
            if late:
                return f"{seat} has passed and may now call only {', '.join(late)}, above the highest call {rule}"
            return f"{seat} has passed and may make no further call {rule}"
        if said == "propose":
            if self.joint is None:
                return "there is no proposal in this game (003 Solo, for three players)"
            if self.unaccepted:
                return (
                    f"{self.holder} has proposed: a second 'I propose' cannot be made or turned into an"
                    f" acceptance; accept his proposal instead {rule}"
                )
            assert self.best is not None
            return f"{self.holder} has called {self.best.title}: a proposal is no longer open {rule}"
        if said == "accept":
            if seat == self.holder:
                return f"{seat} cannot accept his own proposal {rule}"
            if self.best is not None and self.best.joint and self.partner is not None:
                return f"{self.partner} has already accepted {self.holder}'s proposal {rule}"
            if not self.unaccepted:
                return f"there is no proposal to accept {rule}"
        if said == "call" and contract is not None and self.best is not None and contract.rank <= self.best.rank:
            if contract.rank == self.best.rank:
                return f"{self.holder} has called {self.best.title}: only a higher call supersedes it {rule}"
            return (
                f"{contract.title} does not outrank {self.holder}'s {self.best.title}: an inferior call is"
                f" nugatory; only a higher call supersedes {rule}"
            )
        return f"{said} {contract.name if contract else ''} is not open to {seat} now {rule}".replace("  ", " ")

    def _above(self) -> list[Contract]:
        floor = self.best.rank if self.best is not None else -1
        return [c for c in self.ladder if c.rank > floor]

    def _late(self, seat: str) -> list[tuple[str, Contract | None]]:
        """What a player who has passed may still say (besides passing again)."""
        out: list[tuple[str, Contract | None]] = []
        if self.eldest_accepts and seat == self.order[0] and self.unaccepted and self.holder != seat:
            out.append(("accept", self.best))  # 003 Solo: the eldest hand only, having passed, may accept
        if self.after_pass:
            out.extend(("call", c) for c in self._above() if c.name in self.after_pass)
        return out

    def _may_speak(self, seat: str) -> bool:
        if seat == self.holder or seat == self.partner:
            return False
        if seat not in self.passed:
            return True
        return bool(self._late(seat)) and self._declined.get(seat, -1) < self._version

    # ---------------------------------------------------------------- acting

    def say(self, said: str, contract: Contract | None = None) -> Bid:
        """The seat to speak says ``said``; raises ``ValueError`` with the reason if it may not."""
        reason = self.why_not(said, contract)
        if reason is not None:
            raise ValueError(reason)
        seat = self.to_speak
        assert seat is not None
        bid = Bid(seat, said if said != "call" else contract.name if contract else "", contract)
        self.bids.append(bid)
        if said == "pass":
            if seat == self.holder:  # the proposer declines to amend: nothing stands
                self.passed.add(seat)
                self.to_speak = None
                return bid
            self.passed.add(seat)
            self._declined[seat] = self._version
        elif said == "accept":
            self.partner = seat
            self._version += 1
        else:  # propose or call: supersedes whatever stood (003 Solo: "a superior call always annuls")
            assert contract is not None
            self.best, self.holder, self.partner = contract, seat, None
            self._version += 1
        self._advance(seat)
        return bid

    def _advance(self, last: str) -> None:
        n = len(self.order)
        i = self.order.index(last)
        for k in range(1, n + 1):
            seat = self.order[(i + k) % n]
            if self._may_speak(seat):
                self.to_speak = seat
                return
        if self.unaccepted and not self._amended:
            self._amended = True
            self.to_speak = self.holder
            return
        self.to_speak = None


# ---------------------------------------------------------------------------------------------- stakes


@dataclass(frozen=True, slots=True, kw_only=True)
class Scale:
    """A table of stakes: the base stake of each kind of call and the price of an over- or under-trick.

    ``unit`` names the money (``"pence"``, ``"white counters"``); ``slam_double`` doubles the
    over-tricks of a joint call that takes every trick (003: "double for the over-tricks");
    ``general_misere`` is what the loser of a general misère pays each other player.
    """

    name: str
    unit: str
    base: Mapping[str, int]
    trick: int
    general_misere: int
    slam_double: bool = True
    law: str = ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A declaration settled: who won, and what passes between each adversary and the declaring side.

    ``made`` is the declaring side's tricks as counted (after any revoke penalty), ``value`` what
    one adversary's share is worth: paid to the declaring side when ``won``, to the adversary when
    not.  ``text`` spells the sum (``"6d + 2 over-tricks at 1d = 8d"``); ``law`` the citations.
    """

    contract: Contract
    made: int
    won: bool
    base: int
    over: int
    under: int
    trick_price: int
    value: int
    text: str
    law: tuple[str, ...] = field(default=())


def contract_value(
    contract: Contract,
    made: int,
    scale: Scale,
    *,
    double_over: bool = False,
    slam: bool | None = None,
    fmt: Callable[[int], str] | None = None,
) -> Outcome:
    """Settle ``contract`` when the declaring side has taken ``made`` tricks.

    003 Solo, The Stakes: a call that succeeds is paid its base stake and, except at a misère
    and at abondance déclarée, so much for every over-trick; one that fails pays the base stake
    and so much for every under-trick ("they can each win the 6d. exactly, but if they lose they
    must lose 7d. each, or more").  A misère is won or lost outright.  A joint call that takes
    all thirteen tricks has its over-tricks doubled (003); ``double_over`` doubles the
    over-tricks of a call whose :attr:`Contract.double_over` is set (abondance, "a matter of
    arrangement": 003).  ``slam`` says whether the slam was made independently of any revoke
    penalty (002 §30 Solo: "All slams must be made independently of the revoke penalty");
    by default, whether ``made`` is thirteen.

    >>> from hoyle.rulebook.solo import SOLO, PROPOSAL, SCALES
    >>> contract_value(SOLO, 4, SCALES["6-12-18"]).value        # 1s 9d from the three sixpences and 3d
    7
    >>> contract_value(PROPOSAL, 13, SCALES["6-12-18"]).text
    '6d + 5 over-tricks at 2d (doubled at a slam) = 1s 4d'
    """
    fmt = fmt or (lambda n: format_money(n, scale.unit))
    base = scale.base[contract.stake]
    won = contract.made(made)
    law = ("003 Solo, The Stakes",)
    if contract.misere:
        verb = "lost no trick" if won else f"took {made} trick{'s' if made != 1 else ''}"
        return Outcome(contract, made, won, base, 0, 0, 0, base, f"{fmt(base)} ({verb})", law)
    need = contract.tricks
    if won:
        over = made - need if contract.under_tricks else 0
        price = scale.trick
        why = ""
        if contract.joint and scale.slam_double and made == 13 and (slam is None or slam):
            price, why = 2 * price, " (doubled at a slam)"
        elif double_over and contract.double_over:
            price, why = 2 * price, " (doubled by agreement)"
        value = base + over * price
        if over:
            text = f"{fmt(base)} + {over} over-trick{'s' if over != 1 else ''} at {fmt(price)}{why} = {fmt(value)}"
        else:
            text = fmt(base)
        return Outcome(contract, made, True, base, over, 0, price, value, text, law)
    if not contract.under_tricks:  # abondance déclarée: beaten by the first trick lost, no under-tricks (003)
        return Outcome(contract, made, False, base, 0, 0, 0, base, f"{fmt(base)} (no under-tricks)", law)
    under = need - made
    value = base + under * scale.trick
    text = f"{fmt(base)} + {under} under-trick{'s' if under != 1 else ''} at {fmt(scale.trick)} = {fmt(value)}"
    return Outcome(contract, made, False, base, 0, under, scale.trick, value, text, law)


Payment = tuple[str, str, int]
"""``(payer, payee, amount)``, the amount in the scale's unit, always positive."""


def payments(
    outcome: Outcome,
    declarers: Sequence[str],
    adversaries: Sequence[str],
    *,
    offender: str | None = None,
    shares: Mapping[str, int] | None = None,
) -> list[Payment]:
    """The payments that settle ``outcome``.

    003 Solo, The Stakes: at proposal and acceptance "each partner only receives or pays once":
    the partners and their adversaries are paired in the order given (A with C, B with D when A
    and B play against C and D); a single caller is paid by, or pays, "every one of the three
    adversaries".  ``offender``, an adversary, pays every adversary's share himself ("the stakes
    being paid by the offender for himself and his partners": 003 digest).  ``shares`` overrides
    the value of some adversaries' shares (002 §31 Solo: a revoker may owe more than his partners).
    """
    out: list[Payment] = []
    if outcome.contract.joint and len(declarers) == 2:
        pairs = list(zip(declarers, adversaries, strict=True))
    else:
        (declarer,) = declarers
        pairs = [(declarer, a) for a in adversaries]
    for declarer, adversary in pairs:
        value = shares.get(adversary, outcome.value) if shares else outcome.value
        if value <= 0:
            continue
        if outcome.won:
            out.append((offender or adversary, declarer, value))
        else:
            out.append((declarer, adversary, value))
    return out


def format_money(amount: int, unit: str, red: int = 5) -> str:
    """An amount as the books write it: pence as ``1s 4d``, counters as ``2 red 2 white`` (rules §5).

    ``red`` is the white counters a red is worth: five at Solo (rules §5), ten at Boston (rules §4).

    >>> format_money(16, "pence"), format_money(36, "pence"), format_money(12, "white counters")
    ('1s 4d', '3s', '2 red 2 white')
    >>> format_money(35, "white counters", red=10)
    '3 red 5 white'
    """
    sign = "-" if amount < 0 else ""
    n = abs(amount)
    if unit == "pence":
        pounds, rest = divmod(n, 240)
        s, d = divmod(rest, 12)
        parts = ([f"£{pounds}"] if pounds else []) + ([f"{s}s"] if s else []) + ([f"{d}d"] if d or not n else [])
        return sign + " ".join(parts)
    if unit == "white counters":  # Foster: one red counter is worth five white (rules §5), ten at Boston (rules §4)
        reds, white = divmod(n, red)
        parts = ([f"{reds} red"] if reds else []) + ([f"{white} white"] if white or not n else [])
        return sign + " ".join(parts)
    return f"{amount} {unit}"


# ---------------------------------------------------------------------------------------------- a card of prices


@dataclass(frozen=True, slots=True, kw_only=True)
class PaymentTable:
    """A card of prices: what each adversary pays a bidder who succeeds, or is paid by one who fails.

    Boston is settled by such a card ("a forfeit regulated by a card of prices, which must be prepared
    beforehand. Without such a card Boston cannot be played": rules §4, AMERICANA).  ``success[n]``
    holds the amounts for a bid of ``n`` tricks taken ``n``, ``n + 1``, ... 13; ``failure[n]`` the
    amounts for a bid of ``n`` "put in for" 1, 2, ... ``n`` tricks; ``fixed`` the stake of a call paid
    alike won or lost (a misère), by :attr:`Contract.stake`.  ``unit`` names the money and ``red`` the
    white counters in a red one.
    """

    name: str
    unit: str
    red: int
    success: Mapping[int, Sequence[int]]
    failure: Mapping[int, Sequence[int]]
    fixed: Mapping[str, int]
    law: str = "rules §4"

    def check(self) -> None:
        """Raise ``ValueError`` unless every row is complete: 14 − n success amounts and n failure amounts."""
        for n, row in self.success.items():
            if len(row) != 14 - n or any(not isinstance(x, int) or x < 0 for x in row):
                raise ValueError(f"success row {n}: {list(row)} needs {14 - n} amounts (taken {n} to 13)")
        for n, row in self.failure.items():
            if len(row) != n or any(not isinstance(x, int) or x < 0 for x in row):
                raise ValueError(f"failure row {n}: {list(row)} needs {n} amounts (put in for 1 to {n})")


def table_value(
    contract: Contract, made: int, table: PaymentTable, *, fmt: Callable[[int], str] | None = None
) -> Outcome:
    """Settle ``contract`` by a card of prices when the bidder has taken ``made`` tricks.

    A call that succeeds is paid by each adversary the success table's amount for the tricks bid and
    taken ("If a player should take more tricks than he bids for, he is paid for the extra tricks, but
    on a lower scale than if he had bid and taken the higher number": AMERICANA, rules §4); one that
    fails is "put in for" the tricks he fell short and pays each adversary the failure table's amount
    for the tricks bid and put in for (rules §4).  A misère is won or lost for its fixed stake.

    >>> from hoyle.rulebook.boston import BOSTON_TABLE, bid
    >>> table_value(bid("6 first"), 8, BOSTON_TABLE).value    # rules §4: six in first preference, eight taken
    16
    >>> table_value(bid("8"), 6, BOSTON_TABLE).text           # rules §4: eight bid, six taken
    'put in for 2: 3 red 5 white'
    """
    fmt = fmt or (lambda n: format_money(n, table.unit, table.red))
    law = (table.law,)
    if contract.misere:
        stake = table.fixed[contract.stake]
        won = contract.made(made)
        verb = "lost no trick" if won else f"took {made} trick{'s' if made != 1 else ''}"
        return Outcome(contract, made, won, stake, 0, 0, 0, stake, f"{fmt(stake)} ({verb})", law)
    need = contract.tricks
    if made >= need:
        row = table.success[need]
        value = row[made - need]
        over = made - need
        why = f"{need} bid, {made} taken: " if over else ""
        return Outcome(contract, made, True, row[0], over, 0, 0, value, f"{why}{fmt(value)}", law)
    short = need - made
    value = table.failure[need][short - 1]
    return Outcome(
        contract, made, False, table.failure[need][0], 0, short, 0, value, f"put in for {short}: {fmt(value)}", law
    )


def pool_payments(
    outcome: Outcome, declarer: str, pool: int, *, failure: str = "double", pool_name: str = "pool"
) -> list[Payment]:
    """What passes between the bidder and the pool once his call is settled.

    A bidder who succeeds takes the whole pool; one who fails doubles it (``failure="double"``:
    Boston, rules §4, FCH p.170 "doubling the pool"), or pays into it what he pays each adversary
    (``failure="match"``: Boston de Fontainebleau, FCH p.170).

    >>> from hoyle.rulebook.boston import BOSTON_TABLE, bid
    >>> pool_payments(table_value(bid("8"), 6, BOSTON_TABLE), "A", 10)
    [('A', 'pool', 10)]
    >>> pool_payments(table_value(bid("8"), 6, BOSTON_TABLE), "A", 10, failure="match")
    [('A', 'pool', 35)]
    """
    if failure not in ("double", "match"):
        raise ValueError(f"failure={failure!r}: 'double' or 'match'")
    if outcome.won:
        return [(pool_name, declarer, pool)] if pool > 0 else []
    amount = pool if failure == "double" else outcome.value
    return [(declarer, pool_name, amount)] if amount > 0 else []


# ---------------------------------------------------------------------------------------------- the laws' settlements


def revoke_value(
    contract: Contract,
    made: int,
    scale: Scale,
    *,
    declarer_revokes: int = 0,
    adversary_revokes: int = 0,
    double_over: bool = False,
) -> Outcome | None:
    """The value of a hand in which a revoke was established and claimed (003 digest; 002 §30–31 Solo).

    ``made`` is the tricks the declaring side actually took. Returns ``None`` when both sides
    revoked: "In case of a revoke on both sides, the deal is void" (003 digest).

    * "The penalty for every revoke is the loss of three tricks from the score of the revoking
      side", and "No revoking player or partnership can win a declaration" (003 digest).
    * The declaring side revokes: at a misère or abondance déclarée it loses the stakes
      (002 §31: "the hand is abandoned and he must pay the stakes"); otherwise three tricks a
      revoke are taken from its count; "If, after the three tricks ... are taken ..., he or they
      still have enough tricks to win the declaration, then he simply loses the declaration"
      and pays the base stake; "If, however, the forfeiture ... brings the offender's number
      down below the score required ..., then for each trick short the agreed-upon price of an
      under-trick must also be paid" (003 digest).
    * An adversary revokes: the declarer wins (a misère or a slam outright: 002 §31); otherwise
      the three tricks a revoke are added to his count and over-tricks paid on it ("the
      adversaries of the revoking player may take from him three tricks": 002 §30 Solo); if his
      count is still short he wins the base stake, since the revoking side cannot win.  A slam
      of a proposal is doubled only if made without the penalty (002 §30: "All slams must be made
      independently of the revoke penalty").

    >>> from hoyle.rulebook.solo import SOLO, SCALES
    >>> revoke_value(SOLO, 8, SCALES["6-12-18"], declarer_revokes=1).value   # 8 - 3 = 5: loses 6d only
    6
    >>> revoke_value(SOLO, 6, SCALES["6-12-18"], declarer_revokes=1).value   # 6 - 3 = 3: two short, 8d
    8
    """
    if declarer_revokes and adversary_revokes:
        return None
    law = ("003 Solo, digest of the laws: revokes", "002 §30 Solo", "002 §31 Solo")
    fmt = _fmt(scale)
    base = scale.base[contract.stake]
    if declarer_revokes:
        if contract.misere or not contract.under_tricks:
            return Outcome(
                contract, made, False, base, 0, 0, 0, base, f"{fmt(base)} (the caller revoked: he pays the stakes)", law
            )
        counted = max(0, made - 3 * declarer_revokes)
        short = max(0, contract.tricks - counted)
        value = base + short * scale.trick
        text = f"{made} tricks less {3 * declarer_revokes} for the revoke = {counted}: " + (
            f"enough, but a revoking side cannot win: the base stake {fmt(base)}"
            if not short
            else f"{short} short: {fmt(base)} + {short} under-trick{'s' if short != 1 else ''} at"
            f" {fmt(scale.trick)} = {fmt(value)}"
        )
        return Outcome(contract, counted, False, base, 0, short, scale.trick, value, text, law)
    if adversary_revokes:
        if contract.misere or not contract.under_tricks:
            return Outcome(
                contract, made, True, base, 0, 0, 0, base, f"{fmt(base)} (an adversary revoked: the caller wins)", law
            )
        counted = min(13, made + 3 * adversary_revokes)
        won = contract_value(contract, counted, scale, double_over=double_over, slam=made == 13)
        head = f"{made} tricks and {3 * adversary_revokes} for the revoke = {counted}"
        if won.won:
            return Outcome(
                contract, counted, True, won.base, won.over, 0, won.trick_price, won.value, f"{head}: {won.text}", law
            )
        return Outcome(
            contract,
            counted,
            True,
            base,
            0,
            0,
            0,
            base,
            f"{head}, short, but the revoking side cannot win: {fmt(base)}",
            law,
        )
    return contract_value(contract, made, scale, double_over=double_over)


def revoke_settlement(
    contract: Contract,
    made: int,
    scale: Scale,
    *,
    revokes: Mapping[str, int],
    declarers: Sequence[str],
    adversaries: Sequence[str],
    code: str = "003",
    double_over: bool = False,
) -> tuple[Outcome | None, list[Payment]]:
    """Settle a hand with revokes established and claimed: the value and who pays whom.

    ``revokes`` counts each offender's revokes. Who pays (003 digest): "The actual offender pays the
    stakes in all cases of a revoke, except in the instance of a proposer and acceptor, who, being
    voluntary partners, pay the fine between them."  (002 §31 Solo agrees: "If the caller or his
    partner revokes they must jointly pay the losses involved; but if an adversary of the caller
    revokes, he must individually pay the entire loss"; "If an adversary of a misère or a slam
    revokes, he must individually pay the whole stakes".)  ``code="002"`` adds 002 §31's exception:
    an adversary who "can show that the callers would have won in spite of the revoke" pays only his
    share and the three tricks' worth in his partners' shares (:func:`revoke_shares`).  With more
    than one adversary revoking, hoyle charges the first named (the laws speak of one offender).

    >>> from hoyle.rulebook.solo import SOLO, SCALES
    >>> revoke_settlement(SOLO, 6, SCALES["6-12-18"], revokes={"A": 1}, declarers=["A"],
    ...                   adversaries=["B", "C", "D"])[1]
    [('A', 'B', 8), ('A', 'C', 8), ('A', 'D', 8)]
    """
    if code not in ("003", "002"):
        raise ValueError(f"code {code!r}: the Solo codes are '003' (Hoffmann's digest) and '002' (Foster's lines)")
    by_declarers = sum(n for s, n in revokes.items() if s in declarers)
    offenders = [s for s in adversaries if revokes.get(s)]
    by_adversaries = sum(revokes[s] for s in offenders)
    outcome = revoke_value(
        contract, made, scale, declarer_revokes=by_declarers, adversary_revokes=by_adversaries, double_over=double_over
    )
    if outcome is None:
        return None, []
    if not offenders:
        return outcome, payments(outcome, declarers, adversaries)
    if code == "002" and not (contract.misere or not contract.under_tricks):
        outcome, offender, shares = revoke_shares(
            contract,
            made,
            scale,
            revoker=offenders[0],
            adversaries=adversaries,
            adversary_revokes=by_adversaries,
            double_over=double_over,
        )
        return outcome, payments(outcome, declarers, adversaries, offender=offender, shares=shares)
    return outcome, payments(outcome, declarers, adversaries, offender=offenders[0])


def revoke_shares(
    contract: Contract,
    made: int,
    scale: Scale,
    *,
    revoker: str,
    adversaries: Sequence[str],
    adversary_revokes: int = 1,
    double_over: bool = False,
) -> tuple[Outcome, str | None, dict[str, int]]:
    """Who pays what when an adversary revokes, by 002 §31 Solo: the outcome, the sole payer (or ``None``), shares.

    "If an adversary of the caller revokes, he must individually pay the entire loss unless he
    can show that the callers would have won in spite of the revoke. Should he be able to do
    this, his partners must stand their share of the losses, but the revoking player must
    individually pay for the three tricks taken as the revoke penalty." The callers would have
    won in spite of it when their own ``made`` tricks make the call.  Then each partner pays his
    share of the value of ``made``, and the revoker his own share of the value with the penalty
    tricks and, for each partner, the difference.  Otherwise the revoker pays every share.
    """
    outcome = revoke_value(contract, made, scale, adversary_revokes=adversary_revokes, double_over=double_over)
    assert outcome is not None
    if not contract.made(made):
        return outcome, revoker, {}
    plain = contract_value(contract, made, scale, double_over=double_over)
    others = [a for a in adversaries if a != revoker]
    shares = {a: plain.value for a in others}
    shares[revoker] = outcome.value + (outcome.value - plain.value) * len(others)
    return outcome, None, shares


def misere_penalty(
    contract: Contract, scale: Scale, *, caller: str, offender: str, adversaries: Sequence[str]
) -> tuple[Outcome, list[Payment]]:
    """An adversary of a misère exposes a card, leads or plays out of turn, or revokes: the caller wins.

    003 digest: "If a card is exposed by one of the adversaries of a misère or misère ouverte,
    the misère-caller can immediately claim the stakes, and is regarded as having won the
    declaration, the stakes being paid by the offender for himself and his partners. The
    misère-caller can enforce the same penalty if a card is led out of turn against him, or if a
    revoke is made against him, or, indeed, if any one follows suit out of turn." (002 §24, §26
    Solo: "If the adversary of a Misère player leads or plays out of turn, the bidder may
    immediately claim the stakes ... the individual player in fault must pay for himself and for
    his partners.")

    >>> from hoyle.rulebook.solo import MISERE, SCALES
    >>> misere_penalty(MISERE, SCALES["6-12-18"], caller="A", offender="C", adversaries=["B", "C", "D"])[1]
    [('C', 'A', 12), ('C', 'A', 12), ('C', 'A', 12)]
    """
    if not contract.misere:
        raise ValueError(f"{contract.title} is not a misère")
    if offender not in adversaries:
        raise ValueError(f"{offender} is not an adversary of the misère ({', '.join(adversaries)})")
    base = scale.base[contract.stake]
    outcome = Outcome(
        contract,
        0,
        True,
        base,
        0,
        0,
        0,
        base,
        f"{_fmt(scale)(base)}: an adversary's irregularity gives the caller the stakes",
        ("003 Solo, digest of the laws", "002 §24 Solo", "002 §26 Solo"),
    )
    return outcome, payments(outcome, [caller], adversaries, offender=offender)


def incorrect_hands(
    contract: Contract,
    made: int,
    scale: Scale,
    *,
    declarers: Sequence[str],
    adversaries: Sequence[str],
    wrong: Iterable[str],
    before_first_call: bool = False,
    code: str = "003",
    double_over: bool = False,
    played_out: bool = True,
) -> tuple[str, Outcome | None, list[Payment]]:
    """The cards found improperly divided: the ruling, the value, the payments.

    ``made`` is the declaring side's tricks when the error came to light (or when the hand was
    played out).  Rulings: ``"new deal"``, ``"stands"`` (no hand was wrong: settled as usual),
    ``"caller wins"``, ``"caller loses"``, ``"no payment"``.

    003 digest: "Should the cards be improperly divided, the declaring hand or hands win the
    stakes if their own cards are correct, and any person or partnership with the incorrect
    number of cards must, whatever has happened, lose the stake, unless the error is discovered
    before the first call is announced" (then a fresh deal by the same dealer, 003 digest).
    A winning caller is paid what he made (at least the base stake); a losing one pays what he
    lost (at least the base stake), or the stake alone when the error came to light before the
    hand was played out (``played_out=False``): no under-tricks for tricks never played.

    002 §19 Solo: "the deal stands good. Should the player with the incorrect number of cards be
    the caller or his partner, the hand must be played out. Should the caller make good his
    proposition, he neither receives nor pays on that hand. If he fails, he must pay. Should the
    player with the defective hand be the adversary of the caller, he and his partners must pay
    the stakes on that hand, which may then be abandoned. Should two players have an incorrect
    number of cards, one of them being the caller, there must be a new deal." Two adversaries
    wrong: a new deal (002 §19's general rule).
    """
    bad = set(wrong)
    if code not in ("003", "002"):
        raise ValueError(f"code {code!r}: the Solo codes are '003' and '002'")
    result = contract_value(contract, made, scale, double_over=double_over)
    if not bad:
        return "stands", result, payments(result, declarers, adversaries)
    base = scale.base[contract.stake]
    fmt = _fmt(scale)
    caller_wrong = bool(bad & set(declarers))
    if code == "003":
        law: tuple[str, ...] = ("003 Solo, digest of the laws: cards improperly divided",)
        if before_first_call:
            return "new deal", None, []
        won = not caller_wrong
        counted = result.won == won and (won or played_out)  # the tricks' price, where they were all played
        value = result.value if counted else base
        why = "the declaring side held" if caller_wrong else "an adversary held"
        outcome = Outcome(
            contract,
            made,
            won,
            base,
            result.over if won and result.won else 0,
            result.under if counted and not won else 0,
            result.trick_price,
            value,
            f"{fmt(value)}: {why} the wrong number of cards",
            law,
        )
        return ("caller wins" if won else "caller loses"), outcome, payments(outcome, declarers, adversaries)
    law = ("002 §19 Solo",)
    if (caller_wrong and len(bad) >= 2) or len(bad & set(adversaries)) >= 2:
        return "new deal", None, []
    if caller_wrong:
        if result.won:
            return (
                "no payment",
                Outcome(
                    contract,
                    made,
                    True,
                    base,
                    0,
                    0,
                    0,
                    0,
                    "the caller made good but held the wrong number of cards",
                    law,
                ),
                [],
            )
        lost = Outcome(
            contract, made, False, result.base, 0, result.under, result.trick_price, result.value, result.text, law
        )
        return "caller loses", lost, payments(lost, declarers, adversaries)
    value = result.value if result.won else base
    (offender,) = bad
    outcome = Outcome(
        contract,
        made,
        True,
        base,
        result.over if result.won else 0,
        0,
        result.trick_price,
        value,
        f"{fmt(value)}: {offender}'s hand was defective; he and his partners pay",
        law,
    )
    return "caller wins", outcome, payments(outcome, declarers, adversaries)


def abandoned_hand(
    contract: Contract,
    taken: int,
    remaining: int,
    scale: Scale,
    *,
    abandoner: str,
    declarers: Sequence[str],
    adversaries: Sequence[str],
    played_out_made: int | None = None,
    double_over: bool = False,
) -> tuple[Outcome, list[Payment]]:
    """A hand thrown down before the end (002 §27 Solo): the value and the payments.

    ``taken`` is the declaring side's tricks so far and ``remaining`` the tricks not yet played.
    "should the bidder abandon his hand, he and his partner, if any, must pay the stakes and
    settle for all over-tricks as if they had lost all the remaining tricks": the declaring side
    loses, counted ``taken`` (the base stake at least). "If a player, not the bidder, abandons
    his hand, his partner or partners may demand the hand to be played out with the abandoned
    hand exposed ... If they defeat the call they win nothing, but the player who abandoned his
    hand must pay the caller just as if he had been successful. If the partner or partners of
    the exposed hand lose, they must pay their share of the losses": ``played_out_made`` is the
    declaring side's tricks when it was so played out; ``None`` (not played out): the caller is
    paid as if he had taken every remaining trick, by the abandoner for all (hoyle's reading, as
    at a misère: "paid by the offender for himself and his partners").
    """
    fmt = _fmt(scale)
    law = ("002 §27 Solo",)
    if abandoner in declarers:
        result = contract_value(contract, taken, scale, double_over=double_over)
        if result.won or contract.misere:  # a caller who abandons pays, though he had made his tricks
            outcome = Outcome(
                contract,
                taken,
                False,
                result.base,
                0,
                0,
                0,
                result.base,
                f"{fmt(result.base)}: the caller abandoned his hand",
                law,
            )
        else:
            outcome = Outcome(
                contract,
                taken,
                False,
                result.base,
                0,
                result.under,
                result.trick_price,
                result.value,
                f"{result.text}: the caller abandoned his hand, the remaining tricks counted lost",
                law,
            )
        return outcome, payments(outcome, declarers, adversaries)
    if abandoner not in adversaries:
        raise ValueError(f"{abandoner} is not at this table's hand ({', '.join([*declarers, *adversaries])})")
    if played_out_made is None:
        made = 0 if contract.misere else min(13, taken + remaining)
        result = contract_value(contract, made, scale, double_over=double_over)
        outcome = Outcome(
            contract,
            made,
            True,
            result.base,
            result.over,
            0,
            result.trick_price,
            result.value,
            f"{result.text}: an adversary abandoned his hand",
            law,
        )
        return outcome, payments(outcome, declarers, adversaries, offender=abandoner)
    result = contract_value(contract, played_out_made, scale, double_over=double_over)
    if result.won:  # the caller made his call: the adversaries pay their shares, as at any call
        outcome = Outcome(
            contract,
            played_out_made,
            True,
            result.base,
            result.over,
            0,
            result.trick_price,
            result.value,
            f"{result.text}: the hand played out with {abandoner}'s hand exposed",
            law,
        )
        return outcome, payments(outcome, declarers, adversaries)
    # The call was defeated: the partners win nothing, the abandoner pays as if the caller had succeeded.
    success = contract_value(contract, 0 if contract.misere else contract.tricks, scale)
    outcome = Outcome(
        contract,
        played_out_made,
        True,
        success.base,
        0,
        0,
        0,
        success.value,
        f"{success.text}: the call was defeated, but {abandoner}, who abandoned his hand, pays as if it had succeeded",
        law,
    )
    return outcome, payments(outcome, declarers, adversaries, offender=abandoner)


def _fmt(scale: Scale) -> Callable[[int], str]:
    return lambda n: format_money(n, scale.unit)


# ---------------------------------------------------------------------------------------------- forming the table


@dataclass(frozen=True, slots=True)
class Seating:
    """A table formed by cutting: the player in each seat, the first dealer's seat, and the rounds of cutting."""

    players: dict[str, str]
    dealer: str
    rounds: tuple[tuple[tuple[tuple[str, Card], ...], str], ...]


_CUT_RANK = (*(1 if c % 13 == 12 else c % 13 + 2 for c in range(52)), 0)
"""Each card's rank for cutting (:attr:`Card.cut_rank`: the ace lowest), by its index."""


def seat_by_cutting(
    names: Sequence[str], seats: Sequence[str], cutter: Callable[[Sequence[str]], dict[str, Card]]
) -> Seating:
    """Seat ``names`` (in order of arrival) at ``seats`` (clockwise) by cutting, ace low (002 §2, §7).

    002 §2, Boston and Solo Whist: "In cutting for positions at the table, the lowest has the
    choice of seats and cards, and the two highest sit opposite each other." The lowest deals
    first and takes the last seat (so the first seat is the eldest hand); with four players the
    two highest take the first and third seats and the other the second, in their order of
    arrival; with three or five (where the laws are silent) the others sit from the first seat
    in order of arrival.  Equal cuts are cut again where they matter (002 §3, §4): for the
    lowest, and with four players between the two highest and the two lowest.  Each round is
    ``(cuts, sentence)``.
    """
    names = list(names)
    n = len(names)
    if n != len(seats):
        raise ValueError(f"{len(seats)} seats but {n} players: {names!r}")
    boundaries = (1, 2) if n == 4 else (1,)
    rounds: list[tuple[tuple[tuple[str, Card], ...], str]] = []
    order = list(names)

    def rank(lo: int, group: list[str]) -> None:
        if len(rounds) >= 200:
            raise ValueError("cutting has not settled after 200 rounds of equal cards")
        cards = cutter(tuple(group))
        cut_rank = {x: _CUT_RANK[cards[x]] for x in group}.__getitem__  # Card.cut_rank, by table
        ranked = sorted(group, key=cut_rank)
        order[lo : lo + len(ranked)] = ranked
        cuts = tuple([(x, cards[x]) for x in group])
        head = "Cutting for seats and deal (002 §2)" if not rounds else "Cutting again (002 §3, §4)"
        rounds.append((cuts, f"{head}: " + ", ".join([f"{x} {CARD_TEXT[c]}" for x, c in cuts])))
        start = lo
        for _, g in groupby(ranked, key=cut_rank):
            size = len(list(g))
            if size > 1 and any(start < lo_b < start + size for lo_b in boundaries):
                rank(start, order[start : start + size])
            start += size

    rank(0, names)
    dealer = order[0]
    last = seats[-1]
    players = {last: dealer}
    rest = [x for x in names if x != dealer]
    if n == 4:
        high = [x for x in names if x in order[2:]]  # the two highest, in order of arrival
        other = next(x for x in rest if x not in high)
        players.update({seats[0]: high[0], seats[2]: high[1], seats[1]: other})
    else:
        players.update(dict(zip(seats[:-1], rest, strict=True)))
    players = {s: players[s] for s in seats}
    return Seating(players, last, tuple(rounds))


def _shared(self: object, memo: dict[int, object]) -> object:
    return self  # frozen: a cloned table shares it


for _frozen in (Contract,):
    _frozen.__deepcopy__ = _shared  # type: ignore[attr-defined]
