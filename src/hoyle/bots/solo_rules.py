"""A Solo Whist player by rules of thumb and the maxims of 003 ("A Few Maxims"), reading only its seat's view.

Calling.  The bot values its hand for each call and makes the highest call the hand is worth and the
auction allows:

- the playing tricks of a suit contract (:func:`playing_tricks`): a card is a trick when no more cards
  above it are out against it than it has cards of its own above it; a guarded king is nearly half a
  trick; low trumps are tricks once the adversaries' are likely drawn, plain winners after the first
  round only if they are, and long plain suits then half a trick a card; short suits are worth ruffs
  while trumps are to spare;
- a misère hand (:func:`misere_danger`): card for card from the bottom, the bot's cards must lie low
  enough among the cards out against it that the adversaries cannot lead under them round after
  round; the misère ouverte, where the adversaries see the cards, asks for more room;
- proposal and acceptance: a proposer wants three and a half of the eight tricks, an acceptor two and a
  half;
- "the safest places in which to call are as first or last player, while a long way the most dangerous
  place is when you are the second player" (003): the second player asks half a trick more.

An abondance names the suit in which the hand is worth most.

Playing (003, "A Few Maxims"; the rest whist practice):

- Against a misère, first "lead from your shortest and weakest suit ... a medium card ... such as six or
  seven—and certainly not ... a deuce, unless, indeed, it is a single card"; later, lead low in the suit
  where the caller has shown he is high; against a misère ouverte, lead under the caller's lowest card in
  a suit where he has no card low enough.  Follow low while the caller has still to play, under him when
  he has the trick, and throw high cards when a partner has it.
- The misère caller plays his highest card that still loses the trick, and discards his most dangerous.
- "Against other declarations it is well to commence with your longest suit"; "Except under extreme
  circumstances do not lead trumps against a solo call"; return your partner's suit; "in propositions
  and acceptances ... trumps should be used to draw trumps in order to establish plain suits"; a lone
  caller draws trumps and makes his winners.
- Second hand low (cover an honour with an honour), but "never finesse in a lead coming from" a partner
  on your right (003); third hand high but no higher than needed, yet "if your partner and then an
  adversary have to play after you, you should win the trick with the highest of a sequence" (003);
  the last hand wins as cheaply as it can; trump an adversary's winning card, and "your discards should
  be from your weakest and shortest suits. You should not, however, leave a king unguarded" (003).
- At a general misère each plays for himself to avoid the last trick (or the most tricks): throw the
  high cards while others win the tricks, keep low cards for the end.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY, Action

__all__ = ["SoloRulesBot", "losers", "misere_danger", "playing_tricks"]

_SUITS = "CDHS"


# ---------------------------------------------------------------------------------------------- valuing a hand


def playing_tricks(
    hand: Iterable[Card], trumps: int | None, others: Iterable[Card], *, sure: bool = False, adversaries: int = 3
) -> float:
    """How many tricks ``hand`` is worth with ``trumps``, playing alone against the holders of ``others``.

    A card is a winner when no more cards above it are out against it than it has cards of its own
    above it; a lower trump is a trick once the adversaries' trumps are likely gone (their longest
    holding is about a third of those out, a half at three players), and a king (queen) guarded is
    worth something.  Winners of a plain suit are worth less from the second round on, when an
    adversary may trump them, unless the trumps can be drawn; ruffs count while trumps are to spare.
    ``sure``: only the winners from the top, and trumps below them once the adversaries' are out.

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("AS KS QS JS TS 9S AH KH QH AD KD AC KC")
    >>> playing_tricks(h, 3, set(PACK_52) - set(h))
    13.0
    """
    mine = sorted(hand, reverse=True)
    by_suit: dict[int, list[Card]] = {s: [c for c in mine if c.suit == s] for s in range(4)}
    out_ranks = _ranks_by_suit(set(others) - set(mine))

    def above(c: Card) -> int:
        ranks = out_ranks[c.suit]
        return len(ranks) - bisect_right(ranks, c.rank)

    total = 0.0
    control = trumps is None
    if trumps is not None:
        cards = by_suit[trumps]
        theirs = len(out_ranks[trumps])
        longest = theirs / adversaries + 0.5  # the rounds it takes to draw the adversaries' trumps
        counted = 0.0
        for i, c in enumerate(cards):
            if above(c) <= i or i >= longest:
                counted += 1
            elif not sure and i < 2 and len(cards) > i + 1 and above(c) == i + 1:
                counted += 0.5
        # Whether the adversaries' trumps can be drawn: in the rounds their longest holding likely takes, or
        # (``sure``) even were they all in one hand.
        control = counted >= (theirs if sure else longest) or theirs == 0
        total += counted
    for s, cards in by_suit.items():
        if s == trumps:
            continue
        counted = 0.0
        for i, c in enumerate(cards):
            if above(c) <= i:
                counted += 1.0 if i == 0 or control else (0.6 if i == 1 else 0.3)
            elif sure:
                continue
            elif i < 2 and len(cards) > i + 1 and above(c) == i + 1:
                counted += 0.4
            elif i >= 3 and counted >= 2 and control:
                counted += 0.5
        total += counted
    if trumps is not None and not sure and len(by_suit[trumps]) >= 3:
        spare = len(by_suit[trumps]) - 3
        ruffs = sum(max(0, 2 - len(by_suit[s])) for s in range(4) if s != trumps)
        total += min(spare, ruffs) * 0.7
    # Never more than the tricks there are, less the hand's sure losers (issue 16: a one-ace hand valued at 11.2
    # for an abondance, a Boston hand at 14.7 of 13).
    return min(total, len(mine) - losers(mine, others))


def losers(hand: Iterable[Card], others: Iterable[Card]) -> int:
    """The hand's losing tricks, counted as at whist: in each suit, of its top one, two or three cards (as many as
    it holds), each place not filled by one of the suit's highest cards still in play is a loser; a void or a
    suit's fourth card onward loses nothing here.

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("AD QD JD TD 4D KH JH TH 9H 7H 6H JC 5C")
    >>> losers(h, set(PACK_52) - set(h))
    5
    """
    mine = set(hand)
    out = set(others) - mine
    total = 0
    for s in range(4):
        held = sorted((c.rank for c in mine if c.suit == s), reverse=True)
        if not held:
            continue
        places = min(len(held), 3)
        live = sorted([*held, *(c.rank for c in out if c.suit == s)], reverse=True)[:places]
        total += places - sum(1 for r in held if r in live)
    return total


def misere_danger(hand: Iterable[Card], others: Iterable[Card], *, slack: int = 2) -> int:
    """How many of ``hand``'s cards are unsafe at a misère: none in a safe hand.

    The adversaries lead low, round after round, and the caller must each time find a card under the
    highest played: his ``i``-th lowest card of a suit is unsafe when more than ``i + slack`` of the
    adversaries' cards of the suit lie under it.  (Measured on the bot's own play: with none unsafe
    at ``slack=2`` it wins about six misères in seven; with one, about three in five.)

    >>> from hoyle.cards import parse, PACK_52
    >>> h = parse("2S 4S 2H 3H 5H 2C 4C 6C 2D 3D 5D 7D 8D")
    >>> misere_danger(h, set(PACK_52) - set(h))
    0
    """
    mine = sorted(hand)
    out_ranks = _ranks_by_suit(set(others) - set(mine))
    danger = 0
    for s in range(4):
        for i, c in enumerate(x for x in mine if x.suit == s):
            if bisect_left(out_ranks[s], c.rank) > i + slack:
                danger += 1
    return danger


def _ranks_by_suit(cards: Iterable[Card]) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    for c in cards:
        out[c // 13].append(c % 13 + 2)
    for ranks in out:
        ranks.sort()
    return out


# ---------------------------------------------------------------------------------------------- what a player knows


class _Knowledge:
    """What a seat may know now: its cards, the cards gone, who has shown out of what, the cards still out."""

    def __init__(self, view: dict[str, Any], turn_up: Card | None) -> None:
        self.view = view
        self.seat: str = view["seat"]
        self.active: list[str] = view["active"]
        hand = [Card.from_text(c) for c in view.get("hand", [])]
        if view.get("turned") and view.get("turned_owner") == self.seat:
            hand.append(Card.from_text(view["turned"]))
        self.hand = sorted(set(hand))
        pack = view.get("pack") or {"lowest": 2, "suits": _SUITS}
        self.lowest: int = pack["lowest"]
        self.suits = [_SUITS.index(x) for x in pack["suits"]]
        self.pack = {Card.of(r, s) for s in self.suits for r in range(self.lowest, 15)}
        played = [(p["seat"], Card.from_text(p["card"])) for p in view["played"]]
        self.gone = {c for _, c in played}
        m = len(self.active)
        self.void: dict[str, set[int]] = {s: set() for s in self.active}
        self.shown: dict[str, list[Card]] = {s: [] for s in self.active}
        self.led: dict[str, list[int]] = {}  # the suits each seat has led, in order
        for i in range(0, len(played), m):
            led = played[i][1].suit
            self.led.setdefault(played[i][0], []).append(led)
            for s, c in played[i : i + m]:
                self.shown[s].append(c)
                if c.suit != led:
                    self.void[s].add(led)
        self.exposed: dict[str, list[Card]] = {
            s: [Card.from_text(c) for c in cs] for s, cs in (view.get("exposed") or {}).items() if s != self.seat
        }
        known = set(self.hand) | self.gone | {c for cs in self.exposed.values() for c in cs}
        if view.get("turned"):
            known.add(Card.from_text(view["turned"]))
        self.turn_up = turn_up
        self.unseen = self.pack - known  # where they are, the seat does not know
        # The cards the other players hold: the unseen, the exposed, and the turn-up once the dealer took it.
        self.others = self.unseen | {c for cs in self.exposed.values() for c in cs}
        dealer_has = view.get("turned") if view.get("turned_owner") not in (None, self.seat) else None
        if dealer_has:
            self.others.add(Card.from_text(dealer_has))
        elif turn_up is not None and view.get("turned_owner") and turn_up not in self.gone | set(self.hand):
            self.others.add(turn_up)
        trumps = view.get("trumps")
        self.trumps: int | None = _SUITS.index(trumps) if trumps else None
        self.trick = [(p["seat"], Card.from_text(p["card"])) for p in view["trick"]]
        # The cards gone before this trick: one on the table now is still to be beaten (issue 16, seed 178).
        self.before = self.gone - {c for _, c in self.trick}

    def out(self, suit: int) -> list[Card]:
        """The cards of ``suit`` the other players may hold (unseen or exposed before another)."""
        return [c for c in self.others if c.suit == suit]

    def master(self, card: Card) -> bool:
        return not any(o.rank > card.rank for o in self.out(card.suit))

    def after_me(self) -> list[str]:
        """The seats still to play to this trick after this one."""
        i = self.active.index(self.seat)
        m = len(self.active)
        return [self.active[(i + k) % m] for k in range(1, m - len(self.trick))]


def _beats(c: Card, best: Card, trumps: int | None) -> bool:
    if c.suit == best.suit:
        return c.rank > best.rank
    return trumps is not None and c.suit == trumps


def _winning(trick: list[tuple[str, Card]], trumps: int | None) -> tuple[str, Card]:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if _beats(c, best, trumps):
            seat, best = s, c
    return seat, best


# ---------------------------------------------------------------------------------------------- the bot


class SoloRulesBot:
    """Calls by valuing its hand, plays every contract (misères included) by the maxims above.

    Deterministic: the seed is kept for the interface (``bots.make``).
    """

    ABONDANCE = 10.5
    """What a hand must be worth (:func:`playing_tricks`, capped by its losers) to call nine tricks."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._turn_up: tuple[int, str, Card] | None = None  # (deal, dealer, card): remembered once seen

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        if view.get("turned"):
            self._turn_up = (view["deal"], view["dealer"], Card.from_text(view["turned"]))
        if len(legal) == 1:
            return legal[0]
        turn_up = self._turn_up[2] if self._turn_up and self._turn_up[0] == view["deal"] else None
        if view.get("decision"):
            return _at_law(view, legal)
        k = _Knowledge(view, turn_up)
        phase = view["phase"]
        if phase == "auction":
            return self._call(k, legal)
        if phase == "trumps":
            return self._name_trumps(k, legal)
        cards = [a.card for a in legal if a.card is not None]
        if len(cards) != len(legal):
            return legal[0]
        if view.get("trick") and any(p.get("early") or p.get("out of turn") for p in view["trick"]):
            k.trick = [t for t in k.trick if t[0] in {p["seat"] for p in view["trick"] if not p.get("early")}]
        return PLAY[self._card(k, cards)]

    # ---------------------------------------------------------------- the auction

    def _values(self, k: _Knowledge) -> dict[str, float]:
        turned_suit = None
        if k.view.get("turned"):
            turned_suit = Card.from_text(k.view["turned"]).suit
        elif k.turn_up is not None:
            turned_suit = k.turn_up.suit
        n = len(k.active) - 1
        in_turned = playing_tricks(k.hand, turned_suit, k.others, adversaries=n) if turned_suit is not None else 0.0
        best_suit = max(k.suits, key=lambda s: playing_tricks(k.hand, s, k.others, adversaries=n))
        return {
            "turned": in_turned,
            "best": playing_tricks(k.hand, best_suit, k.others, adversaries=n),
            "sure": playing_tricks(k.hand, best_suit, k.others, sure=True, adversaries=n),
            "misere": misere_danger(k.hand, k.others, slack=n - 1),
            "ouverte": misere_danger(k.hand, k.others, slack=n - 2),
        }

    def _call(self, k: _Knowledge, legal: Sequence[Action]) -> Action:
        texts = {str(a): a for a in legal}
        v = self._values(k)
        order = k.active
        position = order.index(k.seat)
        # 003: "the safest places in which to call are as first or last player ... the most dangerous ... second".
        m = 0.5 if position == 1 else 0.0
        wants: list[str] = []
        if v["sure"] >= 13:
            wants.append("call abondance declaree")
        if v["misere"] == 0 and v["ouverte"] <= 2:
            wants.append("call misere ouverte")
        if v["turned"] >= self.ABONDANCE + m:
            wants.append("call abondance in trumps")
        if v["best"] >= self.ABONDANCE + m:
            wants.append("call abondance")
        if v["misere"] <= (0 if position == 1 else 1):
            wants.append("call misere")
        if v["turned"] >= 4.5 + m:
            wants.append("call solo")
        if "accept" in texts and v["turned"] >= 2.5:
            wants.append("accept")
        if "propose" in texts and v["turned"] >= 3.5 + m:
            wants.append("propose")
        for w in wants:
            if w in texts:
                return texts[w]
        return texts.get("pass", legal[0])

    def _name_trumps(self, k: _Knowledge, legal: Sequence[Action]) -> Action:
        def worth(a: Action) -> float:
            return playing_tricks(k.hand, _SUITS.index(a.arg.upper()), k.others, adversaries=len(k.active) - 1)

        return max(legal, key=worth)

    # ---------------------------------------------------------------- the play

    def _card(self, k: _Knowledge, legal: list[Card]) -> Card:
        contract = k.view["contract"] or {}
        if contract.get("call") == "general misere":
            return _duck(k, legal, everyone=True)
        declarers = contract.get("declarers", [])
        if contract.get("misere"):
            if k.seat in declarers:
                return _duck(k, legal, everyone=False)
            return _against_misere(k, legal, declarers[0])
        friends = (
            [s for s in declarers if s != k.seat]
            if k.seat in declarers
            else [s for s in k.active if s not in declarers and s != k.seat]
        )
        if not k.trick:
            return _lead(k, legal, declarers, friends, bool(contract.get("joint")))
        return _follow(k, legal, friends)


