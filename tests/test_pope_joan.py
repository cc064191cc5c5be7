"""Pope Joan (003 "POPE JOAN"; rules §7): the board, the deal, the stops, the paying cards, going out, the
clearing deal; the worked example of rules §7 and the scenarios of rules §10 (20) with exact counters; the
counters conserved at every step (Hypothesis)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import IllegalAction, InvalidDeal
from hoyle.bots import make as make_bot
from hoyle.cards import PACK_51, Card, parse
from hoyle.rulebook.pope_joan import (
    COMPARTMENTS,
    DRESSING,
    clearing_parts,
    clearing_shares,
    deal_positions,
    hand_sizes,
    is_stop,
    successor,
)

CARD_TOKEN = re.compile(r"\b[2-9TJQKA][CDHS]\b")


class Stacked:
    """A shuffler that stacks the given pack orders (top first) for the next shuffles, then shuffles with a seed.

    The table's own cut (``randbelow`` gives 0: a cut at four) is undone by the stacking, so the order given
    is the order the pack has before the pone's cut."""

    def __init__(self, *orders: str) -> None:
        self.orders = list(orders)
        self.rng = random.Random(0)

    def shuffle(self, cards: list[Card]) -> None:
        if self.orders:
            order = list(parse(self.orders.pop(0)))
            assert sorted(order) == sorted(cards), "a stacked order must be the whole pack"
            cards[:] = order[-4:] + order[:-4]
        else:
            self.rng.shuffle(cards)

    def randbelow(self, n: int) -> int:
        return 0


def rest_of_pack(top: str) -> str:
    """``top`` followed by the rest of the 51-card pack in its own order."""
    first = list(parse(top))
    return " ".join(str(c) for c in [*first, *[c for c in PACK_51 if c not in first]])


# The worked example of rules §7: four players, A deals; the turn-up is the king of spades.
EXAMPLE = {
    "dealer": "A",
    "turned": "KS",
    "hands": {
        "A": "2H 3H 4H 5H 6H 7H 8H 9H 8S 9S",
        "B": "AH KH 2D TC KD 2S 3S 4S 5S 6S",
        "C": "TH JH QH 3D JS QS 4C TS AC 2C",
        "D": "5C 6C 7C 8C 9C 9D 3C QC KC AD",
    },
    "widow": "AS 4D JC 7S 5D 6D 7D TD JD QD",
}
EXAMPLE_LEADS = ["AH", "2D", "JS", "4C", "KD", "2S"]  # B, B, C, C, B, B


def example_table(**options: Any) -> hoyle.Table:
    return hoyle.game("pope joan", **options).table(deal=EXAMPLE, seed=5)


def lead(t: hoyle.Table, *cards: str) -> list[Any]:
    events: list[Any] = []
    for c in cards:
        events.extend(t.apply(f"play {c}"))
    return events


def takes(events: list[Any]) -> list[tuple[str, str, int]]:
    return [
        (e.data["seat"], e.data["compartment"], e.data["counters"])
        for e in events
        if e.kind == "take" and "compartment" in e.data
    ]


# ---------------------------------------------------------------------------------------------- the pack, the deal


def test_003_pack_is_51_cards_without_the_eight_of_diamonds() -> None:
    t = hoyle.game("pope joan").table(seed=1)
    assert len(t.places()) == 51 and "8D" not in t.places()
    assert Card.from_text("8D") not in PACK_51


