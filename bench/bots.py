"""How strong the bots are: duplicate deals, the seats exchanged, each margin with its 95% CI and deal count.

    python bench/bots.py                              # search v rules in every game, 40 deals each
    python bench/bots.py --games whist --deals 200 --workers 2 --worlds 12
    python bench/bots.py --games whist --against dds  # search v sampling the same worlds solved by DDS

Each deal is deal 1 of a seeded table (``hoyle.game(game).table(seed=s)``), so the same seed gives the same
cards whichever bots sit.

- Partnership games (Whist, Dummy, Double Dummy, Cayenne): kind A sits North-South and kind B East-West, then
  the other way round on the same cards; the margin of a deal is A's mean over the two, less B's: tricks, and
  at Cayenne also points.  The luck of the cards cancels as at duplicate whist.
- Round games (Solo, Boston): the deal is played by rules bots in every seat (the rules bot in self-play), then
  once for each seat with kind A in that seat alone; the margin of a deal is the mean, over the seats, of what A
  won there less what the rules bot won there with the same cards (money in Solo, counters in Boston).  Never
  against random bidders, whose calls all fail.
- ``--a search-cards`` and ``--a search-calls``: the search bot's cards with the rules bot's calls, and the reverse,
  to tell what each part is worth (Solo, Boston, Cayenne).
- ``--against dds`` (Whist): kind B is the same sampling bot, the same number of worlds, each solved by DDS
  (endplay's ``solve_board``), on the same boards; DDS solves from the first card (``--dds-depth 13``), the
  search bot from ``--depth`` tricks left.

Deals run in worker processes (``--workers``) with a progress bar and the running estimate; each deal is
seeded on its own (the cards by its seed, every bot's generator from the seed), and the search bot is given a
number of worlds rather than a time, so the same seeds give the same results whatever the number of workers.
Decision times of kind A (median, 95th percentile) are reported; on a loaded machine they are long.

A benchmark, not a test: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

import hoyle
from hoyle import bots
from hoyle.bots.search import SearchBot

PARTNERSHIP = ("whist", "dummy", "double-dummy", "cayenne")
ROUND = ("solo", "boston")
UNITS = {
    "whist": "tricks",
    "dummy": "tricks",
    "double-dummy": "tricks",
    "cayenne": "tricks",
    "solo": "money",
    "boston": "counters",
}


@dataclass(frozen=True)
class Job:
    game: str
    seed: int
    a: str
    b: str
    worlds: int
    depth: int
    dds_depth: int = 13


class _CardsOnly(SearchBot):
    """The search bot's cards with the rules bot's calls (kind ``search-cards``: the two parts measured apart)."""

    def _simulate(self, legal: Any, worlds: Any, rng: Any, seat: str, plain: Any) -> Any:
        return plain


class _CallsOnly(SearchBot):
    """The search bot's calls with the rules bot's cards (kind ``search-calls``)."""

    def _play(self, view: Any, legal: Any, worlds: Any, rng: Any, seat: str, plain: Any) -> Any:
        return plain


class _Unweighed(SearchBot):
    """The search bot with its worlds not weighed by the cards played (kind ``search-uniform-play``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, weigh_plays=False, **kwargs)


SEARCH_KINDS = {
    "search": SearchBot,
    "search-cards": _CardsOnly,
    "search-calls": _CallsOnly,
    "search-uniform-play": _Unweighed,
}


def _bot(kind: str, game: str, seed: int, job: Job) -> Any:
    if kind in SEARCH_KINDS:
        return SEARCH_KINDS[kind](game, seed, worlds=job.worlds, ms=None, depth=job.depth)
    if kind == "dds":
        return SearchBot(
            game, seed, worlds=job.worlds, ms=None, depth=job.dds_depth, solver=dds_solve, weigh_plays=False
        )
    return bots.make(kind, game, seed=seed)


