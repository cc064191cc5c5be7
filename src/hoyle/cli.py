"""The ``hoyle`` command: games, play, replay.

An interface only: it decides no rule.  It shows a human seat what that seat
may see (its view), asks for an action, and re-prompts on bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from . import bots, records
from .cards import SUIT_SYMBOLS, Card
from .engine.events import Event
from .engine.registry import game as make_game
from .engine.registry import game_specs
from .engine.table import Table
from .errors import HoyleError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="hoyle: the card table of the old rule books.")
console = Console(highlight=False)

_RED = {"H", "D"}
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def card_text(card: str | Card) -> Text:
    """A card drawn in colour: rank and suit symbol, hearts and diamonds red."""
    s = str(card)
    if s == "MI":
        return Text("🃏", style="bold magenta")
    rank, suit = s[0], s[1]
    rank = "10" if rank == "T" else rank
    return Text(f"{rank}{SUIT_SYMBOLS[suit]}", style="bold red" if suit in _RED else "bold")


def cards_text(cards: list[str]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise typer.BadParameter(f"an option is KEY=VALUE, not {text!r}")
    v: Any = value
    if value.lower() in ("true", "yes", "on"):
        v = True
    elif value.lower() in ("false", "no", "off"):
        v = False
    else:
        try:
            v = int(value)
        except ValueError:
            v = value
    return key.strip().replace("-", "_"), v


@app.command()
def games() -> None:
    """List every game with its options, defaults and source text."""
    t = RichTable(title="hoyle: the games", show_lines=True)
    t.add_column("game", style="bold")
    t.add_column("what it is")
    t.add_column("options (default; values)")
    t.add_column("source")
    for spec in game_specs():
        opts = "\n".join(f"{o.name}={o.default!r}  ({o.describe()}): {o.doc}" for o in spec.options)
        t.add_row(spec.name, spec.title, opts, spec.source)
    console.print(t)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="the game, e.g. whist")] = "whist",
    seats: Annotated[
        str | None, typer.Option(help="who plays, in order of arrival: human, rules or random (default: you and bots)")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed the shuffle (and the bots) to replay the same deals")] = None,
    record: Annotated[Path | None, typer.Option(help="write the record of the sitting to this file")] = None,
    code: Annotated[str | None, typer.Option(help="the code of laws, e.g. english-1864")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option KEY=VALUE")] = None,
    pbn: Annotated[Path | None, typer.Option(help="whist: play a deal of this PBN file as dealt")] = None,
    board: Annotated[int, typer.Option(help="with --pbn: which deal of the file (1 = the first)")] = 1,
) -> None:
    """Play a sitting at the terminal: you against bots, or bots alone (a transcript)."""
    opts = dict(_parse_option(o) for o in option or [])
    if code is not None:
        opts["code"] = code
    try:
        g = make_game(game, **opts)
    except HoyleError as exc:
        raise _fail(str(exc)) from None
    if seats is None:
        seats = ",".join(["human"] + ["rules"] * (_player_count(g) - 1))
    kinds = [k.strip().lower() for k in seats.split(",") if k.strip()]
    valid = {"human", *bots.kinds()}
    bad = [k for k in kinds if k not in valid]
    if bad:
        raise _fail(f"unknown seat kind {bad[0]!r}; the kinds are: {', '.join(sorted(valid))}")
    names = []
    for i, k in enumerate(kinds):
        names.append("you" if k == "human" and kinds.count("human") == 1 else f"{k}-{i + 1}")
    try:
        given = None
        if pbn is not None:
            from . import pbn as pbn_format

            deals = pbn_format.loads(pbn.read_text(encoding="utf-8"))
            if not 1 <= board <= len(deals):
                raise _fail(f"{pbn} has {len(deals)} deals; --board takes 1 to {len(deals)}")
            given = deals[board - 1]
        table = g.table(players=names, seed=seed, deal=given)
    except (ValueError, OSError) as exc:
        raise _fail(str(exc)) from None
    kind_of = dict(zip(names, kinds, strict=True))
    seated = table.view(None)["players"]
    # A Dummy is played by its partner (000 Dummy): the seat takes its controller's kind.
    seat_kind = {s: kind_of.get(seated[_controller(table, s)], "rules") for s in seated}
    players: dict[str, Any] = {}
    for i, (s, k) in enumerate(seat_kind.items()):
        if k != "human":
            try:
                players[s] = bots.make(k, g.name, seed=None if seed is None else seed * 10 + i)
            except ValueError as exc:
                raise _fail(str(exc)) from None
    humans = sorted({_controller(table, s) for s, k in seat_kind.items() if k == "human"})
    watcher = humans[0] if len(humans) == 1 else None
    _print_events(table.events, watcher, table)
    if watcher is not None and watcher in "NESW":
        partner = "NESW"[("NESW".index(watcher) + 2) % 4]
        console.print(f"[bold]You sit {_SEAT_NAMES[watcher]}; your partner is {_SEAT_NAMES[partner]}"
                      f" ({table.view(None)['players'][partner]}).[/bold]")
    try:
        while not table.over:
            seat = table.to_act
            assert seat is not None
            if seat in players:
                action = players[seat].choose(table.view(seat), table.legal_actions())
                events = table.apply(action)
            else:
                events = _human_turn(table, seat)
            _print_events(events, watcher, table)
    except (EOFError, KeyboardInterrupt):
        console.print("\n[bold]You leave the table.[/bold]")
    finally:
        if record is not None:
            record.write_text(records.dumps(table.record()), encoding="utf-8")
            console.print(Text(f"record written to {record}"))
    if table.over:
        scores = ", ".join(f"{k} {v:+d}" for k, v in table.scores.items())
        console.print(f"[bold]The sitting is over.[/bold] {scores}")


def _human_turn(table: Table, seat: str) -> list[Event]:
    view = table.view(seat)
    _show(view)
    while True:
        text = console.input(f"[bold]{seat}[/bold], your card ('last' for the last trick, 'help'): ").strip()
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit"):
            raise EOFError
        if low == "help":
            console.print("Type a card such as [bold]QS[/bold], [bold]10H[/bold] or [bold]♦K[/bold] (or 'play QS').")
            console.print("You may play: ", cards_text([str(a.card or a) for a in table.legal_actions()]))
            continue
        if low == "last":
            last = view.get("last_trick")
            if last is None:
                console.print("No trick has been turned yet.")
            else:
                line = Text("Last trick (000 §91): ")
                for p in last["cards"]:
                    line.append(f"{p['seat']} ")
                    line.append_text(card_text(p["card"]))
                    line.append("  ")
                line.append(f"won by {last['winner']}")
                console.print(line)
            continue
        if low.split()[0] not in ("play",) and " " not in low:
            text = "play " + text
        try:
            return table.apply(text)
        except HoyleError as exc:
            console.print(Text(str(exc), style="red"))


def _show(view: dict[str, Any]) -> None:
    trumps = view.get("trumps")
    head = Text(f"Deal {view['deal']}, {view['dealer']} deals. Trumps: ")
    if trumps:
        head.append(SUIT_SYMBOLS[trumps], style="bold red" if trumps in _RED else "bold")
    if view.get("turned"):
        head.append("  (trump card ")
        head.append_text(card_text(view["turned"]))
        head.append(" on the table)")
    score = view.get("score", {})
    head.append(f"   Score: NS {score.get('NS', 0)}, EW {score.get('EW', 0)}")
    games_won = view.get("games") or []
    if games_won:
        head.append("   Games: " + ", ".join(f"{g['side']} ({g['value']})" for g in games_won))
    tricks = view.get("tricks", {})
    head.append(f"   Tricks: NS {tricks.get('NS', 0)}, EW {tricks.get('EW', 0)}")
    console.print(head)
    trick = Text("On the table: ")
    if not view["trick"]:
        trick.append("nothing (your lead)")
    for p in view["trick"]:
        trick.append(f"{p['seat']} ")
        trick.append_text(card_text(p["card"]))
        trick.append("  ")
    console.print(trick)
    for s, cards in (view.get("exposed") or {}).items():
        if s != view.get("seat"):
            console.print(Text(f"{view['players'].get(s, s)} ({s}), face up: ").append_text(cards_text(cards)))
    if view.get("partner_hand") is not None:  # a Dummy's turn: its partner plays from it (000 Dummy)
        console.print(Text(f"Dummy's hand ({view['seat']}), to play from: ").append_text(cards_text(view["hand"])))
        console.print(Text("Your own hand: ").append_text(cards_text(view["partner_hand"])))
    else:
        console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _print_events(events: list[Event], seat: str | None, table: Table) -> None:
    for e in events:
        d = e.visible_to(seat)
        if e.kind == "play":
            continue
        if e.kind == "trick":
            line = Text(f"  trick {d['trick']:>2}: ")
            for i, c in enumerate(d["cards"]):
                s = "NESW"[("NESW".index(d["leader"]) + i) % 4]
                line.append(f"{s} ")
                line.append_text(card_text(c))
                line.append("  " if len(str(c)) == 2 else " ")
            line.append(f"→ {d['winner']}")
            console.print(line)
            continue
        if e.kind == "expose":
            console.print(Text(e.text, style="bold"))
            for s, hand in d.get("hands", {}).items():
                console.print(Text(f"  {s}: ").append_text(cards_text(hand.split())))
            continue
        if e.kind == "deal":
            console.print()
            console.print(Text(e.text, style="bold cyan"))
            if "hand" in d:
                console.print(Text(f"  your hand ({seat}): ").append_text(cards_text(d["hand"].split())))
            continue
        style = {"game": "bold green", "rubber": "bold magenta", "score": "yellow"}.get(e.kind, "")
        console.print(Text(("  " if e.kind == "score" else "") + e.text, style=style))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a hoyle record (JSON)")],
    pbn: Annotated[Path | None, typer.Option(help="also write the record's deals to this file as PBN")] = None,
) -> None:
    """Rebuild a sitting from its record and check every score."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise _fail(f"cannot read {file}: {exc.strerror}") from None
    try:
        table = records.replay_text(text)
    except HoyleError as exc:
        raise _fail(f"{file}: refused: {exc}") from None
    rec = table.record()
    scores = ", ".join(f"{k} {v:+d}" for k, v in table.scores.items())
    console.print(Text(
        f"{file}: record confirmed: {rec['game']}, {len(rec['deals'])} deals, {len(rec['actions'])} actions,"
        f" every result and score matches; {'over' if table.over else 'in progress'}; scores {scores}"
    ))
    if pbn is not None:
        from . import pbn as pbn_format

        try:
            pbn.write_text(pbn_format.dumps(pbn_format.from_record(rec), event=f"hoyle {rec['game']}"),
                           encoding="utf-8")
        except (HoyleError, KeyError) as exc:
            raise _fail(f"{file}: its deals cannot be written as PBN: {exc}") from None
        console.print(Text(f"{len(rec['deals'])} deals written to {pbn} as PBN"))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy database URL (default: ./hoyle-room.db)")] = None,
) -> None:
    """The web card room: play in the browser with friends and bots (embedded SQLite unless --db)."""
    from .server import serve as run_room

    run_room(host=host, port=port, db=db)


def _controller(table: Table, seat: str) -> str:
    """The seat whose player decides for ``seat`` (a Dummy's partner; else the seat itself)."""
    controller = getattr(table, "controller", None)
    return controller(seat) if controller is not None else seat


def _player_count(g: Any) -> int:
    """How many players a table of ``g`` seats by default (distinct controllers of its seats)."""
    t = g.table(seed=0)
    return len({_controller(t, s) for s in t.seats})


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(Text("error: ", style="red").append(message, style=""))
    return typer.Exit(code=2)


def main() -> None:
    """Entry point of the ``hoyle`` command."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()

