"""'analyse' at the terminal (issue 15): once a deal is settled, the cards of it that cost their side tricks, as
the room's analysis gives them; never the deal in play."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import bots, cli
from hoyle.cli import app
from hoyle.server.deal_analysis import analyse_deal

runner = CliRunner()


def test_analyse_at_the_terminal_gives_the_deal_just_settled_never_the_one_in_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[hoyle.Table] = []
    original = hoyle.Game.table

    def table(self: hoyle.Game, **kw: Any) -> hoyle.Table:
        t = original(self, **kw)
        made.append(t)
        return t

    bot = bots.make("rules", "whist", seed=1)
    typed: list[str] = []
    at_settled: dict[str, Any] = {}

    def answer(prompt: str = "") -> str:
        t = made[-1]
        settled = [d for d in t.record()["deals"] if "result" in d]
        if not typed:
            word = "analyse"  # the first deal in play: nothing to analyse
        elif settled and "record" not in at_settled:
            at_settled["record"] = t.record()
            word = "analyse from 9"
        elif settled:
            word = "quit"
        elif len(typed) == 1:
            word = "analyse from 14"
        else:
            word = str(bot.choose(t.view(t.to_act), t.legal_actions()))
        typed.append(word)
        return word

    monkeypatch.setattr(hoyle.Game, "table", table)
    monkeypatch.setattr(cli.console, "input", answer)
    result = runner.invoke(app, ["play", "whist", "--seed", "21"], terminal_width=200)
    assert result.exit_code == 0, result.output[-3000:]
    out = " ".join(result.output.split())  # the console wraps long lines
    assert "once a deal is settled, 'analyse' shows its cards that cost tricks" in out
    assert "No deal has been settled yet: a deal's analysis is given once it is over, never during play." in out
    assert "'analyse' takes the trick to start from, 1 to 13: 'analyse from 8'" in out
    want = analyse_deal(at_settled["record"], 0, from_trick=9)
    assert want["from_trick"] == 9 and want["deal"] == 1
    head = (
        f"Deal 1: {want['side']} could take {want['start']} tricks double dummy from trick 9, with best play by"
        f" all; {want['result']} taken."
    )
    assert cli.said(head).plain in out
    lines = [cli.said(e["text"]).plain for e in want["errors"]] or ["No card cost its side a trick."]
    for line in lines:
        assert line in out, line
    # the analysis is of deal 1, settled; deal 2, in play when it was asked for, is never analysed
    assert "Deal 2:" not in out and out.count("Analysing deal 1 double dummy") == 1
