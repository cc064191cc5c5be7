"""The public surface of design.md: games, options, actions, tables, clones, records and replay.

Whist is the game used, since it is the one registered; the rules it is checked against are 000 §71
(follow suit) and design.md "The public surface" and "Records and replay".
"""

from __future__ import annotations

import copy
import json
import pickle
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import (
    Action,
    Event,
    Game,
    HoyleError,
    IllegalAction,
    InvalidAction,
    RecordError,
    Table,
    UnknownGame,
    UnknownOption,
)
from hoyle.cards import CARDS, Card, parse
from hoyle.engine import PLAY, RECORD_FORMAT
from hoyle.records import dumps, loads, replay_text

SEATS = ("N", "E", "S", "W")
CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][CDHS]|MI)\b")


def play_first_legal(t: Table, n: int | None = None) -> None:
    """Play the first lawful action ``n`` times, or until the sitting is over."""
    count = 0
    while not t.over and (n is None or count < n):
        t.apply(t.legal_actions()[0])
        count += 1


def snapshot(t: Table) -> tuple[Any, ...]:
    """Everything public about a table, to show it unchanged."""
    return (
        t.record(),
        {s: t.view(s) for s in (*SEATS, None)},
        t.to_act,
        [str(a) for a in t.legal_actions()],
        dict(t.scores),
        t.over,
        len(t.events),
    )


@pytest.fixture(scope="module")
def finished() -> Table:
    t = hoyle.game("whist").table(seed=2)
    play_first_legal(t)
    assert t.over
    return t


def fresh(seed: int = 5, plays: int = 0) -> Table:
    t = hoyle.game("whist").table(seed=seed)
    play_first_legal(t, plays)
    return t


def a_card_not_held(t: Table) -> Card:
    seat = t.to_act
    held = set(t.view(seat)["hand"])
    return next(c for c in CARDS[:52] if str(c) not in held)


def a_renounce(t: Table) -> Card | None:
    """A card of the seat to act that is not of the suit led, when it holds the suit led."""
    trick = t.view(None)["trick"]
    if not trick:
        return None
    led = trick[0]["card"][-1]
    hand = parse(t.view(t.to_act)["hand"])
    if not any(c.suit_letter == led for c in hand):
        return None
    return next((c for c in hand if c.suit_letter != led), None)


# --- the registry ---------------------------------------------------------------------------------------


def test_games_lists_whist() -> None:
    names = hoyle.games()
    assert "whist" in names
    assert names == sorted(names)
    assert [s.name for s in hoyle.game_specs()] == names


def test_unknown_game_lists_the_valid_names() -> None:
    with pytest.raises(UnknownGame) as info:
        hoyle.game("nope")
    assert "'nope'" in str(info.value)
    assert "whist" in str(info.value)
    assert "whist" in info.value.valid
    assert isinstance(info.value, ValueError) and isinstance(info.value, HoyleError)


def test_game_names_aliases_and_case() -> None:
    assert hoyle.game("Whist") == hoyle.game("whist")
    assert hoyle.game("short whist") == hoyle.game("whist")
    assert hoyle.game("english whist").name == "whist"


def test_unknown_option_names_the_valid_options() -> None:
    with pytest.raises(UnknownOption) as info:
        hoyle.game("whist", trumps="H")
    msg = str(info.value)
    assert "'trumps'" in msg
    for name in ("code", "long", "rubbers"):
        assert name in msg


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"code": "klingon"}, "'english-1864'"),
        ({"long": "yes"}, "True or False"),
        ({"long": 1}, "True or False"),
        ({"rubbers": 0}, "1..1000"),
        ({"rubbers": "2"}, "whole number"),
        ({"rubbers": True}, "whole number"),
    ],
)
def test_bad_option_value_names_the_valid_values(options: dict[str, Any], needle: str) -> None:
    with pytest.raises(UnknownOption, match=None) as info:
        hoyle.game("whist", **options)
    assert needle in str(info.value)
    (name,) = options
    assert name in str(info.value)


def test_game_is_immutable_with_defaults_filled_in_and_a_repr() -> None:
    g = hoyle.game("whist")
    assert dict(g.options) == {
        "code": "english-1864",
        "long": False,
        "rubbers": 1,
        "rubber_bonus": 0,
        "irregularities": False,
    }
    assert g["long"] is False
    with pytest.raises(AttributeError):
        g.spec = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.colour = "red"  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        g.options["long"] = True  # type: ignore[index]
    assert repr(g) == "hoyle.game('whist')"
    long = hoyle.game("whist", long=True, rubbers=3)
    assert repr(long) == "hoyle.game('whist', long=True, rubbers=3)"
    assert long != g
    assert hoyle.game("whist", long=False) == g
    assert hash(hoyle.game("whist", code="english-1864")) == hash(g)
    assert isinstance(g, Game)


