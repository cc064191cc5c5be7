"""What each seat may see at a round table at law."""

from __future__ import annotations

from typing import Any

from ...cards import CARD_TEXT as _TEXT
from ...cards import SUITS, mask_cards
from ..hand import card_text
from .common import RoundSection


class RoundSeenLaw(RoundSection):
    """What each seat may see at a round table at law."""

    def law_places(self, out: dict[str, str]) -> dict[str, str]:
        """Patch the game's places with the law's: exposed cards, cards played early, cards gathered."""
        tab = self.t
        if not tab._law_state() or tab.play is None:
            return out
        for s, m in tab._shown.items():
            i = tab.active.index(s)
            for c in mask_cards(m & tab.play.hands[i]):
                out[card_text(c)] = f"exposed {s}"
        for e in tab._early.values():
            out[card_text(e)] = "trick"
        if tab._false_lead is not None:
            out[card_text(tab._false_lead[1])] = "trick"
        for g in tab._gathered:
            out[card_text(g)] = "gathered"
        return out

    def law_view(self, v: dict[str, Any]) -> dict[str, Any]:
        """Patch the game's view: ``phase``, ``exposed``, ``calls``, ``decision``; cards played early in ``trick``."""
        tab = self.t
        v["phase"] = tab.law_phase
        v["law_mode"] = True
        if tab.play is not None:
            exposed = {k: list(x) for k, x in (v.get("exposed") or {}).items()}
            for s, m in tab._shown.items():
                cards = m & tab.play.hands[tab.active.index(s)]
                if cards:
                    exposed[s] = sorted(
                        set(exposed.get(s, [])) | {card_text(c) for c in mask_cards(cards)},
                        key=lambda t: _TEXT.index(t),
                    )
            v["exposed"] = exposed
            extra = [{"seat": s, "card": card_text(c), "early": True} for s, c in tab._early.items()]
            if tab._false_lead is not None:
                extra.append({"seat": tab._false_lead[0], "card": card_text(tab._false_lead[1]), "out of turn": True})
            if extra:
                v["trick"] = list(v.get("trick") or []) + extra
        calls: dict[str, Any] = {}
        for s in tab.active:
            c: dict[str, Any] = {}
            if tab.play is not None and tab._liable.get(s, 0) & tab.play.hands[tab.active.index(s)]:
                c["liable"] = [card_text(x) for x in mask_cards(tab._liable[s] & tab.play.hands[tab.active.index(s)])]
            if s in tab._lead_suit:
                c["lead"] = SUITS[tab._lead_suit[s]]
            if s in tab._require:
                c["require"] = tab._require[s]
            if c:
                calls[s] = c
        for right in tab._suit_rights:  # a suit to be called when next one of them leads (002 §24; 003 digest)
            for s in right["from"]:
                calls.setdefault(s, {})["suit to be called"] = {"by": right["holder"], "why": right["why"]}
        v["calls"] = calls
        d = tab._decisions[0] if tab._decisions else None
        v["decision"] = (
            None
            if d is None
            else {
                "key": d.key,
                "seat": d.seat,
                "side": list(d.side),
                "offender": d.offender,
                "text": d.text,
                "law": list(d.laws),
                "options": [{"action": a, "law": law} for a, law in d.options],
            }
        )
        return v