# ---------------------------------------------------------------------------------------------- trick contracts


def _lead(k: _Knowledge, legal: list[Card], declarers: list[str], friends: list[str], joint: bool) -> Card:
    hand = legal
    trumps = k.trumps
    by_suit: dict[int, list[Card]] = {}
    for c in sorted(hand, reverse=True):
        by_suit.setdefault(c.suit, []).append(c)
    enemies = [s for s in k.active if s != k.seat and s not in friends]
    trumps_out = k.out(trumps) if trumps is not None else []
    enemies_may_trump = trumps is not None and any(trumps not in k.void[e] for e in enemies) and bool(trumps_out)
    mine_trumps = by_suit.get(trumps, []) if trumps is not None else []
    declaring = k.seat in declarers
    # A declarer draws trumps (003: "trumps should be used to draw trumps in order to establish plain suits").
    if declaring and mine_trumps and trumps_out and (len(mine_trumps) >= 3 or k.master(mine_trumps[0])):
        top = mine_trumps[0]
        if k.master(top) or (len(mine_trumps) >= 2 and _lowest_equal(top, mine_trumps, k) != top):
            return top  # a winner, or the top of a sequence to force out the card above it
        return mine_trumps[-1]
    # Make sure winners in plain suits that an enemy is not known to trump.
    for s, cs in sorted(by_suit.items(), key=lambda x: -len(x[1])):
        if s == trumps:
            continue
        safe = not enemies_may_trump or not any(s in k.void[e] for e in enemies)
        if k.master(cs[0]) and safe and (declaring or k.gone):
            return cs[0]
    # Return a friend's suit (003: "returning your partner's suit is generally a wise thing").
    for friend in friends:
        for suit in k.led.get(friend, []):
            theirs = by_suit.get(suit)
            if theirs and suit != trumps:
                return theirs[0] if len(theirs) <= 2 else theirs[-1]
    plain = [s for s in by_suit if s != trumps]
    if not declaring and plain:
        # 003: "Against other declarations it is well to commence with your longest suit"; "do not lead
        # trumps against a solo call".
        s = max(plain, key=lambda x: (len(by_suit[x]), sum(c.rank for c in by_suit[x][:3])))
        return _lead_from(by_suit[s], k)
    if declaring and mine_trumps and not plain:
        return mine_trumps[0]
    if plain:
        s = max(plain, key=lambda x: (len(by_suit[x]), sum(c.rank for c in by_suit[x][:3])))
        return _lead_from(by_suit[s], k)
    return hand[0]


