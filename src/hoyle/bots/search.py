"""The search bot: it samples worlds consistent with its seat's view and solves each exactly.

For a card: draw worlds (``t.resample(seat, rng)``: every card concealed from the seat dealt afresh,
consistently with all it has seen), solve each with :func:`hoyle.solve` (the tricks the counted side takes in
the whole deal after each lawful card, with best play by everyone), and play the card with the best total over
the worlds, for its own side (fewest for the counted side when the seat is against it, or when the counted side
plays a misère or nullo to take none).  At Solo and Boston a world's tricks are first turned into what the seat
wins or loses by them, in money or counters (:func:`unit_value`): a solo of five made in every world is worth more
than one made with over-tricks in some and lost in others.  Ties go to the card of more tricks, then to the card
the rules bot would play, then the lowest.

For a call, a bid, naming trumps or a declaration: for each candidate, in each world (``call_worlds``, four times
``worlds`` by default: a playout costs a few milliseconds), make the call, let rules bots finish the auction and
play the deal out, and take what the seat (or its side) won or lost in the game's own unit (points scored,
money, counters).  The rules bot's own choice is always a candidate, as is passing; it is kept unless another
gains on it surely, world by world (:func:`preferred`), and of those the one of highest mean is made.

Worlds are weighed by the calls the other seats made in the deal (Solo, Boston, Cayenne; ``weigh=False`` turns it
off): a call the rules bot would not have made with the hand a world gives its caller counts a tenth
(:func:`call_weight`), so a world in which the abondance caller holds rags counts for little.  Since few uniform
worlds agree with a call, each world used is the first of up to ``TRIES`` drawn that agrees with every call, else
the one of them with the highest weight (:meth:`SearchBot._draw`).  At Whist and Dummy, which have no calls, the
cards the other seats played are weighed instead (``weigh_plays``): each card the rules bot would not have played
from the same view counts a half, and each world used is the best of ``PLAY_TRIES`` drawn.

It sees only its view: the worlds come from a function that draws them (``worlds(rng)``) which the caller
builds from the table and the seat (:func:`hoyle.bots.decide`), and two tables the seat cannot tell apart give
the same worlds.  Without worlds (``choose(view, legal)`` alone) it plays as the rules bot does.  At law, a
penalty phase or a claim is decided as the rules bot decides it, and so is a play the solver does not take
(Boston's misère partout and Solo's general misère, where each plays for himself).

Budget: ``worlds`` (at most this many a decision, 24 by default) and ``ms`` (800 by default: no new world once
another as long as the mean so far would end past this many milliseconds; at least one world is always solved).
``depth``: worlds are solved once this many tricks or fewer are left (10 by default); before that the bot plays the
rules bot's card, since solving whole deals takes the solver longer than a decision's budget. Should one world take
longer than ``ms``, the bot solves from a trick later on thereafter.
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from ..engine.table import Table

__all__ = ["GAMES", "SearchBot"]

GAMES = ("whist", "dummy", "double-dummy", "solo", "boston", "cayenne")

Worlds = Callable[[random.Random], Table]
Solver = Callable[[Table], Any]


def _hoyle_solve() -> Solver:
    """:func:`hoyle.solve`, or a clear error where this installation has no solver."""
    if importlib.util.find_spec("hoyle.solver") is None:
        raise ValueError("the search bot needs the solver (hoyle.solve), which this installation lacks")
    solve: Solver = importlib.import_module("hoyle.solver").solve
    return solve


@dataclass
class _Values:
    """A world's values as the bot uses them (what :func:`hoyle.solve` gives, from a worker process)."""

    seats: tuple[str, ...]
    minimise: bool
    tricks: dict[Action, int]


