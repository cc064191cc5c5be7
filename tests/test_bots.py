"""The bots: they play only lawful cards, from their seat's view; the rules bot follows the classic precepts.

Each precept is checked on a given deal (hearts trumps, the seven turned by
West, the dealer, so North leads), played up to the card the precept decides.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle.bots import kinds, make, whist_rules
from hoyle.bots.whist_rules import WhistRulesBot
from hoyle.cards import PACK_52, parse

SEATS = "NESW"


# ---------------------------------------------------------------- helpers


def deal(fill: str = "CDHS", **hands: str) -> dict[str, object]:
    """A given first deal: the hands as written, each made up to thirteen from the cards left.

    The cards left go out in the order of ``fill`` (suits, each high first), North's hand first;
    a precept's cards are written out, the rest is padding that does not bear on it.
    """
    given = {s: list(parse(hands.get(s, ""))) for s in SEATS}
    if "7H" not in " ".join(hands.values()):
        given["W"].insert(0, parse("7H")[0])  # the turned card is the dealer's
    used = {c for cs in given.values() for c in cs}
    assert len(used) == sum(len(cs) for cs in given.values()), "a card given twice"
    rest = sorted((c for c in PACK_52 if c not in used), key=lambda c: (fill.index(c.suit_letter), -c.rank))
    for s in SEATS:
        while len(given[s]) < 13:
            given[s].append(rest.pop(0))
    assert not rest
    return {"dealer": "W", "turned": "7H", "hands": {s: " ".join(str(c) for c in given[s]) for s in SEATS}}


def choice(plays: str = "", *, fill: str = "CDHS", **hands: str) -> str:
    """The card the rules bot plays for the seat to act, after ``plays`` (cards in order of play)."""
    t = hoyle.game("whist").table(deal=deal(fill, **hands))
    for card in plays.split():
        t.apply(f"play {card}")
    seat = t.to_act
    action = WhistRulesBot(seed=1).choose(t.view(seat), t.legal_actions())
    assert action in t.legal_actions()
    return str(action.card)


def play_deals(kinds_by_seat: dict[str, str], seed: int, deals: int) -> tuple[list[int], hoyle.Table]:
    """Play ``deals`` complete deals at a seeded table; the tricks North-South took in each."""
    t = hoyle.game("whist", rubbers=1000).table(seed=seed, players=["P1", "P2", "P3", "P4"])
    bots = {s: make(kinds_by_seat[s], "whist", seed=seed * 10 + i) for i, s in enumerate(SEATS)}
    ns: list[int] = []
    while len(ns) < deals:
        seat = t.to_act
        assert seat is not None
        legal = t.legal_actions()
        action = bots[seat].choose(t.view(seat), legal)
        assert action in legal, f"{kinds_by_seat[seat]} bot at {seat} chose {action}, not lawful"
        for e in t.apply(action):
            if e.kind == "trick" and e.data["trick"] == 13:
                ns.append(t.view(None)["last_result"]["tricks"]["NS"])
    return ns, t


# ---------------------------------------------------------------- lawful play, the factory


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    seats=st.lists(st.sampled_from(["random", "rules"]), min_size=4, max_size=4),
)
def test_bots_play_only_lawful_cards_through_whole_deals(seed: int, seats: list[str]) -> None:
    tricks, t = play_deals(dict(zip(SEATS, seats, strict=True)), seed, deals=2)
    assert len(tricks) == 2 and all(0 <= n <= 13 for n in tricks)
    assert not t.over or t.to_act is None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rules_bot_is_deterministic_and_reads_only_plain_view_data(seed: int) -> None:
    """The same seed gives the same play; a view sent as JSON (as the card room sends it) gives the same card."""
    t = hoyle.game("whist").table(seed=seed)
    a, b = make("rules", "whist", seed=seed), make("rules", "whist", seed=seed)
    for _ in range(52):
        seat = t.to_act
        assert seat is not None
        view, legal = t.view(seat), t.legal_actions()
        mine = a.choose(view, legal)
        assert b.choose(json.loads(json.dumps(view)), legal) == mine
        t.apply(mine)


def test_make_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nope'") as err:
        make("nope", "whist")
    for kind in kinds():
        assert kind in str(err.value)
    assert set(kinds()) >= {"random", "rules"}


def test_make_gives_each_kind_for_whist() -> None:
    assert isinstance(make("rules", "whist", seed=1), WhistRulesBot)
    t = hoyle.game("whist").table(seed=2)
    assert make("random", "whist", seed=1).choose(t.view(t.to_act), t.legal_actions()) in t.legal_actions()


def test_rules_bot_docstring_lists_its_precepts() -> None:
    doc = whist_rules.__doc__ or ""
    for precept in (
        "strong suit",
        "Second hand low",
        "Third hand high",
        "Return your partner's lead",
        "cover an honour with an honour",
        "Attend to the score",
    ):
        assert precept.lower() in doc.lower(), precept


# ---------------------------------------------------------------- the precepts, one position each


def test_second_hand_plays_low() -> None:
    # North leads a small spade; East, holding the king, plays his lowest.
    assert choice("5S", N="5S", E="KS 9S 3S") == "3S"


def test_second_hand_covers_an_honour_with_an_honour() -> None:
    # North leads the queen; East covers with the king.
    assert choice("QS", N="QS", E="KS 8S 4S") == "KS"


def test_second_hand_covers_with_the_lowest_honour_that_beats_it() -> None:
    assert choice("JS", N="JS", E="AS KS QS 4S") == "QS"


def test_second_hand_with_king_queen_plays_the_queen_on_a_small_card() -> None:
    assert choice("5S", N="5S", E="KS QS 3S") == "QS"


def test_third_hand_plays_high_but_the_lowest_of_equal_cards() -> None:
    # North leads the three, East plays the two: South holds king, queen, knave and plays the knave.
    assert choice("3S 2S", N="3S", E="2S", S="KS QS JS 4S") == "JS"


def test_third_hand_does_not_play_over_a_partner_who_holds_the_master() -> None:
    assert choice("AS 2S", N="AS", E="2S", S="KS 3S") == "3S"


def test_fourth_hand_wins_as_cheaply_as_it_can() -> None:
    # South (North's partner) has the trick with the nine; West wins with the ten, not the ace.
    assert choice("5S 2S 9S", N="5S", E="2S", S="9S", W="AS TS 3S 7H") == "TS"


def test_fourth_hand_plays_low_when_the_partner_is_winning() -> None:
    # East (West's partner) has the trick with the king; West keeps his ace.
    assert choice("5S KS 2S", N="5S", E="KS", S="2S", W="AS TS 3S 7H") == "3S"


_NO_SPADES_FOR_WEST = {"N": "5S 4S 6S 7S", "E": "3S 8S 9S TS AS", "S": "KS QS JS 2S"}


def test_trumps_low_when_the_adversaries_win_the_trick() -> None:
    # South's king wins for North-South; West, with no spades, trumps with his lowest heart.
    hands = dict(_NO_SPADES_FOR_WEST, N="5S 4S 6S 7S 2H", W="7H 9H 3H")
    assert choice("5S 3S KS", **hands) == "3H"


def test_discards_from_the_weakest_suit_and_does_not_trump_the_partners_trick() -> None:
    # East's ace of spades wins; West, with no spades, keeps his trumps and his clubs (master cards)
    # and throws the lowest diamond.
    hands = dict(_NO_SPADES_FOR_WEST, W="7H 8H 6H 5H 4H 3H 2H AC KC QC 5C 9D 3D")
    assert choice("5S AS 2S", **hands) == "3D"


def test_discard_keeps_a_guarded_honour() -> None:
    # West's king of diamonds is guarded: he throws the lowest club, though the clubs are the longer suit.
    hands = dict(_NO_SPADES_FOR_WEST, W="7H 8H 6H 5H 4H 3H 2H KD 4D 9C 8C 6C 2C")
    assert choice("5S AS 2S", **hands) == "2C"


def test_leads_ace_from_ace_king_of_the_longest_plain_suit() -> None:
    north = "AS KS 8S 6S 3S 2H 4H QD 5D 9C 7C 4C 2C"
    assert choice(N=north) == "AS"


def test_leads_the_fourth_best_of_the_longest_plain_suit() -> None:
    north = "QS 9S 7S 5S 3S 2H 4H KD 5D 9C 7C 4C 2C"
    assert choice(N=north) == "5S"


def test_leads_the_top_of_a_head_sequence() -> None:
    north = "KS QS 7S 5S 3S 2H 4H KD 5D 9C 7C 4C 2C"
    assert choice(N=north) == "KS"


def test_leads_trumps_from_five() -> None:
    north = "AH KH 9H 5H 3H QS 9S 7S 5S 8D 6D 4C 2C"
    assert choice(N=north) == "AH"


_RETURN = {
    "N": "4D",
    "E": "2D",
    "W": "3D 7H",
    "S": "AD 9D 6D 8C 7C 6C 5C 3C JS 9S 4S 5H 4H",
}


def test_returns_the_partners_suit() -> None:
    # North led diamonds; South won with the ace and, with no winner to make, returns the higher of two left,
    # rather than lead from his own longer clubs.
    assert choice("4D 2D AD 3D", **_RETURN) == "9D"


def test_makes_a_winner_before_returning_the_partners_suit() -> None:
    hands = dict(_RETURN, S="AD 9D 6D AC 7C 6C 5C 3C JS 9S 4S 5H 4H")
    assert choice("4D 2D AD 3D", **hands) == "AC"


def test_does_not_lead_a_suit_the_adversaries_will_trump() -> None:
    # East showed out of diamonds on the first trick (and may hold trumps): South leads his clubs instead.
    hands = {"N": "4D QD JD TD 8D 7D 5D", "S": "AD 9D 6D 3D 2D KS QS JS 8C 7C 6C 5C 3C", "W": "KD 7H"}
    assert choice("4D 2C AD KD", **hands) == "5C"


# ---------------------------------------------------------------- strength


def test_the_rules_side_beats_random_partners() -> None:
    """Over 300 seeded deals, each played both ways round, the rules side takes well over half the tricks.

    Deterministic (fixed seeds); the threshold is loose: bench/bots.py measures about 8.3 tricks a deal.
    """
    rules_ns = {"N": "rules", "E": "random", "S": "rules", "W": "random"}
    rules_ew = {"N": "random", "E": "rules", "S": "random", "W": "rules"}
    taken: list[int] = []
    for seed in (1, 2, 3):
        taken += play_deals(rules_ns, seed, 50)[0]
        taken += [13 - ns for ns in play_deals(rules_ew, seed, 50)[0]]
    mean = sum(taken) / len(taken)
    assert len(taken) == 300
    assert mean > 7.5, mean
    assert sum(n >= 7 for n in taken) / len(taken) > 0.65  # the odd trick in most deals
