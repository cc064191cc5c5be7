"""The ``hoyle`` command: games, play, replay.

An interface only: it decides no rule.  It shows a human seat what that seat
may see (its view), asks for an action, and re-prompts on bad input.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
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
    s = str(card).upper()
    if s == "MI":
        return Text("🃏", style="bold magenta")
    rank, suit = s[0], s[1]
    rank = "10" if rank == "T" else rank
    return Text(f"{rank}{SUIT_SYMBOLS[suit]}", style="bold red" if suit in _RED else "bold")


_CARD_IN_TEXT = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9TJQKA])([CDHS])(?![\w♣♦♥♠])")


def said(text: str, style: str = "") -> Text:
    """A sentence of the table (an event, a refusal) with its cards in the one notation of every display:
    'trump card TH' is shown 'trump card 10♥', in colour, as the hands are."""
    out = Text(style=style)
    at = 0
    for m in _CARD_IN_TEXT.finditer(text):
        out.append(text[at : m.start()])
        out.append_text(card_text(("T" if m.group(1) == "10" else m.group(1)) + m.group(2)))
        at = m.end()
    out.append(text[at:])
    return out


def cards_text(cards: list[str]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def parse_option(text: str) -> tuple[str, Any]:
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
def games(
    name: Annotated[str | None, typer.Argument(help="a game: its options, defaults and sources")] = None,
) -> None:
    """The games, one line each; with a NAME, that game's options, their defaults and its sources."""
    if name is None:
        specs = game_specs()
        width = max(len(spec.name) for spec in specs)
        for spec in specs:
            line = Text(spec.name.ljust(width + 2), style="bold").append(spec.title, style="")
            console.print(line, no_wrap=True, overflow="ellipsis")
        console.print(Text("\nhoyle games NAME gives a game's options; hoyle play NAME plays it."))
        return
    try:
        spec = make_game(name).spec
    except HoyleError as exc:
        raise fail(str(exc)) from None
    console.print(Text(spec.name, style="bold").append(f": {spec.title}", style=""))
    console.print(Text(f"From: {spec.source}"))
    others = [a if isinstance(a, str) else a[0] for a in spec.aliases]
    if others:
        console.print(Text(f"Also called: {', '.join(others)}"))
    if spec.doc:
        console.print(Text(spec.doc))
    t = RichTable(title=f"options (hoyle play {spec.name} -o NAME=VALUE)", show_lines=False, title_justify="left")
    t.add_column("option", style="bold")
    t.add_column("default")
    t.add_column("values")
    t.add_column("what it does")
    for o in spec.options:
        t.add_row(o.name, str(o.default), o.describe(), o.doc)
    console.print(t)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="the game, e.g. whist")] = "whist",
    seats: Annotated[
        str | None,
        typer.Option(help="who plays, in order of arrival: human, rules, random or search (default: you and bots)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed the shuffle (and the bots) to replay the same deals")] = None,
    record: Annotated[Path | None, typer.Option(help="write the record of the sitting to this file")] = None,
    code: Annotated[str | None, typer.Option(help="the code of laws, e.g. english-1864")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option KEY=VALUE")] = None,
    pbn: Annotated[Path | None, typer.Option(help="whist: play a deal of this PBN file as dealt")] = None,
    board: Annotated[int, typer.Option(help="with --pbn: which deal of the file (1 = the first)")] = 1,
    variant: Annotated[str | None, typer.Option(help="poker: draw, straight, stud or whiskey")] = None,
    jackpots: Annotated[bool, typer.Option("--jackpots", help="poker: a jack-pot when nobody goes in")] = False,
    straddle: Annotated[bool, typer.Option("--straddle", help="poker: the Straddle before the draw")] = False,
    table_stakes: Annotated[bool, typer.Option("--table-stakes", help="poker: table stakes, side pools")] = False,
    mistigris: Annotated[bool, typer.Option("--mistigris", help="poker: the blank card stands for any card")] = False,
    tiger: Annotated[bool, typer.Option("--tiger", help="poker: the Tiger, the lowest straight")] = False,
    players: Annotated[
        int | None, typer.Option(help="pope-joan, vingt-un: how many players (seats not named in --seats are bots)")
    ] = None,
    french: Annotated[bool, typer.Option("--french", help="vingt-un: French Vingt-Un, eight rounds a deal")] = False,
    player_name: Annotated[
        str | None, typer.Option("--name", help="your name at the table (default: your login name)")
    ] = None,
) -> None:
    """Play a sitting at the terminal: you against bots, or bots alone (a transcript)."""
    opts = dict(parse_option(o) for o in option or [])
    if code is not None:
        opts["code"] = code
    # Game-specific flags are the game's options (poker's --variant, --jackpots, ...).
    if variant is not None:
        opts["variant"] = variant
    for flag, name in (
        (jackpots, "jackpots"),
        (straddle, "straddle"),
        (table_stakes, "table_stakes"),
        (mistigris, "mistigris"),
        (tiger, "tiger"),
    ):
        if flag:
            opts[name] = True
    if players is not None:  # the game's option (Pope Joan, Vingt-Un)
        opts["players"] = players
    if french:
        opts["french"] = True
    try:
        g = make_game(game, **opts)
    except HoyleError as exc:
        raise fail(str(exc)) from None
    if seats is None:
        seats = ",".join(["human"] + ["rules"] * (_player_count(g) - 1))
    kinds = [k.strip().lower() for k in seats.split(",") if k.strip()]
    valid = {"human", *bots.kinds()}
    bad = [k for k in kinds if k not in valid]
    if bad:
        raise fail(f"unknown seat kind {bad[0]!r}; the kinds are: {', '.join(sorted(valid))}")
    if players is not None and len(kinds) != players:
        kinds = (kinds + ["rules"] * players)[:players]  # --players N: the seats not named are bots
    if "players" not in opts and "players" in g.spec.option_map and g["players"] != len(kinds):
        try:  # as many players as seats given, where the game counts its players (poker)
            g = make_game(game, **opts, players=len(kinds))
        except HoyleError as exc:
            raise fail(str(exc)) from None
    # The events name players ("Ann deals"), so the human has a name, not "you" ("you deals").
    # Bots sit under the names of the old authorities, as in the room ("Cavendish deals", not "rules-1 deals").
    from .server.catalogue import BOT_NAMES

    me = (player_name or _login_name()).strip() or "Player"
    free = [b for b in BOT_NAMES if b.lower() != me.lower()]
    names = []
    for i, k in enumerate(kinds):
        if k == "human":
            names.append(me if kinds.count("human") == 1 else f"Player {i + 1}")
        else:
            names.append(free.pop(0) if free else f"{k}-{i + 1}")
    if len(set(names)) != len(names):
        raise fail(f"the name {me!r} is taken at this table; choose another with --name")
    bot_names = [n for n, k in zip(names, kinds, strict=True) if k != "human"]
    if bot_names:
        by_kind: dict[str, list[str]] = {}
        for n, k in zip(names, kinds, strict=True):
            if k != "human":
                by_kind.setdefault(k, []).append(n)
        console.print(
            Text(
                "; ".join(f"{', '.join(ns)}: {k} bot{'s' if len(ns) > 1 else ''}" for k, ns in by_kind.items()),
                style="dim",
            )
        )
    try:
        given = None
        if pbn is not None:
            from . import pbn as pbn_format

            deals = pbn_format.loads(
                pbn.read_text(encoding="utf-8"), game=g.name if g.name in pbn_format.GAMES else None
            )
            if not 1 <= board <= len(deals):
                raise fail(f"{pbn} has {len(deals)} deals; --board takes 1 to {len(deals)}")
            given = deals[board - 1]
        table = g.table(players=names, seed=seed, deal=given)
    except (ValueError, OSError) as exc:
        raise fail(str(exc)) from None
    kind_of = dict(zip(names, kinds, strict=True))
    robots: dict[str, Any] = {}  # a bot for each player who is not human, by name: seats change as tables re-form
    for i, (name, k) in enumerate(kind_of.items()):
        if k != "human":
            try:
                robots[name] = bots.make(k, g.name, seed=None if seed is None else seed * 10 + i)
            except ValueError as exc:
                raise fail(str(exc)) from None
    human_names = [n for n, k in kind_of.items() if k == "human"]

    def player_at(seat: str) -> str:
        # A Dummy is played by its partner (000 Dummy): the seat is its controller's player's.
        return str(table.view(None)["players"].get(table.controller(seat), ""))

    def watcher_now() -> str | None:
        if len(human_names) != 1:
            return None
        return next((s for s in table.seats if player_at(s) == human_names[0] and table.controller(s) == s), None)

    watcher = watcher_now()
    _PAUSE["on"] = False
    if human_names:
        console.print(
            Text(
                "At each prompt 'help' says what you may do; 'quit' leaves the table"
                + (" (the record is written first)" if record is not None else "")
                + (
                    "; once a deal is settled, 'analyse' shows its cards that cost tricks." if _analysed(table) else "."
                ),
                style="dim",
            )
        )
        if _at_law(table):
            console.print(
                Text(
                    "At law you may err as people do: 'help' lists the irregular acts open to you, and"
                    " 'pause' stops the play before each other player's act, so that you may act out of"
                    " turn (docs/laws.md).",
                    style="dim",
                )
            )
    _print_events(table.events, watcher, table)
    if watcher is not None and tuple(table.seats) == ("N", "E", "S", "W"):
        partner = "NESW"[("NESW".index(watcher) + 2) % 4]
        console.print(
            f"[bold]You sit {_SEAT_NAMES[watcher]}; your partner is {_SEAT_NAMES[partner]}"
            f" ({table.view(None)['players'][partner]}).[/bold]"
        )
    try:
        while not table.over:
            seat = table.to_act
            assert seat is not None
            bot = robots.get(player_at(seat))
            if bot is not None and _PAUSE["on"] and watcher is not None and _at_law(table):
                interjected = _interject(table, watcher, seat, player_at(seat))
                if interjected is not None:  # the human acted out of turn before the bot could act
                    _print_events(interjected, watcher, table)
                    continue
            if bot is not None:
                action = bots.decide(bot, table)
                events = table.apply(action)
            else:
                events = _human_turn(table, seat)
            _print_events(events, watcher, table)
            if any(e.kind == "seating" for e in events):
                watcher = watcher_now()
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
    if table.game.name in _ROUND_GAMES:
        return _round_game_turn(table, seat)  # Pope Joan, Vingt-Un: the board, the stakes, the boxes
    decision = table.view(seat).get("decision")
    if decision and decision.get("seat") == seat:  # law mode: this seat is to choose a remedy (docs/laws.md)
        _show_decision(decision)
        if not any(a.verb == "play" for a in table.legal_actions()):
            legal = table.legal_actions()
            return _ask(
                table, seat, f"your choice ({', '.join(str(a) for a in legal)})", lambda: _show_decision(decision)
            )
    if "auction" in table.view(seat) and not any(a.verb == "play" for a in table.legal_actions()):
        return _call_turn(table, seat)  # Solo's auction, the naming of trumps
    if "declaration" in table.view(seat) and not any(a.verb == "play" for a in table.legal_actions()):
        return _call_turn(table, seat)  # Cayenne's declaration
    if not any(a.verb == "play" for a in table.legal_actions()):
        return _action_turn(table, seat)  # games without card play: poker's betting, draw, widow
    view = table.view(seat)
    _show(view)

    def show_help() -> None:
        console.print("Type a card such as [bold]QS[/bold], [bold]10H[/bold] or [bold]♦K[/bold] (or 'play QS').")
        console.print("You may play: ", cards_text([str(a.card or a) for a in table.legal_actions()]))

    def last_trick(low: str) -> bool:
        if low != "last":
            return False
        last = view.get("last_trick")
        if view.get("may_see_last_trick") is False:
            console.print("At a misère a trick once turned must not be looked at (003 Solo).")
        elif last is None:
            console.print("No trick has been turned yet.")
        else:
            line = Text("Last trick (000 §91): ")
            for p in last["cards"]:
                line.append(f"{p['seat']} ")
                line.append_text(card_text(p["card"]))
                line.append("  ")
            line.append(f"won by {last['winner']}")
            console.print(line)
        return True

    def card_alone(text: str, low: str) -> str:
        # a card alone is played; law mode's one-word acts ('waive', 'omit') are acts
        if low.split()[0] != "play" and " " not in low and low not in _LAW_WORDS:
            return "play " + text
        return text

    return _ask(
        table, seat, "your card ('last' trick, 'help', 'quit')", show_help, special=last_trick, rewrite=card_alone
    )


