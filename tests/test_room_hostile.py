"""The room under hostile input: records built to be slow, replays beyond the limits, work kept off the loop."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

import hoyle
from hoyle.errors import InvalidDeal, RecordError
from hoyle.records import dumps
from hoyle.server import replays
from hoyle.server.room import Settings
from test_room_kit import FAST, RoomKit, open_room


@pytest.fixture
def kit(db_url: str) -> Iterator[RoomKit]:
    with open_room(db_url) as k:
        yield k


@pytest.fixture
def sqlite_kit(tmp_path: Path) -> Iterator[RoomKit]:
    """For what does not touch the database (replays): SQLite only."""
    with open_room(tmp_path / "room.db") as k:
        yield k


def long_record(n: int = 5000) -> dict:
    t = hoyle.game("whist", rubbers=100).table(seed=2)
    rnd = random.Random(1)
    while len(t.actions) < n and not t.over:
        t.apply(rnd.choice(t.legal_actions()))
    return t.record()


# ---------------------------------------------------------------------- linear checks


def test_a_pack_of_forty_thousand_cards_is_refused_at_once() -> None:
    """``order.count(c)`` for every card made this take minutes; every duplicate check is linear now."""
    rec = hoyle.game("whist").table(seed=1).record()
    rec["deals"][0]["order"] = " ".join(["AS", "KS", "QS", "JS"] * 10_000)
    started = time.perf_counter()
    with pytest.raises(RecordError, match="repeated JS QS KS AS"):
        hoyle.replay(rec)
    assert time.perf_counter() - started < 1.5


@pytest.mark.parametrize(
    ("game", "deal", "match"),
    [
        ("vingt-un", {"dealer": "A", "cards": " ".join(["AS", "KS"] * 20_000)}, "twice"),
        ("poker", {"order": " ".join(["AS", "KS"] * 20_000)}, "twice"),
        (
            "boston",
            {"dealer": "A", "turned": "AS", "hands": {s: " ".join(["AS", "KS"] * 5_000) for s in "ABCD"}},
            "given twice",
        ),
    ],
)
def test_given_deals_with_thousands_of_cards_are_refused_at_once(game: str, deal: dict, match: str) -> None:
    started = time.perf_counter()
    with pytest.raises((InvalidDeal, RecordError), match=match):
        hoyle.game(game).table(deal=deal)
    assert time.perf_counter() - started < 1.5


# ---------------------------------------------------------------------- bounded replays


def test_a_replay_beyond_the_limits_is_refused_naming_the_limit(kit: RoomKit) -> None:
    rec = hoyle.game("whist").table(seed=1).record()
    rec["deals"][0]["order"] = " ".join(["AS", "KS", "QS"] * 5333)  # 16,000 cards in 47 KiB
    started = time.perf_counter()
    r = kit.client.post("/api/replay", content=json.dumps(rec).encode())
    assert r.status_code == 422 and r.json()["error"] == "too_large"
    assert "15999 cards" in r.json()["message"] and f"at most {replays.MAX_DEAL_CARDS}" in r.json()["message"]
    assert time.perf_counter() - started < 5
    big = long_record(200)
    big["actions"] = big["actions"] * 30
    r = kit.client.post("/api/replay", content=json.dumps(big).encode())
    assert r.status_code == 422 and r.json()["error"] == "too_large" and "at most 5000" in r.json()["message"]
    many = dict(big, deals=big["deals"] * 300, actions=[])
    r = kit.client.post("/api/replay", content=json.dumps(many).encode())
    assert r.status_code == 422 and "deals" in r.json()["message"] and "at most 1000" in r.json()["message"]
    r = kit.client.post("/api/replay", content=b" " * (replays.MAX_REPLAY_BYTES + 1))
    assert r.status_code == 413 and str(replays.MAX_REPLAY_BYTES) in r.json()["message"]


def test_a_long_replay_does_not_stall_the_room(sqlite_kit: RoomKit) -> None:
    """A legitimate 5,000-action replay is made, encoded and compressed in a worker process: the event loop's
    thread only passes the bytes on.  Measured as the loop thread's own CPU time, which the machine's load
    does not change (the old room encoded the 14 MB of steps in the loop: seconds of CPU each)."""
    kit = sqlite_kit
    body = dumps(long_record()).encode()
    assert kit.client.post("/api/replay", content=b"{}").status_code == 422  # the workers are up

    async def loop_cpu() -> float:
        return time.thread_time()

    before = kit.client.portal.call(loop_cpu)
    answers = []
    for encoding in ("identity", "gzip"):
        r = kit.client.post("/api/replay", content=body, headers={"Accept-Encoding": encoding})
        assert r.status_code == 200
        answers.append(r)
    spent = kit.client.portal.call(loop_cpu) - before
    assert answers[1].headers["content-encoding"] == "gzip" and answers[1].content == answers[0].content
    assert len(json.loads(answers[0].content)["steps"]) == 5001
    assert spent < 0.4, f"the event loop's thread spent {spent:.2f} s of CPU on two replays"


def test_a_replay_past_its_time_limit_is_stopped(tmp_path: Path) -> None:
    slow = Settings(bot_delay=0, ws_limit=FAST.ws_limit, http_limit=FAST.http_limit, replay_seconds=0.05)
    with open_room(tmp_path / "room.db", slow) as k:
        r = k.client.post("/api/replay", content=dumps(long_record()).encode())
        assert r.status_code == 422 and r.json()["error"] == "too_slow" and "0.05 s" in r.json()["message"]
        small = hoyle.game("whist").table(seed=3).record()  # the pool goes on with a fresh worker
        assert k.client.post("/api/replay", content=dumps(small).encode()).status_code in (200, 422)


# ---------------------------------------------------------------------- hosts and headers


def test_the_room_answers_only_to_its_own_host_names(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from hoyle.server import create_app

    app = create_app(f"sqlite:///{tmp_path / 'room.db'}", settings=FAST)  # loopback by default
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"Host": "localhost:8000"}).status_code == 200
        r = client.get("/api/games", headers={"Host": "evil.example:8000"})  # DNS rebinding
        assert r.status_code == 400
        evil = {"Host": "evil.example"}
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/tables/x", headers=evil):
            pass
    app = create_app(f"sqlite:///{tmp_path / 'room.db'}", settings=FAST, allowed_hosts=["cards.example.org"])
    with TestClient(app, base_url="http://cards.example.org") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/", headers={"Host": "127.0.0.1"}).status_code == 400


def test_pages_carry_a_strict_content_security_policy(kit: RoomKit) -> None:
    import re

    from hoyle.server.app import STATIC

    for path in ("/", "/table/abc", "/replay", "/static/table.js", "/api/tables"):
        h = kit.client.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
    for page in STATIC.glob("*.html"):  # nothing the policy would have to allow
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"{page.name}: inline script {tag}"
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), f"{page.name}: inline script"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: an inline event handler"
        assert not re.search(r"\sstyle\s*=", html), f"{page.name}: an inline style attribute"
        assert "<style" not in html, f"{page.name}: an inline style sheet"


def test_serve_refuses_a_port_no_socket_can_have() -> None:
    from typer.testing import CliRunner

    from hoyle.cli import app
    from hoyle.server.main import check_port, main

    r = CliRunner().invoke(app, ["serve", "--port", "99999"])
    assert r.exit_code != 0 and "65535" in r.output
    with pytest.raises(ValueError, match="1 to 65535, not 0"):
        check_port(0)
    with pytest.raises(SystemExit):
        main(["--port", "70000"])


def test_serve_takes_the_sqlite_durability_and_refuses_another(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    import hoyle.server
    from hoyle.cli import app

    seen: dict[str, object] = {}
    monkeypatch.setattr(hoyle.server, "serve", lambda **kw: seen.update(kw))
    r = CliRunner().invoke(app, ["serve", "--sqlite-synchronous", "normal"])
    assert r.exit_code == 0, r.output
    assert seen["settings"].sqlite_synchronous == "normal"  # type: ignore[attr-defined]
    r = CliRunner().invoke(app, ["serve"])
    assert r.exit_code == 0 and seen["settings"].sqlite_synchronous == "full"  # type: ignore[attr-defined]
    r = CliRunner().invoke(app, ["serve", "--sqlite-synchronous", "off"])
    assert r.exit_code == 2 and "full or normal, not 'off'" in r.output
