"""The shape of a ``hoyle-record/1``: its JSON Schema (``hoyle/record.schema.json``), and plain messages.

:func:`check` validates a record against the schema shipped with the package and raises
:class:`~hoyle.errors.RecordError` naming the field and the reason in words, never in Python's (no
"'int' object is not iterable").  Whether the facts of a well-formed record follow from its play is
:func:`hoyle.replay`'s business; this is only the shape (docs/records.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..errors import RecordError

if TYPE_CHECKING:  # jsonschema is imported on the first check, never by a program that replays no record
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = ["check", "schema"]

_TYPE_WORDS = {
    "object": "a JSON object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
    "number": "a number",
}


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of ``hoyle-record/1`` (a fresh parse of the file shipped in the package)."""
    data: dict[str, Any] = json.loads(files("hoyle").joinpath("record.schema.json").read_text(encoding="utf-8"))
    return data


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _field(path: list[str | int]) -> tuple[str, str]:
    """The place for line numbers (``deals[2]``) and the field within it (``cut``) of a schema path."""
    if not path:
        return "record", ""
    place, rest = str(path[0]), list(path[1:])
    if rest and isinstance(rest[0], int):
        place += f"[{rest.pop(0)}]"
    field = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in rest).lstrip(".")
    return place, field


def _reason(err: ValidationError) -> str:
    v, value = err.validator, err.instance
    rule: Any = err.validator_value
    where: Any = err.schema
    if v == "type":
        kinds = rule if isinstance(rule, list) else [rule]
        return f"must be {' or '.join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)}, not {_shown(value)}"
    if v == "required":
        missing = [k for k in rule if isinstance(value, Mapping) and k not in value]
        return f"{', '.join(missing)} missing"
    if v == "additionalProperties":
        allowed = sorted(where.get("properties", {})) if isinstance(where, Mapping) else []
        extra = sorted(k for k in value if k not in allowed) if isinstance(value, Mapping) else []
        return (
            f"{', '.join(map(repr, extra))} {'is not a field' if len(extra) == 1 else 'are not fields'} here"
            f" (the fields are: {', '.join(allowed)})"
        )
    if v == "const":
        return f"must be {_shown(rule)}, not {_shown(value)}"
    if v == "enum":
        return f"must be one of {', '.join(_shown(x) for x in rule)}, not {_shown(value)}"
    if v == "pattern":
        return f"{_shown(value)} is not a card, or a list of cards separated by spaces, as hoyle writes them (AS TH 2C)"
    if v == "uniqueItems":
        return f"names a seat or player twice: {_shown(value)}"
    if v in ("minLength", "minItems", "minProperties"):
        return f"must not be empty, found {_shown(value)}"
    if v == "minimum":
        return f"must be {rule} or more, not {_shown(value)}"
    if v in ("oneOf", "not"):
        if isinstance(value, int) and not isinstance(value, bool) and value == 0:
            return "a draw of 0 cards is not a draw"
        return f"{_shown(value)} is not one of the forms this field takes (docs/records.md)"
    return str(err.message)


def check(record: Mapping[str, Any], where: Callable[[str], str] | None = None) -> None:
    """Raise :class:`RecordError` at the first part of ``record`` that is not of the form of ``hoyle-record/1``.

    ``where`` turns a place (``"deals[2]"``) into the text to show (with the file's line, when known).
    """
    errors = sorted(_validator().iter_errors(record), key=lambda e: (len(e.absolute_path), list(map(str, e.path))))
    if not errors:
        return
    err = errors[0]
    place, field = _field(list(err.absolute_path))
    shown = where(place) if where is not None else place
    raise RecordError(f"{shown}: {field + ': ' if field else ''}{_reason(err)}", place=place)
