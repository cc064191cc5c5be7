"""hoyle's games as PettingZoo AEC environments: every seat an agent, masks in every observation.

>>> from hoyle.envs import pettingzoo_env
>>> env = pettingzoo_env("whist", episode="deal")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) == 13      # the opening leader may lead any of his thirteen cards
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._common import ansi, make, new_table, seats_of

__all__ = ["HoyleAECEnv"]


class HoyleAECEnv(AECEnv):
    """Game ``name`` as an AEC environment.

    Agents are the game's seats.  An observation is ``{"observation": float32 array, "action_mask": int8 array}``;
    the mask is all zeros for an agent not to act.  Rewards come at the end of the episode (the sitting, or one
    deal with ``episode="deal"``): each seat's ``t.returns()``, in the game's unit.
    """

    metadata = {"render_modes": ["ansi"], "name": "hoyle", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, name: str, *, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = make(name, options)
        self.metadata = {**self.metadata, "name": f"hoyle_{self.game.name.replace(' ', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = seats_of(self.game)
        n = self.game.num_actions
        shape = self.game.observation_shape
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self.table: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        elif self._rng is None:
            self._rng = np.random.default_rng()
        self.table = new_table(self.game, None, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.table.to_act

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.table.to_act == agent:
            mask[self.table.legal_action_ids()] = 1
        return {"observation": self.table.observation(agent), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_id(int(action))
        if self.table.over:
            r = self.table.returns()
            for a in self.agents:
                self.rewards[a] = r.get(a, 0.0)
                self.terminations[a] = True
        else:
            self.agent_selection = self.table.to_act
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi(self.table, None)

    def close(self) -> None:
        pass
