"""The Table's refusals: a player's sentence with a stable code (device/refusal.py)."""

from __future__ import annotations

import logging

from device.refusal import Refusal
from device.table.takeback import TakeBackRefused, check_mode

log = logging.getLogger("device.table")


class TableError(Refusal):
    """A request the table cannot honour now: a player's sentence (device/refusal.py)
    and a stable code for pages and scripts ("table" unless a more precise one)."""

    default_code = "table"


def not_saved(what: str, err: Exception) -> TableError:
    """A journal write failed, so nothing was kept: the player may simply try again.
    Only the error's type is logged (its message may hold a row's contents)."""
    log.error("journal write failed, %s not kept: %s", what, type(err).__name__)
    return TableError("the box could not save that; please try again", "not_saved")


def take_back_refused(err: TakeBackRefused) -> TableError:
    # Its template is extracted from device/table/takeback.py (the TakeBackRefused keyword).
    return TableError(err.template, err.code, err.params)


def take_back_mode(mode: str | None) -> str:
    """The table's take-back mode ("ask" if None), or TableError naming the ones there are."""
    try:
        return check_mode("ask" if mode is None else mode)
    except TakeBackRefused as err:
        raise take_back_refused(err) from None


def setup_refused(err: ValueError) -> TableError:
    """An engine's setup refusal (its own English words, not a catalog entry: engines
    check options in ValueErrors), after a sentence each reader gets in their language."""
    return TableError(
        "the game cannot start with these settings: {reason}", "invalid_setup", {"reason": str(err)}
    )