@pytest.mark.parametrize(
    ("players", "each", "widow"), [(3, 12, 15), (4, 10, 11), (5, 8, 11), (6, 7, 9), (7, 6, 9), (8, 5, 11)]
)
def test_rules_7_4_hand_sizes(players: int, each: int, widow: int) -> None:
    """rules §7.4's table: cards each and the widow with the turn-up."""
    sizes, w = hand_sizes(players)
    assert sizes == [each] * players and w + 1 == widow
    positions = deal_positions(players)
    assert len(positions) == 51 and positions[-1] == players + 1  # the last card is the turn-up (003)
    t = hoyle.game("pope joan", players=players).table(seed=players)
    t.apply("cut 20")
    places = t.places()
    for seat in t.seats:
        assert sum(1 for p in places.values() if p == f"hand {seat}") == each
    assert sum(1 for p in places.values() if p == "widow") == widow - 1
    assert sum(1 for p in places.values() if p == "turned") == 1


def test_rules_7_4_rotation_variant() -> None:
    """The first fifty cards one at a time round players and widow: three players get 13, 13, 12."""
    assert hand_sizes(3, "rotation") == ([13, 13, 12], 12)
    assert hand_sizes(4, "rotation") == ([10, 10, 10, 10], 10)


def test_003_first_dealer_is_the_first_knave() -> None:
    """Cards dealt face up in turn (A, B, C, D, A, ...): the sixth card, a knave, falls to B, who deals."""
    order = rest_of_pack("2C 3C 4C 5C 6C JH")
    t = hoyle.game("pope joan").table(shuffler=Stacked(order))
    first = t.events[0]
    assert first.kind == "first dealer" and first.data["dealer"] == "B"
    assert "the first knave falls to B" in first.text
    assert t.view(None)["dealer"] == "B"
    assert t.to_act == "A"  # the pone, on the dealer's right, cuts
    assert [str(a) for a in t.legal_actions()] == [f"cut {k}" for k in range(4, 48)]


def test_rules_7_3_dealer_dresses_the_board() -> None:
    t = hoyle.game("pope joan").table(seed=3)
    dealer = t.view(None)["dealer"]
    assert t.view(None)["board"] == DRESSING and sum(DRESSING.values()) == 15
    assert t.scores[dealer] == -15 and t.scores["board"] == 15
    assert DRESSING == {
        "Pope": 6,
        "Matrimony": 2,
        "Intrigue": 2,
        "Ace": 1,
        "King": 1,
        "Queen": 1,
        "Knave": 1,
        "Game": 1,
    }
    assert tuple(t.view(None)["board"]) == COMPARTMENTS


def test_given_deal_is_dealt_as_given() -> None:
    t = example_table()
    places = t.places()
    for seat, hand in EXAMPLE["hands"].items():
        assert {c for c, p in places.items() if p == f"hand {seat}"} == set(hand.split())
    assert {c for c, p in places.items() if p == "widow"} == set(EXAMPLE["widow"].split())
    assert places["KS"] == "turned"
    v = t.view("B")
    assert sorted(v["hand"]) == sorted(EXAMPLE["hands"]["B"].split())
    assert v["turned"] == "KS" and v["trumps"] == "S"
    assert not (set(CARD_TOKEN.findall(str(t.view(None)))) & set(EXAMPLE["widow"].split()))


def test_given_deal_errors() -> None:
    g = hoyle.game("pope joan")
    bad = dict(EXAMPLE, hands=dict(EXAMPLE["hands"], A="2H 3H"))
    with pytest.raises(InvalidDeal, match="A has 2 cards"):
        g.table(deal=bad)
    bad = dict(EXAMPLE, widow="AS 4D JC 7S 5D 6D 7D TD JD 8D")
    with pytest.raises(InvalidDeal):
        g.table(deal=bad)


# ---------------------------------------------------------------------------------------------- stops


def test_003_stops_kings_and_the_seven_of_diamonds() -> None:
    held = PACK_51.mask  # every card of the pack in the players' hands
    assert is_stop(Card.from_text("KS"), held)  # all kings are stops (003)
    assert is_stop(Card.from_text("7D"), held)  # the eight of diamonds is out of the pack (003)
    assert not is_stop(Card.from_text("7H"), held)
    assert successor(Card.from_text("AS")) == Card.from_text("2S")  # ace low (rules §7.1)
    assert successor(Card.from_text("KS")) is None


