"""Secret colours for a game played on a real board: who drew which colour, kept secret.

A round gives each player one of the four colours, drawn with the operating
system's CSPRNG (`random.SystemRandom`); the colours nobody drew stay hidden for
good. A player looks at their own colour on their phone (a seat claimed once,
which gives that phone a token) or on the box (hold A while it is passed around).
Only when the round is revealed, at the end of the game, is every colour public.

Journal-backed like the score sheets: entries "round", "claim" and "reveal" under
the sheet "colours", so a power cut loses nothing. The journal holds the colours
and tokens; `Round.public()` is the only shape that leaves the box.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from device.companion.sheet import JournalSheet, clean_name, default_name
from device.journal import Journal
from engines.sarena.chips import COLOURS
from engines.secret_colours import draw_colours

MIN_PLAYERS = 2
MAX_PLAYERS = len(COLOURS)


class NotYourSeat(Exception):
    """A token that holds no seat of this round: the phone must claim a seat first."""


@dataclass
class Round:
    """One draw of secret colours. `colours` and `tokens` never leave the box as such."""

    id: int
    players: int
    names: list[str]
    colours: list[str]
    tokens: dict[int, str] = field(default_factory=dict)
    revealed: bool = False

    def name(self, seat: int) -> str:
        return (
            self.names[seat] if seat < len(self.names) and self.names[seat] else default_name(seat)
        )

    def public(self) -> dict[str, Any]:
        """What anyone may know: who has claimed a seat; the colours only once revealed."""
        return {
            "round": self.id,
            "players": self.players,
            "names": [self.name(seat) for seat in range(self.players)],
            "claimed": [seat in self.tokens for seat in range(self.players)],
            "revealed": self.revealed,
            "colours": list(self.colours) if self.revealed else None,
        }

    def seat_of(self, token: str) -> int | None:
        for seat, held in self.tokens.items():
            if secrets.compare_digest(held, token):
                return seat
        return None


class ColourRounds(JournalSheet):
    """Every round of secret colours the box has drawn; the latest is the current one."""

    SHEET = "colours"

    def __init__(
        self,
        journal: Journal,
        on_change: Callable[[], None],
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(journal, on_change)
        self._rng = rng if rng is not None else random.SystemRandom()

    # --- reading ----------------------------------------------------------------------

    def rounds(self) -> dict[int, Round]:
        """Every round, by id, folded from the journal's entries."""
        found: dict[int, Round] = {}
        for entry in self._entries():
            body = entry["body"]
            if entry["kind"] == "round":
                found[entry["id"]] = Round(
                    id=entry["id"],
                    players=body["players"],
                    names=body["names"],
                    colours=body["colours"],
                )
            elif entry["kind"] == "claim" and body["round"] in found:
                found[body["round"]].tokens[body["seat"]] = body["token"]
            elif entry["kind"] == "reveal" and body["round"] in found:
                found[body["round"]].revealed = True
        return found

    def current(self) -> Round | None:
        """The latest round, revealed or not; None before the first."""
        rounds = self.rounds()
        return rounds[max(rounds)] if rounds else None

    def get(self, round_id: int) -> Round:
        found = self.rounds().get(round_id)
        if found is None:
            raise ValueError("there is no such round of colours: draw them again")
        return found

    def seat_colour(self, round_id: int, token: str | None) -> dict[str, Any]:
        """The colour of the seat this token claimed: for that phone alone."""
        found = self.get(round_id)
        seat = found.seat_of(token) if token else None
        if seat is None:
            raise NotYourSeat("this phone has no seat in this round: choose your seat first")
        return {"round": found.id, "seat": seat, "colour": found.colours[seat]}

    # --- writing ----------------------------------------------------------------------

    def start(self, players: int, names: Sequence[object] | None = None) -> Round:
        """Draw a new round (the one before stays in the journal, still secret)."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not MIN_PLAYERS <= players <= MAX_PLAYERS
        ):
            raise ValueError(f"secret colours are for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if names is None:
            names = []
        if not isinstance(names, list | tuple) or len(names) not in (0, players):
            raise ValueError(f"give {players} names, one per seat, or none")
        clean = [clean_name(name, seat) for seat, name in enumerate(names)]
        drawn = draw_colours(self._rng, players, COLOURS)
        colours = [drawn[seat] for seat in range(players)]
        with self._writing():
            round_id = self._add("round", {"players": players, "names": clean, "colours": colours})
        return self.get(round_id)

    def claim(self, round_id: int, seat: int) -> str:
        """This phone takes a seat of the round; the token it gets shows that seat's colour."""
        with self._writing():
            found = self.get(round_id)
            if found.revealed:
                raise ValueError("the colours are already revealed: everyone can see them")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < found.players:
                raise ValueError(f"choose a seat from 1 to {found.players}")
            if seat in found.tokens:
                raise ValueError(
                    f"{found.name(seat)}'s colour is already on another phone; "
                    "if that is yours, look on the box instead"
                )
            token = secrets.token_urlsafe(16)
            self._add("claim", {"round": found.id, "seat": seat, "token": token})
        return token

    def reveal(self, round_id: int) -> Round:
        """The end of the game: every colour of this round becomes public."""
        with self._lock:
            found = self.get(round_id)
            if found.revealed:
                return found
            self._add("reveal", {"round": found.id})
            found.revealed = True
        self._on_change()
        return found
