"""Adapters of hoyle's games to the research frameworks (docs/research.md).

Each is an optional extra, imported only when asked for:

- :func:`pettingzoo_env`: a PettingZoo AEC environment, every seat an agent (``pip install 'hoyle[envs]'``);
- :func:`gymnasium_env`: a Gymnasium environment, one seat against bots (``pip install 'hoyle[envs]'``);
- :mod:`hoyle.envs.openspiel`: ``register()`` makes every game a pyspiel game (``pip install 'hoyle[openspiel]'``).

They are built on the engine's research methods (``g.num_actions``, ``t.legal_mask()``, ``t.apply_id(i)``,
``t.observation(seat)``, ``t.returns()``) and add no rule of their own.
"""

from __future__ import annotations

from typing import Any

__all__ = ["gymnasium_env", "pettingzoo_env"]


def pettingzoo_env(name: str, *, render_mode: str | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` with ``options`` (``episode="deal"`` for one deal)."""
    from .pettingzoo import HoyleAECEnv

    return HoyleAECEnv(name, render_mode=render_mode, **options)


def gymnasium_env(
    name: str,
    *,
    seat: str | None = None,
    opponents: str = "rules",
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: Any,
) -> Any:
    """A Gymnasium environment: ``seat`` (the first seat by default) against bots of kind ``opponents``."""
    from .gymnasium import HoyleGymEnv

    return HoyleGymEnv(
        name, seat=seat, opponents=opponents, render_mode=render_mode, illegal_reward=illegal_reward, **options
    )
