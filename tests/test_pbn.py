"""PBN (Portable Bridge Notation) for whist deals: hoyle.pbn.dumps / loads / from_record, and the terminal.

A whist deal in PBN is the ``Dealer`` and ``Deal`` tags and, since PBN has no tag for it, the turned trump in a
``TrumpCard`` tag.  Round trips are checked on the deals of seeded sittings against the hands each deal event
actually gave; errors must be PBNErrors naming the line and the tag.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle import HoyleError, Table
from hoyle.cli import app
from hoyle.pbn import PBNError, dumps, from_record, loads

SEATS = ("N", "E", "S", "W")

# One deal, dealer West, hands given clockwise from North: N spades, E hearts, S diamonds, W clubs.
ONE = """\
[Event "hoyle whist"]
[Board "1"]
[Dealer "W"]
[TrumpCard "2C"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
"""
SUIT_HANDS = {s: " ".join(r + suit for r in "AKQJT98765432") for s, suit in zip(SEATS, "SHDC", strict=True)}


def hand_sets(deal: dict[str, Any]) -> dict[str, set[str]]:
    return {s: set(deal["hands"][s].split()) for s in SEATS}


def play_out(t: Table) -> None:
    while not t.over:
        t.apply(min(t.legal_actions(), key=lambda a: a.card))


def sitting(game: str, seed: int, **options: Any) -> Table:
    t = hoyle.game(game, **options).table(seed=seed)
    play_out(t)
    return t


def dealt(t: Table) -> list[dict[str, Any]]:
    """What each deal event of the table gave: dealer, turned card, the hands (from the omniscient log)."""
    out = []
    for e in t.events:
        if e.kind == "deal":
            full = e.to_dict()
            hands = {s: set(full["private"][s]["hand"].split()) for s in SEATS}
            out.append({"dealer": e.data["dealer"], "turned": e.data["turned"], "hands": hands})
    return out


# --- the format ------------------------------------------------------------------------------------------


def test_pbn_loads_one_deal() -> None:
    (deal,) = loads(ONE)
    assert deal == {"dealer": "W", "turned": "2C", "board": "1", "hands": {
        "N": SUIT_HANDS["N"], "E": SUIT_HANDS["E"], "S": SUIT_HANDS["S"], "W": SUIT_HANDS["W"]}}


def test_pbn_deal_tag_starts_from_the_seat_before_the_colon() -> None:
    text = ONE.replace('"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"',
                       '"S:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."')
    assert hand_sets(loads(text)[0]) == hand_sets({"hands": SUIT_HANDS})


def test_pbn_dumps_writes_the_hands_from_the_dealer_spades_hearts_diamonds_clubs() -> None:
    text = dumps([{"dealer": "N", "turned": "2S", "hands": SUIT_HANDS}])
    assert text == (
        '[Event "hoyle whist"]\n[Board "1"]\n[Dealer "N"]\n[TrumpCard "2S"]\n'
        '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
    )


def test_pbn_text_round_trips_exactly() -> None:
    """dumps writes the hands from the dealer's; read and written again, the text is the same."""
    canonical = ONE.replace("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
                            "W:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.")
    assert dumps(loads(ONE)) == canonical
    assert dumps(loads(canonical)) == canonical
    deals = from_record(sitting("whist", 11).record())
    text = dumps(deals)
    assert dumps(loads(text)) == text


@pytest.mark.parametrize(("game", "seed", "options"), [
    ("whist", 1, {}),
    ("whist", 2, {"code": "american-1893"}),
    ("whist", 3, {"code": "american-gwp"}),
    ("whist", 4, {"long": True}),
    ("dummy", 5, {}),
    ("double-dummy", 6, {}),
])
def test_pbn_round_trips_the_deals_of_a_sitting(game: str, seed: int, options: dict[str, Any]) -> None:
    """record -> from_record -> dumps -> loads gives the hands, dealer and turned card each deal gave."""
    t = sitting(game, seed, **options)
    given = dealt(t)
    assert len(given) == len(t.record()["deals"]) >= 2
    back = loads(dumps(from_record(t.record())))
    assert len(back) == len(given)
    for n, (got, want) in enumerate(zip(back, given, strict=True), start=1):
        assert got["board"] == str(n)
        assert got["dealer"] == want["dealer"] and got["turned"] == want["turned"]
        assert hand_sets(got) == want["hands"]
        assert got["turned"] in got["hands"][got["dealer"]].split()


def test_pbn_deal_plays_as_dealt() -> None:
    """A deal read from PBN, given to the table: each seat is dealt the PBN hand; the turned card and dealer
    are the PBN's; the record's first deal writes back to the same PBN."""
    t = sitting("whist", 21, code="american-gwp")
    deals = loads(dumps(from_record(t.record())))
    for d in deals[:4]:
        table = hoyle.game("whist", code="american-gwp").table(deal=d, seed=0)
        v = table.view(None)
        assert v["dealer"] == d["dealer"] and v["turned"] == d["turned"] and v["trumps"] == d["turned"][1]
        assert table.to_act == SEATS[(SEATS.index(d["dealer"]) + 1) % 4]
        for s in SEATS:  # the dealer's turned card lies on the table until his turn (000 §52)
            on_table = {d["turned"]} if s == d["dealer"] else set()
            assert set(table.view(s)["hand"]) | on_table == set(d["hands"][s].split())
        first = from_record(table.record())[0]
        assert (first["dealer"], first["turned"], hand_sets(first)) == (d["dealer"], d["turned"], hand_sets(d))


def test_pbn_deal_plays_as_dealt_suit_by_suit() -> None:
    (d,) = loads(ONE)
    t = hoyle.game("whist").table(deal=d)
    assert t.to_act == "N" and t.view(None)["trumps"] == "C"
    assert t.view("N")["hand"] == SUIT_HANDS["N"].split()
    assert [str(a) for a in t.legal_actions()] == [f"play {r}S" for r in "23456789TJQKA"]


# --- errors name the line and the tag ---------------------------------------------------------------------


def error(text: str) -> str:
    with pytest.raises(PBNError) as err:
        loads(text)
    assert isinstance(err.value, HoyleError) and isinstance(err.value, ValueError)
    return str(err.value)


DEAL = '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"'


@pytest.mark.parametrize(("change", "expected"), [
    ((DEAL, '"X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"'), "line 5, Deal:"),
    ((DEAL, '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."'), "line 5, Deal: four hands"),
    ((DEAL, '"N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"'),
     "line 5, Deal: N has 12 cards"),
    ((DEAL, '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. A...KQJT98765432"'),
     "line 5, Deal: AS is dealt twice"),
    ((DEAL, '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543X"'),
     "line 5, Deal: W has 'X'"),
    ((DEAL, '"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. AKQJT98765432"'),
     "line 5, Deal: W's hand"),
    (('[Dealer "W"]', '[Dealer "Q"]'), "line 3, Dealer: 'Q' is not a seat"),
    (('[TrumpCard "2C"]\n', ""), "line 4: a whist deal needs the turned trump, in a [TrumpCard] tag"),
    (('[TrumpCard "2C"]', '[TrumpCard "2S"]'), "line 4, TrumpCard: 2S is not in the dealer's (W) hand"),
    (('[TrumpCard "2C"]', '[TrumpCard "ZZ"]'), "line 4, TrumpCard: not a card: 'ZZ'"),
    (('[Board "1"]', '[Board "1"'), "line 2: not a PBN tag"),
    (('[Board "1"]', "[Board 1]"), "line 2: not a PBN tag"),
    (('[Dealer "W"]\n', ""), "line 4: a whist deal needs a [Dealer] tag"),
])
def test_pbn_errors_name_the_line_and_the_tag(change: tuple[str, str], expected: str) -> None:
    old, new = change
    assert old in ONE
    assert expected in error(ONE.replace(old, new))


def test_pbn_errors_in_the_second_game_name_its_line() -> None:
    text = ONE + "\n" + ONE.replace('[Board "1"]', '[Board "2"]').replace('"2C"]', '"AS"]')
    assert "line 10, TrumpCard: AS is not in the dealer's (W) hand" in error(text)


def test_pbn_without_a_deal_is_refused() -> None:
    assert "no deal found" in error("")
    assert "line 1: a game without a [Deal] tag" in error('[Event "x"]\n[Dealer "W"]\n')


@pytest.mark.parametrize("dealer", ["NE", "", "ESW"])
def test_pbn_dealer_must_be_one_seat(dealer: str) -> None:
    assert f"line 3, Dealer: {dealer!r} is not a seat" in error(ONE.replace('[Dealer "W"]', f'[Dealer "{dealer}"]'))


def test_pbn_comments_and_bridge_sections_are_skipped() -> None:
    text = "% a PBN file\n{ a comment\n over two lines }\n" + ONE.replace(
        '[Board "1"]', '[Board "1"]\n; a remark'
    ) + '[Auction "N"]\nPass Pass\n'
    (deal,) = loads(text)
    assert hand_sets(deal) == hand_sets({"hands": SUIT_HANDS})


# --- the terminal: replay --pbn, play --pbn ---------------------------------------------------------------

runner = CliRunner()


@pytest.fixture(scope="module")
def pbn_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """An American rubber played by bots, its record, and its deals written as PBN by ``hoyle replay``."""
    folder = tmp_path_factory.mktemp("pbn")
    record, out = folder / "rubber.json", folder / "rubber.pbn"
    args = ["play", "whist", "--code", "american-1893", "--seats", "rules,rules,rules,rules", "--seed", "1"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["replay", str(record), "--pbn", str(out)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    n = len(json.loads(record.read_text(encoding="utf-8"))["deals"])
    assert "record confirmed" in said and f"{n} deals written to" in said
    return record, out


def test_cli_replay_pbn_writes_every_deal_of_the_record(pbn_file: tuple[Path, Path]) -> None:
    record_path, out = pbn_file
    record = json.loads(record_path.read_text(encoding="utf-8"))
    deals = loads(out.read_text(encoding="utf-8"))
    assert len(deals) == len(record["deals"])
    assert [d["dealer"] for d in deals] == [d["dealer"] for d in record["deals"]]
    want = dealt(hoyle.replay(record))
    assert [(d["dealer"], d["turned"], hand_sets(d)) for d in deals] == [
        (w["dealer"], w["turned"], w["hands"]) for w in want
    ]


def test_cli_play_pbn_board_two_plays_that_deal(pbn_file: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = pbn_file
    board = loads(out.read_text(encoding="utf-8"))[1]
    path = tmp_path / "board2.json"
    args = ["play", "whist", "--pbn", str(out), "--board", "2", "--seats", "rules,rules,rules,rules", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert f"deal 1: {board['dealer']} deals" in text and f"trump card {board['turned']}" in text
    assert "The sitting is over." in text
    record = json.loads(path.read_text(encoding="utf-8"))
    first = from_record(record)[0]
    assert (first["dealer"], first["turned"], hand_sets(first)) == (
        board["dealer"], board["turned"], hand_sets(board))
    assert hoyle.replay(record).scores == record["scores"]


@pytest.mark.parametrize("board", ["0", "99"])
def test_cli_play_pbn_board_out_of_range(pbn_file: tuple[Path, Path], board: str) -> None:
    _, out = pbn_file
    n = len(loads(out.read_text(encoding="utf-8")))
    args = ["play", "whist", "--pbn", str(out), "--board", board, "--seats", "rules,rules,rules,rules"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"has {n} deals; --board takes 1 to {n}" in " ".join(result.output.split())


def test_cli_play_bad_pbn_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text(ONE.replace('[TrumpCard "2C"]', '[TrumpCard "2S"]'), encoding="utf-8")
    result = runner.invoke(app, ["play", "whist", "--pbn", str(bad), "--seats", "rules,rules,rules,rules"])
    assert result.exit_code == 2
    assert "line 4, TrumpCard" in " ".join(result.output.split())
