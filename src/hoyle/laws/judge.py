"""A hand and its rulings, in order, as text: what ``hoyle judge RECORD`` prints.

The record is replayed (so every ruling is the law's, not the record's say),
and each deal is written as it went: the deal, the tricks, every
irregularity and ruling with its law, the claims and the score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.table import replay

__all__ = ["judge_lines"]

_SHOWN = frozenset(
    {
        "deal",
        "declare",
        "trick",
        "ruling",
        "misdeal",
        "score",
        "game",
        "rubber",
        "call",
        "expose",
        "interrupt",
        "bid",
        "contract",
        "trumps",
        "result",
        "payment",
    }
)


def _code(record: Mapping[str, Any]) -> str:
    """The code of laws a record was played under, as the game's options say."""
    options = record.get("options", {})
    game = record.get("game")
    if game in ("cayenne", "boston"):
        return f"american-1893 (002 with its {str(game).title()} lines)"
    if game == "solo":
        return (
            "american-1893 (002's Solo lines; the digest where 002 is silent)"
            if options.get("law_code") == "002"
            else "003 Solo digest (with 002's Solo lines)"
        )
    return str(options.get("code", "english-1864"))


def judge_lines(record: Mapping[str, Any], *, deal: int | None = None, rulings_only: bool = False) -> list[str]:
    """The lines of the judgement of ``record``: each deal (or only deal number ``deal``) with its rulings.

    Raises :class:`~hoyle.errors.RecordError` if the record does not replay.
    """
    t = replay(record)
    options = record.get("options", {})
    out = [
        f"{record.get('game')}, code {_code(record)}"
        f"{'' if options.get('irregularities') else ' (strict mode: no irregularities possible)'}"
    ]
    number = 0
    rulings = 0
    for e in t.events:
        if e.kind == "deal":
            number = int(e.data.get("deal", number + 1))
        if deal is not None and number != deal:
            continue
        if e.kind not in _SHOWN:
            continue
        if rulings_only and e.kind not in ("ruling", "misdeal", "deal"):
            continue
        if e.kind == "deal":
            out.append("")
            out.append(e.text)
        elif e.kind == "ruling":
            rulings += 1
            out.append(f"  RULING {rulings}: {e.text}")
        elif e.kind == "misdeal":
            rulings += 1
            out.append(f"  RULING {rulings}: {e.text} ({', '.join(e.law) if isinstance(e.law, list) else e.law})")
        elif e.kind == "trick":
            out.append(f"  {e.text}")
        else:
            out.append(f"  {e.text}")
    out.append("")
    out.append(
        f"{rulings} ruling{'s' if rulings != 1 else ''}; scores {dict(t.scores)}"
        f"{'; the sitting is over' if t.over else ''}"
    )
    return out
