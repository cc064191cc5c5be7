"""The lobby among strangers: tables have owners, waiting tables expire, one address cannot fill the room, a
failed write does not wedge a table, abandoned sittings end, and what the lobby shows names no card."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import update

from hoyle.server.db import TableRow
from hoyle.server.room import Settings
from hoyle.server.store import DropPlaces, StartTable
from test_room_kit import FAST, RoomKit, execute, open_room


@pytest.fixture
def kit(db_url: str) -> Iterator[RoomKit]:
    with open_room(db_url) as k:
        yield k


def settings(**kw: object) -> Settings:
    return Settings(**{"bot_delay": 0, "ws_limit": FAST.ws_limit, "http_limit": FAST.http_limit, **kw})  # type: ignore[arg-type]


# ---------------------------------------------------------------------- owners


def test_only_the_owner_fills_places_with_bots_changes_options_or_closes(kit: RoomKit) -> None:
    r = kit.client.post("/api/tables", json={"game": "whist", "options": {}})
    tid, owner = r.json()["id"], r.json()["owner"]
    assert "httponly" in r.headers["set-cookie"].lower() and "samesite=strict" in r.headers["set-cookie"].lower()
    kit.client.cookies.clear()  # a stranger: no owner cookie, no header
    kit.take(tid, "Ada")
    r = kit.client.post(f"/api/tables/{tid}/bots", json={"kind": "random"})
    assert r.status_code == 403 and r.json()["error"] == "not_owner" and "bots" in r.json()["message"]
    r = kit.client.post(f"/api/tables/{tid}/bots", json={"kind": "random"}, headers={"X-Hoyle-Owner": "guess"})
    assert r.status_code == 403
    r = kit.client.patch(f"/api/tables/{tid}", json={"options": {"rubbers": 3}})
    assert r.status_code == 403 and "options" in r.json()["message"]
    assert kit.client.delete(f"/api/tables/{tid}").status_code == 403
    lt = kit.live(tid)
    assert lt.status == "waiting" and len(lt.places) == 1 and lt.options["rubbers"] == 1
    mine = {"X-Hoyle-Owner": owner}
    r = kit.client.patch(f"/api/tables/{tid}", json={"options": {"rubbers": 3}}, headers=mine)
    assert r.status_code == 200 and kit.live(tid).options["rubbers"] == 3
    r = kit.client.post(f"/api/tables/{tid}/bots", json={"kind": "random", "count": 1}, headers=mine)
    assert r.status_code == 200 and len(kit.live(tid).places) == 2
    r = kit.client.delete(f"/api/tables/{tid}", headers=mine)
    assert r.status_code == 200 and r.json()["table"]["status"] == "closed"
    r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Ben"})
    assert r.status_code == 409 and r.json()["error"] == "table_closed"


def test_the_owner_cookie_fills_places_as_the_browser_does(kit: RoomKit) -> None:
    tid = kit.create("whist")  # the test client keeps the cookie, as a browser does
    kit.take(tid, "Ada")
    kit.bots(tid, "random")
    assert kit.live(tid).status == "playing"


# ---------------------------------------------------------------------- waiting tables and the room's room


def test_one_address_cannot_fill_the_room_even_after_a_restart(db_url: str) -> None:
    st = settings(max_waiting_per_address=3)
    with open_room(db_url, st) as k:
        for _ in range(3):
            k.create("whist")
        r = k.client.post("/api/tables", json={"game": "whist", "options": {}})
        assert r.status_code == 429 and r.json()["error"] == "too_many_tables" and "3 tables" in r.json()["message"]
    with open_room(db_url, st) as k:
        r = k.client.post("/api/tables", json={"game": "whist", "options": {}})
        assert r.status_code == 429


def test_waiting_tables_expire_even_across_a_restart(db_url: str) -> None:
    st = settings(max_waiting_per_address=2, waiting_ttl=1800)
    db = db_url
    with open_room(db, st) as k:
        old, fresh = k.create("whist"), k.create("whist")
        k.take(old, "Ada")
        k.client.portal.call(k.room.sweep, time.time() + 60)  # not yet
        assert k.live(old).status == "waiting"
    # as if the room had been stopped for an hour with `old` waiting
    execute(db, update(TableRow).where(TableRow.id == old).values(updated_at=dt.datetime(2000, 1, 1, tzinfo=dt.UTC)))
    with open_room(db, st) as k:  # the start sweeps
        assert k.live(old).status == "expired"
        assert k.live(fresh).status == "waiting"
        info = k.client.get("/api/tables").json()["tables"]
        note = next(t for t in info if t["id"] == old)["note"]
        assert "nobody came for 30 minutes" in note
        k.create("whist")  # the expired table no longer counts against the address
        r = k.client.post(f"/api/tables/{old}/places", json={"name": "Ben"})
        assert r.status_code == 409 and r.json()["error"] == "table_closed"


# ---------------------------------------------------------------------- a failed write at the start


def test_a_failed_start_gives_the_place_back_and_the_table_goes_on(kit: RoomKit) -> None:
    tid = kit.create("whist")
    for name in ("Ada", "Ben", "Cora"):
        kit.take(tid, name)
    store = kit.room.store
    real = store.run

    async def failing(fn):  # type: ignore[no-untyped-def]
        if isinstance(fn, StartTable):
            raise RuntimeError("disk full")
        return await real(fn)

    store.run = failing
    try:
        r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Dan"})
    finally:
        store.run = real
    assert r.status_code == 503 and r.json()["error"] == "not_saved" and "given back" in r.json()["message"]
    lt = kit.live(tid)
    assert lt.status == "waiting" and [p.name for p in lt.places] == ["Ada", "Ben", "Cora"]
    token = kit.take(tid, "Eve")  # the place is free again, and the sitting begins
    assert kit.live(tid).status == "playing" and token


def test_a_table_wedged_by_a_failed_write_is_repaired_by_a_restart(db_url: str) -> None:
    db = db_url
    with open_room(db) as k:
        tid = k.create("whist")
        tokens = {n: k.take(tid, n) for n in ("Ada", "Ben", "Cora")}
        store = k.room.store
        real = store.run

        async def failing(fn):  # type: ignore[no-untyped-def]
            if isinstance(fn, (StartTable, DropPlaces)):
                raise RuntimeError("disk full")
            return await real(fn)

        store.run = failing
        try:
            r = k.client.post(f"/api/tables/{tid}/places", json={"name": "Dan"})
        finally:
            store.run = real
        assert r.status_code == 503
        # a leave is still possible (it used to say table_full)
        r = k.client.request("DELETE", f"/api/tables/{tid}/places", headers={"X-Hoyle-Token": tokens["Cora"]})
        assert r.status_code == 200
        # the same wedge once more (every place taken in the database, no sitting), then the room stops
        store.run = failing
        try:
            assert k.client.post(f"/api/tables/{tid}/places", json={"name": "Gus"}).status_code == 503
        finally:
            store.run = real
    assert execute(db, "select status from room_tables where id = :t", t=tid)[0][0] == "waiting"
    assert execute(db, "select count(*) from room_places where table_id = :t", t=tid)[0][0] == 4
    with open_room(db) as k:
        lt = k.live(tid)
        assert lt.status == "playing" and lt.table is not None
        seat = next(p.seat for p in lt.places if p.name == "Ada")
        w = k.socket(tid).hello(tokens["Ada"])
        assert w["seat"] == seat


# ---------------------------------------------------------------------- abandoned sittings


def test_a_sitting_nobody_plays_is_abandoned_and_shown_so(db_url: str) -> None:
    with open_room(db_url, settings(abandon_after=3600)) as k:
        tid, tokens = k.full_table("whist")
        bots_only = k.create("whist")
        k.take(bots_only, "Hal")
        k.bots(bots_only, "random", 2)
        k.client.portal.call(k.room.sweep, time.time() + 600)
        assert k.live(tid).status == "playing"
        k.client.portal.call(k.room.sweep, time.time() + 3700)
        lt = k.live(tid)
        assert lt.status == "abandoned" and "nobody played for an hour" in lt.meta()["note"]
        info = {t["id"]: t for t in k.client.get("/api/tables").json()["tables"]}
        assert info[tid]["status"] == "abandoned"
        s = k.socket(tid)
        s.hello(tokens["N"])
        s.act(str(lt.table.legal_actions()[0]), 0)
        assert s.recv_type("error")["code"] == "table_closed"
        assert k.client.get(f"/api/tables/{tid}/deals").status_code == 200


# ---------------------------------------------------------------------- what the lobby shows


def test_a_broken_tables_reason_is_not_shown_in_the_lobby(db_url: str) -> None:
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
        played = t.actions[1]
    # someone edits the database by hand: a card nobody holds
    execute(db, "update room_actions set action = 'play ZZ' where table_id = :t and seq = 1", t=tid)
    with open_room(db) as k:
        assert k.live(tid).status == "broken"
        k.room.tables.pop(tid)  # out of memory: the lobby reads the row itself
        info = {t["id"]: t for t in k.client.get("/api/tables").json()["tables"]}
        note = info[tid]["note"]
        assert "no longer replays" in note and "ZZ" not in note and "actions[1]" not in note, note
        assert str(played) not in note


# ---------------------------------------------------------------------- deals of Pope Joan and French Vingt-Un


@pytest.mark.parametrize(
    ("game", "options"), [("pope-joan", {"players": 3}), ("vingt-un", {"french": True, "players": 2})]
)
def test_every_deal_of_a_finished_sitting_downloads(tmp_path: Path, game: str, options: dict) -> None:
    with open_room(tmp_path / "room.db") as kit:
        every_deal_downloads(kit, game, options)


def every_deal_downloads(kit: RoomKit, game: str, options: dict) -> None:
    tid, _ = kit.full_table(game, **options)
    lt = kit.live(tid)
    rnd = random.Random(5)

    async def play() -> None:
        t = lt.table
        while not t.over:
            async with lt.lock:
                await kit.room._apply(lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))

    kit.client.portal.call(play)
    deals = kit.client.get(f"/api/tables/{tid}/deals").json()["deals"]
    assert len(deals) >= 3 and all(d["available"] for d in deals)
    for d in deals:
        r = kit.client.get(f"/api/tables/{tid}/deals/{d['deal']}/record")
        assert r.status_code == 200, (d, r.text)
        r = kit.client.get(f"/api/tables/{tid}/replay", params={"deal": d["deal"]})
        assert r.status_code == 200, (d, r.text)


# ---------------------------------------------------------------------- look-alike names


def test_names_are_normalised_and_look_alikes_refused_at_one_table(kit: RoomKit) -> None:
    tid = kit.create("whist")
    r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Ａｄａ"})  # full-width
    assert r.status_code == 201 and r.json()["name"] == "Ada"
    for look_alike in ("\u0410da", "ADA", "\u0391da"):  # Cyrillic A, capitals, Greek Alpha
        r = kit.client.post(f"/api/tables/{tid}/places", json={"name": look_alike})
        assert r.status_code == 409 and r.json()["error"] == "name_taken", look_alike
        assert "already has a place" in r.json()["message"]
    kit.take(tid, "B0B")
    r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Bob"})
    assert r.status_code == 409 and "looks like 'B0B'" in r.json()["message"]
    r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Ada\u200b"})  # an invisible space
    assert r.status_code == 400 and r.json()["error"] == "bad_name"
    kit.take(tid, "Ana")  # a different name is not a look-alike
    other = kit.create("whist")
    kit.take(other, "\u0410da")  # at another table the name is free