def _show_decision(d: dict[str, Any]) -> None:
    """A penalty phase of law mode: what happened, the law, and each choice with its law."""
    laws = ", ".join(d.get("law") or [])
    console.print(
        said(f"{d.get('text', '')}" + (f" ({laws})" if laws else "") + ": you are to choose.", "bold magenta")
    )
    for o in d.get("options") or []:
        console.print(said(f"  {o.get('action')}" + (f"  ({o['law']})" if o.get("law") else "")))


def _ask(
    table: Table,
    seat: str,
    question: str,
    show_help: Any,
    *,
    special: Any = None,
    rewrite: Any = None,
    confirm: Any = None,
) -> list[Event]:
    """Ask the person at ``seat`` until the table accepts an action: 'quit' leaves the table, 'help' explains,
    ``special(low)`` answers a request of its own (True when it did), ``rewrite(text, low)`` completes the text;
    a refused action is said in red and asked again."""
    while True:
        text = console.input(f"[bold]{seat}[/bold], {question}: ").strip()
        if not text:
            continue
        low = text.lower()
        if low in ("quit", "exit"):
            raise EOFError
        if low == "help":
            show_help()
            if _at_law(table):
                _law_help(table, seat)
            elif _analysed(table):
                console.print(
                    Text(
                        "Once a deal is settled, 'analyse' shows the cards of it that cost tricks ('analyse from 8':"
                        " from the eighth trick, quicker).",
                        style="dim",
                    )
                )
            continue
        if low.split()[0] in ("analyse", "analyze"):
            _analyse_last(table, low)
            continue
        if low == "pause" and _at_law(table):
            _toggle_pause()
            continue
        if special is not None and special(low):
            continue
        if rewrite is not None:
            text = rewrite(text, low)
        warning = confirm(text) if confirm is not None else None
        if warning:  # say what it does before the player commits
            console.print(Text(warning, style="bold yellow"))
            again = console.input(f"Type [bold]{escape(text)}[/bold] again to do it, anything else to think again: ")
            if again.strip().lower() not in (text.strip().lower(), "yes", "y"):
                continue
        try:
            return table.apply(text)
        except HoyleError as exc:
            console.print(said(_plain(str(exc)), "red"))