# --- actions --------------------------------------------------------------------------------------------


def test_action_parse_round_trip_for_every_card() -> None:
    for c in CARDS[:52]:
        a = Action.parse(f"play {c}")
        assert a is PLAY[c]
        assert a.verb == "play" and a.arg == str(c) and a.card == c
        assert Action.parse(str(a)) == a
        assert repr(a) == f"Action.parse('play {c}')"


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("play 10h", "play TH"),
        ("PLAY qs", "play QS"),
        ("  play   ♥10 ", "play TH"),
        ("call misère", "call misere"),
        ("Call   Abondance  Déclarée", "call abondance declaree"),
        ("bet 5", "bet 5"),
        ("pass", "pass"),
    ],
)
def test_action_parse_normalises_and_round_trips(text: str, normal: str) -> None:
    a = Action.parse(text)
    assert str(a) == normal
    assert Action.parse(normal) == a
    assert Action.parse(str(a)) == a
    assert hash(Action.parse(normal)) == hash(a)


def test_action_is_frozen_hashable_and_pickles() -> None:
    a = Action.parse("call misere")
    assert (a.verb, a.arg, a.card) == ("call", "misere", None)
    with pytest.raises(AttributeError):
        a.verb = "bid"  # type: ignore[misc]
    assert {a, Action.parse("CALL misère")} == {a}
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(PLAY[51])) is PLAY[51]
    assert Action("play", "QS") != Action("play", "KS")
    assert Action.parse("pass") != "pass"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("play", "needs a card"),
        ("play ZZ", "'play ZZ'"),
        ("play 1H", "'1H'"),
        ("", "empty action"),
        ("   ", "empty action"),
        ("play " + "A" * 300, "too long"),
        (42, "not int"),
        (None, "not NoneType"),
        (b"play QS", "not bytes"),
    ],
)
def test_action_parse_invalid(text: Any, needle: str) -> None:
    with pytest.raises(InvalidAction) as info:
        Action.parse(text)
    assert needle in str(info.value)
    assert isinstance(info.value, ValueError)


def test_action_parse_unhashable_is_invalid_action() -> None:
    with pytest.raises(InvalidAction):
        Action.parse(["play", "QS"])  # type: ignore[arg-type]


# --- tables: to_act, legal actions, apply ---------------------------------------------------------------


def test_table_basics() -> None:
    t = fresh()
    assert isinstance(t, Table)
    assert t.to_act in SEATS
    assert not t.over
    legal = t.legal_actions()
    assert legal and all(isinstance(a, Action) and a.verb == "play" for a in legal)
    assert {str(a.card) for a in legal} == set(t.view(t.to_act)["hand"])  # the leader may lead any card
    assert t.scores == {"NS": 0, "EW": 0}
    json.dumps(t.view(None))
    for s in SEATS:
        json.dumps(t.view(s))
    with pytest.raises(ValueError, match="no seat 'X'"):
        t.view("X")


def test_apply_with_an_action_or_its_text_is_the_same() -> None:
    a, b = fresh(), fresh()
    assert a.record() == b.record()
    for _ in range(9):
        act = a.legal_actions()[-1]
        ev_a = a.apply(act)
        ev_b = b.apply(str(act).upper())
        assert [e.to_dict() for e in ev_a] == [e.to_dict() for e in ev_b]
        assert all(isinstance(e, Event) for e in ev_a)
    assert a.record() == b.record()
    assert a.record()["actions"][-1] == str(act)


def test_apply_returns_the_events_it_caused() -> None:
    t = fresh()
    before = len(t.events)
    seat = t.to_act
    card = t.legal_actions()[0].card
    events = t.apply(f"play {card}")
    assert [e.kind for e in events] == ["play"]
    assert (events[0].seat, events[0].data["card"]) == (seat, str(card))
    assert t.events[before:] == events


def test_illegal_card_not_held_leaves_the_table_unchanged() -> None:
    t = fresh(plays=5)
    card = a_card_not_held(t)
    before = snapshot(t)
    with pytest.raises(IllegalAction) as info:
        t.apply(f"play {card}")
    assert "does not hold" in str(info.value)
    assert card.name in str(info.value)
    assert snapshot(t) == before
    assert not t.is_legal(f"play {card}")


