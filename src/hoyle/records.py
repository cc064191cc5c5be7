"""Records as files: ``load``/``loads``/``dump``/``dumps`` in the manner of the ``json`` module.

A record is written one action a line, so that an error can name the line of
the file where the record goes wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from .engine.table import Table, replay
from .errors import RecordError

__all__ = ["dump", "dumps", "load", "loads", "replay_file", "replay_text"]


def dumps(record: Mapping[str, Any]) -> str:
    """The record as JSON text, one action and one deal a line."""
    head = {k: v for k, v in record.items() if k not in ("deals", "actions", "scores", "over", "shuffler")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    for key in ("deals", "actions"):
        items = record.get(key, [])
        lines.append(f' "{key}": [')
        for i, item in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            lines.append("  " + json.dumps(item, ensure_ascii=False) + comma)
        lines.append(" ],")
    lines.append(f' "scores": {json.dumps(record.get("scores", {}))},')
    lines.append(f' "over": {json.dumps(record.get("over", False))},')
    lines.append(f' "shuffler": {json.dumps(record.get("shuffler"))}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def dump(record: Mapping[str, Any], fp: IO[str]) -> None:
    """Write the record to an open text file."""
    fp.write(dumps(record))


def loads(text: str) -> tuple[dict[str, Any], dict[str, int]]:
    """The record in ``text`` and a map from places (``"actions[3]"``) to line numbers.

    Raises :class:`RecordError` naming the line if the text is not JSON.
    """
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"line {exc.lineno}: not valid JSON: {exc.msg}") from None
    if not isinstance(record, dict):
        raise RecordError("line 1: a record is a JSON object")
    return record, _line_map(text)


def load(fp: IO[str]) -> tuple[dict[str, Any], dict[str, int]]:
    """Read a record from an open text file (see :func:`loads`)."""
    return loads(fp.read())


def _line_map(text: str) -> dict[str, int]:
    """Where each deal and action stands in the file, when written one a line as :func:`dumps` does."""
    out: dict[str, int] = {}
    section: str | None = None
    index = 0
    for n, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if s.startswith('"deals": [') or s.startswith('"actions": ['):
            section = "deals" if "deals" in s else "actions"
            index = 0
            if s.endswith("[]") or s.endswith("],"):
                section = None
            continue
        if section is not None:
            if s.startswith("]"):
                section = None
                continue
            out[f"{section}[{index}]"] = n
            index += 1
        elif s.startswith('"scores"'):
            out["scores"] = n
    return out


def replay_text(text: str) -> Table:
    """Replay a record given as JSON text; errors name the line."""
    record, lines = loads(text)
    return replay(record, lines=lines)


def replay_file(path: str | Path) -> Table:
    """Replay the record in the file at ``path``; errors name the line."""
    return replay_text(Path(path).read_text(encoding="utf-8"))
