"""Companion mode: the Sàrénà score sheet for a game played on a real board.

Registered only when the app has score sheets. Setting up draws the secret colours
(or takes the ones just drawn on the box); each phone then looks at its own on
/colours. The result is entered as the piles or as each player's counts; the sheet
scores it with the engine's functions and reveals the colours. Its ValueErrors
are 400s with their message (webui.sheets).
"""

from __future__ import annotations

from typing import Any

from device.games.sarena.sheet import SarenaSheet
from webui.payload import list_of, read_json
from webui.sheets import game_sheet, read_setup, sheet_blueprint

bp = sheet_blueprint("sarena")


def sheet() -> SarenaSheet:
    return game_sheet("sarena")


@bp.post("/api/companion/sarena/setup")
def sarena_setup() -> dict[str, Any]:
    body = read_setup(optional={"use_drawn": bool})
    return sheet().setup(body["players"], body["names"], body.get("use_drawn", False))


@bp.post("/api/companion/sarena/result")
def sarena_result() -> dict[str, Any]:
    """Either {"piles": [[chip, ...], ...]} or {"counts": [{"chips", "tiebreak"?}, ...]}."""
    body = read_json(optional={"piles": list, "counts": list})
    piles, counts = body.get("piles"), body.get("counts")
    if piles is not None:
        for pile in list_of(piles, list, "piles"):
            list_of(pile, str, "each pile")
    if counts is not None:
        list_of(counts, dict, "counts")
    return sheet().record_result(piles=piles, counts=counts)