def test_rules_10_20_diamond_run_stops_at_the_seven_and_its_player_leads() -> None:
    """B leads 3D; C, D and A follow with 4D, 5D, 6D; A's 7D is a stop: A leads next (003)."""
    deal = {
        "dealer": "A",
        "turned": "2C",
        "hands": {
            "A": "6D 7D 2H 3H 4H 5H 6H 7H 8H 9H",
            "B": "3D TH JH QH KH AC 3C 4C 5C 6C",
            "C": "4D 7C 8C 9C TC JC QC KC AS 2S",
            "D": "5D 3S 4S 5S 6S 7S 8S 9S TS JS",
        },
        "widow": "AH QS KS AD 2D 9D TD JD QD KD",
    }
    t = hoyle.game("pope joan").table(deal=deal)
    events = lead(t, "3D")
    run = next(e for e in events if e.kind == "run")
    assert [(p["seat"], p["card"]) for p in run.data["cards"]] == [
        ("B", "3D"),
        ("C", "4D"),
        ("D", "5D"),
        ("A", "6D"),
        ("A", "7D"),
    ]
    assert "eight of diamonds is out of the pack" in run.data["end"]
    assert t.to_act == "A"
    assert t.places()["7D"] == "exposed A"


def test_rules_10_20_widow_ten_makes_pope_a_stop() -> None:
    """The ten of diamonds in the extra hand: Pope, led, is a stop; its holder takes Pope and leads again."""
    t = hoyle.game("pope joan").table(
        deal={
            "dealer": "A",
            "turned": "2C",
            "hands": {
                "A": "6D 7D 2H 3H 4H 5H 6H 7H 8H 9H",
                "B": "9D TH JH QH KH AC 3C 4C 5C 6C",
                "C": "4D 7C 8C 9C TC JC QC KC AS 2S",
                "D": "5D 3S 4S 5S 6S 7S 8S 9S TS JS",
            },
            "widow": "AH QS KS AD 2D 3D TD JD QD KD",
        }
    )
    events = lead(t, "9D")
    assert takes(events) == [("B", "Pope", 6)]
    run = next(e for e in events if e.kind == "run")
    assert "nobody holds the next card" in run.data["end"] and t.to_act == "B"
    assert t.scores["B"] == 6 and t.scores["board"] == 9


def test_stop_reasons() -> None:
    t = example_table()
    events = lead(t, "AH")  # the hearts run to the king
    run = next(e for e in events if e.kind == "run")
    assert [p["card"] for p in run.data["cards"]] == ["AH", *[f"{r}H" for r in "23456789TJQ"], "KH"]
    assert "a king is always a stop" in run.data["end"]
    events = lead(t, "2D")
    assert "nobody holds the next card" in next(e for e in events if e.kind == "run").data["end"]
    events = lead(t, "JS")  # the knave and queen of trumps: the king is the turn-up
    assert "the next card is the turn-up" in next(e for e in events if e.kind == "run").data["end"]


def test_legal_leads() -> None:
    t = example_table()
    assert t.to_act == "B"
    assert sorted(str(a) for a in t.legal_actions()) == sorted(f"play {c}" for c in EXAMPLE["hands"]["B"].split())
    with pytest.raises(IllegalAction, match="does not hold"):
        t.apply("play 2H")
    with pytest.raises(IllegalAction):
        t.apply("cut 12")
    low = example_table(lead="lowest")
    assert sorted(str(a) for a in low.legal_actions()) == ["play 2D", "play 2S", "play AH", "play TC"]
    with pytest.raises(IllegalAction, match="lowest card"):
        low.apply("play KH")


# ---------------------------------------------------------------------------------------------- the worked example


