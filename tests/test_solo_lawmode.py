"""Solo Whist at law (``hoyle.game("solo", irregularities=True)``): each law of 003's digest and of 002's Solo
lines reached at the table, with its ruling and its money (docs/solo.md, "The laws").

The deal: D deals and turns the 2H (hearts trumps); A, the eldest, holds the top cards; C holds no club and
makes a fair misère hand.  Money at the default stakes, 6-12-18 pence (003).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction
from hoyle.engine.table import Table
from laws_helpers import bots_sit
from test_conformance import CASES, Case, Checker, Worlds

HANDS = {
    "A": "AS KS QS JS AH KH QH JH AD KD AC KC QC",
    "B": "TS 9S 8S TH 9H 8H QD JD TD JC TC 9C 8C",
    "C": "7S 6S 5S 4S 3S 7H 6H 5H 9D 8D 7D 6D 5D",
    "D": "2S 4H 3H 7C 6C 5C 4C 3C 2C 4D 3D 2D 2H",
}


def table(*calls: str, **options: Any) -> Table:
    """A law-mode table with the deal above, the auction said by ``calls`` (eldest first)."""
    t = hoyle.game("solo", irregularities=True, **options).table(deal={"dealer": "D", "turned": "2H", "hands": HANDS})
    for c in calls:
        t.apply(c)
    return t


def solo() -> Table:
    return table("call solo", "pass", "pass", "pass")


def misere() -> Table:
    """C calls misère; A leads."""
    return table("pass", "pass", "call misere", "pass")


def proposal() -> Table:
    """A proposes, B accepts: A and B against C and D."""
    return table("propose", "accept", "pass", "pass")


def eight_tricks_and_a_revoke() -> Table:
    """A calls solo in spades, makes eight tricks, and revokes in the tenth (he holds 3C 2C and plays the 3D)."""
    hands = {
        "A": "AS KS QS JS TS AH KH QH 4D 3D 2D 3C 2C",
        "B": "9S 8S 7S JH TH 9H AD KD QD AC KC QC JC",
        "C": "6S 5S 4S 8H 7H 6H JD TD 9D TC 9C 8C 7C",
        "D": "3S 5H 4H 3H 2H 8D 7D 6D 5D 6C 5C 4C 2S",
    }
    t = hoyle.game("solo", irregularities=True).table(deal={"dealer": "D", "turned": "2S", "hands": hands})
    for c in ("call solo", "pass", "pass", "pass"):
        t.apply(c)
    for lead in ("AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH"):
        play(t, lead)
        for _ in range(3):
            t.apply(t.legal_actions()[-1])
    play(t, "2D", "QD", "9D", "6D")  # B wins
    play(t, "AC", "7C", "4C", "play 3D")  # A renounces clubs holding 3C 2C
    play(t, "KC", "8C", "5C", "2C", "QC", "9C", "6C", "3C", "JC", "TC", "5D", "4D")
    return t


def rulings(t: Table, since: int = 0) -> list[Any]:
    return [e for e in t.events[since:] if e.kind == "ruling"]


def texts(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


def cited(t: Table, since: int = 0) -> list[str]:
    out: list[str] = []
    for e in rulings(t, since):
        out.extend(e.law if isinstance(e.law, list) else [e.law])
    return out


def play(t: Table, *cards: str) -> None:
    for c in cards:
        t.apply(c if ":" in c or " " in c else f"play {c}")


def steer(t: Table, plan: str) -> None:
    """Play whole tricks so that the declaring side ("D") or the adversaries ("A") win them, as ``plan`` says."""
    for want in plan:
        path = _trick(t, want)
        assert path is not None, f"cannot steer the next trick to {want}"
        for a in path:
            t.apply(a)


def _trick(t: Table, want: str) -> list[Any] | None:
    declarers = set(t.view(None)["contract"]["declarers"])
    for a in t.legal_actions():
        c = t.clone()
        events = c.apply(a)
        done = [e for e in events if e.kind == "trick"]
        if done:
            if (done[-1].data["winner"] in declarers) == (want == "D"):
                return [a]
            continue
        rest = _trick(c, want)
        if rest is not None:
            return [a, *rest]
    return None


def finish(t: Table) -> None:
    """Play the first lawful card (claiming every revoke) until the deal is settled."""
    deal = len(t.record()["deals"])
    while not t.over and "result" not in t.record()["deals"][deal - 1]:
        legal = texts(t.legal_actions())
        t.apply(next((a for a in ("claim revoke", "search tricks", "waive") if a in legal), legal[0]))


def settled(t: Table) -> dict[str, Any]:
    return t.record()["deals"][0]["result"]


# ---------------------------------------------------------------------------------------------- misère


def test_lead_out_of_turn_against_misere_gives_the_caller_the_stakes_002_24_solo() -> None:
    """002 §24 Solo, 003 digest: a lead out of turn against a misère; the caller claims the stakes, paid by the
    offender for himself and his partners: 12d x 3 by B."""
    t = misere()
    assert t.to_act == "A"
    t.apply("B: play TS")
    assert t.to_act == "C" and t.view(None)["phase"] == "penalty"
    assert texts(t.legal_actions()) == ["claim the stakes", "call suit", "call card TS", "waive"]
    assert dict((str(a), law) for a, law in t.remedies())["claim the stakes"] == "002 §24 Solo"
    t.apply("claim the stakes")
    assert t.scores == {"A": 0, "B": -36, "C": 36, "D": 0}
    assert "002 §24 Solo" in cited(t)
    assert t.record()["actions"][-2] == "B: play TS"


def test_exposed_card_against_misere_gives_the_caller_the_stakes_003_digest() -> None:
    """003 digest: "If a card is exposed by one of the adversaries of a misère ... the misère-caller can
    immediately claim the stakes ... paid by the offender for himself and his partners"."""
    t = misere()
    t.apply("D: expose 2S")
    assert t.to_act == "C"
    assert texts(t.legal_actions()) == ["claim the stakes", "waive"]
    t.apply("claim the stakes")
    assert t.scores == {"A": 0, "B": 0, "C": 36, "D": -36}


