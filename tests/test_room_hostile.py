"""The room under hostile input: records built to be slow, replays beyond the limits, work kept off the loop."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import hoyle
from hoyle.errors import InvalidDeal, RecordError
from hoyle.records import dumps
from hoyle.server import replays
from hoyle.server.room import Settings
from test_room_kit import FAST, RoomKit, open_room


@pytest.fixture
def kit(tmp_path: Path) -> Iterator[RoomKit]:
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


@pytest.mark.parametrize(("game", "deal", "match"), [
    ("vingt-un", {"dealer": "A", "cards": " ".join(["AS", "KS"] * 20_000)}, "twice"),
    ("poker", {"order": " ".join(["AS", "KS"] * 20_000)}, "twice"),
    ("boston", {"dealer": "A", "turned": "AS", "hands": {s: " ".join(["AS", "KS"] * 5_000) for s in "ABCD"}},
     "given twice"),
])
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


def test_a_long_replay_does_not_stall_the_room(kit: RoomKit) -> None:
    """A legitimate 5,000-action replay is made in a worker process: the lobby answers meanwhile."""
    body = dumps(long_record()).encode()
    assert kit.client.post("/api/replay", content=body[:0] + b"{}").status_code == 422  # the workers are up
    results: list[int] = []
    answers: list[bytes] = []

    def replay() -> None:  # the answers are read after, so that the test's own parsing does not hold the GIL
        for _ in range(3):
            r = kit.client.post("/api/replay", content=body, headers={"Accept-Encoding": "identity"})
            results.append(r.status_code)
            answers.append(r.content)

    th = threading.Thread(target=replay)
    th.start()
    worst = 0.0
    while th.is_alive():
        started = time.perf_counter()
        assert kit.client.get("/api/games").status_code == 200
        worst = max(worst, time.perf_counter() - started)
        time.sleep(0.01)
    th.join()
    assert results == [200, 200, 200]
    assert len(json.loads(answers[0])["steps"]) == 5001
    assert worst < 0.25, f"the lobby waited {worst:.2f} s while records were replayed"


def test_a_replay_past_its_time_limit_is_stopped(tmp_path: Path) -> None:
    slow = Settings(bot_delay=0, ws_limit=FAST.ws_limit, http_limit=FAST.http_limit, replay_seconds=0.05)
    with open_room(tmp_path / "room.db", slow) as k:
        r = k.client.post("/api/replay", content=dumps(long_record()).encode())
        assert r.status_code == 422 and r.json()["error"] == "too_slow" and "0.05 s" in r.json()["message"]
        small = hoyle.game("whist").table(seed=3).record()  # the pool goes on with a fresh worker
        assert k.client.post("/api/replay", content=dumps(small).encode()).status_code in (200, 422)
