"""The remedies of each code of laws, as data: one table per code, keyed by the catalogue's irregularities.

``CODES[code][key]`` is the :class:`Rule` that code gives for the irregularity
``key`` of :data:`hoyle.laws.catalogue.CATALOGUE`: the laws it cites, the
remedies the entitled side may choose among (``remedies``; each becomes a
legal action of the penalty phase), or what follows of itself (``effect``),
who chooses (``chooser``), and whether the code is silent (then the ruling
says so and applies the principle stated before 000's Cases and Decisions:
a penalty only where the offender might profit).

Codes: ``english-1864`` (000, the club code), ``american-1893`` (002, the
Congress code), ``american-gwp`` (004, G.W.P.'s twenty rules).  002's
interlined Boston, Cayenne and Solo paragraphs are further tables over
a code's (:data:`GAME_LINES`; :data:`CAYENNE` is built), consulted by
``rule(code, key, game)`` (their choosers, such as "the bidder", plug into
the same ``chooser`` field).

Remedies (action notation): ``call card QS``, ``call suit`` (the right to
call a suit when the offending side next leads; the suit is named then, as
``call suit H``), ``require highest``, ``require lowest``, ``require win``,
``require not win``, ``require trump``, ``require not trump``, ``require
highest trump``, ``require lowest trump``, ``require trump card``, ``claim
new deal``, ``claim misdeal``, ``stop deal``, ``penalty take three tricks``,
``penalty deduct three``, ``penalty add three``, ``penalty deduct one``,
``penalty add one``, ``require reshuffle``.  ``waive`` declines a remedy.

What a code says that is not one irregularity's remedy (who may call, which
laws a ruling cites besides the rule's, whether honours must be called...)
is its :class:`CodeFacts`, ``FACTS[code]``: a code's exceptions are its
facts and its rules, and the referee reads them by name (``tab.facts``),
never the code's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "ANY",
    "CAYENNE",
    "CODES",
    "FACTS",
    "GAME_LINES",
    "PRINCIPLE",
    "REMEDY_ACTIONS",
    "CodeFacts",
    "Rule",
    "by_remedy",
    "role_rule",
    "rule",
]

PRINCIPLE = (
    "000 Cases and Decisions: there should be a penalty for errors by which the offender might profit, "
    "and none for errors by which he cannot possibly gain"
)


@dataclass(frozen=True, slots=True)
class Rule:
    """What one code does with one irregularity."""

    laws: tuple[str, ...]
    text: str
    remedies: tuple[str, ...] = ()
    effect: str = "none"
    chooser: str = "either"
    silent: bool = False
    cites: tuple[tuple[str, str], ...] = ()
    """The law each remedy cites where it is not the rule's first (a round game's lines: ``(kind, law)``)."""

    def law_of(self, kind: str) -> str:
        """The law that gives the remedy ``kind``: its own (``cites``), else the rule's first."""
        return next((law for k, law in self.cites if k == kind), self.laws[0] if self.laws else "")

    def options(self) -> list[tuple[str, str]]:
        """Each remedy with the law that gives it."""
        return [(k, self.law_of(k)) for k in self.remedies]


def by_remedy(laws: tuple[str, ...], text: str, remedies: tuple[tuple[str, str], ...] = ()) -> Rule:
    """A rule whose remedies each cite their own law, as ``(kind, law)`` (a round game's lines: 002 §21 Boston, the
    003 Solo digest); its remedies are the kinds of :class:`~hoyle.laws.decision.Remedy`."""
    return Rule(laws, text, tuple(k for k, _ in remedies), cites=remedies)


REMEDY_ACTIONS: dict[str, str] = {
    "call card": "call card {card}",
    "call suit": "call suit",
    "require highest": "require highest",
    "require lowest": "require lowest",
    "require win": "require win",
    "require not win": "require not win",
    "require trump": "require trump",
    "require not trump": "require not trump",
    "require highest trump": "require highest trump",
    "require lowest trump": "require lowest trump",
    "require trump card": "require trump card",
    "claim new deal": "claim new deal",
    "claim misdeal": "claim misdeal",
    "stop deal": "stop deal",
    "require reshuffle": "require reshuffle",
    "take three tricks": "penalty take three tricks",
    "deduct three": "penalty deduct three",
    "add three": "penalty add three",
    "deduct one": "penalty deduct one",
    "add one": "penalty add one",
}
"""Each remedy kind and the action that exacts it."""

R = Rule

