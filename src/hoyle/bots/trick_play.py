"""Card play shared by the rules bots of the trick-taking games (Solo Whist, Boston, Cayenne), by 003's maxims.

What a seat knows, read from its view only (:class:`Knowledge`); which card wins a trick (:func:`beats`,
:func:`winning`); and the play of a card: leading (:func:`lead`) and following (:func:`follow`) at a trick
contract, playing to lose a trick at a misère (:func:`duck`), and playing against a misère's caller
(:func:`against_misere`).  The maxims quoted are 003's ("A Few Maxims"); the rest is whist practice.  Each
function takes the seat's :class:`Knowledge` and its lawful cards and returns one of those cards.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card

__all__ = ["Knowledge", "against_misere", "beats", "duck", "follow", "lead", "winning"]

_SUITS = "CDHS"


# ---------------------------------------------------------------------------------------------- what a player knows


class Knowledge:
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


def beats(c: Card, best: Card, trumps: int | None) -> bool:
    """Whether ``c`` beats ``best``, the card winning the trick so far, with ``trumps`` (a suit index, or none)."""
    if c.suit == best.suit:
        return c.rank > best.rank
    return trumps is not None and c.suit == trumps


def winning(trick: list[tuple[str, Card]], trumps: int | None) -> tuple[str, Card]:
    """The seat and card winning ``trick`` (``(seat, card)`` in the order played) so far, with ``trumps``."""
    seat, best = trick[0]
    for s, c in trick[1:]:
        if beats(c, best, trumps):
            seat, best = s, c
    return seat, best


# ---------------------------------------------------------------------------------------------- trick contracts


def lead(k: Knowledge, legal: list[Card], declarers: list[str], friends: list[str], joint: bool) -> Card:
    """The card to lead at a trick contract: a declarer draws trumps, then winners; an adversary leads his longest
    suit, never trumps against a solo; either returns a friend's suit (003).  ``joint``: a proposal and acceptance."""
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


def _lead_from(cs: list[Card], k: Knowledge) -> Card:
    """The top of a sequence (ace from ace-king, king from king-queen), a master card, else the fourth best."""
    if k.master(cs[0]):
        return cs[0]
    if len(cs) >= 2 and cs[0].rank - cs[1].rank == 1 and cs[0].rank >= 12:
        return cs[0]
    return cs[3] if len(cs) >= 4 else cs[-1]


def follow(k: Knowledge, legal: list[Card], friends: list[str]) -> Card:
    """The card to play to a trick led by another: second hand low, third hand high, the last hand as cheaply as it
    wins; trump an adversary's winning card; else discard from the weakest, shortest suit (003)."""
    trumps = k.trumps
    led = k.trick[0][1].suit
    win_seat, win_card = winning(k.trick, trumps)
    after = k.after_me()
    enemies_after = [s for s in after if s not in friends]
    friend_winning = win_seat in friends
    following = sorted(c for c in legal if c.suit == led)
    if following:
        low = following[0]
        beating = [c for c in following if beats(c, win_card, trumps)]
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
        ruffs = sorted(c for c in legal if c.suit == trumps and beats(c, win_card, trumps))
        if ruffs and (not friend_winning or (enemies_after and not k.master(win_card))):
            return ruffs[0]
    return _discard(k, legal)


def _lowest_equal(top: Card, following: list[Card], k: Knowledge) -> Card:
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


def _discard(k: Knowledge, legal: list[Card]) -> Card:
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


def duck(k: Knowledge, legal: list[Card], *, everyone: bool) -> Card:
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
    _, win_card = winning(k.trick, None)
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


def against_misere(k: Knowledge, legal: list[Card], caller: str) -> Card:
    """An adversary of a misère: force the caller to take a trick (003 maxims)."""
    exposed = k.exposed.get(caller)
    if not k.trick:
        return _lead_against_misere(k, legal, caller, exposed)
    led = k.trick[0][1].suit
    played = dict(k.trick)
    win_seat, win_card = winning(k.trick, None)
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


def _lead_against_misere(k: Knowledge, legal: list[Card], caller: str, exposed: list[Card] | None) -> Card:
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
