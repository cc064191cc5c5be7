"""The settlement consequences of Solo's laws (003 "A Digest of the Laws"; 002's Solo lines), as pure functions.

Law mode (the irregularities as actions at the table) is still to come for Solo; these are the functions it will
call once the facts are established: revokes (rules §10 scenario 7), the misère penalties, cards improperly
divided (002 §19 Solo), abandoned hands (002 §27 Solo).
"""

from __future__ import annotations

import pytest

from hoyle.rulebook.contracts import (
    abandoned_hand,
    format_money,
    incorrect_hands,
    misere_penalty,
    revoke_settlement,
    revoke_value,
)
from hoyle.rulebook.solo import ABONDANCE, ABONDANCE_DECLAREE, MISERE, MISERE_OUVERTE, PROPOSAL, SCALES, SOLO

PENCE = SCALES["6-12-18"]
FOUR = ["A", "B", "C", "D"]


def adversaries(*declarers: str) -> list[str]:
    return [s for s in FOUR if s not in declarers]


# ---------------------------------------------------------------------------------------------- revokes


def test_003_digest_solo_caller_revokes_with_eight_tricks_loses_only_the_base() -> None:
    """rules §10 scenario 7; 003 digest: "supposing a solo-caller revokes, and he has made eight or nine tricks, he
    would, after the penalty was paid, have made enough to win the solo. He then only pays 6d. ... to each"."""
    outcome, pays = revoke_settlement(SOLO, 8, PENCE, revokes={"A": 1}, declarers=["A"], adversaries=adversaries("A"))
    assert outcome is not None and not outcome.won and outcome.made == 5 and outcome.value == 6
    assert pays == [("A", "B", 6), ("A", "C", 6), ("A", "D", 6)]
    assert revoke_value(SOLO, 9, PENCE, declarer_revokes=1).value == 6


def test_003_digest_solo_caller_revokes_with_six_tricks_pays_under_tricks() -> None:
    """rules §10 scenario 7: "took 6 → 3 after penalty → pays 8d each"; 003 digest: "for each trick short the
    agreed-upon price of an under-trick must also be paid"."""
    outcome, pays = revoke_settlement(SOLO, 6, PENCE, revokes={"A": 1}, declarers=["A"], adversaries=adversaries("A"))
    assert outcome is not None and outcome.made == 3 and outcome.under == 2 and outcome.value == 8
    assert pays == [("A", "B", 8), ("A", "C", 8), ("A", "D", 8)]
    assert revoke_value(SOLO, 6, PENCE, declarer_revokes=2).value == 6 + 5  # two revokes: 0 tricks, five short


def test_003_digest_no_revoking_side_wins_and_the_offender_pays() -> None:
    # "No revoking player or partnership can win a declaration"; "The actual offender pays the stakes".
    outcome, pays = revoke_settlement(SOLO, 3, PENCE, revokes={"C": 1}, declarers=["A"], adversaries=adversaries("A"))
    assert outcome is not None and outcome.won and outcome.made == 6 and outcome.value == 7  # 3 + 3 tricks, one over
    assert pays == [("C", "A", 7), ("C", "A", 7), ("C", "A", 7)]  # C pays for himself and his partners
    short, _ = revoke_settlement(SOLO, 1, PENCE, revokes={"C": 1}, declarers=["A"], adversaries=adversaries("A"))
    assert short is not None and short.won and short.value == 6  # still short: the base stake, the revoker cannot win


def test_003_digest_proposer_and_acceptor_pay_the_revoke_between_them() -> None:
    # "except in the instance of a proposer and acceptor, who, being voluntary partners, pay the fine between them".
    outcome, pays = revoke_settlement(
        PROPOSAL, 9, PENCE, revokes={"B": 1}, declarers=["A", "B"], adversaries=["C", "D"]
    )
    assert outcome is not None and outcome.made == 6 and outcome.value == 8
    assert pays == [("A", "C", 8), ("B", "D", 8)]


def test_002_s30_a_proposal_slam_must_be_made_without_the_revoke_penalty() -> None:
    # 002 §30 (Cayenne and Solo): "All slams must be made independently of the revoke penalty."
    helped = revoke_value(PROPOSAL, 11, PENCE, adversary_revokes=1)
    assert helped is not None and helped.made == 13 and helped.trick_price == 1 and helped.value == 11
    own = revoke_value(PROPOSAL, 13, PENCE, adversary_revokes=1)
    assert own is not None and own.value == 16


