"""hoyle match: duplicate boards, the same results in one process, in worker processes and on Ray;
a worker that dies loses only its board, which is played again; a rerun resumes from the JSON lines."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import bots
from hoyle.bots import RandomBot
from hoyle.cli import app
from hoyle.match import FORMAT, Match, board_seed, play_board, rooms, summarise

SEATS = ["rules", "random", "rules", "random"]


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def _boards(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted((x for x in lines if "board" in x), key=lambda x: x["board"])


def test_rooms_exchange_the_seats() -> None:
    assert rooms(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert rooms(["a", "b", "b", "b"]) == [
        ("a", "b", "b", "b"),
        ("b", "a", "b", "b"),
        ("b", "b", "a", "b"),
        ("b", "b", "b", "a"),
    ]


def test_a_board_is_the_same_cards_in_each_room_and_its_margin_the_duplicate_score() -> None:
    line = play_board("whist", {}, SEATS, 5, 3)
    assert line["board"] == 3 and line["seed"] == board_seed(5, 3)
    r1, r2 = line["rooms"]
    assert r1["seats"] == {"N": "rules", "E": "random", "S": "rules", "W": "random"}
    assert r2["seats"] == {"N": "random", "E": "rules", "S": "random", "W": "rules"}
    # the rules bots held N-S in the first room and E-W in the second: the classic duplicate result
    assert line["score"] == {
        "rules": (r1["scores"]["NS"] + r2["scores"]["EW"]) / 2,
        "random": (r1["scores"]["EW"] + r2["scores"]["NS"]) / 2,
    }
    assert line["margins"]["rules"] == r1["scores"]["NS"] + r2["scores"]["EW"] == -line["margins"]["random"]
    # the same deals in both rooms: the table's seeded shuffler draws them whatever is played
    a, b = (hoyle.game("whist").table(seed=line["seed"]) for _ in range(2))
    assert a.record()["deals"][0]["order"] == b.record()["deals"][0]["order"]


def test_any_game_and_any_number_of_seats() -> None:
    m = Match("solo", ["rules", "random", "random", "random"], 2, seed=1)
    s = m.run()
    assert len(m.lines[0]["rooms"]) == 4 and s.boards == 2
    line = m.lines[0]  # one seat of rules against three of random, seat by seat, over the four rooms
    rules = [r["scores"][seat] for r in line["rooms"] for seat, k in r["seats"].items() if k == "rules"]
    others = [r["scores"][seat] for r in line["rooms"] for seat, k in r["seats"].items() if k == "random"]
    assert len(rules) == 4 and len(others) == 12
    assert line["margins"]["rules"] == pytest.approx(sum(rules) / 4 - sum(others) / 12)
    assert abs(sum(s.mean.values())) < 1e-9
    p = Match("poker", ["rules", "random", "random"], 1, seed=2)
    p.run()
    assert p.options["players"] == 3 and len(p.lines[0]["rooms"]) == 3


def test_the_same_seed_gives_the_same_boards_in_a_process_and_in_workers(tmp_path: Path) -> None:
    a = Match("whist", SEATS, 6, seed=11, out=tmp_path / "a.jsonl")
    b = Match("whist", SEATS, 6, seed=11, out=tmp_path / "b.jsonl", workers=2)
    sa, sb = a.run(), b.run()
    assert _lines(tmp_path / "a.jsonl")[0] == {
        "format": FORMAT,
        "match": {"game": "whist", "seats": SEATS, "options": {}, "seed": 11},
    }
    assert _boards(_lines(tmp_path / "a.jsonl")) == _boards(_lines(tmp_path / "b.jsonl")) == a.lines == b.lines
    assert sa == sb
    assert Match("whist", SEATS, 6, seed=12).run() != sa


def _register_dies_once() -> None:
    """In each Ray worker: the bot kind that dies once (the marker file named by HOYLE_TEST_DIE_MARKER)."""
    bots.KINDS["dies-once"] = lambda game, seed: _DiesOnce(seed)
    _DiesOnce.marker = Path(os.environ["HOYLE_TEST_DIE_MARKER"])


@pytest.fixture(scope="module")
def local_ray(tmp_path_factory: pytest.TempPathFactory) -> Any:
    ray = pytest.importorskip("ray")
    pickler = pytest.importorskip("ray.cloudpickle")
    pickler.register_pickle_by_value(sys.modules[__name__])  # the hook's code goes to the workers by value
    marker = tmp_path_factory.mktemp("ray") / "died"
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={
            "worker_process_setup_hook": _register_dies_once,
            "env_vars": {"HOYLE_TEST_DIE_MARKER": str(marker)},
        },
    )
    yield ray, marker
    ray.shutdown()


def test_the_same_seed_gives_the_same_boards_on_ray(local_ray: Any, tmp_path: Path) -> None:
    a = Match("whist", SEATS, 4, seed=7)
    r = Match("whist", SEATS, 4, seed=7, out=tmp_path / "r.jsonl", ray="auto")
    assert a.run() == r.run()
    assert _boards(_lines(tmp_path / "r.jsonl")) == a.lines


def test_a_ray_worker_that_dies_loses_only_its_board(local_ray: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _, marker = local_ray
    monkeypatch.setitem(bots.KINDS, "dies-once", lambda game, seed: _DiesOnce(seed))
    monkeypatch.setattr(_DiesOnce, "marker", marker, raising=False)
    seats = ["dies-once", "rules", "dies-once", "rules"]
    r = Match("whist", seats, 3, seed=5, ray="auto")
    r.run()
    assert marker.exists() and r.played == 3  # a worker died, and Ray played its board again
    same = Match("whist", seats, 3, seed=5)  # it never dies now: the same boards in this process
    same.run()
    assert same.lines == r.lines


class _DiesOnce(RandomBot):
    """A random bot whose process dies the first time it plays (a marker file says it has died)."""

    marker: Path

    def choose(self, view: dict[str, Any], legal: Any) -> Any:
        if not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(3)
        return super().choose(view, legal)


def test_a_worker_that_dies_loses_only_its_board_which_is_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _DiesOnce.marker = tmp_path / "died"
    monkeypatch.setitem(bots.KINDS, "dies-once", lambda game, seed: _DiesOnce(seed))
    seats = ["dies-once", "rules", "dies-once", "rules"]
    m = Match("whist", seats, 5, seed=3, out=tmp_path / "w.jsonl", workers=2)
    m.run()
    assert _DiesOnce.marker.exists()  # a worker died ...
    assert [x["board"] for x in m.lines] == [1, 2, 3, 4, 5] and m.played == 5  # ... and its board was replayed
    same = Match("whist", seats, 5, seed=3)  # now it never dies: the same boards in this process
    same.run()
    assert same.lines == m.lines == _boards(_lines(tmp_path / "w.jsonl"))


def test_a_rerun_resumes_from_the_lines_written(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    whole = Match("whist", SEATS, 6, seed=4, out=out)
    whole.run()
    text = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(text[:4]) + text[4][:30], encoding="utf-8")  # three boards, and a torn fourth
    again = Match("whist", SEATS, 6, seed=4, out=out)
    assert again.run() == summarise(whole.lines)
    assert again.played == 3 and again.lines == whole.lines
    assert _boards(_lines(out)) == whole.lines
    more = Match("whist", SEATS, 8, seed=4, out=out)  # more boards: only the new ones are played
    more.run()
    assert more.played == 2 and more.lines[:6] == whole.lines
    with pytest.raises(ValueError, match="another match"):
        Match("whist", SEATS, 6, seed=5, out=out).run()


def test_bots_with_options_and_the_search_bot_reproducible_without_a_clock(tmp_path: Path) -> None:
    if "search" not in bots.KINDS:
        pytest.skip("no search bot")
    seats = ["search:worlds=2:ms=none:depth=1", "rules", "search:worlds=2:ms=none:depth=1", "rules"]
    a = Match("whist", seats, 2, seed=1)
    b = Match("whist", seats, 2, seed=1, workers=2)
    a.run()
    b.run()
    assert a.lines == b.lines and set(a.lines[0]["margins"]) == {seats[0], "rules"}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        Match("whist", ["search:worlds", "rules", "search", "rules"], 1)
    with pytest.raises(ValueError, match="takes no options"):
        Match("whist", ["rules:worlds=2", "random", "rules", "random"], 1)


def test_bad_matches_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="the bots are"):
        Match("whist", ["rules", "nobody", "rules", "random"], 2)
    with pytest.raises(ValueError, match="4 seats"):
        Match("whist", ["rules", "random"], 2)
    with pytest.raises(ValueError, match="two kinds"):
        Match("whist", ["rules"] * 4, 2)


def test_the_command_prints_a_summary_and_draws_the_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "m.jsonl", tmp_path / "m.png"
    r = CliRunner().invoke(
        app,
        [
            "match",
            "whist",
            "--seats",
            "rules,random,rules,random",
            "--boards",
            "4",
            "--seed",
            "2",
            "--out",
            str(out),
            "--plot",
            str(png),
            "--no-progress",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "mean margin a board" in r.output and "rules" in r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(_boards(_lines(out))) == 4
    bad = CliRunner().invoke(app, ["match", "whist", "--seats", "rules,robot,rules,random"])
    assert bad.exit_code == 2 and "the bots are" in bad.output
