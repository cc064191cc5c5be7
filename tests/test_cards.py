"""Cards, notation, packs, shuffling, cutting and dealing (hoyle.cards).

Texts: design.md ("Card", "Pack", "Randomness"); 000 §13 (the ace is low in cutting), §34 (the cut leaves
at least four cards in each packet), §44 I (one card at a time from the dealer's left); 003 for the
Solo and Pope Joan packs, 002 for Boston's four, four, five.
"""

from __future__ import annotations

import copy
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoyle import cards
from hoyle.cards import (
    BLANK,
    CARDS,
    PACK_40,
    PACK_51,
    PACK_52,
    PACK_53,
    RANKS,
    SUITS,
    Card,
    Pack,
    SeededShuffler,
    SystemShuffler,
    cut,
    deal,
    deal_masks,
    format_cards,
    mask,
    mask_cards,
    parse,
    shuffler,
)

# --- notation -------------------------------------------------------------------------------------------


def test_notation_round_trip_for_all_53_cards() -> None:
    texts = [str(c) for c in CARDS]
    assert len(texts) == len(set(texts)) == 53
    for i, c in enumerate(CARDS):
        assert int(c) == i
        assert Card.from_text(str(c)) is c
        assert Card.from_text(str(c).lower()) is c
        assert parse(str(c)) == (c,)
        assert repr(c) == str(c)
    assert parse(" ".join(texts)) == CARDS


def test_notation_index_order_clubs_diamonds_hearts_spades_two_to_ace() -> None:
    # design.md: a card is an index 0..51 underneath; card = suit * 13 + (rank - 2), suits C D H S.
    assert [str(CARDS[i]) for i in (0, 12, 13, 26, 34, 39, 51, 52)] == ["2C", "AC", "2D", "2H", "TH", "2S", "AS", "MI"]
    assert [str(c) for c in CARDS[:13]] == [r + "C" for r in RANKS]
    assert SUITS == "CDHS"


def test_card_properties_rank_suit_names() -> None:
    kd = Card.from_text("KD")
    assert (kd.suit, kd.rank, kd.suit_letter) == (1, 13, "D")
    assert Card.from_text("JD").name == "knave of diamonds"
    assert Card.from_text("TH").name == "ten of hearts"
    assert Card.from_text("AS").rank == 14  # the ace is high in play
    assert Card.of(14, 3) is Card.from_text("AS")
    assert Card.of(2, 0) is CARDS[0]
    assert BLANK.is_blank and BLANK.name == "Mistigris" and BLANK.rank == 0 and str(BLANK) == "MI"
    assert not CARDS[51].is_blank


def test_000_law_13_ace_is_lowest_in_cutting() -> None:
    # 000 §13: "The ace is the lowest card." (in cutting); in play it ranks above the king.
    ace, two, king = Card.from_text("AH"), Card.from_text("2C"), Card.from_text("KS")
    assert ace.cut_rank == 1
    assert ace.cut_rank < two.cut_rank == 2 < king.cut_rank == 13
    assert ace.rank > king.rank


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "TH"),
        ("♥10", "TH"),
        ("h10", "TH"),
        ("th", "TH"),
        ("kd", "KD"),
        ("Jd", "JD"),
        ("♠Q", "QS"),
        ("q♠", "QS"),
        ("2♣", "2C"),
        ("♦a", "AD"),
        ("  as ", "AS"),
    ],
)
def test_parse_accepts_ten_as_10_suit_symbols_and_lower_case(text: str, expected: str) -> None:
    # design.md: "Parsing accepts 10H, ♥10, lower case".
    assert str(Card.from_text(text)) == expected
    assert parse(text) == (Card.from_text(expected),)


def test_parse_many_cards_with_spaces_and_commas() -> None:
    assert parse("AS 10H kd") == (CARDS[51], CARDS[34], CARDS[24])
    assert [str(c) for c in parse("AS, 10h ♦K,2c")] == ["AS", "TH", "KD", "2C"]
    assert [str(c) for c in parse("AS,KH")] == ["AS", "KH"]
    assert [str(c) for c in parse(["as", "10H", "♣3"])] == ["AS", "TH", "3C"]
    assert parse("") == ()  # no text, no cards (an empty hand)


