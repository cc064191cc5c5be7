"""Poker hands (hoyle.poker): the classes of 003 in order, comparisons within a class, the best five of
more, Mistigris, the Tiger and the English laws, the odds of the deal by enumeration, and agreement
with PokerKit and phevaluator.

Texts: 003 Draw Poker (the table of hands and its notes), 003 Mistigris, 003 The Tiger; rules §6.1.7
(English laws), §6.2 (the odds table), §6.8 (Mistigris conventions), §6.9, §10 scenario 2.
"""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from typer.testing import CliRunner

from hoyle import poker
from hoyle.cards import BLANK, CARDS, parse
from hoyle.cli import app
from hoyle.poker import CLASSES, best_hand, describe, hand_class, odds, openers, strength


def s(text: str, **options: bool) -> int:
    return strength(parse(text), **options)


# ---------------------------------------------------------------------------------------------- 003's table


def test_003_the_nine_classes_highest_first() -> None:
    """003: straight flush, fours, full, flush, straight, threes, two pairs, pair, highest card."""
    hands = [
        ("9S 8S 7S 6S 5S", "straight flush"),
        ("2C 2D 2H 2S 3C", "fours"),
        ("3C 3D 3H 2S 2C", "full"),
        ("KH 9H 7H 4H 2H", "flush"),
        ("9C 8D 7H 6S 5C", "straight"),
        ("QD QC QH AH 9D", "threes"),
        ("TH TS 8H 8D 5D", "two pairs"),
        ("2C 2D 5H 7S 9C", "pair"),
        ("AC KH JS 8C 4H", "highest card"),
    ]
    values = [s(h) for h, _ in hands]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert [hand_class(parse(h)) for h, _ in hands] == [c for _, c in hands]
    assert CLASSES[:9] == (
        "highest card",
        "pair",
        "two pairs",
        "threes",
        "straight",
        "flush",
        "full",
        "fours",
        "straight flush",
    )


def test_003_narrative_hands_and_rules_10_2() -> None:
    """rules §10.2: D's two pairs lose to B's threes; E's nothing loses to any pair."""
    b, d, e = "QD QC QH AH 9D", "TH TS 8H 8D 5D", "AC KH JS 8C 4H"
    assert s(d) < s(b)
    assert all(s(e) < s(pair) for pair in ("2C 2D 3H 4S 6C", "3C 3S 5D 7H 9S"))
    assert describe(parse(b)) == "threes of queens"
    assert describe(parse(e)) == "highest card the ace"


def test_003_the_ace_high_or_low_in_sequences() -> None:
    """003: "Ace, king, queen, knave, ten is the highest possible sequence. Ace, two, three, four, five, the lowest."""
    low, next_low = s("AS 2D 3C 4H 5S"), s("2C 3D 4H 5S 6C")
    top = s("TS JD QC KH AS")
    others = [
        s(" ".join(f"{r}{'CDHS'[i % 4]}" for i, r in enumerate(w)))
        for w in ("23456", "34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK")
    ]
    assert low < next_low < top and all(low < o < top for o in others)
    assert hand_class(parse("AS 2D 3C 4H 5S")) == hand_class(parse("TS JD QC KH AS")) == "straight"
    assert s("AH 2H 3H 4H 5H") < s("2S 3S 4S 5S 6S") < s("TD JD QD KD AD")
    assert hand_class(parse("QS KD AC 2H 3S")) == "highest card"  # no sequence round the corner


def test_003_within_a_class() -> None:
    """003's notes: the higher four, the threes of a full, pairs then the odd card, equality divides."""
    assert s("AC AD AH AS 2C") > s("KC KD KH KS QC")  # "a four of aces is the best possible"
    assert s("3C 3D 3H 2S 2C") > s("2D 2H 2S AC AD")  # "the comparative value of the three cards"
    assert s("KC KD 2H 2S 3C") > s("QC QD JH JS AC")  # the higher pair first
    assert s("KC KD 5H 5S 3C") > s("KH KS 4C 4D AC")  # then the lower pair
    assert s("KC KD 5H 5S 7C") > s("KH KS 5C 5D 6C")  # then the odd card (rules §10.2)
    assert s("9C 9D AH 4S 3C") > s("9H 9S KC QD JC")  # "the highest indifferent card wins"
    assert s("9C 9D AH 4S 3C") > s("9H 9S AC 3D 2C")
    assert s("AH KH 9H 6H 3H") > s("AS KS 9S 6S 2S")  # flushes by their cards
    assert s("TS 9S 8S 7S 6S") == s("TH 9H 8H 7H 6H")  # absolute equality: the pool is divided
    assert s("AC KD 9H 6S 3C") == s("AD KH 9S 6C 3D")


