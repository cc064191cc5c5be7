"""Duplicate matches between bots, at any game: in one process, in local worker processes, or on Ray.

A **board** is one sitting of the game (a rubber of whist, a sitting of Solo, ...) from one
seeded shuffle: board ``b`` of a match with seed ``S`` is ``g.table(seed=board_seed(S, b))``.
It is played once in each **room**: the seats' bots as given (``--seats``), then rotated one
seat at a time until every distinct assignment has been played (``search,rules,search,rules``:
two rooms, the partnerships exchanged; ``search,rules,rules,rules``: four rooms, the search bot
in each seat once).  The cards are the same in every room: the table's seeded shuffler draws
the same deals whatever is played.

Each seat's result is the table's ``scores`` at the end of the sitting: the seat's own score, or
its side's (``NS``/``EW``).  A bot kind's **score** on a board is the mean result of the seats it
held, over the rooms; its **margin** is its score less the mean score of the other kinds.  For two
partnerships at whist that is the classic duplicate result: N-S's score in the first room plus
E-W's in the second.  Seat by seat, so that a bot holding one seat against three of another kind
is measured fairly in games where the scores do not sum to nothing (a pool, a pot, a board).

A board's result depends only on the game, its options, the seats, the match seed and the
board's number, so a match gives the same boards in one process, in worker processes or on a
Ray cluster, and a rerun resumes from the JSON lines already written.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import bots
from .engine.registry import game as make_game

__all__ = [
    "FORMAT",
    "Match",
    "Summary",
    "board_seed",
    "make_bot",
    "play_board",
    "rooms",
    "summarise",
]

FORMAT = "hoyle-match/1"
"""The first line of a match's JSON lines: ``{"format": FORMAT, "match": {...}}``; then one line a board."""

_ACT_CAP = 200_000  # a sitting that has not ended by then is a bot's or a game's fault: stop, say so


def board_seed(seed: int, board: int) -> int:
    """The table seed of board ``board`` (1, 2, ...) of a match seeded ``seed``."""
    return seed * 1_000_003 + board


def make_bot(spec: str, game: str, seed: int | None) -> Any:
    """The bot a seat names: a kind (``rules``), or a kind with options after colons
    (``search:worlds=16:ms=none``: numbers, ``none``, ``true``/``false``), made by :func:`hoyle.bots.make`."""
    kind, *parts = spec.split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, eq, text = part.partition("=")
        if not eq or not key:
            raise ValueError(f"bot {spec!r}: an option is KEY=VALUE after a colon, e.g. search:worlds=16, not {part!r}")
        low = text.lower()
        value: Any
        if low in ("none", "null"):
            value = None
        elif low in ("true", "false"):
            value = low == "true"
        else:
            try:
                value = int(text)
            except ValueError:
                try:
                    value = float(text)
                except ValueError:
                    value = text
        options[key.replace("-", "_")] = value
    try:
        return bots.make(kind, game, seed=seed, **options)
    except TypeError as exc:  # an option the bot does not take
        raise ValueError(f"bot {spec!r}: {exc}") from None


