"""One seat of a hoyle game as a Gymnasium environment, the other seats played by hoyle's bots.

>>> from hoyle.envs import gymnasium_env
>>> env = gymnasium_env("whist", seat="N", opponents="random", episode="deal")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape == env.unwrapped.game.observation_shape, int(obs["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import decide
from ..bots import make as make_bot
from ..errors import HoyleError
from ._common import ansi, make, new_table, seats_of

__all__ = ["HoyleGymEnv"]


class HoyleGymEnv(gymnasium.Env):
    """``seat`` of game ``name`` against bots of kind ``opponents`` (``"rules"`` or ``"random"``).

    The observation is ``{"observation": float32 array, "action_mask": int8 array}``.  The reward is the seat's
    ``t.returns()`` at the end of the episode (the sitting, or the deal with ``episode="deal"``), 0 before.  An
    action outside the mask changes nothing and earns ``illegal_reward`` with ``info["illegal"] = True``.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        name: str,
        *,
        seat: str | None = None,
        opponents: str = "rules",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = make(name, options)
        seats = seats_of(self.game)
        self.seat = seat if seat is not None else seats[0]
        if self.seat not in seats:
            raise ValueError(f"no seat {self.seat!r} at {self.game.name}; the seats are {', '.join(seats)}")
        self.opponents = opponents
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        n = self.game.num_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=self.game.observation_shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.table: Any = None
        self._bots: dict[str, Any] = {}

    def _obs(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.table.to_act == self.seat:
            mask[self.table.legal_action_ids()] = 1
        return {"observation": self.table.observation(self.seat), "action_mask": mask}

    def _others(self) -> None:
        """The bots play until it is the seat's turn or the episode is over."""
        t = self.table
        while not t.over and t.to_act != self.seat:
            who = t.to_act
            t.apply(decide(self._bots[who], t))  # a search bot gets worlds from the seat's view

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.table = new_table(self.game, None, self.np_random)
        base = int(self.np_random.integers(0, 2**31 - 1))
        self._bots = {
            s: make_bot(self.opponents, self.game.name, seed=base + i)
            for i, s in enumerate(self.table.seats)
            if s != self.seat
        }
        self._others()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        t = self.table
        try:
            t.apply_id(int(action))
        except HoyleError as exc:
            return self._obs(), self.illegal_reward, False, False, {"illegal": True, "reason": str(exc)}
        self._others()
        done = bool(t.over)
        reward = float(t.returns().get(self.seat, 0.0)) if done else 0.0
        return self._obs(), reward, done, False, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi(self.table, self.seat)
