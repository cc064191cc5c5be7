"""The ``hoyle`` command, driven through Typer's test runner: games, play (bots and a human), replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import records
from hoyle.cards import PACK_52, Card
from hoyle.cli import app

runner = CliRunner()

ALL_BOTS = ["play", "whist", "--seats", "rules,rules,rules,rules", "--seed", "1"]


@pytest.fixture(scope="module")
def sitting(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """An all-bot rubber of whist, its transcript and its record file."""
    path = tmp_path_factory.mktemp("records") / "rubber.json"
    result = runner.invoke(app, [*ALL_BOTS, "--record", str(path)])
    assert result.exit_code == 0, result.output
    return result.output, path


def test_games_lists_one_line_per_game() -> None:
    """`hoyle games` is one line a game, not a wall (issue 13); `hoyle games NAME` gives the options."""
    result = runner.invoke(app, ["games"], terminal_width=100)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    names = [spec.name for spec in hoyle.game_specs()]
    assert len(lines) == len(names) + 1  # the games, and how to see one
    for name, line in zip(names, lines, strict=False):
        assert line.split()[0] == name


def test_games_name_gives_the_options_and_the_books() -> None:
    result = runner.invoke(app, ["games", "whist"], terminal_width=200)
    assert result.exit_code == 0, result.output
    text = result.output
    for option in ("code", "long", "rubbers", "irregularities"):
        assert re.search(rf"\b{option}\b", text), option
    assert "english-1864" in text and "Laws of Short Whist" in text and "American Congress laws" in text
    bad = runner.invoke(app, ["games", "pope"])
    assert bad.exit_code == 2 and "pope-joan" in bad.output


def test_option_help_cites_books_by_name_not_files() -> None:
    """What a player reads about a game names the books, never a file outside the repository nor a bare
    number (issue 13: 'design.md', 'rules §4', 'UNVERIFIED', seed file names)."""
    for spec in hoyle.game_specs():
        texts = [spec.title, spec.source, *(o.doc for o in spec.options)]
        for text in texts:
            assert not re.search(
                r"\b00[0-4]\b|rules §|UNVERIFIED|design\.md|README|_[0-9a-f]{16}|\bFCH\b|"
                r"\bPEEL\b|AMERICANA|EB1911|PARLETT|HOYLE-OLD|CASSELL",
                text,
            ), (spec.name, text)


def test_every_game_has_one_hyphenated_name() -> None:
    names = [spec.name for spec in hoyle.game_specs()]
    assert "pope-joan" in names and all(" " not in n for n in names)
    assert hoyle.game("pope joan").name == "pope-joan"  # the old spelling, which older records use
    bad = runner.invoke(app, ["play", "pope"])
    assert bad.exit_code == 2 and "pope-joan" in bad.output and "pope joan" not in bad.output


def test_judge_refuses_a_deal_the_record_does_not_have(sitting: tuple[str, Path]) -> None:
    _, path = sitting
    record, _ = records.loads(path.read_text(encoding="utf-8"))
    n = len(record["deals"])
    result = runner.invoke(app, ["judge", str(path), "--deal", str(n + 4)])
    assert result.exit_code == 2
    assert f"has {n} deals; --deal takes 1 to {n}" in " ".join(result.output.split())
    assert runner.invoke(app, ["judge", str(path), "--deal", "1"]).exit_code == 0


def test_play_all_bots_prints_a_transcript_and_writes_a_record(sitting: tuple[str, Path]) -> None:
    text, path = sitting
    assert re.search(r"trick\s+1:", text) and re.search(r"trick\s+13:", text)
    assert "win the rubber" in text
    assert "The sitting is over" in text
    assert path.exists()
    record, _ = records.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "hoyle-record/1" and record["game"] == "whist" and record["over"] is True


def test_the_all_bot_transcript_is_a_spectators(sitting: tuple[str, Path]) -> None:
    """No hand is shown to a table of bots: the transcript shows what a bystander sees (design.md, Spectators)."""
    text, _ = sitting
    assert "your hand" not in text.lower()


def test_play_is_reproducible_with_a_seed(sitting: tuple[str, Path]) -> None:
    text, _ = sitting
    again = runner.invoke(app, ALL_BOTS)
    assert again.exit_code == 0
    assert again.output == re.sub(r"record written to .*\n", "", text)


def test_replay_confirms_the_record(sitting: tuple[str, Path]) -> None:
    _, path = sitting
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "confirmed" in result.output


def test_replay_refuses_a_tampered_record_naming_the_line(sitting: tuple[str, Path], tmp_path: Path) -> None:
    """The first action's card is changed to the second's, which the first player does not hold."""
    _, path = sitting
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith('"play '))
    second = lines[first + 1].strip().rstrip(",")
    lines[first] = re.sub(r'"play [^"]+"', second, lines[first])
    assert lines[first] != path.read_text(encoding="utf-8").splitlines()[first]
    bad = tmp_path / "tampered.json"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code != 0
    assert f"line {first + 1}" in result.output
    assert "confirmed" not in result.output


def test_replay_of_a_missing_file_fails() -> None:
    result = runner.invoke(app, ["replay", "no/such/record.json"])
    assert result.exit_code != 0
    assert "cannot read" in result.output


def test_play_unknown_game_names_the_games() -> None:
    result = runner.invoke(app, ["play", "nope", "--seats", "rules,rules,rules,rules"])
    assert result.exit_code != 0
    assert "nope" in result.output and "whist" in result.output


def test_play_unknown_seat_kind_names_the_kinds() -> None:
    result = runner.invoke(app, ["play", "whist", "--seats", "human,robot,rules,rules"])
    assert result.exit_code != 0
    assert "robot" in result.output
    for kind in ("human", "random", "rules"):
        assert kind in result.output


def test_play_unknown_option_names_the_options() -> None:
    result = runner.invoke(app, ["play", "whist", "--seats", "rules,rules,rules,rules", "-o", "nope=1"])
    assert result.exit_code != 0
    assert "nope" in result.output
    for option in ("code", "long", "rubbers"):
        assert option in result.output


def test_play_option_must_be_key_equals_value() -> None:
    result = runner.invoke(app, ["play", "whist", "--seats", "rules,rules,rules,rules", "-o", "long"])
    assert result.exit_code != 0
    assert "KEY=VALUE" in result.output


def _human_seat_and_hand(seed: int) -> tuple[str, list[str]]:
    """Where the human sits at ``play whist --seats human,rules,rules,rules --seed N``, and his first hand.

    The cuts for partners depend on the seed and the order of arrival, not on the names.
    """
    t = hoyle.game("whist").table(seed=seed, players=["you", "b", "c", "d"])
    seat = next(s for s, name in t.view(None)["players"].items() if name == "you")
    return seat, t.view(seat)["hand"]


def test_human_seat_reprompts_on_bad_input_and_leaves_cleanly_at_end_of_input() -> None:
    seat, hand = _human_seat_and_hand(3)
    not_held = next(str(c) for c in PACK_52 if str(c) not in hand)
    # A bad card, a card not held, then every card of the pack once: the first lawful one is played and the
    # others refused or played at later turns; then the input runs out long before the rubber could end.
    lines = ["ZZ", not_held, *(str(c) for c in PACK_52)]
    result = runner.invoke(
        app, ["play", "whist", "--seats", "human,rules,rules,rules", "--seed", "3"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "'ZZ' is not a card" in text
    assert f"does not hold the {Card.from_text(not_held).name}" in text
    assert text.count("your card") > 3  # prompted again after each refusal
    assert f"your hand ({seat})" in text  # the human is shown his own hand, and only his
    assert re.search(r"trick\s+1:", text)  # the human played to the first trick, and it was turned
    assert "The sitting is over" not in text
    assert "You leave the table" in text


def test_human_seat_help_and_last() -> None:
    result = runner.invoke(
        app, ["play", "whist", "--seats", "human,rules,rules,rules", "--seed", "3"], input="help\nlast\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "You may play" in result.output
    assert "You leave the table" in result.output


def test_input_with_markup_brackets_is_refused_not_fatal() -> None:
    result = runner.invoke(
        app, ["play", "whist", "--seats", "human,rules,rules,rules", "--seed", "3"], input="[/red]\n"
    )
    assert result.exit_code == 0, result.output
    assert "You leave the table" in result.output
    bad_game = runner.invoke(app, ["play", "[/x]"])
    assert bad_game.exit_code == 2
    assert "unknown game" in bad_game.output


def test_law_mode_shows_the_human_his_choice_with_its_laws(monkeypatch: pytest.MonkeyPatch) -> None:
    """At law (Solo, 003 digest and 002 §32-33) the human whose side may claim a revoke is shown the choice, the law
    and each remedy, and asked for one of them."""
    from hoyle import cli

    made: list[hoyle.Table] = []
    original = hoyle.Game.table

    def table(self: hoyle.Game, **kw: object) -> hoyle.Table:
        t = original(self, **kw)
        made.append(t)
        return t

    def first_legal(prompt: str = "") -> str:
        act = str(made[-1].legal_actions()[-1])  # the last: a call, the highest card, 'waive' after a claim
        cli.console.print(prompt + act)
        return act

    monkeypatch.setattr(hoyle.Game, "table", table)
    monkeypatch.setattr(cli.console, "input", first_legal)
    result = runner.invoke(app, ["play", "solo", "--seed", "4", "-o", "irregularities=true"])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "may claim a revoke" in text and "you are to choose" in text
    assert "  claim revoke  (002 §33)" in text and "your choice (claim revoke, waive): waive" in text
    assert "The sitting is over" in text
