"""The research interface (issue 18): action ids, masks, observations, returns, per-deal episodes, clones.

Every game is played at random through ``legal_action_ids``/``apply_id``; each id must name the very action that
``legal_actions`` lists, the observation must hold exactly what the seat's view holds, and the returns must be the
game's own results.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hoyle
from hoyle import Action, InvalidAction
from hoyle.research import LawModeNotCovered, decode, layout

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("whist", {"code": "american-1893"}),
    ("whist", {"long": True}),
    ("dummy", {}),
    ("double-dummy", {}),
    ("cayenne", {}),
    ("solo", {"players": 3}),
    ("solo", {"players": 4}),
    ("solo", {"players": 5}),
    ("boston", {}),
    ("boston", {"variant": "fontainebleau"}),
    ("poker", {"variant": "draw"}),
    ("poker", {"variant": "stud"}),
    ("poker", {"variant": "straight"}),
    ("poker", {"variant": "whiskey"}),
    ("poker", {"variant": "draw", "jackpots": True, "mistigris": True}),
    ("poker", {"variant": "draw", "table_stakes": True, "straddle": True}),
    ("pope joan", {}),
    ("vingt-un", {}),
    ("vingt-un", {"french": True}),
]
IDS = [f"{n}{o}" for n, o in GAMES]


def _game(name: str, **options: Any) -> hoyle.Game:
    try:
        return hoyle.game(name, **options)
    except hoyle.UnknownGame:  # the hyphenated name, once the registry spells it so
        return hoyle.game(name.replace(" ", "-"), **options)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_lawful_action_has_an_id_that_names_it(name: str, options: dict[str, Any]) -> None:
    g = _game(name, **options)
    for seed in range(3):
        t = g.table(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not t.over and steps < 1500:
            legal = t.legal_actions()
            ids = t.legal_action_ids()
            assert ids == sorted(ids) and len(set(ids)) == len(legal)
            assert sorted(t.action_id(a) for a in legal) == ids
            assert {t.action_of_id(i) for i in ids} == set(legal)
            mask = t.legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (g.num_actions,)
            assert list(np.flatnonzero(mask)) == ids
            t.apply_id(ids[rng.randrange(len(ids))])
            steps += 1


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_apply_id_is_apply(name: str, options: dict[str, Any]) -> None:
    """The same random choices through apply_id and through apply give the same record, bit for bit."""
    g = _game(name, **options)
    a, b = g.table(seed=11), g.table(seed=11)
    rng = random.Random(5)
    while not a.over and len(a.actions) < 600:
        ids = a.legal_action_ids()
        i = ids[rng.randrange(len(ids))]
        b.apply(a.action_of_id(i))
        a.apply_id(i)
    assert a.record() == b.record()


def test_whist_space_is_the_52_cards() -> None:
    g = hoyle.game("whist")
    assert g.num_actions == 52
    assert g.action_id("play 2C") == 0 and g.action_id("play AS") == 51 and g.action_id("play 10h") == 34
    assert g.action_of(49) == Action.parse("play QS")
    assert [g.action_id(g.action_of(i)) for i in range(52)] == list(range(52))


def test_solo_and_boston_spaces() -> None:
    solo = hoyle.game("solo")
    # pass, propose, accept, six calls, four trump suits, 52 cards
    assert solo.num_actions == 3 + 6 + 4 + 52
    assert solo.action_of(0) == Action.parse("pass") and solo.action_id("call misere ouverte") < 9
    boston = hoyle.game("boston")
    assert boston.action_id("bid 6 first") > 0 and boston.action_of(boston.action_id("bid grand spread")) == Action(
        "bid", "grand spread"
    )


def test_poker_draw_ids_name_places_in_the_hand() -> None:
    g = hoyle.game("poker", variant="draw")
    t = g.table(seed=4)
    while t.phase != "draw":  # type: ignore[attr-defined]
        acts = t.legal_actions()
        t.apply(next((a for a in acts if a.verb in ("see", "go", "ante")), acts[-1]))
    hand = sorted(t.hands[t.to_act], key=int)  # type: ignore[attr-defined]
    draw_first_and_third = t.action_id(f"draw {hand[0]} {hand[2]}")
    assert t.action_of_id(draw_first_and_third) == Action.parse(f"draw {hand[0]} {hand[2]}")
    with pytest.raises(InvalidAction, match="places in the hand"):
        g.action_of(draw_first_and_third)


def test_bad_ids_are_refused_and_change_nothing() -> None:
    t = hoyle.game("whist").table(seed=2)
    before = t.record()
    for bad in (-1, 52, 10**9, "3", 1.5):
        with pytest.raises(InvalidAction, match=r"not an action id of whist: the ids are 0\.\.51"):
            t.apply_id(bad)  # type: ignore[arg-type]
    unlawful = next(i for i in range(52) if i not in t.legal_action_ids())
    with pytest.raises(hoyle.IllegalAction):
        t.apply_id(unlawful)
    assert t.record() == before


def test_law_mode_has_no_action_space() -> None:
    g = hoyle.game("whist", irregularities=True)
    with pytest.raises(LawModeNotCovered, match="irregularities=True has no fixed action space"):
        _ = g.num_actions
    t = g.table(seed=1)
    with pytest.raises(LawModeNotCovered):
        t.legal_action_ids()
    # the text interface is untouched
    assert t.legal_actions()


# ---------------------------------------------------------------- observations


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_observation_decodes_to_the_view(name: str, options: dict[str, Any]) -> None:
    g = _game(name, **options)
    t = g.table(seed=3)
    rng = random.Random(3)
    for _ in range(120):
        if t.over:
            break
        for seat in (*t.seats, None):
            obs = t.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == g.observation_shape
            v = t.view(seat)
            d = decode(g, obs)
            assert sorted(d["hand"]) == sorted(c for c in v.get("hand", []) if c != "MI") + (
                ["MI"] if "MI" in v.get("hand", []) else []
            )
            if seat is None:
                assert d["hand"] == []
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])


def test_whist_observation_layout_exactly() -> None:
    g = hoyle.game("whist")
    t = g.table(seed=1)
    me = t.to_act
    i = t.seats.index(me)
    t.apply(t.legal_actions()[0])  # the eldest hand leads; the seat on his left is to play
    nxt = t.to_act
    obs = decode(g, t.observation(nxt))
    led = str(t.actions[-1].card)
    # row 0 is the observer, rows count clockwise: the leader sat on the observer's right, row 3
    assert (t.seats.index(nxt) - i) % 4 == 1
    assert obs["trick"][3] == [led] and obs["played"][3] == [led]
    assert obs["to_act"].tolist() == [1, 0, 0, 0]
    # the leader (row 3) has played a card; the dealer (row 2) holds twelve while his trump card lies on the
    # table (000 §52)
    assert obs["hand_counts"].tolist() == pytest.approx([1, 1, 12 / 13, 12 / 13])
    assert obs["dealer"].tolist() == [0, 0, 1, 0] and len(obs["turned"]) == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_no_concealed_card_reaches_an_observation(seed: int, swap_seed: int) -> None:
    """Two worlds that differ only in cards concealed from N give N the same observation at every step."""
    g = hoyle.game("whist")
    t = g.table(seed=seed)
    places = t.places()
    hands = {s: [c for c, p in places.items() if p == f"hand {s}"] for s in t.seats}
    spectator = t.view(None)
    dealer, turned = spectator["dealer"], spectator["turned"]
    if turned is not None:
        hands[dealer].append(turned)  # a given deal lists the turned trump among the dealer's cards
    rng = random.Random(swap_seed)
    # swap one card of E's with one of W's (never the turned trump, which everyone saw)
    e = [c for c in hands["E"] if c != turned]
    w = [c for c in hands["W"] if c != turned]
    ce, cw = rng.choice(e), rng.choice(w)
    other = {s: list(h) for s, h in hands.items()}
    other["E"][other["E"].index(ce)] = cw
    other["W"][other["W"].index(cw)] = ce

    def deal(hs: dict[str, list[str]]) -> dict[str, Any]:
        return {"dealer": dealer, "turned": turned, "hands": {s: " ".join(h) for s, h in hs.items()}}

    a, b = g.table(deal=deal(hands)), g.table(deal=deal(other))
    play = random.Random(seed)
    while not a.over and a.view(None)["deal"] == 1:
        assert a.view("N") == b.view("N")
        assert np.array_equal(a.observation("N"), b.observation("N"))
        assert np.array_equal(a.observation(None), b.observation(None))
        common = [x for x in a.legal_actions() if x in set(b.legal_actions())]
        if not common:
            break  # the worlds part: the swapped card is played, so N can tell them apart from here
        choice = common[play.randrange(len(common))]
        if str(choice.card) in (ce, cw):
            break
        a.apply(choice)
        b.apply(choice)


def test_layouts_are_documented_blocks() -> None:
    for name in hoyle.games():
        lay = layout(hoyle.game(name))
        assert lay.size == sum(b.rows * b.width for b in lay.blocks)
        offsets = [b.offset for b in lay.blocks]
        assert offsets == sorted(offsets) and offsets[0] == 0


# ---------------------------------------------------------------- returns and episodes


def test_whist_per_deal_episode_rewards_the_deals_points() -> None:
    g = hoyle.game("whist", episode="deal")
    t = g.table(seed=8)
    rng = random.Random(8)
    while not t.over:
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
    assert len(t.actions) == 52 and t.to_act is None and t.legal_actions() == []
    points = t.record()["deals"][0]["result"]["points"]
    r = t.returns()
    assert r["N"] == r["S"] == points["NS"] - points["EW"] and r["E"] == r["W"] == -r["N"]


def test_money_per_deal_returns_are_the_deals_payments() -> None:
    g = hoyle.game("solo", episode="deal")
    for seed in range(6):
        t = g.table(seed=seed)
        rng = random.Random(seed)
        while not t.over:
            acts = t.legal_actions()
            t.apply(acts[rng.randrange(len(acts))])
        result = t.record()["deals"][0]["result"]
        want = dict.fromkeys(t.seats, 0.0)
        for payer, payee, amount in result["payments"]:
            want[payer] -= amount
            want[payee] += amount
        assert t.returns() == want


def test_sitting_returns_are_the_final_standings() -> None:
    t = hoyle.game("whist").table(seed=1)
    rng = random.Random(1)
    while not t.over:
        assert t.returns() == dict.fromkeys(t.seats, 0.0)  # a rubber's value is known only at its end
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
    s = t.scores
    assert t.returns() == {"N": s["NS"], "S": s["NS"], "E": s["EW"], "W": s["EW"]}


def test_episode_option_is_kept_in_records_and_replays() -> None:
    g = hoyle.game("cayenne", episode="deal")
    assert repr(g) == "hoyle.game('cayenne', episode='deal')"
    assert "episode" not in hoyle.game("cayenne").options  # the default leaves records as they were
    t = g.table(seed=2)
    rng = random.Random(2)
    while not t.over:
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
    rec = t.record()
    assert rec["options"]["episode"] == "deal"
    again = hoyle.replay(rec)
    assert again.over and again.returns() == t.returns()


def test_unknown_episode_is_refused() -> None:
    with pytest.raises(hoyle.UnknownOption, match="'sitting', 'deal'"):
        hoyle.game("whist", episode="rubber")


# ---------------------------------------------------------------- clones


@pytest.mark.parametrize("name", ["whist", "solo", "poker", "boston", "vingt-un"])
def test_clone_is_independent_and_equal(name: str) -> None:
    t = hoyle.game(name).table(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
    c = t.clone()
    assert c.record() == t.record() and c.view(None) == t.view(None)
    c.apply(c.legal_actions()[0])
    assert c.record() != t.record()
    # the original goes on as if nothing happened, with the same draws as before
    d = t.clone()
    while not t.over and len(t.actions) < 400:
        a = t.legal_actions()[0]
        t.apply(a)
        d.apply(a)
    assert d.record() == t.record()


@pytest.mark.parametrize(
    ("name", "options"),
    [("whist", {}), ("dummy", {}), ("cayenne", {}), ("solo", {"players": 3}), ("solo", {}), ("boston", {})],
)
def test_resampled_worlds_give_the_seat_the_same_observation(name: str, options: dict[str, Any]) -> None:
    """Every world the seat cannot tell from the real one (t.resample) gives it the same observation."""
    g = hoyle.game(name, **options)
    for seed in range(3):
        t = g.table(seed=seed)
        rng = random.Random(seed)
        while not t.over and len(t.actions) < 60:
            acts = t.legal_actions()
            t.apply(acts[rng.randrange(len(acts))])
            seat = t.to_act
            if seat is None or not any(a.verb == "play" for a in t.legal_actions()):
                continue
            mine = t.observation(seat)
            for k in range(3):
                world = t.resample(seat, random.Random(1000 * seed + k))
                assert np.array_equal(world.observation(seat), mine)
                assert np.array_equal(world.observation(None), t.observation(None))