def _deal_one(job: Job, kinds: dict[str, str]) -> tuple[dict[str, float], dict[str, float], list[float]]:
    """Deal 1 of ``job.seed`` with ``kinds`` by seat: tricks by seat, the standing change by seat or side, and the
    decision times (ms) of kind A."""
    t = hoyle.game(job.game).table(seed=job.seed)
    players = {s: _bot(kinds[s], job.game, job.seed * 10 + i, job) for i, s in enumerate(t.seats)}
    before = dict(t.scores)
    totals = dict(t.view(None).get("totals") or {})
    tricks = dict.fromkeys(t.seats, 0.0)
    times: list[float] = []
    deal = t.view(None).get("deal")
    while not t.over and t.view(None).get("deal") == deal:
        seat = t.to_act
        assert seat is not None
        t0 = time.perf_counter()
        action = bots.decide(players[seat], t)
        if kinds[seat] == job.a:
            times.append((time.perf_counter() - t0) * 1000)
        for e in t.apply(action):
            if e.kind == "trick":
                tricks[e.data["winner"]] += 1
    after = t.scores
    change = {k: float(after.get(k, 0) - before.get(k, 0)) for k in after if k != "pool"}
    if job.game == "cayenne":  # the points scored, not the game's score, which starts again at each game won
        change = {k: float(v - totals[k]) for k, v in t.view(None)["totals"].items()}
    return tricks, change, times


def run(job: Job) -> tuple[list[float], list[float]]:
    """One deal's margins for kind A (in the game's units: tricks, and points at Cayenne) and A's decision times."""
    if job.game in PARTNERSHIP:
        margins = [0.0, 0.0]
        times: list[float] = []
        for a_side in ("NS", "EW"):
            kinds = {s: job.a if s in a_side else job.b for s in "NESW"}
            tricks, change, ts = _deal_one(job, kinds)
            times += ts
            a = sum(v for s, v in tricks.items() if s in a_side)
            margins[0] += (a - (13 - a)) / 2
            b_side = "EW" if a_side == "NS" else "NS"
            margins[1] += (change.get(a_side, 0.0) - change.get(b_side, 0.0)) / 2
        return (margins if job.game == "cayenne" else margins[:1]), times
    t = hoyle.game(job.game).table(seed=job.seed)
    seats = list(t.seats)
    _, base, _ = _deal_one(job, dict.fromkeys(seats, "rules"))
    total = 0.0
    times = []
    for s in seats:
        kinds = {x: (job.a if x == s else "rules") for x in seats}
        _, change, ts = _deal_one(job, kinds)
        times += ts
        total += change.get(s, 0.0) - base.get(s, 0.0)
    return [total / len(seats)], times


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


# ---------------------------------------------------------------------------------------- DDS (endplay)


def dds_solve(world: hoyle.Table) -> Any:
    """A sampled whist world solved by DDS (endplay's ``solve_board``), as :func:`hoyle.solve` gives it: the
    tricks the seat to act's side takes in the whole deal after each lawful card."""
    from endplay.dds import solve_board
    from endplay.types import Card as ECard
    from endplay.types import Deal, Denom, Player

    from hoyle.cards import Card

    seat = world.to_act
    assert seat is not None
    view = world.view(None)
    hands: dict[str, list[Card]] = {s: [] for s in "NESW"}
    for text, place in world.places().items():
        if place.startswith("hand "):
            hands[place[5:]].append(Card.from_text(text))
    trick = [(p["seat"], Card.from_text(p["card"])) for p in view["trick"]]
    for s, c in trick:
        hands[s].append(c)  # DDS wants the hands as at the start of the trick
    if view.get("turned") and not any(c for cs in hands.values() for c in cs if str(c) == view["turned"]):
        hands[view["dealer"]].append(Card.from_text(view["turned"]))
    ranks = "AKQJT98765432"

    def holding(cs: list[Card], suit: int) -> str:
        return "".join(r for r in ranks if any(c.suit == suit and "23456789TJQKA"[c.rank - 2] == r for c in cs))

    pbn = "N:" + " ".join(".".join(holding(hands[s], suit) for suit in (3, 2, 1, 0)) for s in "NESW")
    deal = Deal(pbn)
    deal.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}[view["trumps"]]
    leader = trick[0][0] if trick else seat
    deal.first = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}[leader]
    for _, c in trick:
        deal.play(ECard(f"{'CDHS'[c.suit]}{'23456789TJQKA'[c.rank - 2]}"))
    side = "NS" if seat in "NS" else "EW"
    won = view["tricks"][side]
    values = {}
    for card, n in solve_board(deal):
        suit = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}[card.suit]
        rank = "23456789TJQKA"[int(math.log2(int(card.rank.value))) - 2]
        values[rank + suit] = n
    tricks = {}
    for a in world.legal_actions():
        assert a.card is not None
        tricks[a] = won + values[str(a.card)]
    return _Solved(side, tuple(side), False, tricks)