def test_play_out_of_turn_against_misere_gives_the_stakes_002_26_solo() -> None:
    """002 §26 Solo: "If the adversary of a Misère player leads or plays out of turn, the bidder may immediately
    claim the stakes ... the individual player in fault must pay for himself and for his partners"."""
    t = misere()
    t.apply("play JS")
    t.apply("D: play 2S")  # B is to play
    assert t.to_act == "C" and "claim the stakes" in texts(t.legal_actions())
    # At a misère there are no trumps: no call "to trump or not to trump" (003 digest) is offered.
    assert texts(t.legal_actions()) == [
        "claim the stakes",
        "require highest",
        "require lowest",
        "require win",
        "require not win",
        "waive",
    ]
    t.apply("claim the stakes")
    assert t.scores == {"A": 0, "B": 0, "C": 36, "D": -36}


def test_looking_at_the_last_trick_in_a_misere_is_a_lead_out_of_turn_002_37_solo() -> None:
    """002 §37 Solo: looking at the last trick is permitted "except in Misères. The penalty in a misère game is
    the same as for a lead out of turn"; 003 digest: "A trick once turned in a misère must not be looked at"."""
    t = misere()
    play(t, "JS", "8S", "3S", "2S")  # A wins with the knave
    t.apply("B: look at trick 1")
    assert t.to_act == "C"
    assert texts(t.legal_actions()) == ["claim the stakes", "call suit", "waive"]
    t.apply("claim the stakes")
    assert t.scores == {"A": -36, "B": 0, "C": 36, "D": 0} or t.scores == {"A": 0, "B": -36, "C": 36, "D": 0}
    assert t.scores["B"] == -36
    assert "002 §37 Solo" in cited(t)


def test_a_revoke_against_misere_is_claimed_at_once_003_digest() -> None:
    """003 digest: the misère caller "can enforce the same penalty ... if a revoke is made against him"; the claim
    is made at once and the tricks searched (002 §32); the revoker pays for all (002 §31 Solo)."""
    t = misere()
    play(t, "JS", "play TH")  # B renounces spades holding TS 9S 8S: a renounce in error, a fact
    assert not rulings(t)
    play(t, "3S", "2S")  # B wins with nothing: A's knave wins the trick
    n = len(t.events)
    # Nothing is established until the offender's side plays to the next trick (002 §28).
    t.apply("C: claim revoke")
    assert rulings(t, n)[-1].data["remedy"] == "refused"
    play(t, "AS")  # A leads to the second trick: B's renounce is established
    t.apply("C: claim revoke")
    assert t.scores == {"A": 0, "B": -36, "C": 36, "D": 0}


def _both_revoke_at_a_misere() -> Table:
    """C calls misère and revokes in the first trick; B revokes in the fourth; C claims B's revoke at once."""
    t = misere()
    play(t, "AD", "QD", "play 3S", "2D")  # C renounces diamonds holding five: in error
    play(t, "KD", "JD", "5D", "3D")  # A leads again: C's renounce is established
    play(t, "AS", "play 9H", "4S", "2S", "KS")  # B renounces spades holding three; established by A's lead
    t.apply("C: claim revoke")
    return t


def test_a_misere_callers_claim_at_once_leaves_his_own_revoke_to_be_claimed_003_digest() -> None:
    """003 digest: "No revoking player or partnership can win a declaration"; "In case of a revoke on both sides,
    the deal is void"; 002 §33: a revoke may be claimed until the next cut.  C, who revoked himself, claims B's
    revoke at once: the adversaries may still claim his, and the deal is void (the table paid C the stakes)."""
    t = _both_revoke_at_a_misere()
    assert t.view(None)["phase"] == "claims" and t.to_act == "A"
    assert texts(t.legal_actions()) == ["claim revoke", "waive"]
    t.apply("claim revoke")
    t.apply("search tricks")
    assert settled(t)["void"] == "revokes on both sides" and settled(t)["revokes"] == {"B": 1, "C": 1}
    assert t.scores == {"A": 0, "B": 0, "C": 0, "D": 0}
    back = hoyle.replay(t.record())
    assert [e.text for e in back.events] == [e.text for e in t.events]


