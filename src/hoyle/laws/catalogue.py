"""The catalogue of irregularities: what can go wrong at a whist table, once for every code.

Each entry names one irregularity by its key (used in rulings and in
:mod:`hoyle.laws.codes`, which gives each code's remedy for it), says in
one line what it is, and lists the acts (action notation, law mode) by which
a seat commits it.  What follows from it depends on the code: that is
:data:`hoyle.laws.codes.CODES`, not here.

The acts are taken with ``table.apply("E: play QS")`` by any seat, or by the
seat to act; ``table.irregular_actions(seat)`` lists those possible now.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CATALOGUE", "Irregularity"]


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One kind of irregularity: its key, a plain description, and the acts that commit it."""

    key: str
    what: str
    acts: tuple[str, ...]
    stage: str  # "deal", "play", "claims" or "any"


_ENTRIES = (
    # ------------------------------------------------------------------ the deal
    Irregularity("deal out of turn", "a player deals when it is not his deal", ("X: deal",), "deal"),
    Irregularity("other pack", "the dealer deals with the adversaries' pack", ("deal with the other pack",), "deal"),
    Irregularity(
        "partner's misdeal", "a player takes his partner's deal and misdeals", ("X: deal irregularly",), "deal"
    ),
    Irregularity("uncut", "the dealer omits to have the pack cut", ("deal uncut",), "deal"),
    Irregularity(
        "exposed in dealing",
        "a card is exposed while the cards are being dealt",
        ("deal exposing a card", "X: expose a card"),
        "deal",
    ),
    Irregularity(
        "faced in pack", "a card, not the last, is found faced in the pack", ("deal with a card faced",), "deal"
    ),
    Irregularity(
        "dealt irregularly",
        "the cards are not dealt one at a time in rotation from the dealer's left",
        ("deal irregularly",),
        "deal",
    ),
    Irregularity("trump face down", "the dealer places the trump card face down", ("deal trump face down",), "deal"),
    Irregularity(
        "trump to wrong hand",
        "the trump card does not come in its order to the dealer",
        ("deal trump card to X",),
        "deal",
    ),
    Irregularity(
        "two cards dealt", "the dealer deals two cards to one hand and deals on", ("deal two cards to X",), "deal"
    ),
    Irregularity(
        "wrong number",
        "a hand holds more or fewer than thirteen cards",
        ("deal a card too many to X", "claim misdeal"),
        "deal",
    ),
    Irregularity(
        "cards counted",
        "the dealer counts the cards on the table or the rest of the pack",
        ("deal and count the cards",),
        "deal",
    ),
    Irregularity(
        "trump looked at",
        "the dealer looks at the trump card while dealing",
        ("deal looking at the trump card",),
        "deal",
    ),
    Irregularity(
        "shuffled after cut", "the dealer shuffles the pack after it has been cut", ("shuffle after the cut",), "deal"
    ),
    Irregularity(
        "seen in shuffling", "a card is seen while the dealer shuffles", ("show a card in shuffling",), "deal"
    ),
    Irregularity(
        "exposed in cutting for partners",
        "a player exposes more than one card in cutting for partners and deal",
        ("expose cards in cutting for partners",),
        "deal",
    ),
    Irregularity("exposed in cutting", "a card is exposed in cutting the pack", ("expose a card in cutting",), "deal"),
    Irregularity("touched cards", "a player touches the cards during the deal", ("touch cards",), "deal"),
    Irregularity(
        "interrupted dealer",
        "an adversary interrupts the dealer, questioning the score or his deal",
        ("interrupt",),
        "deal",
    ),
    # ------------------------------------------------------------------ the trump card
    Irregularity(
        "trump card left", "the dealer leaves the trump card on the table past his time", ("leave trump card",), "play"
    ),
    Irregularity(
        "trump card taken early",
        "the dealer takes the trump card into his hand before his turn",
        ("take up trump card",),
        "play",
    ),
    Irregularity(
        "trump card named", "a player names the trump card after it has been taken up", ("name trump card",), "play"
    ),
    Irregularity(
        "trump card forgotten", "the dealer declares he cannot recollect the trump card", ("forget trump card",), "play"
    ),
    # ------------------------------------------------------------------ the play
    Irregularity("lead out of turn", "a player leads when it is not his lead", ("X: play QS",), "play"),
    Irregularity("third before second", "the third hand plays before the second", ("X: play QS",), "play"),
    Irregularity(
        "fourth before second",
        "the fourth hand plays before his partner, the third not having played",
        ("X: play QS",),
        "play",
    ),
    Irregularity(
        "fourth before third",
        "the fourth hand plays before the third, his partner having played",
        ("X: play QS",),
        "play",
    ),
    Irregularity("renounce in error", "a player holding the suit led plays another suit", ("play QS",), "play"),
    Irregularity("revoke", "a renounce in error not corrected in time", ("play QS",), "play"),
    Irregularity("renounce corrected", "a renounce in error corrected before it is established", ("correct",), "play"),
    Irregularity("failed to comply", "a player fails to play or lead as lawfully required", ("play QS",), "play"),
    Irregularity(
        "exposed card", "a card dropped face up or otherwise exposed on or above the table", ("expose QS",), "play"
    ),
    Irregularity("shown to partner", "a card held so that the partner sees its face", ("show QS",), "play"),
    Irregularity("hand lowered", "a hand lowered so that the partner sees more than one card", ("lower hand",), "play"),
    Irregularity("named card", "a player names a card in his own hand", ("name QS",), "play"),
    Irregularity(
        "detached card", "a card detached from the hand, liable if an adversary names it", ("detach QS",), "play"
    ),
    Irregularity("two cards at once", "a player plays two cards at once to a trick", ("throw QS JS",), "play"),
    Irregularity(
        "winning cards led",
        "a player leads a winning card and then another before his partner plays",
        ("X: play QS",),
        "play",
    ),
    Irregularity(
        "second card to trick", "a player plays a second card to a trick already complete", ("add QS",), "play"
    ),
    Irregularity("card mixed", "a card mixed with a quitted trick to which it does not belong", ("mix QS",), "play"),
    Irregularity("card dropped", "a card dropped on the floor or below the table", ("drop QS",), "play"),
    Irregularity("omitted to play", "a player omits to play to a trick", ("omit",), "play"),
    Irregularity(
        "hand thrown down", "a player throws his cards on the table face upwards", ("throw down hand",), "play"
    ),
    Irregularity("hands abandoned", "all the players throw their cards on the table", ("throw down hand",), "play"),
    Irregularity(
        "wrong hand led", "at Dummy, a lead from the wrong one of the player's two hands", ("N: play QS",), "play"
    ),
    Irregularity("claimed the rest", "a player says the rest are his side's", ("claim the rest",), "play"),
    Irregularity(
        "attention called",
        "a player calls attention to the trick before his partner has played",
        ("call attention",),
        "play",
    ),
    Irregularity("trick looked at", "a player looks at a quitted trick he may not see", ("look at trick 3",), "play"),
    Irregularity(
        "asked having none",
        "a player asks his partner whether he has none of the suit he renounced",
        ("ask having none",),
        "play",
    ),
    Irregularity(
        "did not await decision",
        "an offender plays on before the adversaries have chosen their penalty",
        ("X: play QS",),
        "play",
    ),
    # ------------------------------------------------------------------ choosing and claiming
    Irregularity("consultation", "partners consult on which penalty to exact", ("consult",), "any"),
    Irregularity("wrong adversary", "the adversary not entitled demands a penalty", ("X: call suit H",), "any"),
    Irregularity("wrong penalty", "a penalty the law does not give is demanded", ("require highest",), "any"),
    Irregularity("premature cut", "the pack for the next deal is cut before it is presented", ("cut",), "claims"),
    Irregularity(
        "tricks mixed",
        "the accused side mixes the tricks before a claimed revoke is examined",
        ("mix tricks",),
        "claims",
    ),
    Irregularity("honours not claimed", "honours held but not called at the end of the hand", ("waive",), "claims"),
)

CATALOGUE: dict[str, Irregularity] = {e.key: e for e in _ENTRIES}
"""Every irregularity hoyle knows, by key."""
