"""The deal and the cut (000 §38–§51; 001 §§ on dealing; 002 §11–§17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import CARDS, PACK_52, SUITS, Card
from ...cards import deal as deal_cards
from ...engine.actions import Action
from ...engine.events import Event
from ...errors import IllegalAction
from ...rulebook.whist import AMERICAN, ENGLISH, GWP, SEATS, SIDES, honours_held
from ...rulebook.whist import DEAL_PATTERN as _PATTERN
from ...rulebook.whist import hand_texts as _hand_texts
from ..codes import Rule
from ..hand import LawHand, bits, count
from .common import DEAL_VARIANTS, SUIT_WORD, VARIANT_KEY, Decision, Section, card_text, law_action, partner_of, side_of


class DealLaw(Section):
    """The deal and the cut (000 §38–§51; 001 §§ on dealing; 002 §11–§17)."""

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
        tab = self.t
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
        tab = self.t
        variant, target = self.deal_variant(arg)
        pack = 1 - tab._pack if variant == "with the other pack" else tab._pack
        if again:
            order = tab._order
            tab._window = False
        else:
            order = tab._draw_deal(PACK_52)
            tab._order = order
        entry = tab._deal_log[-1]
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
                law=["000 §30", "000 §34", "000 §44", "000 §52"]
                if tab.code == ENGLISH
                else (
                    ["002 §8", "002 §10", "002 §13"]
                    if tab.code == AMERICAN
                    else ["004 rule 5", "004 rule 8", "004 rule 9"]
                ),
                data={"deal": tab.deal_no + 1, "dealer": SEATS[actor], "pack": pack, "turned": card_text(turned)},
                private={SEATS[s]: {"hand": " ".join(_hand_texts(masks[s]))} for s in range(4)},
            )
        ]
        return events + self.after_deal(actor, variant, target)

    def after_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """The deal is made: the code rules on what went wrong in it, and the play starts unless a side must choose."""
        tab = self.t
        tab._refresh_static()
        events = tab._judge_deal(actor, variant, target) if variant or actor != tab.dealer else []
        if tab._phase == "dealt" and not tab._decisions:
            events.extend(tab._start_play())
        return events

    def deal_act(self, who: int, action: Action) -> list[Event]:
        """An irregularity of the deal, done before the first card is led (see :meth:`_deal_irregulars`)."""
        tab = self.t
        h = tab.hand
        assert h is not None
        verb, arg = action.verb, action.arg
        if verb == "deal":
            return tab._deal(who, arg, again=True)
        if verb == "shuffle":
            return tab._shuffle_after_cut(who)
        if verb == "touch":
            tab._flags["touched"].append(who)
            if tab.code == GWP:
                return [
                    tab._point("touched cards", who, f"{SEATS[who]} touched the cards before the trump card was turned")
                ]
            return []
        if verb == "interrupt":
            tab._flags["interrupted"].append(who)
            if tab.code == GWP:
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
        return self.deal_claim("exposed in dealing", who, what)

    def cut_again(self, who: int) -> list[Event]:
        """``who`` exposed more than one card in cutting for partners and deal: he must cut again (000 §15, 002 §7,
        004 rule 4).  His card is cut afresh, the others keep theirs, the table is formed anew by the cards (partners,
        seats, the deal), and the deal made is void: the new dealer deals."""
        tab = self.t
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
        return self.void_to("cut again", key, what, who, tab.dealer, same_pack=True, ruled=ruled)

    def deal_again(self, key: str, what: str, who: int) -> list[Event]:
        """The pack is shuffled or cut again: the same dealer deals again (000 §32, §34; 002 §11)."""
        tab = self.t
        return self.void_to(
            "new deal",
            key,
            what + f": {SEATS[tab.dealer]} shuffles, has the pack cut and deals again",
            who,
            tab.dealer,
            same_pack=True,
        )

    def misdeal_exception(self) -> str | None:
        """000 §45, §50; 002 §17: an adversary of the dealer touched the cards first, or interrupted him."""
        tab = self.t
        d = tab._actor
        touched = tab._flags["touched"]
        first_adv = next((i for i, s in enumerate(touched) if side_of(s) != side_of(d)), None)
        first_partner = next((i for i, s in enumerate(touched) if s == partner_of(d)), None)
        if first_adv is not None and (first_partner is None or first_adv < first_partner):
            return "misdeal saved"
        if any(side_of(s) != side_of(d) for s in tab._flags["interrupted"]):
            return "misdeal after interruption"
        return None

    def judge_deal(self, actor: int, variant: str, target: int | None) -> list[Event]:
        """What the code makes of the deal just made: void it, open a claim, or let it stand."""
        tab = self.t
        events: list[Event] = []
        rightful = tab.dealer
        code = tab.code
        double = tab.game.name == "double-dummy"
        key = {"trump card to": "trump to wrong hand", "two cards to": "two cards dealt"}.get(
            variant
        ) or VARIANT_KEY.get(variant)
        automatic = key is not None and tab._rule(key).effect in ("misdeal", "new deal")
        if automatic and key is not None:
            r = tab._rule(key)
            what = self.variant_text(actor, variant, target)
            if r.effect == "new deal":
                return events + self.void("new deal", key, what, actor)
            if actor != rightful and actor == partner_of(rightful):
                rr = tab._rule("partner's misdeal")
                events.append(tab._ruling(key, what, seat=actor, remedy="misdeal"))
                return events + self.void_to(
                    "misdeal",
                    "partner's misdeal",
                    f"{SEATS[actor]} took his partner's deal and misdealt: {SEATS[rightful]}"
                    f" loses the deal and {SEATS[(rightful + 1) % 4]} deals",
                    actor,
                    (rightful + 1) % 4,
                    r=rr,
                )
            if actor != rightful:
                events.append(tab._ruling(key, what, seat=actor, remedy="misdeal"))
                return events + self.void_to(
                    "stopped",
                    "deal out of turn",
                    f"{SEATS[actor]} dealt out of turn and"
                    f" misdealt: the code is silent; the deal was not his to lose, so"
                    f" {SEATS[rightful]} deals",
                    actor,
                    rightful,
                    r=Rule(("000 §48",) if code == ENGLISH else ("002 §16",), "", silent=True),
                )
            if double and code != GWP:
                events.append(tab._ruling(key, what, seat=actor))
                return events + self.void(
                    "new deal", "double dummy misdeal", f"{SEATS[actor]} misdealt at Double Dummy", actor
                )
            return events + tab._misdeal(key, actor, what)
        claim_keys = ("other pack", "uncut", "trump looked at", "exposed in dealing")
        if key is not None and key not in claim_keys and tab._rule(key).effect == "point":
            events.append(tab._point(key, actor, self.variant_text(actor, variant, target)))
        elif key is not None and key not in claim_keys and tab._rule(key).effect == "none":
            events.append(tab._ruling(key, self.variant_text(actor, variant, target), seat=actor, remedy="none"))
        # Dealing out of turn, or with the other pack: may be stopped before the trump card is turned (000 §48).
        if actor != rightful or variant == "with the other pack":
            k = "other pack" if actor == rightful else "deal out of turn"
            r = tab._rule(k)
            what = (
                f"{SEATS[actor]} dealt out of turn: it was {SEATS[rightful]}'s deal"
                if actor != rightful
                else f"{SEATS[actor]} dealt with the other pack"
            )
            if r.effect == "point":
                events.append(tab._point(k, actor, what))
            else:
                tab._offer(k, self.live_chooser((actor + 1) % 4), r, what, ["stop deal"], offender=actor)
                events.append(tab._ruling(k, what, seat=actor))
        # Claims the side not in fault may make before the trump card is turned.
        for k, offender, what in self.deal_claims(actor, variant):
            deal_no = tab.deal_no
            events.extend(self.deal_claim(k, offender, what))
            if tab.deal_no != deal_no:
                break
        return events

    def deal_claim(self, k: str, offender: int, what: str) -> list[Event]:
        """A fault of the deal that gives the side not in fault a claim (000 §38, §41, §44 VII; 002 §15, §17 I)."""
        tab = self.t
        actor = tab._actor
        touched = tab._flags["touched"]
        r = tab._rule(k)
        if r.effect == "point":
            return [tab._point(k, offender, what)]
        if r.effect == "misdeal":
            return tab._misdeal(k, actor, what)
        if not r.remedies:
            return [tab._ruling(k, what, seat=offender, remedy="none")]
        claimants = 1 - side_of(offender)
        first = next((i for i, x in enumerate(touched) if side_of(x) == claimants), None)
        if (
            k == "exposed in dealing"
            and first is not None
            and not any(side_of(x) != claimants for x in touched[:first])
        ):
            return [
                tab._ruling(
                    k,
                    what + f"; but {SIDES[claimants]} had touched the cards, so they have no claim"
                    " and the card cannot be called",
                    seat=offender,
                    remedy="none",
                )
            ]
        option = r.remedies[0]
        if side_of(offender) != side_of(actor):  # an adversary exposed a card: the claim is the dealer's (000 §38)
            seat = self.live_chooser(actor)
        else:
            seat = self.live_chooser(
                (offender + 1) % 4 if side_of((offender + 1) % 4) == claimants else (offender + 3) % 4
            )
        tab._decisions.append(
            Decision(
                k,
                seat,
                claimants,
                [(option, r.laws[0]), ("waive", r.laws[0])],
                list(r.laws),
                what,
                offender=offender,
                chooser=r.chooser,
            )
        )
        return [tab._ruling(k, what, seat=offender)]

    def deal_claims(self, actor: int, variant: str) -> list[tuple[str, int, str]]:
        tab = self.t
        out: list[tuple[str, int, str]] = []
        h = tab.hand
        assert h is not None
        if variant == "uncut":
            out.append(("uncut", actor, f"{SEATS[actor]} dealt without having the pack cut"))
        if variant == "looking at the trump card":
            out.append(
                (
                    "trump looked at",
                    actor,
                    f"{SEATS[actor]} looked at the trump card while dealing; it is {card_text(h.trump_card)}",
                )
            )
        if variant == "exposing a card":
            first = (actor + 1) % 4
            card = min(bits(h.hands[first]), key=lambda c: c)
            out.append(
                (
                    "exposed in dealing",
                    actor,
                    f"{SEATS[actor]} exposed a card in dealing, the {CARDS[card].name} to {SEATS[first]}",
                )
            )
        return out

    def variant_text(self, actor: int, variant: str, target: int | None) -> str:
        who = SEATS[actor]
        return {
            "trump card to": f"{who} dealt the trump card to {SEATS[target or 0]}, not to himself",
            "two cards to": f"{who} dealt two cards to {SEATS[target or 0]} and dealt on",
            "irregularly": f"{who} did not deal the cards one at a time in rotation",
            "trump face down": f"{who} placed the trump card face downwards",
            "with a card faced": f"a card was found faced in the pack as {who} dealt",
            "and count the cards": f"{who} counted the cards while dealing",
            "looking at the trump card": f"{who} looked at the trump card while dealing",
            "uncut": f"{who} dealt without having the pack cut",
            "exposing a card": f"{who} exposed a card in dealing",
            "with the other pack": f"{who} dealt with the other pack",
        }.get(variant, f"{who} dealt")

    def live_chooser(self, s: int) -> int:
        tab = self.t
        return tab._live(s)

    def misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        """A misdeal by the dealer: he loses the deal, unless the adversaries interfered (000 §45, §50; 002 §17)."""
        tab = self.t
        events = [tab._ruling(key, what, seat=actor, remedy="misdeal")]
        if tab.game.name == "double-dummy" and tab.code != GWP:
            return events + self.void(
                "new deal",
                "double dummy misdeal",
                f"there is no misdeal at Double Dummy: {SEATS[actor]} deals again",
                actor,
            )
        exception = self.misdeal_exception() if tab.code != GWP else None
        if exception is not None:
            return events + self.void("new deal", exception, f"{SEATS[actor]} deals again", actor)
        return events + self.void_to(
            "misdeal", key, f"{SEATS[actor]} loses the deal", actor, (actor + 1) % 4, quiet=True
        )

    def void(self, how: str, key: str, what: str, actor: int) -> list[Event]:
        """A new deal by the same dealer (000 §37 and footnote 11): the dealer whose deal it is."""
        tab = self.t
        return self.void_to(how, key, what, actor, tab.dealer, same_pack=True)

    def void_to(
        self,
        how: str,
        key: str,
        what: str,
        actor: int,
        next_dealer: int,
        *,
        r: Rule | None = None,
        quiet: bool = False,
        same_pack: bool = False,
        ruled: list[Event] | None = None,
    ) -> list[Event]:
        """The deal is void: the cards are gathered and ``next_dealer`` deals (``ruled``: the ruling, made already)."""
        tab = self.t
        events = ruled if ruled is not None else [] if quiet else [tab._ruling(key, what, seat=actor, r=r, remedy=how)]
        if quiet:
            events.append(
                Event(
                    "misdeal",
                    what,
                    seat=SEATS[actor],
                    law=list(tab._rule(key).laws),
                    data={"void": how, "next dealer": SEATS[next_dealer]},
                )
            )
        tab._deal_log[-1]["result"] = {"void": how, "next dealer": SEATS[next_dealer]}
        tab.deal_no += 1
        if how != "stopped":
            tab._pack = tab._used_pack if same_pack else 1 - tab._used_pack
        tab.dealer = next_dealer
        events.extend(tab._new_deal())
        return events

    def deal_irregulars(self, s: int) -> list[Action]:
        """What went wrong in dealing may still be done until the first card is led (see :meth:`_new_deal`)."""
        tab = self.t
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
        tab = self.t
        key = "shuffled after cut"
        r = tab._rule(key)
        what = f"{SEATS[who]} shuffles the pack after it has been cut"
        if r.effect != "misdeal":
            return [tab._ruling(key, what, seat=who, remedy="none")]
        if tab.game.name == "double-dummy":
            return self.void("new deal", "double dummy misdeal", what + f": {SEATS[who]} deals again", who)
        return self.void_to(
            "misdeal", key, what + f": he loses the deal and {SEATS[(who + 1) % 4]} deals", who, (who + 1) % 4
        )

    def wrong_number(self, who: int, over: list[int], *, discovered: str) -> list[Event]:
        """A hand with a card too many, and another short: a misdeal, or under 002 §19 the adversaries' choice."""
        tab = self.t
        h = tab.hand
        assert h is not None
        short = [t for t in range(4) if h.surplus(t) < 0]
        wrong = sorted(set(over) | set(short))
        counts = ", ".join(f"{SEATS[t]} {count(h.cards_of(t)) + h.played_count(t)}" for t in wrong)
        case = discovered == "case vi"
        what = (
            f"{SEATS[who]} has no card to play, and another has a card too many ({counts} cards dealt)"
            if case
            else f"{discovered} points out that the hands are wrong ({counts} cards dealt)"
        )
        if tab.code == AMERICAN and h.quitted:
            sides = {side_of(t) for t in wrong}
            if len(sides) == 2:
                return self.void("new deal", "wrong number both", what, tab._actor)
            side = sides.pop()
            r = tab._rule("wrong number late")
            chooser = tab._live((wrong[0] + 1) % 4)
            tab._decisions.append(
                Decision(
                    "wrong number late",
                    chooser,
                    1 - side,
                    [("claim new deal", r.laws[0]), ("waive", r.laws[0])],
                    list(r.laws),
                    what,
                    offender=wrong[0],
                    chooser="adversaries",
                )
            )
            return [tab._ruling("wrong number late", what, seat=wrong[0])]
        key = "case vi misdeal" if case else "wrong number"
        if tab.game.name == "double-dummy" and tab.code != GWP:
            return self.void("new deal", "double dummy misdeal", what, tab._actor)
        if tab._rule(key).effect == "new deal":
            return self.void("new deal", key, what, tab._actor)
        return tab._misdeal(key, tab._actor, what)

    def premature_cut(self, who: int) -> list[Event]:
        """The pack for the next deal is cut before it is presented (000 Case VIII)."""
        tab = self.t
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
            if d.key == "claim revoke" and d.side == side_of(who):
                continue
            keep.append(d)
        tab._decisions = keep
        return events

    def decide_new_deal(self, d: Decision, text: str, by: int) -> list[Event]:
        tab = self.t
        if text == "claim new deal":
            return self.void(
                "new deal", d.key, f"{SEATS[by]} claims a new deal: the same dealer deals again", tab._actor
            )
        events = [tab._ruling(d.key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]
        if d.key == "omitted to play":
            events.extend(tab.referee.play.surplus_to_trick())
        else:
            tab._short_ok = True
        return events
