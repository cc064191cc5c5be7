"""Dummy and Double Dummy (000, "Dummy", "Double Dummy"; rules §2).

Cuts and deals are scripted with a ``Script`` shuffler that answers the table's calls in order (a round of
cutting, then a deal); each test checks the record's "cuts" against the script.  The deals are built so that
the number of tricks each side takes does not depend on how the cards are played (see ``fixed``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import Table
from hoyle.cards import Card, SeededShuffler, parse
from hoyle.cli import app

SEATS = ("N", "E", "S", "W")
RANKS = "AKQJT98765432"
CARD_TOKEN = re.compile(r"\b[2-9TJQKA][CDHS]\b")

# --- helpers --------------------------------------------------------------------------------------------


def left_of(seat: str, k: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def on_table_less(hand: list[str], turned: str = "8S") -> list[str]:
    """The dealer's hand while his turned trump card lies on the table (000 §52): without it."""
    return [c for c in hand if c != turned]


def fixed(dealer: str, k: int) -> dict[str, Any]:
    """A deal in which the dealer's side takes exactly ``k`` tricks (1 to 13) however the cards are played.

    Spades are trumps (the dealer turns his lowest spade).  The dealer holds the ``k`` highest spades and
    the ``13 - k`` lowest hearts, the eldest hand the other spades and hearts, the dealer's partner the
    diamonds and the pone the clubs: the dealer wins exactly the tricks to which he plays a spade.
    """
    spades = [r + "S" for r in RANKS]
    hearts = [r + "H" for r in RANKS]
    hands = {
        dealer: spades[:k] + hearts[k:],
        left_of(dealer): spades[k:] + hearts[:k],
        left_of(dealer, 2): [r + "D" for r in RANKS],
        left_of(dealer, 3): [r + "C" for r in RANKS],
    }
    return {"dealer": dealer, "turned": spades[k - 1], "hands": {s: " ".join(hands[s]) for s in SEATS}}


def order(dealer: str, k: int) -> str:
    """The pack order that deals ``fixed(dealer, k)`` one card at a time from the dealer's left."""
    d = fixed(dealer, k)
    hands = {s: d["hands"][s].split() for s in SEATS}
    hands[dealer].remove(d["turned"])
    hands[dealer].append(d["turned"])
    return " ".join(hands[left_of(dealer, j)][i] for i in range(13) for j in (1, 2, 3, 4))


def sorted_hand(cards: str) -> list[str]:
    """A hand as views show it: spades, hearts, clubs, diamonds, high first."""
    suit_order = "SHCD"
    return sorted(cards.split(), key=lambda c: (suit_order.index(c[1]), RANKS.index(c[0])))


class Script:
    """A shuffler that answers the table's calls in order (52 cards: a deal, cut at four; fewer: a round of
    cutting, one card to each player in the order they cut), then shuffles with a seed."""

    def __init__(self, *steps: str) -> None:
        self.steps = list(steps)
        self.rest = SeededShuffler(0)

    def shuffle(self, cards: list[Card]) -> None:
        if not self.steps:
            self.rest.shuffle(cards)
            return
        step = list(parse(self.steps.pop(0)))
        if len(step) == 52:
            cards[:] = step[-4:] + step[:-4]
        else:
            cards[:] = step + [c for c in cards if c not in step]

    def randbelow(self, n: int) -> int:
        return 0


def play_one(t: Table) -> list[Any]:
    return t.apply(min(t.legal_actions(), key=lambda a: a.card))


def play_deal(t: Table) -> list[Any]:
    n = t.view(None)["deal"]
    events: list[Any] = []
    while not t.over and t.view(None)["deal"] == n:
        events.extend(play_one(t))
    return events


def kinds(events: list[Any], *wanted: str) -> list[Any]:
    return [e for e in events if e.kind in wanted]


def tokens(view: dict[str, Any]) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(view)))


CUT = "QS JC KH"  # A queen, B knave, C king: B first (he takes Dummy), A second, C third


def dummy(*steps: str, **options: Any) -> Table:
    return hoyle.game("dummy", **options).table(players=["A", "B", "C"], shuffler=Script(CUT, *steps))


def double(*steps: str, **options: Any) -> Table:
    return hoyle.game("double-dummy", **options).table(players=["A", "B"], shuffler=Script("4D 5H", *steps))


# --- Dummy: three players, Dummy North and its partner South --------------------------------------------


def test_000_dummy_is_played_by_three() -> None:
    g = hoyle.game("dummy")
    for names in (["A", "B"], ["A", "B", "C", "D"], ["A", "A", "B"]):
        with pytest.raises(ValueError, match="3 distinct players"):
            g.table(players=names, seed=1)
    t = g.table(seed=1)
    assert sorted(t.view(None)["standings"]) == ["A", "B", "C"]
    assert t.view(None)["players"]["N"] == "Dummy"