def test_a_misere_callers_revoke_not_claimed_leaves_him_the_stakes_002_33() -> None:
    """002 §33, laws-design §2: a revoke is penalised only if claimed: the adversaries waive, B pays for all."""
    t = _both_revoke_at_a_misere()
    t.apply("waive")
    assert t.scores == {"A": 0, "B": -36, "C": 36, "D": 0}


def test_a_defeated_misere_shows_the_opposing_hands_003_digest() -> None:
    """003 digest: "after a misère is defeated ... the opposing hands be instantly exposed"; the caller pays."""
    t = table("call misere", "pass", "pass", "pass")  # A, holding the top cards, calls misère
    play(t, "JS", "8S", "3S", "play 3C")  # A takes the first trick: the misère is lost (D renounced, too)
    shows = [e for e in t.events if e.kind == "expose" and "opposing hands" in e.text]
    assert shows and set(shows[-1].data["hands"]) == {"B", "C", "D"}
    assert t.places()["AC"] == "hand A" and t.places()["TS"] == "exposed B"
    assert t.to_act == "A" and texts(t.legal_actions()) == ["claim revoke", "waive"]
    t.apply("waive")
    assert t.scores == {"A": -36, "B": 12, "C": 12, "D": 12}
    assert settled(t)["won"] is False


# ---------------------------------------------------------------------------------------------- revokes


def test_a_solo_callers_revoke_with_eight_tricks_pays_6d_each_003_digest() -> None:
    """003 digest: "supposing a solo-caller revokes, and he has made eight or nine tricks, he would, after the
    penalty was paid, have made enough to win the solo. He then only pays 6d." to each of his opponents."""
    t = eight_tricks_and_a_revoke()
    assert t.view(None)["tricks"]["A"] == 8
    assert t.view(None)["phase"] == "claims" and t.to_act == "B"
    t.apply("claim revoke")
    assert texts(t.legal_actions()) == ["search tricks"]
    t.apply("search tricks")
    assert any("renounced clubs in trick 10" in e.text for e in rulings(t))
    while t.view(None)["phase"] == "claims":
        t.apply("waive")
    assert t.scores == {"A": -18, "B": 6, "C": 6, "D": 6}
    assert settled(t)["revokes"] == {"A": 1}


def test_revokes_on_both_sides_void_the_deal_003_digest() -> None:
    """003 digest: "In case of a revoke on both sides, the deal is void"."""
    t = solo()
    play(t, "AC", "8C", "5H", "2C")
    play(t, "5D", "2D", "play AS", "TD")  # A revokes
    play(t, "8S", "play 6D", "2S", "KS")  # C renounces spades holding 7S 6S...: C revokes; A wins
    finish(t)
    result = settled(t)
    assert result["void"] == "revokes on both sides"
    assert t.scores == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_no_revoke_claimed_is_no_revoke_002_33() -> None:
    """laws-design §2: a revoke is penalised only if claimed; waived, the hand is scored as played."""
    t = solo()
    play(t, "AC", "8C", "5H", "2C")
    play(t, "5D", "2D", "play AS", "TD")
    while t.view(None)["phase"] != "claims":
        t.apply(t.legal_actions()[0])
    while t.view(None)["phase"] == "claims":
        t.apply("waive")
    assert "revokes" not in settled(t)


def test_mixing_the_tricks_after_a_claim_establishes_the_revoke_002_32() -> None:
    """002 §32: "no proof is necessary and the revoke is established, if, after it has been claimed, the accused
    player or his partner mixes the cards before they have been examined"."""
    t = solo()
    play(t, "AC", "8C", "5H", "2C")  # C ruffs lawfully: a renounce, not in error
    steer(t, "DDDDDDDDDDDD")
    assert t.view(None)["phase"] == "claims"
    while t.view(None)["decision"]["side"] != ["A"]:
        t.apply("waive")
    t.apply("claim revoke")
    assert "mix tricks" in texts(t.irregular_actions("C"))
    t.apply("C: mix tricks")
    t.apply("search tricks")
    assert settled(t)["revokes"] == {"C": 1}
    # A made 12, and three for the revoke: 13, 6d + 8 over-tricks = 14d a share, all paid by C (003 digest).
    assert t.scores == {"A": 42, "B": 0, "C": -42, "D": 0}


