"""Reading a JSON request body strictly: an object with known fields of known types.

Anything else (not JSON, too deep, not an object, a missing or unknown field, a
wrong type) is refused with a 400 before the table is touched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

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


def read_json(
    required: Mapping[str, Kind] = NOTHING, optional: Mapping[str, Kind] = NOTHING
) -> dict[str, Any]:
    """The request's JSON object, checked against the fields given; ApiError(400) if bad.

    An empty body counts as {} (for actions that need no fields).
    """
    raw = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    if not raw.strip():
        body: object = {}
    else:
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    unknown = sorted(key for key in body if key not in required and key not in optional)
    if unknown:
        raise ApiError(400, f"unknown field(s): {', '.join(unknown)}")
    missing = sorted(key for key in required if key not in body)
    if missing:
        raise ApiError(400, f"missing field(s): {', '.join(missing)}")
    for key, value in body.items():
        kind = required.get(key) or optional[key]
        if not is_kind(value, kind):
            raise ApiError(400, f"{key} must be {describe(kind)}")
    return body


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
            raise ApiError(400, f"every item of {field} must be {describe(kind)}")
    return value