def _lead_from(cs: list[Card], k: _Knowledge) -> Card:
    """The top of a sequence (ace from ace-king, king from king-queen), a master card, else the fourth best."""
    if k.master(cs[0]):
        return cs[0]
    if len(cs) >= 2 and cs[0].rank - cs[1].rank == 1 and cs[0].rank >= 12:
        return cs[0]
    return cs[3] if len(cs) >= 4 else cs[-1]


def _follow(k: _Knowledge, legal: list[Card], friends: list[str]) -> Card:
    trumps = k.trumps
    led = k.trick[0][1].suit
    win_seat, win_card = _winning(k.trick, trumps)
    after = k.after_me()
    enemies_after = [s for s in after if s not in friends]
    friend_winning = win_seat in friends
    following = sorted(c for c in legal if c.suit == led)
    if following:
        low = following[0]
        beating = [c for c in following if _beats(c, win_card, trumps)]
        if friend_winning and (not enemies_after or k.master(win_card)):
            return low
        if not beating:
            return low
        if not enemies_after:
            return beating[0]  # the last hand wins as cheaply as it can
        # 003: "if your partner and then an adversary have to play after you, you should win the trick with the
        # highest of a sequence; i.e. holding king, queen, put on the king".
        highest_of_sequence = bool(after) and after[0] in friends
        masters = [c for c in beating if k.master(c)]
        if masters:
            return max(masters) if highest_of_sequence else _lowest_equal(max(masters), following, k)
        if len(k.trick) == 1:
            if k.trick[0][0] in friends:
                return following[-1]  # 003: "never finesse in a lead coming from him if he be sitting on your right"
            lead = k.trick[0][1]  # second hand low, but cover an honour with an honour
            covers = [c for c in beating if c.rank >= 11] if lead.rank >= 11 else []
            return covers[0] if covers else low
        # Third hand high, no higher than needed.
        top = following[-1]
        return top if highest_of_sequence else _lowest_equal(top, following, k)
    if trumps is not None and led != trumps:
        ruffs = sorted(c for c in legal if c.suit == trumps and _beats(c, win_card, trumps))
        if ruffs and (not friend_winning or (enemies_after and not k.master(win_card))):
            return ruffs[0]
    return _discard(k, legal)


