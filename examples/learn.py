"""Learn to play one seat of a hoyle game, deal by deal, against random players: REINFORCE, a linear policy.

    python examples/learn.py [--game vingt-un] [--seat B] [--deals 4000] [--seed 1]

Only numpy and hoyle's Gymnasium adapter (``pip install 'hoyle[envs]'``).  The policy is a softmax, over the
lawful actions, of a linear function of the seat's observation (``t.observation(seat)``, docs/research.md); the
reward is the seat's result for the deal (``t.returns()`` with ``episode="deal"``: counters won or lost at
Vingt-Un, its side's points less the other side's at Whist).  Every so often the greedy policy is measured on the
same evaluation deals as a random player, so that the cards' luck is the same for both, and the learning curve
is printed.  Vingt-Un shows learning within a minute; Whist's signal is far noisier and needs far more deals.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hoyle.envs import gymnasium_env


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -np.inf)
    z = z - z.max()
    p = np.exp(z)
    return p / p.sum()


def play(
    env, w: np.ndarray | None, rng: np.random.Generator, seed: int, *, greedy: bool, trace: list | None = None
) -> float:
    """One deal: ``w`` the policy's weights (None plays at random); returns the seat's points."""
    obs, _ = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        x, mask = obs["observation"], obs["action_mask"].astype(bool)
        if w is None:
            a = int(rng.choice(np.flatnonzero(mask)))
        else:
            p = masked_softmax(x @ w, mask)
            a = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            if trace is not None:
                trace.append((x, a, p))
        obs, reward, done, _, _ = env.step(a)
    return float(reward)


def evaluate(env, w: np.ndarray | None, seeds: range) -> float:
    rng = np.random.default_rng(0)
    return float(np.mean([play(env, w, rng, s, greedy=True) for s in seeds]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=4000, help="training deals (default 4000)")
    ap.add_argument("--every", type=int, default=500, help="measure every this many deals (default 500)")
    ap.add_argument("--eval", type=int, default=400, help="evaluation deals (default 400)")
    ap.add_argument("--lr", type=float, default=0.01, help="learning rate (default 0.01)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="vingt-un", help="the game (default vingt-un)")
    ap.add_argument("--seat", default="B", help="the seat that learns (default B)")
    args = ap.parse_args()

    env = gymnasium_env(args.game, seat=args.seat, opponents="random", episode="deal")
    n_obs, n_act = env.observation_space["observation"].shape[0], env.action_space.n
    rng = np.random.default_rng(args.seed)
    w = np.zeros((n_obs, n_act), dtype=np.float64)
    evals = range(10**6, 10**6 + args.eval)  # the same deals for every measurement
    random_score = evaluate(env, None, evals)
    print(
        f"{args.game}, seat {args.seat} against random players; random play scores {random_score:+.3f} a deal"
        f" over {args.eval} evaluation deals"
    )
    print(f"{'deals trained':>13}  {'greedy policy':>13}  {'vs random':>9}  {'seconds':>7}")
    baseline, start = 0.0, time.process_time()
    first = evaluate(env, w, evals)
    print(f"{0:>13}  {first:>+13.3f}  {first - random_score:>+9.3f}  {0:>7.0f}")
    for k in range(1, args.deals + 1):
        trace: list = []
        r = play(env, w, rng, args.seed * 10**7 + k, greedy=False, trace=trace)
        baseline += 0.01 * (r - baseline)
        adv = r - baseline
        for x, a, p in trace:  # grad of log softmax: x (onehot(a) - p)
            g = -p
            g[a] += 1.0
            w += args.lr * adv * np.outer(x, g)
        if k % args.every == 0:
            score = evaluate(env, w, evals)
            print(f"{k:>13}  {score:>+13.3f}  {score - random_score:>+9.3f}  {time.process_time() - start:>7.0f}")


if __name__ == "__main__":
    main()
