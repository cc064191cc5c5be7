"""Forming a whist table by cutting: 000 §13-§20 and footnotes [3]-[5]."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoyle.cards import PACK_52, Card, SeededShuffler
from hoyle.formation import CutRound, Cutter, Formation, cut_out, form_table, pack_cutter


class Script:
    """A cutter that plays back rounds of cuts, one dict of name -> card text per call.

    It checks that each call asks exactly the players the script expects, in order.
    """

    def __init__(self, *rounds: dict[str, str]) -> None:
        self.rounds = list(rounds)
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, names: Sequence[str]) -> dict[str, Card]:
        assert self.rounds, f"an unneeded cut was asked of {list(names)}"
        step = self.rounds.pop(0)
        assert tuple(names) == tuple(step), f"expected {list(step)} to cut, got {list(names)}"
        self.calls.append(tuple(names))
        return {n: Card.from_text(t) for n, t in step.items()}

    def done(self) -> bool:
        return not self.rounds


def cuts(text: str) -> dict[str, str]:
    """``"A:3S B:6H"`` -> ``{"A": "3S", "B": "6H"}``."""
    return dict(item.split(":") for item in text.split())


def never(names: Sequence[str]) -> dict[str, Card]:
    raise AssertionError(f"no cut should be needed, but {list(names)} were asked to cut")


ABCD = ["A", "B", "C", "D"]


# --- 000 §13, §16: four candidates, one cut --------------------------------------------------------------


def test_000_law_16_four_candidates_one_cut_decides_partners_and_deal() -> None:
    s = Script(cuts("A:9S B:4H C:KD D:2C"))
    f = form_table(ABCD, s)
    assert f.partners == (("D", "B"), ("A", "C"))
    assert f.dealer == "D"
    assert f.players == ("D", "B", "A", "C")
    assert f.waiting == f.outside == ()
    assert len(s.calls) == 1 and s.done()
    (r,) = f.rounds
    assert r.purpose == "partners" and r.law == "000 §16"
    assert r.cuts == (
        ("A", Card.from_text("9S")),
        ("B", Card.from_text("4H")),
        ("C", Card.from_text("KD")),
        ("D", Card.from_text("2C")),
    )
    assert r.text == "Cutting for partners (A 9S, B 4H, C KD, D 2C): D and B play against A and C; D deals."


def test_000_law_13_ace_is_lowest() -> None:
    f = form_table(ABCD, Script(cuts("A:KS B:AH C:2D D:QC")))
    assert f.dealer == "B"
    assert f.partners == (("B", "C"), ("D", "A"))


# --- 000 §18 and footnote [4]: two equal cards ------------------------------------------------------------


def test_000_law_18_footnote_4_two_sixes_recut() -> None:
    # "A three, two sixes, and a knave are cut. The two sixes cut again, and the lowest plays with the three."
    s = Script(cuts("A:3S B:6H C:6D D:JC"), cuts("B:8H C:5D"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("B", "C")]
    assert f.partners == (("A", "C"), ("B", "D"))
    assert f.dealer == "A"
    second = f.rounds[1]
    assert (second.purpose, second.law) == ("partners", "000 §18")
    assert f.rounds[0].text.endswith("A deals; B and C cut equal cards and cut again for partners.")


def test_000_law_18_footnote_4_king_and_queen_the_queen_plays_with_the_three() -> None:
    # "Suppose at the second cut, the two sixes cut a king and a queen, the queen plays with the three."
    s = Script(cuts("A:3S B:6H C:6D D:JC"), cuts("B:KH C:QD"))
    f = form_table(ABCD, s)
    assert f.partners == (("A", "C"), ("B", "D"))
    assert f.dealer == "A"
    assert len(s.calls) == 2 and s.done()


def test_000_law_18_footnote_4_three_retains_privileges_as_original_low() -> None:
    # "If at the second cut a lower card than the three is cut, the three still retains its privileges
    # as original low, and has the deal and choice of cards and seats."
    s = Script(cuts("A:3S B:6H C:6D D:JC"), cuts("B:AH C:9D"))
    f = form_table(ABCD, s)
    assert f.dealer == "A"
    assert f.partners == (("A", "B"), ("C", "D"))
    assert len(s.calls) == 2 and s.done()


def test_000_law_18_two_highest_equal_do_not_cut_again() -> None:
    s = Script(cuts("A:QS B:3H C:QD D:5C"))
    f = form_table(ABCD, s)
    assert len(s.calls) == 1
    assert f.partners == (("B", "D"), ("A", "C"))
    assert f.dealer == "B"


def test_000_law_18_two_lowest_equal_cut_again_only_for_deal() -> None:
    s = Script(cuts("A:9S B:4H C:KD D:4C"), cuts("B:JH D:2D"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("B", "D")]
    assert f.partners == (("D", "B"), ("A", "C"))
    assert f.dealer == "D"
    assert (f.rounds[1].purpose, f.rounds[1].law) == ("deal", "000 §18")
    assert f.rounds[0].text.endswith(
        "B and D play against A and C; B and D cut equal cards and cut again for the deal."
    )
    # The re-cut decides only the deal: whatever it shows, the sides stand.
    g = form_table(ABCD, Script(cuts("A:9S B:4H C:KD D:4C"), cuts("B:AH D:KS")))
    assert g.partners == (("B", "D"), ("A", "C"))
    assert g.dealer == "B"


def test_000_law_18_two_lowest_equal_again_cut_a_third_time() -> None:
    s = Script(cuts("A:9S B:4H C:KD D:4C"), cuts("B:7H D:7D"), cuts("B:8S D:TC"))
    f = form_table(ABCD, s)
    assert len(s.calls) == 3 and s.done()
    assert f.dealer == "B"
    assert [r.purpose for r in f.rounds] == ["partners", "deal", "deal"]


# --- 000 §19 and footnote [5]: three equal cards ----------------------------------------------------------


def test_000_law_19_footnote_5_three_aces_and_a_two() -> None:
    # "Three aces and a two are cut. The three aces cut again. The two is the original high,
    # and plays with the highest of the next cut."
    s = Script(cuts("A:AS B:AH C:AD D:2C"), cuts("A:5S B:9H C:7D"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "C")]
    assert f.partners == (("A", "C"), ("B", "D"))
    assert f.dealer == "A"
    assert (f.rounds[1].purpose, f.rounds[1].law) == ("partners", "000 §19")


def test_000_law_19_footnote_5_two_more_twos_and_a_king() -> None:
    # "Suppose at the second cut, two more twos and a king are drawn. The king plays with the original two,
    # and the other pair of twos cut again for deal."
    s = Script(cuts("A:AS B:AH C:AD D:2C"), cuts("A:2S B:KH C:2D"), cuts("A:8S C:4D"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "C"), ("A", "C")]
    assert f.partners == (("C", "A"), ("B", "D"))
    assert f.dealer == "C"
    assert [(r.purpose, r.law) for r in f.rounds] == [
        ("partners", "000 §16"),
        ("partners", "000 §19"),
        ("deal", "000 §18"),
    ]


def test_000_law_19_footnote_5_an_ace_and_two_knaves() -> None:
    # "Suppose instead, the second cut to consist of an ace and two knaves. The two knaves cut again,
    # and the highest plays with the two."
    s = Script(cuts("A:AS B:AH C:AD D:2C"), cuts("A:AC B:JH C:JD"), cuts("B:4S C:TD"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "C"), ("B", "C")]
    assert f.partners == (("A", "B"), ("C", "D"))
    assert f.dealer == "A"
    assert [(r.purpose, r.law) for r in f.rounds] == [
        ("partners", "000 §16"),
        ("partners", "000 §19"),
        ("partners", "000 §18"),
    ]


def test_000_law_19_fourth_card_lowest_original_lowest_deals() -> None:
    # "should the fourth card be the lowest, the two highest are partners, the original lowest the dealer"
    s = Script(cuts("A:5S B:5H C:2D D:5C"), cuts("A:AS B:QH D:9C"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "D")]
    assert f.dealer == "C"  # the ace at the re-cut does not take the deal from the original low
    assert f.partners == (("C", "A"), ("D", "B"))
    assert (f.rounds[1].purpose, f.rounds[1].law) == ("partners", "000 §19")


def test_000_law_19_fourth_lowest_two_highest_of_recut_equal_no_third_cut() -> None:
    s = Script(cuts("A:5S B:5H C:2D D:5C"), cuts("A:3S B:9H D:9C"))
    f = form_table(ABCD, s)
    assert len(s.calls) == 2 and s.done()
    assert f.partners == (("C", "A"), ("B", "D"))


def test_000_law_19_fourth_lowest_recut_equal_at_the_partnership_cut_again() -> None:
    s = Script(cuts("A:5S B:5H C:2D D:5C"), cuts("A:8S B:8H D:KC"), cuts("A:QD B:4C"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "D"), ("A", "B")]
    assert f.partners == (("C", "B"), ("A", "D"))
    assert f.dealer == "C"
    assert [r.purpose for r in f.rounds] == ["partners", "partners", "partners"]


def test_000_laws_18_19_four_equal_all_cut_again() -> None:
    # The law is silent on four equal cards; all four cut again.
    s = Script(cuts("A:7S B:7H C:7D D:7C"), cuts("A:KS B:3H C:TD D:6C"))
    f = form_table(ABCD, s)
    assert s.calls == [("A", "B", "C", "D"), ("A", "B", "C", "D")]
    assert f.partners == (("B", "D"), ("C", "A"))
    assert f.dealer == "B"
    assert f.rounds[0].text.endswith("A, B, C and D cut equal cards and cut again for partners.")


# --- 000 §16, §17: more than four candidates --------------------------------------------------------------


def test_000_law_16_five_candidates_four_lowest_play_and_cut_again_for_partners() -> None:
    s = Script(cuts("A:2S B:2H C:5D D:6C E:9S"), cuts("A:KS B:QH C:3D D:4C"))
    f = form_table([*ABCD, "E"], s)
    assert len(s.calls) == 2  # the tie among the four who play does not matter
    assert f.waiting == ("E",) and f.outside == ()
    assert f.partners == (("C", "D"), ("B", "A"))
    assert f.dealer == "C"
    assert [(r.purpose, r.law) for r in f.rounds] == [("table", "000 §16"), ("partners", "000 §16")]
    assert (
        f.rounds[0].text
        == "Cutting for the table (A 2S, B 2H, C 5D, D 6C, E 9S): A, B, C and D play; E waits to enter."
    )


def test_000_law_16_tie_on_the_boundary_between_playing_and_waiting() -> None:
    s = Script(
        cuts("A:2S B:4H C:7D D:9C E:9S"),
        cuts("D:KS E:3H"),
        cuts("A:TS B:JH C:QD E:KC"),
    )
    f = form_table([*ABCD, "E"], s)
    assert s.calls == [("A", "B", "C", "D", "E"), ("D", "E"), ("A", "B", "C", "E")]
    assert set(f.players) == {"A", "B", "C", "E"}
    assert f.waiting == ("D",)
    assert f.partners == (("A", "B"), ("C", "E"))
    assert [(r.purpose, r.law) for r in f.rounds] == [
        ("table", "000 §16"),
        ("table", "000 §16"),
        ("partners", "000 §16"),
    ]
    assert f.rounds[1].text == "Cutting again for the table (D KS, E 3H): E plays; D waits to enter."


def test_000_law_17_six_candidates_complete_the_table_and_the_waiting_are_ordered() -> None:
    names = [*ABCD, "E", "F"]
    s = Script(cuts("A:2S B:3H C:4D D:5C E:8S F:8H"), cuts("E:9D F:6C"), cuts("A:AS B:2H C:3D D:4C"))
    f = form_table(names, s)
    assert s.calls[1] == ("E", "F")
    assert f.waiting == ("F", "E") and f.outside == ()
    assert f.rounds[1].law == "000 §17"


def test_000_law_17_seven_candidates_table_of_six_and_the_rest_in_order_of_cut() -> None:
    names = ["A", "B", "C", "D", "E", "F", "G"]
    s = Script(cuts("A:KS B:3H C:4D D:QC E:2S F:JH G:AD"), cuts("B:8H C:7D E:6C G:9S"))
    f = form_table(names, s)
    assert set(f.players) == {"G", "E", "B", "C"}
    assert f.waiting == ("F", "D")
    assert f.outside == ("A",)
    assert f.dealer == "E"
    assert len(s.calls) == 2
    assert f.rounds[0].law == "000 §17"
    decided = "G, E, B and C play; F and D wait to enter, in that order; A stands out"
    assert f.rounds[0].text.endswith(f"{decided} with a prior right to any after-comer.")


def test_000_law_17_eight_candidates_ties_below_six_are_cut_again() -> None:
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    s = Script(
        cuts("A:2S B:3H C:4D D:5C E:9S F:9H G:9D H:9C"),  # four nines for the two seats and two places out
        cuts("E:KS F:KH G:3D H:KC"),  # G is fifth; E, F and H still equal for sixth
        cuts("E:5S F:7H H:5C"),  # F is eighth; E and H still equal for sixth
        cuts("E:8S H:6C"),
        cuts("A:AS B:2H C:3D D:4C"),
    )
    f = form_table(names, s)
    assert s.done()
    assert f.waiting == ("G", "H")
    assert f.outside == ("E", "F")
    assert [r.purpose for r in f.rounds] == ["table"] * 4 + ["partners"]
    assert [r.law for r in f.rounds[:4]] == ["000 §17"] * 4


def test_000_law_17_ties_among_the_four_who_play_are_not_cut_again() -> None:
    names = ["A", "B", "C", "D", "E", "F", "G"]
    s = Script(cuts("A:5S B:5H C:5D D:5C E:8S F:9H G:TD"), cuts("A:5C B:6H C:7D D:8C"))
    f = form_table(names, s)
    assert len(s.calls) == 2
    assert f.waiting == ("E", "F") and f.outside == ("G",)


def test_000_law_16_the_four_cut_for_partners_in_order_of_arrival() -> None:
    names = ["E", "D", "C", "B", "A"]
    s = Script(cuts("E:KS D:3H C:4D B:5C A:2S"), cuts("D:9S C:8H B:7D A:6C"))
    f = form_table(names, s)
    assert f.waiting == ("E",)
    assert f.partners == (("A", "B"), ("C", "D"))


# --- validation ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("candidates", "message"),
    [
        (["A", "B", "C"], "at least four candidates"),
        (["A", "B", "C", "A"], "must be distinct"),
        (["A", "B", "C", ""], "non-empty strings"),
        ("ABCD", "not the single string"),
    ],
)
def test_form_table_rejects_bad_candidates(candidates: Sequence[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        form_table(candidates, never)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ({"A": "2S", "B": "3S", "C": "4S"}, "missing \\['D'\\]"),
        ({"A": "2S", "B": "3S", "C": "4S", "D": "5S", "E": "6S"}, "extra \\['E'\\]"),
        ({"A": "2S", "B": "3S", "C": "4S", "D": "2S"}, "one pack \\(000 §14\\)"),
        ({"A": "2S", "B": "3S", "C": "4S", "D": "MI"}, "not a card of the 52-card pack"),
    ],
)
def test_000_law_14_cutter_answers_are_checked(answer: dict[str, str], message: str) -> None:
    def cutter(names: Sequence[str]) -> dict[str, Card]:
        return {n: Card.from_text(t) for n, t in answer.items()}

    with pytest.raises(ValueError, match=message):
        form_table(ABCD, cutter)


def test_endless_ties_are_reported() -> None:
    def cutter(names: Sequence[str]) -> dict[str, Card]:
        return dict(zip(names, [Card.of(7, suit) for suit in range(4)], strict=False))

    with pytest.raises(ValueError, match="has not settled"):
        form_table(ABCD, cutter)


# --- pack_cutter -------------------------------------------------------------------------------------------


def test_pack_cutter_gives_distinct_cards_and_is_reproducible() -> None:
    names = [f"P{i}" for i in range(9)]
    first = pack_cutter(SeededShuffler(7))(names)
    assert list(first) == names
    assert len(set(first.values())) == 9
    assert all(c in PACK_52 for c in first.values())
    assert first == pack_cutter(SeededShuffler(7))(names)
    again = form_table(names, pack_cutter(SeededShuffler(3)))
    assert form_table(names, pack_cutter(SeededShuffler(3))) == again


def test_pack_cutter_refuses_more_players_than_cards() -> None:
    with pytest.raises(ValueError, match="one pack of 52"):
        pack_cutter(SeededShuffler(1))([f"P{i}" for i in range(53)])


# --- 000 §20: cutting out ----------------------------------------------------------------------------------


def test_000_law_20_more_consecutive_rubbers_goes_out_without_cutting() -> None:
    out, rounds = cut_out(ABCD, {"A": 1, "B": 3, "C": 1, "D": 2}, 1, never)
    assert out == ("B",) and rounds == ()


def test_000_law_20_two_with_more_rubbers_go_out_without_cutting() -> None:
    out, rounds = cut_out(ABCD, {"A": 1, "B": 3, "C": 1, "D": 2}, 2, never)
    assert out == ("B", "D") and rounds == ()


def test_000_law_20_all_equal_cut_and_the_highest_is_out() -> None:
    s = Script(cuts("A:9S B:KH C:AD D:QC"))
    out, rounds = cut_out(ABCD, dict.fromkeys(ABCD, 2), 1, s)
    assert out == ("B",)
    (r,) = rounds
    assert (r.purpose, r.law) == ("out", "000 §20")
    assert r.text == "Cutting out (A 9S, B KH, C AD, D QC): B goes out; D, A and C stay."


def test_000_law_20_all_equal_two_highest_are_out() -> None:
    s = Script(cuts("A:9S B:KH C:AD D:QC"))
    out, _ = cut_out(ABCD, dict.fromkeys(ABCD, 1), 2, s)
    assert out == ("B", "D")


def test_000_law_20_only_those_equal_at_the_boundary_cut() -> None:
    s = Script(cuts("B:4H C:8D"))
    out, rounds = cut_out(ABCD, {"A": 1, "B": 2, "C": 2, "D": 1}, 1, s)
    assert out == ("C",)
    assert rounds[0].cuts == (("B", Card.from_text("4H")), ("C", Card.from_text("8D")))


def test_000_law_20_one_by_rubbers_and_one_by_cut() -> None:
    s = Script(cuts("B:4H C:8D D:AS"))
    out, _ = cut_out(ABCD, {"A": 4, "B": 2, "C": 2, "D": 2}, 2, s)
    assert out == ("A", "C")


def test_000_law_20_equal_cards_at_the_boundary_cut_again() -> None:
    s = Script(cuts("A:9S B:KH C:KD D:QC"), cuts("B:3S C:5H"))
    out, rounds = cut_out(ABCD, dict.fromkeys(ABCD, 1), 1, s)
    assert out == ("C",)
    assert [r.text for r in rounds] == [
        "Cutting out (A 9S, B KH, C KD, D QC): D and A stay; B and C cut equal cards and cut again.",
        "Cutting out again (B 3S, C 5H): C goes out; B stays.",
    ]


def test_000_law_20_equal_highest_cards_both_out_no_recut() -> None:
    s = Script(cuts("A:9S B:KH C:KD D:QC"))
    out, rounds = cut_out(ABCD, dict.fromkeys(ABCD, 1), 2, s)
    assert out == ("B", "C") and len(rounds) == 1


def test_000_law_20_more_than_four_players() -> None:
    s = Script(cuts("A:2S E:3H"))
    out, _ = cut_out([*ABCD, "E"], {"A": 2, "B": 1, "C": 1, "D": 1, "E": 2}, 1, s)
    assert out == ("E",)
    out, rounds = cut_out([*ABCD, "E"], {"A": 2, "B": 1, "C": 1, "D": 1, "E": 2}, 2, never)
    assert out == ("A", "E") and rounds == ()


@pytest.mark.parametrize(
    ("players", "consecutive", "entering", "message"),
    [
        (ABCD, dict.fromkeys(ABCD, 1), 0, "entering must be 1 or 2"),
        (ABCD, dict.fromkeys(ABCD, 1), 3, "entering must be 1 or 2"),
        (ABCD, dict.fromkeys(ABCD, 1), True, "entering must be 1 or 2"),
        (ABCD, dict.fromkeys(ABCD, 1), 1.0, "entering must be 1 or 2"),
        (["A", "B", "C"], dict.fromkeys(ABCD, 1), 1, "at least four players"),
        (["A", "B", "C", "C"], dict.fromkeys(ABCD, 1), 1, "must be distinct"),
        (ABCD, {"A": 1, "B": 1, "C": 1}, 1, "not given for \\['D'\\]"),
        (ABCD, {"A": 1, "B": 1, "C": 1, "D": -1}, 1, "whole number >= 0"),
        (ABCD, {"A": 1, "B": 1, "C": 1, "D": 1.5}, 1, "whole number >= 0"),
    ],
)
def test_000_law_20_cut_out_rejects_bad_arguments(
    players: list[str], consecutive: dict[str, float], entering: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        cut_out(players, consecutive, entering, never)  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------------------------


def tie_prone_cutter(seed: int, ranks: int) -> tuple[list[int], Cutter]:
    """A cutter drawing from only ``ranks`` ranks (four suits each), so equal cards are common."""
    rng = random.Random(seed)
    pack = [c for c in PACK_52 if c.cut_rank <= ranks]
    calls = [0]

    def cutter(names: Sequence[str]) -> dict[str, Card]:
        calls[0] += 1
        return dict(zip(names, rng.sample(pack, len(names)), strict=True))

    return calls, cutter


@settings(max_examples=300, deadline=None)
@given(n=st.integers(4, 9), seed=st.integers(0, 2**32), ranks=st.sampled_from([3, 4, 13]))
def test_000_laws_16_to_19_formation_is_always_well_formed(n: int, seed: int, ranks: int) -> None:
    names = [f"P{i}" for i in range(n)]
    calls, cutter = tie_prone_cutter(seed, ranks)
    f = form_table(names, cutter)
    assert isinstance(f, Formation)
    assert len(set(f.players)) == 4
    assert f.partners[0] + f.partners[1] == f.players
    assert f.dealer == f.partners[0][0]
    assert sorted(f.players + f.waiting + f.outside) == sorted(names)
    assert len(f.players) + len(f.waiting) <= 6
    assert len(f.outside) == max(0, n - 6)
    assert len(f.rounds) == calls[0]
    assert all(isinstance(r, CutRound) and r.text.endswith(".") for r in f.rounds)
    # The four lowest of the first cut play, unless tied with the fifth (000 §16).
    first = dict(f.rounds[0].cuts)
    if n > 4:
        assert max(first[p].cut_rank for p in f.players) <= min(first[p].cut_rank for p in f.waiting)
    # The dealer's side cut no higher than the other side, and the dealer no higher than anyone (000 §16).
    part = next(dict(r.cuts) for r in f.rounds if r.purpose == "partners")
    low = [part[p].cut_rank for p in f.partners[0]]
    high = [part[p].cut_rank for p in f.partners[1]]
    assert max(low) <= min(high)
    assert part[f.dealer].cut_rank == min(low)


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(st.integers(0, 3), min_size=4, max_size=7),
    entering=st.sampled_from([1, 2]),
    seed=st.integers(0, 2**32),
)
def test_000_law_20_cut_out_is_always_well_formed(counts: list[int], entering: int, seed: int) -> None:
    names = [f"P{i}" for i in range(len(counts))]
    consecutive = dict(zip(names, counts, strict=True))
    _, cutter = tie_prone_cutter(seed, 3)
    out, rounds = cut_out(names, consecutive, entering, cutter)
    assert len(out) == len(set(out)) == entering
    stay = [n for n in names if n not in out]
    assert min(consecutive[n] for n in out) >= max(consecutive[n] for n in stay)
    edge = min(consecutive[o] for o in out)
    assert (rounds == ()) == (len([n for n in names if consecutive[n] >= edge]) == entering)
