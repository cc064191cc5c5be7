"""Issue 17, start-up: what ``import hoyle`` leaves unloaded, and what is built only when asked for."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from hoyle import poker


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return set(out.split())


def test_import_hoyle_loads_neither_phh_poker_nor_jsonschema() -> None:
    loaded = _loaded_after("import hoyle")
    assert "hoyle" in loaded and "hoyle.engine.table" in loaded
    assert not {"hoyle.phh", "hoyle.poker", "jsonschema", "tomllib", "hoyle.engine.record_schema"} & loaded


def test_a_table_played_without_a_record_replayed_never_loads_jsonschema() -> None:
    loaded = _loaded_after(
        "import hoyle\nt = hoyle.game('whist').table(seed=3)\nwhile not t.over: t.apply(t.legal_actions()[0])"
    )
    assert "jsonschema" not in loaded


def test_replay_still_checks_the_record_with_jsonschema() -> None:
    loaded = _loaded_after(
        "import hoyle\nt = hoyle.game('whist').table(seed=3)\nt.apply(t.legal_actions()[0])\nhoyle.replay(t.record())"
    )
    assert "jsonschema" in loaded


def test_lazy_attributes_still_work() -> None:
    loaded = _loaded_after(
        "import hoyle\nfrom hoyle import phh\nassert hoyle.phh is phh\n"
        "assert hoyle.poker.hand_class('AS AD AC 2H 2S') == 'full'"
    )
    assert {"hoyle.phh", "hoyle.poker"} <= loaded


def test_a_count_of_the_52_card_pack_builds_no_mistigris_table() -> None:
    ev = poker.Evaluator()
    hands = np.array([[0, 1, 2, 3, 4], [13, 26, 39, 0, 51], [7, 20, 33, 46, 11]])
    assert ev.strength_batch(hands).tolist() == [poker.strength(list(h)) for h in hands.tolist()]
    assert not ev._joker5  # Mistigris's four-card tables are not built for hands without the blank
    with_blank = np.array([[0, 1, 2, 3, 52], [0, 1, 2, 3, 4]])
    assert ev.strength_batch(with_blank).tolist() == [poker.strength([0, 1, 2, 3, 52]), poker.strength([0, 1, 2, 3, 4])]
    assert ev._joker5
    assert ev.strength_batch(hands).tolist() == [poker.strength(list(h)) for h in hands.tolist()]