def _analysed(table: Table) -> bool:
    """Whether the solver analyses this table's deals (the whist family, not at law)."""
    from .server.deal_analysis import ANALYSED_GAMES

    return table.game.name in ANALYSED_GAMES and not _at_law(table)


def _analyse_last(table: Table, low: str) -> None:
    """'analyse [from N]': the last settled deal's analysis (issue 15), never the deal in play: the double-dummy
    result and each card that cost its side tricks, as ``hoyle analyse`` prints them."""
    from .server.deal_analysis import AnalysisUnavailable, analyse_deal

    words = low.split()[1:]
    if words and words[0] == "from":
        words = words[1:]
    if len(words) > 1 or (words and not words[0].isdigit()) or (words and not 1 <= int(words[0]) <= 13):
        console.print(said("'analyse' takes the trick to start from, 1 to 13: 'analyse from 8'", "red"))
        return
    start = int(words[0]) if words else 1
    record = table.record()
    settled = [k for k, d in enumerate(record["deals"]) if "result" in d]
    if not settled:
        console.print(
            said("No deal has been settled yet: a deal's analysis is given once it is over, never during play.")
        )
        return
    k = settled[-1]
    console.print(Text(f"Analysing deal {k + 1} double dummy (a whole deal may take a minute)…", style="dim"))
    try:
        d = analyse_deal(record, k, from_trick=start)
    except AnalysisUnavailable as exc:
        console.print(said(str(exc), "red"))
        return
    where = "from the first card" if d["from_trick"] == 1 else f"from trick {d['from_trick']}"
    aim = ", playing to take as few as it can" if d["minimise"] else ""
    console.print(
        said(
            f"Deal {d['deal']}: {d['side']}{aim} could take {d['start']} tricks double dummy {where},"
            f" with best play by all; {d['result']} taken.",
            "bold",
        )
    )
    if not d["errors"]:
        console.print(said("  No card cost its side a trick."))
    for e in d["errors"]:
        console.print(said(f"  {e['text']}"))


def _show(view: dict[str, Any]) -> None:
    if "auction" in view:
        _show_contract(view)
        return
    if view.get("game") == "cayenne":
        _show_cayenne(view)
        return
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
    _show_trick(view)
    _show_exposed(view)
    if view.get("partner_hand") is not None:  # a Dummy's turn: its partner plays from it (000 Dummy)
        console.print(Text(f"Dummy's hand ({view['seat']}), to play from: ").append_text(cards_text(view["hand"])))
        console.print(Text("Your own hand: ").append_text(cards_text(view["partner_hand"])))
    else:
        console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _show_contract(view: dict[str, Any]) -> None:
    """A declarer's game (Solo): the auction or the contract, the trick, exposed hands, the money."""
    head = Text(f"Deal {view['deal']} of {view['deals']}, {view['dealer']} deals")
    if view.get("out"):
        head.append(f", {view['out']} sits out")
    if view.get("turned"):
        head.append(".  Trump card ")
        head.append_text(card_text(view["turned"]))
        head.append(" on the table")
    money = view.get("money", {})
    head.append(".  Money: " + ", ".join(f"{s} {m}" for s, m in money.items()))
    console.print(head)
    if view.get("preferences"):  # Boston: the card turned from the still pack, and the preferences it gives
        _show_preferences(view)
    contract = view.get("contract")
    if contract is None:
        said = "  ".join(f"{b['seat']}: {b['said']}" for b in view.get("auction", []))
        console.print(Text(f"The auction: {said or 'nobody has spoken'}"))
    else:
        who = " and ".join(contract["declarers"]) or "everyone"
        line = Text(f"{who}: {contract['title']}")
        if view.get("trumps"):
            line.append(", trumps ")
            line.append(SUIT_SYMBOLS[view["trumps"]], style="bold red" if view["trumps"] in _RED else "bold")
        elif view.get("phase") == "play":
            line.append(", no trumps")
        tricks = view.get("tricks", {})
        line.append("   Tricks: " + ", ".join(f"{s} {n}" for s, n in tricks.items()))
        console.print(line)
    if view.get("phase") == "play":
        _show_trick(view)
    _show_exposed(view)
    console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _suit_text(suit: str) -> Text:
    return Text(SUIT_SYMBOLS[suit], style="bold red" if suit in _RED else "bold")


