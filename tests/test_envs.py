"""The adapters (issue 18): PettingZoo's api_test, Gymnasium's check_env and OpenSpiel's random simulation test
on every game, and OpenSpiel's MCTS playing whole Whist and Solo deals through hoyle."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import hoyle

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from hoyle.envs import gymnasium_env, pettingzoo_env  # noqa: E402

NAMES = hoyle.games()


@pytest.mark.parametrize("episode", ["deal", "sitting"])
@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api(name: str, episode: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(name, episode=episode), num_cycles=200, verbose_progress=False)


def test_pettingzoo_rewards_are_the_returns() -> None:
    env = pettingzoo_env("solo", episode="deal")
    env.reset(seed=4)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert total == env.table.returns() and sum(total.values()) == 0


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium_env(name, episode="deal"), skip_render_check=True)


def test_gymnasium_plays_a_seat_against_the_rules_bots() -> None:
    env = gymnasium_env("whist", seat="S", opponents="rules", episode="deal")
    obs, _ = env.reset(seed=9)
    assert env.unwrapped.table.to_act == "S"
    done, steps, reward = False, 0, 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _, info = env.step(int(legal[0]))
        steps += 1
    assert steps == 13 and reward == env.unwrapped.table.returns()["S"]
    # an action outside the mask changes nothing and is penalised
    obs, _ = env.reset(seed=9)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.table.record()
    _, r, done, _, info = env.step(bad)
    assert info["illegal"] and r == -1.0 and not done and env.unwrapped.table.record() == before


pyspiel = pytest.importorskip("pyspiel")


@pytest.fixture(scope="module")
def registered() -> list[str]:
    from hoyle.envs import openspiel

    return openspiel.register()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation(registered: list[str], name: str) -> None:
    short = "hoyle_" + name.replace(" ", "_").replace("-", "_")
    assert short in registered
    game = pyspiel.load_game(short)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_chance_is_the_shuffle(registered: list[str]) -> None:
    """The first chance nodes are Fisher–Yates's draws: an index below 52, 51, ..., 2."""
    game = pyspiel.load_game("hoyle_whist")
    state = game.new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        sizes.append(len(outcomes))
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        state.apply_action(outcomes[0][0])
    # the cut for partners (a shuffle of 52), then the deal's shuffle and its cut (000 §34)
    assert sizes[:51] == list(range(52, 1, -1))
    assert not state.is_terminal() and len(state.legal_actions()) == 13


def test_openspiel_sitting_draws_each_deal_as_chance(registered: list[str]) -> None:
    game = pyspiel.load_game("hoyle_whist(episode=sitting)")
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    chance_runs, in_chance = 0, False
    while not state.is_terminal():
        if state.is_chance_node():
            chance_runs += not in_chance
            in_chance = True
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            in_chance = False
            state.apply_action(int(rng.choice(state.legal_actions())))
    deals = len(state._table.record()["deals"])
    assert chance_runs == deals  # one run of draws before each deal (the first with the cut for partners)
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("name", ["whist", "solo"])
def test_openspiel_mcts_plays_whole_deals(registered: list[str], name: str) -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"hoyle_{name}")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    played = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            played += 1
    t = state._table
    assert t.over and played == len(t.actions)
    assert len(state.returns()) == len(t.seats)


@pytest.mark.parametrize("name", ["whist", "solo"])
def test_openspiel_information_set_mcts_plays_whole_deals(registered: list[str], name: str) -> None:
    """IS-MCTS searches worlds drawn by resample_from_infostate, that is by the table's own resample()."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"hoyle_{name}")
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])
        else:
            seat = state.current_player()
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state._table.over
