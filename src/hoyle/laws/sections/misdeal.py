"""Misdeals: a deal judged, claimed and made void; hands of the wrong number of cards (000 §38–§51; 002 §11–§17)."""

from __future__ import annotations

from ...cards import CARDS
from ...engine.events import Event
from ...rulebook.whist import SEATS, SIDES
from ..codes import CODES, Rule
from ..decision import DecisionKey
from ..hand import bits, count
from .common import VARIANT_KEY, Decision, Section, card_text, partner_of, side_of, side_seats


class MisdealLaw(Section):
    """Misdeals: a deal judged, claimed and made void; hands of the wrong number of cards (000 §38–§51; 002 §11–§17)."""

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
                    r=Rule((tab.facts.dealt_out_of_turn_law,), "", silent=True),
                )
            if double and tab.facts.misdeal_may_be_excused:
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
                tab._offer(k, self.t.referee.deal.live_chooser((actor + 1) % 4), r, what, ["stop deal"], offender=actor)
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
            seat = self.t.referee.deal.live_chooser(actor)
        else:
            seat = self.t.referee.deal.live_chooser(
                (offender + 1) % 4 if side_of((offender + 1) % 4) == claimants else (offender + 3) % 4
            )
        tab._decisions.append(
            Decision(
                k,
                seat,
                side_seats(claimants),
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

    def misdeal(self, key: str, actor: int, what: str) -> list[Event]:
        """A misdeal by the dealer: he loses the deal, unless the adversaries interfered (000 §45, §50; 002 §17)."""
        tab = self.t
        events = [tab._ruling(key, what, seat=actor, remedy="misdeal")]
        if tab.game.name == "double-dummy" and tab.facts.misdeal_may_be_excused:
            return events + self.void(
                "new deal",
                "double dummy misdeal",
                f"there is no misdeal at Double Dummy: {SEATS[actor]} deals again",
                actor,
            )
        exception = self.misdeal_exception() if tab.facts.misdeal_may_be_excused else None
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
        tab.deal_entry()["result"] = {"void": how, "next dealer": SEATS[next_dealer]}
        tab.deal_no += 1
        if how != "stopped":
            tab._pack = tab._used_pack if same_pack else 1 - tab._used_pack
        tab.dealer = next_dealer
        events.extend(tab._new_deal())
        return events

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
        if h.quitted and "wrong number late" in CODES[tab.code]:  # 002 §19
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
                    side_seats(1 - side),
                    [("claim new deal", r.laws[0]), ("waive", r.laws[0])],
                    list(r.laws),
                    what,
                    offender=wrong[0],
                    chooser="adversaries",
                )
            )
            return [tab._ruling("wrong number late", what, seat=wrong[0])]
        key = "case vi misdeal" if case else "wrong number"
        if tab.game.name == "double-dummy" and tab.facts.misdeal_may_be_excused:
            return self.void("new deal", "double dummy misdeal", what, tab._actor)
        if tab._rule(key).effect == "new deal":
            return self.void("new deal", key, what, tab._actor)
        return tab._misdeal(key, tab._actor, what)

    def decide_new_deal(self, d: Decision, text: str, by: int) -> list[Event]:
        tab = self.t
        if text == "claim new deal":
            return self.void(
                "new deal", d.key, f"{SEATS[by]} claims a new deal: the same dealer deals again", tab._actor
            )
        events = [tab._ruling(d.key, f"{SEATS[by]} lets the deal stand", seat=d.offender, remedy="waive")]
        if d.key == DecisionKey.OMITTED_TO_PLAY:
            events.extend(tab.referee.flow.surplus_to_trick())
        else:
            tab._short_ok = True
        return events