def test_rules_2_the_lowest_cut_takes_dummy_and_sits_south() -> None:
    t = dummy()
    assert t.record()["cuts"] == [{"A": "QS", "B": "JC", "C": "KH"}]
    (cut,) = kinds(t.events, "cut")
    assert cut.law == "000 §13" and cut.data["purpose"] == "order"
    (seat,) = kinds(t.events, "seating")
    assert seat.data["players"] == {"N": "Dummy", "E": "A", "S": "B", "W": "C"}
    assert seat.data["controllers"] == {"N": "S"}
    assert seat.law == ["rules §2", "000 Dummy I"]
    assert t.view(None)["players"] == {"N": "Dummy", "E": "A", "S": "B", "W": "C"}


def test_000_dummy_law_1_dummy_deals_the_first_deal() -> None:
    t = dummy(order("N", 7))
    (deal,) = kinds(t.events, "deal")
    assert deal.data["dealer"] == "N" and deal.data["turned"] == "8S"
    assert t.view(None)["dealer"] == "N" and t.to_act == "E"


def test_dummy_controller_is_dummys_partner() -> None:
    t = dummy()
    assert {s: t.controller(s) for s in SEATS} == {"N": "S", "E": "E", "S": "S", "W": "W"}
    assert t.view("E")["controllers"] == {"N": "S"}


def test_000_dummy_hand_is_exposed_to_every_seat_from_the_deal() -> None:
    t = dummy(order("N", 7))
    dummy_hand = sorted_hand(fixed("N", 7)["hands"]["N"])
    for seat in (None, "E", "S", "W"):  # the trump card Dummy turned lies on the table till his turn (000 §52)
        assert t.view(seat)["exposed"] == {"N": on_table_less(dummy_hand)}, seat
    (expose,) = kinds(t.events, "expose")
    assert expose.law == "000 Dummy" and expose.data == {"hands": {"N": " ".join(dummy_hand)}}
    assert [e.kind for e in t.events][-2:] == ["deal", "expose"]
    # As Dummy's cards are played, the exposed hand is what is left of it.
    for _ in range(4):
        play_one(t)
    left = t.view("W")["exposed"]["N"]
    assert len(left) == 12 and set(left) < set(dummy_hand)
    assert set(dummy_hand) - set(left) == {p["card"] for p in t.view(None)["played"] if p["seat"] == "N"}


def test_000_dummy_views_show_own_hand_and_dummys_only() -> None:
    t = dummy(order("N", 7))
    hands = {s: set(fixed("N", 7)["hands"][s].split()) for s in SEATS}
    for seat in ("E", "S", "W"):
        v = t.view(seat)
        assert set(v["hand"]) == hands[seat]
        assert tokens(v) == hands[seat] | hands["N"], seat
        assert "partner_hand" not in v
    assert tokens(t.view(None)) == hands["N"]
    assert "hand" not in t.view(None) and "partner_hand" not in t.view(None)


def test_000_dummy_seat_view_has_its_partners_hand() -> None:
    """Dummy's partner plays from Dummy's seat and sees his own concealed hand there."""
    t = dummy(order("N", 7))
    v = t.view("N")
    # Dummy dealt: his turned trump card (8S) lies on the table until his turn to play (000 §52).
    assert v["turned"] == "8S" and v["hand"] == on_table_less(sorted_hand(fixed("N", 7)["hands"]["N"]))
    assert v["partner_hand"] == t.view("S")["hand"] == sorted_hand(fixed("N", 7)["hands"]["S"])
    assert "partner_hand" not in t.view("E")
    for _ in range(3):  # E leads the eight of hearts, S and W discard: Dummy's turn, played by South
        play_one(t)
    assert [p["card"] for p in t.view(None)["trick"]] == ["8H", "2D", "2C"]
    assert t.view("N")["turned"] is None and t.view("N")["hand"] == sorted_hand(fixed("N", 7)["hands"]["N"])
    assert t.to_act == "N" and t.controller(t.to_act) == "S"
    assert sorted(str(a) for a in t.legal_actions()) == [
        "play 2H",
        "play 3H",
        "play 4H",
        "play 5H",
        "play 6H",
        "play 7H",
    ]


