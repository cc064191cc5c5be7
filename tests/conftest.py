"""Fixtures for more than one test module: ``db_url``, the room's database on SQLite and on PostgreSQL (see
test_room_kit.py); and the ``slow`` mark.

``slow`` marks the property tests (every Hypothesis test) and the tests that play many whole sittings or
drive a browser, a solver cross-check or a cluster: together most of the suite's time. ``python -m pytest
-m "not slow"`` is the fast subset for development (README.md, "Development"); CI runs everything.
"""

from __future__ import annotations

import pytest

from test_room_kit import db_url  # noqa: F401

#: Whole modules that are slow: the conformance harness over every game and option (random sittings,
#: secrecy by possible worlds), law mode's random irregularities, the browser, the DDS cross-check.
SLOW_MODULES = frozenset(
    {
        "test_conformance",
        "test_laws_property",
        "test_room_browser",
        "test_solver_dds",
        "test_phh_pokerkit",
        "test_envs",
    }
)

#: Single tests (by function name) that take seconds each: many sittings, a cluster, exhaustive worlds.
SLOW_TESTS = frozenset(
    {
        "test_the_same_seed_gives_the_same_boards_on_ray",
        "test_mutated_records_are_refused_in_plain_words",
        "test_chips_are_conserved_and_replay_agrees",
        "test_conformance_harness_on_the_variants",
        "test_every_consistent_world_appears_and_no_other",
        "test_no_input_crashes_a_sitting",
        "test_room_secrecy_whole_sitting",
        "test_agrees_with_minimax_on_five_card_endings",
        "test_transposition_entries_carry_over_between_positions_exactly",
        "test_a_settled_deals_analysis_is_marked_on_its_replay",
    }
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        module = item.module.__name__.rpartition(".")[2] if getattr(item, "module", None) else ""
        function = getattr(item, "originalname", item.name)
        hypothesis = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
        if module in SLOW_MODULES or function in SLOW_TESTS or hypothesis:
            item.add_marker(slow)