class _Worker:
    """One solving process (``python -m hoyle.bots._solve_worker``), shared by the search bots of this process,
    for solving off the caller's thread.

    The solver's compiled search holds the interpreter's lock while it runs (up to seconds a world), so a
    search bot thinking in a thread would stop the process's other threads, the room's event loop among them.
    Solved in another process, the thread only waits on a pipe (the lock free) while the world is solved.
    One bot's world at a time: the others wait their turn."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "hoyle.bots._solve_worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
        return self._proc

    def solve(self, world: Table) -> _Values:
        from ..solver import position
        from ._solve_worker import read_message, write_message

        pos = position(world)  # a position the solver refuses fails here, in the caller's thread
        legal = world.legal_actions()
        cards = [int(a.card) for a in legal if a.card is not None]
        with self._lock:
            for attempt in (1, 2):
                proc = self._start()
                assert proc.stdin is not None and proc.stdout is not None
                try:
                    write_message(proc.stdin, (pos, cards))
                    status, answer = read_message(proc.stdout)
                    break
                except (EOFError, BrokenPipeError, OSError):  # the process died: a new one, once
                    proc.kill()
                    self._proc = None
                    if attempt == 2:
                        raise RuntimeError("the search bot's solving process died twice") from None
        if status != "ok":
            kind, message = answer
            raise (ValueError if kind.endswith("Error") else RuntimeError)(f"{kind}: {message}")
        seats, minimise, values = answer
        return _Values(seats, minimise, {a: values[int(a.card)] for a in legal if a.card is not None})

    def close(self) -> None:
        with self._lock:
            if self._proc is not None:
                if self._proc.stdin is not None:
                    self._proc.stdin.close()
                try:
                    self._proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                self._proc = None


_WORKER = _Worker()
atexit.register(_WORKER.close)


class SearchBot:
    """Samples worlds and solves each (see the module); ``worlds`` and ``ms`` bound each decision."""

    samples_worlds = True
    """Callers that hold the table pass ``worlds=`` to :meth:`choose` (:func:`hoyle.bots.decide`)."""

    def __init__(
        self,
        game: str,
        seed: int | None = None,
        *,
        worlds: int = 24,
        ms: float | None = 800.0,
        depth: int = 10,
        call_worlds: int | None = None,
        solver: Solver | None = None,
        offload: bool | None = None,
        weigh: bool = True,
        weigh_plays: bool | None = None,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"no 'search' bot for {game!r}; it plays: {', '.join(GAMES)}")
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds!r}")
        if call_worlds is not None and call_worlds < 1:
            raise ValueError(f"call_worlds must be at least 1, not {call_worlds!r}")
        if ms is not None and ms <= 0:
            raise ValueError(f"ms must be positive (or None for no time limit), not {ms!r}")
        from . import make

        if not 1 <= depth <= 13:
            raise ValueError(f"depth is the tricks left from which worlds are solved, 1 to 13, not {depth!r}")
        self.game = game
        self.worlds = worlds
        self.ms = ms
        self.depth = depth
        self.call_worlds = call_worlds if call_worlds is not None else CALL_WORLDS * worlds
        """At most this many worlds for a call (each candidate played out in each by rules bots, a few ms)."""
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._rules = make("rules", game, seed=seed)
        self._solver = solver or _hoyle_solve()
        self._own_solver = solver is None
        self.weigh = weigh
        """Weigh each world by how likely the other seats' calls are in it (see :func:`call_weight`)."""
        self.weigh_plays = (game in PLAYS) if weigh_plays is None else weigh_plays
        """Weigh each world by the cards the other seats played too (by default at Whist and Dummy, where no call
        tells of the hands)."""
        self._model: Any = None
        self.offload = offload
        """Solve in a worker process (True), here (False), or (None) in a worker when called off the main thread,
        as the room calls its bots, so that the solver does not hold up the room's event loop."""
        self.last: dict[str, Any] = {}
        """What the last decision took: worlds solved, milliseconds, the values by action."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action], *, worlds: Worlds | None = None) -> Action:
        if not legal:
            raise ValueError("no lawful action to choose from")
        plain = self._rules.choose(view, legal)
        self.last = {"worlds": 0, "ms": 0.0, "values": {}, "how": "rules"}
        if len(legal) == 1 or worlds is None or view.get("decision"):
            return plain
        seat = view["seat"]
        cards = all(a.verb == "play" and a.card is not None for a in legal)
        rng = random.Random(self._rng.getrandbits(64))
        if cards and view.get("phase", "play") == "play":
            if _tricks_left(view) > (min(self.depth, MISERE_DEPTH) if _plays_to_lose(view) else self.depth):
                return plain  # too early to solve within the budget: the rules bot's card
            return self._play(view, legal, worlds, rng, seat, plain)
        return self._simulate(legal, worlds, rng, seat, plain)

    # ---------------------------------------------------------------- cards: solve each world

    def _play(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        worlds: Worlds,
        rng: random.Random,
        seat: str,
        plain: Action,
    ) -> Action:
        t0 = time.perf_counter()
        totals = dict.fromkeys(legal, 0.0)
        tricks = dict.fromkeys(legal, 0.0)
        n = 0
        left = _tricks_left(view)
        weight = 0.0
        for _ in range(self.worlds):
            world, w = self._draw(worlds, rng, seat)
            worth = unit_value(world, seat)
            t1 = time.perf_counter()
            try:
                s = self._solve(world)
            except ValueError as exc:  # a play the solver does not take (a misère partout: no sides)
                self.last = {
                    "worlds": 0,
                    "ms": (time.perf_counter() - t0) * 1000,
                    "values": {},
                    "how": f"rules ({exc})",
                }
                return plain
            if self.ms is not None and (time.perf_counter() - t1) * 1000 > self.ms and left <= self.depth:
                self.depth = max(1, left - 1)  # one world took the whole budget: solve from a trick later on
            mine = seat in s.seats
            sign = 1.0 if mine != bool(s.minimise) else -1.0
            for a in legal:
                tricks[a] += w * sign * s.tricks[a]
                totals[a] += w * (sign * s.tricks[a] if worth is None else worth(s.tricks[a]))
            weight += w
            n += 1
            if self._spent(t0, n):
                break
        best = max(totals.values())
        tied = [a for a in legal if totals[a] == best]
        most = max(tricks[a] for a in tied)  # equal in money: the more tricks for the side (misère: the fewer)
        tied = [a for a in tied if tricks[a] == most]
        choice = plain if plain in tied else min(tied, key=lambda a: (a.card.rank if a.card else 0, str(a)))
        self.last = {
            "worlds": n,
            "ms": (time.perf_counter() - t0) * 1000,
            "how": "solve",
            "unit": "tricks" if worth is None else "game",
            "where": "worker" if self._away() else "here",
            "weight": weight / n,
            "values": {str(a): v / weight for a, v in totals.items()},
        }
        return choice

    def _spent(self, t0: float, n: int) -> bool:
        """Whether the budget is spent after ``n`` worlds begun at ``t0``: no new world once another as long as
        the mean so far would end past ``ms`` (stopping only once ``ms`` had passed let a decision run a world
        over: 1.14 s at Boston at load 5, the budget 800 ms)."""
        if self.ms is None:
            return False
        spent = (time.perf_counter() - t0) * 1000
        return spent + spent / n > self.ms

    def _draw(self, worlds: Worlds, rng: random.Random, seat: str) -> tuple[Table, float]:
        """A world and its weight: of up to ``TRIES`` worlds drawn (``PLAY_TRIES`` at Whist and Dummy, which have
        no calls), the first in which the rules bot would have made every call and played every card the other seats
        made (weight 1), else the one of the highest weight, the first of equals.

        Few uniform worlds agree with a call: at Solo (seed 1) a proposal is what the rules bot would make with 7
        of 200 uniform hands, and the defenders' worlds after a solo agree with it 12 times in 200 (seed 11).
        Weighed alone, a world of rags counted a tenth and the worlds that tell of the call stayed a handful; a
        draw costs about 1.5 ms against tens for solving a world.  Nor do uniform worlds agree with the cards
        played: at Whist after four tricks (seeds 1-3), the rules bot would have played 3 to 5 of the other seats'
        9 to 11 cards otherwise in the median uniform world, and none in the deal itself."""
        world = worlds(rng)
        if not self.weigh or not (self.weigh_plays or self.game in CALLS):
            return world, 1.0
        w = self._weight(world, seat)
        tries = TRIES if self.game in CALLS else PLAY_TRIES
        if w >= 1.0:
            return world, w
        for _ in range(tries - 1):
            other = worlds(rng)
            v = self._weight(other, seat, below=w)
            if v > w:
                world, w = other, v
                if w >= 1.0:
                    break
        return world, w

    def _weight(self, world: Table, seat: str, below: float = 0.0) -> float:
        """The world's weight (:func:`call_weight`, the cards too where ``weigh_plays``); :meth:`_draw` calls it only
        when worlds are weighed."""
        if self._model is None:
            from . import make

            self._model = make("rules", self.game, seed=0)
        play = UNLIKELY_PLAY if self.weigh_plays else None
        return call_weight(world, seat, self._model, play=play, below=below)

    def _away(self) -> bool:
        """Whether worlds are solved in the worker process (see ``offload``)."""
        if not self._own_solver:
            return False
        if self.offload is not None:
            return self.offload
        return threading.current_thread() is not threading.main_thread()

    def _solve(self, world: Table) -> Any:
        return _WORKER.solve(world) if self._away() else self._solver(world)

    # ---------------------------------------------------------------- calls and bids: simulate to the end

    def _simulate(
        self, legal: Sequence[Action], worlds: Worlds, rng: random.Random, seat: str, plain: Action
    ) -> Action:
        t0 = time.perf_counter()
        candidates = _candidates(legal, plain)
        results: list[tuple[float, dict[Action, float]]] = []  # each world's weight and the candidates' values
        for _ in range(self.call_worlds):
            world, p = self._draw(worlds, rng, seat)
            got = {}
            for a in candidates:
                w = world.clone()
                before = _standing(w, seat)
                w.apply(a)
                _play_out(w, self.game, rng)
                got[a] = _standing(w, seat) - before
            results.append((p, got))
            if self._spent(t0, len(results)):
                break
        weight = sum(p for p, _ in results)
        means = {a: sum(p * got[a] for p, got in results) / weight for a in candidates}
        choice = preferred(results, candidates, plain)
        self.last = {
            "worlds": len(results),
            "ms": (time.perf_counter() - t0) * 1000,
            "how": "simulate",
            "weight": weight / len(results),
            "values": {str(a): v for a, v in means.items()},
        }
        return choice


TRIES = 12
"""Worlds drawn, at most, for each world used, looking for one that agrees with the other seats' calls."""

