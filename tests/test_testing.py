"""hoyle.testing: a game written outside hoyle, docs/engine.md's example, gets the whole harness by one call."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

import hoyle
from hoyle.engine import registry

ENGINE_MD = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def _example() -> str:
    text = ENGINE_MD.read_text()
    section = text.split("## Testing a game", 1)[1]
    m = re.search(r"```python\n(.*?)```", section, re.S)
    assert m is not None, "docs/engine.md, 'Testing a game', has no python example"
    return m.group(1)


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games registered by the test are gone after it (hoyle.games() is the same for every other test)."""
    hoyle.games()  # hoyle's own games registered first: they stay after the test
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))


def test_the_documented_game_outside_hoyle_passes_check_game(scratch_registry: None) -> None:
    namespace: dict[str, Any] = {}
    exec(compile(_example(), "docs/engine.md", "exec"), namespace)  # registers high-card, runs check_game
    assert "high-card" in hoyle.games()
    t = hoyle.game("high-card").table(seed=1)
    assert t.seats == ("A", "B") and len(t.legal_actions()) == 3


def test_check_game_finds_a_leak_and_a_lost_card(scratch_registry: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness fails a faulty game: a view that shows the other hand, places() that lose a card, seats other
    than its spec names."""
    from hoyle.testing import check_game

    namespace: dict[str, Any] = {}
    code = (
        _example()
        .replace('check_game("high-card", seeds=2)', "")
        .replace('check_game("high-card", deals=3, seeds=1)', "")
    )
    exec(compile(code, "docs/engine.md", "exec"), namespace)
    table = namespace["HighCardTable"]
    view, places = table.view, table.places
    table.view = lambda self, seat: {**view(self, seat), "peek": sorted(map(str, self.hands["B"]))}
    with pytest.raises(AssertionError, match="concealed cards"):
        check_game("high-card", seeds=1)
    table.view = view
    table.places = lambda self: dict(list(places(self).items())[1:])
    with pytest.raises(AssertionError, match="the pack in play has 51 cards, not 52"):
        check_game("high-card", seeds=1)
    table.places = places
    spec = registry._REGISTRY["high-card"]
    monkeypatch.setitem(registry._REGISTRY, "high-card", dataclasses.replace(spec, seats=lambda o: ("N", "S")))
    with pytest.raises(AssertionError, match=r"the table's seats are \('A', 'B'\), its spec names \('N', 'S'\)"):
        check_game("high-card", seeds=1)
    monkeypatch.setitem(registry._REGISTRY, "high-card", spec)
    check_game("high-card", seeds=1)


def test_every_games_spec_names_its_tables_seats() -> None:
    """GameSpec.seats: the seats a table of each game has, at every number of players, read from the spec."""
    from hoyle.server.catalogue import seats_of

    for spec in hoyle.game_specs():
        assert spec.seats is not None, spec.name
        players = spec.option_map.get("players")
        counts = range(players.minimum, players.maximum + 1) if players is not None else [None]
        for n in counts:
            options = {} if n is None else {"players": n}
            try:
                g = hoyle.game(spec.name, **options)
                t = g.table(seed=1)
            except ValueError:  # poker's variants seat fewer than its option's bound
                continue
            assert spec.seats(g.options) == tuple(t.seats) == seats_of(spec.name, options), (spec.name, n)
    assert hoyle.game("solo", players=3).spec.seats is not None
    assert hoyle.game("solo", players=3).spec.seats({"players": 3}) == ("A", "B", "C")
    assert seats_of("whist", {}) == ("N", "E", "S", "W") and seats_of("vingt-un", {"players": 6}) == tuple("ABCDEF")


def test_a_games_rules_bot_is_named_by_its_spec(scratch_registry: None) -> None:
    """GameSpec.rules_bot: bots.make('rules', game) makes the bot the spec names; a game without one has none."""
    from hoyle import bots

    for spec in hoyle.game_specs():
        assert spec.rules_bot is not None, spec.name
        assert type(bots.make("rules", spec.name, seed=0)).__name__ == spec.rules_bot.rpartition(":")[2]
    exec(compile(_example().replace("check_game(", "dict(name="), "docs/engine.md", "exec"), {})  # not checked
    with pytest.raises(ValueError, match="no 'rules' bot for 'high-card'"):
        bots.make("rules", "high-card", seed=0)
    assert type(bots.make("random", "high-card", seed=0)).__name__ == "RandomBot"
