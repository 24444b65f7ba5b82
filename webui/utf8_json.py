"""JSON as the box sends it: every answer (Flask's provider), every stream event
(webui/live.py) and what bench/state_sizes.py counts, by one rule.

- UTF-8 text: escaped (`\\uXXXX`), each Japanese character of a name cost six bytes of
  a phone's state. A lone surrogate (never valid UTF-8; a hostile client may send one
  and an error may echo it) cannot be sent that way: then the whole text is escaped,
  as Flask does by default.
- Keys sorted (Flask's own default): a state reads the same text whether it came as
  an answer or on the stream, and a page that compares what it drew as text
  (js/pages/seat.js) sees no change where there is none."""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


def dumps(data: Any, **options: Any) -> str:
    """json.dumps with keys sorted and UTF-8 characters as they are, escaped only if
    they must be."""
    options = {"sort_keys": True, **options}
    text = json.dumps(data, ensure_ascii=False, **options)
    return text if _encodable(text) else json.dumps(data, ensure_ascii=True, **options)


class Utf8JSONProvider(DefaultJSONProvider):
    """Flask's JSON responses through `dumps`."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs.setdefault("default", self.default)
        return dumps(obj, **kwargs)


def _encodable(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True
