"""hoyle.vector agrees with WhistTable, card for card and point for point, both ways.

* vector → table: the vector engine's deals (its own shuffle and cut) and
  random plays are fed to a ``WhistTable`` (the first deal given, the rest
  through a shuffler that hands the table the same shuffled pack and the same
  cut); every card must be lawful there, every trick won by the same seat,
  every deal's tricks, honours, points, game, rubber and call the same, and
  the sitting's net points.
* table → vector: seeded tables played by random bots; their packs and cards
  are fed to ``VectorWhist.deal(orders=...)`` and ``step``; the legal mask at
  every card must be the table's lawful cards (000 §71), and the results the same.

Under the 1864 code (Short and Long Whist) and the 1893 and G.W.P. codes.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hoyle
from hoyle import bots
from hoyle.cards import CARDS, format_cards, parse
from hoyle.engine.actions import PLAY
from hoyle.errors import UnknownOption
from hoyle.rulebook.whist import SEATS
from hoyle.vector import OBS_SIZE, Deals, VectorWhist, playouts, random_policy
from hoyle.vector.engine import _numba_available

SIDES = ("NS", "EW")
CONFIGS = [
    {},
    {"long": True},
    {"code": "american-1893", "rubber_bonus": 2},
    {"code": "american-gwp"},
]
BACKENDS = ["numpy", "numba"] if _numba_available() else ["numpy"]


def _rounds(lanes: int, rounds: int, seed: int, backend: str = "numpy", **options: Any) -> list[Deals]:
    v = VectorWhist(lanes, seed=seed, backend=backend, **options)
    return [v.play_random() for _ in range(rounds)]


class _Feed:
    """A shuffler that hands the table the vector engine's shuffled packs and cuts, in turn."""

    def __init__(self, packs: list[list[int]], cuts: list[int]) -> None:
        self.packs, self.cuts = packs, cuts

    def shuffle(self, cards: list[Any]) -> None:  # past the last deal compared, any pack
        cards[:] = [CARDS[c] for c in self.packs.pop(0)] if self.packs else list(CARDS[:52])

    def randbelow(self, n: int) -> int:
        assert n == 45  # 52 cards, four at least in each packet (000 §34)
        return self.cuts.pop(0) - 4 if self.cuts else 0


def _result(d: Deals, lane: int) -> dict[str, Any]:
    """The vector engine's deal as the table's record writes its result."""
    out: dict[str, Any] = {
        "tricks": {SIDES[s]: int(d.tricks[lane, s]) for s in (0, 1)},
        "honours": {SIDES[s]: int(d.honours[lane, s]) for s in (0, 1)},
        "points": {SIDES[s]: int(d.points[lane, s]) for s in (0, 1)},
    }
    if d.called[lane] >= 0:
        out["called"] = SIDES[d.called[lane]]
    if d.game[lane] >= 0:
        out["game"] = {"side": SIDES[d.game[lane]], "value": int(d.game_value[lane])}
    if d.rubber[lane] >= 0:
        out["rubber"] = {"side": SIDES[d.rubber[lane]], "points": int(d.rubber_points[lane])}
    return out


def _table_result(res: dict[str, Any]) -> dict[str, Any]:
    res = dict(res)
    if "rubber" in res:
        res["rubber"] = {"side": res["rubber"]["side"], "points": res["rubber"]["points"]}
    return res


