"""Secrets stay secret: one socket per seat and one watching, for whole sittings of every game in the room.

Each message a socket receives is checked against where the cards are (``table.places()``) when it was
sent: no view, legal action or event tells a seat a card concealed from it (the same timing rule as the
conformance harness: what comes after the last ``deal`` event is judged by the places after the action,
what comes before it, by the places both before and after, the card just played excepted).  And each
message is exactly the seat's own part: ``view(seat)``, ``event.visible_to(seat)``, the legal actions to
the seat to act only.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import hoyle
from hoyle.server.catalogue import controller
from test_room_kit import (
    BACKENDS,
    RoomKit,
    Sock,
    card_mentions,
    concealed,
    database,
    hand_cards,
    open_room,
    plain,
)


@pytest.fixture
def kit(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RoomKit]:
    """The room on SQLite, or on the backend the test names (``indirect`` parametrisation)."""
    with database(getattr(request, "param", "sqlite"), tmp_path) as url, open_room(url) as k:
        yield k


CAP = 6000  # actions: a bound, so that a sitting that never ends fails instead of hanging


def exposed(t: hoyle.Table) -> set[str]:
    """Cards the game lays face up for all (a Dummy's hand): the spectator's view lists them under "exposed".

    (``places()`` still calls them ``hand N``; the conformance harness reports that to the Dummy's authors.)
    """
    out: set[str] = set()
    for cards in (t.view(None).get("exposed") or {}).values():
        out |= set(hand_cards(cards))
    return out


def check_message(
    msg: dict,
    seat: str | None,
    t: hoyle.Table,
    before: dict[str, str] | None,
    after: dict[str, str],
    played: set[str],
    open_before: set[str],
    open_after: set[str],
    *,
    mentions: bool = True,
) -> None:
    """``mentions=False`` (law mode) checks that the message is exactly the seat's part and no more: law mode's
    penalty choices name cards the chooser has not seen ('call card 2D', for every such card), which reveals
    nothing but defeats a check by mentions; the engine's own harness judges what its views say."""
    if not mentions:
        after = before = {}
    seats = tuple(t.seats)
    hidden_after = concealed(after, seats)[seat] - open_after
    hidden_before = concealed(before, seats)[seat] - open_before if before is not None else None
    who = seat or "the spectator"

    # The view and the legal actions: judged by the places now.
    leaked = card_mentions(msg["view"]) & hidden_after
    assert not leaked, f"{who}'s view shows concealed cards {sorted(leaked)}"
    assert msg["view"] == plain(t.view(seat)), f"{who} was not sent view({seat!r})"
    if seat is None:
        assert "hand" not in msg["view"] or not msg["view"]["hand"], "a spectator was sent a hand"
    elif mentions:
        mine = {c for c, p in after.items() if p == f"hand {seat}"}
        if "hand" in msg["view"]:  # its own cards (the dealer's may include the trump card still turned up)
            listed = set(hand_cards(msg["view"]["hand"]))
            assert mine <= listed and not listed & hidden_after, f"{who}'s hand {sorted(listed)}: places {mine}"
    if seat is not None and t.to_act is not None and controller(t, t.to_act) == seat:
        assert msg["legal"] == [str(a) for a in t.legal_actions()]
    else:
        assert msg["legal"] == [], f"{who} was sent legal actions while {t.to_act} is to act"
    leaked = card_mentions(msg["legal"]) & hidden_after
    assert not leaked, f"{who} was sent legal actions with concealed cards {sorted(leaked)}"
    # law mode: the seat's own irregular acts, to that seat only
    irregular = msg.get("irregular", [])
    assert irregular == ([str(a.by(None)) for a in t.irregular_actions(seat)] if seat is not None else [])
    leaked = card_mentions(irregular) & hidden_after
    assert not leaked, f"{who} was sent irregular acts with concealed cards {sorted(leaked)}"

    # The events: exactly the seat's part of each, and nothing concealed when it happened.
    lo, hi = msg["events"]["from"], msg["events"]["to"]
    events = t.events[lo:hi]
    assert msg["events"]["items"] == [plain(e.visible_to(seat)) for e in events], f"{who}: not visible_to({seat!r})"
    last_deal = max((i for i, e in enumerate(events) if e.kind == "deal"), default=-1)
    for i, (e, told) in enumerate(zip(events, msg["events"]["items"], strict=True)):
        if e.kind == "reveal":  # a settled deal's proof (issue 13): checked by the harness (Checker.check_reveal)
            continue
        seen = card_mentions(told)
        if not mentions:
            bad = set()
        elif i >= last_deal >= 0:
            bad = seen & hidden_after
        elif hidden_before is None:  # the log so far, sent on arrival: the harness judges the engine's log
            bad = set()
        else:
            bad = seen & hidden_after & (hidden_before - played)
        assert not bad, f"event {e.kind!r} told {who} concealed cards {sorted(bad)}: {told}"

    # And the table's public facts, the same for all.
    assert msg["table"]["to_act"] == t.to_act


ON_POSTGRESQL = {"whist[law mode]", "solo", "poker", "pope joan", "pope-joan", "vingt-un"}
"""The sittings played again with the room on PostgreSQL (one of each family of games: what is sent does not
depend on the database, but what is stored and read back does)."""


def _cases() -> list:
    """Every game with its defaults, and in law mode where it has one (some seats then err, out of turn too);
    some on PostgreSQL as well."""
    out = []
    for spec in hoyle.game_specs():
        cases = [(spec.name, {}, spec.name)]
        if "irregularities" in spec.option_map:
            cases.append((spec.name, {"irregularities": True}, f"{spec.name}[law mode]"))
        for game, options, name in cases:
            out.append(pytest.param("sqlite", game, options, id=name))
            if name in ON_POSTGRESQL:
                out.append(pytest.param("postgresql", game, options, id=f"{name}-postgresql"))
    return out


@pytest.mark.parametrize(("kit", "game", "options"), _cases(), indirect=["kit"])
def test_room_secrecy_whole_sitting(kit: RoomKit, game: str, options: dict, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    rnd = random.Random(f"secrecy {game} {options}")
    strict = not options.get("irregularities")
    tid, tokens = kit.full_table(game, **options)
    lt = kit.live(tid)
    t = lt.table
    assert t is not None
    # One socket per person (a person's seat may change when the table is formed again: a Dummy passes on).
    by_name = {p.name: tokens[p.seat] for p in lt.places if p.seat is not None}

    def seat_of(name: str | None) -> str | None:
        return None if name is None else next(p.seat for p in lt.places if p.name == name)

    socks: dict[str | None, Sock] = {}
    # On arrival each socket gets the whole log so far and its view: check them against the places now.
    places = t.places()
    for name, token in [*by_name.items(), (None, None)]:
        s = kit.socket(tid, str(name))
        m = s.hello(token, 0)
        seat = seat_of(name)
        assert m["seat"] == seat
        check_message(m, seat, t, None, places, set(), set(), exposed(t), mentions=strict)
        for e, told in zip(t.events, m["events"]["items"], strict=True):
            assert told == plain(e.visible_to(seat))
        socks[name] = s
    for s in socks.values():
        s.drain()
    actions = erred = offered = 0
    while not t.over:
        assert actions < CAP, f"{game}: the sitting did not end in {CAP} actions"
        actor = next(p.name for p in lt.places if p.seat == controller(t, t.to_act))
        sock = socks[actor]
        legal = sock.last["legal"] if sock.last and sock.last.get("seq") == len(t.actions) else None
        if legal is None:
            legal = [str(a) for a in t.legal_actions()]
        assert legal, f"{actor} is to act with nothing to do"
        choice = rnd.choice(legal)
        offered += any(x.last.get("irregular") for x in socks.values() if x.last)
        # someone errs, perhaps out of turn; at least once a sitting (a short one may otherwise pass without)
        if options.get("irregularities") and (rnd.random() < 0.03 or (not erred and actions >= 20)):
            erring = rnd.choice([n for n in socks if n is not None])
            acts = socks[erring].last.get("irregular") or []
            if acts:
                actor, sock, choice = erring, socks[erring], rnd.choice(acts)
                erred += 1
        before = t.places()
        open_before = exposed(t)
        n_before = len(t.events)
        card = choice[5:] if choice.startswith("play ") else None
        sock.act(choice, len(t.actions), id=actions)
        first = sock.recv_type("update", "error")
        assert first["type"] == "update", f"{actor}'s {choice!r} was refused: {first}"
        msgs = {n: (first if n == actor else socks[n].recv_type("update")) for n in socks}
        after = t.places()
        open_after = exposed(t)
        for n, m in msgs.items():
            seat = seat_of(n)
            assert m["seat"] == seat, f"{n} sits {seat}, but the room says {m['seat']}"
            assert m["seq"] == len(t.actions) == actions + 1
            assert m["events"]["from"] == n_before
            assert ("ack" in m) == (n == actor), "the ack goes to the actor only"
            check_message(
                m, seat, t, before, after, {card} if card else set(), open_before, open_after, mentions=strict
            )
        actions += 1
    assert lt.status == "over"
    if options.get("irregularities") and offered:
        assert erred, "law mode: some seat should have erred"
    # The room's log names no card at all.
    logged = [r.getMessage().replace(tid, "") for r in caplog.records]
    assert not card_mentions(logged), [m for m in logged if card_mentions(m)]
    rec = kit.client.get(f"/api/tables/{tid}/record")
    assert rec.status_code == 200
    assert hoyle.replay(rec.json()).record() == t.record()


@pytest.mark.parametrize("kit", BACKENDS, indirect=True)
def test_room_secrecy_engine_refusal_goes_to_its_seat_only(kit: RoomKit) -> None:
    """A refusal may name the actor's holding ('must follow suit: S holds hearts'): only that seat hears it."""
    tid, tokens = kit.full_table("whist")
    t = kit.live(tid).table
    socks = kit.seated(tid, tokens)
    # Play until someone must follow suit and holds a card of another suit.
    rnd = random.Random(5)
    for _ in range(400):
        seat = t.to_act
        legal = {str(a) for a in t.legal_actions()}
        view = t.view(seat)
        off = [c for c in view["hand"] if f"play {c}" not in legal]
        if t.view(None)["trick"] and off:
            socks[seat].act(f"play {off[0]}", len(t.actions))
            err = socks[seat].recv_type("error")
            assert err["code"] == "illegal_action" and "must follow suit" in err["message"]
            assert err["law"] == "000 §71"
            for s, sock in socks.items():
                if s != seat:
                    assert not sock.pending(), f"{s} heard another seat's refusal"
            return
        choice = rnd.choice(sorted(legal))
        socks[seat].act(choice, len(t.actions))
        for s in socks.values():
            s.recv_type("update")
    pytest.fail("no chance to revoke in 400 actions")
