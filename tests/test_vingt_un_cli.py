"""``hoyle play vingt-un [--french]`` and ``hoyle odds vingt-un``."""

from __future__ import annotations

from click.testing import Result
from typer.testing import CliRunner

from hoyle.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    """The command's result; see :func:`flat` for its output."""
    return runner.invoke(app, list(args), input=input, terminal_width=200)


def flat(text: str) -> str:
    """The output with its lines joined, so that a sentence broken by the terminal's width reads whole."""
    return " ".join(text.split())


def test_play_vingt_un_all_bots() -> None:
    result = run("play", "vingt-un", "--seats", "rules,rules,rules,rules", "--seed", "1")
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "the first ace falls to" in text and "holds the bank" in text and "stakes" in text
    assert "The sitting is over" in text and "your cards" not in text


def test_play_french_vingt_un_eight_rounds() -> None:
    result = run("play", "vingt-un", "--players", "3", "--seats", "rules", "--french", "--seed", "1")
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    for name in (
        "ordinary",
        "imaginary tens",
        "blind",
        "sympathy and antipathy",
        "rouge et noir",
        "self and company",
        "differences",
        "the clock",
    ):
        assert f"of the deal: {name}" in text, name
    assert "The sitting is over" in text


def test_human_punter_is_asked_for_a_stake() -> None:
    result = run("play", "vingt-un", "--seats", "rules,human,rules", "--seed", "5", input="help\nstake 99\nquit\n")
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "holds the bank" in text and "You may:" in text and "You leave the table" in text


def test_odds_vingt_un_exact() -> None:
    result = run("odds", "vingt-un")
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "32/663" in text and "16/51" in text and "4/51" in text  # naturals
    assert "4/13" in text and "12/13" in text  # going over on 12 and on 20
    assert "25/51" in text and "9/17" in text  # Sympathy; Self and Company
