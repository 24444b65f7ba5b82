"""Which short tone a table change deserves, read from two successive public views.

The table publishes a version number, never events, so the box compares the view
it showed last with the new one. Every engine's public view carries "to_act" and
the table status; trick games add "last_trick", stick-throwing games "last_throw".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.buzzer import Note

# Within the buzzer's 440..1760 Hz; short enough never to talk over the players.
MELODIES: dict[str, tuple[Note, ...]] = {
    "your_turn": ((1047.0, 0.08),),
    "trick_won": ((784.0, 0.07), (None, 0.03), (1047.0, 0.12)),
    "throw": ((659.0, 0.04), (None, 0.02), (784.0, 0.04), (None, 0.02), (988.0, 0.06)),
    "recorded": ((880.0, 0.06), (None, 0.03), (1175.0, 0.09)),  # a score sheet's entry
    "game_end": ((523.0, 0.12), (659.0, 0.12), (784.0, 0.12), (1047.0, 0.3)),
}

View = Mapping[str, Any]


def cue_for(before: View | None, after: View | None) -> str | None:
    """The cue for going from view `before` to view `after` (None: no game shown).

    At most one cue per change, the most telling first: the game ended, a trick was
    won, the sticks were thrown, a seat must now act that did not have to before.
    """
    if after is None:
        return None
    phase = _phase(after)
    if phase == "over":
        return "game_end" if before is None or _phase(before) != "over" else None
    if phase != "playing":
        return None
    same_game = before is not None and _phase(before) == "playing"
    if same_game and before is not None:
        if _changed(before, after, "last_trick"):
            return "trick_won"
        if _changed(before, after, "last_throw"):
            return "throw"
    waiting_before = _waiting(before) if same_game and before is not None else set()
    if _waiting(after) - waiting_before:
        return "your_turn"
    return None


def _waiting(view: View) -> set[int]:
    """Who must act; nobody while the table reads a summary (it waits on Continues),
    so the turn's tone sounds when play resumes."""
    if view.get("table", {}).get("interlude"):
        return set()
    return set(view.get("to_act", []))


def _phase(view: View) -> str:
    return str(view.get("table", {}).get("phase", ""))


def _changed(before: View, after: View, key: str) -> bool:
    return after.get(key) is not None and after.get(key) != before.get(key)