def test_rules_7_worked_example_exact_counters() -> None:
    """rules §7: the turn-up KS pays the dealer King (1); C's QS and JS take Queen, Knave and Intrigue; B goes
    out first with A holding 2, C 3 and D 5 with Pope unplayed: B takes Game (1) + 2 + 3 = 6, D pays nothing;
    Matrimony (2), Ace (1) and Pope (6) carry over."""
    t = example_table()
    assert takes(t.events) == [("A", "King", 1)]
    assert t.scores == {"A": -14, "B": 0, "C": 0, "D": 0, "board": 14}
    events = lead(t, "AH", "2D")
    assert t.to_act == "C"
    events = lead(t, "JS")
    assert takes(events) == [("C", "Knave", 1), ("C", "Queen", 1), ("C", "Intrigue", 2)]
    events = lead(t, "4C")
    assert t.to_act == "B"
    assert t.view(None)["hand_counts"] == {"A": 2, "B": 6, "C": 3, "D": 5}
    events = lead(t, "KD", "2S")
    out = [e for e in events if e.kind in ("take", "pay", "exempt")]
    assert [(e.kind, e.seat) for e in out] == [("take", "B"), ("pay", "C"), ("exempt", "D"), ("pay", "A")]
    assert [e.data.get("counters") for e in out] == [1, 3, None, 2]
    assert out[2].data == {"seat": "D", "cards": 5}  # D holds Pope unplayed: he pays nothing for his five
    result = t.record()["deals"][0]["result"]
    assert result == {"out": "B", "net": {"A": -2, "B": 6, "C": -3, "D": 0, "board": -1}}
    # The next dealer, B, dresses the board; the counters left on it were Pope 6, Matrimony 2, Ace 1.
    assert t.scores == {"A": -16, "B": 6 - 15, "C": 1, "D": 0, "board": 9 + 15}
    board = t.view(None)["board"]
    assert board == {"Pope": 12, "Matrimony": 4, "Intrigue": 2, "Ace": 2, "King": 1, "Queen": 1, "Knave": 1, "Game": 1}
    assert t.places()["9D"] == "exposed D"  # shown to claim the exemption
    assert t.to_act == "A"  # the pone of B's deal cuts


def test_003_matrimony_from_one_hand() -> None:
    """King and queen of trumps from the same hand take Matrimony (003); the turn-up 2S makes spades trumps."""
    deal = {
        "dealer": "A",
        "turned": "2S",
        "hands": {
            "A": "2H 3H 4H 5H 6H 7H 8H 9H 8S 9S",
            "B": "AH KH 2D TC KD QS KS 4S 5S 6S",
            "C": "TH JH QH 3D JS AS 4C TS AC 2C",
            "D": "5C 6C 7C 8C 9C 9D 3C QC KC AD",
        },
        "widow": "3S 4D JC 7S 5D 6D 7D TD JD QD",
    }
    t = hoyle.game("pope joan").table(deal=deal)
    events = lead(t, "QS")
    assert takes(events) == [("B", "Queen", 1), ("B", "King", 1), ("B", "Matrimony", 2)]


# ---------------------------------------------------------------------------------------------- the clearing deal


def test_rules_7_8_clearing_shares() -> None:
    board = {"Pope": 6, "Matrimony": 5, "Intrigue": 3, "Ace": 1, "King": 0, "Queen": 1, "Knave": 2, "Game": 0}
    assert clearing_shares(board) == {"9D": 6, "AD": 1, "KD": 2, "QD": 1 + 3 + 2, "JD": 2 + 1}
    parts = clearing_parts(board)
    assert parts["QD"] == {"Queen": 1, "Matrimony": 3, "Intrigue": 2}  # the odd counter to the queen
    assert sum(sum(p.values()) for p in parts.values()) == sum(board.values())