def test_000_law_71_failing_to_follow_suit_refused_and_table_unchanged() -> None:
    # 000 §71: a revoke "is when a player, holding one or more cards of the suit led, plays a card of a
    # different suit".  In strict mode it is refused, citing the law.
    for seed in range(40):
        t = fresh(seed=seed, plays=1)
        card = a_renounce(t)
        if card is not None:
            break
    else:  # pragma: no cover - forty seeds without a chance to renounce
        pytest.fail("no seed gave a chance to renounce")
    before = snapshot(t)
    with pytest.raises(IllegalAction) as info:
        t.apply(PLAY[card])
    assert "000 §71" in str(info.value)
    assert "must follow suit" in str(info.value)
    assert info.value.law == "000 §71"
    assert snapshot(t) == before
    assert PLAY[card] not in t.legal_actions()


@pytest.mark.parametrize("text", ["call misere", "pass", "bid 6 first", "claim revoke"])
def test_a_verb_other_than_play_is_illegal_at_whist(text: str) -> None:
    t = fresh(plays=2)
    before = snapshot(t)
    with pytest.raises(IllegalAction, match="play CARD"):
        t.apply(text)
    assert snapshot(t) == before


@pytest.mark.parametrize("text", ["play", "play ZZ", "", 17, None])
def test_invalid_action_leaves_the_table_unchanged(text: Any) -> None:
    t = fresh(plays=3)
    before = snapshot(t)
    with pytest.raises(InvalidAction):
        t.apply(text)
    assert snapshot(t) == before


def test_the_mistigris_cannot_be_played_at_whist() -> None:
    t = fresh()
    before = snapshot(t)
    with pytest.raises(IllegalAction, match="Mistigris"):
        t.apply("play MI")
    assert snapshot(t) == before


def test_apply_after_the_sitting_is_over_raises(finished: Table) -> None:
    t = finished.clone()
    assert t.over and t.to_act is None and t.legal_actions() == []
    before = snapshot(t)
    for text in ("play AS", "play 2C", "pass"):
        with pytest.raises(IllegalAction, match="the sitting is over"):
            t.apply(text)
    assert snapshot(t) == before
    assert not t.is_legal("play AS")


def test_deal_event_tells_each_seat_its_own_hand_only() -> None:
    t = fresh(seed=8)
    (deal,) = [e for e in t.events if e.kind == "deal"]
    turned = t.view(None)["turned"]
    for s in SEATS:
        seen = deal.visible_to(s)
        # the deal tells each seat the cards dealt to it; the dealer's trump card lies on the table (000 §52)
        on_table = [turned] if s == t.view(None)["dealer"] else []
        assert sorted(seen["hand"].split()) == sorted(t.view(s)["hand"] + on_table)
        # the cards named in what a seat is told: its own and the turned trump card, no other
        assert set(CARD_TOKEN.findall(json.dumps(seen))) == set(t.view(s)["hand"]) | {turned}
    spectator = deal.visible_to(None)
    assert "hand" not in spectator and "private" not in spectator
    assert spectator["turned"] == turned
    assert set(CARD_TOKEN.findall(json.dumps(spectator))) == {turned}
    assert set(deal.to_dict()["private"]) == set(SEATS)
    with pytest.raises(AttributeError):
        deal.kind = "play"  # type: ignore[misc]


# --- clone ----------------------------------------------------------------------------------------------


def test_clone_is_equal_and_independent() -> None:
    t = fresh(seed=9, plays=30)
    c = t.clone()
    assert c is not t
    assert snapshot(c) == snapshot(t)
    # the same continuation gives the same events
    for _ in range(40):
        act = t.legal_actions()[-1]
        assert [e.to_dict() for e in t.apply(act)] == [e.to_dict() for e in c.apply(act)]
    assert snapshot(c) == snapshot(t)
    # playing on the clone leaves the original as it was
    before = snapshot(t)
    play_first_legal(c, 60)
    assert snapshot(t) == before
    assert c.record()["actions"][:70] == t.record()["actions"]
    assert len(c.record()["actions"]) == 130


def test_clone_draws_the_same_chance() -> None:
    # The shuffler is cloned too: both tables deal the next deal alike.
    t = fresh(seed=4)
    c = t.clone()
    for table in (t, c):
        while table.view(None)["deal"] == 1:
            table.apply(table.legal_actions()[0])
    assert t.record()["deals"] == c.record()["deals"]
    assert len(t.record()["deals"]) == 2