@pytest.mark.parametrize("bad", ["1H", "ZZ", "", "11H", "AX", "A", "S", "10", "AS KH", "♥", "1O H"])
def test_card_from_text_error_quotes_the_bad_text(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        Card.from_text(bad)


@pytest.mark.parametrize(("text", "token"), [("AS KX", "KX"), ("1H", "1H"), ("AS,ZZ,KD", "ZZ"), ("QS 0S", "0S")])
def test_parse_error_quotes_the_bad_card(text: str, token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(token))) as info:
        parse(text)
    assert "not a card" in str(info.value)


def test_format_and_masks_round_trip() -> None:
    hand = parse("AS 2C TH KD")
    assert format_cards(hand) == "AS 2C TH KD"
    m = mask(hand)
    assert m == (1 << 51) | (1 << 0) | (1 << 34) | (1 << 24)
    assert mask_cards(m) == sorted(hand)
    assert [str(c) for c in mask_cards(m)] == ["2C", "KD", "TH", "AS"]
    assert mask_cards(0) == []


# --- packs ----------------------------------------------------------------------------------------------


def test_pack_52_is_every_card_once_in_index_order() -> None:
    assert len(PACK_52) == 52
    assert tuple(PACK_52) == CARDS[:52]
    assert BLANK not in PACK_52


def test_pack_51_pope_joan_lacks_the_eight_of_diamonds() -> None:
    # 003, Pope Joan: the eight of diamonds is taken out.
    eight_d = Card.from_text("8D")
    assert len(PACK_51) == 51
    assert eight_d not in PACK_51
    assert set(PACK_51) == set(PACK_52) - {eight_d}


def test_pack_40_three_hand_solo_has_no_twos_threes_fours() -> None:
    # 003, three-handed Solo Whist: the twos, threes and fours are taken out.
    assert len(PACK_40) == 40
    assert {c.rank for c in PACK_40} == set(range(5, 15))
    assert set(PACK_40) == {c for c in PACK_52 if c.rank >= 5}
    assert not set(parse("2C 3D 4H 4S")) & set(PACK_40)
    assert set(parse("5C 5D 5H 5S AS")) <= set(PACK_40)


def test_pack_53_adds_the_blank_card() -> None:
    assert len(PACK_53) == 53
    assert tuple(PACK_53) == CARDS
    assert BLANK in PACK_53


def test_packs_are_immutable_and_named() -> None:
    for pack in (PACK_52, PACK_51, PACK_40, PACK_53):
        assert isinstance(pack, tuple) and isinstance(pack, Pack)
        assert len(set(pack)) == len(pack)
        assert repr(pack) == f"Pack({pack.name!r}, {len(pack)} cards)"
        assert pack.mask == mask(pack)
        with pytest.raises(TypeError):
            pack[0] = CARDS[1]  # type: ignore[index]


# --- cutting (000 §34) ----------------------------------------------------------------------------------


def test_000_law_34_cut_puts_the_lower_packet_on_top() -> None:
    # 000 §34: the pone cuts; index 0 is the top card, the first dealt.
    pack = list(PACK_52)
    assert cut(pack, 10) == pack[10:] + pack[:10]
    assert cut(pack, 4) == pack[4:] + pack[:4]
    assert cut(pack, 48) == pack[48:] + pack[:48]
    assert pack == list(PACK_52)  # the pack given is not changed


@pytest.mark.parametrize(("n", "at"), [(52, 3), (52, 49), (52, 0), (52, 52), (40, 3), (40, 37), (51, 48)])
def test_000_law_34_cut_must_leave_four_cards_in_each_packet(n: int, at: int) -> None:
    # 000 §34: "in dividing it, must not leave fewer than four cards in either packet".
    pack = list(PACK_52)[:n]
    with pytest.raises(ValueError, match="000 §34") as info:
        cut(pack, at)
    assert f"cut at {at} of {n}" in str(info.value)


def test_000_law_34_cut_limits_four_and_n_minus_four_allowed() -> None:
    for n in (40, 51, 52, 53):
        pack = list(PACK_53)[:n]
        assert len(cut(pack, 4)) == n
        assert cut(pack, n - 4)[:4] == pack[n - 4 :]


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(PACK_52)), st.integers(min_value=4, max_value=48))
def test_cut_is_a_rotation_of_the_same_cards(order: list[Card], at: int) -> None:
    result = cut(order, at)
    assert sorted(result) == sorted(order)
    assert result[: 52 - at] == order[at:]
    assert result[52 - at :] == order[:at]