def _lowest_equal(top: Card, following: list[Card], k: _Knowledge) -> Card:
    """The lowest card as good as ``top``: every card between them is played or ours."""
    best = top
    for c in sorted(following, reverse=True):
        if c.rank >= best.rank:
            continue
        between = [Card.of(r, c.suit) for r in range(c.rank + 1, best.rank)]
        if all(b in k.before or b in following for b in between):
            best = c
        else:
            break
    return best


def _discard(k: _Knowledge, legal: list[Card]) -> Card:
    """From the weakest and shortest suit, keeping trumps, winners and a guard to a king (003)."""
    trumps = k.trumps
    counts: dict[int, int] = {}
    for c in legal:
        counts[c.suit] = counts.get(c.suit, 0) + 1

    def cost(c: Card) -> tuple[int, int, int, int]:
        suit_cards = sorted((x for x in legal if x.suit == c.suit), reverse=True)
        unguards = any(x.rank == 13 and len(suit_cards) == 2 for x in suit_cards) or any(
            x.rank == 12 and len(suit_cards) == 3 for x in suit_cards
        )
        return (c.suit == trumps, k.master(c), unguards, counts[c.suit] * 20 + c.rank)

    return min(legal, key=cost)


# ---------------------------------------------------------------------------------------------- misères