# --- records and replay ---------------------------------------------------------------------------------


def test_record_is_json_with_the_format(finished: Table) -> None:
    for t in (fresh(), fresh(plays=17), finished):
        r = t.record()
        assert r["format"] == RECORD_FORMAT == "hoyle-record/1"
        assert json.loads(json.dumps(r)) == r
        assert r["game"] == "whist"
        assert r["options"] == {
            "code": "english-1864",
            "long": False,
            "rubbers": 1,
            "rubber_bonus": 0,
            "irregularities": False,
        }
        assert r["seats"] == list(SEATS)
        assert r["scores"] == t.scores
        assert r["over"] is t.over
        assert all(isinstance(a, str) for a in r["actions"])
        for d in r["deals"]:
            assert sorted(parse(d["order"])) == list(CARDS[:52])


def test_record_is_a_copy() -> None:
    t = fresh(plays=4)
    r = t.record()
    r["actions"].append("play AS")
    r["deals"][0]["order"] = ""
    assert len(t.record()["actions"]) == 4
    assert t.record()["deals"][0]["order"] != ""


def test_same_seed_same_sitting() -> None:
    assert fresh(seed=13).record() == fresh(seed=13).record()
    assert fresh(seed=13).record()["deals"] != fresh(seed=14).record()["deals"]


@pytest.mark.parametrize("plays", [0, 1, 13, 52, 70])
def test_replay_mid_sitting_gives_an_equal_table(plays: int) -> None:
    t = fresh(seed=21, plays=plays)
    r = t.record()
    u = hoyle.replay(r)
    assert u.record() == r
    assert u.scores == t.scores
    assert u.to_act == t.to_act
    assert u.legal_actions() == t.legal_actions()
    assert {s: u.view(s) for s in (*SEATS, None)} == {s: t.view(s) for s in (*SEATS, None)}
    # and the replayed table plays on like the original
    for _ in range(10):
        act = t.legal_actions()[0]
        assert [e.to_dict() for e in t.apply(act)] == [e.to_dict() for e in u.apply(act)]


def test_replay_finished_sitting(finished: Table) -> None:
    r = finished.record()
    u = hoyle.replay(r)
    assert u.over
    assert u.scores == finished.scores
    assert u.record() == r
    assert sum(u.scores.values()) == 0  # net rubber points: the winners' gain is the losers' loss
    assert max(u.scores.values()) in range(1, 9)  # 000 §8-10: a rubber is worth one to eight


def test_replay_of_json_text_round_trip(finished: Table) -> None:
    text = dumps(finished.record())
    record, lines = loads(text)
    assert record == finished.record()
    assert replay_text(text).record() == finished.record()
    # one action a line
    assert lines["actions[0]"] + len(record["actions"]) - 1 == lines[f"actions[{len(record['actions']) - 1}]"]


# --- tampered records -----------------------------------------------------------------------------------


def _line_of(text: str, place: str) -> int:
    """The 1-based line of ``deals[i]``/``actions[i]``/``scores`` in :func:`dumps` output, found independently."""
    lines = text.splitlines()
    if place == "scores":
        return next(n for n, s in enumerate(lines, 1) if s.strip().startswith('"scores"'))
    key, i = place.rstrip("]").split("[")
    head = next(n for n, s in enumerate(lines, 1) if s.strip().startswith(f'"{key}": ['))
    return head + 1 + int(i)


@pytest.fixture(scope="module")
def mid_record() -> dict[str, Any]:
    """A record with two deals finished and the third under way."""
    t = hoyle.game("whist").table(seed=3)
    while t.view(None)["deal"] < 3:
        t.apply(t.legal_actions()[0])
    play_first_legal(t, 10)
    r = t.record()
    assert len(r["deals"]) == 3 and "result" in r["deals"][1] and not r["over"]
    return r


def refused(record: dict[str, Any]) -> tuple[str, str]:
    """The messages of replay and of replay_text(dumps(record)), both of which must refuse it."""
    with pytest.raises(RecordError) as a:
        hoyle.replay(record)
    with pytest.raises(RecordError) as b:
        replay_text(dumps(record))
    return str(a.value), str(b.value)


