"""The deal and the cut, one section for every law-mode game (000 §38–§51; 001 §§ on dealing; 002 §11–§19, with
their Solo and Boston lines; 003 digest).

An irregularity of the deal is one act for both families (:meth:`DealLaw.deal_act`, by its verb); what a deal said
to have been made irregularly comes to is data naming the law (``DEALT_SO``: ``judged``, the same cards dealt as
the act says and the code's rule applied, 000 §44 and 002 §17; ``redealt``, a fresh deal by the same dealer or the
card moved, 002 §12 Solo and the 003 digest).  The Whist family's deal and cut and the round games' hands of the
wrong number are handlers of this section too (a seat, in both, its index in the table's seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...cards import CARDS, PACK_52, SUITS, Card
from ...cards import deal as deal_cards
from ...engine.actions import Action
from ...engine.events import Event
from ...errors import IllegalAction
from ...rulebook.whist import DEAL_PATTERN as _PATTERN
from ...rulebook.whist import SEATS, honours_held
from ...rulebook.whist import hand_texts as _hand_texts
from ..decision import DecisionKey
from ..hand import LawHand, bits
from ..referee import LawSection
from .common import DEAL_VARIANTS, SUIT_WORD, card_text, law_action, side_of

if TYPE_CHECKING:
    from ..round import RoundLawMixin
    from ..table import LawMixin


class DealLaw(LawSection[Any]):
    """The deal and the cut, for every law-mode game (see the module)."""

    @staticmethod
    def deal_variant(arg: str) -> tuple[str, int | None]:
        """``deal trump card to n`` -> ("trump card to", 0); ``deal uncut`` -> ("uncut", None)."""
        for prefix in ("trump card to ", "two cards to ", "a card too many to "):
            if arg.startswith(prefix):
                rest = arg[len(prefix) :].strip().upper()
                if rest not in SEATS:
                    raise IllegalAction(f"deal {arg}: name a seat, N, E, S or W")
                return prefix.strip(), SEATS.index(rest)
        return arg, None

    def dealt(
        self, entry: dict[str, Any], order: Sequence[Any], pattern: Any, actor: int, arg: str, pack: int
    ) -> list[list[Any]]:
        """The deal of ``order`` by ``actor`` (``deal ARG``) from ``pack``, noted in the record: each seat's cards."""
        tab: LawMixin = self.t
        entry["dealer"] = SEATS[actor]
        entry["pack"] = pack
        if self.deal_variant(arg)[0] or actor != tab.dealer:
            entry["irregular"] = f"{SEATS[actor]}: deal {arg}".strip()
        tab._actor = actor
        tab._used_pack = pack
        return deal_cards(order, 4, pattern, first=(actor + 1) % 4)

    def deal(self, actor: int, arg: str, *, again: bool = False) -> list[Event]:
        """Shuffle, cut and deal (by ``actor``, rightly or wrongly), then rule on what went wrong.

        ``again``: the deal just made is found to have been made so (``W: deal uncut``, ``E: deal``): the
        same cards, dealt as the act says.
        """
        tab: LawMixin = self.t
        variant, target = self.deal_variant(arg)
        pack = 1 - tab._pack if variant == "with the other pack" else tab._pack
        if again:
            order = tab._order
            tab._window = False
        else:
            order = tab._draw_deal(PACK_52)
            tab._order = order
        entry = tab.deal_entry()
        hands = self.dealt(entry, order, _PATTERN, actor, arg, pack)
        masks = [0, 0, 0, 0]
        for s in range(4):
            for c in hands[s]:
                masks[s] |= 1 << c
        turned = order[-1]
        holder = actor
        if variant == "trump card to" and target is not None and target != actor:
            masks[actor] &= ~(1 << turned)
            masks[target] |= 1 << turned
            holder = target
        elif variant in ("two cards to", "a card too many to") and target is not None:
            giver = (target + 1) % 4
            card = next(c for c in hands[giver] if c != turned)
            masks[giver] &= ~(1 << card)
            masks[target] |= 1 << card
        h = LawHand(masks, actor, turned, trump_holder=holder)
        tab.hand = h
        tab._dealt_honours = honours_held(masks, turned // 13)
        tab._phase = "dealt"
        pone = SEATS[(actor + 3) % 4]
        cut_text = (
            " without the cut"
            if variant == "uncut"
            else (f", the pone ({pone}) cut at {entry['cut']}" if entry.get("cut") else "")
        )
        events = [
            Event(
                "deal",
                f"deal {tab.deal_no + 1}: {SEATS[actor]} deals from the {'first' if pack == 0 else 'second'} pack"
                f"{cut_text}; trump card {card_text(turned)}, {SUIT_WORD[SUITS[turned // 13]]} are trumps",
                seat=SEATS[actor],
                law=list(tab.facts.deal_laws),
                data={"deal": tab.deal_no + 1, "dealer": SEATS[actor], "pack": pack, "turned": card_text(turned)},
                private={SEATS[s]: {"hand": " ".join(_hand_texts(masks[s]))} for s in range(4)},
            )
        ]
        return events + self.after_deal(actor, variant, target)

    def after_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """The deal is made: the code rules on what went wrong in it, and the play starts unless a side must choose."""
        tab: LawMixin = self.t
        tab._refresh_static()
        events = tab._judge_deal(actor, variant, target) if variant or actor != tab.dealer else []
        if tab._phase == "dealt" and not tab._decisions:
            events.extend(tab._start_play())
        return events

    def deal_act(self, who: int, action: Action) -> list[Event]:
        """An irregularity of the deal, done before the first card is led (see the table's ``_deal_irregulars``; the
        seat's index): a deal said to have been made so, judged by the code or made afresh (``DEALT_SO``);
        the Whist family's shuffle, touch, interruption, cards exposed in cutting or dealing, a card seen."""
        verb, arg = action.verb, action.arg
        if verb == "deal":
            if self.t.DEALT_SO == "judged":
                return self.t._deal(who, arg, again=True)
            return self.redealt(who, arg)
        tab: LawMixin = self.t
        h = tab.hand
        assert h is not None
        if verb == "shuffle":
            return tab._shuffle_after_cut(who)
        if verb == "touch":
            tab._flags["touched"].append(who)
            if tab.facts.penalty_is_a_point:  # 004 rule 19
                return [
                    tab._point("touched cards", who, f"{SEATS[who]} touched the cards before the trump card was turned")
                ]
            return []
        if verb == "interrupt":
            tab._flags["interrupted"].append(who)
            if tab.facts.penalty_is_a_point:  # 004 rule 19
                return [tab._point("interrupted dealer", who, f"{SEATS[who]} interrupted the dealer")]
            return [Event("interrupt", f"{SEATS[who]} interrupts the dealer, questioning the deal", seat=SEATS[who])]
        if verb == "expose" and arg == "cards in cutting for partners":
            return self.cut_again(who)
        if verb == "expose" and arg == "a card in cutting":
            return self.deal_again("exposed in cutting", f"{SEATS[who]} exposes a card in cutting", who)
        if verb == "show":
            r = tab._rule("seen in shuffling")
            what = f"a card is seen as {SEATS[who]} shuffles"
            if not r.remedies:
                return self.deal_again("seen in shuffling", what, who)
            tab._offer("seen in shuffling", tab._live((who + 1) % 4), r, what, ["require reshuffle"], offender=who)
            return [tab._ruling("seen in shuffling", what, seat=who)]
        # A card exposed by another player while the cards were dealt (000 §38, 002 §15, 004 rule 9).
        tab._flags["exposers"].append(who)
        cards = bits(h.hands[who] & ~(1 << h.trump_card if h.trump_on_table else 0))
        what = f"{SEATS[who]} exposed the {CARDS[cards[0]].name} while the cards were being dealt"
        return self.t.referee.misdeal.deal_claim("exposed in dealing", who, what)

    def cut_again(self, who: int) -> list[Event]:
        """``who`` exposed more than one card in cutting for partners and deal: he must cut again (000 §15, 002 §7,
        004 rule 4).  His card is cut afresh, the others keep theirs, the table is formed anew by the cards (partners,
        seats, the deal), and the deal made is void: the new dealer deals."""
        tab: LawMixin = self.t
        assert tab._recut_open is not None
        key = "exposed in cutting for partners"
        names, initial, first = tab._recut_open
        name = tab.players[SEATS[who]]
        fresh = tab._cut_cards([name])[name]
        cuts = {n: Card.from_text(c) for n, c in first.items()} | {name: fresh}
        pending = [cuts]

        def cutter(ns: Sequence[str]) -> dict[str, Card]:  # the first round as cut, with his new card; then afresh
            if pending and set(ns) == set(pending[0]):
                done = pending.pop()
                return {n: done[n] for n in ns}
            return tab._cut_cards(ns)

        what = f"{name} ({SEATS[who]}) exposed more than one card in cutting for partners: he cuts again, the {fresh}"
        ruled = [tab._ruling(key, what, seat=who, remedy=tab._rule(key).effect)]
        ruled += tab._form(names, initial=initial, cutter=cutter)
        return self.t.referee.misdeal.void_to("cut again", key, what, who, tab.dealer, same_pack=True, ruled=ruled)

    def deal_again(self, key: str, what: str, who: int) -> list[Event]:
        """The pack is shuffled or cut again: the same dealer deals again (000 §32, §34; 002 §11)."""
        tab: LawMixin = self.t
        return self.t.referee.misdeal.void_to(
            "new deal",
            key,
            what + f": {SEATS[tab.dealer]} shuffles, has the pack cut and deals again",
            who,
            tab.dealer,
            same_pack=True,
        )

    def live_chooser(self, s: int) -> int:
        tab: LawMixin = self.t
        return tab._live(s)

    def deal_irregulars(self, s: int) -> list[Action]:
        """What went wrong in dealing may still be done until the first card is led (see :meth:`_new_deal`)."""
        tab: LawMixin = self.t
        out: list[Action] = []
        dealer = tab.dealer
        targets = [t for t in range(4) if t != s]
        deals = [law_action("deal", v[5:]) for v in DEAL_VARIANTS]
        deals += [law_action("deal", f"trump card to {SEATS[t]}") for t in targets]
        deals += [law_action("deal", f"two cards to {SEATS[t]}") for t in targets]
        deals += [law_action("deal", f"a card too many to {SEATS[t]}") for t in targets]
        if s == dealer:
            out += [*deals, law_action("shuffle", "after the cut"), law_action("show", "a card in shuffling")]
        else:
            if s == (dealer + 3) % 4:
                out.append(law_action("expose", "a card in cutting"))
            out += [law_action("deal"), *deals, law_action("touch", "cards")]
            if side_of(s) != side_of(dealer):
                out.append(law_action("interrupt"))
            if s not in tab._flags["exposers"] and s not in tab._dummy_seats():
                out.append(law_action("expose", "a card"))
        if tab._recut_open is not None:  # the first deal after the cut for partners and deal (000 §15, 002 §7)
            out.append(law_action("expose", "cards in cutting for partners"))
        return out

    def shuffle_after_cut(self, who: int) -> list[Event]:
        tab: LawMixin = self.t
        key = "shuffled after cut"
        r = tab._rule(key)
        what = f"{SEATS[who]} shuffles the pack after it has been cut"
        if r.effect != "misdeal":
            return [tab._ruling(key, what, seat=who, remedy="none")]
        if tab.game.name == "double-dummy":
            return self.t.referee.misdeal.void(
                "new deal", "double dummy misdeal", what + f": {SEATS[who]} deals again", who
            )
        return self.t.referee.misdeal.void_to(
            "misdeal", key, what + f": he loses the deal and {SEATS[(who + 1) % 4]} deals", who, (who + 1) % 4
        )

    def premature_cut(self, who: int) -> list[Event]:
        """The pack for the next deal is cut before it is presented (000 Case VIII)."""
        tab: LawMixin = self.t
        tab._cut_by = who
        events = [
            tab._ruling(
                "premature cut",
                f"{SEATS[who]} cuts the pack for the next deal before it is"
                " presented: it is now too late for his side to claim a revoke",
                seat=who,
                remedy="no revoke claim for his side",
            )
        ]
        keep = []
        for d in tab._decisions:
            if d.key == DecisionKey.CLAIM_REVOKE and who in d.side:
                continue
            keep.append(d)
        tab._decisions = keep
        return events

    # ================================================================== the round games'

    def redealt(self, who: int, arg: str) -> list[Event]:
        """A round game's deal made so: a card faced or exposed, a fresh deal by the same dealer; a card too many, the
        cards dealt so (003 Solo digest; 002 §12 Solo, §14)."""
        tab: RoundLawMixin = self.t
        name = tab.seats[who]
        if arg in ("with a card faced", "exposing a card"):
            what = "a card faced in the pack" if arg == "with a card faced" else "a card exposed in dealing"
            return tab._law_redeal(
                f"{name} deals with {what}: a fresh deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §14", "002 §12 Solo"],
            )
        target = arg.split()[-1].upper()
        tab._law_move_card(who, tab._seat(target))
        return [
            Event(
                "deal irregular",
                f"{name} deals {target} a card too many (the cards are dealt so)",
                seat=name,
                data={"to": target},
            )
        ]

    def claim_misdeal(self, who: int) -> list[Event]:
        tab: RoundLawMixin = self.t
        wrong = [s for s, n in tab._law_hand_sizes().items() if n != tab.referee.offered.due(s)]
        if tab._law_before_first_call() or not tab._law_declarers() or not tab._playing():
            when = (
                " before the first call"
                if tab._law_before_first_call()
                else " before the play has begun"
                if not tab._playing()
                else ""
            )
            return tab._law_redeal(
                f"{tab.seats[who]} finds {' and '.join(tab._names(wrong))} with the wrong number of cards{when}:"
                " a fresh deal by the same dealer, no penalty",
                ["003 Solo digest", "002 §12 Solo"],
            )
        return self.wrong_number(f"{tab.seats[who]} counts the cards")

    def wrong_number(self, how: str) -> list[Event]:
        tab: RoundLawMixin = self.t
        wrong = [s for s, n in tab._law_hand_sizes().items() if n != tab.referee.offered.due(s)]
        word, events = tab._law_wrong_hands(wrong, False)
        if word == "play on":
            tab._wrong = wrong
        return events
