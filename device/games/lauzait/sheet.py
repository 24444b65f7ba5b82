"""The Lauzait Cep score sheet: the bank, the seasons and the declarations of a
game played with real pieces.

It replaces the banknotes. Each player's ledger records every department formed
(its bonus, from engines.lauzait.department_bonus, paid at once) and every
department dissolved (refunding exactly the bonus recorded when it was formed).
A declaration scores its formation points (engines.lauzait.formation_points) and
ends the season; the next season's start player and direction come from
engines.lauzait.seasons.start_and_direction, the sticks deciding ties, so the
sheet follows the same rules as the engine: one rule, one place.

Entries are appended to the journal and folded into the current state; nothing
is ever erased. Corrections are entries too, and are listed with their time: a
form or dissolve entered by mistake is voided, a season's declaration is entered
again, a season's start player and direction are set by hand (when the table
threw real sticks). The log keeps what a correction changed in place: a voided
entry stays in it with "voided_at", a declaration entered again with
"replaced_by" (the id and time of the one that replaced it), so the table sees
what changed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from device.companion.sheet import Entry, GameSheet, SheetError, clean_names, seat_label
from engines.lauzait import Lauzait, department_bonus, formation_points, winners
from engines.lauzait.departments import check_roles
from engines.lauzait.pieces import is_piece_code, is_wild, piece_set, role_codes
from engines.lauzait.scoring import LAYERED_BRIDGES_CHOICES, Role, split_role
from engines.lauzait.seasons import DIRECTION_NAMES, HAND_SIZE, start_and_direction

if TYPE_CHECKING:
    from device.companion import SheetTools

PLAYER_COUNTS = range(Lauzait.min_players, Lauzait.max_players + 1)
DIRECTIONS = tuple(DIRECTION_NAMES.values())
DEPARTMENTS_IN_HAND = HAND_SIZE // 3
VOIDABLE = ("form", "dissolve", "finish")


class LauzaitSheet(GameSheet):
    """The Lauzait Cep bank and score sheet, journal-backed."""

    SHEET = "lauzait"

    def __init__(self, tools: SheetTools, rng: random.Random | None = None) -> None:
        super().__init__(tools)
        self._rng = rng if rng is not None else random.SystemRandom()

    # --- reading ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return _Fold(*self._latest_setup()).state()

    @staticmethod
    def calculate(
        departments: Sequence[Sequence[Role]],
        *,
        stalemate: bool = False,
        luminous: str | None = None,
        hand: Sequence[str] | None = None,
        layered_bridges: int = 2,
    ) -> dict[str, Any]:
        """The declaration calculator: every formation part and the total, and what
        each department would pay as a bonus if revealed. Writes nothing."""
        formation = formation_points(
            departments,
            stalemate=stalemate,
            luminous=luminous,
            layered_bridges=layered_bridges,
            hand=_hand(hand),
        )
        bonuses = []
        for department in departments:
            pieces, roles = _pieces_and_roles(department)
            bonuses.append(department_bonus(pieces, roles))
        return {"formation": formation, "bonuses": bonuses}

    # --- writing ----------------------------------------------------------------------

    def setup(
        self, players: int, names: Sequence[str | None], layered_bridges: int = 2
    ) -> dict[str, Any]:
        """Start a new sheet (the old one stays in the journal) and throw for the
        first season's start player and direction."""
        if not _whole(players) or players not in PLAYER_COUNTS:
            raise SheetError(
                "Lauzait Cep is for {low} to {high} players",
                "sheet_players",
                {"low": PLAYER_COUNTS.start, "high": PLAYER_COUNTS.stop - 1},
            )
        clean = clean_names(names, players)
        if not _whole(layered_bridges) or layered_bridges not in LAYERED_BRIDGES_CHOICES:
            raise SheetError(
                "layered bridges are worth 2 (Japanese rulebook) or 3 (English)",
                "sheet_layered_bridges",
            )
        with self._writing():
            self._add(
                "setup",
                {"players": players, "names": clean, "layered_bridges": layered_bridges},
            )
            self._add("season", self._season_start(1, [0] * players))
        return self.state()

    def form(
        self, seat: int, pieces: Sequence[str], roles: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """A player reveals a department: the bank pays its bonus."""
        with self._writing():
            fold = self._playing()
            _check_seat(fold, seat)
            pieces, checked = _department(pieces, roles, fold.players)
            if len(fold.revealed[seat]) >= DEPARTMENTS_IN_HAND:
                raise SheetError(
                    "{name} already shows three departments",
                    "sheet_three_departments",
                    {"name": seat_label(fold.names, seat)},
                )
            shown = Counter(p for dept in fold.all_revealed() for p in dept["pieces"])
            over = shown + Counter(pieces) - piece_set(fold.players)
            if over:
                piece = next(iter(over))
                raise SheetError(
                    "there are not that many {piece} in a {players}-player game",
                    "sheet_too_many_pieces",
                    {"piece": piece, "players": fold.players},
                )
            body = {
                "seat": seat,
                "pieces": pieces,
                "roles": list(checked),
                "bonus": department_bonus(pieces, checked),
            }
            self._add("form", body)
        return self.state()

    def dissolve(self, seat: int, department: int) -> dict[str, Any]:
        """A player reconceals a department (by its id): the bank takes back exactly
        the bonus it paid for it."""
        with self._writing():
            fold = self._playing()
            _check_seat(fold, seat)
            if not _whole(department):
                raise SheetError(
                    "department must be the id of a revealed department", "sheet_department"
                )
            found = [d for d in fold.revealed[seat] if d["id"] == department]
            if not found:
                raise SheetError(
                    "{name} shows no such department",
                    "sheet_department",
                    {"name": seat_label(fold.names, seat)},
                )
            self._add("dissolve", {"seat": seat, "form": department, "refund": found[0]["bonus"]})
        return self.state()

    def declare(
        self,
        seat: int,
        departments: Sequence[Sequence[Role]],
        *,
        stalemate: bool = False,
        luminous: str | None = None,
        hand: Sequence[str] | None = None,
        season: int | None = None,
    ) -> dict[str, Any]:
        """Lauzait-Cep! The declarer scores the formation points and the season ends;
        the next one starts (fewest points first, the sticks deciding ties) unless it
        was the last. Entering a season's declaration again corrects it."""
        with self._writing():
            fold = self._setup_done()
            _check_seat(fold, seat)
            if season is None:
                if fold.over or fold.season in fold.declarations:
                    raise SheetError(
                        "the game is over: to correct a declaration, say its season",
                        "sheet_season",
                    )
                season = fold.season
            if not _whole(season) or not 1 <= season <= fold.season:
                raise SheetError(
                    "season must be 1 to {last}", "sheet_season", {"last": fold.season}
                )
            correcting = season in fold.declarations
            formation = formation_points(
                departments,
                stalemate=stalemate,
                luminous=luminous,
                layered_bridges=fold.layered_bridges,
                hand=_hand(hand),
            )
            body = {
                "season": season,
                "seat": seat,
                "departments": [list(department) for department in departments],
                "stalemate": stalemate,
                "luminous": luminous,
                "formation": formation,
            }
            self._add("declare", body)
            if not correcting and season < fold.players:
                scores = list(fold.scores)
                scores[seat] += formation["total"]
                self._add("season", self._season_start(season + 1, scores))
        return self.state()

    def set_season(self, start_player: int, direction: str) -> dict[str, Any]:
        """Set the current season's start player and direction by hand (a correction)."""
        with self._writing():
            fold = self._playing()
            _check_seat(fold, start_player)
            if direction not in DIRECTIONS:
                raise SheetError(
                    "direction must be clockwise or counterclockwise", "sheet_direction"
                )
            if fold.players == 2 and direction != DIRECTIONS[0]:
                raise SheetError("with two players play simply goes clockwise", "sheet_direction")
            body = {
                "season": fold.season,
                "start_player": start_player,
                "direction": direction,
                "throws": [],
                "by_hand": True,
            }
            self._add("season", body)
        return self.state()

    def finish(self) -> dict[str, Any]:
        """The table agrees to stop: the scores stand as they are."""
        with self._writing():
            self._playing()
            self._add("finish", {})
        return self.state()

    def void(self, entry: int) -> dict[str, Any]:
        """Strike out a form, dissolve or finish entered by mistake (logged)."""
        with self._writing():
            fold = self._setup_done()
            if not _whole(entry) or entry not in fold.voidable:
                raise SheetError(
                    "only a form, a dissolve or an early end can be voided", "sheet_void"
                )
            if entry in fold.dissolved_forms:
                raise SheetError(
                    "that department was dissolved since: void the dissolve first", "sheet_void"
                )
            self._add("void", {"entry": entry})
        return self.state()

    # --- helpers ----------------------------------------------------------------------

    def _setup_done(self) -> _Fold:
        fold = _Fold(*self._latest_setup())
        if not fold.players:
            raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
        return fold

    def _playing(self) -> _Fold:
        fold = self._setup_done()
        if fold.over:
            raise SheetError("the game is over: start a new sheet", "sheet_over")
        return fold

    def _season_start(self, season: int, scores: list[int]) -> dict[str, Any]:
        start, direction, throws = start_and_direction(scores, self._rng)
        return {
            "season": season,
            "start_player": start,
            "direction": DIRECTION_NAMES[direction],
            "throws": throws,
            "by_hand": False,
        }


class _Fold:
    """The sheet's entries folded, in order, into where the game stands."""

    def __init__(self, setup: Mapping[str, Any] | None, entries: list[Entry]) -> None:
        """`setup`: the body of the sheet's last setup entry; `entries`: those after it."""
        self.players = 0
        self.names: list[str] = []
        self.layered_bridges = 2
        if setup is not None:
            self.players, self.names = setup["players"], setup["names"]
            self.layered_bridges = setup["layered_bridges"]
        self._reset()
        voided = {e["body"]["entry"]: e["at"] for e in entries if e["kind"] == "void"}
        formed = {e["id"]: e["body"] for e in entries if e["kind"] == "form"}
        for entry in entries:
            if entry["id"] in voided:
                struck = {**_logged(entry), "voided_at": voided[entry["id"]]}
                if entry["kind"] == "dissolve":
                    struck["pieces"] = formed[entry["body"]["form"]]["pieces"]
                self.voided.append(struck)
                self.log.append(struck)  # kept in the log, struck out
                continue
            getattr(self, f"_{entry['kind']}")(entry)

    def _reset(self) -> None:
        self.season = 0
        self.seasons: dict[int, dict[str, Any]] = {}
        self.declarations: dict[int, dict[str, Any]] = {}
        self.revealed: list[list[dict[str, Any]]] = [[] for _ in range(self.players)]
        self.bonuses = [0] * self.players  # bonuses paid less refunds: the banknotes
        self.forms: dict[int, dict[str, Any]] = {}
        self.dissolved_forms: set[int] = set()
        self.voidable: set[int] = set()
        self.ended_early = False
        self.log: list[dict[str, Any]] = []
        self._declared: dict[int, dict[str, Any]] = {}  # season -> its declaration's log item
        self.voided: list[dict[str, Any]] = []
        self.corrections: list[dict[str, Any]] = []

    # --- one method per kind of entry ---------------------------------------------

    def _season(self, entry: dict[str, Any]) -> None:
        body = entry["body"]
        number = body["season"]
        if number in self.seasons:
            self.corrections.append(
                {"at": entry["at"], "kind": "season", "season": number, "after": _start(body)}
            )
        else:
            self.revealed = [[] for _ in range(self.players)]  # pieces go back for the deal
        self.seasons[number] = body
        self.season = max(self.season, number)

    def _form(self, entry: dict[str, Any]) -> None:
        body = entry["body"]
        department = {
            "id": entry["id"],
            "pieces": body["pieces"],
            "roles": body["roles"],
            "bonus": body["bonus"],
        }
        self.forms[entry["id"]] = body
        self.revealed[body["seat"]].append(department)
        self.bonuses[body["seat"]] += body["bonus"]
        self.voidable.add(entry["id"])
        self.log.append(_logged(entry))

    def _dissolve(self, entry: dict[str, Any]) -> None:
        body = entry["body"]
        seat, form = body["seat"], body["form"]
        self.revealed[seat] = [d for d in self.revealed[seat] if d["id"] != form]
        self.bonuses[seat] -= body["refund"]
        self.dissolved_forms.add(form)
        self.voidable.add(entry["id"])
        self.log.append({**_logged(entry), "pieces": self.forms[form]["pieces"]})

    def _declare(self, entry: dict[str, Any]) -> None:
        body = entry["body"]
        season = body["season"]
        if season in self.declarations:
            before = self.declarations[season]
            self.corrections.append(
                {
                    "at": entry["at"],
                    "kind": "declare",
                    "season": season,
                    "before": {"seat": before["seat"], "points": before["formation"]["total"]},
                    "after": {"seat": body["seat"], "points": body["formation"]["total"]},
                }
            )
            self._declared[season]["replaced_by"] = {"id": entry["id"], "at": entry["at"]}
        self.declarations[season] = body
        self._declared[season] = _logged(entry)
        self.log.append(self._declared[season])

    def _void(self, entry: dict[str, Any]) -> None:
        """Already applied: the entries it strikes out were skipped."""

    def _finish(self, entry: dict[str, Any]) -> None:
        self.ended_early = True
        self.voidable.add(entry["id"])
        self.log.append(_logged(entry))

    # --- results ----------------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        points = list(self.bonuses)
        for declaration in self.declarations.values():
            points[declaration["seat"]] += declaration["formation"]["total"]
        return points

    @property
    def over(self) -> bool:
        return self.ended_early or (
            self.players > 0 and all(s in self.declarations for s in range(1, self.players + 1))
        )

    def all_revealed(self) -> list[dict[str, Any]]:
        return [department for seat in self.revealed for department in seat]

    def state(self) -> dict[str, Any]:
        scores = self.scores
        over = self.over
        seasons = [
            {
                **_start(self.seasons[number]),
                "season": number,
                "throws": self.seasons[number]["throws"],
                "declaration": _declaration(self.declarations.get(number)),
            }
            for number in sorted(self.seasons)
        ]
        voids = [
            {"at": entry["voided_at"], "kind": "void", "entry": entry} for entry in self.voided
        ]
        return {
            "players": self.players,
            "names": self.names,
            "layered_bridges": self.layered_bridges,
            "season": self.season,
            "seasons_in_game": self.players,
            "seasons": seasons,
            "seats": [
                {
                    "seat": seat,
                    "name": self.names[seat],
                    "revealed": self.revealed[seat],
                    "bonuses": self.bonuses[seat],
                    "formation": scores[seat] - self.bonuses[seat],
                    "score": scores[seat],
                }
                for seat in range(self.players)
            ],
            "scores": scores,
            "over": over,
            "ended_early": self.ended_early,
            "winners": winners(scores, ended_early=self.ended_early) if over else [],
            "log": list(reversed(self.log)),
            "corrections": sorted(self.corrections + voids, key=lambda c: c["at"]),
        }


# --- small helpers ---------------------------------------------------------------------


def _logged(entry: dict[str, Any]) -> dict[str, Any]:
    return {"id": entry["id"], "at": entry["at"], "kind": entry["kind"], **entry["body"]}


def _start(body: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "start_player": body["start_player"],
        "direction": body["direction"],
        "by_hand": body["by_hand"],
    }


def _declaration(body: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if body is None:
        return None
    return {key: body[key] for key in ("seat", "departments", "stalemate", "luminous", "formation")}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(fold: _Fold, seat: object) -> None:
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < fold.players):
        raise SheetError("seat must be 0 to {last}", "sheet_seat", {"last": fold.players - 1})


def _department(pieces: object, roles: object, players: int) -> tuple[list[str], tuple[str, ...]]:
    """Pieces and checked roles of a department in a game of this many players."""
    if not isinstance(pieces, list) or not all(is_piece_code(piece) for piece in pieces):
        raise SheetError("a department is three pieces like G5, W0 or J", "sheet_department")
    if roles is not None and (
        not isinstance(roles, list) or not all(isinstance(role, str) for role in roles)
    ):
        raise SheetError("roles must be three piece codes", "sheet_roles")
    in_play = piece_set(players)
    playable = set(role_codes(players))
    for piece in pieces:
        if not in_play[piece]:
            raise SheetError(
                "{piece} is not in a {players}-player game (no 0s)",
                "sheet_piece",
                {"piece": piece, "players": players},
            )
    checked = check_roles(pieces, roles)
    for piece, role in zip(pieces, checked, strict=True):
        if is_wild(piece) and role not in playable:
            raise SheetError(
                "a wild cannot play {role} in a {players}-player game (no 0s)",
                "sheet_roles",
                {"role": role, "players": players},
            )
    return list(pieces), checked


def _pieces_and_roles(department: Sequence[Role]) -> tuple[list[str], list[str]]:
    pairs = [split_role(entry) for entry in department]
    return [piece for piece, _ in pairs], [role for _, role in pairs]


def _hand(hand: Sequence[str] | None) -> list[str] | None:
    if hand is None:
        return None
    if not isinstance(hand, list) or len(hand) != HAND_SIZE:
        raise SheetError("a hand is {count} pieces", "sheet_hand", {"count": HAND_SIZE})
    return list(hand)
