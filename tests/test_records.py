"""Records (issue 14): the schema of hoyle-record/1, and a replay that refuses every fact the play does not give.

Every game's records, strict and at law, in every variant, whole and stopped in the middle, are valid against the
JSON Schema shipped in the package and replay; a record changed in any field is refused with the field and the
reason; no message shows Python's internals.
"""

from __future__ import annotations

import copy
import json
import random
import re
from importlib.resources import files
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import HoyleError, RecordError, Table
from hoyle.records import dumps, replay_text

SCHEMA = json.loads(files("hoyle").joinpath("record.schema.json").read_text(encoding="utf-8"))


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Every game with its defaults, each choice of each option that has choices, and law mode where it exists."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name in hoyle.games():
        spec = hoyle.game(name).spec
        out.append((name, {}))
        for o in spec.options:
            if o.choices:
                out.extend((name, {o.name: c}) for c in o.choices if c != o.default)
            elif o.name == "irregularities":
                out.append((name, {"irregularities": True}))
    return out


VARIANTS = variants()


def sitting(game: str, options: dict[str, Any], seed: int, actions: int | None = None) -> Table:
    t = hoyle.game(game, **options).table(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not t.over and n < (actions if actions is not None else 1500):
        t.apply(rng.choice(t.legal_actions()))
        n += 1
    return t


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[f"{g}-{o}" for g, o in VARIANTS])
def test_every_record_is_valid_against_the_schema_and_replays(game: str, options: dict[str, Any]) -> None:
    for seed, stop in ((3, None), (4, 23), (5, 0)):
        record = sitting(game, options, seed, stop).record()
        jsonschema.validate(record, SCHEMA)
        assert json.loads(json.dumps(record)) == record
        again = hoyle.replay(record).record()
        assert again == record


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["title"] == "hoyle-record/1"


def test_given_deals_records_are_valid_too() -> None:
    from hoyle import pbn

    t = sitting("whist", {}, 6, 60)
    for d in pbn.loads(pbn.dumps(pbn.from_table(t)))[:2]:
        given = hoyle.game("whist").table(deal=d, seed=1)
        for a in given.legal_actions()[:1]:
            given.apply(a)
        jsonschema.validate(given.record(), SCHEMA)
        assert hoyle.replay(given.record()).record() == given.record()


# --- issue 14: who won cannot be changed --------------------------------------------------------------------


def finished(game: str, seed: int = 1, **options: Any) -> dict[str, Any]:
    return sitting(game, options, seed).record()