def _show_preferences(view: dict[str, Any]) -> None:
    """Boston: the card cut from the still pack, the preferences, the pool (rules §4)."""
    cut, prefs = view.get("cut_card") or {}, view["preferences"]
    line = Text("Turned from the still pack: ")
    if cut:
        line.append_text(card_text(cut["rank"] + cut["suit"]))
    line.append("   First preference ").append_text(_suit_text(prefs["first"]))
    line.append(", second ").append_text(_suit_text(prefs["second"])).append(", plain ")
    line.append_text(_suit_text(prefs["plain"][0])).append(" ").append_text(_suit_text(prefs["plain"][1]))
    line.append(f".   Pool: {view.get('money', {}).get('pool', view.get('pool'))}")
    console.print(line)
    if view.get("bid"):
        console.print(Text(f"Highest bid: {view['bid']['seat']}, {view['bid']['title']}"))


def _show_cayenne(view: dict[str, Any]) -> None:
    """Cayenne: the cayenne suit and the values, the declaration, the game score, games and points, the trick."""
    cut, values = view.get("cut_card") or {}, view.get("values", {})
    head = Text(f"Deal {view['deal']}, {view['dealer']} deals.  Cayenne ")
    head.append_text(_suit_text(view["cayenne"]))
    if cut:
        head.append(" (").append_text(card_text(cut["rank"] + cut["suit"])).append(" turned)")
    head.append(":  ")
    for s in sorted("CDHS", key=lambda x: -values.get(x, 0)):
        head.append_text(_suit_text(s)).append(f" {values.get(s)}  ")
    head.append(f"grand {values.get('grand')}  nullo {values.get('nullo')}")
    console.print(head)
    d = view.get("declaration")
    if d is None:
        passed = f" ({view['dealer']} has left it to his partner)" if view.get("passed") else ""
        console.print(Text(f"{view['declarer']} to declare{passed}."))
    else:
        line = Text(f"{d['by']} declared ")
        line.append_text(_suit_text(d["what"]) if d["what"] in "CDHS" else Text(d["what"], style="bold"))
        line.append(f", {d['unit']} a trick   Tricks: NS {view['tricks']['NS']}, EW {view['tricks']['EW']}")
        console.print(line)
    score, won, totals = view.get("score", {}), view.get("games_won", {}), view.get("totals", {})
    console.print(
        Text(
            f"Game (to ten): NS {score.get('NS')}, EW {score.get('EW')}   Games (four win): NS"
            f" {won.get('NS')}, EW {won.get('EW')}   Points: NS {totals.get('NS')}, EW {totals.get('EW')}"
        )
    )
    if view.get("phase") == "play":
        trick = Text("On the table: ")
        if not view["trick"]:
            trick.append("nothing (your lead)")
        for p in view["trick"]:
            trick.append(f"{p['seat']} ").append_text(card_text(p["card"])).append("  ")
        console.print(trick)
    console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _call_turn(table: Table, seat: str) -> list[Event]:
    """A turn of the auction (pass, propose, accept, call solo ...) or the naming of trumps."""
    view = table.view(seat)
    if view.get("game") == "cayenne":
        _show_cayenne(view)
    else:
        _show_contract(view)
    legal = table.legal_actions()
    calls = _summarise_calls(legal)

    def show_help() -> None:
        solo = table.game.name == "solo"
        console.print(
            Text(
                "Say one of: "
                + calls
                + (
                    " (a call alone, e.g. 'solo' or"
                    " 'misère', will do; the calls rank as listed, lowest first: 003 Solo)"
                    if solo
                    else " (the bids rank as listed, lowest first; 'bid 7 first' is seven tricks in the first"
                    " preference)"
                    if table.game.name == "boston"
                    else ""
                )
            )
        )

    if len(legal) > 5:  # Boston's thirty bids, Solo's eight calls: said once, not in every prompt
        console.print(Text(f"You may: {calls}"))
        return _ask(table, seat, "your call ('help' explains them; 'quit')", show_help)
    return _ask(table, seat, f"your call ({calls}; 'help', 'quit')", show_help)


def _summarise_calls(legal: list[Any]) -> str:
    """Calls in short, in their order: 'bid 5..13', 'bid 5..13 second' for the numbered bids of each kind."""
    out: list[str] = []
    ranges: dict[tuple[str, str], list[int]] = {}
    for a in legal:
        first, _, rest = a.arg.partition(" ")
        if first.isdigit():
            key = (a.verb, rest)
            if key not in ranges:
                ranges[key] = []
                out.append(f"\0{len(ranges) - 1}")
            ranges[key].append(int(first))
        else:
            out.append(str(a))
    texts = []
    for (verb, rest), ns in ranges.items():
        span = f"{min(ns)}..{max(ns)}" if len(ns) > 1 else str(ns[0])
        texts.append(f"{verb} {span}{' ' + rest if rest else ''}")
    return ", ".join(texts[int(w[1:])] if w.startswith("\0") else w for w in out)


def _action_turn(table: Table, seat: str) -> list[Event]:
    """A turn whose actions are words (ante, go in, raise 4, draw 2C 7H, take widow...), not cards to play."""
    legal = table.legal_actions()
    if [str(a) for a in legal] == ["ante"]:  # the only lawful act: put it up for the player
        return table.apply(legal[0])
    view = table.view(seat)
    _show_vying(view)
    verbs = {str(a).split()[0] if a.verb != "go" else "go in" for a in legal}
    verbs |= {str(a) for a in legal if not a.arg}  # 'stand pat', 'hold age', 'go in' whole

    def words(text: str, low: str) -> str:
        """The words players use, as the book's (003): 'call' is 'see' (or 'go in'), 'fold' is 'pass'..."""
        return _book_word(text, low, {str(a) for a in legal}, verbs)

    def warn(text: str) -> str | None:
        if text.strip().lower() != "pass" or "pass" not in {str(a) for a in legal}:
            return None
        betting = view.get("betting") or {}
        staked = (view.get("staked") or {}).get(seat, 0)
        if betting.get("interval", 1) < 2 and not staked:
            return None
        return (
            f"'pass' throws up your hand: you give up this deal, and the {staked} you have staked stays in the"
            " pool (003)."
            if staked
            else "'pass' throws up your hand: you give up this deal (003)."
        )

    return _ask(
        table,
        seat,
        "your action ('help' lists them; 'quit')",
        lambda: console.print(Text("You may: " + _summarise(legal))),
        rewrite=words,
        confirm=warn,
    )


