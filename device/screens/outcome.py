"""Why the winners won, on the OLED: the page after the final summary's, while the
table reads it. The winners named as the summary's title names them, then the reason
in a sentence: a game words its own reasons (its `DeviceGame.outcome`, e.g. Chanoyu's
"Bo reached 15 but Cy is under 8"); the generic reason, most points, is worded here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device import games
from device.i18n import words_for
from device.screens.message import message_screen
from device.screens.result import winners_text
from device.screens.score_rows import final_winners


def outcome_text(view: Mapping[str, Any], status: Mapping[str, Any]) -> str | None:
    """The reason for the final summary's winners in the table's language, or None."""
    summary = view["summary"]
    winners = final_winners(summary)
    if not winners:
        return None
    declared = games.game(view["game"])
    own = declared.outcome(summary, status) if declared and declared.outcome else None
    if own is not None:
        return own
    if (summary.get("outcome") or {}).get("reason") == "most_points":
        w = words_for(status)
        return w.gettext("Most points: {points}", points=summary["totals"][winners[0]])
    return None


def outcome_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """The winners as the title, the reason below, wrapped at words."""
    reason = outcome_text(view, status)
    headline = winners_text(final_winners(view["summary"]), status)
    return message_screen(headline, [reason] if reason else [])