def test_dummy_expose_lead_lays_the_hand_down_after_the_opening_lead() -> None:
    t = dummy(order("N", 7), expose="lead")
    dummy_hand = sorted_hand(fixed("N", 7)["hands"]["N"])
    for seat in (None, "E", "S", "W"):
        assert t.view(seat)["exposed"] == {}, seat
    # Nothing of Dummy's but the turned card (Dummy dealt) may be seen before the lead.
    assert tokens(t.view("E")) & set(dummy_hand) == {"8S"}
    assert tokens(t.view(None)) == {"8S"}
    assert not kinds(t.events, "expose")
    events = play_one(t)  # the eldest hand (E) leads
    assert [e.kind for e in events] == ["play", "expose"]
    assert events[1].data == {"hands": {"N": " ".join(dummy_hand)}}
    for seat in (None, "E", "S", "W"):  # the trump card still lies on the table (000 §52)
        assert t.view(seat)["exposed"] == {"N": on_table_less(dummy_hand)}, seat
    assert len(kinds(play_deal(t), "expose")) == 0  # once a deal
    # The next deal: hidden again until its opening lead.
    assert t.view("W")["exposed"] == {}
    assert [e.kind for e in play_one(t)] == ["play", "expose"]


def test_000_dummy_law_1_dummy_deals_at_the_commencement_of_each_rubber() -> None:
    """A rubber of two deals (N, E): the next deal would be South's, but the new rubber begins with Dummy's."""
    t = dummy(order("N", 13), order("E", 1), rubbers=2)
    play_deal(t)
    events = play_deal(t)
    assert kinds(events, "rubber")[0].data == {"side": "NS", "points": 8}
    (deal,) = kinds(events, "deal")
    assert deal.data["dealer"] == "N" and deal.data["deal"] == 3
    assert t.view(None)["dealer"] == "N"
    (seat,) = kinds(events, "seating")
    assert "000 Dummy I" in seat.law


def test_rules_2_dummy_passes_to_the_next_in_the_order_of_the_cut_each_rubber() -> None:
    """B, then A, then C take Dummy (the order of the cut), each a rubber; standings +2p/-p/-p."""
    steps = [order("N", 13), order("E", 1)] * 2 + [order("N", 1), order("E", 13)]
    t = dummy(*steps, rubbers=3)
    seen = [t.view(None)["players"]]
    standings = []
    while not t.over:
        events = play_deal(t)
        if kinds(events, "rubber"):
            standings.append(t.view(None)["standings"])
            if not t.over:
                seen.append(t.view(None)["players"])
                assert t.view(None)["dealer"] == "N"
    assert seen == [
        {"N": "Dummy", "E": "A", "S": "B", "W": "C"},
        {"N": "Dummy", "E": "C", "S": "A", "W": "B"},
        {"N": "Dummy", "E": "B", "S": "C", "W": "A"},
    ]
    # NS win 8, NS win 8, EW win 8: Dummy's partner wins (or loses) against each adversary.
    assert standings == [
        {"A": -8, "B": 16, "C": -8},
        {"A": 8, "B": 8, "C": -16},
        {"A": 16, "B": 16, "C": -32},
    ]
    assert t.scores == {"NS": 8, "EW": -8}
    assert hoyle.replay(t.record()).view(None)["standings"] == {"A": 16, "B": 16, "C": -32}


def test_rules_2_rotation_none_dummy_stays() -> None:
    t = dummy(order("N", 13), order("E", 1), rotation="none", rubbers=2)
    play_deal(t)
    play_deal(t)
    assert t.view(None)["players"] == {"N": "Dummy", "E": "A", "S": "B", "W": "C"}
    assert t.view(None)["dealer"] == "N"


def test_dummy_under_the_american_code() -> None:
    """Seven-point games worth seven less the losers' score; Dummy's partner takes Dummy's share."""
    t = dummy(order("N", 13), order("E", 1), order("S", 13), code="american-1893")
    events: list[Any] = []
    while not t.over:
        events.extend(play_deal(t))
    assert [(e.data["side"], e.data["value"]) for e in kinds(events, "game")] == [("NS", 7), ("NS", 7)]
    assert kinds(events, "rubber")[0].data == {"side": "NS", "points": 14}
    assert t.view(None)["standings"] == {"A": -14, "B": 28, "C": -14}


def test_dummy_given_deal_seats_the_three_players() -> None:
    t = hoyle.game("dummy").table(deal=fixed("N", 7), players=["A", "B", "C"])
    players = t.view(None)["players"]
    assert players["N"] == "Dummy" and {players["E"], players["S"], players["W"]} == {"A", "B", "C"}
    assert t.view("E")["exposed"] == {"N": on_table_less(sorted_hand(fixed("N", 7)["hands"]["N"]))}


# --- Double Dummy ---------------------------------------------------------------------------------------


