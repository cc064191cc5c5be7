"""The room's per-deal records give out no card still to be played (issue 13, secrets)."""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.server.replays import RecordUnavailable, deal_record, shown


def _boston_until(deals: int, seed: int = 2) -> tuple[dict, list[int]]:
    t = hoyle.game("boston").table(seed=seed)
    rng = random.Random(seed)
    starts = [0]
    while len(t.record()["deals"]) < deals:
        n = len(t.record()["deals"])
        acts = t.legal_actions()
        t.apply(acts[rng.randrange(len(acts))])
        if len(t.record()["deals"]) > n:
            starts.append(len(t.actions))
    return t.record(), starts


def test_a_boston_deal_record_waits_for_the_deal_its_still_pack_will_serve() -> None:
    """Boston deals from two packs used alternately: a deal's still pack, cut, is the pack of the deal after the
    next (002 §13 Boston), so deal 1's record, which ends with deal 2's still pack, waits for deal 3 to end."""
    record, starts = _boston_until(3)
    assert ["result" in d for d in record["deals"]] == [True, True, False]
    with pytest.raises(RecordUnavailable, match="holds the still pack, which will be dealt in deal 3"):
        deal_record(record, starts, 0)
    for n in range(4, 12):  # given out once deal 3 is over and every card of it was seen
        record, starts = _boston_until(n)
        try:
            out = deal_record(record, starts, 0)
        except RecordUnavailable:
            continue
        assert "result" in record["deals"][2] and shown(record, starts, 2)
        assert len(out["deals"]) == 2 and hoyle.replay(out).record()["deals"] == out["deals"]
        break
    else:
        pytest.fail("deal 1's record was never given out")
