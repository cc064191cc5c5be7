"""The live table over WebSockets: seats and spectators, actions, clear errors that change nothing, rate
limits, and sockets that come back and are sent what they missed."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from hoyle.server.limits import Limit
from hoyle.server.room import Settings
from test_room_kit import FAST, RoomKit, Sock, open_room, plain


@pytest.fixture
def kit(db_url: str) -> Iterator[RoomKit]:
    with open_room(db_url) as k:
        yield k


def play_some(socks: dict, t, n: int, rnd: random.Random) -> None:  # type: ignore[no-untyped-def]
    """``n`` random legal actions, each by the socket of the seat to act; every socket reads each update."""
    for _ in range(n):
        seat = t.to_act
        socks[seat].act(rnd.choice([str(a) for a in t.legal_actions()]), len(t.actions))
        for s in socks.values():
            s.recv_type("update")


def test_a_seat_is_sent_its_view_and_a_spectator_no_hand(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    seat = t.to_act
    s = kit.socket(tid, "seat")
    w = s.hello(tokens[seat])
    assert w["seat"] == seat and w["view"]["hand"] == t.view(seat)["hand"]
    assert w["legal"] == [str(a) for a in t.legal_actions()]
    other = next(x for x in tokens if x != seat)
    o = kit.socket(tid, "other").hello(tokens[other])
    assert o["legal"] == [] and o["view"]["hand"] == t.view(other)["hand"]
    spy = kit.socket(tid, "spectator").hello(None)
    assert spy["seat"] is None and "hand" not in spy["view"] and spy["legal"] == []
    bad = kit.socket(tid, "bad token")
    bad.send({"type": "hello", "token": "not-a-token"})
    err = bad.recv_type("error")
    assert err["code"] == "bad_token"
    assert bad.recv_type("welcome")["seat"] is None


def test_an_action_is_acknowledged_to_its_actor_and_shown_to_all(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    socks = kit.seated(tid, tokens)
    seat = t.to_act
    choice = str(t.legal_actions()[0])
    socks[seat].act(choice, 0, id="a1")
    for s, sock in socks.items():
        m = sock.recv_type("update")
        assert m["seq"] == 1 and m["actor"] == seat and m["action"] == choice
        assert m.get("ack") == ("a1" if s == seat else None)
        assert m["to_act"] == t.to_act
    # Written before it was shown: the database holds it.
    rows = kit.client.get(f"/api/tables/{tid}").json()["table"]["n_actions"]
    assert rows == 1


def errors_change_nothing(kit: RoomKit, tid: str, sock: Sock, messages: list, expected: list[str]) -> None:
    lt = kit.live(tid)
    before = plain(lt.table.record())
    for msg, code in zip(messages, expected, strict=True):
        sock.send(msg)
        err = sock.recv_type("error", "state")
        if err["type"] == "state":  # a stale action is answered with the table as it is, after the error
            err = sock.recv_type("error")
        assert err["code"] == code, (msg, err)
        assert err["message"] and len(err["message"]) > 15
    assert plain(lt.table.record()) == before
    sock.drain()


def test_wrong_seat_out_of_turn_stale_malformed_and_oversized_change_nothing(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    to_act = t.to_act
    waiting = next(s for s in tokens if s != to_act)
    sock = kit.socket(tid, waiting)
    sock.hello(tokens[waiting])
    legal = str(t.legal_actions()[0])
    errors_change_nothing(
        kit,
        tid,
        sock,
        [
            {"type": "action", "action": legal, "seq": 0},  # out of turn
            {"type": "action", "action": legal, "seq": 0, "seat": to_act},  # claims another seat
            "{not json",
            "[1, 2]",
            {"type": "fly"},
            {"type": "action", "seq": 0},
            {"type": "action", "action": "play AS"},
            {"type": "action", "action": "play AS", "seq": "0"},
            {"type": "action", "action": "play AS", "seq": 0, "id": "x" * 100},
            "x" * 5000,
        ],
        [
            "not_your_turn",
            "wrong_seat",
            "bad_json",
            "bad_message",
            "bad_message",
            "bad_message",
            "bad_message",
            "bad_message",
            "bad_message",
            "too_large",
        ],
    )
    actor = kit.socket(tid, to_act)
    actor.hello(tokens[to_act])
    hand = t.view(to_act)["hand"]
    not_held = next(f"play {c}" for c in ("AS", "KS", "QS", "JS", "TS", "9S") if c not in hand)
    errors_change_nothing(
        kit,
        tid,
        actor,
        [
            {"type": "action", "action": legal, "seq": 3},  # stale
            {"type": "action", "action": "play", "seq": 0},
            {"type": "action", "action": "dance", "seq": 0},
            {"type": "action", "action": not_held, "seq": 0},
        ],
        ["stale", "invalid_action", "illegal_action", "illegal_action"],
    )
    actor.ws.send_bytes(b"\x00\x01")
    assert actor.recv_type("error")["code"] == "bad_message"
    spy = kit.socket(tid, "spy")
    spy.hello(None)
    errors_change_nothing(kit, tid, spy, [{"type": "action", "action": legal, "seq": 0}], ["not_seated"])
    early = kit.socket(tid, "early")
    errors_change_nothing(kit, tid, early, [{"type": "action", "action": legal, "seq": 0}], ["hello_first"])
    # and the table still takes a good action
    actor.act(legal, 0)
    assert actor.recv_type("update")["seq"] == 1


def test_an_action_said_for_another_seat_is_refused(kit: RoomKit) -> None:
    """The notation lets an action name its seat ("E: play QS"): a socket may name only the seats it plays."""
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    seat = t.to_act
    other = next(s for s in t.seats if s != seat)
    s = kit.socket(tid, seat)
    s.hello(tokens[seat])
    card = str(t.legal_actions()[0])
    errors_change_nothing(
        kit,
        tid,
        s,
        [
            {"type": "action", "action": f"{other}: {card}", "seq": 0},
            {"type": "action", "action": f"{seat}: {card}", "seq": 0, "seat": other},
        ],
        ["wrong_seat", "wrong_seat"],
    )
    watcher = kit.socket(tid, other)
    watcher.hello(tokens[other])
    errors_change_nothing(
        kit, tid, watcher, [{"type": "action", "action": f"{other}: {card}", "seq": 0}], ["not_your_turn"]
    )  # out of turn: only law mode's irregular acts are taken
    s.act(f"{seat}: {card}", 0)  # its own seat, said: taken
    m = s.recv_type("update")
    assert m["seq"] == 1 and m["action"] == card


def test_not_started_and_over_tables_refuse_actions(kit: RoomKit) -> None:
    tid = kit.create()
    token = kit.take(tid, "Ada")
    s = kit.socket(tid, "Ada")
    w = s.hello(token)
    assert w["view"] is None and w["table"]["status"] == "waiting" and w["place"] == 0
    s.act("play AS", 0)
    assert s.recv_type("error")["code"] == "not_started"


def test_messages_beyond_the_rate_limit_are_refused(tmp_path: Path) -> None:
    settings = Settings(bot_delay=0, ws_limit=Limit(burst=5, rate=0.5), http_limit=FAST.http_limit)
    with open_room(tmp_path / "r.db", settings) as k:
        tid, tokens = k.full_table()
        t = k.live(tid).table
        seat = t.to_act
        s = k.socket(tid, seat)
        s.hello(tokens[seat])  # one message of the five
        for _ in range(6):
            s.send({"type": "ping"})
        got = [s.recv()["type"] for _ in range(6)]
        assert got == ["pong"] * 4 + ["error"] * 2
        s.send({"type": "action", "action": str(t.legal_actions()[0]), "seq": 0})
        err = s.recv_type("error")
        assert err["code"] == "rate_limited" and "a second" in err["message"] and err["retry_after"] > 0
        assert len(t.actions) == 0, "a refused message changes nothing"


def test_a_socket_that_comes_back_is_sent_what_it_missed(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    rnd = random.Random(9)
    socks = kit.seated(tid, tokens, spectator=False)
    play_some(socks, t, 5, rnd)
    gone = "S"
    seen = socks[gone].seen
    socks[gone].ws.close()
    del socks[gone]
    # Play on without South (South's turns are taken by a socket opened for the purpose).
    stand_in = kit.socket(tid, "stand-in")
    stand_in.hello(tokens[gone], len(t.events))
    socks["stand-in"] = stand_in
    for _ in range(23):
        seat = t.to_act
        sock = socks["stand-in"] if seat == gone else socks[seat]
        sock.act(rnd.choice([str(a) for a in t.legal_actions()]), len(t.actions))
        for s in socks.values():
            s.recv_type("update")
    missed = len(t.events) - seen
    assert missed > 20
    back = kit.socket(tid, "back")
    w = back.hello(tokens[gone], seen)
    assert w["events"]["from"] == seen and w["events"]["to"] == len(t.events)
    assert w["events"]["items"] == [plain(e.visible_to(gone)) for e in t.events[seen:]]
    assert w["view"] == plain(t.view(gone)) and w["seq"] == len(t.actions)
    # and with no "since", the recent history (at most Settings.history events) and the view
    fresh = kit.socket(tid, "fresh").hello(tokens[gone])
    assert fresh["events"]["to"] == len(t.events) and fresh["view"] == w["view"]
    # a sync on an open socket sends the events after "since"
    back.send({"type": "sync", "since": seen + 3})
    st = back.recv_type("state")
    assert st["events"]["from"] == seen + 3


def test_two_tabs_of_one_seat_both_follow_and_either_may_act(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    seat = t.to_act
    a = kit.socket(tid, "tab a")
    b = kit.socket(tid, "tab b")
    a.hello(tokens[seat])
    b.hello(tokens[seat])
    b.act(str(t.legal_actions()[0]), 0, id=7)
    ma, mb = a.recv_type("update"), b.recv_type("update")
    assert "ack" not in ma and mb["ack"] == 7 and ma["view"] == mb["view"]


def test_presence_is_told_to_the_table(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    watcher = kit.socket(tid, "w")
    w = watcher.hello(None)
    assert not any(p["here"] for p in w["table"]["places"])
    seat = next(iter(tokens))
    s = kit.socket(tid, seat)
    s.hello(tokens[seat])
    m = watcher.recv_type("table")
    here = {p["seat"]: p["here"] for p in m["table"]["places"]}
    assert here[seat] is True and sum(here.values()) == 1
    s.ws.close()
    m = watcher.recv_type("table")
    assert not any(p["here"] for p in m["table"]["places"])


def test_unknown_table_socket_is_told_and_closed(kit: RoomKit) -> None:
    s = kit.socket("nosuchtable", "x")
    err = s.recv()
    assert err["code"] == "unknown_table"
    with pytest.raises(ConnectionError):
        s.recv(5)


def test_bots_play_their_turns_and_stop_at_the_persons(kit: RoomKit) -> None:
    tid = kit.create()
    token = kit.take(tid, "Ada")
    s = kit.socket(tid, "Ada")
    s.hello(token)
    kit.bots(tid, "rules")
    lt = kit.live(tid)
    t = lt.table
    me = lt.places[0].seat
    rnd = random.Random(2)
    for _ in range(13):  # a whole deal's worth of my turns
        while True:
            m = s.recv_type("update", "state")
            if m["legal"]:
                break
        assert t.to_act == me
        s.act(rnd.choice(m["legal"]), m["seq"])
    while not s.recv_type("update", "state")["legal"]:  # my turn again: the bots are waiting, nothing moves
        pass
    assert len(t.actions) >= 13 * 4
    # every action the bots took is in the database
    assert kit.client.get(f"/api/tables/{tid}").json()["table"]["n_actions"] == len(t.actions)


def test_a_person_called_dummy_does_not_get_the_dummys_seat(kit: RoomKit) -> None:
    """At Dummy the engine names the Dummy's seat "Dummy"; a person of that name still sits in a seat of their own
    (the Dummy's view shows its partner's concealed hand)."""
    tid = kit.create("dummy")
    tokens = {name: kit.take(tid, name) for name in ("Dummy", "Ben", "Cora")}
    lt = kit.live(tid)
    t = lt.table
    seats = {p.name: p.seat for p in lt.places}
    assert all(catalogue_controller(t, s) == s for s in seats.values()), seats
    w = kit.socket(tid, "Dummy").hello(tokens["Dummy"])
    assert "partner_hand" not in w["view"]
    assert w["seat"] == seats["Dummy"] and w["seat"] != "N"


def catalogue_controller(t, seat):  # type: ignore[no-untyped-def]
    from hoyle.server.catalogue import controller

    return controller(t, seat)


def test_many_watchers_share_one_encoding_and_patches_send_what_changed(kit: RoomKit) -> None:
    """An update is encoded once per seat (every spectator shares one), not once per socket; a socket that
    asks for patches is sent a JSON Patch (RFC 6902) of its view, which gives the view exactly."""
    import jsonpatch

    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    socks = kit.seated(tid, tokens, spectator=False)
    watchers = [kit.socket(tid, f"w{i}") for i in range(30)]
    for w in watchers:
        w.hello(None, 0)
    seat = t.to_act
    other = next(s for s in tokens if s != seat)
    patched = kit.socket(tid, "patched")
    view = patched.hello(tokens[other])["view"]
    patched.send({"type": "hello", "token": tokens[other], "patches": True})
    view = patched.recv_type("welcome")["view"]
    before = kit.room.encoded
    socks[seat].act(str(t.legal_actions()[0]), 0)
    for s in [*socks.values(), *watchers]:
        assert s.recv_type("update")["view"] is not None
    assert kit.room.encoded - before <= len(tokens) + 3, "one encoding a seat, the spectators' one, the ack"
    u = patched.recv_type("update")
    assert "view" not in u and isinstance(u["view_patch"], list)
    assert jsonpatch.apply_patch(view, u["view_patch"]) == plain(t.view(other))
    assert len(json.dumps(u["view_patch"])) < len(json.dumps(plain(t.view(other))))
