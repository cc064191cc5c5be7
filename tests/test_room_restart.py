"""Nothing lost: every action is in the database before anyone hears of it, and a room started again on the
same database rebuilds every table by replay and resumes exactly: the same views, the same legal actions,
the same seats for the same tokens, the bots playing on."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

import hoyle
from hoyle.server.limits import Limit
from hoyle.server.room import Settings
from test_room_kit import FAST, execute, open_room, plain


def snapshot(t: hoyle.Table) -> dict:
    return {
        "views": {s: plain(t.view(s)) for s in (*t.seats, None)},
        "legal": [str(a) for a in t.legal_actions()],
        "to_act": t.to_act,
        "record": plain(t.record()),
        "events": [plain(e.to_dict()) for e in t.events],
    }


def test_restart_resumes_every_table_exactly(db_url: str) -> None:
    db = db_url
    rnd = random.Random(4)
    with open_room(db) as k:
        # Deals after the restart come from the CSPRNG: enough rubbers that the sitting cannot end within the test.
        tid, tokens = k.full_table("whist", rubbers=100)
        t = k.live(tid).table
        socks = k.seated(tid, tokens, spectator=False)
        for _ in range(70):  # into the second deal
            seat = t.to_act
            socks[seat].act(rnd.choice([str(a) for a in t.legal_actions()]), len(t.actions))
            for s in socks.values():
                s.recv_type("update")
        before = snapshot(t)
        deals_before = k.client.get(f"/api/tables/{tid}/deals").json()
        waiting = k.create("whist")  # a table still waiting for players comes back too
        k.take(waiting, "Zoe")
    with open_room(db) as k:
        lt = k.live(tid)  # rebuilt at startup by replay
        t = lt.table
        assert snapshot(t) == before
        assert k.client.get(f"/api/tables/{tid}/deals").json() == deals_before
        assert [p.name for p in k.live(waiting).places] == ["Zoe"]
        # The same tokens hold the same seats, and the sockets are sent exactly what they were.
        for seat, token in tokens.items():
            w = k.socket(tid, seat).hello(token, len(t.events))
            assert w["seat"] == seat and w["view"] == before["views"][seat]
            assert w["legal"] == (before["legal"] if seat == before["to_act"] else [])
        # and play goes on, into a deal drawn after the restart (with the OS CSPRNG, saved like any other)
        socks = k.seated(tid, tokens, spectator=False)
        seat = t.to_act
        socks[seat].act(before["legal"][0], len(t.actions))
        assert socks[seat].recv_type("update")["seq"] == 71
        deals = len(t.record()["deals"])
        while len(t.record()["deals"]) == deals:
            seat = t.to_act
            socks[seat].act(rnd.choice([str(a) for a in t.legal_actions()]), len(t.actions))
            for s in socks.values():
                s.recv_type("update")
        again = snapshot(t)
    with open_room(db) as k:  # and that deal too comes back exactly
        assert snapshot(k.live(tid).table) == again


def test_bots_play_on_after_a_restart(db_url: str) -> None:
    db = db_url
    slow = Settings(bot_delay=3600, ws_limit=FAST.ws_limit, http_limit=FAST.http_limit)
    with open_room(db, slow) as k:
        tid = k.create("whist")
        token = k.take(tid, "Ada")
        k.bots(tid, "rules")
        lt = k.live(tid)
        t = lt.table
        me = lt.places[0].seat
        s = k.socket(tid, "Ada")
        w = s.hello(token)
        if t.to_act == me:  # take my turn so that a bot is to act when the room stops
            s.act(w["legal"][0], w["seq"])
            s.recv_type("update")
        assert t.to_act != me
        n = len(t.actions)
    with open_room(db, FAST) as k:
        t = k.live(tid).table
        s = k.socket(tid, "Ada")
        m = s.hello(token, None)
        while not m["legal"]:
            m = s.recv_type("update")
        assert len(t.actions) > n and t.to_act == me


def test_a_table_whose_record_no_longer_replays_is_kept_aside(db_url: str) -> None:
    db = db_url
    with open_room(db) as k:
        tid, tokens = k.full_table("whist")
        t = k.live(tid).table
        socks = k.seated(tid, tokens, spectator=False)
        for _ in range(3):
            seat = t.to_act
            socks[seat].act(str(t.legal_actions()[0]), len(t.actions))
            for s in socks.values():
                s.recv_type("update")
        good = k.create("whist")
    # someone edits the database by hand
    execute(db, "update room_actions set action = 'play ZZ' where table_id = :t and seq = 1", t=tid)
    with open_room(db) as k:
        lt = k.live(tid)
        assert lt.status == "broken" and "actions[1]" in (lt.note or "")
        info = k.client.get(f"/api/tables/{tid}").json()["table"]
        assert info["status"] == "broken" and "no longer replays" in info["note"]
        assert "actions[1]" not in info["note"], "the details stay in the database"
        assert k.live(good).status == "waiting"  # the rest of the room is unharmed
        s = k.socket(tid, "x")
        s.hello(tokens["N"])
        s.act("play AS", 3)
        assert s.recv_type("error")["code"] in ("table_broken", "not_started")


def test_an_action_the_database_refuses_is_not_taken(db_url: str) -> None:
    """If the commit fails the action is not taken: the table is rebuilt from the database, the actor told."""
    with open_room(db_url, Settings(bot_delay=0, ws_limit=Limit(1e5, 1e5), http_limit=Limit(1e5, 1e5))) as k:
        tid, tokens = k.full_table("whist")
        lt = k.live(tid)
        t = lt.table
        seat = t.to_act
        s = k.socket(tid, seat)
        s.hello(tokens[seat])
        store = k.room.store
        real = store.run

        async def failing(fn):  # type: ignore[no-untyped-def]
            raise RuntimeError("disk full")

        store.run = failing
        try:
            s.act(str(t.legal_actions()[0]), 0)
            err = s.recv_type("error", skip=("table", "state"))  # the rebuilt table is sent to all first
        finally:
            store.run = real
        assert err["code"] == "not_saved" and "not taken" in err["message"]
        t2 = k.live(tid).table
        assert len(t2.actions) == 0 and t2.to_act == seat
        s.drain()
        s.act(str(t2.legal_actions()[0]), 0)
        assert s.recv_type("update")["seq"] == 1


@pytest.mark.parametrize("synchronous", ["full", "normal"])
def test_a_room_killed_mid_play_loses_no_action_anyone_was_told_of(
    db_url: str, synchronous: str, tmp_path: Path
) -> None:
    """``python -m hoyle.server`` with four bots playing as fast as they can, watched by one socket; the
    process is killed (SIGKILL: no shutdown, no last commit) after the watcher has heard of 30 actions.  Every
    action the watcher heard of is in the database, and a room started again on it resumes the sitting past
    them.  With ``synchronous=normal`` this holds too: a killed process leaves its commits with the operating
    system (docs/room.md, "Durability"); what ``normal`` gives up is a power cut's."""
    if synchronous == "normal" and not db_url.startswith("sqlite"):
        pytest.skip("synchronous is SQLite's setting")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    cmd = [sys.executable, "-m", "hoyle.server", "--port", str(port), "--db", db_url, "--bot-delay", "0"]
    cmd += ["--sqlite-synchronous", synchronous, "--no-access-log", "--log-level", "warning"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"127.0.0.1:{port}"
    heard = 0
    try:
        deadline = time.monotonic() + 180  # a busy machine starts the room slowly
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, "the room did not start"
            try:
                if httpx.get(f"http://{base}/api/games", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        r = httpx.post(f"http://{base}/api/tables", json={"game": "whist", "options": {}})
        tid, owner = r.json()["id"], r.json()["owner"]
        with ws_connect(f"ws://{base}/ws/tables/{tid}", open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            r = httpx.post(
                f"http://{base}/api/tables/{tid}/bots", json={"kind": "random"}, headers={"X-Hoyle-Owner": owner}
            )
            assert r.status_code == 200, r.text
            while heard < 30:
                msg = json.loads(ws.recv(timeout=60))
                if msg.get("type") == "update":
                    heard = max(heard, msg["seq"])  # sent only once action seq-1 was committed
            proc.kill()  # SIGKILL, mid-play: the bots were still going
            proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    stored = execute(db_url, "select count(*) from room_actions where table_id = :t", t=tid)[0][0]
    assert stored >= heard >= 30
    with open_room(db_url, Settings(bot_delay=0, sweep_every=0)) as kit:
        lt = kit.live(tid)
        assert lt.table is not None and len(lt.table.actions) >= heard
