"""Replays and verification of a game that is over, from the journal alone.

A game is its setup (engine, players, options, seed) and the actions that stand:
taken-back actions were moved out of `actions` (device/table/takeback.py), so a replay
never shows a move the table took back. Replaying the first `step` actions on a
fresh engine gives the state after them, for any audience: the public table
(seat None), one seat's view, or every hand open at once ("all", when the table
allowed it in the lobby: the table option `open_hands`).

Nothing here ever touches a game still in its lobby or in play: `load` refuses it
(ReplayRefused, code "game_in_progress"), so its seed, salt and hands stay sealed.

`verify` is what `tablemate verify` and the replay page run: the commitment
recomputed from the revealed seed and salt (device/history/fingerprint.py), every action
replayed through the engine, and the end reached compared with the end journaled.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import engines
from device.history.fingerprint import DIGEST_VERSION, commitment, short, state_digest
from device.journal import ENDED_STATUSES, GameRecord, Journal
from device.refusal import StatusRefusal
from engines import Game, IllegalAction

OPEN_HANDS = "open_hands"  # the table option: may a replay open every hand at once?
DEFAULT_OPEN_HANDS = True
PUBLIC, ALL = "public", "all"  # audiences beside a seat's number
MAX_GAME_ID = 2**63 - 1  # SQLite's largest integer


class ReplayRefused(StatusRefusal):
    """A replay that cannot be shown: a player's sentence, a stable code and the HTTP
    status the web answers with (device/refusal.py)."""


@dataclass(frozen=True)
class Check:
    """One part of a verification: what was checked, whether it held (None: it could
    not be checked, e.g. a game from before deals were sealed) and what was found."""

    name: str
    ok: bool | None
    detail: str


@dataclass(frozen=True)
class Verification:
    ok: bool
    checks: list[Check] = field(default_factory=list)

    def data(self) -> dict[str, Any]:
        return {"ok": self.ok, "checks": [asdict(check) for check in self.checks]}


def load(journal: Journal, game_id: int) -> GameRecord:
    """The journal's record of a game that is over (finished, ended early, abandoned
    or kept as unreplayable), or ReplayRefused: never a game still open."""
    # An id past SQLite's integers is no game (and would not fit its query).
    record = journal.game(game_id) if 0 < game_id <= MAX_GAME_ID else None
    if record is None:
        raise ReplayRefused("there is no such game in the box's history", "not_found", 404)
    if record.status not in ENDED_STATUSES:
        # Not one word of it before it is over: not even how many moves it has.
        raise ReplayRefused(
            "that game is still being played: its replay opens when it is over",
            "game_in_progress",
        )
    if record.seed is None:
        raise ReplayRefused("that game never started: there is nothing to replay", "not_started")
    if record.engine not in engines.names():
        raise ReplayRefused("this box no longer knows that game", "unknown_game")
    return record


def open_hands(record: GameRecord) -> bool:
    return bool(record.table_options.get(OPEN_HANDS, DEFAULT_OPEN_HANDS))


def audiences(record: GameRecord) -> list[str | int]:
    """Whom a replay may be shown as: the public table, each seat, and every hand
    open at once where the table allowed it."""
    seats: list[str | int] = list(range(record.players))
    return [PUBLIC, *seats, *([ALL] if open_hands(record) else [])]


def fresh_game(record: GameRecord) -> Game:
    """The game as it was dealt: its setup, seed and generator, no action yet."""
    assert record.seed is not None
    return engines.load({**record.saved_game(), "actions": []})


def game_at(record: GameRecord, step: int) -> tuple[Game, list[dict[str, Any]]]:
    """The game after its first `step` actions, and the public events of the last."""
    if not 0 <= step <= len(record.actions):
        raise ReplayRefused(
            "that game has steps 0 to {last}",
            "invalid_field",
            status=400,
            params={"last": len(record.actions)},
        )
    refused = ReplayRefused("this game no longer replays with the box's rules", "unreplayable")
    events: list[dict[str, Any]] = []
    try:
        game = fresh_game(record)
        # Other rules would show other states: a replay is the game as it was played.
        if game.rules_version != record.rules_version:
            raise refused
        for seat, action in record.actions[:step]:
            events = game.apply(seat, action)
    except (IllegalAction, ValueError, KeyError, TypeError):  # an engine that changed
        raise refused from None
    return game, events


def view_for(game: Game, audience: str | int) -> dict[str, Any]:
    """One audience's view; for "all", the public view with every seat's beside it."""
    if audience == PUBLIC:
        return game.view(None)
    if audience == ALL:
        return {**game.view(None), "seat_views": [game.view(s) for s in range(game.players)]}
    assert isinstance(audience, int)
    return game.view(audience)


def check_audience(record: GameRecord, audience: str | int) -> None:
    if audience == ALL and not open_hands(record):
        raise ReplayRefused(
            "this table chose not to open every hand in its replays", "hands_closed", 403
        )
    if audience not in audiences(record):
        raise ReplayRefused(
            "show the replay as {public}, a seat (0 to {last}) or {all}",
            "invalid_field",
            400,
            params={"public": PUBLIC, "last": record.players - 1, "all": ALL},
        )


def revealed(record: GameRecord) -> dict[str, Any]:
    """The deal's seal and, the game being over, what it sealed: enough for anyone to
    recompute the commitment (docs/architecture.md, "Sealed deals")."""
    return {
        "commitment": record.commitment,
        "fingerprint": short(record.commitment) if record.commitment else None,
        "engine": record.engine,
        "rules_version": record.rules_version,
        "players": record.players,
        "options": record.options,
        "seed": record.seed,
        "salt": record.salt,
        # None: dealt before games recorded their generator (engines/rng.py LEGACY).
        "generator": record.generator,
    }


def verify(record: GameRecord) -> Verification:
    """Recompute the commitment, replay every action from the seed, compare the end."""
    checks = [_check_seal(record)]
    replay, game = _check_actions(record)
    checks.append(replay)
    checks.append(_check_end(record, game))
    return Verification(all(check.ok is not False for check in checks), checks)


def _check_seal(record: GameRecord) -> Check:
    if record.commitment is None or record.salt is None or record.seed is None:
        return Check("seal", None, "this game started before deals were sealed: no fingerprint")
    again = commitment(
        engine=record.engine,
        rules_version=record.rules_version,
        players=record.players,
        options=record.options,
        seed=record.seed,
        salt=record.salt,
        generator=record.generator,
    )
    if again != record.commitment:
        return Check(
            "seal",
            False,
            f"the revealed seed and setup give {short(again)}, not the fingerprint shown at"
            f" the start, {short(record.commitment)}",
        )
    return Check("seal", True, f"the seed and setup give the fingerprint {short(again)}")


def _check_actions(record: GameRecord) -> tuple[Check, Game | None]:
    try:
        game = fresh_game(record)
    except ValueError as err:
        return Check("actions", False, f"the game cannot be set up again: {err}"), None
    if game.rules_version != record.rules_version:
        return Check(
            "actions",
            False,
            f"it was played with rules version {record.rules_version}; this box has"
            f" {game.rules_version}",
        ), None
    for index, (seat, action) in enumerate(record.actions):
        try:
            game.apply(seat, action)
        except IllegalAction as err:
            return Check(
                "actions",
                False,
                f"move {index + 1} (seat {seat + 1}) is refused by the rules: {err.reason}",
            ), None
        except (ValueError, KeyError, TypeError) as err:  # a move no engine would write
            return Check(
                "actions",
                False,
                f"move {index + 1} (seat {seat + 1}) is not a move of this game"
                f" ({type(err).__name__})",
            ), None
    count = len(record.actions)
    return Check("actions", True, f"all {count} moves replay from the seed"), game


def _check_end(record: GameRecord, game: Game | None) -> Check:
    ended = record.result
    if game is None:
        return Check("end", False, "the replay stopped before the end")
    if ended is None:
        return Check("end", None, "no end was journaled for this game (an older release)")
    if ended.get("actions") != len(game.log):
        return Check(
            "end",
            False,
            f"the game ended after {ended.get('actions')} moves; the journal holds {len(game.log)}",
        )
    if ended.get("digest") == DIGEST_VERSION:
        if ended.get("state") != state_digest(game):
            return Check("end", False, "the replay does not end in the state the table reached")
        return Check("end", True, f"the replay ends as the game did (scores {ended.get('scores')})")
    # An older release hashed every view, which later views (they say more) cannot
    # reproduce: its result, journaled in plain, is what the replay must reach.
    if ended.get("scores") != list(game.scores) or ended.get("winners") != list(game.winners):
        return Check("end", False, "the replay does not end in the state the table reached")
    return Check(
        "end",
        True,
        f"the replay ends with the scores {ended.get('scores')} and winners the game had"
        " (recorded by an older release)",
    )


def report(journal: Journal, game_id: int) -> tuple[bool, list[str]]:
    """`tablemate verify GAME_ID`: (ok, the lines to print)."""
    try:
        record = load(journal, game_id)
    except ReplayRefused as err:
        return False, [f"game {game_id}: {err}"]
    title = engines.info(record.engine)["title"]
    result = verify(record)
    seal = revealed(record)
    lines = [
        f"game {game_id}: {title}, {record.players} players, {record.status},"
        f" {len(record.actions)} moves",
        f"fingerprint {seal['fingerprint'] or '(none: not sealed)'}"
        f"  commitment {seal['commitment'] or '-'}",
        f"seed {seal['seed']}  salt {seal['salt'] or '-'}"
        f"  generator {seal['generator'] or engines.rng.LEGACY + ' (not recorded: older game)'}",
    ]
    marks = {True: "ok  ", False: "FAIL", None: "--  "}
    lines += [f"  {marks[check.ok]} {check.name}: {check.detail}" for check in result.checks]
    lines.append(
        "OK: the deal was fixed at the start and every move replays"
        if result.ok
        else "FAILED: this game does not verify"
    )
    return result.ok, lines
