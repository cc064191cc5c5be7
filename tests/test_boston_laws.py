"""Boston's laws of irregularities as settlements (002 §17, §19, §24, §26, §30, §31 Boston; rules §4).

What the laws prescribe in counters, once the facts are established, as pure functions, each tested with its
figures; law mode at the table (``tests/test_boston_lawmode.py``) settles through them.
"""

from __future__ import annotations

import pytest

from hoyle.rulebook.boston import (
    BOSTON_TABLE,
    bid,
    misdeal_payments,
    misere_irregularity_payments,
    revoke_payments,
    short_hand_payments,
)

PLAYERS = "ABCD"


def total(pays: list[tuple[str, str, int]], who: str) -> int:
    return sum(a for p, q, a in pays if q == who) - sum(a for p, q, a in pays if p == who)


def test_002_17_boston_a_misdeal_forfeits_a_red_counter_to_the_pool() -> None:
    assert misdeal_payments("C") == [("C", "pool", 10)]
    assert misdeal_payments("C", red=5) == [("C", "pool", 5)]


def test_002_30_boston_the_bidder_revokes_put_in_for_one_trick_and_four_red_to_the_next_pool() -> None:
    outcome, pays = revoke_payments(bid("8 first"), 9, BOSTON_TABLE, bidder="A", revoker="A", players=PLAYERS, pool=30)
    assert outcome is not None and not outcome.won and outcome.under == 1 and outcome.value == 25
    assert pays == [("A", "B", 25), ("A", "C", 25), ("A", "D", 25), ("A", "pool", 30), ("A", "pool", 40)]
    assert total(pays, "pool") == 70 and total(pays, "A") == -145


def test_002_30_boston_an_adversary_revokes_pays_four_red_and_all_pay_as_if_successful() -> None:
    outcome, pays = revoke_payments(bid("7"), 3, BOSTON_TABLE, bidder="A", revoker="C", players=PLAYERS, pool=20)
    assert outcome is not None and outcome.won and outcome.value == 18  # seven, as bid
    assert pays == [("B", "A", 18), ("C", "A", 18), ("D", "A", 18), ("pool", "A", 20), ("C", "pool", 40)]
    # Over-tricks already taken count: nine taken at a bid of seven is 21 a player.
    _, pays = revoke_payments(bid("7"), 9, BOSTON_TABLE, bidder="A", revoker="C", players=PLAYERS, pool=0)
    assert pays[:3] == [("B", "A", 21), ("C", "A", 21), ("D", "A", 21)]


def test_002_30_boston_a_revoke_in_misere_partout_pays_five_red_to_each() -> None:
    outcome, pays = revoke_payments(None, 0, BOSTON_TABLE, bidder=None, revoker="B", players=PLAYERS, pool=10)
    assert outcome is None
    assert pays == [("B", "A", 50), ("B", "C", 50), ("B", "D", 50), ("B", "pool", 40)]
    _, pays = revoke_payments(None, 0, BOSTON_TABLE, bidder=None, revoker="B", players=PLAYERS, pool=10, partout_fine=0)
    assert pays == [("B", "A", 50), ("B", "C", 50), ("B", "D", 50)]  # 002's text alone


def test_002_30_boston_a_misere_bidder_who_revokes_loses() -> None:
    outcome, pays = revoke_payments(
        bid("grand misere"), 0, BOSTON_TABLE, bidder="A", revoker="A", players=PLAYERS, pool=10
    )
    assert outcome is not None and not outcome.won and outcome.value == 40
    assert pays == [("A", "B", 40), ("A", "C", 40), ("A", "D", 40), ("A", "pool", 10), ("A", "pool", 40)]


def test_002_19_boston_an_adversary_short_pays_the_bid_and_over_tricks() -> None:
    outcome, pays = short_hand_payments(
        bid("6 second"), 8, BOSTON_TABLE, bidder="A", short="D", players=PLAYERS, pool=10
    )
    assert outcome is not None and outcome.value == 16
    assert pays == [("B", "A", 16), ("C", "A", 16), ("D", "A", 16), ("pool", "A", 10)]


def test_002_19_boston_the_bidder_short_is_put_in_for_one_trick_at_least() -> None:
    _, pays = short_hand_payments(bid("9"), 8, BOSTON_TABLE, bidder="A", short="A", players=PLAYERS, pool=10)
    assert pays == [("A", "B", 35), ("A", "C", 35), ("A", "D", 35), ("A", "pool", 10)]
    # played out to put him in for more: three short of nine is 55 each
    _, pays = short_hand_payments(
        bid("9"), 8, BOSTON_TABLE, bidder="A", short="A", players=PLAYERS, pool=10, played_out_made=6
    )
    assert pays[:3] == [("A", "B", 55), ("A", "C", 55), ("A", "D", 55)]


def test_002_19_boston_short_in_misere_partout_five_red_to_each() -> None:
    _, pays = short_hand_payments(None, 0, BOSTON_TABLE, bidder=None, short="C", players=PLAYERS, pool=10)
    assert pays == [("C", "A", 50), ("C", "B", 50), ("C", "D", 50)]


def test_002_24_26_boston_an_adversary_leading_out_of_turn_against_a_misere_loses_it() -> None:
    outcome, pays = misere_irregularity_payments(
        bid("little spread"), BOSTON_TABLE, bidder="B", offender="D", players=PLAYERS, pool=30
    )
    assert outcome.won and outcome.value == 80
    assert pays == [("A", "B", 80), ("C", "B", 80), ("D", "B", 80), ("pool", "B", 30), ("D", "pool", 40)]
    with pytest.raises(ValueError, match="not a misère"):
        misere_irregularity_payments(bid("7"), BOSTON_TABLE, bidder="B", offender="D", players=PLAYERS, pool=0)
    with pytest.raises(ValueError, match="adversary"):
        misere_irregularity_payments(
            bid("grand misere"), BOSTON_TABLE, bidder="B", offender="B", players=PLAYERS, pool=0
        )


def test_fontainebleau_a_revoking_bidder_pays_the_pool_what_he_pays_each() -> None:
    _, pays = revoke_payments(
        bid("8 hearts", "fontainebleau"),
        9,
        BOSTON_TABLE,
        bidder="A",
        revoker="A",
        players=PLAYERS,
        pool=30,
        failure="match",
    )
    assert pays == [("A", "B", 25), ("A", "C", 25), ("A", "D", 25), ("A", "pool", 25), ("A", "pool", 40)]