def _duck(k: _Knowledge, legal: list[Card], *, everyone: bool) -> Card:
    """Play to lose the trick: the highest card that still loses; when void, throw the most dangerous card.

    ``everyone``: a general misère, where each plays for himself and all may lead.
    """
    if not k.trick:  # leading (a general misère, or never at a misère: the caller who wins a trick has lost)

        def risk(c: Card) -> tuple[int, int]:
            below = sum(1 for o in k.out(c.suit) if o.rank < c.rank)
            above = sum(1 for o in k.out(c.suit) if o.rank > c.rank)
            return (0 if above else 1, below)

        return min(legal, key=lambda c: (risk(c), c.rank))
    led = k.trick[0][1].suit
    _, win_card = _winning(k.trick, None)
    following = sorted(c for c in legal if c.suit == led)
    if following:
        under = [c for c in following if c.rank < win_card.rank]
        if under:
            return under[-1]
        if everyone and not k.after_me():
            return following[-1]  # the trick is ours whatever: throw the highest
        return following[0]

    # Void: throw the most dangerous card.
    def danger(c: Card) -> tuple[int, int]:
        theirs = sorted(o.rank for o in k.out(c.suit))
        mine = sorted(x.rank for x in legal if x.suit == c.suit)
        i = mine.index(c.rank)
        unsafe = i < len(theirs) and theirs[i] < c.rank
        return (1 if unsafe else 0, c.rank)

    return max(legal, key=danger)


