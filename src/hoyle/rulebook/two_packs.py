"""The deal of the two-pack games, Boston and Cayenne (002 §8, §10, §12, §13, §17 Boston and Cayenne).

:class:`TwoPackTable` is the base of :class:`~hoyle.rulebook.boston.BostonTable` and
:class:`~hoyle.rulebook.cayenne.CayenneTable`: the two packs used in turn, the cut, the deal by fours, fours
and fives, the still pack presented and cut for the turned card, and what a record holds of it.
(``hoyle.rulebook.boston.TwoPackTable`` and ``boston.PATTERN`` still name them.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import CARD_TEXT, CARDS, PACK_52, Card, format_cards, parse
from ..cards import cut as cut_pack
from ..engine.table import Table
from ..errors import InvalidDeal, RecordError

__all__ = ["PATTERN", "TwoPackTable"]

PATTERN = (4, 4, 5)
"""Four at a time for two rounds, then five (002 §13 Boston and Cayenne)."""


class TwoPackTable(Table):
    """The deal shared by Boston and Cayenne (002 §8, §10, §12, §13, §17 Boston and Cayenne).

    Two packs are used in turn.  The pack in play is cut by the dealer's right, at least four cards in each
    packet (002 §10), and dealt four, four and five at a time from the dealer's left (002 §13).  After the
    deal the dealer's partner presents the still pack, the player on the dealer's left cuts it, and the top
    card of the part left on the table is turned (002 §13); the packets are then put together, the part left
    on the table on top (002 §10), so that the turned card is the top of the next deal's pack before its cut.

    With ``shuffle`` false (Boston: "no shuffling of either pack after the first deal", 002 §8) a pack is
    gathered as it was played (:meth:`_gather`: the quitted tricks in order, each as played, then any cards
    discarded or left in the hands) and only cut; otherwise each pack is shuffled before its deal (002 §8).

    Each deal's record entry holds the pack dealt (``order``, after the cut, and ``cut``), which of the two
    packs it was (``pack``), the still pack before its cut (``still``), where it was cut (``turn cut``) and the
    card turned (``turned``); a replay checks that an unshuffled pack is the one the play gathered.
    """

    _to_deal: list[Card] | None = None  # the next pack to deal, before its cut, when it is not to be shuffled
    _to_still: list[Card] | None = None  # the next still pack, before its cut, when it is not to be shuffled
    _given_turned: Card | None = None  # a given deal's turned card, for the still pack of that deal
    _pack_no: int = 0  # which of the two packs is in play

    def _deal_packs(self, *, shuffle: bool, turn: bool) -> tuple[list[Card], Card | None, dict[str, Any]]:
        """The order of the pack dealt (after its cut), the card turned from the still pack, and the log entry."""
        index = len(self._deal_log)
        entry: dict[str, Any] | None = self._take_script()
        if entry is not None:
            try:
                order = list(parse(entry["order"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise RecordError(f"the pack dealt cannot be read: {exc}", place=f"deals[{index}]") from None
            self._check_pack(order, PACK_52, index)
            at = entry.get("cut")
            if (
                not shuffle
                and self._to_deal is not None
                and at is not None
                and (not isinstance(at, int) or not 4 <= at <= 48 or order != cut_pack(self._to_deal, at))
            ):
                raise RecordError(
                    f"the pack dealt is not the last pack gathered, cut at {at!r}: it was not"
                    " to be shuffled (002 §8 Boston)",
                    place=f"deals[{index}]",
                )
        else:
            base = self._to_deal if self._to_deal is not None and not shuffle else self._shuffled()
            at = 4 + self._shuffler.randbelow(45)
            order = cut_pack(base, at)
        still, t = self._still_pack(entry, index, shuffle=shuffle, turn=turn)
        turned = None
        if turn:
            turned = still[t] if t is not None else still[0]
        self._to_deal = cut_pack(still, t) if t is not None else list(still)
        log = {
            "order": format_cards(order),
            "cut": at,
            "pack": self._pack_no,
            "still": format_cards(still),
            "turn cut": t,
            "turned": CARD_TEXT[turned] if turned is not None else None,
        }
        if entry is not None and entry.get("turned") not in (None, log["turned"]) and "still" in entry:
            raise RecordError(
                f"the turned card is {log['turned']}, not {entry.get('turned')!r}", place=f"deals[{index}]"
            )
        self._deal_log.append(log)
        return order, turned, log

    def _still_pack(
        self, entry: dict[str, Any] | None, index: int, *, shuffle: bool, turn: bool
    ) -> tuple[list[Card], int | None]:
        if entry is not None and "still" in entry:
            try:
                still = list(parse(entry["still"]))
            except (TypeError, ValueError) as exc:
                raise RecordError(f"the still pack cannot be read: {exc}", place=f"deals[{index}]") from None
            self._check_pack(still, PACK_52, index)
            t = entry.get("turn cut")
            if t is not None and (not isinstance(t, int) or not 4 <= t <= 48):
                raise RecordError(
                    f"the still pack's cut {t!r} leaves fewer than four cards in a packet (002 §10)",
                    place=f"deals[{index}]",
                )
            if not shuffle and self._to_still is not None and still != self._to_still:
                raise RecordError(
                    "the still pack is not the last pack gathered: it was not to be shuffled (002 §8 Boston)",
                    place=f"deals[{index}]",
                )
            return still, t
        if self._given_turned is not None:  # a given deal: its turned card on top of a fresh still pack
            still = [c for c in self._shuffled() if c != self._given_turned]
            still.insert(0, self._given_turned)
            self._given_turned = None
            return still, None
        still = self._to_still if self._to_still is not None and not shuffle else self._shuffled()
        t = 4 + self._shuffler.randbelow(45) if turn else None
        return list(still), t

    def _shuffled(self) -> list[Card]:
        cards = list(PACK_52)
        self._shuffler.shuffle(cards)
        return cards

    @staticmethod
    def _gather(quitted: Sequence[tuple[int, tuple[int, ...], int]], *rest: Sequence[int]) -> list[Card]:
        """A pack gathered after the play: the quitted tricks in order, each as played; then the other cards."""
        out = [CARDS[c] for _, cards, _ in quitted for c in cards]
        for part in rest:
            out.extend(CARDS[c] for c in part)
        return out

    @staticmethod
    def _given_hands(deal: Mapping[str, Any], seats: Sequence[str]) -> tuple[str, Card | None, dict[str, list[Card]]]:
        """A given deal's dealer, turned card (from the still pack, in no hand) and hands, checked to be the pack."""
        try:
            dealer = str(deal["dealer"]).upper()
            turned_text = deal.get("turned")
            turned = Card.from_text(str(turned_text)) if turned_text is not None else None
            hands = {s: list(parse(deal["hands"][s])) for s in seats}
        except KeyError as exc:
            raise InvalidDeal(
                f"a given deal needs 'dealer', 'turned' (the card cut from the still pack) and 'hands'"
                f" for {', '.join(seats)}; missing {exc}"
            ) from None
        except (TypeError, ValueError) as exc:
            raise InvalidDeal(f"given deal: {exc}") from None
        if dealer not in seats:
            raise InvalidDeal(f"given deal: dealer {dealer!r} is not one of {', '.join(seats)}")
        cards = [c for s in seats for c in hands[s]]
        if len(cards) != 52 or set(cards) != set(PACK_52):
            twice = sorted(c for c, n in Counter(cards).items() if n > 1)
            missing = sorted(set(PACK_52) - set(cards))
            raise InvalidDeal(
                f"given deal: the hands are not the pack of 52: given twice"
                f" {format_cards(twice) or 'none'}; missing {format_cards(missing) or 'none'}"
            )
        return dealer, turned, hands

    @staticmethod
    def _order_of(hands: Mapping[str, list[Card]], seats_from_eldest: Sequence[str]) -> list[Card]:
        """The pack order that deals ``hands`` by fours, fours and fives from the eldest hand."""
        order: list[Card] = []
        taken = dict.fromkeys(seats_from_eldest, 0)
        for size in PATTERN:
            for s in seats_from_eldest:
                order.extend(hands[s][taken[s] : taken[s] + size])
                taken[s] += size
        return order
