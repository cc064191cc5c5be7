"""``hoyle solve`` and ``hoyle analyse``: the solver at the command line (docs/solver.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from .errors import HoyleError

console = Console(highlight=False)

_STRAIN_NAMES = {"N": "no trumps", "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _read_record(path: Path) -> tuple[dict[str, Any], dict[str, int]]:
    from . import records

    return records.loads(path.read_text(encoding="utf-8"))


def solve(
    file: Annotated[Path, typer.Argument(help="a PBN file (.pbn) or a hoyle record (.json)")],
    board: Annotated[int | None, typer.Option(help="PBN: only the N-th deal of the file (from 1)")] = None,
    deal: Annotated[int | None, typer.Option(help="record: solve deal N (from 1) at its first card")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Solve deals double-dummy: a PBN file's double-dummy tables, or a recorded deal at its start."""
    from .cli import fail

    try:
        if file.suffix.lower() == ".pbn":
            out = _pbn_tables(file, board)
            if as_json:
                print(json.dumps(out, indent=1))
                return
            for b in out:
                _print_table(b)
            return
        if deal is None:
            raise fail("a record is solved one deal at a time: give --deal N (from 1)")
        from .solver import solve as solve_table
        from .solver.analysis import deal_start

        record, lines = _read_record(file)
        t = deal_start(record, deal, lines=lines)
        s = solve_table(t)
        if as_json:
            print(json.dumps({"deal": deal, "game": t.game.name, "to_act": t.to_act, **s.to_json()}, indent=1))
            return
        aim = "as few tricks as it can" if s.minimise else "tricks"
        console.print(
            f"deal {deal} ({t.game.name}): {s.side} (playing for {aim}) take {s.best} with best play; {s.seat} to lead"
        )
        grid = RichTable(show_header=True, header_style="bold")
        grid.add_column("card")
        grid.add_column(f"tricks for {s.side}", justify="right")
        for a, v in s.tricks.items():
            grid.add_row(str(a.card), str(v), style="bold" if v == s.best else "")
        console.print(grid)
    except (HoyleError, ValueError, OSError) as exc:
        raise fail(str(exc)) from None


def _pbn_tables(file: Path, board: int | None) -> list[dict[str, Any]]:
    from . import pbn
    from .cards import mask, parse
    from .solver import dd_table

    deals = pbn.loads(file.read_text(encoding="utf-8"))
    if board is not None:
        if not 1 <= board <= len(deals):
            raise ValueError(f"--board {board}: the file has {len(deals)} deal(s), 1..{len(deals)}")
        chosen = [(board, deals[board - 1])]
    else:
        chosen = list(enumerate(deals, start=1))
    out = []
    for n, d in chosen:
        hands = d.get("hands") or {}
        if set(hands) != {"N", "E", "S", "W"} or any(len(parse(h)) != 13 for h in hands.values()):
            raise ValueError(f"deal {n}: a double-dummy table needs four hands of 13 cards, N E S W")
        table = dd_table({s: mask(parse(h)) for s, h in hands.items()})
        out.append({"deal": n, "board": d.get("board"), "hands": dict(hands), "tricks": table})
    return out


def _print_table(b: dict[str, Any]) -> None:
    title = f"deal {b['deal']}" + (f" (board {b['board']})" if b.get("board") else "")
    grid = RichTable(title=title, show_header=True, header_style="bold")
    grid.add_column("declarer")
    for strain in ("N", "S", "H", "D", "C"):
        grid.add_column(_STRAIN_NAMES[strain], justify="right")
    for seat in ("N", "S", "E", "W"):
        grid.add_row(seat, *(str(b["tricks"][strain][seat]) for strain in ("N", "S", "H", "D", "C")))
    console.print(grid)


def analyse(
    record: Annotated[Path, typer.Argument(help="a hoyle record (.json) of any whist-family game")],
    deal: Annotated[list[int] | None, typer.Option(help="only this deal (from 1); may be given again")] = None,
    from_trick: Annotated[int, typer.Option(help="start each deal's analysis at this trick")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """For each deal: the double-dummy result at the start, and each card that cost its side tricks."""
    from .cli import fail
    from .solver.analysis import analyse as run

    try:
        rec, lines = _read_record(record)
        result = run(rec, from_trick=from_trick, deals=set(deal) if deal else None, lines=lines)
    except (HoyleError, ValueError, OSError) as exc:
        raise fail(str(exc)) from None
    if as_json:
        print(json.dumps(result, indent=1))
        return
    for d in result:
        if "unsolved" in d:
            console.print(f"deal {d['deal']}: not analysed: {d['unsolved']}")
            continue
        if "start" not in d:
            continue
        where = "at the start" if d["from_trick"] == 1 else f"from trick {d['from_trick']}"
        aim = ", playing to take as few as it can" if d["minimise"] else ""
        console.print(
            f"deal {d['deal']} ({d['game']}): {d['side']}{aim}: {d['start']} tricks double-dummy {where};"
            f" {d['result']} taken"
        )
        if not d["errors"]:
            console.print("  no card cost its side a trick")
        for e in d["errors"]:
            console.print(f"  {e['text']}")