_SYNONYMS: dict[str, tuple[str, ...]] = {
    "fold": ("pass",),
    "drop": ("pass",),
    "call": ("see", "go in"),
    "check": ("hold age",),
    "bet": ("raise", "open"),
    "discard": ("draw",),
    "keep": ("stand pat",),
    "stay": ("stand pat",),
    "stick": ("stand pat",),
    "pat": ("stand pat",),
}
"""Words players use, and the book's words (003 Poker) they stand for, in order of preference."""
_SYNONYM_NAMES = {
    "pass": "fold",
    "see": "call",
    "go in": "call",
    "raise": "bet",
    "draw": "discard",
    "stand pat": "keep all",
    "hold age": "check",
}


def _book_word(text: str, low: str, lawful: set[str], verbs: set[str]) -> str:
    """``text`` in the book's words when its first word is a player's word for one of the lawful actions."""
    first, _, rest = low.partition(" ")
    if first in verbs or low in lawful or first not in _SYNONYMS:
        return text
    for book in _SYNONYMS[first]:
        if book in verbs or book in lawful:
            said = f"{book} {text.split(None, 1)[1]}" if rest and " " not in book else book
            console.print(Text(f"{first} = '{said}' in the book's words (003)", style="dim"))
            return said
    return text


def _summarise(legal: list[Any]) -> str:
    """The lawful actions in short: 'raise 1..10', 'draw CARDS' for the many draws."""
    words: list[str] = []
    numbers: dict[str, list[int]] = {}
    for a in legal:
        if a.verb in ("raise", "open") and a.arg.isdigit():
            numbers.setdefault(a.verb, []).append(int(a.arg))
        elif a.verb == "draw":
            if "draw CARDS (discard CARDS: the cards you throw out, e.g. draw 2C 7H)" not in words:
                words.append("draw CARDS (discard CARDS: the cards you throw out, e.g. draw 2C 7H)")
        elif a.verb == "exchange":
            if "exchange YOURS THEIRS (e.g. exchange 2C 7H)" not in words:
                words.append("exchange YOURS THEIRS (e.g. exchange 2C 7H)")
        else:
            words.append(str(a) + (f" ({_SYNONYM_NAMES[str(a)]})" if str(a) in _SYNONYM_NAMES else ""))
    for verb, ns in numbers.items():
        span = f"{min(ns)}..{max(ns)}" if len(ns) > 1 else f"{ns[0]}"
        words.append(f"{verb} {span}" + (f" (bet {span})" if verb == "raise" else ""))
    return ", ".join(words)


def _show_vying(view: dict[str, Any]) -> None:
    """A poker seat's view: the pool, the stakes, what is showing, and the hand."""
    head = Text(f"Deal {view.get('deal')}, {view.get('dealer')} deals")
    if view.get("age"):
        head.append(f"; {view['age']} is the Age")
    if view.get("jackpot"):
        head.append("; a jack-pot")
    head.append(f".  Pool: {view.get('pot', 0)}.")
    console.print(head)
    scores = view.get("scores", {})
    chips = "  ".join(f"{s} {scores.get(s, 0):+d}" for s in view.get("seats", []))
    console.print(Text(f"Won or lost so far: {chips}"))
    if view.get("before_him"):
        console.print(Text("Before each: " + "  ".join(f"{s} {n}" for s, n in view["before_him"].items())))
    betting = view.get("betting")
    if betting:
        owes = betting.get("owes", {}).get(view.get("seat"), 0)
        console.print(
            Text(
                f"Still in: {', '.join(view.get('in', []))}.  Staked this deal: "
                + ", ".join(f"{s} {n}" for s, n in view.get("staked", {}).items())
                + (f".  You have {owes} to make good." if owes else ".")
            )
        )
    for s, cards in (view.get("up") or {}).items():
        console.print(Text(f"{s} shows: ").append_text(cards_text(cards)))
    if view.get("widow"):
        console.print(Text("On the table: ").append_text(cards_text(view["widow"])))
    console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _show_trick(view: dict[str, Any]) -> None:
    """The trick on the table, each card before the seat that played it."""
    trick = Text("On the table: ")
    if not view["trick"]:
        trick.append("nothing (your lead)")
    for p in view["trick"]:
        trick.append(f"{p['seat']} ")
        trick.append_text(card_text(p["card"]))
        trick.append("  ")
    console.print(trick)


def _show_exposed(view: dict[str, Any]) -> None:
    """Hands and cards lying face up (a Dummy's hand; exposed cards in law mode), the viewer's own too: an exposed
    card has left the hand but not the table, and may be called (000 §56)."""
    for s, cards in (view.get("exposed") or {}).items():
        if not cards:
            continue
        if s == view.get("seat"):
            console.print(Text("Your cards face up on the table, liable to be called: ").append_text(cards_text(cards)))
        else:
            console.print(Text(f"{view['players'].get(s, s)} ({s}), face up: ").append_text(cards_text(cards)))


def _print_events(events: list[Event], seat: str | None, table: Table) -> None:
    if table.game.name in _ROUND_GAMES:
        _print_round_game_events(events, seat)
        return
    for e in events:
        d = e.visible_to(seat)
        if e.kind == "play":
            continue
        if e.kind == "trick":
            line = Text(f"  trick {d['trick']:>2}: ")
            for i, c in enumerate(d["cards"]):
                s = d["seats"][i] if "seats" in d else "NESW"[("NESW".index(d["leader"]) + i) % 4]
                line.append(f"{s} ")
                line.append_text(card_text(c))
                line.append("  " if len(str(c)) == 2 else " ")
            line.append(f"→ {d['winner']}")
            console.print(line)
            continue
        if e.kind == "expose":
            console.print(said(e.text, "bold"))
            for s, hand in d.get("hands", {}).items():
                console.print(Text(f"  {s}: ").append_text(cards_text(hand.split())))
            continue
        if e.kind == "deal":
            console.print()
            console.print(said(e.text, "bold cyan"))
            if "hand" in d:
                console.print(Text(f"  your hand ({seat}): ").append_text(cards_text(d["hand"].split())))
            continue
        if e.kind == "show" and d.get("cards"):  # a poker hand shown: the sentence, then the cards in colour
            head, _, tail = e.text.partition(":")
            line = Text(f"  {head.split(' shows ')[0] if ' shows ' in head else head}: ", style="bold")
            console.print(line.append_text(cards_text(d["cards"])).append(f"  {tail.strip()}"))
            continue
        if "hand" in d and seat is not None:  # poker's draw, Whiskey's widow: the watcher's new hand
            console.print(said(e.text))
            console.print(Text(f"  your hand ({seat}): ").append_text(cards_text(d["hand"].split())))
            continue
        style = {
            "game": "bold green",
            "rubber": "bold magenta",
            "score": "yellow",
            "payment": "bold green",
            "contract": "bold",
            "result": "yellow",
            "ruling": "bold magenta",
            "misdeal": "bold magenta",
        }.get(e.kind, "")
        console.print(said(("  " if e.kind == "score" else "") + e.text, style))


