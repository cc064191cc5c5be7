"""The words a person uses at the terminal, and what the terminal says back (issue 13)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import bots, cli
from hoyle.cli import app

runner = CliRunner()

Script = Callable[[hoyle.Table, str], str | None]


def drive(monkeypatch: pytest.MonkeyPatch, args: list[str], script: Script) -> str:
    """Play ``hoyle play ARGS`` with the human's words from ``script(table, prompt)`` (None: the rules bot's
    choice, as the table words it); the output, its lines joined."""
    made: list[hoyle.Table] = []
    original = hoyle.Game.table

    def table(self: hoyle.Game, **kw: Any) -> hoyle.Table:
        t = original(self, **kw)
        made.append(t)
        return t

    asked = [0]

    def typed(prompt: str = "") -> str:
        asked[0] += 1
        if asked[0] > 400:
            return "quit"
        t = made[-1]
        said = script(t, prompt)
        if said is None:  # the bot's choice, not echoed
            assert t.to_act is not None
            return str(bots.make("rules", t.game.name, seed=1).choose(t.view(t.to_act), t.legal_actions()))
        cli.console.print(prompt + said)
        return said

    monkeypatch.setattr(hoyle.Game, "table", table)
    monkeypatch.setattr(cli.console, "input", typed)
    result = runner.invoke(app, ["play", *args, "--name", "Ann"], terminal_width=200)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.split())


def _verbs(t: hoyle.Table) -> set[str]:
    return {str(a) for a in t.legal_actions()}


def test_poker_takes_the_words_players_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """call, fold, bet 2, discard X are 003's see/go in, pass, raise 2, draw X, and the terminal says so."""
    done: set[str] = set()

    def script(t: hoyle.Table, prompt: str) -> str | None:
        legal = _verbs(t)
        if "go in" in legal and "call" not in done:
            done.add("call")
            return "call"
        if "raise 2" in legal and "bet" not in done:
            done.add("bet")
            return "bet 2"
        if "stand pat" in legal and "discard" not in done:
            done.add("discard")
            card = t.view(t.to_act)["hand"][0]
            return f"discard {card}"
        if "see" in legal and "fold" not in done and "discard" in done:
            done.add("fold")
            return "fold"
        if prompt.startswith("Type"):  # the question before a pass that throws up the hand
            return "pass"
        return None

    text = drive(monkeypatch, ["poker", "--seed", "7", "-o", "deals=5"], script)
    assert "call = 'go in' in the book's words (003)" in text
    assert "bet = 'raise 2' in the book's words" in text
    assert re.search(r"discard = 'draw [2-9TJQKA][CDHS]' in the book's words", text)
    assert "fold = 'pass' in the book's words" in text
    assert "not a lawful" not in text.lower()
    help_text = drive(monkeypatch, ["poker", "--seed", "7"], lambda t, p: "help" if "help" not in done else None)
    assert "pass (fold)" in help_text and "go in (call)" in help_text and "(bet 1..10)" in help_text


def test_pass_after_the_draw_is_said_before_it_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    state = {"warned": 0}

    def script(t: hoyle.Table, prompt: str) -> str | None:
        if prompt.startswith("Type"):
            state["warned"] += 1
            return "no" if state["warned"] == 1 else "pass"
        view = t.view(t.to_act)
        if (view.get("betting") or {}).get("interval", 1) >= 2 and "pass" in _verbs(t):
            return "pass"
        if "go in" in _verbs(t):
            return "go in"
        return None

    text = drive(monkeypatch, ["poker", "--seed", "7", "-o", "deals=1"], script)
    assert re.search(
        r"'pass' throws up your hand: you give up this deal, and the \d+ you have staked stays in the"
        r" pool",
        text,
    )
    assert "Type pass again to do it, anything else to think again: no" in text
    assert state["warned"] >= 2  # asked again after 'no', and then passed


def test_boston_bids_said_in_short_and_a_low_bid_refused_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    said = {"n": 0}

    def script(t: hoyle.Table, prompt: str) -> str | None:
        if "your call" in prompt and said["n"] == 0:
            said["n"] += 1
            return "bid 4"
        return None

    text = drive(monkeypatch, ["boston", "--seed", "5", "-o", "deals=1"], script)
    assert "bid 4: a bid is a number of tricks from 5 to 13; a bid of 4 is too few" in text
    assert "bid 5..13, bid 5..13 second, bid 5..13 first" in text
    assert "bid 5 second, bid 5 first, bid 6" not in text  # the thirty bids are not printed one by one
    assert "your call ('help' explains them; 'quit')" in text


def test_one_notation_and_plain_grammar_at_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cards of events and refusals are shown as the hands are (10♥, not TH); the human has a name, so the
    sentences read 'Ann deals', not 'you deals'; Pope Joan before its first deal is not 'Deal 0'."""
    text = drive(monkeypatch, ["whist", "--seed", "3"], lambda t, p: None)
    assert "trump card J♠" in text and "trump card JS" not in text
    assert "you deals" not in text and "Ann" in text
    assert not re.search(r"(?<![\w♣♦♥♠])[2-9TJQKA][CDHS](?![\w♣♦♥♠])", text.split("The sitting is over")[0])
    joan = drive(monkeypatch, ["pope-joan", "--seed", "3"], lambda t, p: "quit")
    assert "Deal 0" not in joan and "Before deal 1 of 4" in joan
    assert "'quit' leaves the table" in joan


def test_law_mode_help_lists_the_irregular_acts_and_a_seat_may_act_out_of_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At law 'help' names the irregular acts open to the player; 'pause' stops the play before each other
    player's act, where the player may act out of turn; an exposed card stays in sight (000 §56)."""
    state: dict[str, Any] = {"step": 0}

    def script(t: hoyle.Table, prompt: str) -> str | None:
        state["step"] += 1
        mine = "N"
        if state["step"] == 1:
            return "help"
        if state["step"] == 2:
            state["exposed"] = t.view(mine)["hand"][-1]
            return f"expose {state['exposed']}"
        if state["step"] == 3:
            return "pause"
        if "is to act. Enter lets him" in prompt and "out" not in state:
            state["out"] = prompt
            return "lower hand"  # echoed by drive(), as the terminal would show it
        if state["step"] > 40:
            return "quit"
        return "" if "Enter lets him" in prompt else None

    text = drive(monkeypatch, ["whist", "--seed", "10", "-o", "irregularities=true"], script)
    assert "At law you may also (each is ruled on by the code of laws):" in text
    assert "expose CARD" in text and "drop CARD" in text and "throw CARD CARD" in text
    assert "'pause'" in text
    shown = cli.said(state["exposed"]).plain
    assert f"Your cards face up on the table, liable to be called: {shown}" in text
    assert "The play stops before each other player's act" in text
    assert "is to act. Enter lets him; or act now, out of turn" in text
    assert "out" in state  # asked before another's act
    after = text.split("act now, out of turn ('help', 'pause' to stop pausing, 'quit'): lower hand", 1)[1]
    assert after.lstrip().startswith("N lowers his hand")  # the act out of turn, taken as N's


def test_the_poker_words_stay_at_poker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vingt-Un's 'pass' is the dealer's declining to double, not a fold: no poker word beside it."""
    said: list[str] = []

    def script(t: hoyle.Table, prompt: str) -> str:
        said.append("help" if not said else "quit")
        return said[-1]

    text = drive(monkeypatch, ["vingt-un", "--players", "3", "--seed", "5"], script)
    assert "You may:" in text and "(fold)" not in text and "(bet" not in text
