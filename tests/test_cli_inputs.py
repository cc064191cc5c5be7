"""No input typed at the terminal may cost a player his sitting (issue 13).

Every game, and every game's law mode, is played through ``hoyle play`` with one human seat. At the first few
prompts of each kind (a card to play, a call, a bid, a stake, a draw, a cut, a remedy to choose ...) the human
types a battery of everything a person might: help, the last trick, quit's neighbours, cards held and not held,
malformed text, empty lines, words of other games, irregular acts; then the rules bot's choice, so that the
sitting goes on to its end and reaches every kind of prompt. Any exception but leaving the table fails.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import bots, cli
from hoyle.cli import app

runner = CliRunner()

BATTERY = [
    "",
    "   ",
    "help",
    "HELP",
    "?",
    "last",
    "cards",
    "hand",
    "score",
    "quit now",
    "exit please",
    "ZZ",
    "2C",
    "2c",
    "AS",
    "10H",
    "♦K",
    "MI",
    "play",
    "play ZZ",
    "play 2C",
    "play 2C 3C",
    "play 2C,",
    "draw",
    "draw 2C",
    "draw ZZ",
    "discard JC",
    "discard",
    "call",
    "fold",
    "bet 2",
    "bet",
    "check",
    "raise",
    "raise x",
    "raise 99999",
    "raise -1",
    "cut",
    "cut 0",
    "cut 999",
    "cut x",
    "stake",
    "stake -1",
    "stake 999",
    "bid 4",
    "bid",
    "bid x",
    "propose",
    "solo",
    "misère",
    "declare",
    "declare X",
    "take widow",
    "exchange 2C AS",
    "expose 2H",
    "drop 2C",
    "claim revoke",
    "waive",
    "call card 2C",
    "Q: play 2C",
    "N: play 2C",
    "E: expose AS",
    ": :",
    "[/red]",
    "{}",
    "\\",
    "a" * 500,
    "play " + "2C " * 60,
    "ünïcödé",
    "\x00",
    "\t",
    "buy 3",
    "twist",
    "stick",
    "stand",
    "go in",
    "knock",
    "pass pass",
    "pause",
    "E: play 2C",
]
"""What a person might type at any prompt. Any of it may be lawful somewhere; lawful or not, nothing may crash."""

MAX_PROMPTS = 700
"""After this many human prompts the human leaves (a quit at a prompt is one more thing tried)."""

SITTINGS: list[tuple[str, list[str]]] = [
    ("whist", ["--seed", "10"]),
    ("whist", ["--seed", "3", "-o", "irregularities=true"]),
    ("whist", ["--seed", "4", "--code", "american-1893", "-o", "irregularities=true"]),
    ("dummy", ["--seed", "2"]),
    ("dummy", ["--seed", "2", "-o", "irregularities=true"]),
    ("double-dummy", ["--seed", "1"]),
    ("solo", ["--seed", "4"]),
    ("solo", ["--seed", "4", "-o", "irregularities=true", "-o", "deals=3"]),
    ("boston", ["--seed", "5", "-o", "deals=3"]),
    ("boston", ["--seed", "5", "-o", "deals=2", "-o", "irregularities=true"]),
    ("cayenne", ["--seed", "6"]),
    ("cayenne", ["--seed", "6", "-o", "irregularities=true"]),
    ("poker", ["--seed", "7", "-o", "deals=4"]),
    ("poker", ["--seed", "7", "--variant", "straight", "-o", "deals=3"]),
    ("poker", ["--seed", "7", "--variant", "stud", "-o", "deals=3"]),
    ("poker", ["--seed", "7", "--variant", "whiskey", "-o", "deals=3"]),
    ("poker", ["--seed", "8", "-o", "deals=3", "-o", "irregularities=true", "--jackpots", "--mistigris"]),
    ("pope-joan", ["--seed", "9", "--players", "4", "-o", "deals=2"]),
    ("vingt-un", ["--seed", "11", "--players", "3", "-o", "deals=2"]),
    ("vingt-un", ["--seed", "12", "--players", "3", "--french", "-o", "deals=1"]),
]


def _kind(prompt: str) -> str:
    """The question of a prompt, without the seat, the numbers or the lawful actions it lists."""
    text = re.sub(r"\[/?[a-z ]*\]", "", prompt)
    text = text.split(",", 1)[-1]
    return re.sub(r"\(.*", "", text).strip()


@pytest.mark.parametrize(("game", "args"), SITTINGS, ids=[f"{g}-{' '.join(a)}" for g, a in SITTINGS])
def test_no_input_crashes_a_sitting(game: str, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[hoyle.Table] = []
    original = hoyle.Game.table

    def table(self: hoyle.Game, **kw: Any) -> hoyle.Table:
        t = original(self, **kw)
        made.append(t)
        return t

    robot: dict[str, Any] = {}
    seen: dict[str, int] = {}
    state: dict[str, Any] = {"key": None, "queue": [], "prompts": 0, "same": 0}
    kinds: set[str] = set()

    def typed(prompt: str = "") -> str:
        t = made[-1]
        key = (len(t.record()["actions"]), t.to_act)
        if key != state["key"]:  # a new prompt: the battery at the first two of each kind, else the bot's move
            state["key"] = key
            state["same"] = 0
            state["prompts"] += 1
            kind = _kind(prompt) + ": " + " ".join(sorted({a.verb for a in t.legal_actions()}))
            kinds.add(kind)
            seen[kind] = seen.get(kind, 0) + 1
            state["queue"] = list(BATTERY) if seen[kind] <= 2 else []
            if seen[kind] <= 2 and hasattr(t, "irregular_actions") and t.to_act is not None:
                state["queue"] += [str(a) for a in list(t.irregular_actions(t.to_act))[:6]]
        if state["prompts"] > MAX_PROMPTS:
            return "quit"
        if state["queue"]:
            return str(state["queue"].pop(0))
        if "is to act. Enter lets him" in prompt:  # law mode's pause before another's act: let him act
            return ""
        seat = t.to_act
        assert seat is not None
        state["same"] += 1
        legal = t.legal_actions()
        if state["same"] > 1:  # the bot's choice was refused (a bot may err at law): the first lawful action
            assert state["same"] < 3, f"{legal[0]} offered as lawful but refused when typed at {prompt!r}"
            return str(legal[0])
        bot = robot.setdefault(t.game.name, bots.make("rules", t.game.name, seed=1))
        return str(bot.choose(t.view(seat), legal))

    monkeypatch.setattr(hoyle.Game, "table", table)
    monkeypatch.setattr(cli.console, "input", typed)
    result = runner.invoke(app, ["play", game, *args], terminal_width=120)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output[-3000:]}"
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert "Traceback" not in result.output
    assert kinds  # the human was asked something


@pytest.mark.parametrize("word", ["quit", "QUIT", "exit", " quit "])
def test_quit_leaves_at_any_game(word: str) -> None:
    for game in ("whist", "poker", "vingt-un", "pope-joan", "solo", "boston", "cayenne", "dummy"):
        result = runner.invoke(app, ["play", game, "--seed", "1"], input=f"{word}\n")
        assert result.exit_code == 0, (game, result.output)
        assert "You leave the table" in result.output, game