def test_000_double_dummy_two_players_each_with_a_dummy() -> None:
    g = hoyle.game("double-dummy")
    for names in (["A"], ["A", "B", "C"]):
        with pytest.raises(ValueError, match="2 distinct players"):
            g.table(players=names, seed=1)
    t = double(order("N", 7))
    assert t.record()["cuts"] == [{"A": "4D", "B": "5H"}]
    assert t.view(None)["players"] == {"N": "A's Dummy", "E": "B's Dummy", "S": "A", "W": "B"}
    assert {s: t.controller(s) for s in SEATS} == {"N": "S", "E": "W", "S": "S", "W": "W"}
    (seat,) = kinds(t.events, "seating")
    assert seat.law == ["000 Double Dummy", "000 Dummy I"]
    assert t.view(None)["dealer"] == "N" and t.to_act == "E"


def test_000_double_dummy_both_dummies_exposed_own_hand_seen_other_concealed() -> None:
    t = double(order("N", 7))
    hands = {s: set(fixed("N", 7)["hands"][s].split()) for s in SEATS}
    exposed = {s: sorted_hand(fixed("N", 7)["hands"][s]) for s in ("N", "E")}
    exposed["N"] = on_table_less(exposed["N"])  # N dealt: his trump card lies on the table (000 §52)
    for seat in (None, "S", "W"):
        assert t.view(seat)["exposed"] == exposed, seat
    assert tokens(t.view("S")) == hands["S"] | hands["N"] | hands["E"]
    assert tokens(t.view("W")) == hands["W"] | hands["N"] | hands["E"]
    assert tokens(t.view(None)) == hands["N"] | hands["E"]
    assert t.view("N")["partner_hand"] == sorted_hand(fixed("N", 7)["hands"]["S"])
    assert t.view("E")["partner_hand"] == sorted_hand(fixed("N", 7)["hands"]["W"])
    assert "partner_hand" not in t.view("S") and "partner_hand" not in t.view("W")
    (expose,) = kinds(t.events, "expose")
    assert set(expose.data["hands"]) == {"N", "E"}


def test_000_double_dummy_standings_plus_or_minus_the_rubber() -> None:
    t = double(order("N", 13), order("E", 1))
    play_deal(t)
    events = play_deal(t)
    assert kinds(events, "rubber")[0].text == "NS win the rubber: games 6 + rubber points 2 = 8 (000 §1, 000 §9)"
    assert t.over and t.scores == {"NS": 8, "EW": -8}
    assert t.view(None)["standings"] == {"A": 8, "B": -8}


def test_double_dummy_expose_lead_both_dummies_after_the_lead() -> None:
    t = double(order("N", 7), expose="lead")
    assert t.view("S")["exposed"] == {} and t.view("W")["exposed"] == {}
    events = play_one(t)
    assert [e.kind for e in events] == ["play", "expose"]
    assert set(t.view("S")["exposed"]) == {"N", "E"} and len(t.view("S")["exposed"]["E"]) == 12


# --- the terminal -----------------------------------------------------------------------------------------

runner = CliRunner()


@pytest.mark.parametrize(("game", "seats"), [("dummy", "rules,rules,rules"), ("double-dummy", "rules,random")])
def test_cli_play_a_rubber_and_replay_it(game: str, seats: str, tmp_path: Path) -> None:
    path = tmp_path / f"{game}.json"
    result = runner.invoke(app, ["play", game, "--seats", seats, "--seed", "2", "--record", str(path)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines[-1].startswith("The sitting is over.")
    text = " ".join(result.output.split())
    assert "win the rubber" in text and "laid face up on the table" in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == game and record["over"] is True
    assert len(record["start"]["candidates"]) == len(seats.split(","))
    replay = runner.invoke(app, ["replay", str(path)])
    assert replay.exit_code == 0, replay.output
    assert "record confirmed" in " ".join(replay.output.split())


def test_cli_rules_2_each_player_keeps_his_own_kind_when_dummy_rotates(monkeypatch: pytest.MonkeyPatch) -> None:
    from hoyle import bots

    log: list[tuple[str, str]] = []
    make = bots.make

    class Spy:
        def __init__(self, kind: str, inner: Any) -> None:
            self.kind, self.inner = kind, inner

        def choose(self, view: dict[str, Any], legal: Any) -> Any:
            seat = view["seat"]
            log.append((self.kind, view["players"][view["controllers"].get(seat, seat)]))
            return self.inner.choose(view, legal)

    monkeypatch.setattr(bots, "make", lambda kind, game, seed=None: Spy(kind, make(kind, game, seed=seed)))
    args = ["play", "dummy", "--seats", "rules,random,random", "--seed", "2", "-o", "rubbers=2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert " ".join(result.output.split()).count("takes Dummy (North)") == 2
    # the bots sit under the authorities' names, in the order of --seats: Cavendish rules, the others random
    kind_of = {"Cavendish": "rules", "Mrs Battle": "random", "Deschapelles": "random"}
    wrong = [(kind, player) for kind, player in log if kind_of[player] != kind]
    assert len(log) > 52 and wrong == []