def refused(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as err:
        hoyle.replay(record)
    with pytest.raises(RecordError):
        replay_text(dumps(record))
    return str(err.value)


def test_swapping_the_cut_to_swap_who_won_is_refused() -> None:
    """Issue 14: swapping two cards of cuts[0] in a Whist record reversed the standings, and replay accepted it.
    The seating now follows from the cuts and is compared with the record's players and standings."""
    record = next(r for r in (finished("whist", seed) for seed in range(1, 30)) if len(r["cuts"]) == 1)
    players = record["players"]
    ns = {players["N"], players["S"]}
    winner = next(n for n in record["standings"] if record["standings"][n] > 0)
    loser = next(n for n in record["standings"] if (n in ns) != (winner in ns))
    r = copy.deepcopy(record)
    r["cuts"][0][winner], r["cuts"][0][loser] = r["cuts"][0][loser], r["cuts"][0][winner]
    msg = refused(r)
    assert msg.startswith("players: the record says")
    # the standings too, once the players are made to agree: each is a fact of the play
    rebuilt = hoyle.replay({k: v for k, v in r.items() if k not in ("players", "standings", "shuffler")})
    assert rebuilt.record()["standings"][winner] < 0
    r["players"] = rebuilt.record()["players"]
    assert refused(r).startswith("standings: the record says")


@pytest.mark.parametrize("game", ["whist", "cayenne", "solo", "boston", "dummy"])
def test_swapping_the_cut_is_refused_in_every_game_that_cuts_for_seats(game: str) -> None:
    record = finished(game, 2)
    r = copy.deepcopy(record)
    first = r["cuts"][0]
    names = sorted(first, key=lambda n: first[n])
    a, b = names[0], names[-1]
    first[a], first[b] = first[b], first[a]
    msg = refused(r)
    assert re.match(r"^(players|standings|cuts|shuffler|deals\[0\]|scores|actions\[\d+\])", msg), msg


def _tamper(record: dict[str, Any], field: str) -> dict[str, Any]:
    r = copy.deepcopy(record)
    if field == "seats":
        r["seats"] = list(reversed(r["seats"]))
    elif field == "start":
        r["start"] = {"candidates": ["A", "B", "C", "D", "E"]}
    elif field == "cuts":
        r["cuts"].append(dict(r["cuts"][0]))
    elif field == "dealer":
        seats, d = r["seats"], r["deals"][0]
        if "dealer" in d:
            d["dealer"] = seats[(seats.index(d["dealer"]) + 1) % len(seats)]
        else:  # a game whose deals do not name the dealer: the cut instead
            d["cut"] = (d["cut"] or 0) + 1
    elif field == "result":
        r["deals"][0]["result"]["extra"] = 1
    elif field == "scores":
        key = next(iter(r["scores"]))
        r["scores"][key] += 1
    elif field == "over":
        r["over"] = not r["over"]
    elif field == "players":
        p = r["players"]
        k1, k2 = list(p)[:2]
        p[k1], p[k2] = p[k2], p[k1]
    elif field == "standings":
        name = next(iter(r["standings"]))
        r["standings"][name] += 1
    elif field == "options":  # another choice of an option with choices, else a number one more
        spec = hoyle.game(r["game"]).spec
        option = next((o for o in spec.options if o.choices), None)
        if "players" in r["options"]:
            r["options"]["players"] += 1
        elif option is not None:
            r["options"][option.name] = next(c for c in option.choices if c != r["options"][option.name])
        else:
            name = next(k for k, v in r["options"].items() if isinstance(v, int) and not isinstance(v, bool))
            r["options"][name] += 1
    elif field == "shuffler seed":
        r["shuffler"]["seed"] += 1
    elif field == "shuffler calls":
        r["shuffler"]["calls"].append(52)
    elif field == "unknown":
        r["winner"] = "A"
    elif field == "deal key":
        r["deals"][0]["winner"] = "A"
    return r


FIELDS = [
    "seats",
    "start",
    "cuts",
    "dealer",
    "result",
    "scores",
    "over",
    "players",
    "standings",
    "options",
    "shuffler seed",
    "shuffler calls",
    "unknown",
    "deal key",
]
EXPECT = {
    "seats": "seats",
    "start": r"(start|cuts\[0\])",
    "cuts": "cuts",
    "dealer": r"(deals\[0\]|shuffler)",
    "result": "deals[0]",
    "scores": "scores",
    "over": "over",
    "players": "players",
    "standings": "standings",
    "options": r"(options|actions|deals|scores|over|start|cuts|players|standings|shuffler|game)",
    "shuffler seed": "shuffler",
    "shuffler calls": "shuffler",
    "unknown": "record: 'winner' is not a field",
    "deal key": "deals[0]: 'winner' is not a field",
}


@pytest.mark.parametrize(
    "game", ["whist", "dummy", "double-dummy", "cayenne", "solo", "boston", "poker", "vingt-un", "pope-joan"]
)
@pytest.mark.parametrize("field", FIELDS)
def test_every_field_that_does_not_follow_from_the_play_is_refused(game: str, field: str) -> None:
    record = finished(game, 3)
    if field == "start" and "candidates" not in record["start"]:
        record_start = copy.deepcopy(record)
        first = next(iter(record_start["start"]["players"]))
        record_start["start"]["players"][first] = "someone else"
        msg = refused(record_start)
        assert msg.startswith(("start", "players", "standings")), msg
        return
    if field == "cuts" and not record["cuts"]:
        record["cuts"] = []
        r = copy.deepcopy(record)
        r["cuts"] = [{"A": "AS", "B": "KS"}]
        assert refused(r).startswith("cuts")
        return
    msg = refused(_tamper(record, field))
    assert re.match(re.escape(EXPECT[field]) if field in ("unknown", "deal key", "result") else EXPECT[field], msg), msg


def test_a_seeded_record_whose_deal_was_rearranged_is_refused() -> None:
    """Two cards of a deal still in hand swapped between the places that deal to the same seat: the hands and
    the play are the same, but the deal is not the one the record's seed drew."""
    t = sitting("whist", {}, 7, 5)
    r = t.record()
    order = r["deals"][-1]["order"].split()
    i = next(
        k
        for k in range(40)
        if order[k] not in r["actions"][-5:]
        and order[k + 4] not in r["actions"][-5:]
        and order[k][1] == order[k + 4][1]
        and k % 4 != 3
    )
    order[i], order[i + 4] = order[i + 4], order[i]
    r["deals"][-1]["order"] = " ".join(order)
    assert refused(r).startswith("shuffler: the record's cuts and deals are not those its seed")


# --- no Python internals in messages -----------------------------------------------------------------------

INTERNALS = re.compile(
    r"'(int|str|list|dict|NoneType|bool|float|tuple)' object|Traceback|not subscriptable"
    r"|not iterable|unhashable|invalid literal|positional argument|has no attribute"
    r"|NoneType|index out of range|unpack"
)


def test_the_start_that_cannot_be_set_up_says_so_plainly() -> None:
    """Issue 14: 'start cannot be set up: 'int' object is not iterable'."""
    r = finished("whist", 1)
    r["start"] = {"candidates": 5}
    msg = refused(r)
    assert msg.startswith("start: candidates: must be a list, not 5") and not INTERNALS.search(msg)
    r["start"] = {"players": {"N": "A"}, "dealer": "W"}
    msg = refused(r)
    assert msg.startswith("start:") and not INTERNALS.search(msg), msg


@pytest.fixture(scope="module")
def small_records() -> list[dict[str, Any]]:
    return [
        sitting(g, o, 11, 30).record()
        for g, o in [
            ("whist", {}),
            ("solo", {}),
            ("cayenne", {}),
            ("boston", {}),
            ("poker", {}),
            ("vingt-un", {}),
            ("pope joan", {}),
            ("whist", {"irregularities": True}),
            ("dummy", {}),
        ]
    ]


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=6),
    st.sampled_from(["N", "A", "AS"]),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out.extend(_paths(v, (*prefix, i)))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_records_are_refused_in_plain_words(small_records: list[dict[str, Any]], data: st.DataObject) -> None:
    """Any value of any field replaced by a value of another type, or deleted: the replay either accepts the
    record or refuses it with a RecordError whose message shows no Python internals."""
    record = copy.deepcopy(data.draw(st.sampled_from(small_records)))
    for _ in range(data.draw(st.integers(1, 2))):
        paths = [p for p in _paths(record) if p]
        path = data.draw(st.sampled_from(paths))
        parent: Any = record
        for step in path[:-1]:
            parent = parent[step]
        if isinstance(parent, dict) and data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JUNK)
    try:
        hoyle.replay(record)
    except RecordError as exc:
        assert not INTERNALS.search(str(exc)), str(exc)
    except HoyleError as exc:  # pragma: no cover - replay raises RecordError only
        pytest.fail(f"not a RecordError: {type(exc).__name__}: {exc}")


