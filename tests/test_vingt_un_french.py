"""French Vingt-Un (003 "FRENCH VINGT-UN"; rules §8.1): the deal of eight rounds, each played its own way,
each with a case of exact payments; the scenario of rules §10 (22), the Clock."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import hoyle
from hoyle.cards import PACK_52, parse
from hoyle.rulebook.vingt_un import (
    FRENCH_ROUNDS,
    clock_match,
    clock_no_match_chance,
    differences,
    rouge_et_noir,
    self_and_company,
    self_and_company_chance,
    sympathy,
    sympathy_chance,
)

# Two players: A deals, B is the only punter.  The cards each round takes, in the order dealt (the punter
# before the dealer), and the actions of the round; B's winnings in it.
ROUNDS: list[tuple[str, str, list[str], int]] = [
    # 1. ordinary: B 9C 9H = 18 against A's 8C 9S = 17.
    ("ordinary", "9C 8C 9H 9S", ["B stake 1", "A pass", "B stand", "A stand"], +1),
    # 2. imaginary tens: stakes first; B 7C + 10 = 17, A 5C + 10 = 15 draws 4C: 19.
    ("imaginary tens", "7C 5C 4C", ["B stake 2", "A pass", "B stand", "A card", "A stand"], -2),
    # 3. blind: B's KC 2C unseen, he draws 3C blind: 15; A's 6C TC = 16 draws 7D: over.
    ("blind", "KC 6C 2C TC 3C 7D", ["B stake 3", "A pass", "B card", "B stand", "A card"], +3),
    # 4. sympathy and antipathy: QH JD, both red: sympathy wins.
    ("sympathy and antipathy", "QH JD", ["B stake 1", "B declare sympathy"], +1),
    # 5. rouge et noir: 5H, red; B named black.
    ("rouge et noir", "5H", ["B stake 2", "B declare black"], -2),
    # 6. self and company: self 4S, company 8H; 2D, then 8D pairs the company: the dealer loses.
    ("self and company", "4S 8H 2D 8D", ["B stake 3"], +3),
    # 7. differences: B KD QD = 20, A 3D AS = 4 (an ace counts one): the dealer pays 16.
    ("differences", "KD 3D QD AS", [], +16),
    # 8. the clock: KS (one), 5S (two), 6S (three), 4H (four): the fourth card answers its call.
    ("the clock", "KS 5S 6S 4H", [], -1),
]


def french_deal(
    upto: int = 8, *, last: str | None = None, script: list[str] | None = None, cards_through: int = 0, **options: Any
) -> tuple[hoyle.Table, list[Any]]:
    """A French deal played through round ``upto`` (``last`` and ``script`` replace that round's cards and
    actions; ``cards_through`` stacks the cards of later rounds too); the events of round ``upto``."""
    cards: list[str] = []
    for n in range(1, max(upto, cards_through) + 1):
        cards += (last if n == upto and last is not None else ROUNDS[n - 1][1]).split()
    t = hoyle.game("vingt-un", french=True, players=2, **options).table(
        deal={"dealer": "A", "cards": " ".join(cards)}, seed=1
    )
    for _, _, steps, _ in ROUNDS[: upto - 1]:
        play(t, steps)
    return t, play(t, script if script is not None else ROUNDS[upto - 1][2])


def play(t: hoyle.Table, script: list[str]) -> list[Any]:
    events: list[Any] = []
    for step in script:
        seat, _, action = step.partition(" ")
        assert t.to_act == seat, f"{step!r}: {t.to_act} is to act ({t.view(None)['kind']})"
        events.extend(t.apply(action))
    return events


def round_results(t: hoyle.Table) -> list[dict[str, Any]]:
    """The result of every round settled so far, from the log."""
    return [dict(e.data) for e in t.events if e.kind == "round over"]


def test_003_the_deal_is_eight_rounds_each_its_own_way() -> None:
    t, _ = french_deal(8)
    results = round_results(t)
    assert [r["kind"] for r in results] == list(FRENCH_ROUNDS)
    assert [r["net"]["B"] for r in results] == [won for _, _, _, won in ROUNDS]
    assert all(r["net"]["A"] == -r["net"]["B"] for r in results)
    assert t.scores == {"A": -19, "B": 19}
    assert t.view(None)["dealer"] == "B" and t.to_act == "A"  # after eight rounds the deal passes


@pytest.mark.parametrize("n", range(1, 9), ids=list(FRENCH_ROUNDS))
def test_003_each_french_round(n: int) -> None:
    kind, _, _, won = ROUNDS[n - 1]
    t, _ = french_deal(n)
    result = round_results(t)[n - 1]
    assert result["kind"] == kind and result["round"] == n
    assert result["net"] == {"A": -won, "B": won}


def test_imaginary_tens_stake_before_the_card_and_an_ace_is_a_natural() -> None:
    t, _ = french_deal(1, cards_through=2)
    assert t.view(None)["kind"] == "imaginary tens" and t.to_act == "B"
    assert t.view("B")["hand"] == []  # he stakes before receiving his card
    play(t, ["B stake 4"])
    assert len(t.view("B")["hand"]) == 1
    t, _ = french_deal(2, last="AD 5C", script=["B stake 2", "A pass"])  # B's ace: a natural, paid double
    assert any(e.kind == "natural" and e.seat == "B" for e in t.events)
    assert round_results(t)[1]["net"]["B"] == 4


def test_blind_cards_are_unseen_even_by_their_holder() -> None:
    t, _ = french_deal(2, cards_through=3)
    play(t, ["B stake 3"])
    assert t.view(None)["kind"] == "blind"
    places = t.places()
    assert places["KC"] == "widow B" and places["2C"] == "widow B"
    assert t.view("B")["hand"] == [] and "KC" not in str(t.view("B"))
    assert t.view("A")["hand"] == ["6C", "TC"]  # the dealer sees his own


def test_sympathy_and_antipathy() -> None:
    assert sympathy(parse("QH JD")) == "sympathy" and sympathy(parse("QH JS")) == "antipathy"
    t, _ = french_deal(3)
    play(t, ["B stake 1"])
    assert [str(a) for a in t.legal_actions()] == ["declare sympathy", "declare antipathy"]


def test_rouge_et_noir_three_card_option() -> None:
    assert rouge_et_noir(parse("5H")) == "red" and rouge_et_noir(parse("5H 5S 6S")) == "black"
    t, _ = french_deal(4)
    play(t, ["B stake 1"])
    assert [str(a) for a in t.legal_actions()] == ["declare red", "declare black"]
    t, _ = french_deal(5, last="5H 5S 6S", three_cards=True)  # two black of three: B, on black, wins
    assert round_results(t)[4]["net"]["B"] == 2


def test_self_and_company() -> None:
    assert self_and_company(parse("7H 7S")) == ("self", 2)  # alike: the dealer wins
    assert self_and_company(parse("4S 8H 2D 8D")) == ("company", 4)
    assert self_and_company(parse("4S 8H 2D 4D")) == ("self", 4)
    t, _ = french_deal(6, last="4S 4H")
    assert round_results(t)[5]["net"]["B"] == -3


def test_differences_ties_cancel() -> None:
    assert differences(parse("KD 3D"), parse("9C 4C")) == 0
    assert differences(parse("AS 2H"), parse("QC JD"), 2) == 34
    t, _ = french_deal(7, last="KD JS 3H 3S", differences_rate=2)  # 13 against 13
    assert round_results(t)[6]["net"] == {"A": 0, "B": 0}


def test_rules_10_22_clock() -> None:
    """The dealer wins if e.g. the fourth card turned is a four; he pays every player if none answers its call
    through the king."""
    assert clock_match(parse("KS 5S 6S 4H")) == 4
    used = {c for _, cs, _, _ in ROUNDS[:7] for c in parse(cs)}
    calls: list[str] = []
    for call in range(1, 14):  # thirteen cards none of which answers its call
        card = next(
            c for c in PACK_52 if c not in used and str(c) not in calls and (1 if c.rank == 14 else c.rank) != call
        )
        calls.append(str(card))
    assert clock_match(parse(" ".join(calls))) is None
    t, _ = french_deal(8, last=" ".join(calls), clock_stake=3)
    assert round_results(t)[7]["net"] == {"A": -3, "B": 3}
    assert any(e.kind == "clock" and "no card answers its call" in e.text for e in t.events)


def test_french_odds() -> None:
    assert sympathy_chance() == Fraction(25, 51)
    assert self_and_company_chance() == Fraction(9, 17)
    p = clock_no_match_chance()
    assert Fraction(356, 1000) < p < Fraction(357, 1000)


def test_clock_chance_against_a_count() -> None:
    """The inclusion-exclusion figure against a direct count over a small pack: two suits of three ranks,
    calls one to three (the same formula with 3 calls, 2 of each rank, 6 cards)."""
    from itertools import permutations
    from math import comb, perm

    cards = [r for r in (1, 2, 3) for _ in range(2)]
    hits = sum(1 for p in permutations(cards, 3) if all(p[i] != i + 1 for i in range(3)))
    direct = Fraction(hits, perm(6, 3))
    formula = sum(Fraction((-1) ** k * comb(3, k) * 2**k, perm(6, k)) for k in range(4))
    assert direct == formula