def _against_misere(k: _Knowledge, legal: list[Card], caller: str) -> Card:
    """An adversary of a misère: force the caller to take a trick (003 maxims)."""
    exposed = k.exposed.get(caller)
    if not k.trick:
        return _lead_against_misere(k, legal, caller, exposed)
    led = k.trick[0][1].suit
    played = dict(k.trick)
    win_seat, win_card = _winning(k.trick, None)
    following = sorted(c for c in legal if c.suit == led)
    if not following:
        return max(legal, key=lambda c: c.rank)  # throw high cards, keep the low ones to lead under him
    if caller in played:
        if win_seat == caller:
            under = [c for c in following if c.rank < win_card.rank]
            return under[-1] if under else following[0]
        return following[-1]  # a partner holds the trick: unblock with the highest
    # The caller has still to play: keep the trick's top as low as may be.
    under = [c for c in following if c.rank < win_card.rank]
    if under and len(k.trick) > 0 and win_seat != caller:
        return under[-1]
    return following[0]


def _lead_against_misere(k: _Knowledge, legal: list[Card], caller: str, exposed: list[Card] | None) -> Card:
    by_suit: dict[int, list[Card]] = {}
    for c in sorted(legal):
        by_suit.setdefault(c.suit, []).append(c)
    if exposed:
        # Lead under the caller's lowest card in a suit where he has nothing lower.
        best: tuple[int, Card] | None = None
        for s, cs in by_suit.items():
            his = sorted(c for c in exposed if c.suit == s)
            if his and cs[0].rank < his[0].rank:
                score = his[0].rank - cs[0].rank
                if best is None or score > best[0]:
                    best = (score, cs[0])
        if best is not None:
            return best[1]
        # Else strip his low cards in his longest suit.
        his_suits = [s for s in by_suit if any(c.suit == s for c in exposed)]
        if his_suits:
            s = max(his_suits, key=lambda x: sum(1 for c in exposed if c.suit == x))
            return by_suit[s][0]
        return legal[0]
    caller_void = k.void.get(caller, set())
    shown = [c for c in k.shown.get(caller, []) if c.suit not in caller_void]
    if shown:
        # Where the caller has shown a high card, lead low again.
        s = max({c.suit for c in shown}, key=lambda x: max(c.rank for c in shown if c.suit == x))
        if s in by_suit:
            return by_suit[s][0]
    suits = [s for s in by_suit if s not in caller_void] or list(by_suit)
    # 003: "lead from your shortest and weakest suit, and ... a medium card ... such as six or seven".
    s = min(suits, key=lambda x: (len(by_suit[x]), sum(c.rank for c in by_suit[x])))
    cs = by_suit[s]
    if len(cs) == 1:
        return cs[0]
    medium = [c for c in cs if 6 <= c.rank <= 8]
    if medium:
        return medium[0]
    return min(cs[1:], key=lambda c: abs(c.rank - 7))