def rooms(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of the seats' bots, starting with the seats as given."""
    out: list[tuple[str, ...]] = []
    n = len(seats)
    for r in range(n):
        assign = tuple(seats[(i - r) % n] for i in range(n))
        if assign not in out:
            out.append(assign)
    return out


def _seat_results(table: Any) -> dict[str, float]:
    """Each seat's result: its own score, or its side's."""
    scores = table.scores
    out: dict[str, float] = {}
    for s in table.seats:
        if s in scores:
            out[s] = float(scores[s])
            continue
        side = next((k for k in scores if len(k) > 1 and s in k and all(c in table.seats for c in k)), None)
        if side is None:
            raise ValueError(f"{table.game.name}: no score for seat {s} in {scores!r}")
        out[s] = float(scores[side])
    return out


def play_board(game: str, options: dict[str, Any], seats: Sequence[str], seed: int, board: int) -> dict[str, Any]:
    """Play board ``board`` in every room; its result, as the JSON line a match writes."""
    g = make_game(game, **options)
    s = board_seed(seed, board)
    kinds = list(dict.fromkeys(seats))
    results: dict[str, list[float]] = {k: [] for k in kinds}
    played = []
    for r, assign in enumerate(rooms(seats)):
        t = g.table(seed=s)
        if len(t.seats) != len(assign):
            raise ValueError(f"{g.name} has {len(t.seats)} seats ({', '.join(t.seats)}); --seats names {len(assign)}")
        seat_bot = {
            seat: make_bot(kind, g.name, seed=s * 64 + r * 8 + i)
            for i, (seat, kind) in enumerate(zip(t.seats, assign, strict=True))
        }
        acts = 0
        while not t.over:
            seat = t.to_act
            assert seat is not None
            bot = seat_bot[t.controller(seat)]  # a Dummy is its partner's
            t.apply(bots.decide(bot, t))  # a search bot gets worlds from the seat's view
            acts += 1
            if acts > _ACT_CAP:
                raise RuntimeError(f"board {board}, room {r + 1}: the sitting did not end in {_ACT_CAP} acts")
        seat_result = _seat_results(t)
        for seat, kind in zip(t.seats, assign, strict=True):
            results[kind].append(seat_result[seat])
        played.append({"seats": dict(zip(t.seats, assign, strict=True)), "scores": dict(t.scores), "acts": acts})
    score = {k: sum(v) / len(v) for k, v in results.items()}
    margins = {k: score[k] - sum(score[j] for j in kinds if j != k) / (len(kinds) - 1) for k in kinds}
    return {"board": board, "seed": s, "rooms": played, "score": score, "margins": margins}


@dataclass(frozen=True)
class Summary:
    """Each bot kind's mean margin a board and its 95% confidence interval (normal approximation)."""

    boards: int
    mean: dict[str, float]
    half_width: dict[str, float]
    """The 95% interval is ``mean ± half_width`` (1.96 standard errors; infinite with fewer than two boards)."""

    def text(self) -> str:
        return "; ".join(f"{k} {self.mean[k]:+.3f} ± {self.half_width[k]:.3f}" for k in self.mean)


def summarise(lines: Sequence[dict[str, Any]]) -> Summary:
    """The summary of the boards' lines."""
    kinds = list(lines[0]["margins"]) if lines else []
    mean, half = {}, {}
    for k in kinds:
        xs = [line["margins"][k] for line in lines]
        mean[k] = statistics.fmean(xs)
        half[k] = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return Summary(len(lines), mean, half)


def _running(lines: Sequence[dict[str, Any]], kind: str) -> tuple[list[float], list[float]]:
    """The running mean margin of ``kind`` and its 95% half-width, board by board (Welford)."""
    means, halves = [], []
    m = s2 = 0.0
    for n, line in enumerate(lines, start=1):
        x = line["margins"][kind]
        d = x - m
        m += d / n
        s2 += d * (x - m)
        means.append(m)
        halves.append(1.96 * math.sqrt(s2 / (n - 1) / n) if n > 1 else math.nan)
    return means, halves


def plot(lines: Sequence[dict[str, Any]], path: Path, title: str = "") -> None:
    """Draw the running margin of the first kind and its 95% interval, board by board (PNG or SVG by suffix)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("the plot needs matplotlib: pip install 'hoyle[plot]'") from None
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"the plot is a .png or .svg file, not {path.name!r}")
    kind = next(iter(lines[0]["margins"]))
    means, halves = _running(lines, kind)
    xs = list(range(1, len(lines) + 1))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    lo = [m - h for m, h in zip(means, halves, strict=True)]
    hi = [m + h for m, h in zip(means, halves, strict=True)]
    ax.fill_between(xs, lo, hi, alpha=0.25, label="95% interval")
    ax.plot(xs, means, label=f"{kind}: mean margin a board")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("boards")
    ax.set_ylabel("margin (points a board)")
    ax.set_title(title or f"running margin of {kind}")
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


@dataclass
class Match:
    """A duplicate match: ``run()`` plays the boards not yet in ``out`` and returns the summary of all."""

    game: str
    seats: Sequence[str]
    boards: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    out: Path | None = None
    workers: int = 0
    """0: in this process; N: N local worker processes."""
    ray: str | None = None
    """``"auto"`` (the running cluster), an address (``ray://host:10001``, ``host:6379``), or ``"local"``
    (start a Ray instance on this machine); ``None``: no Ray.  An instance already started in this process
    (``ray.init``) is used as it is."""
    retries: int = 3
    """How many times a board whose worker died is played again."""
    on_board: Callable[[dict[str, Any], list[dict[str, Any]]], None] | None = None
    """Called after each board with its line and all the lines so far (the progress bar)."""
    lines: list[dict[str, Any]] = field(default_factory=list)
    played: int = 0
    """Boards played by this run (not read back from ``out``)."""
    elapsed: float = 0.0

    def __post_init__(self) -> None:
        self.seats = [k.strip().lower() for k in self.seats]
        if len(set(self.seats)) < 2:
            raise ValueError(f"a match is between two kinds of bot at least, not {','.join(self.seats)}")
        if self.boards < 1:
            raise ValueError(f"--boards must be at least 1, not {self.boards}")
        g = make_game(self.game, **self.options)  # a bad game or option fails here, before any work
        if "players" in g.spec.option_map and "players" not in self.options:
            self.options = {**self.options, "players": len(self.seats)}
            g = make_game(self.game, **self.options)
        self.game = g.name
        for kind in dict.fromkeys(self.seats):  # any bot hoyle.bots.make knows, for this game
            make_bot(kind, g.name, seed=0)
        n = len(g.table(seed=0).seats)
        if n != len(self.seats):
            raise ValueError(f"{g.name} has {n} seats; --seats names {len(self.seats)} bots")
        if self.workers < 0:
            raise ValueError(f"--workers is 0 (this process) or more, not {self.workers}")

    @property
    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "match": {"game": self.game, "seats": list(self.seats), "options": self.options, "seed": self.seed},
        }

    # ------------------------------------------------------------------ the file

    def _resume(self) -> dict[int, dict[str, Any]]:
        """The boards already in ``out`` (a torn last line, from a crash, is cut off)."""
        if self.out is None or not self.out.exists() or self.out.stat().st_size == 0:
            return {}
        raw = self.out.read_bytes()
        good = raw[: raw.rfind(b"\n") + 1]
        if len(good) != len(raw):
            with self.out.open("r+b") as f:
                f.truncate(len(good))
        rows = [json.loads(x) for x in good.decode("utf-8").splitlines() if x.strip()]
        if not rows or rows[0] != self.header:
            raise ValueError(
                f"{self.out} holds another match (its first line is not {json.dumps(self.header)});"
                " give another --out, or the same game, seats, options and seed"
            )
        return {r["board"]: r for r in rows[1:]}

    # ------------------------------------------------------------------ running

    def run(self) -> Summary:
        done = self._resume()
        todo = [b for b in range(1, self.boards + 1) if b not in done]
        self.lines = [done[b] for b in sorted(done) if b <= self.boards]
        fh = None
        if self.out is not None:
            fresh = not self.out.exists() or self.out.stat().st_size == 0
            fh = self.out.open("a", encoding="utf-8")
            if fresh:
                fh.write(json.dumps(self.header) + "\n")
                fh.flush()
        start = time.perf_counter()
        try:
            for line in self._results(todo):
                if fh is not None:
                    fh.write(json.dumps(line) + "\n")
                    fh.flush()
                self.lines.append(line)
                self.played += 1
                if self.on_board is not None:
                    self.on_board(line, self.lines)
        finally:
            self.elapsed = time.perf_counter() - start
            if fh is not None:
                fh.close()
        self.lines.sort(key=lambda line: line["board"])
        return summarise(self.lines)

    def _args(self, board: int) -> tuple[Any, ...]:
        return (self.game, self.options, list(self.seats), self.seed, board)

    def _results(self, todo: list[int]) -> Iterator[dict[str, Any]]:
        if not todo:
            return iter(())
        if self.ray is not None:
            return self._on_ray(todo)
        if self.workers:
            return self._on_workers(todo)
        return (play_board(*self._args(b)) for b in todo)

    def _on_workers(self, todo: list[int]) -> Iterator[dict[str, Any]]:
        """Local worker processes (pebble): a worker that dies loses only its board, which is played again."""
        from pebble import ProcessExpired, ProcessPool

        tries = dict.fromkeys(todo, 0)
        pool = ProcessPool(max_workers=self.workers)
        try:
            pending: dict[Future[Any], int] = {pool.schedule(play_board, args=self._args(b)): b for b in todo}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    b = pending.pop(fut)
                    try:
                        line = fut.result()
                    except ProcessExpired:
                        tries[b] += 1
                        if tries[b] > self.retries:
                            raise RuntimeError(f"board {b}: its worker died {tries[b]} times") from None
                        pending[pool.schedule(play_board, args=self._args(b))] = b
                        continue
                    yield line
            pool.close()
        finally:
            pool.stop()  # interrupted or failed: the boards in play are dropped (a rerun plays them)
            pool.join()

    def _on_ray(self, todo: list[int]) -> Iterator[dict[str, Any]]:
        """Ray tasks, a few per CPU in flight; Ray plays again a task whose worker died (``max_retries``)."""
        try:
            import ray
        except ImportError:
            raise ImportError("--ray needs Ray: pip install 'hoyle[ray]'") from None
        if not ray.is_initialized():
            if self.ray == "local":
                ray.init(num_cpus=self.workers or None, include_dashboard=False, log_to_driver=False)
            else:
                try:
                    ray.init(address=self.ray, log_to_driver=False)
                except (ConnectionError, TimeoutError, RuntimeError) as exc:
                    raise RuntimeError(
                        f"--ray {self.ray}: no Ray cluster answers there ({exc}); start one"
                        " (ray start --head), give its address, or use --ray local"
                    ) from None
        task = ray.remote(max_retries=self.retries)(play_board)
        window = max(4, 4 * int(ray.cluster_resources().get("CPU", 1)))
        queue = list(todo)
        inflight: dict[Any, int] = {}
        try:
            while queue or inflight:
                while queue and len(inflight) < window:
                    b = queue.pop(0)
                    inflight[task.remote(*self._args(b))] = b
                ready, _ = ray.wait(list(inflight), num_returns=1)
                for ref in ready:
                    inflight.pop(ref)
                    yield ray.get(ref)
        finally:
            for ref in inflight:  # interrupted or failed: the boards in play are dropped (a rerun plays them)
                ray.cancel(ref)


def default_workers() -> int:
    """The CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