@dataclass
class _Solved:
    side: str
    seats: tuple[str, ...]
    minimise: bool
    tricks: dict[Any, int]


# ---------------------------------------------------------------------------------------- the table


def match(
    game: str,
    a: str,
    b: str,
    deals: int,
    first: int,
    workers: int,
    worlds: int,
    depth: int,
    dds_depth: int = 13,
    out: str | None = None,
) -> list[list[float]]:
    """Play the deals and print the line of the table; the margins of each deal, in the order of the seeds."""
    jobs = [Job(game, first + i, a, b, worlds, depth, dds_depth) for i in range(deals)]
    fh = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115 - one line a deal, as they come
    margins: list[list[float]] = []
    times: list[float] = []
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the bench extra
        tqdm = None
    started = time.perf_counter()
    results: Iterable[tuple[list[float], list[float]]]
    if workers > 1:
        pool = get_context("spawn").Pool(workers)
        results = pool.imap(run, jobs)
    else:
        pool = None
        results = map(run, jobs)
    bar = tqdm(total=len(jobs), desc=f"{game}: {a} v {b}", file=sys.stderr) if tqdm else None
    for job, (m, ts) in zip(jobs, results, strict=True):
        margins.append(m)
        times += ts
        if fh is not None:
            fh.write(json.dumps({"game": game, "a": a, "b": b, "seed": job.seed, "margins": m, "ms": ts}) + "\n")
            fh.flush()
        if bar is not None:
            mu, ci = mean_ci([x[0] for x in margins]) if len(margins) > 1 else (m[0], 0.0)
            bar.set_postfix_str(f"{mu:+.2f} ± {ci:.2f} {UNITS[game]}")
            bar.update()
    if bar is not None:
        bar.close()
    if fh is not None:
        fh.close()
    if pool is not None:
        pool.close()
        pool.join()
    elapsed = time.perf_counter() - started
    mu, ci = mean_ci([x[0] for x in margins])
    line = f"{game:13s} {a} v {b:6s} {mu:+7.2f} ± {ci:5.2f} {UNITS[game]:8s}"
    if game == "cayenne":
        pm, pc = mean_ci([x[1] for x in margins])
        line += f" {pm:+7.2f} ± {pc:5.2f} points"
    med = statistics.median(times) if times else 0.0
    p95 = sorted(times)[int(0.95 * (len(times) - 1))] if times else 0.0
    line += f"  {len(margins)} deals; {a}'s decisions: median {med:.0f} ms, p95 {p95:.0f} ms ({len(times)});"
    line += f" {elapsed:.0f} s"
    print(line, flush=True)
    return margins


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", default=",".join(PARTNERSHIP + ROUND))
    p.add_argument(
        "--a",
        default="search",
        help="kind A (search, rules, random; search-cards: the search bot's cards, the rules bot's calls;"
        " search-calls: the reverse)",
    )
    p.add_argument("--against", default="rules", help="kind B: rules, random, or dds (Whist: sampling over DDS)")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--first", type=int, default=1, help="the first deal's seed")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--worlds", type=int, default=12, help="worlds a decision for the sampling bots")
    p.add_argument("--depth", type=int, default=10, help="solve worlds once this many tricks are left")
    p.add_argument("--dds-depth", type=int, default=13, help="the same for the DDS reference (13: every card)")
    p.add_argument("--out", help="append each deal's margins and A's decision times to this file (JSON lines)")
    args = p.parse_args(argv)
    for game in args.games.split(","):
        if args.against == "dds" and game != "whist":
            continue
        match(
            game,
            args.a,
            args.against,
            args.deals,
            args.first,
            args.workers,
            args.worlds,
            args.depth,
            args.dds_depth,
            args.out,
        )


if __name__ == "__main__":
    main()