# ---------------------------------------------------------------------------------------------- round games

_ROUND_GAMES = frozenset({"pope-joan", "vingt-un"})


def _round_game_turn(table: Table, seat: str) -> list[Event]:
    """A human turn at Pope Joan or Vingt-Un: the table as the seat sees it, then an action."""
    view = table.view(seat)
    if view.get("game") == "pope-joan":
        _show_pope_joan(view)
    else:
        _show_vingt_un(view)
    legal = table.legal_actions()
    example = str(legal[len(legal) // 2]) if legal else ""
    leads = any(a.verb == "play" for a in legal)
    return _ask(
        table,
        seat,
        f"your action (e.g. '{example}'; 'help' lists them; 'quit')",
        lambda: console.print(Text("You may: " + _summarise_round(legal))),
        rewrite=lambda text, low: "play " + text if leads and " " not in low else text,
    )  # a card alone


def _summarise_round(legal: list[Any]) -> str:
    """The lawful actions in short: 'cut 4..47', 'stake 1..4', the cards to lead in colour-free notation."""
    numbers: dict[str, list[int]] = {}
    words: list[str] = []
    for a in legal:
        if a.verb in ("cut", "stake") and a.arg.isdigit():
            numbers.setdefault(a.verb, []).append(int(a.arg))
        else:
            words.append(str(a))
    for verb, ns in numbers.items():
        words.append(f"{verb} {min(ns)}..{max(ns)}" if len(ns) > 1 else f"{verb} {ns[0]}")
    return ", ".join(words)


def _show_pope_joan(view: dict[str, Any]) -> None:
    """A Pope Joan seat's view: the board and its compartments, the counters, the turn-up, the runs, the hand."""
    board = view.get("board", {})
    number = view.get("deal") or 0
    head = Text(
        "The clearing deal"
        if view.get("clearing")
        else f"Deal {number} of {view.get('deals')}"
        if number
        else f"Before deal 1 of {view.get('deals')}"
    )
    head.append(f", {view.get('dealer')} deals.")
    if view.get("turned"):
        head.append("  Turn-up ").append_text(card_text(view["turned"]))
        trumps = view.get("trumps")
        if trumps:
            head.append(": trumps ").append(SUIT_SYMBOLS[trumps], style="bold red" if trumps in _RED else "bold")
    console.print(head)
    console.print(
        Text("Board: " + ", ".join(f"{k} {v}" for k, v in board.items()) + f"  (total {sum(board.values())})")
    )
    scores = view.get("scores", {})
    console.print(Text("Counters won or lost: " + "  ".join(f"{s} {scores.get(s, 0):+d}" for s in view["seats"])))
    counts = view.get("hand_counts", {})
    console.print(
        Text(
            "Cards in hand: "
            + "  ".join(f"{s} {counts.get(s, 0)}" for s in view["seats"])
            + f"; the extra hand {view.get('widow_count', 0)}"
        )
    )
    for run in (view.get("runs") or [])[-3:]:
        line = Text("  ")
        for p in run["cards"]:
            line.append(f"{p['seat']} ").append_text(card_text(p["card"])).append(" ")
        line.append(f"- {run['end']}", style="dim")
        console.print(line)
    console.print(Text("Your hand: ").append_text(cards_text(view.get("hand", []))))


def _box_text(box: dict[str, Any]) -> Text:
    out = Text()
    if box.get("cards") is not None:
        out.append_text(cards_text(box["cards"]))
    else:
        out.append_text(cards_text(box.get("up", [])))
        if box.get("down"):
            out.append(f"{' ' if box.get('up') else ''}+{box['down']} face down")
    if box.get("total") is not None:
        out.append(f" ({box['total'] if box['total'] <= 21 else 'over'})")
    if box.get("stake"):
        out.append(f", stake {box['stake']}")
    if box.get("choice"):
        out.append(f", on {box['choice']}")
    if box.get("status") not in (None, "open"):
        out.append(f" [{box['status']}]", style="dim")
    return out


def _show_vingt_un(view: dict[str, Any]) -> None:
    """A Vingt-Un seat's view: the deal and round, the stakes and the cards on the table, its own cards."""
    kind = view.get("kind", "ordinary")
    head = Text(
        f"Deal {view.get('deal')} of {view.get('deals')}, {view.get('dealer')} holds the bank;"
        f" round {view.get('round')}"
    )
    if view.get("french"):
        head.append(f" ({kind})")
    if view.get("doubled"):
        head.append("; the stakes are doubled", style="bold")
    head.append(
        f".  Stakes {view.get('min_stake')} to {view.get('max_stake')}; {view.get('pack_count')} cards"
        " left in the pack."
    )
    console.print(head)
    scores = view.get("scores", {})
    console.print(Text("Won or lost so far: " + "  ".join(f"{s} {scores.get(s, 0):+d}" for s in view["seats"])))
    for s, boxes in (view.get("boxes") or {}).items():
        for i, box in enumerate(boxes):
            label = f"  {s}{'' if len(boxes) == 1 else f' ({i + 1})'}: "
            console.print(Text(label).append_text(_box_text(box)))
    dbox = view.get("dealer_box")
    if dbox and (dbox.get("up") or dbox.get("down") or dbox.get("cards")):
        console.print(Text(f"  {view.get('dealer')} (dealer): ").append_text(_box_text(dbox)))
    console.print(Text("Your cards face down: ").append_text(cards_text(view.get("hand", []))))


def _print_round_game_events(events: list[Event], seat: str | None) -> None:
    """The events of Pope Joan and Vingt-Un: one sentence each, the watcher's own cards in colour."""
    styles = {
        "deal": "bold cyan",
        "take": "bold green",
        "pay": "green",
        "over": "bold magenta",
        "deal over": "bold",
        "round over": "yellow",
        "settled": "yellow",
        "dress": "cyan",
    }
    for e in events:
        if e.kind == "play":
            continue
        d = e.visible_to(seat)
        if e.kind in ("deal", "round") and e.text.startswith(("deal ", "round ", "the clearing")):
            console.print()
        console.print(said(e.text, styles.get(e.kind, "")))
        if seat is not None and "hand" in d and d["hand"]:
            console.print(Text(f"  your cards ({seat}): ").append_text(cards_text(d["hand"].split())))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a hoyle record (JSON)")],
    pbn: Annotated[Path | None, typer.Option(help="also write the record's deals to this file as PBN")] = None,
    phh: Annotated[Path | None, typer.Option(help="poker: also write the record's hands to this file as PHH")] = None,
) -> None:
    """Rebuild a sitting from its record and check every score."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror}") from None
    try:
        table = records.replay_text(text)
    except HoyleError as exc:
        raise fail(f"{file}: refused: {exc}") from None
    rec = table.record()
    scores = ", ".join(f"{k} {v:+d}" for k, v in table.scores.items())
    console.print(
        Text(
            f"{file}: record confirmed: {rec['game']}, {len(rec['deals'])} deals, {len(rec['actions'])} actions,"
            f" every result and score matches; {'over' if table.over else 'in progress'}; scores {scores}"
        )
    )
    if pbn is not None:
        from . import pbn as pbn_format

        try:
            pbn.write_text(
                pbn_format.dumps(pbn_format.from_record(rec), event=f"hoyle {rec['game']}"), encoding="utf-8"
            )
        except (HoyleError, KeyError) as exc:
            raise fail(f"{file}: its deals cannot be written as PBN: {exc}") from None
        console.print(Text(f"{len(rec['deals'])} deals written to {pbn} as PBN"))
    if phh is not None:
        from . import phh as phh_format

        try:
            phh.write_text(phh_format.dumps(rec), encoding="utf-8")
        except (HoyleError, ValueError) as exc:
            raise fail(f"{file}: its hands cannot be written as PHH: {exc}") from None
        console.print(Text(f"{len(phh_format.hands(rec))} hands written to {phh} as PHH"))


@app.command()
def judge(
    file: Annotated[Path, typer.Argument(help="a hoyle record (JSON) of a law-mode sitting")],
    deal: Annotated[int | None, typer.Option(help="only this deal (1 = the first)")] = None,
) -> None:
    """Print each hand of a record with its rulings in order, each naming its law (law mode)."""
    from .laws.judge import judge_lines

    try:
        record, _ = records.loads(file.read_text(encoding="utf-8"))
        count = len(record.get("deals") or [])
        if deal is not None and not 1 <= deal <= count:
            raise fail(
                f"{file} has {count} deal{'' if count == 1 else 's'}; --deal takes 1 to {count}"
                if count
                else f"{file} has no deal"
            )
        lines = judge_lines(record, deal=deal)
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror}") from None
    except HoyleError as exc:
        raise fail(f"{file}: refused: {exc}") from None
    for line in lines:
        console.print(Text(line, style="bold cyan" if line.startswith("deal ") else ""), soft_wrap=True)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on (1-65535)", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy database URL (default: ./hoyle-room.db)")] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="a host name the room answers to, as browsers will write it (repeat it; default:"
            " localhost, 127.0.0.1, ::1; '*' any)",
        ),
    ] = None,
    sqlite_synchronous: Annotated[
        str,
        typer.Option(
            "--sqlite-synchronous",
            help="full: every commit synced to the disk (survives a power cut); normal: survives the room's"
            " process dying, not the machine's, and answers sooner (docs/room.md, Durability)",
        ),
    ] = "full",
) -> None:
    """The web card room: play in the browser with friends and bots (embedded SQLite unless --db)."""
    from .server import serve as run_room
    from .server.room import Settings

    if sqlite_synchronous not in ("full", "normal"):
        raise fail(f"--sqlite-synchronous must be full or normal, not {sqlite_synchronous!r}")
    settings = Settings(sqlite_synchronous=sqlite_synchronous)
    run_room(host=host, port=port, db=db, allowed_hosts=allow_host or None, settings=settings)


odds_app = typer.Typer(no_args_is_help=True, help="Exact odds, counted by enumeration: odds poker, odds vingt-un.")
app.add_typer(odds_app, name="odds")


@odds_app.command("poker")
def odds_poker(
    mistigris: Annotated[bool, typer.Option("--mistigris", help="the 53-card pack with the blank card")] = False,
    tiger: Annotated[bool, typer.Option("--tiger", help="count the Tiger apart from the straights")] = False,
    english: Annotated[
        bool, typer.Option("--english", help="the English laws: the ace begins a sequence only")
    ] = False,
) -> None:
    """The number of deals of five cards in each class and the odds against each (003; rules §6.2)."""
    from math import comb

    from . import poker

    counts = poker.odds(mistigris=mistigris, tiger=tiger, english=english)
    total = comb(53 if mistigris else 52, 5)
    assert sum(n for _, n in counts) == total
    t = RichTable(
        title=f"Poker: the {total:,} deals of five cards from the {53 if mistigris else 52}-card pack,"
        " counted one by one"
    )
    t.add_column("hand", style="bold")
    t.add_column("deals", justify="right")
    t.add_column("chance", justify="right")
    t.add_column("odds against", justify="right")
    for name, n in counts:
        against = f"{(total - n) / n:,.2f} to 1" if n else "-"
        t.add_row(name, f"{n:,}", f"{n / total:.6f}", against)
    t.add_row("all", f"{total:,}", "1.000000", "")
    console.print(t)


@odds_app.command("vingt-un")
def odds_vingt_un(
    stand: Annotated[
        int, typer.Option(min=12, max=21, help="the count the dealer stands on (003: at seventeen he should stand)")
    ] = 17,
) -> None:
    """Vingt-Un's chances, computed exactly: naturals, going over, the dealer's end, the French rounds (003)."""
    from .rulebook import vingt_un as v21

    def row(t: RichTable, what: str, p: Fraction) -> None:
        against = f"{float((1 - p) / p):,.2f} to 1" if p else "-"
        exact = f"{p.numerator:,}/{p.denominator:,}" if p.denominator < 10**6 else "(a long fraction)"
        t.add_row(what, exact, f"{float(p):.6f}", against)

    def table(title: str) -> RichTable:
        t = RichTable(title=title)
        t.add_column("", style="bold")
        t.add_column("exactly", justify="right")
        t.add_column("chance", justify="right")
        t.add_column("odds against", justify="right")
        return t

    t = table("Naturals: an ace and a tenth card (003), from a full pack")
    row(t, "a natural in the first two cards", v21.natural_chance())
    row(t, "a natural, the first card an ace", v21.natural_chance(11))
    row(t, "a natural, the first card a tenth card", v21.natural_chance(10))
    console.print(t)
    t = table("Going over with one more card, the total hard (an ace counted one)")
    t.add_column("holding two cards of that total", justify="right")
    for total in range(12, 21):
        p = v21.bust_chance(total)
        two = v21.bust_chance_two_cards(total)
        t.add_row(
            f"drawing to {total}",
            f"{p.numerator}/{p.denominator}",
            f"{float(p):.4f}",
            f"{float((1 - p) / p):,.2f} to 1",
            f"{float(two):.4f}" if two is not None else "-",
        )
    console.print(t)
    t = table(f"Where a dealer who stands at {stand} or more ends, from a full pack (the punters' cards unseen)")
    for what, p in v21.dealer_outcomes(stand).items():
        row(t, what if what in ("natural", "over") else f"{what}{' or less' if what == '17' and stand < 17 else ''}", p)
    console.print(t)
    t = table("French Vingt-Un (003), from a full pack")
    row(t, "Sympathy: two cards of one colour", v21.sympathy_chance())
    row(t, "Rouge et Noir: the colour named (one card, or two of three)", Fraction(1, 2))
    row(t, "Self and Company: the dealer wins", v21.self_and_company_chance())
    row(t, "The Clock: the dealer wins (a card answers its call)", 1 - v21.clock_no_match_chance())
    console.print(t)


_PAUSE = {"on": False}
"""Law mode at the terminal: stop before each other player's act, so that the human may act out of turn."""


def _at_law(table: Table) -> bool:
    """Whether ``table`` is a law-mode table, where seats may err (docs/laws.md)."""
    return callable(getattr(table, "irregular_actions", None)) and bool(table.game.options.get("irregularities"))


def _toggle_pause() -> None:
    _PAUSE["on"] = not _PAUSE["on"]
    console.print(
        Text(
            "The play stops before each other player's act: you may act out of turn there, or press"
            " Enter to let him act ('pause' again to stop this)."
            if _PAUSE["on"]
            else "The play no longer stops before the others' acts.",
            style="dim",
        )
    )


def _acts_in_short(acts: list[Any]) -> list[str]:
    """Irregular acts in short, in their order: 'expose CARD', 'throw CARD CARD', 'deal trump card to SEAT'."""
    out: list[str] = []
    for a in acts:
        text = _CARD_IN_TEXT.sub("CARD", str(a))
        text = re.sub(r"\bto [a-z]\b", "to SEAT", re.sub(r"\b\d+\b", "N", text))
        if text not in out:
            out.append(text)
    return out


def _law_help(table: Table, seat: str) -> None:
    """What ``seat`` may do at law besides the lawful actions: the irregular acts, and how to act out of turn."""
    acts = _acts_in_short(list(table.irregular_actions(seat)))
    if acts:
        console.print(Text("At law you may also (each is ruled on by the code of laws): " + ", ".join(acts)))
    console.print(
        Text(
            "To act out of turn: 'pause' (the play then stops before each other player's act) and type"
            " the act there; " + ("pausing is on." if _PAUSE["on"] else "pausing is off.")
        )
    )


def _interject(table: Table, mine: str, seat: str, player: str) -> list[Event] | None:
    """Before ``seat``'s player acts, the human at ``mine`` may act out of turn; None lets the other act."""
    while True:
        text = console.input(
            f"[bold]{mine}[/bold], {escape(player)} ({seat}) is to act. Enter lets him; or act"
            " now, out of turn ('help', 'pause' to stop pausing, 'quit'): "
        ).strip()
        low = text.lower()
        if not text:
            return None
        if low in ("quit", "exit"):
            raise EOFError
        if low == "help":
            _law_help(table, mine)
            continue
        if low == "pause":
            _toggle_pause()
            return None
        act = text if re.match(r"^[A-Za-z]\s*:", text) else f"{mine}: {text}"
        try:
            return table.apply(act)
        except HoyleError as exc:
            console.print(said(_plain(str(exc)), "red"))


def _plain(message: str) -> str:
    """A refusal as a person reads it: law mode's pointer to its API becomes the terminal's 'help'."""
    return re.sub(r"\(?see irregular_actions\('\w+'\)\)?", "('help' lists the acts open to you)", message)


_LAW_WORDS = frozenset({"waive", "omit", "consult", "correct", "remind", "interrupt", "cut"})
"""Law mode's acts of one word (docs/laws.md), typed alone at the prompt."""


def _player_count(g: Any) -> int:
    """How many players a table of ``g`` seats by default (distinct controllers of its seats)."""
    t = g.table(seed=0)
    return len({t.controller(s) for s in t.seats})


def _login_name() -> str:
    """The person's login name, to sit at the table under (a name the events can use: "Ann deals")."""
    import getpass

    try:
        return getpass.getuser().capitalize()
    except (OSError, KeyError):
        return "Player"


def fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(Text("error: ", style="red").append(message, style=""))
    return typer.Exit(code=2)


from .match_cli import match as _match  # noqa: E402  (hoyle match: its own module)

app.command("match")(_match)
from .verify_cli import verify as _verify  # noqa: E402  (hoyle verify: its own module; issue 13)

app.command("verify")(_verify)

from .solve_cli import analyse as _analyse  # noqa: E402  (hoyle solve, hoyle analyse: their own module)
from .solve_cli import solve as _solve  # noqa: E402

app.command("solve")(_solve)
app.command("analyse")(_analyse)


def main() -> None:
    """Entry point of the ``hoyle`` command."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
