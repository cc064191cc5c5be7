"""Many deals of Whist at once, as numpy arrays: simulation and training (docs/simulation.md).

>>> import hoyle.vector
>>> d = hoyle.vector.playouts(2000, seed=1)          # 2000 random deals, shuffled, cut, played, scored
>>> d.tricks.shape, d.points.shape                  # tricks and game points per side (N-S, E-W)
((2000, 2), (2000, 2))
>>> bool((d.tricks.sum(1) == 13).all())
True

:class:`VectorWhist` steps many tables together for any policy of
``(observation, legal_mask)``; :func:`random_policy` is the uniform one, and
``VectorWhist.rules_policy()`` the rules bot's precepts (the bot itself, table by table).
They agree card for card and point for point with
:class:`hoyle.rulebook.whist.WhistTable` for the same deals and choices.
"""

from .engine import OBS_SIZE, Deals, Policy, VectorWhist, playouts, random_policy

__all__ = ["OBS_SIZE", "Deals", "Policy", "VectorWhist", "playouts", "random_policy"]