def test_best_of_more_and_the_batch() -> None:
    """The best five of six or seven cards; the NumPy path gives the same strengths."""
    np = pytest.importorskip("numpy")
    assert hand_class(parse("2S 3S 4S 5S 9S 9D 9H")) == "flush"
    assert hand_class(parse("2C 3C KH KD 4H KS 9S")) == "threes"
    assert hand_class(parse("2C 3D 4H 5S 6C 6D 6H")) == "straight"
    assert hand_class(parse("2C 2D 4H 4S 6C 6D AH")) == "two pairs"
    assert best_hand(parse("2C 3C KH KD 4H KS 9S")) == parse("KS KH KD 9S 4H")
    assert s("AS KS QS JS TS 2C 2D") == s("AS KS QS JS TS")
    rnd = random.Random(7)
    for size in (5, 6, 7):
        for _ in range(300):
            hand = rnd.sample(CARDS[:52], size)
            want = max(strength(f) for f in itertools.combinations(hand, 5))
            assert strength(hand) == want, hand
    hands = np.array([rnd.sample(range(52), 7) for _ in range(500)])
    assert list(poker.strength_batch(hands)) == [strength([CARDS[c] for c in h]) for h in hands]
    five = hands[:, :5]
    assert list(poker.strength_batch(five)) == [strength([CARDS[c] for c in h]) for h in five]


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="five or more"):
        strength(parse("AS KS QS"))
    with pytest.raises(ValueError, match="twice"):
        strength(parse("AS AS QS JS TS"))
    assert strength("AS KS QS JS TS") == s("AS KS QS JS TS")  # text is read


# ---------------------------------------------------------------------------------------------- Mistigris, Tiger


def test_003_mistigris_examples() -> None:
    """003 Mistigris: three sevens and Mistigris are fours; with two pairs, a full; four hearts, a flush;
    four hearts in sequence, a straight flush."""
    assert hand_class(parse("7C 7D 7H MI 2S")) == "fours"
    assert hand_class(parse("7C 7D 2H 2S MI")) == "full"
    assert hand_class(parse("2H 5H 9H KH MI")) == "flush"
    assert hand_class(parse("5H 6H 7H 8H MI")) == "straight flush"
    assert describe(parse("5H 6H 7H 8H MI")) == "a straight flush, nine high"  # it names the best card
    assert hand_class(parse("AH AS AD AC MI")) == "five of a kind"  # rules §6.8: allowed by default
    assert s("2H 2S 2D 2C MI") > s("TS JS QS KS AS")  # five of a kind above a straight flush
    assert hand_class(parse("AH AS AD AC MI"), five_of_a_kind=False) == "fours"


def test_rules_6_8_mistigris_wins_ties_by_default() -> None:
    """PEEL: the joker outranks the real card it names; option: natural wins ties (equal: divide)."""
    joker, natural = "AH KH QH JH MI", "AS KS QS JS TS"
    assert s(joker) > s(natural)
    assert s(joker, joker_wins_ties=False) == s(natural, joker_wins_ties=False)
    assert s("MI 9C 9D 4H 2S") > s("9H 9S 9C 4D 2D")  # Mistigris's threes beat the same threes held naturally
    assert s("MI 9C 9D 4H 2S", joker_wins_ties=False) == s("9H 9S 9C 4D 2D", joker_wins_ties=False)
    assert hand_class(parse("MI 9C 9D 4H 2S")) == "threes"


def test_003_the_tiger() -> None:
    """003 The Tiger: the lowest straight, one degree better than an ordinary straight (below a flush)."""
    tiger = s("AS 2D 3C 4H 5S", tiger=True)
    assert tiger > s("TS JD QC KH AS", tiger=True)
    assert tiger < s("2H 5H 9H KH 7H", tiger=True)
    assert hand_class(parse("AS 2D 3C 4H 5S"), tiger=True) == "tiger"
    assert hand_class(parse("AH 2H 3H 4H 5H"), tiger=True) == "straight flush"  # a straight flush is no Tiger
    assert s("AS 2D 3C 4H 5S") < s("2C 3D 4H 5S 6C")  # off by default ("wisely ignored")


def test_rules_6_1_7_english_laws() -> None:
    """PEEL's English laws: the ace begins a sequence only; a heart flush beats an equal flush."""
    assert hand_class(parse("TS JD QC KH AS"), english=True) == "highest card"
    assert hand_class(parse("AS 2D 3C 4H 5S"), english=True) == "straight"
    assert s("AS 2D 3C 4H 5S", english=True) < s("2C 3D 4H 5S 6C", english=True)
    assert s("9C TD JH QS KC", english=True) > s("8C 9D TH JS QC", english=True)
    assert s("AH KH 9H 6H 3H", english=True) > s("AS KS 9S 6S 3S", english=True)
    assert s("AD KD 9D 6D 3D", english=True) == s("AS KS 9S 6S 3S", english=True)


