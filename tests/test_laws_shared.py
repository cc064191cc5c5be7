"""The laws both families share (issue 20): the calls in force (``hoyle.laws.calls``), the one rule shape
(``hoyle.laws.codes.Rule``, ``by_remedy``, ``role_rule``) and the facts of the play (``hoyle.laws.hand``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from hoyle import IllegalAction
from hoyle.cards import CARD_TEXT
from hoyle.laws import boston, solo
from hoyle.laws.calls import Calls, calls_text, doubtful, required, unseen_beyond
from hoyle.laws.codes import ANY, CODES, GAME_LINES, Rule, by_remedy, role_rule
from hoyle.laws.decision import ROUND_REMEDIES
from hoyle.laws.hand import LawHand, Renounce, claimable, establish, established_revokes, standing
from hoyle.tricks import trick_winner
from laws_helpers import law_table
from test_solo_lawmode import misere


def c(text: str) -> int:
    return CARD_TEXT.index(text)


def mask(*texts: str) -> int:
    m = 0
    for t in texts:
        m |= 1 << c(t)
    return m


def cards(m: int) -> list[str]:
    return [CARD_TEXT[i] for i in range(52) if m >> i & 1]


@dataclass
class Trick:
    """A trick as the law of the calls reads it (``TrickState``): the cards on the table, in order, and those played
    to the quitted tricks."""

    trick: list[int] = field(default_factory=list)
    quitted: list[int] = field(default_factory=list)
    trumps: int | None = 3  # spades

    @property
    def lead_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

    def would_win(self, card: int) -> bool:
        return not self.trick or trick_winner([*self.trick, card], self.trumps) == len(self.trick)

    def played_cards(self) -> list[int]:
        return [*self.quitted, *self.trick]


HAND = mask("2H", "9H", "KH", "3S", "QS", "4C")


def test_a_suit_called_binds_the_lead_only_if_he_holds_it() -> None:
    assert cards(required(HAND, Calls(lead_suit=2), Trick())) == ["2H", "9H", "KH"]  # 000 §62, 002 §24
    assert required(HAND, Calls(lead_suit=1), Trick()) == HAND  # no diamond: any card
    assert required(mask("2H", "9H"), Calls(lead_suit=3), Trick([c("5H")])) == mask("2H", "9H")  # not at the lead


def test_highest_lowest_win_and_not_win_of_the_suit_led() -> None:
    hearts = mask("2H", "9H", "KH")
    led = Trick([c("TH")])
    assert required(hearts, Calls(req="highest"), led) == mask("KH")
    assert required(hearts, Calls(req="lowest"), led) == mask("2H")
    assert required(hearts, Calls(req="win"), led) == mask("KH")
    assert required(hearts, Calls(req="not win"), led) == mask("2H", "9H")
    assert required(hearts, Calls(req="highest"), Trick()) == hearts  # nothing led: highest binds nothing


def test_trump_calls_and_no_trumps() -> None:
    void = mask("3S", "QS", "4C")  # none of the hearts led
    led = Trick([c("TH")])
    assert required(void, Calls(req="trump"), led) == mask("3S", "QS")
    assert required(void, Calls(req="not trump"), led) == mask("4C")
    assert required(void, Calls(req="highest trump"), led) == mask("QS")
    assert required(void, Calls(req="lowest trump"), led) == mask("3S")
    no_trumps = Trick([c("TH")], trumps=None)  # Cayenne's grand: no card can trump
    assert required(void, Calls(req="trump"), no_trumps) == void
    assert required(mask("3S", "QS"), Calls(req="not trump"), led) == mask("3S", "QS")  # cannot comply: any


def test_a_called_card_comes_after_the_requirement_and_a_forbidden_card_is_kept_back() -> None:
    led = Trick([c("TH")])
    hearts = mask("2H", "9H", "KH")
    assert required(hearts, Calls(called=(c("AS"), c("9H"), c("KH"))), led) == mask("9H")  # the first he can play
    assert required(hearts, Calls(called=(c("9H"),), req="highest"), led) == mask("KH")  # highest first: 9H lapses
    assert required(hearts, Calls(forbidden=c("KH")), led) == mask("2H", "9H")
    assert required(mask("KH"), Calls(forbidden=c("KH")), led) == mask("KH")  # his only card: he must play it


def test_doubtful_is_judged_on_what_the_table_sees() -> None:
    led = Trick([c("TH")], quitted=[c("AH"), c("QH")])
    assert doubtful(c("4C"), Calls(lead_suit=2), Trick())  # a heart called, a club led
    assert not doubtful(c("9H"), Calls(lead_suit=2), Trick())
    assert doubtful(c("2H"), Calls(called=(c("QS"),)), Trick())  # at the lead the called card could be played
    assert not doubtful(c("2H"), Calls(called=(c("QS"),)), led)  # following suit he could not play a spade
    assert doubtful(c("3S"), Calls(called=(c("QS"),)), led)  # renouncing, he could have played it
    assert doubtful(c("KH"), Calls(forbidden=c("KH")), led) and not doubtful(c("2H"), Calls(forbidden=c("KH")), led)
    assert doubtful(c("9H"), Calls(req="highest"), led)  # JH, KH unplayed
    assert not doubtful(c("KH"), Calls(req="highest"), led)  # AH is played: KH is the highest unseen
    assert doubtful(c("3H"), Calls(req="lowest"), led)  # 2H unplayed
    assert doubtful(c("4C"), Calls(req="highest"), led)  # not of the suit led
    assert doubtful(c("9H"), Calls(req="win"), led) and not doubtful(c("KH"), Calls(req="win"), led)
    assert doubtful(c("4C"), Calls(req="trump"), Trick()) and doubtful(c("3S"), Calls(req="not trump"), Trick())
    assert not doubtful(c("4C"), Calls(req="trump"), Trick(trumps=None))
    assert doubtful(c("3S"), Calls(req="highest trump"), led) and not doubtful(c("AS"), Calls(req="highest trump"), led)
    assert not doubtful(c("9H"), Calls(req="win"), Trick())  # nothing led: win binds no lead
    assert not doubtful(c("9H"), Calls(), led)


def test_unseen_beyond_and_the_calls_in_words() -> None:
    t = Trick([c("KD")], quitted=[c("AD")])
    assert not unseen_beyond(c("QD"), True, t) and unseen_beyond(c("JD"), True, t)  # KD, AD played
    assert unseen_beyond(c("3D"), False, t) and not unseen_beyond(c("2D"), False, t)
    assert (
        calls_text([c("QS"), c("2H")], 2, "lowest") == "called card QS, 2H; must lead hearts; required to play lowest"
    )
    assert calls_text((), None, None) == "none"


def test_a_law_hand_is_the_trick_the_calls_read() -> None:
    hands = [mask("2H", "9H", "KH"), mask("TH"), mask("4C"), mask("5C")]
    h = LawHand(hands, 3, c("2S"))
    h.take(1, c("TH"))
    h.trick.append((1, c("TH")))
    h.trick_leader = 1
    assert h.played_cards() == [c("TH")] and h.lead_suit == 2
    assert required(h.lawful(0), Calls(req="not win"), h) == mask("2H", "9H")


def test_one_rule_shape_each_remedy_citing_its_law() -> None:
    r = by_remedy(("002 §21", "003 Solo digest"), "may be called", (("call card", "002 §21 Boston"), ("waive", "x")))
    assert r == Rule(("002 §21", "003 Solo digest"), "may be called", ("call card", "waive"), cites=r.cites)
    assert r.options() == [("call card", "002 §21 Boston"), ("waive", "x")]
    assert r.law_of("require highest") == "002 §21"  # no law of its own: the rule's first
    plain = Rule(("000 §62",), "a suit may be called", ("call card", "call suit"))
    assert plain.options() == [("call card", "000 §62"), ("call suit", "000 §62")]


def test_a_round_games_rule_by_the_offenders_role() -> None:
    mine = Rule(("a",), "the misère adversary's")
    every = Rule(("b",), "every offence of a general misère")
    fallback = Rule(("c",), "anyone's")
    rules = {("exposed card", "misere adversary"): mine, (ANY, "general"): every, ("exposed card", ANY): fallback}
    assert role_rule(rules, "exposed card", ("misere adversary", "adversary")) is mine
    assert role_rule(rules, "exposed card", ("caller",)) is fallback
    assert role_rule(rules, "exposed card", ("general",)) is every
    assert role_rule(rules, "lead out of turn", ("general",)) is every
    assert role_rule(rules, "lead out of turn", ("caller",)) is None


def test_the_facts_a_claim_may_be_made_on() -> None:
    open_ = Renounce(1, 2, c("4C"), 2, True)
    corrected = Renounce(1, 3, c("5C"), 2, True, status="corrected")
    failed = Renounce(3, 4, c("6C"), -1, True, status="established", kind="failed")
    doubt = Renounce(3, 5, c("7C"), -1, False, status="established", kind="doubt")
    dummy = Renounce(3, 6, c("8C"), 2, True, status="established", dummy=True)
    other = Renounce(0, 6, c("9C"), 2, True, status="established")
    facts = [open_, corrected, failed, doubt, dummy, other]
    assert standing(facts, (1, 3)) == [open_, failed, doubt]
    assert claimable(standing(facts, (1, 3))) == [open_, doubt]
    assert established_revokes(standing(facts, (1, 3))) == [failed]
    assert established_revokes(facts) == [failed, dummy, other]


def test_facts_established_by_trick_by_side_and_at_the_end() -> None:
    first = Renounce(1, 1, c("4C"), 2, True)
    second = Renounce(3, 2, c("5C"), 2, True)
    corrected = Renounce(1, 1, c("6C"), 2, True, status="corrected")
    third = Renounce(0, 3, c("7C"), 2, False)
    facts = [first, second, corrected, third]
    assert establish(facts, before=2) == [first]  # a card led to trick 2: trick 1's renounces stand (002 §28)
    assert (second.status, corrected.status) == ("open", "corrected")
    assert establish(facts, seats=(0, 2)) == [third]  # an act of play by N-S (000 Case VII)
    assert establish(facts) == [second] and establish(facts) == []


def test_one_apply_and_one_penalty_phase_at_the_boundary_of_both_families() -> None:
    """LawTable's apply, to_act, legal_actions and refusal serve the Whist family (seats by index inside) and the
    round games (by name) alike, the seat named at the boundary."""
    t = law_table()
    t.apply("W: deal uncut")
    assert (t.phase, t.to_act, [str(a) for a in t.legal_actions()]) == ("penalty", "N", ["claim misdeal", "waive"])
    refused = "play AS: N is to choose (W dealt without having the pack cut); the choices are: claim misdeal, waive"
    for act in ("play AS", "N: play AS"):
        with pytest.raises(IllegalAction) as e:
            t.apply(act)
        assert str(e.value) == refused
    with pytest.raises(IllegalAction) as e:
        t.apply("X: play AS")
    assert str(e.value) == "X: play AS: there is no seat 'X'; the seats are N, E, S, W"
    assert t.record()["actions"][-1] == "W: deal uncut"
    s = misere()
    s.apply("B: play TS")
    assert s.to_act == "C" and s.view(None)["phase"] == "penalty"
    with pytest.raises(IllegalAction) as e:
        s.apply("play 2S")
    assert str(e.value) == (
        "play 2S: C is to choose (B led the ten of spades out of turn); the choices are: claim the stakes, call suit,"
        " call card TS, waive"
    )
    with pytest.raises(IllegalAction) as e:
        s.apply("A: play 2S")
    assert str(e.value).startswith("A: play 2S: it is C's turn, not A's, and play 2S is not an act A can take now")


def test_every_code_and_game_rules_in_the_one_shape() -> None:
    """One rule shape (issue 20): every code's table, 002's Cayenne lines, and Solo's and Boston's tables by role are
    Rules; a round game's remedies are kinds of Remedy (and Boston's own ``take back``), each citing a law."""
    tables = [*CODES.values(), *(t for lines in GAME_LINES.values() for t in lines.values())]
    assert all(isinstance(r, Rule) for t in tables for r in t.values())
    for rules in (solo.RULES, boston.RULES):
        for (key, role), r in rules.items():
            assert isinstance(r, Rule) and key and role, (key, role)
            own = {"take back"} if rules is boston.RULES else set()  # 002 §24 Boston: the bidder's card taken back
            assert set(r.remedies) <= set(ROUND_REMEDIES) | own, (key, role, r.remedies)
            assert [k for k, _ in r.options()] == list(r.remedies) and all(law for _, law in r.options())