def test_revokes_on_both_sides_void_the_deal() -> None:
    # 003 digest: "In case of a revoke on both sides, the deal is void."
    outcome, pays = revoke_settlement(
        SOLO, 6, PENCE, revokes={"A": 1, "B": 1}, declarers=["A"], adversaries=adversaries("A")
    )
    assert outcome is None and pays == []


def test_002_s31_revokes_at_a_misere_or_a_slam() -> None:
    """002 §31 Solo: "If the single player in a misère or a slam revokes, the hand is abandoned and he must pay the
    stakes. If an adversary of a misère or a slam revokes, he must individually pay the whole stakes." """
    outcome, pays = revoke_settlement(MISERE, 0, PENCE, revokes={"A": 1}, declarers=["A"], adversaries=adversaries("A"))
    assert outcome is not None and not outcome.won and pays == [("A", "B", 12), ("A", "C", 12), ("A", "D", 12)]
    outcome, pays = revoke_settlement(
        ABONDANCE_DECLAREE, 13, PENCE, revokes={"D": 1}, declarers=["A"], adversaries=adversaries("A")
    )
    assert outcome is not None and outcome.won and pays == [("D", "A", 36)] * 3


def test_002_s31_a_revoker_who_shows_the_callers_would_have_won() -> None:
    """002 §31 Solo: "unless he can show that the callers would have won in spite of the revoke. Should he be able to
    do this, his partners must stand their share of the losses, but the revoking player must individually pay for
    the three tricks taken as the revoke penalty."  Solo made with six, C revokes: six is worth 7d a share, nine
    (with the penalty) 10d; B and D pay 7d, C pays 10d and the 3d more of each partner's share."""
    outcome, pays = revoke_settlement(
        SOLO, 6, PENCE, revokes={"C": 1}, declarers=["A"], adversaries=adversaries("A"), code="002"
    )
    assert outcome is not None and outcome.value == 10
    assert pays == [("B", "A", 7), ("C", "A", 16), ("D", "A", 7)]
    assert sum(p[2] for p in pays) == 3 * 10
    # Had the callers not made it on their own, the revoker pays everything, as by 003.
    _, pays = revoke_settlement(
        SOLO, 4, PENCE, revokes={"C": 1}, declarers=["A"], adversaries=adversaries("A"), code="002"
    )
    assert pays == [("C", "A", 8)] * 3
    with pytest.raises(ValueError):
        revoke_settlement(SOLO, 4, PENCE, revokes={"C": 1}, declarers=["A"], adversaries=["B", "C", "D"], code="1864")


# ---------------------------------------------------------------------------------------------- misères


def test_003_digest_an_adversarys_irregularity_against_a_misere_gives_the_caller_the_stakes() -> None:
    """003 digest: "If a card is exposed by one of the adversaries of a misère or misère ouverte, the misère-caller
    can immediately claim the stakes ... the stakes being paid by the offender for himself and his partners"; the
    same for a lead out of turn, a revoke, or a follow out of turn (002 §24, §26 Solo)."""
    outcome, pays = misere_penalty(MISERE_OUVERTE, PENCE, caller="B", offender="D", adversaries=["C", "D", "A"])
    assert outcome.won and outcome.value == 24
    assert pays == [("D", "B", 24)] * 3 and format_money(sum(p[2] for p in pays), "pence") == "6s"
    with pytest.raises(ValueError, match="not a misère"):
        misere_penalty(SOLO, PENCE, caller="B", offender="D", adversaries=["C", "D", "A"])
    with pytest.raises(ValueError, match="not an adversary"):
        misere_penalty(MISERE, PENCE, caller="B", offender="B", adversaries=["C", "D", "A"])


# ------------------------------------------------------------------------------------ cards improperly divided