# --- dealing (000 §44 I; Solo 003; Boston 002) -------------------------------------------------------


def test_000_law_44_whist_deal_one_at_a_time_from_the_dealers_left() -> None:
    # 000 §44 I: "dealt into four packets, one at a time in regular rotation, beginning with the player to
    # the dealer's left".  Seats 0..3 clockwise; dealer 0, so seat 1 (the eldest hand) receives the first card
    # and the dealer the last (the trump card, §44 III).
    pack = list(PACK_52)
    hands = deal(pack, 4, (1,) * 13, first=1)
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert hands[1] == [pack[i] for i in range(0, 52, 4)]
    assert hands[2] == [pack[i] for i in range(1, 52, 4)]
    assert hands[3] == [pack[i] for i in range(2, 52, 4)]
    assert hands[0] == [pack[i] for i in range(3, 52, 4)]
    assert hands[0][-1] == pack[51]  # the last card comes to the dealer
    assert format_cards(hands[1][:4]) == "2C 6C TC AC"


def test_solo_deal_three_three_three_three_then_one() -> None:
    # 003 Solo Whist: dealt by threes, the last round singly.
    pack = list(PACK_52)
    hands = deal(pack, 4, (3, 3, 3, 3, 1), first=0)
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert hands[0] == pack[0:3] + pack[12:15] + pack[24:27] + pack[36:39] + [pack[48]]
    assert hands[1] == pack[3:6] + pack[15:18] + pack[27:30] + pack[39:42] + [pack[49]]
    assert hands[3] == pack[9:12] + pack[21:24] + pack[33:36] + pack[45:48] + [pack[51]]


def test_boston_deal_four_four_five() -> None:
    # 002 Boston and Cayenne: four, four, then five at a time.
    pack = list(PACK_52)
    hands = deal(pack, 4, (4, 4, 5), first=2)
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert hands[2] == pack[0:4] + pack[16:20] + pack[32:37]
    assert hands[3] == pack[4:8] + pack[20:24] + pack[37:42]
    assert hands[0] == pack[8:12] + pack[24:28] + pack[42:47]
    assert hands[1] == pack[12:16] + pack[28:32] + pack[47:52]


def test_deal_leaves_the_rest_undealt_and_refuses_too_few_cards() -> None:
    hands = deal(list(PACK_53), 4, (1,) * 13)
    assert BLANK not in [c for h in hands for c in h]
    three = deal(list(PACK_40), 3, (4, 4, 5))
    assert [len(h) for h in three] == [13, 13, 13]
    with pytest.raises(ValueError, match="needs 56 cards but the pack has 52"):
        deal(list(PACK_52), 4, (1,) * 14)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(CARDS), unique=True, max_size=53),
    st.integers(min_value=1, max_value=5),
    st.lists(st.integers(min_value=1, max_value=5), max_size=6),
    st.integers(min_value=0, max_value=4),
)
def test_deal_masks_are_the_bit_sets_of_the_hands_deal_deals(
    order: list[Card], seats: int, pattern: list[int], first: int
) -> None:
    # The trick games take their hands as bit sets straight from the order (deal_masks): the hands deal() deals.
    first %= seats
    try:
        want = [mask(h) for h in deal(order, seats, pattern, first=first)]
    except ValueError as exc:
        with pytest.raises(ValueError, match=re.escape(str(exc))):
            deal_masks(order, seats, pattern, first=first)
        return
    assert deal_masks(order, seats, pattern, first=first) == want


def test_deal_masks_of_solo_and_boston() -> None:
    pack = list(PACK_52)
    solo = deal_masks(pack, 4, (3, 3, 3, 3, 1))
    assert solo[0] == mask(pack[0:3] + pack[12:15] + pack[24:27] + pack[36:39] + [pack[48]])
    assert solo[3] == mask(pack[9:12] + pack[21:24] + pack[33:36] + pack[45:48] + [pack[51]])
    boston = deal_masks(pack, 4, (4, 4, 5), first=2)
    assert boston[2] == mask(pack[0:4] + pack[16:20] + pack[32:37])
    assert boston[1] == mask(pack[12:16] + pack[28:32] + pack[47:52])
    with pytest.raises(ValueError, match="needs 56 cards but the pack has 52"):
        deal_masks(pack, 4, (1,) * 14)


