"""Seat changes during play as every screen shows them (status "notices")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from device import i18n
from device.journal import SeatLogEntry

NOTICES_SHOWN = 4  # seat changes during play listed on every screen, newest last
NOTICE_SHOWN = 20.0  # seconds a page shows a seat change from when it first showed it


def notice(entry: SeatLogEntry, deal: str) -> dict[str, Any]:
    """A seat change as every screen shows it: names and seat numbers only. "text" is
    the English; "template" and "params" let each screen word it in its own language,
    marking the name as a bot's when "bot" (its level) is set ("Bot: Cogwheel, easy
    took seat 3"). "deal" is the deal it happened in (news.py: the status drops older
    ones), "shown" how long a page shows it (each page times it, once: js/news.js)."""
    said = notice_words(entry)
    return {
        "id": entry.id,
        "kind": entry.kind,
        "seat": entry.seat,
        "text": str(marked(said.message, said.params, entry.level)),
        "template": said.message,
        "params": dict(said.params),
        "bot": entry.level,
        "deal": deal,
        "shown": NOTICE_SHOWN,
    }


def marked(
    template: str, params: Mapping[str, Any], bot: str | None, *, short: bool = False
) -> i18n.Text:
    """A notice's words with its name marked as a bot's at `bot`'s level (None: a
    person's, unmarked); `short` for the OLED's narrow lines ("Cogwheel (bot)")."""
    if bot is None or "name" not in params:
        return i18n.Text(template, params)
    label = i18n.BOT_SHORT if short else i18n.BOT_LABELS.get(bot)
    if label is None:
        return i18n.Text(template, params)
    return i18n.Text(template, {**params, "name": i18n.Text(label, {"name": params["name"]})})


def latest(
    notices: list[dict[str, Any]], entries: list[SeatLogEntry], deal: str
) -> list[dict[str, Any]]:
    """The notices shown after these seat changes (made in `deal`): the newest NOTICES_SHOWN."""
    return [*notices, *(notice(entry, deal) for entry in entries)][-NOTICES_SHOWN:]


def of_deal(notices: list[dict[str, Any]], deal: str) -> list[dict[str, Any]]:
    """The notices of the current deal: older ones are old news on every screen."""
    return [n for n in notices if n.get("deal") == deal]


def notice_words(entry: SeatLogEntry) -> i18n.Text:
    """One whole sentence per kind of seat change (N_ marks it for the catalogs)."""
    name, seat, by = entry.name, entry.seat + 1, entry.by
    if entry.kind == "took":
        return i18n.N_("{name} took seat {seat}", name=name, seat=seat)
    if entry.kind == "left":
        return i18n.N_("{name} left seat {seat}", name=name, seat=seat)
    if entry.kind == "freed" and by == "holder":
        return i18n.N_("Seat {seat} ({name}) was freed: {name} agreed", name=name, seat=seat)
    if entry.kind == "freed" and by == "box":
        return i18n.N_("Seat {seat} ({name}) was freed on the box", name=name, seat=seat)
    if entry.kind == "freed":
        return i18n.N_("Seat {seat} ({name}) was freed: the table agreed", name=name, seat=seat)
    if entry.kind == "kept":
        return i18n.N_("{name} kept seat {seat}", name=name, seat=seat)
    if entry.kind == "refused":
        return i18n.N_("{by} refused to free seat {seat} ({name})", name=name, seat=seat, by=by)
    return i18n.N_(  # rematch.DROPPED
        "Seat {seat} ({name}) was freed: the next game has fewer seats", name=name, seat=seat
    )