def test_003_digest_cards_improperly_divided() -> None:
    """003 digest: "the declaring hand or hands win the stakes if their own cards are correct, and any person or
    partnership with the incorrect number of cards must, whatever has happened, lose the stake, unless the error is
    discovered before the first call is announced"."""
    ruling, outcome, pays = incorrect_hands(SOLO, 3, PENCE, declarers=["A"], adversaries=adversaries("A"), wrong=["C"])
    assert ruling == "caller wins" and outcome is not None and outcome.value == 6  # he had 3: the base stake
    assert pays == [("B", "A", 6), ("C", "A", 6), ("D", "A", 6)]
    ruling, outcome, _ = incorrect_hands(SOLO, 7, PENCE, declarers=["A"], adversaries=adversaries("A"), wrong=["A"])
    assert ruling == "caller loses" and outcome is not None and outcome.value == 6  # "whatever has happened"
    ruling, outcome, _ = incorrect_hands(SOLO, 2, PENCE, declarers=["A"], adversaries=adversaries("A"), wrong=["A"])
    assert ruling == "caller loses" and outcome is not None and outcome.value == 9
    # found before the hand is played out: the stake alone, no under-tricks for the tricks never played
    ruling, outcome, _ = incorrect_hands(
        SOLO, 2, PENCE, declarers=["A"], adversaries=adversaries("A"), wrong=["A"], played_out=False
    )
    assert ruling == "caller loses" and outcome is not None and (outcome.value, outcome.under) == (6, 0)
    assert (
        incorrect_hands(
            SOLO, 0, PENCE, declarers=["A"], adversaries=adversaries("A"), wrong=["B"], before_first_call=True
        )[0]
        == "new deal"
    )


def test_002_s19_solo_incorrect_hands() -> None:
    """002 §19 Solo: the caller's side wrong and making good: neither receives nor pays; failing: pays; an adversary
    wrong: "he and his partners must pay the stakes"; two wrong, one the caller: a new deal."""
    kw = {"declarers": ["A", "B"], "adversaries": ["C", "D"], "code": "002"}
    assert incorrect_hands(PROPOSAL, 8, PENCE, wrong=["B"], **kw)[0] == "no payment"
    assert incorrect_hands(PROPOSAL, 8, PENCE, wrong=["B"], **kw)[2] == []
    ruling, outcome, pays = incorrect_hands(PROPOSAL, 6, PENCE, wrong=["A"], **kw)
    assert outcome is not None and not outcome.won and outcome.value == 8
    assert ruling == "caller loses" and pays == [("A", "C", 8), ("B", "D", 8)]
    ruling, _, pays = incorrect_hands(PROPOSAL, 9, PENCE, wrong=["D"], **kw)
    assert ruling == "caller wins" and pays == [("C", "A", 7), ("D", "B", 7)]
    assert incorrect_hands(PROPOSAL, 9, PENCE, wrong=["A", "D"], **kw)[0] == "new deal"
    assert incorrect_hands(PROPOSAL, 9, PENCE, wrong=["C", "D"], **kw)[0] == "new deal"
    assert incorrect_hands(PROPOSAL, 9, PENCE, wrong=[], **kw)[0] == "stands"


# ---------------------------------------------------------------------------------------------- abandoned hands


def test_002_s27_the_bidder_abandons_his_hand() -> None:
    # "he and his partner, if any, must pay the stakes and settle ... as if they had lost all the remaining tricks".
    outcome, pays = abandoned_hand(ABONDANCE, 6, 5, PENCE, abandoner="A", declarers=["A"], adversaries=adversaries("A"))
    assert not outcome.won and outcome.value == 18 + 3 and pays == [("A", "B", 21), ("A", "C", 21), ("A", "D", 21)]
    outcome, _ = abandoned_hand(SOLO, 6, 3, PENCE, abandoner="A", declarers=["A"], adversaries=adversaries("A"))
    assert not outcome.won and outcome.value == 6


def test_002_s27_an_adversary_abandons_his_hand() -> None:
    """ "the player who abandoned his hand must pay the caller just as if he had been successful. If the partner or
    partners of the exposed hand lose, they must pay their share of the losses"."""
    outcome, pays = abandoned_hand(SOLO, 3, 6, PENCE, abandoner="C", declarers=["A"], adversaries=adversaries("A"))
    assert outcome.won and outcome.made == 9 and pays == [("C", "A", 10)] * 3  # not played out: he pays for all
    outcome, pays = abandoned_hand(
        SOLO, 3, 6, PENCE, abandoner="C", declarers=["A"], adversaries=adversaries("A"), played_out_made=4
    )
    assert pays == [("C", "A", 6)] * 3  # defeated when played out: the partners win nothing, the abandoner pays
    outcome, pays = abandoned_hand(
        SOLO, 3, 6, PENCE, abandoner="C", declarers=["A"], adversaries=adversaries("A"), played_out_made=7
    )
    assert pays == [("B", "A", 8), ("C", "A", 8), ("D", "A", 8)]  # made: each pays his share
    with pytest.raises(ValueError):
        abandoned_hand(SOLO, 3, 6, PENCE, abandoner="E", declarers=["A"], adversaries=adversaries("A"))
