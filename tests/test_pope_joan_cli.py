"""``hoyle play pope-joan``: a sitting of bots to the clearing deal, --players, a human at the table."""

from __future__ import annotations

from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from hoyle import records
from hoyle.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    """The command's result; see :func:`flat` for its output."""
    return runner.invoke(app, list(args), input=input, terminal_width=200)


def flat(text: str) -> str:
    """The output with its lines joined, so that a sentence broken by the terminal's width reads whole."""
    return " ".join(text.split())


def test_play_pope_joan_all_bots_to_the_clearing_deal(tmp_path: Path) -> None:
    path = tmp_path / "pope.json"
    result = run("play", "pope-joan", "--seats", "rules,rules,rules,rules", "--seed", "1", "--record", str(path))
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "the first knave falls to" in text and "dresses the board" in text
    assert "the clearing deal" in text and "The sitting is over" in text and "board +0" in text
    assert "your cards" not in text  # a table of bots: a spectator's transcript
    record, _ = records.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "pope-joan" and record["over"] is True
    again = run("replay", str(path))
    assert again.exit_code == 0 and "record confirmed" in flat(again.output)


def test_play_pope_joan_players_option_fills_seats_with_bots() -> None:
    result = run("play", "pope-joan", "--players", "6", "--seats", "rules", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "extra hand of 8" in flat(result.output)  # six players: seven cards each; eight and the turn-up
    assert "F " in flat(result.output)


def test_human_at_pope_joan_sees_board_and_hand_and_may_leave() -> None:
    result = run(
        "play", "pope-joan", "--seats", "human", "--players", "3", "--seed", "2", input="help\ncut 20\nplay ZZ\nquit\n"
    )
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "Board: Pope" in text and "Your hand:" in text and "your cards (A)" in text
    assert "You may: play" in text
    assert "'ZZ' is not a card" in text and "at Pope Joan the leader plays a card" in text
    assert "You leave the table" in text
