"""The Poker family (003; rules §6): Draw, Straight, Stud and Whiskey Poker, options of one game.

>>> import hoyle
>>> t = hoyle.game("poker").table(seed=1)
>>> t.to_act, [str(a) for a in t.legal_actions()]
('B', ['ante'])

The vying machinery is shared: :mod:`.pots` (the pool and side pools), :mod:`.betting` (a betting
interval with its limit), :mod:`.table` (the deal, the draw, the showdown, the variants).
"""

from __future__ import annotations

from ...engine.registry import GameSpec, Option, register
from .betting import Interval, Outcome
from .pots import divide, layers
from .table import ALL_SEATS, VARIANTS, PokerTable

__all__ = ["SPEC", "VARIANTS", "Interval", "Outcome", "PokerTable", "divide", "layers"]

SPEC = register(
    GameSpec(
        name="poker",
        title="Poker: Draw, Straight, Stud and Whiskey; Jack-pots, Mistigris, the Tiger",
        source="Hoffmann, Hoyle's Games Modernized (1909): Poker",
        options=(
            Option(
                name="variant",
                default="draw",
                choices=VARIANTS,
                doc="draw (Hoyle's Games Modernized: Draw Poker), straight (Bluff), stud, or whiskey (Hoyle's"
                " Games Modernized)",
            ),
            Option(
                name="players",
                default=5,
                minimum=2,
                maximum=10,
                doc="players at the table (Hoyle's Games Modernized's example has five; draw seats at most 7,"
                " whiskey 9)",
            ),
            Option(
                name="ante",
                default=1,
                minimum=1,
                maximum=1000,
                doc="the ante in counters (Hoyle's Games Modernized: the Age puts up one; going in is double the ante)",
            ),
            Option(
                name="limit",
                default=10,
                minimum=1,
                maximum=100000,
                doc="the most any one raise (or a jack-pot's opening stake, or a straddle) may be (Hoyle's Games"
                " Modernized: ten)",
            ),
            Option(
                name="deals",
                default=0,
                minimum=0,
                maximum=100000,
                doc="deals in the sitting; 0 is one round, every player dealing once; the"
                " sitting goes on while money lies in the pool",
            ),
            Option(
                name="jackpots",
                default=False,
                doc="when nobody goes in, the next deal is a jack-pot: jacks or better to open (Hoyle's Games"
                " Modernized: Jack-pots)",
            ),
            Option(
                name="straddle",
                default=False,
                doc="the Straddle before the draw, and no raising before it (Hoyle's Games Modernized: The Straddle)",
            ),
            Option(
                name="table_stakes",
                default=False,
                doc="each risks only what he has on the table; side pools when he cannot cover (Hoyle's Games"
                " Modernized: Table Stakes)",
            ),
            Option(
                name="stake",
                default=100,
                minimum=1,
                maximum=10**9,
                doc="with table stakes, the counters each player puts on the table before him",
            ),
            Option(
                name="mistigris",
                default=False,
                doc="the blank card is shuffled in and stands for any card its holder pleases (Hoyle's Games"
                " Modernized: Mistigris)",
            ),
            Option(
                name="five_of_a_kind",
                default=True,
                doc="Mistigris may name a card the hand holds, making five of a kind, above a straight flush"
                " (Peel, Round Games with Cards)",
            ),
            Option(
                name="joker_wins_ties",
                default=True,
                doc="a hand with Mistigris beats the same hand held naturally (Peel, Round Games with Cards)",
            ),
            Option(
                name="tiger",
                default=False,
                doc="the lowest straight ranks one degree above every other straight (Hoyle's Games Modernized:"
                " The Tiger)",
            ),
            Option(
                name="english_poker_laws",
                default=False,
                doc="the ace begins a sequence only, and a heart flush beats an equal flush (the English laws in"
                " Peel, Round Games with Cards)",
            ),
            Option(
                name="buck",
                default=True,
                doc="straight and stud: the holder of the buck chips for all (Hoyle's Games Modernized: Straight"
                " Poker);"
                " false: each antes",
            ),
            Option(
                name="irregularities",
                default=False,
                doc="law mode: a jack-pot may be opened on false openers, which are judged when the opener must"
                " show them (Encyclopaedia Britannica, 1911: Poker)",
            ),
            Option(
                name="stud_first",
                default="elder",
                choices=("elder", "best showing"),
                doc="who speaks first in each stud interval: the elder hand (Hoyle's Games Modernized) or the best"
                " cards showing"
                " (modern practice)",
            ),
        ),
        table_class=PokerTable,
        rules_bot="hoyle.bots.poker_rules:PokerRulesBot",
        seats=lambda o: tuple(ALL_SEATS[: o["players"]]),
        money=True,
        pack_size=lambda o: 53 if o.get("mistigris") else 52,
        variants=(
            {"variant": "stud", "players": 7, "stud_first": "best showing"},
            {"variant": "whiskey", "players": 4, "table_stakes": True, "stake": 20},
            {"variant": "draw", "jackpots": True, "straddle": True, "mistigris": True, "tiger": True},
            {"variant": "straight", "players": 2, "english_poker_laws": True, "buck": False},
        ),
        aliases=("draw poker",),
    )
)