def test_rules_10_20_clearing_deal_clears_the_board() -> None:
    """After the last deal the board is cleared by a deal face up; the queen of diamonds takes half of
    Matrimony and of Intrigue (003)."""
    t = example_table(deals=1)
    lead(t, *EXAMPLE_LEADS)
    assert t.view(None)["clearing"] and t.to_act == "A"
    before = t.view(None)["board"]
    assert before == {"Pope": 6, "Matrimony": 2, "Intrigue": 0, "Ace": 1, "King": 0, "Queen": 0, "Knave": 0, "Game": 0}
    scores = dict(t.scores)
    events = t.apply("cut 20")
    assert t.over and t.scores["board"] == 0 and sum(t.view(None)["board"].values()) == 0
    face_up = t.view(None)["face_up"]
    holder = {c: s for s, cards in face_up.items() for c in cards}
    assert sum(len(v) for v in face_up.values()) == 51  # the whole pack, no extra hand
    want = {s: scores[s] for s in t.seats}
    for card, amount in clearing_shares(before).items():
        want[holder[card]] += amount
    assert {s: t.scores[s] for s in t.seats} == want
    assert [e.data["card"] for e in events if e.kind == "take"] == ["9D", "AD", "KD", "QD"]


def test_sitting_is_one_round_then_the_clearing_deal() -> None:
    t = hoyle.game("pope joan").table(seed=11)
    bots = {s: make_bot("rules", "pope joan", seed=1) for s in t.seats}
    dealers = []
    while not t.over:
        v = t.view(None)
        if v["phase"] == "cut" and (not dealers or dealers[-1] != (v["dealer"], v["clearing"])):
            dealers.append((v["dealer"], v["clearing"]))
        t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
    assert len(dealers) == 5 and dealers[-1][1] and len({d for d, _ in dealers[:4]}) == 4
    assert t.scores["board"] == 0 and sum(t.scores.values()) == 0
    deals = t.record()["deals"]
    assert "first dealer" in deals[0]["result"] and deals[-1]["result"]["clearing"] is True


def test_no_clearing_leaves_the_counters_on_the_board() -> None:
    t = example_table(deals=1, clearing=False)
    lead(t, *EXAMPLE_LEADS)
    assert t.over and t.scores["board"] == 9


def test_dressing_by_the_first_dealer_only() -> None:
    t = example_table(dressing="first dealer")
    lead(t, *EXAMPLE_LEADS)
    assert t.scores["board"] == 9  # nobody dresses the second deal


# ---------------------------------------------------------------------------------------------- views, records


def test_views_hide_the_widow_and_other_hands() -> None:
    t = example_table()
    for seat in t.seats:
        named = set(CARD_TOKEN.findall(str(t.view(seat))))
        others = {c for s, h in EXAMPLE["hands"].items() if s != seat for c in h.split()}
        assert not named & (others | set(EXAMPLE["widow"].split()))
    assert "hand" not in t.view(None)


def test_record_replays() -> None:
    t = hoyle.game("pope joan", players=5).table(seed=9)
    rnd = random.Random(2)
    while not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    r = hoyle.replay(t.record())
    assert r.scores == t.scores and r.over


# ---------------------------------------------------------------------------------------------- conservation


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    players=st.integers(3, 8),
    hands=st.sampled_from(["equal", "rotation"]),
)
def test_counters_conserved(seed: int, choices: int, players: int, hands: str) -> None:
    """Every step: the counters of the seats and the board sum to nought; the board is its compartments, none
    negative; each change of a seat's counters is an event that says so."""
    t = hoyle.game("pope joan", players=players, hands=hands).table(seed=seed)
    rnd = random.Random(choices)
    while not t.over:
        before = dict(t.scores)
        events = t.apply(rnd.choice(t.legal_actions()))
        after = t.scores
        assert sum(after.values()) == 0
        board = t.view(None)["board"]
        assert sum(board.values()) == after["board"] and min(board.values()) >= 0
        moved = {s: 0 for s in t.seats}
        for e in events:
            if e.kind == "take":
                moved[e.data["seat"]] += e.data["counters"]
            elif e.kind == "pay":
                moved[e.data["from"]] -= e.data["counters"]
                moved[e.data["to"]] += e.data["counters"]
            elif e.kind == "dress":
                moved[e.data["seat"]] -= e.data["counters"]
            elif e.kind == "play" and e.data["card"] == "9D":
                assert e.data["lead"], "Pope is played only on a lead (003)"
        assert {s: after[s] - before[s] for s in t.seats} == moved
    assert t.scores["board"] == 0


