"""Secret colours for a game played on a real board: who drew which colour, kept secret.

A round gives each player one of the four colours, drawn with the operating
system's CSPRNG (`random.SystemRandom`); the colours nobody drew stay hidden for
good. A player looks at their own colour on their phone (a seat claimed once,
which gives that phone a token) or on the box (hold A while it is passed around).
Only when the round is revealed, at the end of the game, is every colour public.

Who may do what, like seats at the table:

- A round has a **code**, 4 letters like a room code. Only its owner is shown it:
  the phone that drew the round (`start(..., owned=True)` also gives that phone an
  **owner token**), or the box's OLED for a round drawn on the box (`box_code`).
  Claiming a seat needs the code; each seat is claimed once, and `public()` says
  which are taken.
- A seat's colour is read with the token its claim gave (`seat_colour`) and nothing
  else.
- Revealing every colour before the end needs the owner token; a round drawn on
  the box has none, so only the box reveals it. The box itself calls `reveal`
  without a token (`BOX`): it is trusted, as is a game's score sheet that draws colours
  once it has checked its own owner.
- A round an older release wrote (no code, no owner) stays usable: its seats are
  claimed without a code (none was ever shown), and a phone holding one of its
  seats may reveal it.

Journal-backed like the score sheets: entries "round", "claim" and "reveal" under
the sheet "colours", so a power cut loses nothing. The journal holds the colours,
codes and tokens; `Round.public()` is the only shape that leaves the box.
"""

from __future__ import annotations

import enum
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from device.companion.sheet import JournalSheet, Refusal, SheetError, clean_name, default_name
from device.journal import Journal
from device.table import ROOM_ALPHABET, ROOM_LENGTH
from engines.secret_colours import COLOURS, draw_colours

MIN_PLAYERS = 2
MAX_PLAYERS = len(COLOURS)
CODE_LENGTH = ROOM_LENGTH
TOKEN_BYTES = 16  # secrets.token_urlsafe: 22 characters, like the table's seat tokens


class Caller(enum.Enum):
    """A caller trusted without a token."""

    BOX = "box"  # the box's own buttons, and the score sheet once it checked its owner


BOX: Final = Caller.BOX

# Who may reveal a round before the end, as `public()` tells the pages.
Revealer = Literal["owner", "box", "seat"]


class NotYourSeat(Refusal):
    """A token that holds no seat of this round: the phone must claim a seat first."""


class NotAllowed(Refusal):
    """A request without what it needs: the round's code, or its owner's token."""


class WrongCode(NotAllowed):
    """A claim without this round's code (or with another)."""


class NotTheOwner(NotAllowed):
    """A reveal (or a score sheet's end) from a phone that does not own the round."""


def new_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(CODE_LENGTH))


def same_secret(held: str | None, given: object) -> bool:
    """`given` is the secret `held`, compared in constant time; False for anything
    that cannot be one (None, not text, not ASCII)."""
    if held is None or not isinstance(given, str) or not given or not given.isascii():
        return False
    return secrets.compare_digest(held, given)


