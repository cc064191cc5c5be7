"""Issue 16: the rules bots' blunders, each at the seed where it was found.

Each case is deal 1 of ``hoyle play GAME --seats rules,rules,... --seed N``, played by the rules bots as they
were up to the blunder (the acts before it are written out), and then the bot to act is asked again.
"""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle import bots


def position(game: str, seed: int, acts: str, **options: Any) -> hoyle.Table:
    g = hoyle.game(game, **options)
    n = len(g.table(seed=0).seats)
    t = g.table(players=[f"rules-{i + 1}" for i in range(n)], seed=seed)
    for a in acts.split(" / "):
        t.apply(a)
    return t


def rules_choice(t: hoyle.Table) -> str:
    seat = t.to_act
    assert seat is not None
    i = int(t.view(None)["players"][seat].split("-")[1]) - 1
    action = bots.make("rules", t.game.name, seed=i).choose(t.view(seat), t.legal_actions())
    assert action in t.legal_actions()
    return str(action)


def test_third_hand_does_not_count_the_card_to_beat_as_played_whist_151() -> None:
    """North leads 4H, East plays JH; South holds QH TH 6H: the TH is no longer as good as the QH."""
    t = position("whist", 151, "play 4H / play JH")
    assert t.to_act == "S"
    assert rules_choice(t) == "play QH"


def test_the_solo_caller_does_not_count_the_card_to_beat_as_played_solo_178() -> None:
    """B's solo; D leads TC, A plays JC; B holds KC QC 9C 8C: QC wins it, the 9C does not."""
    t = position(
        "solo",
        178,
        "pass / call solo / pass / pass / play 5S / play KS / play 3S / play 4S / play KD / "
        "play 9D / play 2D / play AD / play AC / play 8C / play 3C / play 2C / play 2S / play AS / play 7S / "
        "play 4D / play AH / play 3H / play 2H / play 9H / play TC / play JC",
        players=4,
    )
    assert t.to_act == "B"
    assert rules_choice(t) == "play QC"


WHIST_118 = (
    "play AC / play 3C / play 2D / play 2C / play KC / play TC / play 8D / play 5C / play AD / play 3D / "
    "play 9D / play 5D / play 4C / play QC / play 2H / play 8C / play AS / play 6S / play 7S / play 2S / "
    "play 4S / play KS / play QS / play TS / play KD / play TD / play 4D / play 7H / play 3S / play TH / "
    "play QD / play JS / play JD / play 3H / play 4H / play 8H / play 9S / play JH / play 6C / play 5H / "
    "play 7D"
)
WHIST_59 = (
    "play QS / play AS / play 2S / play TS / play AH / play 3H / play 2H / play 8H / play QH / play KH / "
    "play 4H / play 6S / play 4C / play 2C / play AC / play 9C / play 4D / play 7D / play TD / play JD / "
    "play AD / play 5D / play QD / play 8D / play 2D / play 9D / play KC / play 3S / play 5S / play 4S / "
    "play 5C / play 7S / play 6H / play TC / play 5H / play KS / play JS / play 9S"
)


def test_no_low_ruff_into_a_known_over_ruff_whist_118() -> None:
    """West leads 7D; North, void, holds the 6H; East, to play next, showed out of diamonds at trick 9 and may
    hold higher trumps: North discards (his partner plays last) rather than ruff into the over-ruff."""
    t = position("whist", 118, WHIST_118)
    assert t.to_act == "N"
    assert not rules_choice(t).endswith("H")


def test_no_low_ruff_of_partners_trick_into_a_known_over_ruff_whist_59() -> None:
    """North's JS has the trick; South, holding only trumps (JC 8C 7C 3C), ruffed it with the 3C, and West, who
    showed out of spades at trick 8, over-ruffed with the 6C: South ruffs high."""
    t = position("whist", 59, WHIST_59)
    assert t.to_act == "S"
    assert rules_choice(t) == "play JC"


