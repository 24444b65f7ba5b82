"""Seat changes as the journal keeps them: a person or a bot sitting down, a seat
freed or swapped, a departure logged, a request to free a seat carried out.

Each runs with the Table's lock held and writes the journal in one transaction (or
inside the caller's), changing the `TableState` only once the journal has it: a
failed write changes nothing. Who may sit where is decided before (seating.py,
bot_seats.py, release.py); the Table says when and tells the screens (core.py).
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable

from device.journal import Journal, SeatLogEntry, SeatRecord
from device.table import bot_seats, notices, release, seating
from device.table.errors import TableError
from device.table.state import TableState


def new_token() -> str:
    return secrets.token_urlsafe(18)


def log_entry(
    journal: Journal,
    s: TableState,
    kind: str,
    seat: int,
    name: str,
    by: str | None = None,
    level: str | None = None,
) -> SeatLogEntry:
    """A seat change during play or after a game, journaled; `level` marks a bot's seat."""
    assert s.record_id is not None
    entry_id = journal.log_seat(s.record_id, kind, seat, name, by, level)
    return SeatLogEntry(entry_id, kind, seat, name, by, time.time(), level)


def announce(s: TableState, entries: list[SeatLogEntry]) -> None:
    """Show these seat changes on every screen (notices.py)."""
    s.notices = notices.latest(s.notices, entries, s.deal)


def seat_person(journal: Journal, s: TableState, name: str, asked: int | None) -> tuple[int, str]:
    """Seat a person where seating.seat_for_person says (the first seated becomes host);
    returns (seat, token)."""
    seat = seating.seat_for_person(s, asked)
    token = new_token()
    name = name or f"Player {seat + 1}"
    seating.check_person_name(s, name)
    hosts = s.host_seat is None
    playing = s.phase == "playing"
    assert s.record_id is not None
    with journal.transaction():
        if seat in s.seats:  # a bot's, in the lobby: the person takes it back
            journal.clear_seat(s.record_id, seat)
        journal.set_seat(s.record_id, seat, name, token)
        if hosts:
            journal.set_host(s.record_id, seat)
        logged = [log_entry(journal, s, "took", seat, name)] if playing else []
    s.seats[seat] = SeatRecord(seat, name, token)
    if hosts:
        s.host_seat = seat
    announce(s, logged)
    return seat, token


def seat_bot(journal: Journal, s: TableState, seat: int, level: str) -> str:
    """Seat a bot at `level` in the free `seat` (inside the caller's transaction);
    returns its name. Its token is never handed out: no phone plays a bot."""
    name = bot_seats.next_name(s)
    token = new_token()
    assert s.record_id is not None
    journal.set_seat(s.record_id, seat, name, token, kind="bot", level=level)
    if s.phase == "playing":
        announce(s, [log_entry(journal, s, "took", seat, name, level=level)])
    s.seats[seat] = SeatRecord(seat, name, token, "bot", level)
    return name


def free(
    journal: Journal,
    s: TableState,
    seat: int,
    kind: str | None,
    by: str | None,
    seat_left: Callable[[int], None],
) -> None:
    """Free a seat, the host passing on if it was theirs; during play `kind` ("left"
    or "freed") goes to the seat log too. `seat_left` ends the seat's own requests
    (a take-back it asked for) inside the same transaction."""
    assert s.record_id is not None
    holder = s.seats[seat]
    host = _next_host(s, seat)
    request = release.after_freed(s.release, seat)
    with journal.transaction():
        journal.clear_seat(s.record_id, seat)
        if host != s.host_seat:
            journal.set_host(s.record_id, host)
            if s.opener is not None:  # the opener's key no longer reclaims it
                journal.forget_opener(s.record_id)
        if request != s.release:
            journal.set_release_request(s.record_id, release.to_data(request))
        logged = []
        if kind is not None:
            logged.append(log_entry(journal, s, kind, seat, holder.name, by, holder.level))
        seat_left(seat)
    del s.seats[seat]
    if host != s.host_seat:
        s.host_seat, s.opener = host, None
    s.release = request
    announce(s, logged)


def carry_out(
    journal: Journal,
    s: TableState,
    step: release.Step,
    seat_left: Callable[[int], None],
) -> bool:
    """What the consent protocol decided (release.py), in one transaction. Returns
    True when the lobby closed (its last person left): the Table then empties."""
    assert s.record_id is not None
    if step.action == "free" and s.phase == "lobby" and s.people <= {step.seat}:
        # The last person leaves a lobby: it closes (kept as abandoned), so the next
        # person in can open a game instead of meeting a lobby nobody hosts.
        with journal.transaction():
            free(journal, s, step.seat, step.log, step.by, seat_left)
            journal.end_game(s.record_id, "abandoned")
        return True
    if step.action == "free":
        with journal.transaction():
            free(journal, s, step.seat, step.log, step.by, seat_left)
            if step.bot is not None:  # given to a bot: it sits down at once
                seat_bot(journal, s, step.seat, step.bot)
    elif step.action == "end":
        assert s.release is not None
        asked = s.release.seat
        with journal.transaction():
            journal.set_release_request(s.record_id, None)
            level = s.seats[asked].level if asked in s.seats else None
            logged = (
                []
                if step.log is None
                else [log_entry(journal, s, step.log, asked, s.seat_name(asked), step.by, level)]
            )
        s.release = None
        announce(s, logged)
    else:
        journal.set_release_request(s.record_id, release.to_data(step.request))
        s.release = step.request
    return False


def leave_after_game(journal: Journal, s: TableState, seat: int) -> None:
    """A player leaves once the game is over: the finished game keeps their name
    (history) and the seat log says they left, so the next game seats everyone else."""
    holder = s.seats.get(seat)
    if holder is None:
        raise TableError("join the table first", "not_seated")
    assert s.record_id is not None
    host = _next_host(s, seat)
    with journal.transaction():
        entry = log_entry(journal, s, "left", seat, holder.name, level=holder.level)
        if host != s.host_seat:
            journal.set_host(s.record_id, host)
    del s.seats[seat]
    s.host_seat = host
    announce(s, [entry])


def swap(journal: Journal, s: TableState, first: int, second: int) -> None:
    """Exchange two seats in the lobby (host rights follow their holder)."""
    for seat in (first, second):
        if not isinstance(seat, int) or not 0 <= seat < s.players:
            raise TableError("there is no seat {seat}", "no_such_seat", {"seat": seat})
    if first == second:
        return
    assert s.record_id is not None
    host = s.host_seat
    if host in (first, second):
        host = second if host == first else first
    with journal.transaction():
        journal.swap_seats(s.record_id, first, second)
        if host != s.host_seat:
            journal.set_host(s.record_id, host)
    moved = {first: s.seats.pop(second, None), second: s.seats.pop(first, None)}
    for seat, record in moved.items():
        if record is not None:
            s.seats[seat] = dataclasses.replace(record, seat=seat)
    s.host_seat = host


def _next_host(s: TableState, leaving: int) -> int | None:
    """Host rights pass to the lowest seat a person holds, or to the next to join."""
    if s.host_seat != leaving:
        return s.host_seat
    rest = [taken for taken in s.people if taken != leaving]
    return min(rest) if rest else None