@dataclass
class Round:
    """One draw of secret colours. `colours`, `tokens`, `code` and `owner` never
    leave the box as such.

    `code` is None only for a round an older release drew; `owner` is None for a
    round drawn on the box (and for those older rounds)."""

    id: int
    players: int
    names: list[str]
    colours: list[str]
    tokens: dict[int, str] = field(default_factory=dict)
    revealed: bool = False
    code: str | None = None
    owner: str | None = None

    def name(self, seat: int) -> str:
        return (
            self.names[seat] if seat < len(self.names) and self.names[seat] else default_name(seat)
        )

    @property
    def revealer(self) -> Revealer:
        """Who may reveal it before the end: its owner's phone, the box only, or (a
        round from an older release) any phone holding one of its seats."""
        if self.code is None:
            return "seat"
        return "owner" if self.owner is not None else "box"

    def public(self) -> dict[str, Any]:
        """What anyone may know: who has claimed a seat, whether claiming needs the
        code and who may reveal; the colours only once revealed. Never a code or token."""
        return {
            "round": self.id,
            "players": self.players,
            "names": [self.name(seat) for seat in range(self.players)],
            "claimed": [seat in self.tokens for seat in range(self.players)],
            "needs_code": self.code is not None,
            "reveal_by": self.revealer,
            "revealed": self.revealed,
            "colours": list(self.colours) if self.revealed else None,
        }

    def seat_of(self, token: str | None) -> int | None:
        for seat, held in self.tokens.items():
            if same_secret(held, token):
                return seat
        return None

    def code_matches(self, code: object) -> bool:
        """The code as typed (any case, spaces around it) is this round's; a round
        without a code (an older release's) takes any."""
        if self.code is None:
            return True
        typed = code.strip().upper() if isinstance(code, str) else None
        return same_secret(self.code, typed)

    def may_reveal(self, token: str | Caller | None) -> bool:
        """Whether this caller may reveal the round before the end (see `revealer`)."""
        if token is BOX:
            return True
        if not isinstance(token, str):
            return False
        if self.code is None:
            return self.seat_of(token) is not None
        return same_secret(self.owner, token)

    def refusal(self) -> NotTheOwner:
        """Why a reveal without the right token is refused, and what to do instead."""
        if self.revealer == "box":
            return NotTheOwner(
                "these colours were drawn on the box: reveal them there (on the box, "
                "choose Secret colours, then Reveal all)",
                "colours_on_box",
            )
        if self.revealer == "owner":
            return NotTheOwner(
                "only the phone that drew these colours can reveal them (or on the box, "
                "choose Secret colours, then Reveal all)",
                "colours_not_owner",
            )
        return NotTheOwner(
            "only a phone that took a seat of this round can reveal it (or on the box, "
            "choose Secret colours, then Reveal all)",
            "colours_not_owner",
        )


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
                    code=body.get("code"),  # absent in an older release's round
                    owner=body.get("owner"),
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
            raise SheetError(
                "there is no such round of colours: draw them again", "colours_no_round"
            )
        return found

    def box_code(self, round_id: int) -> str | None:
        """The code the box's OLED shows for this round: a round drawn on the box
        (`start` without `owned`) shows it there and nowhere else. None for a round
        a phone drew (that phone shows it) and for one an older release drew."""
        found = self.get(round_id)
        return found.code if found.revealer == "box" else None

    def seat_colour(self, round_id: int, token: str | None) -> dict[str, Any]:
        """The colour of the seat this token claimed: for that phone alone."""
        found = self.get(round_id)
        seat = found.seat_of(token) if token else None
        if seat is None:
            raise NotYourSeat(
                "this phone has no seat in this round: choose your seat first", "colours_no_seat"
            )
        return {"round": found.id, "seat": seat, "colour": found.colours[seat]}

    # --- writing ----------------------------------------------------------------------

    def start(
        self, players: int, names: Sequence[object] | None = None, owned: bool = False
    ) -> Round:
        """Draw a new round (the one before stays in the journal, still secret), with
        its code. `owned`: a phone draws it, and the returned round's `owner` is the
        token that phone keeps to see the code and reveal; otherwise (the box) only
        the box reveals it."""
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not MIN_PLAYERS <= players <= MAX_PLAYERS
        ):
            raise SheetError(
                "secret colours are for {low} to {high} players",
                "sheet_players",
                {"low": MIN_PLAYERS, "high": MAX_PLAYERS},
            )
        if names is None:
            names = []
        if not isinstance(names, list | tuple) or len(names) not in (0, players):
            raise SheetError(
                "give {players} names, one per seat, or none", "sheet_names", {"players": players}
            )
        clean = [clean_name(name, seat) for seat, name in enumerate(names)]
        drawn = draw_colours(self._rng, players, COLOURS)
        colours = [drawn[seat] for seat in range(players)]
        body = {
            "players": players,
            "names": clean,
            "colours": colours,
            "code": new_code(),
            "owner": secrets.token_urlsafe(TOKEN_BYTES) if owned else None,
        }
        with self._writing():
            round_id = self._add("round", body)
        return self.get(round_id)

    def claim(self, round_id: int, seat: int, code: str | None = None) -> str:
        """This phone takes a seat of the round with the round's code; the token it
        gets shows that seat's colour. WrongCode without the right code."""
        with self._writing():
            found = self.get(round_id)
            if found.revealed:
                raise SheetError(
                    "the colours are already revealed: everyone can see them", "colours_revealed"
                )
            if not found.code_matches(code):
                if code:
                    raise WrongCode(
                        "that is not this round's code: ask the phone that drew the colours "
                        "(or look on the box) for its 4 letters",
                        "wrong_code",
                    )
                raise WrongCode(
                    "type the round's code first: the phone that drew the colours "
                    "(or the box) shows its 4 letters",
                    "wrong_code",
                )
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < found.players:
                raise SheetError(
                    "choose a seat from 1 to {players}", "colours_seat", {"players": found.players}
                )
            if seat in found.tokens:
                raise SheetError(
                    "{name}'s colour is already on another phone; "
                    "if that is yours, look on the box instead",
                    "colours_seat_taken",
                    {"name": found.name(seat)},
                )
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self._add("claim", {"round": found.id, "seat": seat, "token": token})
        return token

    def reveal(self, round_id: int, token: str | Caller | None = BOX) -> Round:
        """The end of the game: every colour of this round becomes public.

        `token`: a phone's token, which must be the round's owner's (see
        `Round.may_reveal`), else NotTheOwner. Left out, the caller is the box (or
        a sheet that checked its own owner): every web route passes the token."""
        with self._lock:
            found = self.get(round_id)
            if found.revealed:
                return found
            if not found.may_reveal(token):
                raise found.refusal()
            self._add("reveal", {"round": found.id})
            found.revealed = True
        self._on_change()
        return found
