"""``hoyle match``: a duplicate match between bots, with a progress bar, a summary and a plot (docs/simulation.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from .errors import HoyleError

console = Console(highlight=False)


def match(
    game: Annotated[str, typer.Argument(help="the game, e.g. whist")],
    seats: Annotated[str, typer.Option(help="one bot a seat, in seat order, e.g. search,rules,search,rules")],
    boards: Annotated[int, typer.Option(help="how many boards (each played in every room)")] = 100,
    seed: Annotated[int, typer.Option(help="the match's seed: the same seed, the same boards")] = 0,
    out: Annotated[Path | None, typer.Option(help="write the boards as JSON lines here; a rerun resumes it")] = None,
    workers: Annotated[int, typer.Option(help="local worker processes (0: this process)")] = 0,
    ray: Annotated[
        str | None, typer.Option(help="run on Ray: auto (the running cluster), an address, or local")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the running margin and its interval (.png or .svg)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option KEY=VALUE")] = None,
    progress: Annotated[bool, typer.Option(help="show the progress bar")] = True,
) -> None:
    """Play a duplicate match between bots: the same boards with the seats exchanged; margins with 95% intervals."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from .cli import fail, parse_option
    from .match import Match, summarise  # here, not at the top: 'hoyle --help' need not load it (issue 17)

    opts = dict(parse_option(o) for o in option or [])
    try:
        m = Match(game, seats.split(","), boards, seed=seed, options=opts, out=out, workers=workers, ray=ray)
    except (HoyleError, ValueError) as exc:
        raise fail(str(exc)) from None
    if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
        raise fail(f"--plot is a .png or .svg file, not {plot.name!r}")
    where = f"Ray ({ray})" if ray else f"{workers} worker processes" if workers else "this process"
    console.print(f"[bold]{m.game}[/bold]: {','.join(m.seats)}, {boards} boards, seed {seed}, in {where}")
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not progress,
    )
    first = m.seats[0]
    state: dict[str, Any] = {}

    def on_board(line: dict[str, Any], lines: list[dict[str, Any]]) -> None:
        s = summarise(lines)
        rate = m.played / max(1e-9, bar.tasks[0].elapsed or 1e-9)
        bar.update(
            state["task"],
            completed=len(lines),
            rate=f"{rate:.2f} boards/s",
            description=f"{first} {s.mean[first]:+.2f} ± {s.half_width[first]:.2f}",
        )

    m.on_board = on_board
    try:
        with bar:
            state["task"] = bar.add_task(f"{first}", total=boards, rate="")
            summary = m.run()
    except (HoyleError, ValueError, RuntimeError, ImportError) as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        kept = f"; {len(m.lines)} boards are in {out}: the same command resumes" if out is not None else ""
        console.print(f"[bold]interrupted[/bold]{kept}")
        raise typer.Exit(code=130) from None
    t = RichTable(title=f"{m.game}: {summary.boards} boards ({m.played} played now, {m.elapsed:.1f} s)")
    t.add_column("bot")
    t.add_column("mean margin a board", justify="right")
    t.add_column("95% interval", justify="right")
    for k, v in summary.mean.items():
        h = summary.half_width[k]
        t.add_row(k, f"{v:+.3f}", f"{v - h:+.3f} to {v + h:+.3f}")
    console.print(t)
    if out is not None:
        console.print(f"boards written to {out}")
    if plot is not None:
        from .match import plot as draw

        try:
            draw(m.lines, plot, title=f"{m.game}: {','.join(m.seats)}, seed {seed}")
        except ImportError as exc:
            raise fail(str(exc)) from None
        console.print(f"plot written to {plot}")