def test_tampered_card_text_in_a_deal(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    order = r["deals"][1]["order"].split()
    order[7] = "ZZ"
    r["deals"][1]["order"] = " ".join(order)
    msg, msg_text = refused(r)
    assert msg.startswith("deals[1]:") and "'ZZ'" in msg
    assert f"line {_line_of(dumps(r), 'deals[1]')} (deals[1])" in msg_text


def test_tampered_card_in_the_first_deal_order(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    order = r["deals"][0]["order"].split()
    lost, twice = order[5], order[6]
    order[5] = twice
    r["deals"][0]["order"] = " ".join(order)
    msg, _ = refused(r)
    assert "deals[0]" in msg
    assert f"missing {lost}" in msg and f"repeated {twice}" in msg


def test_tampered_card_in_the_first_deal_order_names_the_line(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    order = r["deals"][0]["order"].split()
    order[5] = order[6]
    r["deals"][0]["order"] = " ".join(order)
    _, msg_text = refused(r)
    assert f"line {_line_of(dumps(r), 'deals[0]')}" in msg_text


def test_tampered_card_in_a_later_deal_order(mid_record: dict[str, Any]) -> None:
    # The second deal is drawn by the last play of the first deal: the action that deals it is refused.
    r = copy.deepcopy(mid_record)
    order = r["deals"][1]["order"].split()
    order[0] = order[1]
    r["deals"][1]["order"] = " ".join(order)
    msg, msg_text = refused(r)
    assert "deals[1]" in msg and "the cards are not the pack of 52" in msg
    assert "actions[51]" in msg
    assert f"line {_line_of(dumps(r), 'actions[51]')} (actions[51])" in msg_text


def test_tampered_action_changed_to_an_illegal_one(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    # the eldest hand's second card of the first deal cannot be played by the second hand
    first = r["actions"][0]
    r["actions"][1] = first
    msg, msg_text = refused(r)
    assert msg.startswith(f"actions[1] {first!r}:")
    assert "does not hold" in msg
    assert f"line {_line_of(dumps(r), 'actions[1]')} (actions[1])" in msg_text


def test_tampered_action_that_does_not_parse(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["actions"][4] = "play 1H"
    msg, msg_text = refused(r)
    assert msg.startswith("actions[4] 'play 1H':")
    assert f"line {_line_of(dumps(r), 'actions[4]')} (actions[4])" in msg_text


def test_tampered_action_that_is_not_text(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["actions"][2] = 7
    msg, msg_text = refused(r)
    assert msg.startswith("actions[2]: an action is text")
    assert f"line {_line_of(dumps(r), 'actions[2]')} (actions[2])" in msg_text


def test_tampered_deal_result(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    result = r["deals"][0]["result"]
    winner = max(result["tricks"], key=result["tricks"].get)
    result["points"][winner] += 1
    msg, msg_text = refused(r)
    assert msg.startswith("deals[0]: the record's result")
    assert "does not follow from the play" in msg
    assert f"line {_line_of(dumps(r), 'deals[0]')} (deals[0])" in msg_text


def test_tampered_score(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["scores"] = {side: points + 1 for side, points in r["scores"].items()}
    msg, _ = refused(r)
    assert msg.startswith("scores: the record says")
    assert str(mid_record["scores"]) in msg


def test_tampered_score_names_the_line(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["scores"] = {side: points + 1 for side, points in r["scores"].items()}
    _, msg_text = refused(r)
    assert f"line {_line_of(dumps(r), 'scores')}" in msg_text


def test_tampered_over_flag(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["over"] = True
    msg, _ = refused(r)
    assert msg.startswith("over:")


def test_record_with_too_few_deals(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    del r["deals"][2]
    msg, _ = refused(r)
    assert "fewer deals" in msg


def test_record_with_extra_deals(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["deals"].append(copy.deepcopy(r["deals"][2]))
    msg, _ = refused(r)
    assert msg.startswith("deals: the record has 4 deals but its actions play 3")


@pytest.mark.parametrize("fmt", ["hoyle-record/2", "", None, "HOYLE-RECORD/1"])
def test_record_with_the_wrong_format(mid_record: dict[str, Any], fmt: Any) -> None:
    r = copy.deepcopy(mid_record)
    r["format"] = fmt
    msg, _ = refused(r)
    assert msg == f"format: expected 'hoyle-record/1', found {fmt!r}"


def test_record_of_an_unknown_game(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["game"] = "nope"
    msg, _ = refused(r)
    assert msg.startswith("game/options:")
    assert "'nope'" in msg and "whist" in msg


def test_record_with_an_unknown_option(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["options"]["trumps"] = "H"
    msg, _ = refused(r)
    assert msg.startswith("game/options:") and "'trumps'" in msg


@pytest.mark.parametrize("key", ["game", "options", "deals", "actions", "scores"])
def test_record_missing_a_part(mid_record: dict[str, Any], key: str) -> None:
    r = copy.deepcopy(mid_record)
    del r[key]
    with pytest.raises(RecordError, match=f"^{key}: missing"):
        hoyle.replay(r)


def test_record_with_an_action_after_the_end(finished: Table) -> None:
    r = finished.record()
    n = len(r["actions"])
    r["actions"].append("play AS")
    msg, msg_text = refused(r)
    assert msg.startswith(f"actions[{n}] 'play AS':")
    assert "the sitting is over" in msg
    assert f"line {_line_of(dumps(r), f'actions[{n}]')} (actions[{n}])" in msg_text


@pytest.mark.parametrize(("key", "value"), [("dealer", "S"), ("pack", 0)])
def test_tampered_dealer_or_pack_of_a_deal(mid_record: dict[str, Any], key: str, value: Any) -> None:
    r = copy.deepcopy(mid_record)
    assert r["deals"][1][key] != value
    r["deals"][1][key] = value
    msg, _ = refused(r)
    assert "deals[1]" in msg


def test_tampered_result_on_the_deal_in_progress(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["deals"][2]["result"] = copy.deepcopy(r["deals"][1]["result"])
    msg, _ = refused(r)
    assert "deals[2]" in msg


def test_tampered_seats(mid_record: dict[str, Any]) -> None:
    r = copy.deepcopy(mid_record)
    r["seats"] = ["A", "B", "C", "D"]
    msg, _ = refused(r)
    assert msg.startswith("seats")


def test_accepted_records_reproduce_themselves(mid_record: dict[str, Any], finished: Table) -> None:
    for r in (mid_record, finished.record()):
        assert hoyle.replay(r).record() == r


def test_replay_refuses_what_is_not_a_record() -> None:
    with pytest.raises(RecordError, match="JSON object"):
        hoyle.replay(["format"])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="line 1"):
        replay_text("[1, 2]")
    with pytest.raises(RecordError, match=r"^line 3: not valid JSON"):
        replay_text('{\n "format": "hoyle-record/1",\n oops\n}')


# ---------------------------------------------------------------------------------------------- repr of an action


def _lawful_texts() -> list[str]:
    """The text of every action some game lists as lawful early in a sitting (every game, strict and law mode)."""
    import random

    out: set[str] = set()
    for name in hoyle.games():
        for options in ({}, {"irregularities": True}):
            try:
                t = hoyle.game(name, **options).table(seed=3)
            except hoyle.UnknownOption:
                continue
            rnd = random.Random(3)
            for _ in range(60):
                if t.over:
                    break
                out.update(str(a) for a in t.legal_actions())
                out.update(str(a) for s in t.seats for a in t.irregular_actions(s))
                t.apply(rnd.choice(t.legal_actions()))
    return sorted(out)


_LAWFUL = _lawful_texts()
_WORDS = [
    "play",
    "call",
    "bid",
    "pass",
    "trumps",
    "declare",
    "discard",
    "bet",
    "stake",
    "10h",
    "qs",
    "AS",
    "misere",
    "solo",
    "abondance",
    "in",
    "5",
    "2",
    "spades",
    "♥K",
    "detach",
    "expose",
    "cut",
    "24",
    "claim",
    "revoke",
    "x'y",
    '"no"',
    "\\",
]


@given(
    text=st.one_of(
        st.sampled_from(_LAWFUL),
        st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join),
    ),
    seat=st.sampled_from([None, "N", "E", "a", "B", "P3"]),
)
@settings(max_examples=400, deadline=None)
def test_repr_of_an_action_evaluates_back_to_an_equal_action(text: str, seat: str | None) -> None:
    """``eval(repr(a)) == a``, the card and the seat too, for the actions of every game and for any parsable text
    (issue 20: ``repr(Action.parse("play 10h"))`` evaluates back)."""
    try:
        a = Action.parse(f"{seat}: {text}" if seat else text)
    except InvalidAction:
        return
    back = eval(repr(a), {"Action": Action})
    assert back == a and str(back) == str(a) and back.card == a.card and back.seat == a.seat
    assert repr(back) == repr(a)


def test_repr_of_play_10h() -> None:
    a = Action.parse("play 10h")
    assert repr(a) == "Action.parse('play TH')" and eval(repr(a), {"Action": Action}) is a
