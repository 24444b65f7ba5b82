"""Freeing a seat during play: the consent protocol.

A seat holds a hand during play, so freeing another player's seat needs that
player's consent (their phone is asked, `answer` with the holder's seat), or, for a
lost phone, every other player's after the holder's phone has had GRACE seconds to
refuse. With fewer than three people at the table "every other player" would be the
asker alone, who could then read the freed hand from a second phone: there only the
holder's consent or a press on the box (`by_box`: someone at the table, in sight of
both) frees it. In the lobby, and for the asker's own seat, a seat is freed at once.
Bots never consent and never count as people (`Seating.people`): a bot's seat is freed
with the people's consent, without the grace a phone has to refuse. A person's seat
given to a bot during play is freed with the same consent, and the bot (its level in
the request: `bot`) sits down in the same transaction.

Pure: `ask` and `answer` read the pending request and the table (`Seating`) and say
what to do (a `Step`); the Table carries it out in one journal transaction (freeing
the seat passes the host on, and every screen is told, status "notices"). The
journal keeps the pending request (`to_data`); its clock restarts on resume.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from device.i18n import People
from device.table.errors import TableError
from device.table.grace import GRACE
from device.table.takeback import Seating


@dataclass(frozen=True)
class ReleaseRequest:
    """The host asks to free a seat during play; it waits for consent."""

    seat: int
    by: int | None  # the seat that asked (the host), None for the box
    asked: float  # the table's clock when asked
    agreed: frozenset[int] = frozenset()
    bot: str | None = None  # once freed, a bot at this level takes the seat


@dataclass(frozen=True)
class Step:
    """What the Table does next: "free" a seat (logged as `log`, decided `by`), "end"
    the request (logged as `log` unless None), or "keep" `request` as the pending one."""

    outcome: str  # what the caller is told: freed | asked | agreed | refused | withdrawn
    action: str  # free | end | keep
    seat: int = -1  # the seat to free
    log: str | None = None  # the seat log's kind (left, freed, kept, refused)
    by: str | None = None  # "holder", "table", or the name of the player who refused
    request: ReleaseRequest | None = None  # the request kept
    bot: str | None = None  # once the seat is freed, a bot at this level takes it


def ask(
    request: ReleaseRequest | None,
    phase: str,
    seat: Any,
    by: int | None,
    at: Seating,
    bot: str | None = None,
) -> Step:
    """Free `seat` (asked by seat `by`, None for the box), for a bot at level `bot` to
    take it when set: at once in the lobby or for the asker's own seat, with the
    table's consent when it is complete, else ask."""
    if phase not in ("lobby", "playing"):
        raise TableError("there is no open game", "no_game")
    if not isinstance(seat, int) or seat not in at.taken:
        raise TableError("seat {seat} is already free", "seat_free", {"seat": _number(seat)})
    if phase == "lobby":
        return Step("freed", "free", seat, bot=bot)
    if seat == by:
        return Step("freed", "free", seat, "left", bot=bot)
    if request is not None:
        if request.seat != seat or request.bot != bot:
            raise TableError(
                "freeing seat {seat} is already asked: wait for the answer, or withdraw it",
                "release_pending",
                {"seat": request.seat + 1},
            )
        return _with_the_table(request, at)
    agreed = frozenset({by}) if by is not None and by in at.people else frozenset()
    return Step("asked", "keep", request=ReleaseRequest(seat, by, at.now, agreed, bot))


def answer(request: ReleaseRequest | None, phase: str, seat: int, allow: bool, at: Seating) -> Step:
    """A seated player's answer. The holder frees the seat ("freed") or keeps it
    ("refused"); anyone else agrees ("agreed", or "freed" when theirs was the last
    consent needed) or refuses, which ends the request ("refused"). The asker's own
    answer frees the seat with the table's consent ("freed", TableError while it is
    not complete) or withdraws the request ("withdrawn")."""
    if request is None or phase != "playing":
        raise TableError("nobody is asking to free a seat", "no_release")
    if seat not in at.people:  # bots never consent
        raise TableError("join the table first", "not_seated")
    if seat == request.seat:
        if allow:
            return Step("freed", "free", seat, "freed", "holder", bot=request.bot)
        return Step("refused", "end", log="kept")
    if seat == request.by:
        return _with_the_table(request, at) if allow else Step("withdrawn", "end")
    if not allow:
        return Step("refused", "end", log="refused", by=at.name(seat))
    agreed = ReleaseRequest(
        request.seat, request.by, request.asked, request.agreed | {seat}, request.bot
    )
    if why_not_yet(agreed, at) is None:
        return Step("freed", "free", request.seat, "freed", "table", bot=request.bot)
    return Step("agreed", "keep", request=agreed)