# ---------------------------------------------------------------------------------------------- the rules bot


def test_rules_bot_plays_known_stops_first_then_pope() -> None:
    """003: known stops first (here the kings), then Pope at the first opportunity, then sequences."""
    bot = make_bot("rules", "pope joan", seed=1)
    t = example_table()
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "play KD"  # a king: a known stop
    deal = dict(
        EXAMPLE,
        hands=dict(EXAMPLE["hands"], B="AH QD 2D TC 9D 2S 3S 4S 5S 6S", D="5C 6C 7C 8C 9C KD 3C QC KC AD"),
        widow="AS 4D JC 7S 5D 6D 7D TD JD KH",
    )
    t = hoyle.game("pope joan").table(deal=deal)
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "play 9D"  # no known stop: Pope
    t.apply("play 9D")
    assert str(bot.choose(t.view("B"), t.legal_actions())) == "play 2S"  # the longest sequence, from its lowest


def test_rules_bot_remembers_the_extra_hand() -> None:
    """A run that stopped where nobody held the next card tells the bot that card is in the extra hand."""
    from hoyle.bots.pope_joan_rules import known_stops

    t = example_table()
    t.apply("play 2D")  # C's 3D stops: the four of diamonds is in the extra hand
    gone, widow = known_stops(t.view("C"))
    assert Card.from_text("4D") in widow and Card.from_text("KS") in gone


def test_rules_bot_sittings_end_and_beat_random() -> None:
    total = 0
    for seed in range(30):
        t = hoyle.game("pope joan").table(seed=seed)
        seat = t.seats[seed % 4]
        bots = {s: make_bot("rules" if s == seat else "random", "pope joan", seed=seed) for s in t.seats}
        while not t.over:
            t.apply(bots[t.to_act].choose(t.view(t.to_act), t.legal_actions()))
        total += t.scores[seat]
    assert total > 0


def test_hand_texts_from_the_suit_tables() -> None:
    """A hand as the view shows it, by suit (spades, hearts, clubs, diamonds), the ace first and then two up to the
    king: the suit tables give what the bits give, card for card (issue 17)."""
    from hoyle.cards import mask
    from hoyle.rulebook import pope_joan as pj

    assert pj._sorted_texts(mask(parse("KS 2S AS TH AC 3D QD"))) == ["AS", "2S", "KS", "TH", "AC", "3D", "QD"]
    assert pj._shown(0) == ()
    rng = random.Random(17)
    for _ in range(2000):
        m = rng.getrandbits(52) & rng.getrandbits(52)
        assert pj._shown(m) == pj._shown_by_bits(m)