def test_a_renounce_corrected_in_time_is_no_revoke_and_the_card_is_exposed_002_29() -> None:
    """002 §28-29: a renounce in error may be corrected before the trick is quitted; the card played is liable to
    be called; those who played after him may take their cards back."""
    t = solo()
    play(t, "AC", "play 9H")  # B renounces clubs holding JC TC 9C 8C
    play(t, "5H")  # C ruffs after him
    assert "correct" in texts(t.irregular_actions("B"))
    t.apply("B: correct")
    assert t.to_act == "B"
    assert t.places()["9H"] == "exposed B" and t.places()["5H"] == "hand C"
    assert "002 §29" in cited(t)
    assert all(str(a).startswith("play ") and str(a)[-1] == "C" for a in t.legal_actions())
    play(t, "8C", "5H", "2C")  # the trick is complete and lies on the table
    play(t, "5D")  # C leads to the next: the renounce facts of trick 1 are past correcting
    assert "correct" not in texts(t.irregular_actions("B"))


def test_a_renounce_in_the_completed_trick_can_be_corrected_before_the_next_card_002_28() -> None:
    """002 §28: correctable "before the trick in which it occurs has been turned and quitted"."""
    t = solo()
    play(t, "AC", "8C", "5H", "play 2S")  # D renounces clubs holding six of them; the trick is complete
    assert t.view(None)["tricks"]["C"] == 1
    t.apply("D: correct")
    assert t.view(None)["tricks"]["C"] == 0 and t.to_act == "D"
    assert t.places()["2S"] == "hand D" or t.places()["2S"] == "exposed D"
    play(t, "2C")
    assert t.view(None)["tricks"]["C"] == 1


# ---------------------------------------------------------------------------------------------- exposed cards


def test_an_exposed_trump_called_not_to_ruff_is_enforced_002_21_solo() -> None:
    """002 §21 Solo, 003 digest: "If the exposed card is a trump, and trumps are not led, the adversary may say,
    'Follow suit or pass the trick,' when the holder of the exposed card must not trump"."""
    t = solo()
    t.apply("C: expose 7H")
    assert t.places()["7H"] == "exposed C"
    assert t.view("A")["exposed"] == {"C": ["7H"]}
    play(t, "AC", "8C")
    assert t.to_act == "A" and t.view(None)["phase"] == "penalty"
    assert texts(t.legal_actions()) == ["call card 7H", "require not trump", "waive"]
    t.apply("require not trump")
    assert t.to_act == "C"
    assert all(str(a)[-1] in "SD" for a in t.legal_actions())
    assert "play 5H" in texts(t.irregular_actions("C"))


def test_failing_to_comply_with_a_call_is_a_revoke_002_38() -> None:
    """002 §38: a player "lawfully called upon ... to trump or not to trump a trick ... [who] unnecessarily fails
    to comply, ... is liable to the same penalty as if he had revoked"; the revoker pays all (003 digest)."""
    t = solo()
    t.apply("C: expose 7H")
    play(t, "AC", "8C", "require not trump", "play 5H", "2C")  # C ruffs against the call
    steer(t, "DDDDDDDDDDDD")
    while t.view(None)["decision"]["side"] != ["A"]:
        t.apply("waive")
    t.apply("claim revoke")
    t.apply("search tricks")
    assert any("failed to comply" in e.text for e in rulings(t))
    assert t.scores == {"A": 42, "B": 0, "C": -42, "D": 0}


def test_the_called_card_must_be_played_when_its_suit_is_led_003_digest() -> None:
    """003 digest: when the exposed card's suit is led, the adversary "may say ... 'Play'—or 'Don't—play that
    card;' or he can make him play either the highest or lowest of his suit"."""
    t = solo()
    t.apply("B: expose 9S")
    play(t, "AS")
    assert t.to_act == "A"
    assert texts(t.legal_actions()) == ["call card 9S", "forbid card 9S", "require highest", "require lowest", "waive"]
    t.apply("call card 9S")
    assert texts(t.legal_actions()) == ["play 9S"]
    play(t, "9S")
    assert t.places()["9S"] == "trick"


def test_an_exposed_card_may_be_prohibited_from_the_lead_against_a_solo_003_digest() -> None:
    """003 digest: the offender cannot be prevented "from leading it when it is his turn to lead, except against a
    solo or abondance, when he may be repeatedly prohibited from leading it"."""
    t = solo()
    play(t, "AC", "8C", "5H", "2C")  # C ruffs and has the lead
    t.apply("C: expose 9D")
    assert t.to_act == "A"
    assert texts(t.legal_actions()) == ["call card 9D", "forbid card 9D", "waive"]
    t.apply("forbid card 9D")
    assert t.to_act == "C" and "play 9D" not in texts(t.legal_actions()) and len(t.legal_actions()) == 11
    assert t.view(None)["calls"] == {"C": {"liable": ["9D"], "require": "not card 9D"}}