def _feed_to_table(deals: list[Deals], options: dict[str, Any], check: Any = None) -> tuple[int, int]:
    """Play the vector engine's deals and cards at a WhistTable, table by table, and compare every result.

    ``check(t, seat, card)`` is called before each card is played there.  Returns (deals, rubbers) checked.
    """
    lanes = len(deals[0])
    checked = rubbers = 0
    for lane in range(lanes):
        orders = [[int(c) for c in d.order[lane]] for d in deals]
        cuts = [int(d.cut[lane]) for d in deals]
        packs = [[o[(j - at) % 52] for j in range(52)] for o, at in zip(orders, cuts, strict=True)]
        first = orders[0]
        dealer = int(deals[0].dealer[lane])
        assert dealer == 3  # West deals first, as at a table formed by cutting
        given = {
            "dealer": "W",
            "turned": str(CARDS[first[51]]),
            "hands": {SEATS[(dealer + 1 + k) % 4]: format_cards(first[k::4]) for k in range(4)},
        }
        g = hoyle.game("whist", rubbers=1000, **options)
        t = g.table(deal=given, shuffler=_Feed(packs[1:], cuts[1:]))
        for k, d in enumerate(deals):
            where = f"{options} table {lane} deal {k + 1}"
            assert t.deal_no == k + (d.called[lane] >= 0), where  # a called deal is scored as it is dealt
            winners: list[str] = []
            if d.called[lane] < 0:
                for c in d.plays[lane]:
                    assert PLAY[int(c)] in t.legal_actions(), where
                    if check is not None:
                        check(t, t.to_act, int(c), where)
                    winners += [e.data["winner"] for e in t.apply(PLAY[int(c)]) if e.kind == "trick"]
            rec = t.record()["deals"][k]
            assert [c for c in parse(rec["order"])] == orders[k], where
            if k:
                assert rec["cut"] == cuts[k], where
            assert SEATS.index(rec["dealer"]) == d.dealer[lane], where
            assert winners == [SEATS[w] for w in d.winners[lane] if w >= 0], where
            assert _table_result(rec["result"]) == _result(d, lane), where
            rubbers += d.rubber[lane] >= 0
            checked += 1
        assert tuple(t.net) == tuple(int(x) for x in deals[-1].net[lane]), options
    return checked, rubbers


@pytest.mark.parametrize("options", CONFIGS, ids=["short", "long", "1893", "gwp"])
def test_vector_deals_and_plays_fed_to_the_table(options: dict[str, Any]) -> None:
    lanes, rounds = 24, 30  # 720 deals a code, 2880 in all
    deals = _rounds(lanes, rounds, seed=11, backend=BACKENDS[-1], **options)
    checked, rubbers = _feed_to_table(deals, options)
    assert checked == lanes * rounds
    assert rubbers >= 20  # rubbers were won, so games and rubbers were compared


@pytest.mark.parametrize("options", [{}, {"code": "american-1893"}], ids=["short", "1893"])
def test_the_rules_policy_plays_what_the_rules_bot_plays_at_the_table(options: dict[str, Any]) -> None:
    """N-S by the rules policy, E-W at random: at the table, the rules bot chooses every N-S card the same."""
    v = VectorWhist(12, seed=21, **options)
    deals = [v.play({"NS": v.rules_policy(), "EW": v.random_policy()}) for _ in range(10)]
    bot = bots.make("rules", "whist")
    asked = []

    def check(t: Any, seat: str, card: int, where: str) -> None:
        if seat in "NS":
            assert int(bot.choose(t.view(seat), t.legal_actions()).card) == card, f"{where}, {seat}"
            asked.append(seat)

    checked, _ = _feed_to_table(deals, options, check)
    assert checked == 120 and len(asked) >= 120 * 26 - 60
    assert np.mean([d.tricks[:, 0].mean() for d in deals]) > 7.5  # the precepts beat random play


_OBSERVED = 4  # deals a table whose every observation is compared with t.observation


def _table_sittings(seed: int, lanes: int, rounds: int, **options: Any) -> list[dict[str, Any]]:
    """Seeded tables, random bots: each deal's pack order, the lawful cards at each turn, the cards played."""
    g = hoyle.game("whist", rubbers=1000, **options)
    out = []
    for lane in range(lanes):
        t = g.table(seed=seed * 1000 + lane)
        rng = random.Random(lane)
        legal: list[list[list[int]]] = []
        played: list[list[int]] = []
        winners: list[list[str]] = []
        observed: list[list[Any]] = []
        while t.deal_no < rounds:
            k = t.deal_no
            while len(legal) <= k:
                legal.append([])
                played.append([])
                winners.append([])
                observed.append([])
            if k < _OBSERVED:
                observed[k].append(t.observation(t.to_act))
            acts = t.legal_actions()
            a = acts[rng.randrange(len(acts))]
            legal[k].append(sorted(int(x.card) for x in acts))
            played[k].append(int(a.card))
            winners[k] += [e.data["winner"] for e in t.apply(a) if e.kind == "trick"]
        while len(legal) < rounds:  # the last deals were called (Long Whist)
            legal.append([])
            played.append([])
            winners.append([])
        recs = t.record()["deals"][:rounds]
        out.append(
            {
                "orders": [list(parse(r["order"])) for r in recs],
                "results": [r["result"] for r in recs],
                "dealers": [SEATS.index(r["dealer"]) for r in recs],
                "legal": legal,
                "played": played,
                "winners": winners,
                "observed": observed,
                "net": tuple(t.net) if t.deal_no == rounds else None,
            }
        )  # None: a call went past the last
    return out