GOOD_DEAL = {
    "dealer": "W",
    "turned": "2C",
    "hands": {
        "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    },
}


@pytest.mark.parametrize(
    "deal",
    [
        5,
        "x",
        [],
        {**GOOD_DEAL, "hands": 3},
        {**GOOD_DEAL, "hands": {"N": 5}},
        {**GOOD_DEAL, "dealer": ["W"]},
        {**GOOD_DEAL, "turned": 7},
    ],
)
def test_a_given_deal_of_the_wrong_kind_is_refused_in_words(deal: Any) -> None:
    """Issue 14: table(deal=...) said "'int' object is not subscriptable" (a TypeError, not a hoyle error)."""
    for name in hoyle.games():
        with pytest.raises(HoyleError) as err:
            hoyle.game(name).table(deal=deal, seed=1)
        assert not INTERNALS.search(str(err.value)), (name, str(err.value))


@settings(max_examples=120, deadline=None)
@given(
    key=st.sampled_from(["dealer", "turned", "hands", "cards", "widow", "score", "players"]),
    value=JUNK,
    name=st.sampled_from(sorted(hoyle.games())),
)
def test_given_deals_with_parts_of_any_kind_are_refused_in_words(key: str, value: Any, name: str) -> None:
    deal = {**GOOD_DEAL, key: value}
    try:
        hoyle.game(name).table(deal=deal, seed=1)
    except HoyleError as exc:
        assert not INTERNALS.search(str(exc)), str(exc)


# ---------------------------------------------------------------------------------------------- the record API


def test_the_record_api_gives_the_records_chance_without_the_internals() -> None:
    """chance_counts, chance_since, settled_deals, make_record and rebuild (docs/engine.md, "The record API")."""
    from hoyle.engine import Chance, make_record, rebuild

    t = hoyle.game("whist", rubbers=2).table(seed=11, players=["A", "B", "C", "D", "E"])
    rnd = random.Random(4)
    while t.settled_deals < 3:
        t.apply(rnd.choice(t.legal_actions()))
    rec = t.record()
    n_deals, n_cuts = t.chance_counts
    assert (n_deals, n_cuts) == (len(rec["deals"]), len(rec["cuts"])) and n_deals == 4 and n_cuts == 2
    assert t.settled_deals == sum(1 for d in rec["deals"] if "result" in d) == 3
    assert t.chance_since() == Chance(rec["deals"], rec["cuts"])
    assert t.chance_since(2, 1) == Chance(rec["deals"][2:], rec["cuts"][1:])
    assert t.chance_since(n_deals, n_cuts) == Chance([], [])
    results = [d["result"] for d in rec["deals"] if "result" in d]
    assert [dict(r) for r in t.deal_results()] == results and [dict(r) for r in t.deal_results(2)] == results[2:]
    with pytest.raises(TypeError):
        t.deal_results()[0]["points"] = {}  # type: ignore[index]  # read-only: the record is the table's
    since = t.chance_since(3)
    since.deals[0]["order"] = "changed"  # copies: the table's record is untouched
    assert t.record() == rec
    parts = {k: rec[k] for k in ("game", "options", "seats", "start", "cuts", "deals", "actions", "scores", "over")}
    more = {k: rec[k] for k in ("players", "standings", "shuffler")}
    assert make_record(**parts, **more) == rec
    r = rebuild(rec)
    assert r.actions == [] and r.chance_counts == (1, 2)  # the cuts and the first deal, before any action
    for a in rec["actions"]:
        r.apply(a)
    assert r.chance_since() == t.chance_since() and r.scores == t.scores
    with pytest.raises(RecordError, match="fewer deals"):
        while not r.over:  # the record's deals are all dealt: a rebuilt table draws none of its own
            r.apply(rnd.choice(r.legal_actions()))


def test_deal_entry_is_the_latest_deal_entry_itself() -> None:
    """``deal_entry()`` is the record's entry of the deal in hand, not a copy: what a game's rules (the laws voiding a
    deal) write to it is what the record holds (docs/engine.md, "The record API")."""
    t = hoyle.game("whist").table(seed=5)
    rnd = random.Random(5)
    while t.settled_deals < 1:
        t.apply(rnd.choice(t.legal_actions()))
    entry = t.deal_entry()
    assert entry is t.deal_entry() and "result" not in entry  # the second deal, not yet settled
    assert t.chance_counts[0] == 2 and t.chance_since(1).deals == [entry]
    entry["note"] = "written by the rules"
    assert t.record()["deals"][-1]["note"] == "written by the rules"
    assert t.record()["deals"][0]["result"] == dict(t.deal_results()[0])  # the first entry untouched
