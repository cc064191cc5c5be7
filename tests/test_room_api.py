"""The room's HTTP side: pages, the lobby's API, records, replays, limits, and the schema's migrations."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import hoyle
from hoyle.server.db import Base, make_engine, migrate
from hoyle.server.limits import Limit
from hoyle.server.room import Settings
from test_room_kit import FAST, RoomKit, open_room


@pytest.fixture
def kit(tmp_path: Path) -> Iterator[RoomKit]:
    with open_room(tmp_path / "room.db") as k:
        yield k


def play_to_end(kit: RoomKit, tid: str, limit: int = 5000) -> None:
    """Random legal actions for the people at the table (the bots play their own) until the sitting is over.

    Runs in the room's event loop, so that nothing reads the table while the bots change it.
    """
    kit.client.portal.call(_play, kit.room, kit.live(tid), limit)


async def _play(room, lt, limit):  # type: ignore[no-untyped-def]
    import asyncio

    rnd = random.Random(lt.id)
    t = lt.table
    for _ in range(limit * 10):
        async with lt.lock:  # the lock is held until an action is committed: what is seen here is saved
            if t.over:
                return
        place = lt.place_at(t.to_act)
        if place.idx in lt.bots:
            await asyncio.sleep(0.001)
            continue
        await _apply(room, lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))
    raise AssertionError("the sitting did not end")


async def _apply(room, lt, seat, text):  # type: ignore[no-untyped-def]
    async with lt.lock:
        await room._apply(lt, seat, text)
    room.kick(lt)


# ---------------------------------------------------------------------- pages and static files


def test_pages_are_served_by_the_room(kit: RoomKit) -> None:
    for path, marker in (("/", "Open a table"), ("/table/abc", "At the table"), ("/replay", "Replay a hoyle record")):
        r = kit.client.get(path)
        assert r.status_code == 200 and marker in r.text, path
    for name in ("room.css", "cards.js", "felt.js", "table.js", "lobby.js", "replay.js", "common.js", "favicon.svg"):
        assert kit.client.get(f"/static/{name}").status_code == 200, name


def test_games_lists_every_registered_game_with_options_seats_and_bots(kit: RoomKit) -> None:
    games = {g["name"]: g for g in kit.client.get("/api/games").json()}
    assert set(games) == set(hoyle.games())
    w = games["whist"]
    assert w["seats"] == ["N", "E", "S", "W"]
    assert "rules" in w["bots"] and "random" in w["bots"]
    opts = {o["name"]: o for o in w["options"]}
    assert opts["long"]["kind"] == "bool" and opts["long"]["default"] is False
    assert opts["rubbers"]["kind"] == "int" and opts["rubbers"]["min"] == 1
    assert opts["code"]["kind"] == "choice" and "english-1864" in opts["code"]["choices"]


# ---------------------------------------------------------------------- the lobby


def test_open_table_take_places_fill_with_bots_and_begin(kit: RoomKit) -> None:
    tid = kit.create("whist", long=True)
    t = kit.client.get(f"/api/tables/{tid}").json()
    assert t["table"]["status"] == "waiting" and t["view"] is None and t["table"]["options"]["long"] is True
    r = kit.client.post(f"/api/tables/{tid}/places", json={"name": "  Sarah   Battle "})
    assert r.status_code == 201
    token = r.json()["token"]
    assert r.json()["name"] == "Sarah Battle" and len(token) >= 32
    kit.bots(tid, "rules")
    data = kit.client.get(f"/api/tables/{tid}").json()
    table = data["table"]
    assert table["status"] == "playing"
    assert sorted(p["seat"] for p in table["places"]) == ["E", "N", "S", "W"]
    assert [p["bot"] for p in table["places"]] == [False, True, True, True]
    assert "hand" not in data["view"], "the API's view is a spectator's"
    assert token not in json.dumps(data) and token not in kit.client.get("/api/tables").text
    listed = {x["id"]: x for x in kit.client.get("/api/tables").json()["tables"]}
    assert listed[tid]["status"] == "playing"


@pytest.mark.parametrize(
    ("body", "code", "fragment"),
    [
        ({"game": "bridge"}, "bad_game", "the games are"),
        ({"game": "whist", "options": {"colour": 1}}, "bad_game", "its options are"),
        ({"game": "whist", "options": {"rubbers": 0}}, "bad_game", "out of range"),
        ({"game": "whist", "options": {"long": "yes"}}, "bad_game", "True or False"),
        ({"options": {}}, "bad_request", "game"),
    ],
)
def test_open_table_refuses_with_the_valid_choices(kit: RoomKit, body: dict, code: str, fragment: str) -> None:
    r = kit.client.post("/api/tables", json=body)
    assert r.status_code in (400, 422)
    assert r.json()["error"] == code and fragment in r.json()["message"]


def test_places_names_and_limits(kit: RoomKit) -> None:
    tid = kit.create()
    bad = kit.client.post(f"/api/tables/{tid}/places", json={"name": "<script>"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_name"
    assert kit.client.post(f"/api/tables/{tid}/places", json={"name": " "}).json()["error"] == "bad_name"
    assert kit.client.post(f"/api/tables/{tid}/places", json={"name": "x" * 25}).json()["error"] == "bad_name"
    kit.take(tid, "Ada")
    again = kit.client.post(f"/api/tables/{tid}/places", json={"name": "ada"})
    assert again.status_code == 409 and again.json()["error"] == "name_taken"
    wrong = kit.client.post(f"/api/tables/{tid}/bots", json={"kind": "oracle"})
    assert wrong.json()["error"] == "bad_bot" and "random" in wrong.json()["message"]
    many = kit.client.post(f"/api/tables/{tid}/bots", json={"kind": "random", "count": 4})
    assert many.json()["error"] == "bad_count"
    kit.bots(tid, "random", 2)
    kit.take(tid, "Ben")
    full = kit.client.post(f"/api/tables/{tid}/places", json={"name": "Cora"})
    assert full.status_code == 409 and full.json()["error"] == "table_started"
    missing = kit.client.post("/api/tables/nope/places", json={"name": "Cora"})
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_table"


def test_leave_before_the_sitting_begins(kit: RoomKit) -> None:
    tid = kit.create()
    t1 = kit.take(tid, "Ada")
    kit.take(tid, "Ben")
    r = kit.client.delete(f"/api/tables/{tid}/places", headers={"X-Hoyle-Token": t1})
    assert r.status_code == 200
    assert [p["name"] for p in r.json()["table"]["places"]] == ["Ben"]
    r = kit.client.delete(f"/api/tables/{tid}/places", headers={"X-Hoyle-Token": t1})
    assert r.status_code == 403 and r.json()["error"] == "bad_token"


def test_lobby_requests_are_rate_limited(tmp_path: Path) -> None:
    settings = Settings(bot_delay=0, http_limit=Limit(burst=3, rate=0.01), ws_limit=FAST.ws_limit)
    with open_room(tmp_path / "r.db", settings) as k:
        codes = [k.client.post("/api/tables", json={"game": "whist"}).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        r = k.client.post("/api/tables", json={"game": "whist"})
        assert r.json()["error"] == "rate_limited" and "try again" in r.json()["message"]


def test_oversized_request_bodies_are_refused(kit: RoomKit) -> None:
    r = kit.client.post(
        "/api/tables",
        content=b'{"game": "whist", "x": "' + b"a" * 100_000 + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


# ---------------------------------------------------------------------- records and replays


def test_record_is_given_out_only_when_the_sitting_is_over(kit: RoomKit) -> None:
    tid = kit.create()
    kit.take(tid, "Ada")
    kit.bots(tid, "random")  # with bot_delay 0 the bots play until Ada is to act
    r = kit.client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 409 and r.json()["error"] == "in_play" and "cards still in hand" in r.json()["message"]
    play_to_end(kit, tid)
    r = kit.client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    t = hoyle.replay(r.json())
    assert t.over and t.record() == kit.live(tid).table.record()
    steps = kit.client.get(f"/api/tables/{tid}/replay").json()
    assert len(steps["steps"]) == len(t.actions) + 1 and steps["over"]
    assert all(set(s["hands"]) <= set(t.seats) for s in steps["steps"])


def test_finished_deals_are_given_out_once_the_next_is_finished(kit: RoomKit, monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools

    from hoyle import cards

    seeds = itertools.count(40)  # the room's deals seeded: shuffled afresh, two deals could end the rubber 2-0
    monkeypatch.setattr(cards, "SystemShuffler", lambda: cards.SeededShuffler(next(seeds)))
    tid, _ = kit.full_table("whist")
    lt = kit.live(tid)
    t = lt.table
    rnd = random.Random(3)
    while len([d for d in t._deal_log if "result" in d]) < 2:
        kit.client.portal.call(_apply, kit.room, lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))
    deals = kit.client.get(f"/api/tables/{tid}/deals").json()["deals"]
    assert [d["finished"] for d in deals] == [True, True, False]
    assert [d["available"] for d in deals] == [True, False, False]
    r1 = kit.client.get(f"/api/tables/{tid}/deals/1/record")
    assert r1.status_code == 200
    rec = r1.json()
    replayed = hoyle.replay(rec)
    assert len(rec["deals"]) == 2 and "result" not in rec["deals"][1]
    assert len(replayed.actions) == 52 and rec["actions"] == [str(a) for a in t.actions[:52]]
    r2 = kit.client.get(f"/api/tables/{tid}/deals/2/record")
    assert r2.status_code == 409 and "deal 3" in r2.json()["message"]
    r3 = kit.client.get(f"/api/tables/{tid}/deals/3/record")
    assert r3.status_code == 409 and "in play" in r3.json()["message"]
    steps = kit.client.get(f"/api/tables/{tid}/replay", params={"deal": 1}).json()
    assert steps["start_at"] == 0 and len(steps["steps"]) == 53


def test_replay_a_record_from_a_file(kit: RoomKit) -> None:
    t = hoyle.game("whist").table(seed=11)
    rnd = random.Random(1)
    for _ in range(60):
        t.apply(rnd.choice(t.legal_actions()))
    from hoyle.records import dumps

    r = kit.client.post("/api/replay", content=dumps(t.record()).encode())
    assert r.status_code == 200
    data = r.json()
    assert len(data["steps"]) == 61 and data["seats"] == ["N", "E", "S", "W"]
    first = data["steps"][0]
    assert set(first["hands"]) == {"N", "E", "S", "W"} and "hand" not in first["view"]
    assert data["steps"][-1]["view"] == json.loads(json.dumps(t.view(None)))
    bad = t.record()
    bad["actions"][5] = "play ZZ"
    r = kit.client.post("/api/replay", content=json.dumps(bad).encode())
    assert r.status_code == 422 and r.json()["error"] == "bad_record" and "actions[5]" in r.json()["message"]
    r = kit.client.post("/api/replay", content=b"{not json")
    assert r.status_code == 422 and "line 1" in r.json()["message"]


# ---------------------------------------------------------------------- the schema


def test_migrations_create_the_schema_the_models_describe(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    migrate(engine)
    migrate(engine)  # idempotent: the second start finds the schema at head
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.exec_driver_sql("select version_num from alembic_version").scalar()
    assert diff == [], f"the models and the migrations differ: {diff}"
    assert version == "0002_owners"


def test_a_finished_deal_in_pbn(kit: RoomKit) -> None:
    tid, _ = kit.full_table("whist")
    lt = kit.live(tid)
    t = lt.table
    rnd = random.Random(8)
    while not any("result" in d for d in t._deal_log):
        kit.client.portal.call(_apply, kit.room, lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))
    r = kit.client.get(f"/api/tables/{tid}/deals/1/pbn")
    assert r.status_code == 200 and '[Deal "' in r.text and '[TrumpCard "' in r.text
    assert kit.client.get(f"/api/tables/{tid}/deals").json()["deals"][0]["pbn"] is True
    r = kit.client.get(f"/api/tables/{tid}/deals/2/pbn")
    assert r.status_code == 409 and "still in play" in r.json()["message"]


def test_solo_in_pbn_names_its_seats(kit: RoomKit) -> None:
    """Four-hand Solo is written in PBN with seats A-D on N E S W, as the file's note says (issue 14)."""
    tid, _ = kit.full_table("solo")
    lt = kit.live(tid)
    t = lt.table
    rnd = random.Random(8)
    while not any("result" in d for d in t._deal_log):
        kit.client.portal.call(_apply, kit.room, lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))
    r = kit.client.get(f"/api/tables/{tid}/deals/1/pbn")
    assert r.status_code in (200, 409)
    if r.status_code == 200:
        assert '[Note "1:seats A=N, B=E, C=S, D=W"]' in r.text