@pytest.mark.parametrize("options", CONFIGS, ids=["short", "long", "1893", "gwp"])
def test_table_deals_and_plays_fed_to_the_vector_engine(options: dict[str, Any]) -> None:
    lanes, rounds = 20, 30  # 600 deals a code, 2400 in all
    sittings = _table_sittings(5, lanes, rounds, **options)
    v = VectorWhist(lanes, seed=0, backend="numpy", **options)
    for k in range(rounds):
        v.deal(orders=np.array([s["orders"][k] for s in sittings]))
        assert list(v.dealer) == [s["dealers"][k] for s in sittings]
        j = 0
        while not v.done:
            mask = v.legal_mask()
            obs = v.table_observation() if k < _OBSERVED else None
            cards = np.zeros(lanes, dtype=np.int64)
            for lane, s in enumerate(sittings):
                if v.active[lane]:
                    assert list(np.flatnonzero(mask[lane])) == s["legal"][k][j], f"table {lane} deal {k + 1}"
                    if obs is not None:  # t.observation(seat), float for float (docs/research.md)
                        assert np.array_equal(obs[lane], s["observed"][k][j]), f"table {lane} deal {k + 1} card {j}"
                    cards[lane] = s["played"][k][j]
                else:
                    assert not mask[lane].any() and not s["played"][k]
            v.step(cards)
            j += 1
        d = v.score()
        for lane, s in enumerate(sittings):
            where = f"{options} table {lane} deal {k + 1}"
            assert [SEATS[w] for w in d.winners[lane] if w >= 0] == s["winners"][k], where
            assert _table_result(s["results"][k]) == _result(d, lane), where
    nets = [(tuple(int(x) for x in v.net[lane]), s["net"]) for lane, s in enumerate(sittings) if s["net"]]
    assert len(nets) >= lanes // 2 and all(a == b for a, b in nets)


@pytest.mark.parametrize("options", CONFIGS, ids=["short", "long", "1893", "gwp"])
def test_numba_and_numpy_deal_play_and_score_alike(options: dict[str, Any]) -> None:
    if not _numba_available():
        pytest.skip("numba is not installed")
    a = playouts(3000, seed=4, backend="numpy", lanes=150, **options)
    b = playouts(3000, seed=4, backend="numba", lanes=150, **options)
    for f in Deals.__dataclass_fields__:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f


def test_play_random_is_the_engines_random_policy_step_by_step() -> None:
    a = VectorWhist(64, seed=9, backend=BACKENDS[-1])
    b = VectorWhist(64, seed=9, backend="numpy")
    for _ in range(5):
        x = a.play_random()
        y = b.play(b.random_policy())
        for f in Deals.__dataclass_fields__:
            assert np.array_equal(getattr(x, f), getattr(y, f)), f


def test_policies_by_name_and_by_side() -> None:
    v = VectorWhist(40, seed=6)
    want = v.play({"NS": v.rules_policy(), "EW": v.random_policy()})
    got = playouts(40, seed=6, policy={"NS": "rules", "EW": "random"})
    assert np.array_equal(want.plays, got.plays) and np.array_equal(want.points, got.points)
    assert np.array_equal(playouts(40, seed=6, policy="random").plays, playouts(40, seed=6).plays)


def test_same_seed_same_deals_whatever_the_policy() -> None:
    a = playouts(500, seed=3)
    b = playouts(500, seed=3)
    c = playouts(500, seed=3, policy=random_policy(1), lanes=500)
    d = playouts(500, seed=4)
    assert np.array_equal(a.plays, b.plays) and np.array_equal(a.points, b.points)
    assert np.array_equal(a.order, c.order) and not np.array_equal(a.plays, c.plays)
    assert not np.array_equal(a.order, d.order)


