"""Views as JSON Patches (issue 13, many watchers), at the WebSocket: a socket that says ``"patches": true`` keeps
its view by applying each update's ``view_patch`` (RFC 6902) to the view before, and is sent the whole view
whenever it cannot have that one (a welcome after a reconnect, a stale action, a sync).  Whatever it is sent, the
view it holds after each update is exactly the room's ``view(seat)``; the browser's side of it is in
tests/test_room_browser.py."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import jsonpatch
import pytest

from test_room_kit import RoomKit, Sock, open_room, plain


@pytest.fixture
def kit(db_url: str) -> Iterator[RoomKit]:
    with open_room(db_url) as k:
        yield k


class Keeper:
    """A socket that keeps its view as the page does: whole views taken, patches applied to the view before."""

    def __init__(self, sock: Sock) -> None:
        self.sock = sock
        self.view: Any = None
        self.seq: int | None = None
        self.patches = 0
        self.whole = 0

    def hello(self, token: str | None, since: int | None = None) -> None:
        self.sock.send({"type": "hello", "token": token, "since": since, "patches": True})
        self.take(self.sock.recv_type("welcome"))

    def take(self, m: dict[str, Any]) -> None:
        if m["type"] in ("welcome", "state") or "view" in m:
            self.view, self.whole = m["view"], self.whole + 1
        else:
            assert self.seq == m["seq"] - 1, "a patch is sent only for the view this socket holds"
            self.view = jsonpatch.apply_patch(self.view, m["view_patch"])
            self.patches += 1
        self.seq = m["seq"]


def test_patches_keep_every_seat_and_a_watcher_exactly_in_step(kit: RoomKit) -> None:
    tid, tokens = kit.full_table()
    t = kit.live(tid).table
    keepers: dict[str | None, Keeper] = {}
    for seat, token in [*tokens.items(), (None, None)]:
        keepers[seat] = Keeper(kit.socket(tid, str(seat)))
        keepers[seat].hello(token, 0)
    rnd = random.Random(13)

    def step(n: int) -> None:
        for _ in range(n):
            seat = t.to_act
            keepers[seat].sock.act(str(rnd.choice(t.legal_actions())), len(t.actions))
            for s, k in keepers.items():
                m = k.sock.recv_type("update")
                k.take(m)
                assert k.view == plain(t.view(s)), f"{s}: the view kept is not the room's"
                if "view_patch" in m:
                    assert len(json.dumps(m["view_patch"])) < len(json.dumps(k.view)), "a patch only when shorter"

    step(60)  # past the first deal's end: the new deal's views come whole where a patch would be longer
    assert all(k.patches >= 50 for k in keepers.values()), {s: k.patches for s, k in keepers.items()}

    # a reconnect: the welcome is the whole view, and patches follow it again
    seat = next(iter(tokens))
    old = keepers[seat]
    keepers[seat] = Keeper(kit.socket(tid, f"{seat} again"))
    keepers[seat].hello(tokens[seat], old.sock.seen)
    assert keepers[seat].whole == 1 and keepers[seat].view == plain(t.view(seat))
    del old
    # a stale action (the socket acted on a table that had moved on) is answered with the whole table
    other = next(s for s in tokens if s != t.to_act)
    keepers[other].sock.act(str(t.legal_actions()[0]), len(t.actions) - 1)
    err = keepers[other].sock.recv_type("error")
    assert err["code"] in ("stale", "not_your_turn"), err
    if err["code"] == "stale":
        keepers[other].take(keepers[other].sock.recv_type("state"))
    step(8)
    assert keepers[seat].patches >= 6 and keepers[seat].view == plain(t.view(seat))