def test_a_finished_poker_sitting_in_phh(kit: RoomKit) -> None:
    tid, _ = kit.full_table("poker")
    lt = kit.live(tid)
    t = lt.table
    r = kit.client.get(f"/api/tables/{tid}/phh")
    assert r.status_code == 409 and "in play" in r.json()["message"]
    rnd = random.Random(3)
    while not t.over:
        kit.client.portal.call(_apply, kit.room, lt, t.to_act, rnd.choice([str(a) for a in t.legal_actions()]))
    r = kit.client.get(f"/api/tables/{tid}/phh")
    assert r.status_code == 200 and "[1]" in r.text and "actions = [" in r.text
    whist, _ = kit.full_table("whist")
    assert kit.client.get(f"/api/tables/{whist}/phh").status_code == 404


def test_a_deal_not_played_out_is_not_shown_until_the_end() -> None:
    from hoyle.server.replays import available, shown

    t = hoyle.game("whist").table(seed=2)
    rnd = random.Random(2)
    while len(t._deal_log) < 3:
        t.apply(rnd.choice(t.legal_actions()))
    rec = json.loads(json.dumps(t.record()))
    starts = [0, 52, 104]
    assert shown(rec, starts, 0) and shown(rec, starts, 1) and not shown(rec, starts, 2)
    assert available(rec, starts, 0) and not available(rec, starts, 1)
    thrown_in = dict(rec, actions=[*rec["actions"][:51], "pass", *rec["actions"][52:]])  # one card never played
    assert not shown(thrown_in, starts, 0) and not available(thrown_in, starts, 0)
    assert available(dict(thrown_in, over=True), starts, 0)