def test_openers() -> None:
    """003 Jack-pots: a pair of jacks, or anything better, opens; only the proof is shown (rules §6.3)."""
    assert openers(parse("JS JH 4C 8D 2S")) == parse("JS JH")
    assert openers(parse("TS TH AC KD QS")) is None
    assert openers(parse("3S 3H 2C 2D QS")) == parse("3S 3H 2C 2D")  # two pairs are better than knaves
    assert openers(parse("2S 3H 4C 5D 6S")) == parse("2S 3H 4C 5D 6S")
    assert openers(parse("JS MI 4C 8D 2S")) == parse("JS MI")


# ---------------------------------------------------------------------------------------------- odds


def test_rules_6_2_the_odds_by_enumeration() -> None:
    """Every one of the 2,598,960 deals evaluated: the exact table of rules §6.2."""
    pytest.importorskip("numpy")
    table = dict(odds())
    assert table == {
        "straight flush": 40,
        "fours": 624,
        "full": 3744,
        "flush": 5108,
        "straight": 10200,
        "threes": 54912,
        "two pairs": 123552,
        "pair": 1098240,
        "highest card": 1302540,
    }
    assert sum(table.values()) == comb(52, 5) == 2_598_960


def test_mistigris_odds_53_cards() -> None:
    """The 53-card pack: 2,869,685 deals, the blank wild (five of a kind allowed, rules §6.8)."""
    pytest.importorskip("numpy")
    table = dict(odds(mistigris=True))
    assert sum(table.values()) == comb(53, 5) == 2_869_685
    assert table == {
        "five of a kind": 13,
        "straight flush": 204,
        "fours": 3120,
        "full": 6552,
        "flush": 7804,
        "straight": 20532,
        "threes": 137280,
        "two pairs": 123552,
        "pair": 1268088,
        "highest card": 1302540,
    }


def test_every_five_card_hand_has_one_of_7462_values() -> None:
    np = pytest.importorskip("numpy")
    values = poker.strength_batch(poker.all_hands())
    assert len(np.unique(values)) == 7462


def test_cli_odds_poker() -> None:
    result = CliRunner().invoke(app, ["odds", "poker"])
    assert result.exit_code == 0, result.output
    for figure in ("2,598,960", "1,302,540", "64,973.00 to 1", "4,164.00 to 1"):
        assert figure in result.output
    result = CliRunner().invoke(app, ["odds", "poker", "--mistigris"])
    assert result.exit_code == 0 and "2,869,685" in result.output and "five of a kind" in result.output


# ---------------------------------------------------------------------------------------------- peers


def test_agrees_with_pokerkit_on_a_large_random_sample() -> None:
    """The order of our strengths is PokerKit's order of standard high hands, on 5- and 7-card hands."""
    pokerkit = pytest.importorskip("pokerkit")
    rnd = random.Random(2024)
    for size, count in ((5, 6000), (7, 3000)):
        hands = [rnd.sample(CARDS[:52], size) for _ in range(count)]
        ours = [strength(h) for h in hands]
        theirs = [
            pokerkit.StandardHighHand.from_game("".join(f"{str(c)[0]}{str(c)[1].lower()}" for c in h)).entry.index
            for h in hands
        ]
        pairs = sorted(zip(ours, theirs, strict=True))
        for (a, x), (b, y) in itertools.pairwise(pairs):
            assert (a == b) == (x == y) and (a < b) == (x < y), (a, b, x, y)
        labels = {
            "Straight flush": "straight flush",
            "Four of a kind": "fours",
            "Full house": "full",
            "Flush": "flush",
            "Straight": "straight",
            "Three of a kind": "threes",
            "Two pair": "two pairs",
            "One pair": "pair",
            "High card": "highest card",
        }
        for h, v in zip(hands[:500], ours[:500], strict=True):
            label = pokerkit.StandardHighHand.from_game(
                "".join(f"{str(c)[0]}{str(c)[1].lower()}" for c in h)
            ).entry.label.value
            assert labels[label] == poker.class_name(v)


def test_agrees_with_phevaluator_on_every_seventh_hand_of_the_pack() -> None:
    np = pytest.importorskip("numpy")
    ph = pytest.importorskip("phevaluator")
    hands = poker.all_hands()[::7]
    ours = poker.strength_batch(hands)
    conv = [(c % 13) * 4 + c // 13 for c in range(52)]
    f = ph.evaluate_cards
    theirs = np.array([f(*(conv[c] for c in h)) for h in hands.tolist()])
    order = np.lexsort((ours, theirs))
    a, b = ours[order], theirs[order]
    same = b[1:] == b[:-1]
    assert np.all(a[1:][same] == a[:-1][same])
    assert np.all(a[1:][~same] < a[:-1][~same])  # phevaluator: smaller is stronger


def test_blank_card_is_card_52() -> None:
    assert int(BLANK) == 52 and str(BLANK) == "MI"