_PATTERNS = st.sampled_from([(1,) * 13, (3, 3, 3, 3, 1), (4, 4, 5), (2, 3), (13,), (1, 2, 3, 4)])


@settings(max_examples=80, deadline=None)
@given(st.permutations(list(PACK_52)), _PATTERNS, st.integers(min_value=0, max_value=3))
def test_every_card_dealt_exactly_once(order: list[Card], pattern: tuple[int, ...], first: int) -> None:
    hands = deal(order, 4, pattern, first=first)
    dealt = [c for h in hands for c in h]
    per_hand = sum(pattern)
    assert [len(h) for h in hands] == [per_hand] * 4
    assert len(dealt) == len(set(dealt)) == 4 * per_hand
    assert set(dealt) == set(order[: 4 * per_hand])
    # the seat dealt to first receives the top card
    assert hands[first][0] == order[0]


@settings(max_examples=40, deadline=None)
@given(
    st.permutations(list(PACK_40)),
    st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=6).filter(lambda p: sum(p) * 3 <= 40),
)
def test_every_card_dealt_exactly_once_three_hands(order: list[Card], pattern: list[int]) -> None:
    hands = deal(order, 3, pattern)
    dealt = [c for h in hands for c in h]
    assert len(dealt) == len(set(dealt)) == 3 * sum(pattern)
    assert dealt and set(dealt) <= set(PACK_40)


# --- shuffling ------------------------------------------------------------------------------------------


def _shuffled(sh: cards.Shuffler) -> list[Card]:
    pack = list(PACK_52)
    sh.shuffle(pack)
    return pack


def test_seeded_shuffler_same_seed_same_order() -> None:
    a, b = SeededShuffler(7), SeededShuffler(7)
    assert _shuffled(a) == _shuffled(b)
    assert _shuffled(a) == _shuffled(b)  # and the next shuffle too
    assert [a.randbelow(45) for _ in range(20)] == [b.randbelow(45) for _ in range(20)]
    assert repr(a) == "SeededShuffler(7)"


def test_seeded_shuffler_different_seeds_differ() -> None:
    orders = {tuple(_shuffled(SeededShuffler(seed))) for seed in range(10)}
    assert len(orders) == 10
    assert all(sorted(o) == list(PACK_52) for o in orders)


def test_seeded_shuffler_survives_deepcopy_bit_for_bit() -> None:
    a = SeededShuffler(3)
    _shuffled(a)
    b = copy.deepcopy(a)
    assert _shuffled(a) == _shuffled(b)


def _draw(sh: object, rng: random.Random, what: int) -> tuple[object, object]:
    """One draw of ``what`` (a shuffle of that many cards, or a number below ``-what``) by a shuffler and by the
    generator ``random.Random(seed)`` it must match, step for step."""
    if what >= 0:
        mine, theirs = list(range(what)), list(range(what))
        sh.shuffle(mine)  # type: ignore[attr-defined]
        rng.shuffle(theirs)
        return mine, theirs
    return sh.randbelow(-what), rng.randrange(-what)  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(
    seeds=st.lists(st.integers(-(2**70), 2**70), min_size=1, max_size=4, unique=True),
    steps=st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from([52, 40, 51, 53, 2, 1, 0, -1, -4, -45, -1000, -(2**40) - 1])),
        max_size=80,
    ),
)
def test_seeded_shufflers_draw_as_random_random_whatever_else_draws_between(
    seeds: list[int], steps: list[tuple[int, int]]
) -> None:
    """design.md, "Randomness": a seed gives the same deals, bit for bit.  A seeded shuffler keeps no generator of
    its own but the words it has drawn; several drawing in turn (the thread's generator moved from one to another)
    still draw exactly what ``random.Random(seed)`` draws, shuffles and numbers alike."""
    shufflers = [SeededShuffler(s) for s in seeds]
    generators = [random.Random(s) for s in seeds]
    for who, what in steps:
        k = who % len(seeds)
        mine, theirs = _draw(shufflers[k], generators[k], what)
        assert mine == theirs


