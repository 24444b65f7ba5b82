"""Reading a request's JSON body strictly, in one place, for every route.

A body is a JSON object with known fields of exact types (JSON true is not a number,
a whole number is not text), read by `read_json(required={...}, optional={...})`.
Before any field is looked at the whole body is checked against the box's bounds:
UTF-8 JSON (no NaN or Infinity), at most MAX_DEPTH containers deep, every string
valid Unicode (no lone surrogate from a "\\ud800" escape: SQLite could not store it)
and at most MAX_TEXT characters, every list or object at most MAX_ITEMS long,
every whole number within MAX_WHOLE and every other number finite. Anything else is
refused with a 400 (code "invalid_json" or "invalid_field", webui.errors) before
the table is touched; a route checks only what is its own (a room code's letters).

The other things a client sends are checked where they are read: a seat token
(header or ?token=) in webui.auth, a write's Content-Type and Origin in
webui.guard, a path part by its route (/j/<code> keeps 4 ASCII letters).

Why not a library: msgspec would decode into typed structs, but importing it adds
~0.65 MB of RSS to a process that has Flask already (measured on x86-64 with
msgspec 0.22), it still raises UnicodeDecodeError, RecursionError and an odd
"truncated" error for a lone surrogate that need wrapping, and every score
sheet's routes read the mapping form below; this module is ~170 lines.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any, NoReturn

from flask import request

from webui.errors import ApiError

# A field's kind: a type, or a tuple of types (e.g. (dict, type(None))).
Kind = type | tuple[type, ...]

KIND_NAMES = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    dict: "an object",
    list: "a list",
    type(None): "null",
}

NOTHING: Mapping[str, Kind] = {}

# The bounds of any body. The deepest real one (a score sheet's round: body, tableaux,
# a seat's row, a card) is 4 containers deep; the longest list a sheet takes is a few
# dozen entries; names are cut to 16 characters by the table, room codes are 4.
MAX_DEPTH = 8
MAX_TEXT = 1000
MAX_ITEMS = 200
MAX_WHOLE = 2**53 - 1  # what a browser's numbers hold exactly, and SQLite's INTEGER

SURROGATE = re.compile("[\ud800-\udfff]")


def read_json(
    required: Mapping[str, Kind] = NOTHING, optional: Mapping[str, Kind] = NOTHING
) -> dict[str, Any]:
    """The request's JSON object, checked against the fields given; ApiError(400) if bad.

    An empty body counts as {} (for actions that need no fields).
    """
    body = parse_body(request.get_data(cache=True))  # 413 past MAX_CONTENT_LENGTH
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object", "invalid_json")
    unknown = sorted(key for key in body if key not in required and key not in optional)
    if unknown:
        raise ApiError(
            400,
            "unknown field(s): {fields}",
            "invalid_field",
            params={"fields": ", ".join(unknown)},
        )
    missing = sorted(key for key in required if key not in body)
    if missing:
        raise ApiError(
            400,
            "missing field(s): {fields}",
            "invalid_field",
            params={"fields": ", ".join(missing)},
        )
    for key, value in body.items():
        kind = required.get(key) or optional[key]
        if not is_kind(value, kind):
            # The kind's name ("text", "true or false") is a JSON type's, left in English.
            raise ApiError(
                400,
                "{field} must be {kind}",
                "invalid_field",
                params={"field": key, "kind": describe(kind)},
            )
    return body


def parse_body(raw: bytes) -> Any:
    """JSON from the raw body, within the bounds above; {} for an empty body."""
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(
            400, "the request body is not valid JSON: it must be UTF-8 text", "invalid_json"
        ) from None
    try:
        body = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not valid JSON", "invalid_json") from None
    check_bounds(body)
    return body


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def check_bounds(body: Any) -> None:
    """ApiError(400) unless every part of a parsed body is within the box's bounds."""
    if isinstance(body, dict):
        if len(body) > MAX_ITEMS:
            raise ApiError(
                400,
                "the request body has more than {most} fields",
                "invalid_json",
                params={"most": MAX_ITEMS},
            )
        for key, value in body.items():
            _check(key, key, 1)
            _check(value, key, 1)
    else:
        _check(body, "the request body", 0)


def _check(value: Any, field: str, depth: int) -> None:
    """One value of the top-level field `field`, `depth` containers down."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ApiError(
                400,
                "{field} is too long (at most {most} characters)",
                "invalid_field",
                params={"field": field, "most": MAX_TEXT},
            )
        if not value.isascii() and SURROGATE.search(value):
            raise ApiError(
                400, "{field} is not valid Unicode text", "invalid_field", params={"field": field}
            )
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if abs(value) > MAX_WHOLE:
            _too_large(field)
    elif isinstance(value, float):
        if not math.isfinite(value):
            _too_large(field)
    elif isinstance(value, list | dict):
        if depth + 1 > MAX_DEPTH:
            raise ApiError(
                400,
                "the request body is nested too deep (at most {most} levels)",
                "invalid_json",
                params={"most": MAX_DEPTH},
            )
        if len(value) > MAX_ITEMS:
            raise ApiError(
                400,
                "{field} has too many entries (at most {most})",
                "invalid_field",
                params={"field": field, "most": MAX_ITEMS},
            )
        if isinstance(value, dict):
            for key, item in value.items():
                _check(key, field, depth + 1)
                _check(item, field, depth + 1)
        else:
            for item in value:
                _check(item, field, depth + 1)


def _too_large(field: str) -> NoReturn:
    raise ApiError(
        400,
        "{field} holds a number too large for the box",
        "invalid_field",
        params={"field": field},
    )


def bad_json(message: str) -> NoReturn:
    raise ApiError(400, message, "invalid_json")


def bad_field(message: str) -> NoReturn:
    raise ApiError(400, message, "invalid_field")


def is_kind(value: object, kind: Kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds  # JSON true is not a number here
    return isinstance(value, kinds)


def describe(kind: Kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(KIND_NAMES.get(k, k.__name__) for k in kinds)


def list_of(value: list[Any], kind: Kind, field: str) -> list[Any]:
    """Check every item of a list field; ApiError(400) naming the field if one is wrong."""
    for item in value:
        if not is_kind(item, kind):
            raise ApiError(
                400,
                "every item of {field} must be {kind}",
                "invalid_field",
                params={"field": field, "kind": describe(kind)},
            )
    return value


def whole_between(value: int, low: int, high: int, field: str) -> int:
    """A whole-number field within [low, high]; ApiError(400) naming the field if not."""
    if not low <= value <= high:
        raise ApiError(
            400,
            "{field} must be {low} to {high}",
            "invalid_field",
            params={"field": field, "low": low, "high": high},
        )
    return value


def one_of(value: str, choices: tuple[str, ...], field: str) -> str:
    """A text field that must be one of a few words; ApiError(400) naming them if not."""
    if value not in choices:
        raise ApiError(
            400,
            "{field} must be one of {choices}",
            "invalid_field",
            params={"field": field, "choices": ", ".join(choices)},
        )
    return value