def test_the_calls_on_an_exposed_card_do_not_tell_what_the_offender_holds_003_digest() -> None:
    """003 digest: "Follow suit or play the —" is said as long as the card is unplayed, whether or not he can follow;
    002 §21 Solo: "If the owner of the exposed card has no other of the suit, the penalty is paid".  The choices
    (and whether there is any) follow what the table sees, not the offender's concealed cards: D's 2S, his only
    spade, gets the same choices as B's 9S among three; B's exposed trump the same as C's, though B can follow."""
    t = solo()
    t.apply("D: expose 2S")
    play(t, "AS", "8S", "3S")
    assert t.to_act == "A" and t.view(None)["phase"] == "penalty"  # no choice at all told A that D had no other
    assert texts(t.legal_actions()) == ["call card 2S", "forbid card 2S", "require highest", "require lowest", "waive"]
    t.apply("forbid card 2S")
    assert texts(t.legal_actions()) == ["play 2S"]  # he has no other: the penalty is paid
    for seat, trump in (("B", "8H"), ("C", "7H")):  # B holds four clubs, C none
        t = solo()
        t.apply(f"{seat}: expose {trump}")
        play(t, "AC")
        if seat == "C":
            play(t, "8C")
        assert t.to_act == "A", seat
        assert t.view("A")["decision"]["options"] == [
            {"action": f"call card {trump}", "law": "003 Solo digest"},
            {"action": "require not trump", "law": "002 §21 Solo"},
            {"action": "waive", "law": "003 Solo digest"},
        ]
    t.apply("call card 7H")
    assert texts(t.legal_actions()) == ["play 7H"]  # C has no club: he must play it


def test_exposed_cards_of_the_single_caller_carry_no_penalty_002_20_solo() -> None:
    """002 §20 Solo: "there are no penalties for cards exposed by the single player, because he has no partner";
    003 digest: "There is no penalty if the caller of a solo ... exposes any or all of his cards"."""
    t = solo()
    t.apply("A: expose KC")
    assert rulings(t)[-1].data["remedy"] == "none"
    assert t.places()["KC"] == "exposed A"
    play(t, "AC", "8C", "5H", "2C", "5D")
    assert t.view(None)["phase"] == "play"  # no penalty phase for A's exposed card


def test_a_penalty_not_exacted_in_proper_turn_is_lost_002_21_solo() -> None:
    """002 §21 Solo: "Penalties must be exacted by players in their proper turn, or the right to exact them is
    lost. For instance: In Solo Whist, A is the proposer, B the acceptor, and B has an exposed card in front of him.
    When Y plays he should say whether or not he wishes to call the exposed card. If he says nothing, B must await
    Z's decision": D, the adversary on B's right, says nothing; B awaits C's decision; C says nothing: lost."""
    t = proposal()
    t.apply("B: expose TC")
    play(t, "AC")
    assert t.to_act == "D"  # the adversary on B's right (002 §24)
    assert "call card TC" in texts(t.legal_actions())
    assert "call card TC" in texts(t.irregular_actions("C"))  # 003: the partners may decide which exacts it
    t.apply("waive")
    assert "002 §21" in cited(t) or "002 §21 Solo" in cited(t)
    # Without the fix the right was lost here, with Z never asked.
    assert t.to_act == "C" and t.view(None)["phase"] == "penalty"
    assert "call card TC" in texts(t.legal_actions())
    assert "B must await C's decision" in rulings(t)[-1].text
    t.apply("waive")
    assert "the right is lost for this turn" in rulings(t)[-1].text
    with pytest.raises(IllegalAction):
        t.apply("C: call card TC")
    with pytest.raises(IllegalAction):
        t.apply("D: call card TC")
    assert "play 8C" in texts(t.legal_actions()) and t.to_act == "B"


def test_the_second_adversary_exacts_the_penalty_the_first_let_pass_002_21_solo() -> None:
    """002 §21 Solo (Y says nothing, B awaits Z's decision): C calls the exposed card D let pass; it is enforced."""
    t = proposal()
    t.apply("B: expose TC")
    play(t, "AC")
    t.apply("waive")  # D
    t.apply("call card TC")  # C
    assert t.to_act == "B" and texts(t.legal_actions()) == ["play TC"]


def test_partners_must_not_consult_on_a_penalty_003_digest() -> None:
    """003 digest: the partners "may decide which of them shall exact the penalty, but must not consult, save in
    the case of a revoke"."""
    t = proposal()
    t.apply("B: expose TC")
    play(t, "AC")
    t.apply("C: consult")
    assert rulings(t)[-1].data["irregularity"] == "consultation"
    assert t.to_act == "B" and len(t.legal_actions()) == 4


# ---------------------------------------------------------------------------------------------- out of turn


