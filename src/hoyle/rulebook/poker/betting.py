"""A betting interval: who speaks, what he may do, and when the interval is over.

One machine serves every interval of the family (003 Draw Poker, Straight, Stud):

- ``kind="enter"``: Draw Poker before the draw.  The Age's ante counts towards his stake; to go in
  is to put in double the ante; each may go better up to the limit (003 Draw Poker); with the
  Straddle, the player left of the Age may straddle, and each next player straddle the straddler,
  and nobody raises before the draw (003 The Straddle).
- ``kind="jackpot"``: before the draw of a jack-pot.  Until someone holding jacks or better opens,
  a pass only declines to open (the seat may come in when the turn comes round again); once
  opened, the interval goes on as before the draw (003 Jack-pots; rules §6.3).
- ``kind="bet"``: after the draw, and every interval of Straight and Stud Poker.  Nothing is owed
  at the start; the first to bet goes so many counters; the others see, go better, or pass.

``pass_rule="out"``: a pass throws the hand up for the deal (003 Draw Poker: "go out of the game
altogether for that hand").  ``pass_rule="straight"``: a player who passes with nothing to make
good may come in again, unless some other player has raised in the meantime, in which case he is
excluded (003 Straight Poker, 5).

The limit is the most any one raise may be (003; rules §6.1.1).  With table stakes, ``available``
says what each player has before him: he is never made to put in more, and a player who has put
in all he has takes no further part in the betting (003 Table Stakes).

The interval decides nothing about cards: whether a seat holds openers is the table's question
(``may_open``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...errors import IllegalAction

__all__ = ["Interval", "Outcome"]

LAW_DRAW = "003 Draw Poker"
LAW_STRADDLE = "003 The Straddle"
LAW_JACKPOT = "003 Jack-pots"
LAW_STAKES = "003 Table Stakes"
LAW_STRAIGHT = "003 Straight Poker"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one act did: the counters it put in, and the words for it."""

    seat: str
    verb: str
    amount: int  # counters put in the pool by this act
    raised_by: int  # how far the level went up (a raise, a straddle, an opening, a first bet)
    text: str  # "D goes four better (six in all)"
    law: str | list[str]
    all_in: bool = False
    excluded: tuple[str, ...] = ()  # seats shut out by this raise (003 Straight Poker, 5)


_Parts = tuple[str, str, int, int, str, "str | list[str]", bool, tuple[str, ...]]
"""An :class:`Outcome`'s fields in its order: seat, verb, amount, raised_by, text, law, all_in, excluded."""