# ---------------------------------------------------------------------------------------------- law mode


def _at_law(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """A penalty phase or a claim at a law-mode table (docs/solo.md, "The laws").

    Claim the stakes of a misère whenever the law gives them; claim a revoke only when the bot's memory of
    the play proves one (an accused seat renounced a suit and later played a card of it), and search the
    tricks once claimed; take the right to call a suit, and call the suit the bot is longest in; require
    the seat passed over not to win (to win, against a misère caller), his lowest card (his highest against
    a misère); call an exposed card that will not win the trick, or forbid one that would; do not demand an
    abandoned hand played out (the abandoner pays for all if it is not).
    """
    by_text = {str(a): a for a in legal}
    texts = list(by_text)
    seat = view["seat"]
    decision = view.get("decision") or {}
    contract = view.get("contract") or {}
    misere = bool(contract.get("misere"))
    caller_side = seat in (contract.get("declarers") or [])
    for sure in ("claim the stakes", "search tricks"):
        if sure in by_text:
            return by_text[sure]
    if "claim revoke" in by_text:
        accused = [s for s in view["active"] if s not in decision.get("side", [])]
        return by_text["claim revoke" if _revoke_shown(view, accused) else "waive"]
    if "demand play out" in by_text:
        return by_text["waive"]
    if "call suit" in by_text:
        return by_text["call suit"]
    suits = [t for t in texts if t.startswith("call suit ")]
    if suits:
        hand = view.get("hand") or []
        return by_text[max(suits, key=lambda t: sum(1 for c in hand if c[-1] == t[-1]))]
    # Against a misère the caller wants the adversaries high and winning; otherwise low and losing.
    want_high = misere and caller_side
    for want, other in (
        ("require not win", "require win"),
        ("require lowest", "require highest"),
        ("require not trump", "require trump"),
    ):
        pick = other if want_high else want
        if pick in by_text:
            return by_text[pick]
    calls = [t for t in texts if t.startswith("call card ") or t.startswith("forbid card ")]
    if calls:
        trick = view.get("trick") or []
        trumps = view.get("trumps")
        trumps_i = _SUITS.index(trumps) if trumps else None
        for t in calls:
            card = Card.from_text(t.split()[-1])
            wins = not trick or _beats(
                card, _winning([(p["seat"], Card.from_text(p["card"])) for p in trick], trumps_i)[1], trumps_i
            )
            good = wins == want_high
            if t.startswith("call card ") and good:
                return by_text[t]
            if t.startswith("forbid card ") and not good:
                return by_text[t]
    return by_text.get("waive", legal[0])


def _revoke_shown(view: dict[str, Any], accused: list[str]) -> bool:
    """Whether the cards played show one of ``accused`` renouncing a suit and later playing a card of it."""
    m = len(view["active"])
    played = [(p["seat"], Card.from_text(p["card"])) for p in view.get("played", [])]
    shown_out: dict[str, set[int]] = {s: set() for s in view["active"]}
    for i in range(0, len(played), m):
        trick = played[i : i + m]
        for s, c in trick:
            if s in accused and c.suit in shown_out[s]:
                return True
        led = trick[0][1].suit
        for s, c in trick[1:]:
            if c.suit != led:
                shown_out[s].add(led)
    return False
