"""Helpers for the law-mode tests: given deals, steering tricks, playing on (not a test module)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import hoyle
from hoyle import Action, Table, bots
from hoyle.cards import Card

MASTER = {
    # Each seat holds three or four of every suit, so every trick can be steered; spades are trumps when West
    # deals (he turns the 2S).  North and South hold the four honours (AS KS QS JS).
    "N": "AS KS QS 4S AH 5H 2H AD 5D 2D AC 5C 2C",
    "E": "TS 9S 8S KH QH JH TH KD QD 4D KC QC 4C",
    "S": "JS 7S 6S 9H 8H 7H JD TD 9D 8D JC TC 9C",
    "W": "5S 3S 6H 4H 3H 7D 6D 3D 8C 7C 6C 3C 2S",
}

SUITED = {
    # One suit to a hand; East deals and turns the 2H, so hearts are trumps and East holds the four honours.
    "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


def law_table(
    hands: dict[str, str] | None = None,
    *,
    dealer: str = "W",
    turned: str | None = None,
    code: str = "english-1864",
    game: str = "whist",
    score: dict[str, int] | None = None,
    **options: Any,
) -> Table:
    """A law-mode table with a given first deal (dealt at once; the eldest hand is to lead)."""
    hands = hands or MASTER
    if turned is None:
        turned = hands[dealer].split()[-1]
    given: dict[str, Any] = {"dealer": dealer, "turned": turned, "hands": hands}
    if score is not None:
        given["score"] = score
    return hoyle.game(game, irregularities=True, code=code, **options).table(deal=given)


def finish_hand(t: Table, i: int = 0) -> None:
    """Play on (waiving, first lawful action) until deal ``i`` of the sitting is settled (or voided)."""
    play_on(t, lambda t: "result" in t.record()["deals"][i])


def void_of(t: Table, i: int = 0) -> str | None:
    """How deal ``i`` of the sitting was voided (misdeal, new deal, stopped), if it was."""
    result = t.record()["deals"][i].get("result") or {}
    return result.get("void")


def rulings(t: Table, since: int = 0) -> list[Any]:
    return [e for e in t.events[since:] if e.kind == "ruling"]


def laws_of(t: Table, since: int = 0) -> list[str]:
    out: list[str] = []
    for e in rulings(t, since):
        out.extend(e.law if isinstance(e.law, list) else [e.law])
    return out


def texts(actions: list[Action]) -> list[str]:
    return [str(a) for a in actions]


def steer(t: Table, plan: str) -> None:
    """Play whole tricks so that the sides in ``plan`` (a string of N and E, N for NS, E for EW) win them.

    Each trick is found by trying the lawful cards of each seat in turn (lowest first); it raises if a trick
    cannot be made to go as planned.  Penalty phases must not arise.
    """
    for want in plan:
        side = 0 if want == "N" else 1
        snapshot = t.clone()
        if not _steer_trick(t, side, 0):
            raise AssertionError(f"cannot steer trick {len(t.view(None)['played']) // 4 + 1} to {want}")
        del snapshot


def _steer_trick(t: Table, side: int, depth: int) -> bool:
    if depth == 4:
        return True
    for a in t.legal_actions():
        c = t.clone()
        events = c.apply(a)
        tricks = [e for e in events if e.kind == "trick"]
        if tricks:
            if "NESW".index(tricks[0].data["winner"]) % 2 == side:
                t.apply(a)
                return True
            continue
        if _steer_trick(c, side, depth + 1):
            # replay on t the same first action, then recurse for real
            t.apply(a)
            return _steer_trick(t, side, depth + 1)
    return False


def play_on(t: Table, stop: Callable[[Table], bool], *, rng: random.Random | None = None) -> None:
    """Apply lawful actions (``waive`` when offered, else the first, or a random one) until ``stop(t)``."""
    for _ in range(2000):
        if t.over or stop(t):
            return
        legal = t.legal_actions()
        if Action("waive") in legal:
            t.apply("waive")
        elif rng is not None:
            t.apply(rng.choice(legal))
        else:
            t.apply(legal[0])
    raise AssertionError("play_on did not stop")


def in_claims(t: Table) -> bool:
    return t.phase == "claims"


def card(text: str) -> Card:
    return Card.from_text(text)


def bots_sit(t: Table, kind: str, *, cap: int = 5000, err: float = 0.0, seed: int = 3) -> None:
    """Bots of ``kind`` play ``t`` to its end (at most ``cap`` acts), each choosing a legal action from its view;
    with ``err`` > 0, before each act a random seat commits one of its irregular acts with that chance."""
    players = {s: bots.make(kind, t.game.name, seed=i) for i, s in enumerate(t.seats)}
    rnd = random.Random(seed)
    for _ in range(cap):
        if t.over:
            return
        if err and rnd.random() < err:
            seat = rnd.choice(t.seats)
            acts = t.irregular_actions(seat)
            if acts:
                t.apply(f"{seat}: {rnd.choice(acts)}")
                continue
        seat = t.to_act
        assert seat is not None
        legal = t.legal_actions()
        action = players[seat].choose(t.view(seat), legal)
        assert action in legal, (seat, action, legal)
        t.apply(action)
    assert t.over, f"the sitting did not end in {cap} acts"
