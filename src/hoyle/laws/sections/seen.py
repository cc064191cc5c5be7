"""What each seat may see at a table at law."""

from __future__ import annotations

from typing import Any

from ...cards import SUITS
from ...rulebook.whist import ENGLISH, SEATS, SIDES
from ...rulebook.whist import hand_texts as _hand_texts
from ..hand import count
from .common import Section, card_text, partner_of, side_of


class SeenLaw(Section):
    """What each seat may see at a table at law."""

    def view(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may know now: as in strict mode, with the law's facts that are public.

        Besides the strict view: ``phase``; ``exposed`` (the cards face up
        before each seat, liable to be called; and a Dummy's hand); ``calls``
        (the calls in force); ``decision`` (who is choosing which penalty, the
        options and their laws); ``played`` entries carry their trick number.
        """
        tab = self.t
        tab.seat_check(seat)
        h = tab.hand
        v: dict[str, Any] = {**tab._static_view, "seat": seat, "to_act": tab.to_act, "phase": tab.phase}
        dummies = tab._dummy_seats()
        if h is None:
            v.update(
                {
                    "leader": SEATS[(tab.dealer + 1) % 4],
                    "turned": None,
                    "trick": [],
                    "played": [],
                    "last_trick": None,
                    "tricks": {"NS": 0, "EW": 0},
                    "hand_counts": dict.fromkeys(SEATS, 0),
                    "exposed": {},
                    "calls": {},
                    "decision": None,
                }
            )
            if seat is not None and not tab._over:
                v["hand"] = []
            if dummies:
                v["controllers"] = dict(getattr(tab, "_dummies", {}))
            return v
        played = [{"seat": SEATS[s], "card": card_text(c), "trick": q.number} for q in h.quitted for s, c in q.plays]
        played += [{"seat": SEATS[s], "card": card_text(c), "trick": len(h.quitted) + 1} for s, c in h.trick]
        last = h.quitted[-1] if h.quitted else None
        exposed: dict[str, list[str]] = {}
        show_dummy = bool(dummies) and (tab.game.options.get("expose") == "deal" or tab._dummy_shown)
        for s in range(4):
            cards = h.exposed[s]
            if s in dummies and show_dummy and not tab._over:
                cards |= h.hands[s] & ~(1 << h.trump_card if h.trump_on_table else 0)
            if cards:
                exposed[SEATS[s]] = _hand_texts(cards)
        calls: dict[str, Any] = {}
        for s in range(4):
            c: dict[str, Any] = {}
            if tab._called.get(s):
                c["called"] = [card_text(x) for x in tab._called[s]]
            if s in tab._lead_suit:
                c["lead"] = SUITS[tab._lead_suit[s]]
            if s in tab._require:
                c["require"] = tab._require[s][0]
            if s in tab._trump_rights:
                c["trump liable"] = True
            for right in tab._suit_rights:  # a suit to be called when next his side leads (000 §62; 002 §24)
                if right["side"] == side_of(s):
                    c["suit to be called"] = {"by": SIDES[1 - right["side"]], "why": right["why"]}
            if c:
                calls[SEATS[s]] = c
        d = tab._decisions[0] if tab._decisions else None
        v.update(
            {
                "leader": SEATS[h.trick_leader if h.trick else h.leader],
                "turn": SEATS[h.turn] if tab._phase == "play" else None,
                "turned": card_text(h.trump_card) if h.trump_on_table and not tab._over else None,
                "trick": [{"seat": SEATS[s], "card": card_text(c)} for s, c in h.trick],
                "played": played,
                # Only the English code lets the last trick be seen again (000 §91; 002 §37, 004 rule 18).
                "last_trick": None
                if last is None or tab.code != ENGLISH
                else {
                    "leader": SEATS[last.leader],
                    "winner": SEATS[last.winner],
                    "cards": [{"seat": SEATS[s], "card": card_text(c)} for s, c in last.plays],
                },
                "tricks": {"NS": h.won[0] + h.won[2], "EW": h.won[1] + h.won[3]},
                # The trump card on the table is not yet in the dealer's hand (000 §52), as in strict mode.
                "hand_counts": {
                    SEATS[s]: count(h.holding(s) & ~(1 << h.trump_card if h.trump_on_table else 0)) for s in range(4)
                },
                "exposed": exposed,
                "calls": calls,
                "decision": None
                if d is None
                else {
                    "seat": SEATS[d.seat],
                    "side": SIDES[d.side],
                    "text": d.text,
                    "law": list(d.laws),
                    # A player's answer to "having none?" is his own to give: others do not see it beforehand.
                    "options": [{"action": a, "law": law} for a, law in d.options]
                    if d.key != "answer" or seat in (SEATS[d.seat], tab.controller(SEATS[d.seat]))
                    else [],
                },
            }
        )
        if seat is not None and not tab._over:
            s = SEATS.index(seat)
            own = h.hands[s] & ~(1 << h.trump_card if h.trump_on_table else 0)
            v["hand"] = _hand_texts(own)
        if dummies:
            v["controllers"] = dict(getattr(tab, "_dummies", {}))
            if seat is not None and SEATS.index(seat) in dummies and not tab._over:
                p = partner_of(SEATS.index(seat))
                v["partner_hand"] = _hand_texts(h.hands[p] & ~(1 << h.trump_card if h.trump_on_table else 0))
        return v

    def places(self) -> dict[str, str]:
        """Where each card is (:meth:`LawHand.places`)."""
        h = self.t.hand
        if h is None:
            return {card_text(c): "pack" for c in range(52)}
        return {card_text(c): p for c, p in sorted(h.places(SEATS).items())}

    def static_view(self) -> dict[str, Any]:
        """What every seat sees of the table between changes (the table keeps it as ``_static_view``)."""
        tab = self.t
        h = tab.hand
        return {
            "game": tab.game.name,
            "code": tab.code,
            "law_mode": True,
            **tab._table_view(h.trumps if h is not None else None),
        }