PLAY_TRIES = 6
"""The same at Whist and Dummy, whose worlds are weighed by the cards played: a card tells less than a call, and
a world is weighed by replaying every card of the deal (about 1 to 2 ms)."""

CALL_WORLDS = 4
"""Worlds for a call, as a multiple of ``worlds``: a world's playouts cost a few milliseconds, where solving a
world for a card costs tens."""

SURE = 1.645
"""How sure the simulation must be before a call other than the rules bot's is made: its mean gain over the rules
bot's call, world by world, must stand this many standard errors above nothing (one-sided 95%)."""


def preferred(
    results: Sequence[tuple[float, dict[Action, float]]],
    candidates: Sequence[Action],
    plain: Action,
    sure: float = SURE,
) -> Action:
    """The call to make from simulated values: the rules bot's own (``plain``) unless another candidate gains on it
    surely (its weighted mean gain over ``plain``, world by world, more than ``sure`` standard errors above
    nothing); of those, the one of highest mean.

    Choosing the best of several noisy means favours the call whose worlds happened to fall well (twelve worlds
    made a misère ouverte look sound that lost 66d at Solo, seed 6): the rules bot's call, tuned in self-play, is
    kept unless the worlds say clearly otherwise."""
    weight = sum(p for p, _ in results)
    if weight <= 0 or len(results) < 2:
        return plain
    square = sum(p * p for p, _ in results)
    n_eff = weight * weight / square  # Kish's effective sample size of weighted worlds
    best, gain = plain, 0.0
    for a in candidates:
        if a == plain:
            continue
        d = [(p, got[a] - got[plain]) for p, got in results]
        mean = sum(p * x for p, x in d) / weight
        var = sum(p * (x - mean) ** 2 for p, x in d) / weight * n_eff / max(n_eff - 1, 1)
        se = (var / n_eff) ** 0.5
        if mean > sure * se and mean > gain:
            best, gain = a, mean
    return best