class Interval:
    """One betting interval.  ``order`` is the rotation, starting with the first to speak."""

    def __init__(
        self,
        *,
        order: Sequence[str],
        kind: str,
        limit: int,
        level: int = 0,
        put: Mapping[str, int] | None = None,
        pass_rule: str = "out",
        available: Callable[[str], int | None] | None = None,
        may_open: Callable[[str], bool] | None = None,
        false_openers: bool = False,
        hold: str | None = None,
        straddle: str | None = None,
        raising: bool = True,
        names: Mapping[str, str] | None = None,
    ) -> None:
        if kind not in ("enter", "jackpot", "bet"):
            raise ValueError(f"unknown interval kind {kind!r}")
        self.order = list(order)
        self.kind = kind
        self.limit = limit
        self.level = level
        self.put: dict[str, int] = {s: 0 for s in self.order}
        if put:
            self.put.update(put)
        self.pass_rule = pass_rule
        self.state: dict[str, str] = dict.fromkeys(self.order, "in")  # in, waiting, out
        self.acted: set[str] = set()
        self.available = available
        self.may_open = may_open
        self.false_openers = false_openers  # law mode: an opening without openers is taken, and judged later
        self.hold = hold  # the Age, who may hold the age with his first word (003 Draw Poker)
        self.straddle_seat = straddle  # who may straddle now; None once the right has lapsed
        self.raising = raising
        self.opened = kind != "jackpot"
        self.opener: str | None = None
        self.bets = 0  # how many times the level has gone up
        self.went_in: set[str] = set()  # seats that have put in a live stake in this interval
        # A player with nothing left before him has staked all he has: "he then takes no further part in
        # the betting" (003 Table Stakes), from the start of the interval as after his own act.
        self.all_in: set[str] = {s for s in self.order if available is not None and available(s) == 0}
        self.actions = 0
        self.names = dict(names or {})
        self._turn = -1
        self._advance()

    # ------------------------------------------------------------------ state

    @property
    def to_act(self) -> str | None:
        """The seat to speak, or None when the interval is over."""
        return self.order[self._turn] if self._turn >= 0 else None

    @property
    def over(self) -> bool:
        return self._turn < 0

    def contenders(self) -> list[str]:
        """Seats still in (a waiting seat is still in)."""
        return [s for s in self.order if self.state[s] != "out"]

    def _money(self, seat: str) -> int | None:
        return None if self.available is None else self.available(seat)

    def _needs(self, seat: str) -> bool:
        if self.state[seat] == "out" or seat in self.all_in:
            return False
        return seat not in self.acted or self.put[seat] < self.level

    def _advance(self) -> None:
        """Move the turn to the next seat that must speak, or end the interval."""
        state = self.state
        order = self.order
        live = [s for s in order if state[s] != "out"]
        if len(live) <= 1:
            self._turn = -1
            return
        all_in = self.all_in
        able = [s for s in live if s not in all_in] if all_in else live
        if not able:
            self._turn = -1
            return
        # Betting is over when at most one seat could still put money in and it owes nothing: nothing, that
        # is, that another has staked.  Before the draw the stake of going in (double the ante) may stand
        # above every stake put up, when those who went in had less before them: the one player left with
        # money is not asked to make it good, as nobody could win it from him (003 Table Stakes).
        put = self.put
        if len(able) == 1 and self.actions > 0 and self.opened and put[able[0]] >= max([put[s] for s in live]):
            self._turn = -1
            return
        n = len(order)
        turn = self._turn
        acted = self.acted
        level = self.level
        for step in range(1, n + 1):
            i = (turn + step) % n
            s = order[i]
            # _needs(s), inline: still in, not all in, and yet to speak or owing
            if state[s] != "out" and s not in all_in and (s not in acted or put[s] < level):
                self._turn = i
                return
        self._turn = -1

    def owes(self, seat: str) -> int:
        return max(0, self.level - self.put[seat])

    # ------------------------------------------------------------------ the lawful acts

    def make_good_verb(self) -> str:
        return "go in" if self.kind in ("enter", "jackpot") else "see"

    def legal(self) -> list[str]:
        """The lawful acts of the seat to speak, as action texts."""
        return list(legal_texts(self.legal_key()))

    def legal_key(self) -> tuple[Any, ...] | None:
        """What the lawful acts of the seat to speak depend on, as a key of :func:`legal_texts` (None: nobody is to
        speak): the same key, the same acts."""
        turn = self._turn
        if turn < 0:
            return None
        seat = self.order[turn]
        available = self.available
        money = None if available is None else available(seat)
        if not self.opened:
            top = 0
            if self.may_open is not None and self.may_open(seat):
                top = self.limit if money is None else min(self.limit, money)
            return (False, top)
        level = self.level
        owe = level - self.put[seat]
        if owe < 0:
            owe = 0
        straddle = False
        if self.straddle_seat == seat:
            cost = 2 * level - self.put[seat]
            straddle = 2 * level <= self.limit and (money is None or cost <= money)
        top = (self.limit if money is None else min(self.limit, money - owe)) if self.raising else 0
        return (
            True,
            ("go in" if self.kind != "bet" else "see") if owe > 0 else None,  # make_good_verb()
            self.hold == seat and self.actions == 0,
            straddle,
            top,
        )

    def check(self, verb: str, amount: int | None) -> None:
        """Raise IllegalAction, naming the rule, unless the act is lawful now.  Changes nothing."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("there is no betting now")
        name = self.names.get(seat, seat)
        money = self._money(seat)
        owe = self.owes(seat)
        if verb == "pass":
            return
        if not self.opened:
            if verb != "open":
                raise IllegalAction(
                    f"{verb}: the jack-pot is not opened; {name} may open it (holding jacks or better) or pass"
                    f" ({LAW_JACKPOT})",
                    law=LAW_JACKPOT,
                )
            if self.may_open is not None and not self.may_open(seat) and not self.false_openers:
                raise IllegalAction(
                    f"open: {name} does not hold a pair of knaves or better, and only such a hand may open a"
                    f" jack-pot ({LAW_JACKPOT})",
                    law=LAW_JACKPOT,
                )
            self._check_amount("open", amount, 0, money, opening=True)
            return
        if verb == "open":
            raise IllegalAction(f"open: only a jack-pot is opened, and only once ({LAW_JACKPOT})", law=LAW_JACKPOT)
        if verb in ("go in", "see"):
            want = self.make_good_verb()
            if verb != want:
                raise IllegalAction(
                    f"{verb}: {'before the draw a player goes in' if want == 'go in' else 'a bet is seen'};"
                    f" write '{want}' ({LAW_DRAW})",
                    law=LAW_DRAW,
                )
            if owe == 0:
                raise IllegalAction(
                    f"{verb}: {name} has nothing to make good; pass, or go better with 'raise N' ({LAW_DRAW})",
                    law=LAW_DRAW,
                )
            return
        if verb == "hold":
            if self.hold != seat or self.actions:
                raise IllegalAction(
                    f"hold age: only the Age, with his first word after the draw, may hold the age ({LAW_DRAW})",
                    law=LAW_DRAW,
                )
            return
        if verb == "straddle":
            if self.straddle_seat != seat:
                raise IllegalAction(
                    f"straddle: only the player to the left of the Age may begin a straddle, and each next"
                    f" player straddle the straddler while the right stands; once a player omits it the"
                    f" right is extinguished ({LAW_STRADDLE})",
                    law=LAW_STRADDLE,
                )
            if 2 * self.level > self.limit:
                raise IllegalAction(
                    f"straddle: a straddle now would put up {2 * self.level}, over the limit of {self.limit},"
                    f" which must not be overpassed ({LAW_STRADDLE})",
                    law=LAW_STRADDLE,
                )
            cost = 2 * self.level - self.put[seat]
            if money is not None and cost > money:
                raise IllegalAction(
                    f"straddle: {name} has only {money} before him and cannot put up {cost} ({LAW_STAKES})",
                    law=LAW_STAKES,
                )
            return
        if verb == "raise":
            if not self.raising:
                raise IllegalAction(
                    f"raise: with the straddle there is no going better before the draw; go in, straddle or"
                    f" pass ({LAW_STRADDLE})",
                    law=LAW_STRADDLE,
                )
            self._check_amount("raise", amount, owe, money, opening=False)
            return
        raise IllegalAction(f"{verb}: not an act of the betting; the acts now are: {', '.join(self.legal())}")

    def _check_amount(self, verb: str, amount: int | None, owe: int, money: int | None, *, opening: bool) -> None:
        seat = self.to_act
        assert seat is not None
        name = self.names.get(seat, seat)
        law = LAW_JACKPOT if opening else LAW_DRAW
        if amount is None:
            raise IllegalAction(f"{verb}: say how many counters, e.g. '{verb} 2'")
        if amount < 1:
            raise IllegalAction(
                f"{verb} {amount}: the least {'stake' if opening else 'raise'} is one counter ({law})", law=law
            )
        if amount > self.limit:
            raise IllegalAction(
                f"{verb} {amount}: over the limit of {self.limit}, the most any one "
                f"{'stake' if opening else 'raise'} may be ({LAW_DRAW}; rules §6.1.1)",
                law=LAW_DRAW,
            )
        if money is not None and owe + amount > money:
            what = f"{owe} to make good and {amount} better" if owe else f"{amount}"
            raise IllegalAction(
                f"{verb} {amount}: {name} has only {money} before him and cannot be made to put in more; {what}"
                f" is beyond table stakes ({LAW_STAKES})",
                law=LAW_STAKES,
            )

    # ------------------------------------------------------------------ acting

    def act(self, verb: str, amount: int | None = None) -> Outcome:
        """Carry out a lawful act (call :meth:`check` first) and pass the turn on."""
        return Outcome(*self._act(verb, amount))

    def _act(self, verb: str, amount: int | None = None) -> _Parts:
        """:meth:`act`'s work, its :class:`Outcome`'s fields as a plain tuple (the table's bets read them so, with no
        frozen dataclass made an act)."""
        seat = self.to_act
        assert seat is not None
        name = self.names.get(seat, seat)
        money = self._money(seat)
        before = self.level
        self.actions += 1
        put = 0
        text = ""
        law: str | list[str] = LAW_DRAW
        excluded: list[str] = []
        if verb == "pass":
            if self.straddle_seat == seat:
                self.straddle_seat = None
            if not self.opened:
                self.state[seat] = "waiting"
                self.acted.add(seat)
                text, law = f"{name} passes: he does not open", LAW_JACKPOT
            elif self.pass_rule == "straight" and self.owes(seat) == 0:
                self.state[seat] = "waiting"
                self.acted.add(seat)
                text, law = f"{name} passes, and may come in again unless someone raises", LAW_STRAIGHT
            else:
                self.state[seat] = "out"
                text = f"{name} passes and throws up his hand"
            self._advance()
            return (seat, "pass", 0, 0, text, law, False, ())
        if verb == "hold":
            text = f"{name} holds the age: he will speak last"
            self._advance()
            return (seat, "hold", 0, 0, text, LAW_DRAW, False, ())
        if self.straddle_seat == seat and verb != "straddle":
            self.straddle_seat = None  # he omitted the right: it is extinguished (003 The Straddle)
        owe = self.owes(seat)
        if verb in ("go in", "see"):
            put = owe if money is None else min(owe, money)
            short = put < owe
            if verb == "go in":
                text = (
                    f"{name} makes good {put} ({self.put[seat] + put} in all)"
                    if self.put[seat]
                    else f"{name} goes in ({put})"
                )
            else:
                text = f"{name} sees ({put})"
            if short:
                text += f": all he has before him, {owe - put} short ({LAW_STAKES})"
                law = [LAW_DRAW, LAW_STAKES]
        elif verb == "straddle":
            new = 2 * self.level
            put = new - self.put[seat]
            self.level = new
            i = self.order.index(seat) + 1  # the next player may straddle the straddler (003 The Straddle)
            self.straddle_seat = self.order[i] if i < len(self.order) else None
            text = f'{name} straddles: {new} ("I straddle you")'
            law = LAW_STRADDLE
        elif verb == "open":
            assert amount is not None
            put = amount
            self.level = amount
            self.opened = True
            self.opener = seat
            for s in self.order:  # those who declined to open may still come in (rules §6.3)
                if self.state[s] == "waiting":
                    self.state[s] = "in"
            text, law = f"{name} opens the jack-pot for {amount}", LAW_JACKPOT
        elif verb == "raise":
            assert amount is not None
            put = owe + amount
            self.level = self.put[seat] + put
            if before == 0:
                text = f"{name} goes {amount}"
            elif owe:
                text = f"{name} makes good {owe} and goes {amount} better ({self.level} in all)"
            else:
                text = f"{name} goes {amount} better ({self.level} in all)"
        else:
            raise ValueError(f"unknown act {verb!r}")
        self.put[seat] += put
        if put:
            self.went_in.add(seat)
        if self.state[seat] == "waiting":
            self.state[seat] = "in"
        raised = self.level - before
        if raised:
            self.bets += 1
            self.acted = {seat}
            if self.pass_rule == "straight" and before > 0:
                for s in self.order:
                    if self.state[s] == "waiting":
                        self.state[s] = "out"
                        excluded.append(s)
        else:
            self.acted.add(seat)
        all_in = money is not None and put >= money
        if all_in:
            self.all_in.add(seat)
        self._advance()
        return (seat, verb, put, raised, text, law, all_in, tuple(excluded))


@lru_cache(maxsize=1024)
def legal_texts(key: tuple[Any, ...] | None) -> tuple[str, ...]:
    """The lawful acts a :meth:`Interval.legal_key` stands for, as action texts: always "pass"; before the opening
    "open N" up to the limit (or his money) for one who may open; after it the verb that makes good the stake if he
    owes, "hold age" for the Age's first word, "straddle" if he may, and "raise N" up to the limit."""
    if key is None:
        return ()
    out = ["pass"]
    if not key[0]:
        out.extend(f"open {n}" for n in range(1, key[1] + 1))
        return tuple(out)
    _, make_good, hold, straddle, top = key
    if make_good is not None:
        out.append(make_good)
    if hold:
        out.append("hold age")
    if straddle:
        out.append("straddle")
    out.extend(f"raise {n}" for n in range(1, top + 1))
    return tuple(out)
