"""JSON sent as UTF-8 text: escaped (`\\uXXXX`), each Japanese character of a name cost
six bytes of a phone's state. A lone surrogate (never valid UTF-8; a hostile client
may send one and an error may echo it) cannot be sent that way: then the whole text
is escaped, as Flask does by default."""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


def dumps(data: Any, **options: Any) -> str:
    """json.dumps with UTF-8 characters as they are, escaped only if they must be."""
    text = json.dumps(data, ensure_ascii=False, **options)
    return text if _encodable(text) else json.dumps(data, ensure_ascii=True, **options)


class Utf8JSONProvider(DefaultJSONProvider):
    """Flask's JSON responses through `dumps`'s rule."""

    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        text = super().dumps(obj, **kwargs)
        if _encodable(text):
            return text
        return super().dumps(obj, **{**kwargs, "ensure_ascii": True})


def _encodable(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True