def test_lead_out_of_turn_then_a_suit_called_from_the_offender_002_24() -> None:
    """002 §24, 003 digest: a lead out of turn; the adversary on the offender's right may call a suit from him or
    his partner when next either has the lead; failing to lead it is a revoke (002 §38)."""
    t = proposal()
    t.apply("C: play 7S")
    assert t.to_act == "B"  # the declarer on C's right
    assert texts(t.legal_actions()) == ["call card 7S", "call suit", "waive"]
    t.apply("call suit")
    assert t.places()["7S"] == "hand C" and t.to_act == "A"
    # the right is public: every view shows whom a suit is to be called from, and by whom
    pending = {"suit to be called": {"by": "B", "why": "C led out of turn"}}
    assert t.view("A")["calls"] == {"C": pending, "D": pending} == t.view(None)["calls"]
    play(t, "AD", "QD", "9D", "2D")  # A wins; later C or D leads
    steer(t, "D")
    steer(t, "A")
    assert t.view(None)["phase"] == "penalty" and t.to_act == "B"
    leader = t.view(None)["decision"]["offender"]
    t.apply("call suit S")
    assert all(str(a)[-1] == "S" for a in t.legal_actions()), (leader, t.legal_actions())
    assert t.view(None)["calls"] == {leader: {"lead": "S"}}  # the right is spent; the call is in force


def test_a_lead_out_of_turn_waived_stands_003_digest() -> None:
    """The offended side may let the lead stand: the play goes on from it."""
    t = solo()
    t.apply("C: play 5D")
    t.apply("waive")
    assert t.to_act == "D" and t.view(None)["trick"] == [{"seat": "C", "card": "5D"}]


def test_a_play_out_of_turn_against_a_solo_the_bidder_calls_on_the_adversary_passed_over_002_26_solo() -> None:
    """002 §26 Solo: "the bidder may call upon the adversary who has not played to play his highest or lowest of
    the suit led, or to win or not to win the trick"; 003: "or to trump or not to trump"."""
    t = solo()
    play(t, "QC")
    t.apply("D: play 2C")  # B and C have not played
    assert t.to_act == "A"
    assert texts(t.legal_actions()) == [
        "require highest",
        "require lowest",
        "require win",
        "require not win",
        "require trump",
        "require not trump",
        "waive",
    ]
    t.apply("require highest")
    assert t.to_act == "B" and texts(t.legal_actions()) == ["play JC"]
    play(t, "JC")
    assert t.to_act == "C"
    play(t, "5H")  # C ruffs; D's club goes to the trick in his turn
    assert t.view(None)["tricks"]["C"] == 1


# ---------------------------------------------------------------------------------------------- hands


def test_abandoned_hand_by_the_caller_pays_as_if_all_the_rest_were_lost_002_27_solo() -> None:
    """002 §27 Solo: "should the bidder abandon his hand, he ... must pay the stakes and settle for all over-tricks
    as if they had lost all the remaining tricks": two tricks made of five, 6d + 3 under-tricks = 9d each."""
    t = solo()
    steer(t, "DD")
    t.apply("A: throw down hand")
    assert t.scores == {"A": -27, "B": 9, "C": 9, "D": 9}


def test_abandoned_hand_by_an_adversary_not_played_out_002_27_solo() -> None:
    """002 §27 Solo: an adversary abandons; his partners do not demand it played out: he pays the caller as if the
    call had succeeded with every remaining trick (hoyle's reading): 13 tricks, 6d + 8 = 14d, three shares."""
    t = solo()
    t.apply("B: throw down hand")
    assert t.to_act == "C" and texts(t.legal_actions()) == ["demand play out", "waive"]
    t.apply("waive")
    assert t.scores == {"A": 42, "B": -42, "C": 0, "D": 0}


def test_abandoned_hand_the_first_partner_chooses_even_the_first_seat_002_27_solo() -> None:
    """002 §27 Solo: the abandoner's partners choose; the first of them in the order of play (A, the first seat of
    the table) is the one to act, not the partner on the abandoner's right (B)."""
    t = table("pass", "pass", "pass", "call solo")  # D against A, B and C
    t.apply("C: throw down hand")
    d = t.view(None)["decision"]
    assert t.to_act == "A" and (d["seat"], d["side"], d["offender"]) == ("A", ["A", "B"], "C")
    assert texts(t.legal_actions()) == ["demand play out", "waive"]
    assert "waive" in texts(t.irregular_actions("B"))  # his partner may take the choice instead (003 digest)


