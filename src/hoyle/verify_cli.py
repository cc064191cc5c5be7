"""``hoyle verify RECORD``: every deal of a record checked against the commitment published before it (issue 13).

The scheme is :mod:`hoyle.engine.fairness` (docs/room.md, "Provably fair deals").  Each deal is reported: ok (its
order and salt give its commitment), FAILS (they do not: which deal and why), or nothing to check (a given deal,
an older record).  The record is replayed too, so that the orders checked are the deals that were played.  The
exit status is 0 when every committed deal checks and the record replays, 1 when a deal fails, 2 when the file
cannot be read or the record is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from . import records
from .engine.fairness import check_record
from .engine.table import replay
from .errors import HoyleError

console = Console(highlight=False, soft_wrap=True)


def verify(
    file: Annotated[Path, typer.Argument(help="a record (JSON), as written by hoyle play --record or the room")],
) -> None:
    """Check every deal of a record against the commitment published before its first card (provably fair deals)."""
    from .cli import fail

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"{file}: cannot be read: {exc}") from None
    try:
        record, lines = records.loads(text)
        checks = check_record(record)
    except (HoyleError, ValueError) as exc:
        raise fail(f"{file}: not a record: {exc}") from None
    failed = [c for c in checks if c.ok is False]
    for c in checks:
        style = {True: "green", False: "red", None: "dim"}[c.ok]
        console.print(Text(str(c), style=style))
    committed = sum(1 for c in checks if c.ok is not None)
    if failed:
        console.print(
            Text(
                f"{file}: {len(failed)} of {committed} committed deals FAIL their commitment:"
                f" deal {', '.join(str(c.index + 1) for c in failed)}",
                style="red",
            )
        )
        raise typer.Exit(code=1)
    try:
        replay(record, lines=lines)
    except HoyleError as exc:
        raise fail(f"{file}: every commitment checks, but the record is refused: {exc}") from None
    console.print(Text(f"{file}: {committed} of {len(checks)} deals committed and proved; the record replays"))
