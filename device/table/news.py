"""Which deal a piece of news belongs to, so screens never replay old news.

Seat notices and how the last take-back ended are news: each is stamped with the
deal (round, season) it happened in, and the status shows only the current deal's.
A phone that slept through a deal's end (or reloads, or reconnects) is not told
again what happened before it; what it has already shown of the current deal it
remembers itself (webui/static/js/news.js).
"""

from __future__ import annotations

from device.table.interlude import summary_key
from engines import Game


def deal_of(record_id: int | None, game: Game | None) -> str:
    """The current deal, as an opaque word: the journal's game and the key of the
    newest summary its engine gave (the one that closed the deal before; none in the
    first deal). Generic: every engine's summary has a key (engines/base.py)."""
    if record_id is None:
        return ""
    return f"{record_id}/{summary_key(game) or ''}"