def unit_value(world: Table, seat: str) -> Callable[[int], float] | None:
    """What ``seat`` wins or loses in the deal, in the game's unit, should the counted side (the declarers) end it
    with so many tricks: at Solo the money, at Boston the counters (the pool too), as the table settles the
    contract (003 Solo, The Stakes; rules §4).  None where tricks are the unit (Whist, Dummy, Double Dummy) or
    nearly so (Cayenne: each trick over the book is the declaration's unit, the honours fixed by the deal).

    Money is not tricks: a solo of five made pays 6d from each adversary, made with one trick fewer it costs 7d
    to each, so a card that makes the fifth trick in more worlds is worth more than one that makes an over-trick
    in some."""
    reckon = getattr(world, "_reckon", None)
    if world.game.name not in ("solo", "boston") or reckon is None or getattr(world, "contract", None) is None:
        return None
    memo: dict[int, float] = {}

    def worth(made: int) -> float:
        if made not in memo:
            _, pays = reckon(made)
            memo[made] = float(sum(n for _, to, n in pays if to == seat) - sum(n for by, _, n in pays if by == seat))
        return memo[made]

    return worth


CALLS = ("solo", "boston", "cayenne")
"""The games whose calls tell of the callers' hands (Whist, Dummy and Double Dummy have none)."""

PLAYS = ("whist", "dummy")
"""The games whose worlds are weighed by the cards played, by default (at Double Dummy every world is the table
itself: each player sees three hands)."""

UNLIKELY = 0.1
"""The weight of a call the model (the rules bot) would not have made with the hand a world gives."""

UNLIKELY_PLAY = 0.5
"""The weight of a card played that the model would not have played with the hand a world gives: a card tells
less than a call (a player may well have played another of equal worth, or followed another line), and a partner
or an adversary who is no rules bot plays otherwise often."""