ENGLISH: dict[str, Rule] = {
    # ------------------------------------------------------------------ the deal (000 §36–51)
    "deal out of turn": R(
        ("000 §48",),
        "one dealing out of turn may be stopped before the trump card is turned up;"
        " after that the game proceeds as if no mistake had been made",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "other pack": R(
        ("000 §48",),
        "one dealing with the adversary's cards may be stopped before the trump card is"
        " turned up; after that the game proceeds as if no mistake had been made",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "partner's misdeal": R(
        ("000 §51",),
        "a player who takes his partner's deal and misdeals makes his partner"
        " liable to the usual penalty: the deal passes to the next adversary",
        effect="misdeal",
    ),
    "uncut": R(
        ("000 §44 VII",),
        "the dealer omitted to have the pack cut: the adversaries, discovering it before"
        " the trump card is turned and before looking at their cards, may make it a misdeal",
        ("claim misdeal",),
        chooser="adversaries of the dealer",
    ),
    "exposed in dealing": R(
        ("000 §38", "000 §39", "000 §40"),
        "a card exposed in dealing gives the side not in"
        " fault, if neither of it has touched the cards (unless the other side touched first), a"
        " claim to a new deal, not lost by the trump card being turned too quickly; if no new deal"
        " takes place the card cannot be called",
        ("claim new deal",),
        chooser="not in fault",
    ),
    "faced in pack": R(
        ("000 §37 II",),
        "a card other than the last faced in the pack: there must be a new deal by the same dealer",
        effect="new deal",
    ),
    "dealt irregularly": R(
        ("000 §44 I", "000 §43"),
        "the cards were not dealt one at a time in regular rotation: a misdeal, which loses the deal",
        effect="misdeal",
    ),
    "trump face down": R(
        ("000 §44 II", "000 §43"),
        "the trump card placed face downwards: a misdeal, which loses the deal",
        effect="misdeal",
    ),
    "trump to wrong hand": R(
        ("000 §44 III", "000 §43", "000 Case IV"),
        "the trump card did not come in its regular order to the dealer: a misdeal, and the fault is the dealer's",
        effect="misdeal",
    ),
    "two cards dealt": R(
        ("000 §44 VI", "000 §43"),
        "two cards dealt to the same hand and a third dealt after them: a misdeal",
        effect="misdeal",
    ),
    "wrong number": R(
        ("000 §44 IV", "000 §43"),
        "a player has fourteen cards and another fewer than thirteen, the pack being perfect: a misdeal",
        effect="misdeal",
    ),
    "cards counted": R(("000 §44 V", "000 §43"), "the dealer counted the cards: a misdeal", effect="misdeal"),
    "trump looked at": R(
        ("000 §41",),
        "the dealer looked at the trump card: his adversaries have a right to see it, and may exact a new deal",
        ("claim new deal",),
        chooser="adversaries of the dealer",
    ),
    "shuffled after cut": R(
        ("000 §36",), "the dealer shuffled the pack after it was cut: he loses his deal", effect="misdeal"
    ),
    "touched cards": R(
        ("000 §39", "000 §45"),
        "touching the cards during the deal is noted: it bears on the claims of 000 §38 and §45",
        effect="none",
    ),
    "interrupted dealer": R(
        ("000 §50",), "an adversary interrupted the dealer: should a misdeal occur, he may deal again", effect="none"
    ),
    "misdeal saved": R(
        ("000 §45",),
        "an adversary touched the cards before the dealer's partner: the misdeal does"
        " not lose the deal; the same dealer deals again",
        effect="new deal",
    ),
    "misdeal after interruption": R(
        ("000 §50",),
        "the adversaries interrupted the dealer and failed to establish their claim: he may deal again",
        effect="new deal",
    ),
    # ------------------------------------------------------------------ the trump card (000 §52–55)
    "trump card left": R(
        ("000 §52",),
        "the trump card left on the table after the first trick is turned and quitted is liable to be called",
        effect="exposed after 1",
    ),
    "trump card taken early": R(
        ("000 §54",),
        "the dealer took the trump card into his hand before his turn: he may be desired to lay it on the table",
        ("require trump card",),
    ),
    "trump card named": R(
        ("000 §53", "000 §55"),
        "a player naming the trump card after it was taken up is liable to"
        " have his highest or lowest trump called, at any time during the hand",
        ("require highest trump", "require lowest trump"),
    ),
    "trump card forgotten": R(
        ("000 §55",),
        "the dealer cannot recollect the trump card: his highest or lowest trump"
        " may be called at any time during the hand",
        ("require highest trump", "require lowest trump"),
    ),
    # ------------------------------------------------------------------ the play (000 §56–70)
    "lead out of turn": R(
        ("000 §62", "000 §63"),
        "the adversaries may call the card led out of turn, or call a suit"
        " from him or his partner when next either of them has the lead; if all three have"
        " followed, the trick stands",
        ("call card", "call suit"),
    ),
    "third before second": R(
        ("000 §67",),
        "the third hand played before the second: the fourth hand may then play before his partner, without penalty",
        effect="none",
    ),
    "fourth before second": R(
        ("000 §68",),
        "the fourth hand played before his partner, the third not having"
        " played: his partner may be called on to win, or not to win, the trick",
        ("require win", "require not win"),
        chooser="third hand",
    ),
    "fourth before third": R(
        ("000 §67", "000 §68"),
        "the code is silent; his partner had already played, so his side"
        " cannot gain by it, and by the principle of 000's Cases there"
        " is no penalty",
        effect="none",
        silent=True,
    ),
    "renounce corrected": R(
        ("000 §76",),
        "a renounce corrected in time: the adversaries may call the card played in"
        " error, or require the highest or lowest card to that trick; those who played after"
        " him may take back their cards",
        ("call card", "require highest", "require lowest"),
    ),
    "revoke": R(
        ("000 §72",),
        "for each revoke the adversaries may take three tricks from the revoking side, deduct"
        " three from its score, or add three to their own; the penalty cannot be divided",
        ("take three tricks", "deduct three", "add three"),
        chooser="claimants",
    ),
    "revoke in abandoned hand": R(
        ("000 §59",),
        "a revoke established in abandoned hands: the adversaries may add"
        " three to their score or deduct three from that of the revoking players",
        ("deduct three", "add three"),
        chooser="claimants",
    ),
    "failed to comply": R(
        ("000 §61",), "failing to play or lead as lawfully required incurs the penalty of a revoke", effect="revoke"
    ),
    "exposed card": R(
        ("000 §56 II",),
        "an exposed card is liable to be called and must be left face upwards on the table",
        effect="exposed",
    ),
    "shown to partner": R(
        ("000 §56 II",),
        "a card held so that it is exposed above the table is an exposed card, liable to be called",
        effect="exposed",
    ),
    "hand lowered": R(
        ("000 §56 II",), "cards shown above the table are exposed cards, liable to be called", effect="exposed"
    ),
    "named card": R(
        ("000 §60", "000 Case IX"),
        "a card named by its holder is constructively exposed and liable to be called",
        effect="exposed",
    ),
    "two cards at once": R(
        ("000 §56 I",),
        "two cards played at once are exposed cards: the adversaries call which"
        " they please to the trick, and may afterwards call the other",
        ("call card",),
    ),
    "winning cards led": R(
        ("000 §57",),
        "winning cards played one after another without waiting for the partner:"
        " the partner may be called on to win the trick, and the other cards are exposed",
        ("require win",),
    ),
    "second card to trick": R(
        ("000 §56 I", "000 Case XI"),
        "a second card played to a trick is merely an exposed card, not a lead out of turn",
        effect="exposed",
    ),
    "card mixed": R(
        ("000 §70",),
        "a card mixed with a trick to which it does not belong: when found it is restored,"
        " and the player is answerable for the revokes he made meanwhile",
        effect="restored",
    ),
    "card dropped": R(
        ("000 §56",), "a card dropped on the floor or below the table is not an exposed card", effect="none"
    ),
    "omitted to play": R(
        ("000 §69",),
        "a player omitted to play to a trick and played to the next: the adversaries"
        " may claim a new deal; if the deal stands, his surplus card is taken as played to the"
        " imperfect trick, and is no revoke there",
        ("claim new deal",),
        chooser="adversaries",
    ),
    "hand thrown down": R(
        ("000 §58", "000 Case V"),
        "cards thrown on the table face upwards are exposed, each"
        " player's liable to be called by the adversary; one who keeps his hand cannot be forced"
        " to abandon it",
        effect="exposed",
    ),
    "hands abandoned": R(
        ("000 §59",),
        "all four threw their cards on the table: the hands are abandoned and no claim"
        " can be entertained unless a revoke is established",
        effect="abandoned",
    ),
    "claimed the rest": R(
        ("000 §58",),
        "the code is silent on words alone (only cards shown are exposed, 000 §58),"
        " so his partner keeps his hand and no penalty is exacted",
        effect="none",
        silent=True,
    ),
    "attention called": R(
        ("000 §86",),
        "attention called to the trick before the partner played: the adversaries"
        " may require the partner to play the highest or lowest of the suit led, or to win or lose"
        " the trick",
        ("require highest", "require lowest", "require win", "require not win"),
        chooser="last to play",
    ),
    "trick looked at": R(
        ("000 §91",), "the code forbids it but is silent on the penalty, so none is exacted", effect="none", silent=True
    ),
    "asked having none": R(
        ("000 §74",),
        "a player may ask his partner whether he has none of the suit he renounced; the error may then be corrected",
        effect="none",
    ),
    "did not await decision": R(
        ("000 §87", "000 §56 II"),
        "the offender must give the adversaries time to decide; a card laid on the table meanwhile is an exposed card",
        effect="exposed",
    ),
    "consultation": R(
        ("000 §84", "000 Case X"),
        "partners who consult which penalty to exact lose their right to any penalty (except for a revoke)",
        effect="forfeit",
    ),
    "wrong adversary": R(("000 §84",), "either adversary may exact the penalty", effect="allowed"),
    "wrong penalty": R(("000 §84",), "only the penalties the law gives may be exacted", effect="refused"),
    "premature cut": R(
        ("000 §78", "000 Case VIII"),
        "once the cards are cut for the next deal a revoke cannot be"
        " claimed; cut without the dealer's consent, it is too late for the cutter and his partner,"
        " not for their adversaries",
        effect="bars cutter",
    ),
    "tricks mixed": R(
        ("000 §77",),
        "the accused side mixed the cards before they were examined: the revoke is established",
        effect="established",
    ),
    "honours not claimed": R(
        ("000 §6", "000 §7"), "honours must be called at the end of the hand to be scored", effect="none"
    ),
    "dummy revoke": R(
        ("000 Dummy II",),
        "Dummy is not liable to the penalty for a revoke; undiscovered until the trick is quitted, it stands good",
        effect="stands",
    ),
    "dummy partner": R(
        ("000 Dummy III",),
        "Dummy's partner is not liable to any penalty for an error whence he can gain no advantage",
        effect="none",
    ),
    "wrong hand led": R(
        ("000 Dummy III",),
        "leading from the wrong one of his two hands: a suit may be called from the hand which ought to have led",
        ("call suit",),
    ),
    "double dummy misdeal": R(
        ("000 Double Dummy",),
        "there is no misdeal at Double Dummy, as the deal is a disadvantage: the same player deals again",
        effect="new deal",
    ),
    "case vi misdeal": R(
        ("000 Case VI", "000 §44 IV"),
        "the player to play has no card and another has a card too many: a misdeal",
        effect="misdeal",
    ),
    "case vi found": R(
        ("000 Case VI", "000 §46", "000 §70"),
        "the missing card is found and assigned to the player short of it, who is answerable for any revoke he made",
        effect="restored",
    ),
    "detached card": R(
        ("000 §60",),
        "a card detached from the hand so as to be named is liable to be called; but"
        " an adversary who names a wrong card is liable to have a suit called when he or his partner"
        " first has the lead",
        ("call card",),
    ),
    "exposed in cutting for partners": R(
        ("000 §15",), "a player who exposes more than one card in cutting must cut again", effect="cut again"
    ),
    "exposed in cutting": R(("000 §34",), "a card exposed in cutting: there must be a fresh cut", effect="recut"),
    "seen in shuffling": R(
        ("000 §32",),
        "a card seen during the dealer's shuffling: he may be compelled to reshuffle",
        ("require reshuffle",),
        chooser="adversaries of the dealer",
    ),
    "renounce in error": R(
        ("000 §71", "000 §73"),
        "a renounce in error is a fact of the play; it becomes a revoke"
        " when the trick is quitted or the next is played to",
        effect="none",
    ),
    "point": R(("000",), "", effect="none"),
}

AMERICAN: dict[str, Rule] = {
    "deal out of turn": R(
        ("002 §16",),
        "one dealing out of turn may be stopped before the trump card is turned; after that the deal is valid",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "other pack": R(
        ("002 §16",),
        "one dealing with his adversaries' pack may be stopped before the trump card is"
        " turned; after that the deal is valid and the packs, changed, so remain",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "partner's misdeal": R(
        ("002 §17",),
        "the code is silent on taking a partner's deal; a misdeal loses the deal, so"
        " the dealer whose deal it was loses it, as 000 §51 decides",
        effect="misdeal",
        silent=True,
    ),
    "uncut": R(
        ("002 §17 I",),
        "the dealer omitted to have the pack cut: a misdeal if his adversaries discover it"
        " before the trump card is turned and before looking at their cards",
        ("claim misdeal",),
        chooser="adversaries of the dealer",
    ),
    "exposed in dealing": R(
        ("002 §15",),
        "a card exposed during the deal: the side not in fault may demand a new"
        " deal, provided neither of them has touched a card; if no new deal takes place the card"
        " is not liable to be called",
        ("claim new deal",),
        chooser="not in fault",
    ),
    "faced in pack": R(
        ("002 §14 I",), "a card other than the last faced in the pack: a new deal by the same dealer", effect="new deal"
    ),
    "dealt irregularly": R(
        ("002 §17 II",),
        "a card dealt incorrectly and not corrected before another is dealt: a misdeal, which loses the deal",
        effect="misdeal",
    ),
    "trump face down": R(("002 §17 VI",), "the trump card placed face downward: a misdeal", effect="misdeal"),
    "trump to wrong hand": R(
        ("002 §17 IV",),
        "the dealer did not deal each player the proper number of cards,"
        " discovered before all have played to the first trick: a misdeal",
        effect="misdeal",
    ),
    "two cards dealt": R(
        ("002 §17 II",),
        "a card dealt incorrectly and not corrected before another is dealt: a misdeal",
        effect="misdeal",
    ),
    "wrong number": R(
        ("002 §17 IV",),
        "a player has not his proper number of cards, discovered before all have played to the first trick: a misdeal",
        effect="misdeal",
    ),
    "wrong number late": R(
        ("002 §19",),
        "a player is found with more or fewer cards than his number after all have"
        " played to the first trick: his adversaries, having their right number, may consult and"
        " choose a new deal, or to have the hand played out, the surplus or missing cards not"
        " counted",
        ("claim new deal",),
        chooser="adversaries",
    ),
    "wrong number both": R(
        ("002 §19",), "an adversary also has a wrong number of cards: there must be a new deal", effect="new deal"
    ),
    "cards counted": R(("002 §17 III",), "the dealer counted the cards: a misdeal", effect="misdeal"),
    "trump looked at": R(
        ("002 §17 V",), "the dealer looked at the trump card before the deal was completed: a misdeal", effect="misdeal"
    ),
    "shuffled after cut": R(
        ("002 §12",), "the dealer reshuffled the pack after it was properly cut: he loses his deal", effect="misdeal"
    ),
    "touched cards": R(
        ("002 §15", "002 §17"),
        "touching a card during the deal is noted: it bears on the claims of 002 §15 and §17",
        effect="none",
    ),
    "interrupted dealer": R(
        ("002 §17",), "an adversary interrupted the dealer: a misdeal would not lose the deal", effect="none"
    ),
    "misdeal saved": R(
        ("002 §17",),
        "during the deal an adversary touched a card or interrupted the dealer: the misdeal does not lose the deal",
        effect="new deal",
    ),
    "misdeal after interruption": R(
        ("002 §17",),
        "during the deal an adversary interrupted the dealer: the misdeal does not lose the deal",
        effect="new deal",
    ),
    "trump card left": R(
        ("002 §18",),
        "the trump card left on the table after the second trick is turned and quitted is liable to be called",
        effect="exposed after 2",
    ),
    "trump card taken early": R(
        ("002 §18",),
        "the code keeps the trump card on the table until the dealer's turn but"
        " is silent on the penalty, so none is exacted",
        effect="none",
        silent=True,
    ),
    "trump card named": R(
        ("002 §18",),
        "a player naming the trump card after it was lawfully taken up is liable to"
        " have his highest or lowest trump called by either adversary",
        ("require highest trump", "require lowest trump"),
    ),
    "trump card forgotten": R(
        ("002 §18",),
        "the code is silent (a player may ask what the trump suit is), so there is no penalty",
        effect="none",
        silent=True,
    ),
    "lead out of turn": R(
        ("002 §24",),
        "a suit may be called from the offender or his partner the first time it is"
        " the turn of either of them to lead, by the adversary on the right of that player; the"
        " cards played to the false lead are taken back and are not liable to be called; if all"
        " have played to it, no penalty",
        ("call suit",),
        chooser="right of the leader",
    ),
    "third before second": R(
        ("002 §25",),
        "the third hand played before the second: the fourth hand also may play before the second",
        effect="none",
    ),
    "fourth before second": R(
        ("002 §26",),
        "the fourth hand played before the second, the third not having played:"
        " the third hand may call on the second to play his highest or lowest of the suit led,"
        " or, having none, to trump or not to trump",
        ("require highest", "require lowest"),
        chooser="third hand",
    ),
    "fourth before third": R(
        ("002 §25", "002 §26"),
        "the code is silent; his partner had already played, so his side"
        " cannot gain by it, and by the principle of 000's Cases there"
        " is no penalty",
        effect="none",
        silent=True,
    ),
    "renounce corrected": R(
        ("002 §29",),
        "a renounce corrected in time: the card played in error is liable to be"
        " called; those who played after him may withdraw their cards",
        effect="exposed",
    ),
    "revoke": R(
        ("002 §30",),
        "two tricks are transferred from the revoking side to their adversaries for each"
        " revoke; the revoking side cannot win the game in that hand",
        effect="two tricks",
        chooser="claimants",
    ),
    "revoke in abandoned hand": R(
        ("002 §27", "002 §30"),
        "the revoke penalty attaches to abandoned hands",
        effect="two tricks",
        chooser="claimants",
    ),
    "failed to comply": R(
        ("002 §38",), "failing to comply with a lawful call incurs the same penalty as a revoke", effect="revoke"
    ),
    "exposed card": R(
        ("002 §20 I", "002 §21"),
        "a card faced on the table otherwise than in the regular course of"
        " play is liable to be called by either adversary",
        effect="exposed",
    ),
    "shown to partner": R(
        ("002 §20 III",),
        "a card held so that the partner sees any portion of its face is liable to be called",
        effect="exposed",
    ),
    "hand lowered": R(
        ("002 §20 IV",),
        "all the cards of a hand lowered so that the partner sees more than one card of it are liable to be called",
        effect="exposed",
    ),
    "named card": R(("002 §20 V",), "a card named by the player holding it is liable to be called", effect="exposed"),
    "two cards at once": R(
        ("002 §20 II",),
        "a card thrown with the one played is liable to be called; the player indicates the one played",
        effect="indicate",
    ),
    "winning cards led": R(
        ("002 §22",),
        "a card better than any the adversaries hold of the suit, and others led"
        " after it without waiting: the partner may be called on to take the first trick, and the"
        " other cards are liable to be called",
        ("require win",),
    ),
    "second card to trick": R(
        ("002 §20 I",),
        "a card faced on the table otherwise than in the regular course of play is liable to be called",
        effect="exposed",
    ),
    "card mixed": R(
        ("002 §19",),
        "a card mixed with a quitted trick leaves its player short: when found it is restored",
        effect="restored",
    ),
    "card dropped": R(
        ("002 §20 I",),
        "the code is silent: a card below the table is not faced upon the table (§20"
        " I), so it is not liable to be called",
        effect="none",
        silent=True,
    ),
    "omitted to play": R(
        ("002 §19",),
        "a player with a surplus card by an omission to play: after he has played to"
        " the next trick his adversaries may have a new deal, or the hand played out, the surplus"
        " card not counted",
        ("claim new deal",),
        chooser="adversaries",
    ),
    "hand thrown down": R(
        ("002 §20 I",),
        "cards faced on the table otherwise than in the course of play are liable to be called",
        effect="exposed",
    ),
    "hands abandoned": R(
        ("002 §27",),
        "all four threw their cards on the table face upwards: the result of the hand"
        " as claimed or admitted is established; a revoke penalty still attaches",
        effect="abandoned",
    ),
    "claimed the rest": R(
        ("002 §36",),
        "one who says the rest are his side's: his partner's cards must be laid upon"
        " the table and are liable to be called",
        effect="partner exposed",
    ),
    "attention called": R(
        ("002 §35",),
        "attention called to the trick before the partner played: the adversary last"
        " to play may require the partner to play his highest or lowest of the suit led, or,"
        " having none, to trump or not to trump",
        ("require highest", "require lowest"),
        chooser="last to play",
    ),
    "trick looked at": R(
        ("002 §37", "002 §24"),
        "a quitted trick must not be seen again until the hand is played:"
        " the offender's side is liable to the penalty for a lead out of turn",
        ("call suit",),
        chooser="right of the leader",
        effect="suit right",
    ),
    "asked having none": R(
        ("002 §28",),
        "the code is silent on the question; a renounce in error may in any case be"
        " corrected in time (§28), so there is no penalty",
        effect="none",
        silent=True,
    ),
    "did not await decision": R(
        ("002 §23", "002 §39"),
        "a player with a card liable to be called must await the"
        " adversaries' decision; a card he plays meanwhile is also liable to be called",
        effect="exposed",
    ),
    "consultation": R(
        ("002 §39",),
        "the code is silent on consultation (either adversary may demand, with or without"
        " his partner's consent), so the right is not lost",
        effect="allowed",
        silent=True,
    ),
    "wrong adversary": R(
        ("002 §39",), "the wrong adversary demanded the penalty: none can be enforced", effect="forfeit"
    ),
    "wrong penalty": R(("002 §39",), "a wrong penalty was demanded: none can be enforced", effect="forfeit"),
    "premature cut": R(
        ("002 §33", "000 Case VIII"),
        "the code is silent on a cut made before the pack is presented;"
        " as 000 Case VIII decides, it is too late for the cutter's side"
        " only",
        effect="bars cutter",
        silent=True,
    ),
    "tricks mixed": R(
        ("002 §32",),
        "the accused player or his partner mixed the cards before they were examined: the revoke is established",
        effect="established",
    ),
    "dummy revoke": ENGLISH["dummy revoke"],
    "dummy partner": ENGLISH["dummy partner"],
    "wrong hand led": ENGLISH["wrong hand led"],
    "double dummy misdeal": ENGLISH["double dummy misdeal"],
    "case vi misdeal": R(
        ("002 §19", "000 Case VI"),
        "the player to play has no card and another has a card too many: there must be a new deal",
        effect="new deal",
    ),
    "case vi found": R(
        ("002 §19", "000 Case VI"),
        "the missing card is found and restored to the player short of it, who is answerable for any revoke he made",
        effect="restored",
    ),
    "renounce in error": R(
        ("002 §28",),
        "a renounce in error may be corrected before the trick is turned and quitted; else it is a revoke",
        effect="none",
    ),
    "honours not claimed": R(("002 §1",), "there are no honours in Whist under the Congress code", effect="none"),
    "detached card": R(
        ("002 §20",),
        "the code is silent on a card merely detached: only cards named, faced or seen"
        " by the partner are liable (§20), so this one is not",
        effect="none",
        silent=True,
    ),
    "exposed in cutting for partners": R(
        ("002 §7",), "if a player exposes more than one card in cutting, he must cut again", effect="cut again"
    ),
    "exposed in cutting": R(
        ("002 §11",),
        "a card exposed in cutting: the pack must be reshuffled by the dealer and cut again",
        effect="recut",
    ),
    "seen in shuffling": R(
        ("002 §9",),
        "the code forbids it but is silent on the remedy: the dealer shuffles again, no one having gained",
        effect="recut",
        silent=True,
    ),
}

_R19 = "004 rule 19"


def _point(rule: str, text: str) -> Rule:
    return Rule(
        (rule, _R19),
        text + "; the penalty is one point, deducted from the offenders or added to the"
        " adversaries as they elect at the close of the hand",
        effect="point",
    )


def _lost(what: str) -> Rule:
    """004 rule 9: the deal lost (a misdeal) if ``what``."""
    return Rule(("004 rule 9",), f"the deal is lost if {what}", effect="misdeal")


def _silent(rule: str, what: str) -> Rule:
    """What G.W.P.'s rules say nothing of (``rule``, the nearest): no penalty."""
    return Rule((rule,), f"the rules are silent on {what}, so there is no penalty", silent=True)


_ROTATION = "thirteen cards are not received by each player in regular rotation"

GWP: dict[str, Rule] = {
    "deal out of turn": _point("004 rule 7", "each player deals in turn; the deal stands"),
    "other pack": _point("004 rule 5", "the dealer deals the pack his partner made up; the deal stands"),
    "partner's misdeal": _lost("the cards are not dealt in regular rotation"),
    "uncut": _point("004 rule 8", "the player on the dealer's right cuts the pack"),
    "exposed in dealing": _lost("a card is exposed while dealing"),
    "faced in pack": _lost("a card is faced in the pack"),
    "dealt irregularly": _lost(_ROTATION),
    "trump face down": _lost("the last card is not turned up at the dealer's right hand"),
    "trump to wrong hand": _lost(_ROTATION),
    "two cards dealt": _lost(_ROTATION),
    "wrong number": R(
        ("004 rule 9",),
        "a player has more or less than thirteen cards: the deal is lost, and there must be a new deal by a new dealer",
        effect="misdeal",
    ),
    "cards counted": _silent("004 rule 9", "counting the cards"),
    "trump looked at": _silent("004 rule 10", "looking at the trump card"),
    "shuffled after cut": _silent("004 rule 6", "shuffling after the cut"),
    "touched cards": _point("004 rule 11", "no player will touch his cards until the trump card is turned"),
    "interrupted dealer": _point("004 rule 14", "no conversation can take place"),
    "misdeal saved": R(("004 rule 9",), "", effect="misdeal"),
    "misdeal after interruption": R(("004 rule 9",), "", effect="misdeal"),
    "trump card left": R(
        ("004 rule 10",),
        "the trump card remains on the table until three have played, and longer at the dealer's option: no penalty",
        effect="none",
    ),
    "trump card taken early": _point(
        "004 rule 10", "the trump card shall remain upon the table until three players have played"
    ),
    "trump card named": _point("004 rule 14", "no conversation can take place during the play"),
    "trump card forgotten": _point("004 rule 14", "no conversation can take place during the play"),
    "lead out of turn": _point(
        "004 rule 12",
        "a player who plays out of turn suffers the penalty of rule 19; no"
        " cards can be called (rule 14), so the card is taken back",
    ),
    "third before second": _point("004 rule 12", "a player who plays out of turn suffers the penalty of rule 19"),
    "fourth before second": _point("004 rule 12", "a player who plays out of turn suffers the penalty of rule 19"),
    "fourth before third": _point("004 rule 12", "a player who plays out of turn suffers the penalty of rule 19"),
    "renounce corrected": _point(
        "004 rule 16",
        "a player who substitutes the proper card before the trick is turned"
        " suffers the penalty of rule 19; the others may take back their cards",
    ),
    "revoke": R(
        ("004 rule 15",),
        "the partners share the revoke: three points taken from their score or added to"
        " the adversaries', at the adversaries' will",
        ("deduct three", "add three"),
        chooser="claimants",
    ),
    "revoke in abandoned hand": R(
        ("004 rule 15",),
        "the partners share the revoke: three points taken from their"
        " score or added to the adversaries', at the adversaries' will",
        ("deduct three", "add three"),
        chooser="claimants",
    ),
    "failed to comply": R(("004 rule 14",), "no cards can be called", effect="none"),
    "exposed card": _point(
        "004 rule 12",
        "a player who exposes a card suffers the penalty of rule 19; no cards can be"
        " called (rule 14), so the card goes back to his hand",
    ),
    "shown to partner": _point("004 rule 12", "a player who exposes a card suffers the penalty of rule 19"),
    "hand lowered": _point("004 rule 12", "a player who exposes a card suffers the penalty of rule 19"),
    "named card": _point("004 rule 14", "no conversation can take place during the play"),
    "two cards at once": _point(
        "004 rule 12",
        "a player who throws two or more cards at once suffers the penalty of"
        " rule 19; the first is played and the other goes back to his hand",
    ),
    "winning cards led": _point(
        "004 rule 12",
        "a player who throws two or more cards at once suffers the penalty of"
        " rule 19; the other cards go back to his hand",
    ),
    "second card to trick": _point("004 rule 12", "a player who exposes a card suffers the penalty of rule 19"),
    "card mixed": _point(
        "004 rule 12",
        "a player who fails to play upon a trick suffers the penalty of rule 19; the card is restored when found",
    ),
    "card dropped": _silent("004 rule 12", "a card dropped below the table, which is not exposed"),
    "omitted to play": _point(
        "004 rule 12",
        "a player who fails to play upon a trick suffers the penalty of rule 19;"
        " his surplus card is taken as played to that trick",
    ),
    "hand thrown down": R(
        ("004 rule 13",), "cards thrown down: the hand is at once counted against them", effect="counted against"
    ),
    "hands abandoned": R(
        ("004 rule 13",), "cards thrown down: the hand is at once counted against them", effect="counted against"
    ),
    "claimed the rest": _point("004 rule 14", "no conversation can take place during the play"),
    "attention called": _point("004 rule 14", "no conversation can take place during the play"),
    "trick looked at": _point("004 rule 18", "a trick taken and turned cannot again be seen until the hand is played"),
    "asked having none": _point(
        "004 rule 14", "no conversation can take place; asking the partner whether he has none is condemned"
    ),
    "did not await decision": R(("004 rule 19",), "penalties are chosen at the close of the hand", effect="none"),
    "consultation": R(("004 rule 19",), "the adversaries choose upon consultation", effect="allowed"),
    "wrong adversary": R(("004 rule 19",), "the adversaries choose together", effect="allowed"),
    "wrong penalty": R(("004 rule 19",), "only the penalties of rules 15 and 19 may be exacted", effect="refused"),
    "premature cut": R(
        ("004 rule 15", "000 Case VIII"),
        "the rules are silent on a cut before the claim; as 000 Case"
        " VIII decides, it is too late for the cutter's side only",
        effect="bars cutter",
        silent=True,
    ),
    "tricks mixed": R(
        ("004 rule 15", "000 §77"),
        "the rules are silent on mixing the cards; as 000 §77 decides, the revoke is established",
        effect="established",
        silent=True,
    ),
    "honours not claimed": R(("004 rule 2",), "there are no honours", effect="none"),
    "dummy revoke": ENGLISH["dummy revoke"],
    "dummy partner": ENGLISH["dummy partner"],
    "wrong hand led": ENGLISH["wrong hand led"],
    "double dummy misdeal": ENGLISH["double dummy misdeal"],
    "case vi misdeal": R(
        ("004 rule 9", "000 Case VI"),
        "the player to play has no card and another has a card too many: the deal is lost",
        effect="misdeal",
    ),
    "case vi found": R(
        ("004 rule 15", "000 Case VI"),
        "the missing card is found and restored to the player short of it, who answers for any revoke he made",
        effect="restored",
    ),
    "detached card": R(("004 rule 14",), "no cards can be called", effect="none"),
    "renounce in error": R(
        ("004 rule 16",),
        "a wrong card thrown may be replaced by the proper one before the"
        " trick is turned; else it is a revoke (rule 15)",
        effect="none",
    ),
    "exposed in cutting for partners": R(
        ("004 rule 4",), "a player who, when cutting, exposes more than one card must cut again", effect="cut again"
    ),
    "exposed in cutting": R(
        ("004 rule 8",),
        "the rules are silent; the pack is cut again, no one having gained",
        effect="recut",
        silent=True,
    ),
    "seen in shuffling": R(
        ("004 rule 6",),
        "the rules are silent; the dealer shuffles again, no one having gained",
        effect="recut",
        silent=True,
    ),
}
del R

CODES: dict[str, dict[str, Rule]] = {"english-1864": ENGLISH, "american-1893": AMERICAN, "american-gwp": GWP}
"""The remedy table of each code of laws, keyed by the catalogue's irregularities."""

_CAYENNE_MISDEAL = "in Cayenne the deal is never lost: the misdealer deals again with the same cards"
_CAYENNE_REVOKE = (
    "the adversaries of the revoking player may take from him three tricks, or deduct the value of three"
    " tricks from his score, or add the value of three tricks to their own; the revoking players cannot"
    " score slams or game that hand, and must stop at nine"
)

CAYENNE: dict[str, Rule] = {
    # 002's interlined Cayenne lines (§12, §13, §16, §17, §18, §27, §30, §31, §37): what differs from the plain
    # Congress code (AMERICAN) when Cayenne is played at law.  Every other irregularity is ruled as in AMERICAN.
    "deal out of turn": Rule(
        ("002 §16", "002 §16 Cayenne"),
        "one dealing out of turn must be stopped before the last card is dealt; after that the deal is valid",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "other pack": Rule(
        ("002 §16", "002 §16 Cayenne"),
        "one dealing with his adversaries' pack must be stopped before"
        " the last card is dealt; after that the deal is valid and the packs, changed, so remain",
        ("stop deal",),
        chooser="adversaries of the dealer",
    ),
    "uncut": Rule(
        ("002 §17 I", "002 §17 Cayenne"),
        "the dealer omitted to have the pack cut: a misdeal if his"
        f" adversaries discover it before looking at their cards; {_CAYENNE_MISDEAL}",
        ("claim misdeal",),
        chooser="adversaries of the dealer",
    ),
    "dealt irregularly": Rule(
        ("002 §17 II", "002 §17 Cayenne"),
        f"a card dealt incorrectly and not corrected before another is dealt: a misdeal; {_CAYENNE_MISDEAL}",
        effect="misdeal",
    ),
    "two cards dealt": Rule(
        ("002 §17 II", "002 §17 Cayenne"),
        f"a card dealt incorrectly and not corrected before another is dealt: a misdeal; {_CAYENNE_MISDEAL}",
        effect="misdeal",
    ),
    "cards counted": Rule(
        ("002 §17 III", "002 §17 Cayenne"),
        f"the dealer counted the cards: a misdeal; {_CAYENNE_MISDEAL}",
        effect="misdeal",
    ),
    "wrong number": Rule(
        ("002 §17 IV", "002 §17 Cayenne"),
        "a player has not his proper number of cards,"
        " discovered before all have played to the first trick: a misdeal;"
        f" {_CAYENNE_MISDEAL}",
        effect="misdeal",
    ),
    "shuffled after cut": Rule(
        ("002 §12", "002 §12 Cayenne"),
        "the dealer reshuffled the pack after it was properly cut: in Cayenne the misdealer must deal again",
        effect="misdeal",
    ),
    "revoke": Rule(
        ("002 §30 Cayenne", "002 §31 Cayenne"),
        _CAYENNE_REVOKE,
        ("take three tricks", "deduct three", "add three"),
        chooser="claimants",
    ),
    "revoke in abandoned hand": Rule(
        ("002 §27", "002 §30 Cayenne"),
        "the revoke penalty attaches to abandoned hands: " + _CAYENNE_REVOKE,
        ("take three tricks", "deduct three", "add three"),
        chooser="claimants",
    ),
    "failed to comply": Rule(
        ("002 §38", "002 §30 Cayenne"),
        "failing to comply with a lawful call incurs the same penalty as a revoke",
        effect="revoke",
    ),
    "trick looked at": Rule(
        ("002 §37", "002 §24"),
        "a quitted trick other than the last must not be seen again until"
        " the hand is played (the last may be, by the Cayenne custom, except in nullo): the"
        " offender's side is liable to the penalty for a lead out of turn",
        ("call suit",),
        chooser="right of the leader",
        effect="suit right",
    ),
    "nullo trick looked at": Rule(
        ("002 §37 Cayenne", "002 §24"),
        "looking at the last trick is permitted, except in"
        " misères (hoyle: nullo): the penalty is the same as for a lead out of turn",
        ("call suit",),
        chooser="right of the leader",
        effect="suit right",
    ),
    "last trick looked at": Rule(
        ("002 §37 Cayenne",), "it is still the custom to permit looking at the last trick", effect="none"
    ),
    "no trumps": Rule(
        ("002 §26", "002 §35", "002 §18 Cayenne"),
        "the code's choice to trump or not to trump has no"
        " object when no trump suit was declared (grand, nullo): the call is spent",
        effect="none",
    ),
}


@dataclass(frozen=True, slots=True)
class CodeFacts:
    """What one code of laws says beyond its table of rules: each field one difference between the codes, named by
    what the laws say, with the laws that make it so.  Every field is set for every code (no defaults)."""

    penalty_is_a_point: bool
    """Every infringement costs one point, exacted by the adversaries at the close of the hand (004 rule 19), in place
    of the other codes' penalties at once (000 §56–91; 002 §20–39)."""
    misdeal_may_be_excused: bool
    """A misdeal may be excused, the dealer dealing again: an adversary touched the cards or interrupted him (000 §45,
    §50; 002 §17), or at Double Dummy (000 Double Dummy); under 004 a misdeal loses the deal (004 rule 9)."""
    dealt_out_of_turn_law: str
    """The law cited when one dealing out of turn misdeals, the deal not being his to lose (000 §48; 002 §16; 004 is
    silent and 002 §16 is cited)."""
    suit_called_by_adversary_on_right: bool
    """When the right leader is the offender's partner, only the adversary on his right may call the suit from him
    (002 §24; a demand by the other is a wrong demand, 002 §39); under 000 §62 either adversary calls it."""
    false_lead_card_called_laws: tuple[str, ...]
    """Laws cited, besides the rule's first, when the card led out of turn is called (000 §63)."""
    false_lead_cards_not_liable: bool
    """When a suit is exacted for a lead out of turn, the cards played to the false lead are taken back and are not
    liable to be called (002 §24)."""
    false_lead_stands_laws: tuple[str, ...]
    """The laws cited when all have followed a lead out of turn and the trick stands (000 §63; 002 §24; 004 rule 12)."""
    suit_called_laws: tuple[str, ...]
    """Laws cited, besides the rule's, when a suit is called from a player (000 §66: having none, the penalty is
    paid)."""
    suit_not_held_penalty_paid: bool
    """A suit called from one who holds none: the penalty is paid (000 §66); else none can be enforced (002 §24)."""
    card_called_laws: tuple[str, ...]
    """Laws cited, besides the phase's, when an exposed card is called (000 §64)."""
    exposed_card_called_laws: tuple[str, ...]
    """The laws by which a card left face up may be called when its holder is to play (000 §56, §65; 002 §21); empty
    where it is never called (004 rule 12: the exposure costs a point, rule 19)."""
    two_cards_adversary_calls: bool
    """Of two cards played at once, the adversary calls which goes to the trick (000 §56 I); else the player indicates
    the one played (002 §20 II; 004 rule 12: the first is played)."""
    highest_of_suit_not_held_is_trump_or_not: bool
    """One required to play the highest or lowest of a suit he has none of may be required to trump or not to trump
    instead (002 §35: "or, if he has none, to trump or not to trump the trick")."""
    last_trick_may_be_seen: bool
    """The last trick turned and quitted may be seen again (000 §91); 002 §37 and 004 rule 18 forbid it."""
    honours_must_be_called: bool
    """Honours are scored only if called at the end of the hand, and may be claimed late (000 §6, §7); 002 §1 and
    004 rule 2 score no honours."""
    renounce_law: str
    """The law that makes a renounce in error a revoke when the trick is turned and quitted (000 §71; 002 §28;
    004 rule 15)."""
    revoke_proved_law: str
    """The law cited when a revoke is proved by the search (000 §73; 002 §28; 004 rule 15)."""
    revoke_claimed_laws: tuple[str, ...]
    """Laws cited, besides the rule's first, when a revoke is claimed during the hand (000 §75, §79)."""
    revoke_claim_laws: tuple[str, ...]
    """Laws cited, besides the rule's, when revokes are claimed at the end of the hand (000 §75, §78; 002 §32,
    §33)."""
    revoking_side_cannot_win_game: bool
    """A side that revokes cannot win the game by that hand, and if both sides revoke neither can (002 §30; 000 §81
    where both revoke); 004 rule 15 has no such bar."""
    both_revoked_law: str
    """The law cited when both sides have revoked (000 §81; 002 §30; 004: none, the bar being unknown to it)."""
    deal_laws: tuple[str, ...]
    """The laws cited for the deal (000 §30, §34, §44, §52; 002 §8, §10, §13; 004 rule 5, rule 8, rule 9)."""


FACTS: dict[str, CodeFacts] = {
    "english-1864": CodeFacts(
        penalty_is_a_point=False,
        misdeal_may_be_excused=True,
        dealt_out_of_turn_law="000 §48",
        suit_called_by_adversary_on_right=False,
        false_lead_card_called_laws=("000 §63",),
        false_lead_cards_not_liable=False,
        false_lead_stands_laws=("000 §63",),
        suit_called_laws=("000 §66",),
        suit_not_held_penalty_paid=True,
        card_called_laws=("000 §64",),
        exposed_card_called_laws=("000 §56", "000 §65"),
        two_cards_adversary_calls=True,
        highest_of_suit_not_held_is_trump_or_not=False,
        last_trick_may_be_seen=True,
        honours_must_be_called=True,
        renounce_law="000 §71",
        revoke_proved_law="000 §73",
        revoke_claimed_laws=("000 §75", "000 §79"),
        revoke_claim_laws=("000 §75", "000 §78"),
        revoking_side_cannot_win_game=True,
        both_revoked_law="000 §81",
        deal_laws=("000 §30", "000 §34", "000 §44", "000 §52"),
    ),
    "american-1893": CodeFacts(
        penalty_is_a_point=False,
        misdeal_may_be_excused=True,
        dealt_out_of_turn_law="002 §16",
        suit_called_by_adversary_on_right=True,
        false_lead_card_called_laws=(),
        false_lead_cards_not_liable=True,
        false_lead_stands_laws=("002 §24",),
        suit_called_laws=(),
        suit_not_held_penalty_paid=False,
        card_called_laws=(),
        exposed_card_called_laws=("002 §21",),
        two_cards_adversary_calls=False,
        highest_of_suit_not_held_is_trump_or_not=True,
        last_trick_may_be_seen=False,
        honours_must_be_called=False,
        renounce_law="002 §28",
        revoke_proved_law="002 §28",
        revoke_claimed_laws=(),
        revoke_claim_laws=("002 §32", "002 §33"),
        revoking_side_cannot_win_game=True,
        both_revoked_law="002 §30",
        deal_laws=("002 §8", "002 §10", "002 §13"),
    ),
    "american-gwp": CodeFacts(
        penalty_is_a_point=True,
        misdeal_may_be_excused=False,
        dealt_out_of_turn_law="002 §16",
        suit_called_by_adversary_on_right=False,
        false_lead_card_called_laws=(),
        false_lead_cards_not_liable=False,
        false_lead_stands_laws=("004 rule 12",),
        suit_called_laws=(),
        suit_not_held_penalty_paid=False,
        card_called_laws=(),
        exposed_card_called_laws=(),
        two_cards_adversary_calls=False,
        highest_of_suit_not_held_is_trump_or_not=False,
        last_trick_may_be_seen=False,
        honours_must_be_called=False,
        renounce_law="004 rule 15",
        revoke_proved_law="004 rule 15",
        revoke_claimed_laws=(),
        revoke_claim_laws=(),
        revoking_side_cannot_win_game=False,
        both_revoked_law="",
        deal_laws=("004 rule 5", "004 rule 8", "004 rule 9"),
    ),
}
"""Each code's facts (:class:`CodeFacts`), beside its table of rules (:data:`CODES`); ``tab.facts`` at a table."""


@dataclass(frozen=True, slots=True)
class SoloCodeFacts:
    """What Solo Whist's codes (its option ``law_code``: 003's digest, or 002's Solo lines) say beyond the game's
    table of rules (:data:`hoyle.laws.solo.RULES`): the same shape as :class:`CodeFacts`, for the round game's own
    codes.  Every field is set for every code (no defaults)."""

    wrong_number_laws: tuple[str, ...]
    """The laws cited when a player is found with the wrong number of cards (003 digest: "must ... lose the stake";
    002 §19 Solo: "the deal stands good")."""
    declarers_wrong_number_played_out: bool
    """The caller or his partner found with the wrong number before the hand is played out: the deal stands good and
    the hand must be played out (002 §19 Solo); 003's digest settles it at once (the partnership loses the stake)."""


SOLO_FACTS: dict[str, SoloCodeFacts] = {
    "003": SoloCodeFacts(wrong_number_laws=("003 Solo digest",), declarers_wrong_number_played_out=False),
    "002": SoloCodeFacts(wrong_number_laws=("002 §19 Solo",), declarers_wrong_number_played_out=True),
}
"""Each of Solo's codes' facts (:class:`SoloCodeFacts`), keyed by the option ``law_code``; ``table.facts``."""


GAME_LINES: dict[str, dict[str, dict[str, Rule]]] = {"cayenne": {"american-1893": CAYENNE}}
"""002's interlined lines for a game of the whist family, over the code's table: ``GAME_LINES[game][code]``."""


def rule(code: str, key: str, game: str | None = None) -> Rule:
    """The rule ``code`` gives for the irregularity ``key`` (at ``game``, where 002 interlines its own lines)."""
    if game is not None:
        lines = GAME_LINES.get(game, {}).get(code)
        if lines is not None and key in lines:
            return lines[key]
    return CODES[code][key]


ANY = "*"
"""In a round game's table of rules (:func:`role_rule`): any offence (the key), or any role."""


def role_rule(rules: Mapping[tuple[str, str], Rule], key: str, roles: Sequence[str]) -> Rule | None:
    """A round game's rule for the offence ``key``, from its table of rules (:class:`Rule`) keyed ``(offence, the
    offender's role)`` (:data:`hoyle.laws.solo.RULES`, :data:`hoyle.laws.boston.RULES`): the first of ``roles`` (the
    most particular first) that the table rules, for this offence or, ``(ANY, role)``, for every offence; else
    ``(key, ANY)``.  ``None`` when the table is silent."""
    for r in roles:
        found = rules.get((key, r)) or rules.get((ANY, r))
        if found is not None:
            return found
    return rules.get((key, ANY))