def test_a_play_out_of_turn_the_first_seat_passed_over_is_called_upon_002_26_solo() -> None:
    """002 §26 Solo: "the bidder may call upon the adversary who has not played": C plays before A and B, both his
    partners; A, the first seat of the table and the next to play, is the one called upon, not C."""
    hands = {
        "A": "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 6S",
        "B": "6C 7C 8C 9C 6D 7D 8D 9D 7S 8S 9S TS JS",
        "C": "TC JC QC TD JD QD KD QS KS AS 3H 4H 5H",
        "D": "KC AC AD 2H 6H 7H 8H 9H TH JH QH KH AH",
    }
    t = hoyle.game("solo", irregularities=True).table(deal={"dealer": "D", "turned": "2H", "hands": hands})
    for a in ("pass", "pass", "pass", "call solo"):
        t.apply(a)
    play(t, "2C", "6C", "TC", "AC", "KC")  # D takes the first trick and leads the king of clubs: A is to play
    t.apply("C: play JC")
    d = t.view(None)["decision"]
    assert (t.to_act, d["offender"], d["text"]) == (
        "D",
        "C",
        "C played out of turn: A, who has not played, may be called upon",
    )
    events = t.apply("require highest")
    assert [e.text for e in events if e.kind == "ruling"] == [
        "D requires A to play his highest card of the suit led (002 §26 Solo, 002 §38)"
    ]
    assert t.to_act == "A" and texts(t.legal_actions()) == ["play 5C"]
    assert t.view(None)["calls"] == {"A": {"require": "highest"}}


def test_abandoned_hand_played_out_and_the_call_defeated_002_27_solo() -> None:
    """002 §27 Solo: "If they defeat the call they win nothing, but the player who abandoned his hand must pay the
    caller just as if he had been successful"."""
    t = table("call misere", "pass", "pass", "pass")
    t.apply("B: throw down hand")
    assert t.to_act == "C"
    t.apply("demand play out")
    assert t.places()["TS"] == "exposed B"
    play(t, "JS")
    assert t.to_act == "A"  # B's exposed hand is liable to be called by the caller
    t.apply("call card 8S")
    play(t, "8S", "3S", "2S")  # A takes the trick: the misère is defeated
    assert settled(t)["abandoned"] == "B"
    assert t.scores == {"A": 36, "B": -36, "C": 0, "D": 0}  # B pays the misère as if it had succeeded, for all


def test_wrong_hand_sizes_an_adversary_short_the_caller_wins_003_digest() -> None:
    """003 digest: "the declaring hand or hands win the stakes if their own cards are correct, and any person ...
    with the incorrect number of cards must ... lose the stake"."""
    t = solo()
    steer(t, "D")
    t.apply("B: add JC")  # a second card to the trick just completed: B is a card short
    assert t.places()["JC"] == "gathered"
    finish(t)
    result = settled(t)
    assert result["wrong"] == ["B"] and result["won"] is True
    # Found when B has no card for the thirteenth trick: A has made twelve, 6d + 7 over-tricks = 13d a share.
    assert t.scores == {"A": 39, "B": -13, "C": -13, "D": -13}


def test_wrong_hand_of_the_declaring_side_found_early_loses_the_stake_alone_003_digest() -> None:
    """003 digest: "any person or partnership with the incorrect number of cards must, whatever has happened, lose
    the stake": B, the acceptor, a card short after the first trick, found at once: the proposal's stake, 6d a
    pair (not 6d and seven under-tricks for the eleven tricks never played)."""
    t = proposal()
    steer(t, "D")
    t.apply("B: add TC")
    t.apply("D: claim misdeal")
    result = settled(t)
    assert result["wrong"] == ["B"] and result["won"] is False and result["value"] == 6
    assert t.scores == {"A": -6, "B": -6, "C": 6, "D": 6}


def test_wrong_hand_sizes_before_the_first_call_a_new_deal_003_digest() -> None:
    """003 digest: "unless the error is discovered before the first call is announced" (then a fresh deal, the
    same dealer, no penalty)."""
    t = table()
    t.apply("D: deal a card too many to B")
    assert "claim misdeal" in texts(t.irregular_actions("A"))
    t.apply("A: claim misdeal")
    assert t.record()["deals"][0]["result"]["void"] == "new deal"
    assert t.view(None)["dealer"] == "D" and t.view(None)["deal"] == 1


def test_wrong_hand_sizes_002_caller_wrong_plays_out_002_19_solo() -> None:
    """002 §19 Solo: "Should the player with the incorrect number of cards be the caller ..., the hand must be
    played out. Should the caller make good his proposition, he neither receives nor pays"."""
    t = table("call solo", "pass", "pass", "pass", law_code="002")
    steer(t, "D")
    t.apply("A: add KS")
    t.apply("B: claim misdeal")
    assert rulings(t)[-1].data["remedy"] == "play on"
    finish(t)
    assert t.scores == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_a_card_faced_in_the_pack_a_new_deal_by_the_same_dealer_003_digest() -> None:
    """003 digest: "A fresh deal is necessary if a card is exposed or faced in the pack ... by the same player,
    and there is no penalty"."""
    t = table()
    t.apply("D: deal with a card faced")
    assert "003 Solo digest" in cited(t)
    assert t.view(None)["dealer"] == "D" and t.scores == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_looking_at_the_last_trick_is_lawful_at_a_solo_and_an_earlier_one_is_not_002_37() -> None:
    """003 digest, 002 §37 Solo: any player may ask to see the last trick, except in a misère; 002 §37: a trick
    before it may not be seen: the offender's side bears the penalty of a lead out of turn."""
    t = solo()
    steer(t, "DD")
    t.apply("C: look at trick 2")
    assert rulings(t)[-1].data["remedy"] == "none" and t.to_act == "A"
    t.apply("C: look at trick 1")
    assert t.to_act == "A" and texts(t.legal_actions()) == ["call suit", "waive"]