def test_a_seeded_shuffler_past_its_bound_keeps_a_generator_and_draws_the_same() -> None:
    """Past cards._OWN_AFTER words a shuffler keeps the generator (moving one on would cost more each deal); its
    draws, its copies' and a shuffler's drawing between them are still random.Random's."""
    a, ra = SeededShuffler(11), random.Random(11)
    b, rb = SeededShuffler(12), random.Random(12)
    while a._own is None:
        mine, theirs = _draw(a, ra, 52)
        assert mine == theirs
        mine, theirs = _draw(b, rb, -45)
        assert mine == theirs
    assert a._words > cards._OWN_AFTER and b._own is None  # b drew one word a time: still under the bound
    c, rc = copy.deepcopy(a), random.Random()
    rc.setstate(ra.getstate())
    for _ in range(5):
        for sh, rng in ((a, ra), (b, rb), (c, rc)):
            mine, theirs = _draw(sh, rng, 52)
            assert mine == theirs


def test_seeded_shufflers_in_threads_draw_as_if_alone() -> None:
    """Each thread has its generator: shufflers drawing in three threads at once, each thread switched many times in
    the middle of a shuffle, draw what they would alone.  Each shuffler is new every 20 shuffles, so that it stays
    under its bound and draws from its thread's generator."""
    import sys
    import threading

    results: dict[int, list[list[int]]] = {}

    def run(seed: int) -> None:
        out = []
        for k in range(10):
            sh = SeededShuffler(seed * 100 + k)
            for _ in range(20):
                pack = list(range(52))
                sh.shuffle(pack)
                out.append(pack)
        results[seed] = out

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads switched every few bytecodes, mid-shuffle
    try:
        threads = [threading.Thread(target=run, args=(s,)) for s in (1, 2, 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    for seed, got in results.items():
        for k in range(10):
            rng = random.Random(seed * 100 + k)
            for pack in got[20 * k : 20 * k + 20]:
                theirs = list(range(52))
                rng.shuffle(theirs)
                assert pack == theirs


def test_a_seeded_shuffler_refuses_what_it_cannot_draw() -> None:
    sh = SeededShuffler(1)
    with pytest.raises(ValueError, match="above 0"):
        sh.randbelow(0)
    with pytest.raises(TypeError, match="list"):
        sh.shuffle(tuple(PACK_52))  # type: ignore[arg-type]
    assert sh.calls == [] and sh._words == 0  # nothing drawn


def test_seeded_shuffler_refuses_a_seed_that_is_not_an_int() -> None:
    with pytest.raises(TypeError):
        SeededShuffler("7")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SeededShuffler(True)


def test_system_shuffler_shuffles_a_permutation() -> None:
    sh = SystemShuffler()
    orders = [_shuffled(sh) for _ in range(3)]
    for o in orders:
        assert sorted(o) == list(PACK_52)
    assert len({tuple(o) for o in orders}) == 3  # 52! orders: a repeat is not going to happen
    assert all(0 <= sh.randbelow(5) < 5 for _ in range(50))
    assert isinstance(copy.deepcopy(sh), SystemShuffler)
    assert repr(sh) == "SystemShuffler()"


def test_shuffler_factory_seeded_or_system() -> None:
    s = shuffler(11)
    assert isinstance(s, SeededShuffler) and s.seed == 11
    assert isinstance(shuffler(None), SystemShuffler)
    assert _shuffled(shuffler(11)) == _shuffled(SeededShuffler(11))


def test_seeded_randbelow_is_in_range_and_uses_every_value() -> None:
    sh = SeededShuffler(1)
    draws = [sh.randbelow(4) for _ in range(400)]
    assert set(draws) == {0, 1, 2, 3}


def test_no_card_is_falsy() -> None:
    """The two of clubs is the int 0 underneath, but it is a card: ``if card`` must hold (issue 13: 'help' at
    the terminal crashed whenever the 2C was playable, ``a.card or a`` taking it for no card)."""
    assert all(bool(c) for c in CARDS)
    assert Card.from_text("2C") and (Card.from_text("2C") or "none") == Card.from_text("2C")
    assert int(Card.from_text("2C")) == 0  # still the index 0