def test_every_stop_names_where_the_next_card_lies() -> None:
    """A run's stop says why the next card cannot be played (003): a king ends the sequence, the eight of diamonds
    is out of the pack, the next card is the turn-up, it has been played (this deal, before or in this run), or
    nobody holds it (it lies in the extra hand).  Checked against where the card was, over seeded sittings: each
    reason is met, and each stop's reason is the one the card's place gives."""
    from hoyle.cards import CARD_TEXT
    from hoyle.rulebook.pope_joan import successor

    met: set[str] = set()
    for seed in range(40):
        t = hoyle.game("pope-joan").table(seed=seed)
        rng = random.Random(seed)
        while not t.over:
            before = {c for _, c in t.played} if t.phase == "lead" else set()
            widow, turned = t.widow, t.turned
            events = t.apply(rng.choice(t.legal_actions()))
            for e in events:
                if e.kind != "run" or not e.data["end"].startswith("stop at"):
                    continue  # a player is out
                cards = [Card.from_text(x["card"]) for x in e.data["cards"]]
                nxt = successor(cards[-1])
                if nxt is None:
                    want = "a king is always a stop"
                elif CARD_TEXT[nxt] == "8D":
                    want = "the eight of diamonds is out of the pack"
                elif nxt == turned:
                    want = "the next card is the turn-up"
                elif nxt in before or nxt in cards:
                    want = "the next card has been played"
                else:
                    assert widow >> nxt & 1
                    want = "nobody holds the next card"
                assert e.data["end"].startswith(f"stop at {CARD_TEXT[cards[-1]]}: {want};")
                met.add(want)
    assert len(met) == 5


def test_a_runs_cards_plays_and_takings() -> None:
    """Each lead's events, over seeded sittings (any lead and the lowest, four and six players): a play event for
    each card of the run in order ("A leads 7D", then "B plays 8D"), the run event whose text is those cards
    ("A leads 7D, B 8D: <end>") and whose data lists them, then the takings; every card of the run leaves its
    holder's hand for the cards before him, and a card takes from the board exactly when it is Pope or an ace,
    king, queen or knave of trumps (003)."""
    seen = {"paying": 0, "plain": 0, "long": 0}
    for options in ({}, {"lead": "lowest"}, {"players": 6}):
        g = hoyle.game("pope-joan", **options)
        for seed in range(10):
            t = g.table(seed=seed)
            rng = random.Random(seed)
            while not t.over:
                if t.phase != "lead":
                    t.apply(rng.choice(t.legal_actions()))
                    continue
                hands, exposed, trumps = list(t.hands), list(t.exposed), t.trumps
                events = t.apply(rng.choice(t.legal_actions()))
                k = next(i for i, e in enumerate(events) if e.kind == "run")
                plays, run = events[:k], events[k]
                assert [e.kind for e in plays] == ["play"] * k
                cards = run.data["cards"]
                assert [(e.seat, e.data["card"], e.data["lead"]) for e in plays] == [
                    (d["seat"], d["card"], i == 0) for i, d in enumerate(cards)
                ]
                assert [e.text for e in plays] == [
                    f"{d['seat']} {'leads' if i == 0 else 'plays'} {d['card']}" for i, d in enumerate(cards)
                ]
                words = [f"{cards[0]['seat']} leads {cards[0]['card']}"] + [
                    f"{d['seat']} {d['card']}" for d in cards[1:]
                ]
                assert run.text == ", ".join(words) + ": " + run.data["end"]
                assert t.runs[-1] == run.data
                paying = []  # (seat, compartment) for each card of the run that takes from the board
                names = {9: "Knave", 10: "Queen", 11: "King", 12: "Ace"}
                for d in cards:
                    seat, card = t.seats.index(d["seat"]), Card.from_text(d["card"])
                    assert hands[seat] >> card & 1 and not exposed[seat] >> card & 1
                    if card == Card.from_text("9D"):
                        paying.append((d["seat"], "Pope"))
                    elif card // 13 == trumps and card % 13 in names:
                        paying.append((d["seat"], names[card % 13]))
                    if t.phase == "lead":  # (else the deal is over and the next one dealt, or the sitting ended)
                        assert not t.hands[seat] >> card & 1 and t.exposed[seat] >> card & 1
                taken = [
                    (e.data["seat"], e.data["compartment"])
                    for e in events[k + 1 :]
                    if e.kind == "take" and e.data["compartment"] not in ("Matrimony", "Intrigue", "Game")
                ]
                assert taken == paying, (run.text, taken, paying)
                seen["paying"] += bool(paying)
                seen["plain"] += not paying
                seen["long"] += len(cards) >= 4
    assert all(seen.values()), seen
