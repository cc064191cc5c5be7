"""A settled deal's analysis in the room (issue 15): refused for a deal in play (nothing computed from concealed
cards is offered during play), for a law-mode table and a game outside the whist family; for a settled deal,
the solver's analysis of it, made in the room's worker processes, first the last tricks, then the whole deal
within its time limit."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from hoyle.server.deal_analysis import AnalysisUnavailable, analyse_deal, deal_plays
from hoyle.server.routes import analysis as analysis_route
from test_room_kit import RoomKit, open_room


@pytest.fixture
def kit(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[RoomKit]:
    from hoyle import cards

    seeds = itertools.count(70)
    monkeypatch.setattr(cards, "SystemShuffler", lambda: cards.SeededShuffler(next(seeds)))
    with open_room(db_url) as k:
        yield k


def sit_with_bots(kit: RoomKit, game: str = "whist", **options: Any) -> tuple[str, str, Any]:
    """A table of ``game``: Ada, a person of the test, and rules bots; (id, Ada's seat, her socket)."""
    tid = kit.create(game, **options)
    token = kit.take(tid, "Ada")
    kit.bots(tid, "rules")
    sock = kit.socket(tid, "Ada")
    sock.hello(token)
    lt = kit.live(tid)
    seat = next(p.seat for p in lt.places if p.name == "Ada")
    return tid, seat, sock


def play_until_settled(kit: RoomKit, tid: str, seat: str, sock: Any, deals: int, during: Any = None) -> None:
    """Ada plays at random when it is her turn until ``deals`` deals are settled; ``during()`` at each of her
    turns."""
    rnd = random.Random(9)
    lt = kit.live(tid)
    deadline = time.monotonic() + 300
    while sum(1 for d in lt.table._deal_log if "result" in d) < deals:
        assert time.monotonic() < deadline
        t = lt.table
        if t.to_act == seat:
            if during is not None:
                during()
            sock.act(str(rnd.choice(t.legal_actions())), len(t.actions))
        m = sock.recv()
        assert m["type"] != "error", m


def answer(kit: RoomKit, tid: str, n: int) -> Any:
    return kit.client.get(f"/api/tables/{tid}/deals/{n}/analysis")


def answer_settled(kit: RoomKit, tid: str, n: int, deadline: float) -> Any:
    """Deal ``n``'s answer once the action that settled it is committed: the live table has played it before
    the writer has stored it (the room acknowledges it only then), and the analysis reads the stored record, so
    until that commit the deal is still in play there (a race seen on PostgreSQL, whose commit is slower)."""
    while (r := answer(kit, tid, n)).status_code == 409 and r.json()["error"] == "in_play":
        assert time.monotonic() < deadline, r.text
        time.sleep(0.1)
    return r


def test_nothing_is_analysed_during_play_and_a_settled_deal_is(kit: RoomKit, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_route, "ANALYSIS_SECONDS", 0.5)  # the whole deal: stopped, the last tricks kept
    tid, seat, sock = sit_with_bots(kit)

    def refused_now() -> None:
        in_play = kit.live(tid).finished_deals() + 1
        for n in range(1, in_play + 1):
            r = answer(kit, tid, n)
            assert r.status_code == 409 and r.json()["error"] == "in_play", r.text
            assert r.json()["message"] == (
                f"deal {n} is still in play: its analysis is given once it is settled (nothing worked out from the"
                " cards in hand is given during play)"
            )
        r = answer(kit, tid, in_play + 1)
        assert r.status_code == 404 and r.json()["error"] == "not_yet"

    refused_now()
    play_until_settled(kit, tid, seat, sock, 1, during=refused_now)
    # nothing the sockets were sent names an analysis
    assert not any("analysis" in str(m) for m in sock.drain())

    deadline = time.monotonic() + 300
    r = answer_settled(kit, tid, 1, deadline)
    while r.status_code == 202 or r.json()["status"] == "working":
        assert r.json() == {"status": "working", "analysis": None}
        assert time.monotonic() < deadline
        time.sleep(0.3)
        r = answer(kit, tid, 1)
    while r.json()["status"] == "partial" and "note" not in r.json():  # the whole deal's pass, stopped at 0.5 s
        assert time.monotonic() < deadline
        time.sleep(0.3)
        r = answer(kit, tid, 1)
    body = r.json()
    assert r.status_code == 200 and body["status"] == "partial", body
    assert body["note"] == (
        "the first tricks are not analysed: the analysis of the whole deal took longer than 0.5 s, the most the"
        " room allows; it was stopped"
    )
    record = kit.live(tid).table.record()
    want = analyse_deal(record, 0, quick=True)
    assert body["analysis"] == want
    assert want["from_trick"] == 8 and not want["complete"] and want["deal"] == 1 and want["side"] == "NS"
    tricks = deal_plays(record)[0]["tricks"]
    assert body["analysis"]["tricks"] == tricks and len(tricks) == 13 and all(len(x) == 4 for x in tricks)
    for e in want["errors"]:
        assert e["text"].startswith(f"trick {e['trick']}, {e['seat']} plays {e['card']}: ")
        assert {"seat": e["seat"], "card": e["card"]} in tricks[e["trick"] - 1]
    assert answer(kit, tid, 1).json() == body  # kept: asked again, the same
    # the deal in play still is not analysed
    r = answer(kit, tid, 2)
    assert r.status_code == 409 and r.json()["error"] == "in_play"


def test_a_law_mode_table_is_refused_with_the_solvers_reason(kit: RoomKit) -> None:
    tid, seat, sock = sit_with_bots(kit, irregularities=True)
    play_until_settled(kit, tid, seat, sock, 1)
    deadline = time.monotonic() + 300
    r = answer_settled(kit, tid, 1, deadline)
    while r.status_code == 202:
        assert time.monotonic() < deadline
        time.sleep(0.3)
        r = answer(kit, tid, 1)
    assert r.status_code == 422, r.text
    assert r.json() == {
        "error": "no_analysis",
        "message": "no deal of this sitting is analysed: the whist table is in law mode (irregularities=True),"
        " which keeps the play its own way: the solver reads tables of the strict rules",
    }


def test_games_outside_the_whist_family_and_unseen_cards_are_refused() -> None:
    import hoyle

    t = hoyle.game("poker").table(seed=1)
    rnd = random.Random(1)
    while not any("result" in d for d in t.record()["deals"]):
        t.apply(rnd.choice(t.legal_actions()))
    with pytest.raises(AnalysisUnavailable) as exc:
        analyse_deal(t.record(), 0)
    assert exc.value.code == "no_analysis" and str(exc.value) == (
        "no deal of this sitting is analysed: the solver plays the whist family (whist, dummy, double-dummy,"
        " solo, boston, cayenne); poker is not one of them"
    )
    # Solo's misère ends at the caller's first trick: the cards still in hand were never seen
    for seed in range(200):
        t = hoyle.game("solo").table(seed=seed)
        rnd = random.Random(seed)
        while not any("result" in d for d in t.record()["deals"]):
            t.apply(rnd.choice(t.legal_actions()))
        rec = t.record()
        plays = deal_plays(rec).get(0)
        if plays and sum(len(x) for x in plays["tricks"]) < 52:
            break
    else:
        pytest.fail("no deal of Solo ended with cards in hand")
    with pytest.raises(AnalysisUnavailable) as exc:
        analyse_deal(rec, 0)
    assert exc.value.code == "not_yet" and str(exc.value) == (
        "deal 1 was not played out, so some of its cards were never seen: its analysis is given when the sitting"
        " is over"
    )
