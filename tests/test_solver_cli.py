"""``hoyle solve`` and ``hoyle analyse`` (issue 15) on records of every whist-family game and on PBN files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import records
from hoyle.cli import app
from hoyle.solver import analysis, position, solve_position
from test_solver import CASES, _drive

runner = CliRunner()


def _played(name: str, options: dict, prefer: list[str], seed: int) -> hoyle.Table:
    """A table of ``name`` whose first deal is played out at random (bots of chance)."""
    rng = random.Random(seed)
    t = hoyle.game(name, **options).table(seed=seed)
    _drive(t, prefer, rng)
    first = t.play
    while not t.over and t.play is first:
        acts = t.legal_actions()
        if not all(a.verb == "play" for a in acts):
            break
        t.apply(rng.choice(acts))
    return t


@pytest.mark.parametrize(("name", "options", "prefer"), CASES[::3], ids=[f"{c[0]}-{c[2]}" for c in CASES[::3]])
def test_analyse_every_game(name: str, options: dict, prefer: list[str], tmp_path: Path) -> None:
    """From trick 10, the costs account for the whole change of value: what the counted side lost by its own
    cards, less what its adversaries gave away, is the start value less the result."""
    t = _played(name, options, prefer, 7)
    path = tmp_path / "r.json"
    path.write_text(records.dumps(t.record()))
    res = runner.invoke(app, ["analyse", str(path), "--from-trick", "10", "--deal", "1", "--json"])
    assert res.exit_code == 0, res.output
    deals = json.loads(res.output)
    assert [d["deal"] for d in deals] == [1]
    d = deals[0]
    if "start" not in d:  # the hand ended before trick 10 (a misère lost early)
        return
    own = sum(e["cost"] for e in d["errors"] if e["side"] == d["side"])
    other = sum(e["cost"] for e in d["errors"] if e["side"] != d["side"])
    sign = -1 if d["minimise"] else 1
    assert d["start"] - d["result"] == sign * (own - other)
    text = runner.invoke(app, ["analyse", str(path), "--from-trick", "10", "--deal", "1"])
    assert text.exit_code == 0 and f"deal 1 ({t.game.name})" in text.output
    for e in d["errors"]:
        assert e["text"] in text.output.replace("\n", " ") or e["text"][:30] in text.output


def test_analyse_names_a_costly_card() -> None:
    """A card that throws a trick away is reported with the tricks before and after it, in those words."""
    rng = random.Random(3)
    for seed in range(40):
        t = hoyle.game("whist").table(seed=seed)
        while len(t.play.quitted) < 9:
            t.apply(rng.choice(t.legal_actions()))
        s = hoyle.solve(t)
        worse = [a for a, v in s.tricks.items() if v != s.best]
        if not worse:
            continue
        bad = worse[0]
        seat = t.to_act
        before_ns = solve_position(position(t, side="NS"), values=False).best
        first = t.play
        t.apply(bad)
        while t.play is first and any(first.hands):
            t.apply(hoyle.solve(t).best_actions()[0])
        result = analysis.analyse(t.record(), from_trick=10, deals={1})[0]
        mine = [e for e in result["errors"] if e["seat"] == seat and e["card"] == str(bad.card)]
        assert mine, result
        e = mine[0]
        own_before = before_ns if seat in "NS" else 13 - before_ns
        assert e["before"] == own_before and e["after"] == own_before - e["cost"]
        assert e["text"] == (
            f"trick 10, {seat} plays {bad.card}: {own_before} tricks were there, {own_before - e['cost']} after it"
        ).replace(" 1 tricks were", " 1 trick were")
        return
    pytest.fail("no costly card found in forty deals")


SUITS_DEAL = {
    "A": " ".join(r + "S" for r in "AKQJT98765432"),
    "B": " ".join(r + "H" for r in "AKQJT98765432"),
    "C": " ".join(r + "D" for r in "AKQJT98765432"),
    "D": " ".join(r + "C" for r in "AKQJT98765432"),
}
"""Each hand a whole suit: every hand is one run of equivalent cards a suit, so a whole deal solves at once."""


def test_solve_record_deal(tmp_path: Path) -> None:
    """A misère at Solo, each hand a whole suit: D, the eldest, calls it, leads his clubs and must take them all."""
    t = hoyle.game("solo").table(deal={"dealer": "C", "turned": "2D", "hands": SUITS_DEAL})
    _drive(t, ["call misere"], random.Random(1))
    assert t.declarers == ("D",)
    while t.play is not None and not t.over and all(a.verb == "play" for a in t.legal_actions()):
        t.apply(t.legal_actions()[0])
    path = tmp_path / "r.json"
    path.write_text(records.dumps(t.record()))
    res = runner.invoke(app, ["solve", str(path), "--deal", "1", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["deal"] == 1 and out["minimise"] and out["side"] == "D" and out["best"] == 13
    assert out["to_act"] == "D" and out["tricks"] == dict.fromkeys([f"{r}C" for r in "23456789TJQKA"], 13)
    res = runner.invoke(app, ["solve", str(path), "--deal", "1"])
    assert res.exit_code == 0 and "D (playing for as few tricks as it can) take 13" in res.output
    res = runner.invoke(app, ["solve", str(path), "--deal", "9"])
    assert res.exit_code == 2 and "no deal 9" in res.output
    res = runner.invoke(app, ["solve", str(path)])
    assert res.exit_code == 2 and "--deal" in res.output


PBN = """[Event "hoyle whist"]
[Board "1"]
[Dealer "N"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[TrumpCard "2S"]

"""


def test_solve_pbn_table(tmp_path: Path) -> None:
    """Each hand a whole suit: with trumps the side holding them takes every trick (the lead is ruffed, or
    cashed); at no trumps the leader cashes all thirteen of his suit, so declarer's side takes none."""
    path = tmp_path / "d.pbn"
    path.write_text(PBN)
    res = runner.invoke(app, ["solve", str(path), "--json"])
    assert res.exit_code == 0, res.output
    tricks = json.loads(res.output)[0]["tricks"]
    assert tricks["S"] == {"N": 13, "E": 0, "S": 13, "W": 0}
    assert tricks["H"] == {"N": 0, "E": 13, "S": 0, "W": 13}
    assert tricks["N"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    res = runner.invoke(app, ["solve", str(path), "--board", "1"])
    assert res.exit_code == 0 and "no trumps" in res.output
    res = runner.invoke(app, ["solve", str(path), "--board", "3"])
    assert res.exit_code == 2 and "1..1" in res.output
