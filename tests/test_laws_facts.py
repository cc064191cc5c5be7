"""Each code's facts (issue 20): what a code of laws says beyond its table of rules is data, ``FACTS[code]`` (and
Solo's ``SOLO_FACTS[law_code]``), read by the referee by name; no section branches on the code's name."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path

import pytest

import hoyle
from hoyle.laws.codes import CODES, FACTS, SOLO_FACTS, CodeFacts, SoloCodeFacts
from laws_helpers import law_table, rulings, steer, texts

# Each code's facts written out against the laws, field by field: a wrong value in FACTS fails here.
EXPECTED: dict[str, CodeFacts] = {
    "english-1864": CodeFacts(
        penalty_is_a_point=False,
        misdeal_may_be_excused=True,  # 000 §45, §50
        dealt_out_of_turn_law="000 §48",
        suit_called_by_adversary_on_right=False,  # 000 §62: "his adversaries may ... call a suit"
        false_lead_card_called_laws=("000 §63",),
        false_lead_cards_not_liable=False,
        false_lead_stands_laws=("000 §63",),  # "the other three have followed him, the trick is complete"
        suit_called_laws=("000 §66",),
        suit_not_held_penalty_paid=True,  # 000 §66: "have none of it, the penalty is paid"
        card_called_laws=("000 §64",),
        exposed_card_called_laws=("000 §56", "000 §65"),
        two_cards_adversary_calls=True,  # 000 §56 I
        highest_of_suit_not_held_is_trump_or_not=False,
        last_trick_may_be_seen=True,  # 000 §91: "may demand to see the last trick turned"
        honours_must_be_called=True,  # 000 §6, §7
        renounce_law="000 §71",
        revoke_proved_law="000 §73",
        revoke_claimed_laws=("000 §75", "000 §79"),
        revoke_claim_laws=("000 §75", "000 §78"),
        revoking_side_cannot_win_game=True,
        both_revoked_law="000 §81",  # "neither can win the game"
        deal_laws=("000 §30", "000 §34", "000 §44", "000 §52"),
    ),
    "american-1893": CodeFacts(
        penalty_is_a_point=False,
        misdeal_may_be_excused=True,  # 002 §17
        dealt_out_of_turn_law="002 §16",
        suit_called_by_adversary_on_right=True,  # 002 §24: "only by the adversary on the right"
        false_lead_card_called_laws=(),
        false_lead_cards_not_liable=True,  # 002 §24: "not liable to be called and must be taken back"
        false_lead_stands_laws=("002 §24",),
        suit_called_laws=(),
        suit_not_held_penalty_paid=False,  # 002 §24: "has none of it ... no penalty can be enforced"
        card_called_laws=(),
        exposed_card_called_laws=("002 §21",),
        two_cards_adversary_calls=False,  # 002 §20 II
        highest_of_suit_not_held_is_trump_or_not=True,  # 002 §35
        last_trick_may_be_seen=False,  # 002 §37
        honours_must_be_called=False,  # 002 §1: no honours
        renounce_law="002 §28",
        revoke_proved_law="002 §28",
        revoke_claimed_laws=(),
        revoke_claim_laws=("002 §32", "002 §33"),
        revoking_side_cannot_win_game=True,  # 002 §30
        both_revoked_law="002 §30",
        deal_laws=("002 §8", "002 §10", "002 §13"),
    ),
    "american-gwp": CodeFacts(
        penalty_is_a_point=True,  # 004 rule 12, rule 19
        misdeal_may_be_excused=False,  # 004 rule 9: "the deal is lost if ..."
        dealt_out_of_turn_law="002 §16",  # 004 is silent
        suit_called_by_adversary_on_right=False,
        false_lead_card_called_laws=(),
        false_lead_cards_not_liable=False,
        false_lead_stands_laws=("004 rule 12",),
        suit_called_laws=(),
        suit_not_held_penalty_paid=False,
        card_called_laws=(),
        exposed_card_called_laws=(),  # an exposed card costs a point (004 rule 12), never called
        two_cards_adversary_calls=False,
        highest_of_suit_not_held_is_trump_or_not=False,
        last_trick_may_be_seen=False,  # 004 rule 18
        honours_must_be_called=False,  # 004 rule 2: no honours
        renounce_law="004 rule 15",
        revoke_proved_law="004 rule 15",
        revoke_claimed_laws=(),
        revoke_claim_laws=(),
        revoking_side_cannot_win_game=False,
        both_revoked_law="",
        deal_laws=("004 rule 5", "004 rule 8", "004 rule 9"),
    ),
}


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_each_codes_facts_are_as_its_laws_say(code: str) -> None:
    assert FACTS[code] == EXPECTED[code]


def test_every_code_has_its_facts_and_no_fact_is_defaulted() -> None:
    assert FACTS.keys() == CODES.keys() == EXPECTED.keys()
    for shape in (CodeFacts, SoloCodeFacts):
        assert all(f.default is MISSING and f.default_factory is MISSING for f in fields(shape))


def test_solos_codes_have_their_facts() -> None:
    assert {
        "003": SoloCodeFacts(wrong_number_laws=("003 Solo digest",), declarers_wrong_number_played_out=False),
        "002": SoloCodeFacts(wrong_number_laws=("002 §19 Solo",), declarers_wrong_number_played_out=True),
    } == SOLO_FACTS
    for law_code in ("003", "002"):
        t = hoyle.game("solo", irregularities=True, law_code=law_code).table(seed=1)
        assert t.facts is SOLO_FACTS[law_code]


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_a_table_reads_its_codes_facts(code: str) -> None:
    assert law_table(code=code).facts is FACTS[code]


def test_cayenne_reads_the_congress_codes_facts() -> None:
    t = hoyle.game("cayenne", irregularities=True).table(seed=1)
    assert t.facts is FACTS["american-1893"]


@pytest.mark.parametrize(
    ("code", "looks", "last_seen"),
    [
        ("english-1864", ["look at trick 1"], True),  # 000 §91: the last trick is in the view, not looked at
        ("american-1893", ["look at trick 1", "look at trick 2"], False),  # 002 §37
        ("american-gwp", ["look at trick 1", "look at trick 2"], False),  # 004 rule 18
    ],
)
def test_last_trick_may_be_seen_decides_the_view_and_the_looks(code: str, looks: list[str], last_seen: bool) -> None:
    t = law_table(code=code)
    steer(t, "NN")
    assert [a for a in texts(t.irregular_actions("E")) if a.startswith("look")] == looks
    last = t.view("E")["last_trick"]
    assert (last is not None) is last_seen
    if last_seen:
        assert last["winner"] == "N" and len(last["cards"]) == 4


@pytest.mark.parametrize(
    ("code", "remedy"),
    [("english-1864", None), ("american-1893", None), ("american-gwp", "one point at the close of the hand")],
)
def test_penalty_is_a_point_rules_a_lead_out_of_turn(code: str, remedy: str | None) -> None:
    t = law_table(code=code)  # W deals, N leads
    lead = next(a for a in texts(t.irregular_actions("E")) if a.startswith("play "))
    t.apply(f"E: {lead}")
    r = rulings(t)[-1]
    assert r.data["irregularity"] == "lead out of turn"
    assert r.data.get("remedy") == remedy


def test_no_section_branches_on_the_code() -> None:
    laws = Path(hoyle.__file__).parent / "laws"
    branch = re.compile(r"code (==|!=|in |not in )")
    found = [
        f"{p.relative_to(laws)}:{n}"
        for p in sorted(laws.rglob("*.py"))
        if p.name != "codes.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []
