"""The conformance harness (:mod:`hoyle.testing`) run on every registered game, with seeds drawn by Hypothesis.

Every game of ``hoyle.games()`` is played with its default options and with each option set of its spec's
``variants`` (``GameSpec.variants``); what the harness needs to know of a game (money or points, its pack, whether
it exposes hands, its cap on actions) is in its ``GameSpec`` too.  The checks themselves are
:mod:`hoyle.testing`'s, which a game written outside hoyle gets by calling ``hoyle.testing.check_game``.

Hypothesis draws the seeds and the choices.  The examples are derandomised (the same every run, for CI),
with no shrinking; ``HOYLE_CONFORMANCE_EXPLORE=1`` draws fresh ones (and shrinks), and
``HOYLE_CONFORMANCE_EXAMPLES=N`` runs N examples per test and case.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

import hoyle
from hoyle.testing import (
    Case,
    Checker,
    Worlds,
    case_of,
    cases_of,
    check_clone,
    check_determinism,
    check_illegal_actions,
    check_no_inference,
    check_random_sitting,
    check_replay,
    check_view_hands,
)

__all__ = ["CASES", "Case", "Checker", "Worlds"]  # tests/test_solo_lawmode.py uses them

# ---------------------------------------------------------------------------------------------- settings

EXPLORE = os.environ.get("HOYLE_CONFORMANCE_EXPLORE") == "1"
EXAMPLES = int(os.environ.get("HOYLE_CONFORMANCE_EXAMPLES", "0"))


def conformance(n: int) -> settings:
    """Hypothesis settings: ``n`` examples, no deadline, derandomised unless exploring."""
    return settings(
        max_examples=EXAMPLES or n,
        deadline=None,
        derandomize=not EXPLORE,
        database=None if not EXPLORE else settings.default.database,
        suppress_health_check=[HealthCheck.too_slow],
        # A failing seed is as good as a shrunk one, and shrinking whole sittings is slow.
        phases=[Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if EXPLORE else []),
        print_blob=True,
    )


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SITTINGS = 32  # whole random sittings checked step by step, shared among the cases (at least one each, besides
# the explicit examples); HOYLE_CONFORMANCE_EXAMPLES=N plays N a case
# ---------------------------------------------------------------------------------------------- cases


def _cases(*, stale: bool = False) -> list[Case]:
    """Every registered game with its defaults and its spec's variants; ``stale``: the variants a game refuses."""
    out, bad = [], []
    for name in hoyle.games():
        for opts in [{}, *hoyle.game(name).spec.variants]:
            case = case_of(name, opts)
            try:
                hoyle.game(name, **case.options)
            except hoyle.UnknownOption:
                bad.append(case)
                continue
            out.append(case)
    return bad if stale else out


CASES = _cases()


def cases(xfail: Mapping[str, str] | None = None) -> list[Any]:
    """The cases as pytest params; ``xfail`` maps a case id or a game's name to the known bug that fails it."""
    xfail = xfail or {}
    out = []
    for c in CASES:
        reason = xfail.get(c.id) or xfail.get(c.name)
        out.append(pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, reason=reason)] if reason else []))
    return out


# ---------------------------------------------------------------------------------------------- the tests


def test_every_game_is_in_the_harness() -> None:
    """Each registered game is played, and its spec's variants are valid options."""
    names = hoyle.games()
    assert names, "no game is registered"
    stale = _cases(stale=True)
    assert not stale, f"GameSpec.variants that the game refuses: {[c.id for c in stale]}"
    assert {c.name for c in CASES} == set(names)
    assert [c.id for c in cases_of("solo")] == [c.id for c in CASES if c.name == "solo"]


def test_the_harness_catches_faults() -> None:
    """The checker itself: a leaky view, a lost card, a shown hand, a leaky event, money that vanishes all fail it."""
    tables = ((c, c.table(0)) for c in CASES)  # the first with cards in two hands at the start
    case, t = next((c, t) for c, t in tables if len({p for p in t.places().values() if p.startswith("hand ")}) > 1)
    checker = Checker(case, t)
    checker.check_state(t)
    places = t.places()
    hidden = checker.hidden(t, places)
    seat = next(p[5:] for p in places.values() if p.startswith("hand ") and hidden[p[5:]])
    theirs = min(hidden[seat])
    view, places_of = t.view, t.places

    def faulty(**patch: Any) -> None:
        for name, fn in patch.items():
            setattr(t, name, fn)
        try:
            with pytest.raises(AssertionError):
                checker.check_state(t)
        finally:
            for name in patch:
                delattr(t, name)

    faulty(view=lambda s: {**view(s), "peek": f"a glimpse of the {theirs}"} if s == seat else view(s))
    faulty(view=lambda s: {**view(s), "hand": [theirs]} if s is None else view(s))
    faulty(view=lambda s: {**view(s), "hand": view(s).get("hand", [])[1:]} if s == seat else view(s))
    faulty(view=lambda s: {**view(s), "when": (1, 2)})  # not JSON: a tuple comes back a list
    faulty(places=lambda: {c: p for c, p in places_of().items() if c != theirs})
    faulty(places=lambda: {**places_of(), theirs: "up the sleeve"})
    checker.check_state(t)
    with pytest.raises(AssertionError):
        checker.check_events([hoyle.Event("play", f"{seat} sees {theirs}")], hidden, hidden, None)
    with pytest.raises(AssertionError):
        checker.check_events([hoyle.Event("deal", "", private={seat: {"hand": theirs}})], None, hidden, None)
    checker.money = sum(t.scores.values()) + 1
    with pytest.raises(AssertionError, match="money"):
        checker.check_state(t)