def call_weight(
    world: Table, seat: str, model: Any, unlikely: float = UNLIKELY, *, play: float | None = None, below: float = 0.0
) -> float:
    """How likely the other seats' calls of the current deal are with the hands ``world`` gives them: the product,
    over their calls, bids, trumps named and declarations, of 1 where ``model`` (the rules bot, standing for a
    player who calls by his hand) makes the same call from the same view, else ``unlikely``.  With ``play``, the
    cards they played are weighed too, each the model would not have played from the same view counting ``play``.

    A world in which the seat that bid abondance holds a one-suited rag counts a tenth as much as one in which
    it holds the hand the bid tells of; at Whist a world in which the leader's fourth-best card was led from a
    doubleton, or third hand played the king holding the queen, counts for less.  Only what ``seat`` saw happen
    is used: the calls, the cards and the hands of the world, which agree with its view.

    With ``below``, the replay stops once the weight is no more than ``below`` (a product of factors of at most 1
    only falls), and that weight is returned: not the world's, but as sure not to be above ``below``.  A weight
    above ``below`` is always the world's own."""
    from ..engine.table import rebuild

    record = world.record()
    deal = world.view(None).get("deal")
    t = rebuild(record, game=world.game)  # the world's sitting from its start, to replay its calls
    p = 1.0
    for text in record["actions"]:
        actor = t.to_act
        if actor is not None and t.view(None).get("deal") == deal:
            legal = t.legal_actions()
            playing = all(a.verb == "play" for a in legal)
            if playing and play is None:
                break  # the calls are over: the play is not weighed
            if actor != seat and len(legal) > 1 and str(model.choose(t.view(actor), legal)) != text:
                p *= play if playing and play is not None else unlikely
                if p <= below:
                    return p
        t.apply(text)
    return p


MISERE_DEPTH = 7
"""The most tricks left from which a misère or a nullo is solved.  The solver is slow at a side playing to take no
trick: a Solo misère (seed 3, D) took it 0.98 s of CPU and 604,145 nodes with 8 tricks left, 0.01 s with 7, and
twelve worlds with 10 left did not finish in four minutes (a whist position with 8 left: about 7 ms)."""


def _plays_to_lose(view: dict[str, Any]) -> bool:
    """Whether the contract in play is a misère (Solo, Boston) or a nullo (Cayenne): its side plays to lose tricks."""
    contract = view.get("contract")
    declaration = view.get("declaration")
    return bool(
        (isinstance(contract, dict) and contract.get("misere"))
        or (isinstance(declaration, dict) and declaration.get("what") == "nullo")
    )


def _tricks_left(view: dict[str, Any]) -> int:
    """The tricks still to be played in the deal, the one on the table included (the seat's own hand: every
    hand holds as many cards, but for the card a seat has played to the trick on the table)."""
    hand = len(view.get("hand") or [])
    return hand if hand else 13


def _candidates(legal: Sequence[Action], plain: Action, most: int = 8) -> list[Action]:
    """The actions worth simulating: all when few, else the rules bot's choice, passing, and the lowest others
    (the cheapest calls and bids of the ladder)."""
    if len(legal) <= most:
        return list(legal)
    out = [plain]
    for a in legal:
        if a.verb == "pass" and a not in out:
            out.append(a)
    for a in legal:
        if len(out) >= most:
            break
        if a not in out:
            out.append(a)
    return out


def _standing(t: Table, seat: str) -> float:
    """The seat's standing in the game's unit: its own score, or its side's (a key naming it, 'NS' for N).

    At Cayenne, the points its side has scored in the rubber less the other side's (``totals``): the score of
    the game in play starts again at each game won (002 §1 Cayenne), so a hand that wins a game by twelve would
    count two there, and take the adversaries' points away as if they were the hand's."""
    totals = t.view(None).get("totals") if t.game.name == "cayenne" else None
    if totals:
        ours = "NS" if seat in "NS" else "EW"
        return float(sum(v if k == ours else -v for k, v in totals.items()))
    scores = t.scores
    if seat in scores:
        return float(scores[seat])
    return float(sum(v for k, v in scores.items() if k != "pool" and seat in k))


def _play_out(t: Table, game: str, rng: random.Random) -> None:
    """Rules bots play ``t`` to the end of the deal in hand (or of the sitting)."""
    from . import make

    players = {s: make("rules", game, seed=rng.getrandbits(32)) for s in t.seats}
    deal = t.view(None).get("deal")
    for _ in range(2000):
        if t.over or t.view(None).get("deal") != deal:
            return
        seat = t.to_act
        assert seat is not None
        t.apply(players[seat].choose(t.view(seat), t.legal_actions()))