def test_the_deal_is_shuffled_cut_and_dealt_one_at_a_time() -> None:
    d = playouts(4000, seed=2, lanes=1000)
    assert (np.sort(d.order, axis=1) == np.arange(52)).all()
    assert (np.sort(d.plays, axis=1) == np.arange(52)).all()
    assert d.cut.min() == 4 and d.cut.max() == 48  # four cards at least in each packet (000 §34)
    assert np.array_equal(d.trumps, d.order[:, 51] // 13)  # the dealer's last card turned (000 §52)
    # the first card goes to the eldest hand, who leads (000 §44 I): the leader's first card was dealt to him
    eldest = (d.dealer.astype(int) + 1) % 4
    first_hand = d.order[:, 0::4]
    assert all(d.plays[i, 0] in first_hand[i] for i in range(100))
    assert (d.tricks.sum(1) == 13).all() and (d.honours.sum(1) == 4).all()
    # uniform: each card is the turned card about as often as any other
    counts = np.bincount(d.order[:, 51], minlength=52)
    assert counts.min() > 30 and counts.max() < 130
    assert set(np.unique(eldest)) == {0, 1, 2, 3}


def test_observation_shows_the_seat_its_own_view_only() -> None:
    v = VectorWhist(2, seed=0)
    order = np.array([list(range(52)), list(range(52))])
    # table 1: two cards swapped between East and South (neither the leader N nor the dealer W)
    order[1, 1], order[1, 2] = order[1, 2], order[1, 1]
    v.deal(orders=order)
    obs = v.observation()
    assert obs.shape == (2, OBS_SIZE) and obs.dtype == np.float32
    assert np.array_equal(obs[0], obs[1])
    assert obs[0, :52].sum() == 13 and list(np.flatnonzero(obs[0, :52])) == list(range(0, 52, 4))
    v.step(np.array([0, 0]))  # N leads the deuce of clubs
    o = v.observation()
    assert o[0, 260 + 3 * 52 + 0] == 1  # E sees it: played by the seat on his right, to this trick
    assert not np.array_equal(o[0, :52], o[1, :52])  # E's own hands differ


def test_an_unlawful_card_is_refused_and_nothing_is_played() -> None:
    v = VectorWhist(3, seed=1)
    v.deal()
    mask = v.legal_mask()
    good = mask.argmax(1)
    bad = good.copy()
    bad[2] = int(np.flatnonzero(~mask[2])[0])
    with pytest.raises(ValueError, match="table 2 card"):
        v.step(bad)
    assert np.array_equal(v.legal_mask(), mask)
    v.step(good)
    assert v.plays[0, 0] == good[0]
    with pytest.raises(RuntimeError, match="not over"):
        v.score()
    with pytest.raises(RuntimeError, match="deal is in play"):
        v.deal()
    while not v.done:
        v.step(v.legal_mask().argmax(1))
    with pytest.raises(RuntimeError, match="deal is over"):
        v.step(good)
    assert v.score().tricks.sum() == 39


def test_bad_options_are_named() -> None:
    with pytest.raises(UnknownOption, match="codes are"):
        VectorWhist(4, code="bridge")
    with pytest.raises(UnknownOption, match="Long Whist"):
        VectorWhist(4, code="american-1893", long=True)
    with pytest.raises(UnknownOption, match="rubber_bonus"):
        VectorWhist(4, rubber_bonus=2)
    with pytest.raises(ValueError, match="lanes"):
        VectorWhist(0)
    with pytest.raises(ValueError, match="backends"):
        VectorWhist(4, backend="jax")
    with pytest.raises(ValueError, match="'random', 'rules' or a function"):
        playouts(10, seed=1, policy="greedy")
    with pytest.raises(ValueError, match="52 cards"):
        VectorWhist(1).deal(orders=np.zeros((1, 52), dtype=int))
    v = VectorWhist(2, seed=1)
    with pytest.raises(ValueError, match="no policy for seat E, W"):
        v.play({"NS": v.random_policy()})
    with pytest.raises(ValueError, match="two policies"):
        v.play({"NS": v.random_policy(), "N": v.random_policy(), "EW": v.random_policy()})
    with pytest.raises(ValueError, match="keyed by seat"):
        v.play({"north": v.random_policy()})
