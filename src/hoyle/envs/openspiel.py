"""hoyle's games as OpenSpiel Python games: ``register()``, then ``pyspiel.load_game("hoyle_whist")``.

Chance is explicit, as OpenSpiel expects.  Every shuffle and cut a hoyle table makes is a sequence of uniform
draws (Fisher–Yates draws an index below n, n-1, ..., 2; a cut draws one number): each draw is a chance node of
OpenSpiel's, whose outcomes are the indices, all equally likely.  The state keeps the chance outcomes and the
players' action ids; its hoyle table is rebuilt from them whenever the table asks for a draw not yet made (at the
start, and at each new deal), so that nothing is drawn behind OpenSpiel's back.

Games are registered as ``hoyle_<name>`` (``hoyle_pope_joan``) with their options as parameters, and the engine's
``episode`` option (``"deal"`` by default here, as OpenSpiel's card games are one deal; ``"sitting"`` plays the
whole rubber or round).  Information-state and observation tensors are the same encoding, ``t.observation(seat)``.
``resample_from_infostate`` uses the table's ``resample(seat, rng)`` where the table offers it.

>>> import pyspiel
>>> from hoyle.envs import openspiel
>>> "hoyle_whist" in openspiel.register()
True
>>> game = pyspiel.load_game("hoyle_whist")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from .. import game as make_game
from ..engine.registry import Game, game_specs
from ..engine.table import Table
from ..research import deal_done

__all__ = ["NeedChance", "register", "registered"]

_ZERO_SUM = frozenset({"whist", "dummy", "double-dummy", "cayenne"})
_REGISTERED: dict[str, str] = {}


class NeedChance(Exception):
    """The table asked for draws that OpenSpiel has not made yet: ``ks`` are their ranges, in order."""

    def __init__(self, ks: list[int]) -> None:
        super().__init__(ks)
        self.ks = ks


class ChanceShuffler:
    """A shuffler that draws nothing itself: it replays OpenSpiel's chance outcomes and asks for more."""

    __slots__ = ("pos", "table", "values")

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.pos = 0
        self.table: Table | None = None

    def _draw(self, k: int, then: list[int]) -> int:
        t = self.table
        if t is not None and t.game.options.get("episode") == "deal" and deal_done(t):
            return 0  # the episode is over: the next deal, which the table shuffles at once, is never played
        if self.pos < len(self.values):
            v = self.values[self.pos]
            self.pos += 1
            if not 0 <= v < k:
                raise ValueError(f"chance outcome {v} is outside range({k})")
            return v
        raise NeedChance([k, *then])

    def shuffle(self, cards: list[Any]) -> None:
        n = len(cards)
        for i in range(n - 1, 0, -1):  # Fisher–Yates: an index below i + 1 for i = n-1 .. 1
            j = self._draw(i + 1, list(range(i, 1, -1)))
            cards[i], cards[j] = cards[j], cards[i]

    def randbelow(self, n: int) -> int:
        return self._draw(n, [])


def _short_name(g_name: str) -> str:
    return "hoyle_" + g_name.replace(" ", "_").replace("-", "_")


def _params(spec: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for o in spec.options:
        if isinstance(o.default, bool | int | float | str):
            out[o.name] = o.default
    out["episode"] = "deal"
    return out


def _game_from_params(name: str, params: dict[str, Any]) -> Game:
    return make_game(name, **params)


def register() -> list[str]:
    """Register every hoyle game with pyspiel (once); returns their short names."""
    for spec in game_specs():
        short = _short_name(spec.name)
        if short in _REGISTERED:
            continue
        defaults = _params(spec)
        g = make_game(spec.name, **defaults)
        t = g.table(seed=0)
        n = len(t.seats)
        params = {k: v for k, v in defaults.items()}
        game_type = pyspiel.GameType(
            short_name=short,
            long_name=f"hoyle {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=(
                pyspiel.GameType.Utility.ZERO_SUM if spec.name in _ZERO_SUM else pyspiel.GameType.Utility.GENERAL_SUM
            ),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=n,
            min_num_players=n,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=params,
        )
        pyspiel.register_game(game_type, _game_class(spec.name, game_type))
        _REGISTERED[short] = spec.name
    return sorted(_REGISTERED)


def registered() -> dict[str, str]:
    """The registered short names and the hoyle games they play."""
    return dict(_REGISTERED)


def _game_class(name: str, game_type: Any) -> type:
    class HoyleGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            merged = {**_params(next(s for s in game_specs() if s.name == name)), **(params or {})}
            self.hoyle = _game_from_params(name, merged)
            t = self.hoyle.table(seed=0)
            n = len(t.seats)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.hoyle.num_actions,
                max_chance_outcomes=104,
                num_players=n,
                min_utility=-1e6,
                max_utility=1e6,
                utility_sum=0.0 if name in _ZERO_SUM else None,
                max_game_length=20000,
            )
            super().__init__(game_type, info, merged)
            self.seats = tuple(t.seats)

        def new_initial_state(self) -> HoyleState:
            return HoyleState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> HoyleObserver:
            return HoyleObserver(self.hoyle)

        def observation_tensor_shape(self) -> list[int]:
            return list(self.hoyle.observation_shape)

        def information_state_tensor_shape(self) -> list[int]:
            return list(self.hoyle.observation_shape)

    HoyleGame.__name__ = HoyleGame.__qualname__ = f"Hoyle_{name.replace(' ', '_').replace('-', '_')}"
    return HoyleGame