# The fewest people whose consent can free another's seat without its holder: with
# two, the asker would be the whole "rest of the table".
TABLE_CONSENT_FROM = 3


def by_box(request: ReleaseRequest | None, phase: str) -> Step:
    """Someone at the table confirmed on the box (its buttons, in sight of everyone
    there): the asked-for seat is freed."""
    if request is None or phase != "playing":
        raise TableError("nobody is asking to free a seat", "no_release")
    return Step("freed", "free", request.seat, "freed", "box", bot=request.bot)


def box_must_confirm(request: ReleaseRequest | None, at: Seating) -> bool:
    """Whether only the holder or the box can free the asked-for seat (too few
    people for the table's consent)."""
    return request is not None and len(at.people) < TABLE_CONSENT_FROM


def why_not_yet(request: ReleaseRequest, at: Seating) -> TableError | None:
    """None when the table's consent frees the seat now, else why not yet."""
    if len(at.people) < TABLE_CONSENT_FROM:  # bots never count as people
        return TableError(
            "with fewer than three players, only {name} or a press on the box can free this seat",
            "release_needs_holder",
            {"name": at.name(request.seat)},
        )
    waiting = sorted(at.people - {request.seat} - request.agreed)
    if waiting:
        names = People([at.name(s) for s in waiting])  # さん on each name in Japanese
        return TableError("waiting for {names} to agree", "release_waiting", {"names": names})
    left = GRACE - (at.now - request.asked)
    if left > 0 and request.seat not in at.bots:  # a bot has no phone to refuse with
        return TableError(
            "{name}'s phone may still refuse: try again in {seconds} s",
            "release_wait",
            {"name": at.name(request.seat), "seconds": math.ceil(left)},
        )
    return None


def after_freed(request: ReleaseRequest | None, seat: int) -> ReleaseRequest | None:
    """The request once `seat` is freed: one to free that seat, or made by it, ends;
    its consent no longer counts."""
    if request is None or seat in (request.seat, request.by):
        return None
    if seat in request.agreed:
        return ReleaseRequest(
            request.seat, request.by, request.asked, request.agreed - {seat}, request.bot
        )
    return request


def status(request: ReleaseRequest | None, at: Seating) -> dict[str, Any] | None:
    """The pending request as every screen shows it: who, asked by whom, who agreed,
    who not yet, and the grace the holder's phone has."""
    if request is None:
        return None
    others = at.people - {request.seat}
    return {
        "seat": request.seat,
        "name": at.name(request.seat),
        "by": request.by,
        "agreed": sorted(request.agreed & others),
        "waiting": sorted(others - request.agreed),
        "grace": GRACE,
        "box_confirms": box_must_confirm(request, at),
        "bot": request.bot,  # the level of the bot that takes the seat; None: left free
    }


def to_data(request: ReleaseRequest | None) -> dict[str, Any] | None:
    """What the journal keeps of a request to free a seat (its clock restarts on resume)."""
    if request is None:
        return None
    data = {"seat": request.seat, "by": request.by, "agreed": sorted(request.agreed)}
    return {**data, "bot": request.bot} if request.bot else data


def resumed(
    data: Mapping[str, Any] | None,
    taken: Collection[int],
    now: float,
    people: Collection[int] | None = None,
) -> ReleaseRequest | None:
    """A kept request after a restart, its holder's phone given the whole grace again;
    None when there was none or its seat is no longer held."""
    if not data or data["seat"] not in taken:
        return None
    people = taken if people is None else people
    agreed = frozenset(data["agreed"]) & set(people)
    return ReleaseRequest(data["seat"], data["by"], now, agreed, data.get("bot"))


def _with_the_table(request: ReleaseRequest, at: Seating) -> Step:
    why_not = why_not_yet(request, at)
    if why_not is not None:
        raise why_not
    return Step("freed", "free", request.seat, "freed", "table", bot=request.bot)


def _number(seat: object) -> str:
    return str(seat + 1) if isinstance(seat, int) else str(seat)