def test_draws_the_last_trumps_rather_than_lead_into_a_ruff_whist_2() -> None:
    """North holds AH QH 7H and only clubs besides; East has shown out of clubs: North leads the AH."""
    t = position(
        "whist",
        2,
        "play KC / play AC / play 8C / play 3C / play AS / play 2S / play 4S / play TS / "
        "play 3S / play 7S / play JS / play 5H / play QC / play 6C / play TC / play 5C / play JC / play 3H / "
        "play 9H / play TH / play 6D / play KD / play 4D / play 2D",
    )
    assert t.to_act == "N"
    assert rules_choice(t) == "play AH"


def test_draws_the_last_trumps_rather_than_lead_into_a_ruff_whist_53() -> None:
    """South holds AS KS JS; West has shown out of clubs, East out of hearts: South leads a trump, not the KC."""
    t = position(
        "whist",
        53,
        "play 3H / play 7H / play JH / play AH / play AD / play 5D / play 2D / play 7S / "
        "play 8H / play 5H / play KH / play 2S / play AC / play 8C / play 2C / play 4C / play 3C / play 9C / "
        "play 3S / play 6C / play TH / play 2H / play 5C / play QH",
    )
    assert t.to_act == "S"
    assert rules_choice(t) == "play AS"


def test_no_abondance_on_a_one_ace_hand_solo_297() -> None:
    """D holds AD QD JD TD 4D, KH JH TH 9H 7H 6H (the turn-up), JC 5C: five losers at least, so not nine
    tricks; the bot called abondance (valued 11.2), made four and lost 69d."""
    t = position("solo", 297, "call solo / pass / pass", players=4)
    assert t.to_act == "D"
    assert "abondance" not in rules_choice(t)


def test_valuation_is_capped_by_the_tricks_there_are_and_the_losers() -> None:
    """Boston seed 361: B bid 13 without the ace of diamonds, valuing the hand at 14.7 tricks."""
    from hoyle.bots.solo_rules import losers, playing_tricks
    from hoyle.cards import PACK_52, parse

    hand = parse("2D 6D TD JD QD KD 2S 3S 9S JS QS KS AS")
    others = set(PACK_52) - set(hand)
    assert losers(hand, others) == 1
    assert max(playing_tricks(hand, s, others) for s in range(4)) <= 12
    t = position("boston", 361, "pass", deals=1)
    assert t.to_act == "B"
    assert rules_choice(t) != "bid 13"


def test_a_called_bluff_is_given_up_poker_draw_12() -> None:
    """Deal 1 of poker at seed 12: D bluffs on AH 9H 6C 5C 2C; raised after the draw, he passes rather than see
    raise after raise with ace high (pot odds: a chance of a few in a thousand against a price of 1 in 22)."""
    g = hoyle.game("poker")
    names = [f"rules-{i + 1}" for i in range(5)]
    t = g.table(players=names, seed=12)
    robots = {nm: bots.make("rules", "poker", seed=120 + i) for i, nm in enumerate(names)}
    players = t.view(None)["players"]
    d_after_draw: list[str] = []
    while t.view(None)["deal"] == 1:
        seat = t.to_act
        assert seat is not None
        view = t.view(seat)
        action = robots[players[seat]].choose(view, t.legal_actions())
        if seat == "D" and view["phase"] != "draw" and (view.get("betting") or {}).get("interval") == 2:
            d_after_draw.append(str(action))
        t.apply(action)
    assert d_after_draw == ["pass"]


def test_the_poker_bot_draws_what_003_advises() -> None:
    """The draw's action text is in card notation (``draw 6H KC``): the bot drew nothing before, always
    standing pat because it looked for the text in lower case."""
    t = hoyle.game("poker").table(seed=12)
    while t.view(None)["phase"] != "draw":
        legal = t.legal_actions()
        t.apply(next((a for a in legal if str(a) in ("go in", "see", "ante")), legal[0]))
    seat = t.to_act
    assert seat is not None
    hand = hoyle.cards.parse(" ".join(t.view(seat)["hand"]))
    from hoyle.bots.poker_rules import draw_advice

    want = draw_advice(hand)
    action = bots.make("rules", "poker", seed=1).choose(t.view(seat), t.legal_actions())
    assert want and set(hoyle.cards.parse(action.arg)) == set(want)