class HoyleState(pyspiel.State):
    """A hoyle table under OpenSpiel: the chance outcomes and action ids that rebuild it, and the table."""

    def __init__(self, game: Any, *, table: Table | None = None) -> None:
        super().__init__(game)
        self._hoyle: Game = game.hoyle
        self._seats: tuple[str, ...] = game.seats
        self._values: list[int] | None = []
        self._actions: list[int] = []
        self._needed: list[int] = []
        self._table: Table | None = table
        if table is None:
            self._rebuild()

    def _rebuild(self) -> None:
        """The table from the chance outcomes and actions so far, or the draws it still needs."""
        assert self._values is not None
        try:
            shuffler = ChanceShuffler(self._values)
            t = self._hoyle.table(shuffler=shuffler)
            shuffler.table = t
            for a in self._actions:
                t.apply_id(a)
        except NeedChance as need:
            self._needed = need.ks
            return
        self._table = t
        self._needed = []

    # --------------------------------------------------------------- OpenSpiel's API

    def current_player(self) -> int:
        if self._needed:
            return int(pyspiel.PlayerId.CHANCE)
        assert self._table is not None
        if self._table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._seats.index(self._table.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._table is not None
        return self._table.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        k = self._needed[0]
        return [(i, 1.0 / k) for i in range(k)]

    def _apply_action(self, action: int) -> None:
        if self._needed:
            assert self._values is not None
            self._values.append(int(action))
            self._needed.pop(0)
            if not self._needed:
                self._rebuild()
            return
        assert self._table is not None
        self._actions.append(int(action))
        try:
            self._table.apply_id(int(action))
        except NeedChance as need:
            if self._values is None:
                raise ValueError("a resampled world cannot draw a new deal: resample within one deal") from None
            self._needed = need.ks
            self._table = None
            # the table as it stood before, for observations at the chance node: rebuilt, no draw needed
            saved, self._actions = self._actions, self._actions[:-1]
            self._rebuild()
            self._actions = saved
            self._needed = need.ks

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}"
        sp = self._hoyle
        if self._table is not None and self._table.to_act is not None:
            try:
                return str(self._table.action_of_id(int(action)))
            except Exception:
                pass
        from ..research import space

        return space(sp).describe(int(action))

    def is_terminal(self) -> bool:
        return not self._needed and self._table is not None and self._table.over

    def returns(self) -> list[float]:
        """Each seat's ``t.returns()`` when the episode is over; nothing before (a terminal reward model)."""
        if self._table is None or self._needed or not self._table.over:
            return [0.0] * len(self._seats)
        r = self._table.returns()
        return [float(r.get(s, 0.0)) for s in self._seats]

    def rewards(self) -> list[float]:
        """The returns, paid when the episode ends (OpenSpiel's terminal reward model)."""
        return self.returns() if self.is_terminal() else [0.0] * len(self._seats)

    def __str__(self) -> str:
        if self._table is None:
            return f"{self._hoyle.name}: shuffling ({len(self._values or [])} draws)"
        t = self._table
        return f"{self._hoyle.name}: to act {t.to_act}; actions {len(t.actions)}; scores {dict(t.scores)}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HoyleState:
        """A world ``player_id`` cannot tell from this one, drawn by the table's ``resample`` where it has one."""
        assert self._table is not None
        resample = getattr(self._table, "resample", None)
        if resample is None:
            raise pyspiel.SpielError(f"{self._hoyle.name}: the table offers no resampling")
        rng = random.Random(int(probability_sampler() * 2**32) if callable(probability_sampler) else None)
        world = resample(self._seats[player_id], rng)
        state = HoyleState(self.get_game(), table=world)
        state._values = None
        return state


class HoyleObserver:
    """OpenSpiel's observer: the tensor is ``t.observation(seat)``; the string is the seat's view."""

    def __init__(self, g: Game) -> None:
        self._g = g
        self.tensor = np.zeros(g.observation_shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HoyleState, player: int) -> None:
        t = state._table
        if t is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = t.observation(state._seats[player])

    def string_from(self, state: HoyleState, player: int) -> str:
        """The seat's view, exactly (JSON with sorted keys): equal strings are equal information states."""
        t = state._table
        if t is None:
            return "shuffling"
        seat = state._seats[player]
        return f"{seat} " + json.dumps(t.view(seat), sort_keys=True, separators=(",", ":"))