# ---------------------------------------------------------------------------------------------- the whole table


def _random_sitting(seed: int, players: int, code: str, rate: float) -> Table:
    case = Case("solo", {"irregularities": True, "players": players, "law_code": code, "deals": 3})
    t = case.table(seed)
    checker = Checker(case, t)
    rnd = random.Random(seed)
    state = checker.check_state(t)
    for _ in range(2000):
        if t.over:
            break
        if rnd.random() < rate:
            seat = rnd.choice(t.seats)
            acts = t.irregular_actions(seat)
            if acts:
                a = rnd.choice(acts)
                n_actions = len(t.actions)
                t.apply(f"{seat}: {a}")
                assert len(t.actions) == n_actions + 1
                state = checker.check_state(t)
                continue
        state = checker.step(t, rnd, state)
    assert t.over
    return t


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    players=st.sampled_from([3, 4, 5]),
    code=st.sampled_from(["003", "002"]),
    rate=st.sampled_from([0.03, 0.1]),
)
def test_random_irregularities_keep_the_table_whole(seed: int, players: int, code: str, rate: float) -> None:
    """Random sittings with random irregular acts: every card in one place, views leak nothing, money is
    conserved, and the record replays to the same rulings and ledger."""
    t = _random_sitting(seed, players, code, rate)
    back = hoyle.replay(t.record())
    assert back.scores == t.scores
    assert [e.text for e in back.events] == [e.text for e in t.events]


@pytest.mark.parametrize("kind", ["rules", "random"])
def test_bots_play_a_law_mode_sitting(kind: str) -> None:
    t = hoyle.game("solo", irregularities=True).table(seed=5)
    bots_sit(t, kind, err=0.05)  # the bots choose remedies and claims among others' irregularities


def test_the_rules_bot_claims_a_revoke_its_memory_proves() -> None:
    from hoyle import bots

    t = eight_tricks_and_a_revoke()  # A renounced clubs, and played them later
    assert t.to_act == "B"
    bot = bots.make("rules", "solo")
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "claim revoke"
    t.apply("claim revoke")
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "search tricks"


def test_the_rules_bot_claims_the_stakes_at_a_misere() -> None:
    from hoyle import bots

    t = misere()
    t.apply("B: play TS")
    assert str(bots.make("rules", "solo").choose(t.view("C"), t.legal_actions())) == "claim the stakes"


def test_a_renounce_played_out_of_turn_can_be_corrected_002_29() -> None:
    """002 §28-29: a card played out of turn that renounces in error, corrected while it waits on the table."""
    t = solo()
    play(t, "AC")
    t.apply("C: play 3S")  # C plays before B (no club: a lawful renounce) ...
    t.apply("waive")
    t.apply("D: play 2S")  # ... and D, holding clubs, renounces out of turn
    t.apply("waive")
    t.apply("D: correct")
    assert t.places()["2S"] == "exposed D" and t.to_act == "B"
    play(t, "8C")
    assert t.to_act == "D" and all(str(a)[-1] == "C" for a in t.legal_actions())


def test_the_claims_step_is_offered_on_what_the_table_sees() -> None:
    """Found by possible worlds (issue 13): a call not complied with while the player could comply is a fact nobody
    sees (002 §38); a misère lost at the second trick ended the hand with it in hand, and the claims step (with the
    opposing hands laid face up, 003 digest) came or not on that unseen fact, so A learnt whether B held the TS.
    The claims step is now offered on what the table sees: B played the 9S under "require highest" while a higher
    spade was unplayed, so a revoke may be claimed in every world.  (C holds the AD, A the 5D.)"""
    case = next(c for c in CASES if c.id == "solo[irregularities=True]")
    hands = {**HANDS, "A": HANDS["A"].replace("AD", "5D"), "C": HANDS["C"].replace("5D", "AD")}
    t = hoyle.game("solo", irregularities=True).table(deal={"dealer": "D", "turned": "2H", "hands": hands})
    script = ["pass", "pass", "call misere", "pass", "B: expose 8S", "waive", "play JS", "require highest"]
    script += ["B: play 9S", "play 7S", "play 2S", "play KD", "waive", "play TD", "play AD", "play 2D"]
    worlds = Worlds(case, t, random.Random(0), 0, script)
    assert worlds.table.view(None)["phase"] == "claims"
    assert worlds.table.view(None)["decision"]["options"][0]["action"] == "claim revoke"
    assert worlds.check("A", "TS", "4C")  # B without a higher spade, D with it: the same claims step