def test_the_inference_check_catches_a_leaky_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13's leak put back: the call of a detached card (000 §60) offered only the cards its chooser, South,
    cannot see, so the options in every view told his hand. Possible worlds find it; the fixed table passes."""
    from hoyle.laws.table import LawMixin

    case = Case("whist", {"irregularities": True})
    fixed = LawMixin._in_sight
    for leaky in (False, True):
        if leaky:
            monkeypatch.setattr(LawMixin, "_in_sight", lambda self: fixed(self) | self.hand.holding(2))
        t = case.table(5)
        script = [f"E: detach {t.view('E')['hand'][0]}"]
        worlds = Worlds(case, t, random.Random(0), 0, script=script)
        south = sorted(c for c, p in worlds.places.items() if p == "hand S")
        west = sorted(c for c, p in worlds.places.items() if p == "hand W")
        assert worlds.hidden[None] >= {south[0], west[0]}
        if leaky:
            with pytest.raises(AssertionError, match="a spectator can tell where"):
                worlds.check(None, south[0], west[0])
        else:
            assert worlds.check(None, south[0], west[0])


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS)
@example(seed=2, choices=2)  # long=True (whist, double-dummy): a call at eight ends the sitting (a known bug)
@conformance(max(1, SITTINGS // len(CASES)))
def test_random_sitting(case: Case, seed: int, choices: int) -> None:
    """A whole random sitting, every invariant checked at every step; it ends within the cap, scores are ints."""
    check_random_sitting(case, seed, choices)


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, length=st.integers(min_value=0, max_value=120))
@example(seed=1, choices=1, length=1)  # whist deals the first hand with the turned card on the table
@conformance(2)
def test_view_hand_agrees_with_places(case: Case, seed: int, choices: int, length: int) -> None:
    """A seat's view lists exactly the cards places() puts in its hand, no more, and hand_counts agree."""
    check_view_hands(case, seed, choices, length)


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, at=st.integers(min_value=0, max_value=400), more=st.integers(1, 120))
@conformance(6)
def test_clone_equals_original(case: Case, seed: int, choices: int, at: int, more: int) -> None:
    """A clone at a random point equals the original, plays on identically, and is independent of it."""
    check_clone(case, seed, choices, at, more)


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, at=st.integers(min_value=0, max_value=400))
@example(seed=0, choices=0, at=0)  # the whole sitting played on from its start
@conformance(6)
def test_replay_equals_original(case: Case, seed: int, choices: int, at: int) -> None:
    """hoyle.replay(record) and replay_text(dumps(record)), mid-sitting and at the end, equal the original, and a
    sitting replayed mid-way plays on as the original does, deal for deal, to the same end."""
    check_replay(case, seed, choices, at)


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, at=st.integers(min_value=0, max_value=400), draws=SEEDS)
@conformance(8)
def test_illegal_actions_change_nothing(case: Case, seed: int, choices: int, at: int, draws: int) -> None:
    """Unlawful or malformed actions raise IllegalAction or InvalidAction and leave the table as it was."""
    check_illegal_actions(case, seed, choices, at, random.Random(draws))


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, length=st.integers(min_value=0, max_value=300))
@conformance(6)
def test_determinism(case: Case, seed: int, choices: int, length: int) -> None:
    """The same seed and the same choices give the same record bit for bit, whether actions go as text or not."""
    check_determinism(case, seed, choices, length)


@pytest.mark.parametrize("case", cases())
@given(seed=SEEDS, choices=SEEDS, length=st.integers(min_value=1, max_value=160))
@example(seed=1, choices=3, length=12)
@conformance(4)
def test_no_concealed_card_can_be_inferred(case: Case, seed: int, choices: int, length: int) -> None:
    """Possible worlds (issue 13): whatever a seat or a spectator is shown, whose turn it is, its view (decisions,
    options, calls), the events' texts and data, is the same in every world that differs only by two cards
    concealed from it; so nothing shown lets it deduce a concealed card, by any channel. Law mode commits
    irregularities at random too, so that every decision they open is tried."""
    check_no_inference(case, seed, choices, length)


def test_the_search_of_an_unfinished_hand_lays_the_accuseds_cards_face_up() -> None:
    """Found by possible worlds (issue 13): Solo at law, an abondance declaree lost at the first trick ends the
    hand with cards in hand; the search of a claimed revoke used to rule on the accused's concealed cards, so
    the table learnt whether he held the suit. The accused now lay their cards face up for the search."""
    case = next(c for c in CASES if c.id == "solo[irregularities=True]")
    rnd = random.Random(419)
    worlds = Worlds(case, case.table(419), rnd, rnd.randint(1, 200))
    search = [e for e in worlds.table.events if e.kind == "expose" and "for the search" in e.text]
    assert search and all(e.data["hands"] for e in search)
    assert worlds.check("C", "6H", "AC")