def test_a_finished_table_nobody_watches_leaves_memory_and_comes_back(kit: RoomKit) -> None:
    tid = kit.create()
    kit.take(tid, "Ada")
    kit.bots(tid, "random")
    play_to_end(kit, tid)
    kit.client.portal.call(_settle)
    assert tid not in kit.room.tables
    info = kit.client.get(f"/api/tables/{tid}").json()["table"]  # loaded again, by replay
    assert info["status"] == "over" and info["over"] is True


async def _settle() -> None:
    import asyncio

    await asyncio.sleep(0.01)


# ---------------------------------------------------------------------- health and the routers


def test_health_answers_ok_with_the_live_tables_and_nothing_about_them(kit: RoomKit) -> None:
    tid = kit.create("whist")
    r = kit.client.get("/api/health")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["tables"] == 1
    assert tid not in r.text


def test_health_is_503_naming_the_failure_when_the_database_fails(kit: RoomKit) -> None:
    def broken(fn):  # type: ignore[no-untyped-def]
        raise RuntimeError("disk gone")

    kit.app.state.services.store.read = broken
    r = kit.client.get("/api/health")
    assert r.status_code == 503
    assert r.json()["status"] == "unavailable" and r.json()["reason"] == "the database failed: RuntimeError"


def test_every_route_of_the_app_comes_from_one_router(kit: RoomKit) -> None:
    from fastapi.routing import APIRoute, APIWebSocketRoute

    from hoyle.server.routes import ROUTERS

    def keys(routes: Any) -> list[tuple[str, tuple[str, ...]]]:
        out = []
        for r in routes:
            if hasattr(r, "original_router"):  # FastAPI >= 0.16x keeps an included router whole
                out += keys(r.original_router.routes)
            elif isinstance(r, APIRoute | APIWebSocketRoute):
                out.append((r.path, tuple(sorted(getattr(r, "methods", ()) or ()))))
        return out

    from_routers = [k for router in ROUTERS for k in keys(router.routes)]
    assert len(from_routers) == len(set(from_routers))  # no route in two routers
    assert sorted(keys(kit.app.routes)) == sorted(from_routers)  # none written in create_app itself
    paths = {p for p, _ in from_routers}
    assert {"/api/tables", "/api/tables/{tid}/record", "/ws/tables/{tid}", "/api/health", "/replay"} <= paths


def test_the_routers_dependencies_run_in_the_event_loop_not_in_worker_threads() -> None:
    """FastAPI runs a plain ``def`` dependency in a worker thread for every request and socket: with 400
    sockets the room held a hundred threads.  The shared dependencies are coroutines."""
    import inspect

    from hoyle.server.routes import deps

    for fn in (deps.services, deps.rate_limited):
        assert inspect.iscoroutinefunction(fn), fn.__name__
