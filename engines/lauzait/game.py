"""The Lauzait Cep engine: seasons of days, each day dissolve, form, declare, hire.

A turn (a "day") is a run of actions by one seat. Dissolve, form and declare are
optional and offered only in that order, at most once each; the hire is
mandatory and ends the turn, and a declaration ends the season. So skipping an
optional step is simply taking a later one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines import sticks
from engines.base import (
    N_,
    Action,
    Barrier,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    View,
    copy_plain,
    require,
)
from engines.lauzait import actions as fields
from engines.lauzait.board import MOUNTAIN, WATER, Grid, empty_square
from engines.lauzait.departments import (
    Department,
    canonical,
    check_roles,
    department_bonus,
    governments,
    has_government,
    possible_departments,
    role_choices,
)
from engines.lauzait.hiring import (
    Hire,
    Movers,
    carry_out,
    check_hire,
    hire_actions,
    needs_throw,
    random_hire_action,
)
from engines.lauzait.pieces import is_wild, number, numbers_in_play, piece_set, sorted_pieces
from engines.lauzait.scoring import LAYERED_BRIDGES_CHOICES, formation_points, role_entries
from engines.lauzait.scoring import winners as winners_of
from engines.lauzait.seasons import (
    DIRECTION_NAMES,
    Deal,
    fixed_deal,
    shuffle_deal,
    start_and_direction,
)
from engines.rng import Pcg32

# The steps of a turn, in order; a turn's step is the earliest one still open.
# The hire is always open until the turn ends, so it needs no step of its own.
DISSOLVE, FORM, DECLARE = range(3)
STEP_NAMES = ("dissolve", "form", "declare")

# What a table may set; unknown keys are refused by engines.base.Game.
OPTIONS = (
    Option("luminous", default=False),  # the luminous piece variant
    Option("layered_bridges", default=2),  # 2 (Japanese rulebook) or 3 (English)
    Option("hands", secret=True),  # a fixed first season: hands, board and stock
    Option("board"),
    Option("stock", secret=True),
)


@dataclass(frozen=True)
class Revealed:
    """A department on show, with the bonus paid for it (refunded exactly on dissolving)."""

    pieces: tuple[str, ...]
    roles: tuple[str, ...]
    bonus: int

    def public(self) -> dict[str, Any]:
        return {"pieces": list(self.pieces), "roles": list(self.roles), "bonus": self.bonus}


# What generic layers know of Lauzait Cep (engines/base.py GameInfo).
INFO = GameInfo(
    name="lauzait",
    title=N_("Lauzait Cep"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    table_actions=frozenset({"end_game"}),  # end now, scores standing, if the table agrees
    random_events={"water": N_("Water"), "start": N_("Start"), "direction": N_("Way")},
    barriers={
        "sticks_thrown": Barrier(N_("that cannot be taken back: the sticks have been thrown")),
        "department_shown": Barrier(
            N_("that cannot be taken back: {name} has shown a department"),
            own=N_("that cannot be taken back: you have shown a department"),
        ),
        "hand_declared": Barrier(
            N_("that cannot be taken back: {name} has declared a hand"),
            own=N_("that cannot be taken back: you have declared a hand"),
        ),
    },
    throws=True,
)


class Lauzait(Game):
    game_info: ClassVar[GameInfo] = INFO

    # --- setup -------------------------------------------------------------

    def setup(self) -> None:
        luminous = self.options.get("luminous", False)
        if not isinstance(luminous, bool):
            raise ValueError('"luminous" must be true or false')
        bridges = self.options.get("layered_bridges", 2)
        if isinstance(bridges, bool) or bridges not in LAYERED_BRIDGES_CHOICES:
            raise ValueError('"layered_bridges" must be 2 (Japanese rulebook) or 3 (English)')
        fixed = {"hands", "board", "stock"} & set(self.options)
        if fixed and not {"hands", "board"} <= fixed:
            raise ValueError('a fixed season needs both "hands" and "board" ("stock" is optional)')

        self._luminous_variant = luminous
        self._layered_bridges = int(bridges)
        self._numbers = numbers_in_play(self.players)
        self._pieces = piece_set(self.players)
        self._scores = [0] * self.players
        self._season = 0
        self._results: list[dict[str, Any]] = []
        self._over = False
        self._ended_early = False
        self._last_throw: dict[str, Any] | None = None
        self._throws = 0  # every throw of the game so far, so a screen can tell a new one
        first = fixed_deal(self.options, self._pieces, self.players) if fixed else None
        self._start_season(first)

    def _start_season(self, deal: Deal | None) -> list[Event]:
        """Deal (or take the fixed deal), turn up the luminous piece, decide who starts."""
        if deal is None:
            deal = shuffle_deal(self._pieces, self.players, self.rng)
        self._season += 1
        self._hands: list[list[str]] = deal.hands
        self._board: Grid = deal.board
        self._stock: list[str] = deal.stock
        self._luminous = self._stock[0] if self._luminous_variant else None
        self._departments: list[list[Revealed]] = [[] for _ in range(self.players)]
        start, direction, throws = start_and_direction(self._scores, self.rng)
        self._start, self._direction = start, direction
        self._start_throws = throws
        if throws:
            self._last_throw = throws[-1]
            self._throws += len(throws)
        self._turn = start
        self._step = DISSOLVE
        self._last_hire: dict[str, Any] | None = None
        events: list[Event] = [{"type": "sticks", **copy_plain(throw)} for throw in throws]
        events.append(
            {
                "type": "season_started",
                "season": self._season,
                "start_player": start,
                "direction": DIRECTION_NAMES[direction],
                "luminous": self._luminous,
            }
        )
        return events

    # --- contract ----------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        return [] if self._over else [self._turn]

    @property
    def finished(self) -> bool:
        return self._over

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def winners(self) -> list[int]:
        return winners_of(self._scores, ended_early=self._ended_early) if self._over else []

    def legal_actions(self, seat: int) -> list[Action]:
        if self._over or seat != self._turn:
            return []
        found = self.search_actions(seat)
        found.append({"type": "end_game"})
        return found

    def search_actions(self, seat: int) -> list[Action]:
        """legal_actions but end_game (always their last)."""
        if self._over or seat != self._turn:
            return []
        movers = Movers(self._board)
        found = self._steps_open(seat, movers)
        found.extend(hire_actions(self._board, self._free(seat, self._departments[seat]), movers))
        return found

    def random_action(self, seat: int, rng: Pcg32) -> Action:
        """Uniform over search_actions, building only the hire drawn (there are hundreds)."""
        movers = Movers(self._board)
        found = self._steps_open(seat, movers)
        free = self._free(seat, self._departments[seat])
        drawn = random_hire_action(self._board, free, len(found), rng.randrange, movers)
        return found[drawn] if isinstance(drawn, int) else drawn

    def play(self, seat: int, action: Action) -> None:
        """A hire from search_actions or random_action is legal by construction: it is
        carried out without checking it again (a search plays thousands)."""
        if action["type"] == "hire":
            origin, target = action["from"], action["to"]
            hire = Hire(action["discard"], (origin[0], origin[1]), (target[0], target[1]))
            self._carry_out_hire(seat, hire)
        else:
            self._apply(seat, action)

    def _steps_open(self, seat: int, movers: Movers | None = None) -> list[Action]:
        """The dissolves, forms and declarations open to the seat now (not the hires).
        `movers`: this board's Movers, if the caller has it already."""
        movers = movers or Movers(self._board)
        revealed = self._departments[seat]
        found: list[Action] = []
        if self._step == DISSOLVE:
            for index in range(len(revealed)):
                remaining = revealed[:index] + revealed[index + 1 :]
                if self._can_finish(seat, remaining, FORM, movers):
                    found.append({"type": "dissolve", "department": index})
        if self._step <= FORM:
            for pieces, roles in possible_departments(self._free(seat, revealed), self._numbers):
                formed = Revealed(pieces, roles, 0)
                if self._can_finish(seat, [*revealed, formed], DECLARE, movers):
                    found.append({"type": "form", "pieces": list(pieces), "roles": list(roles)})
        found.extend(self._declarations(seat, movers))
        return found

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = fields.check_fields(action)
        if kind == "dissolve":
            return self._dissolve(seat, action)
        if kind == "form":
            return self._form(seat, action)
        if kind == "declare":
            return self._declare(seat, action)
        if kind == "hire":
            return self._hire(seat, action)
        return self._end_game()

    # --- the steps of a turn ---------------------------------------------

    def _dissolve(self, seat: int, action: Action) -> list[Event]:
        revealed = self._departments[seat]
        require(
            bool(revealed), "you have no revealed department to dissolve", "nothing_to_dissolve"
        )
        require(
            self._step == DISSOLVE,
            "dissolving comes first in a turn: not after forming a department or dissolving one",
            "dissolve_first",
        )
        index = fields.whole_number(action.get("department"), '"department"')
        require(
            0 <= index < len(revealed),
            "you have departments 0 to {last}, not {index}",
            "no_such_department",
            {"last": len(revealed) - 1, "index": index},
        )
        remaining = revealed[:index] + revealed[index + 1 :]
        require(
            self._can_finish(seat, remaining, FORM),
            "after dissolving that department you could neither hire nor declare this turn",
            "stuck_after_dissolve",
        )
        gone = revealed[index]
        self._departments[seat] = remaining
        self._scores[seat] -= gone.bonus
        self._step = FORM
        return [
            {
                "type": "dissolved",
                "seat": seat,
                "department": index,
                "pieces": list(gone.pieces),
                "roles": list(gone.roles),
                "refund": gone.bonus,
            }
        ]

    def _form(self, seat: int, action: Action) -> list[Event]:
        require(
            self._step <= FORM, "you have already formed a department this turn", "formed_already"
        )
        pieces, roles = fields.department_fields(
            {key: action[key] for key in ("pieces", "roles") if key in action}, ""
        )
        revealed = self._departments[seat]
        self._require_free(seat, pieces)
        department, bonus = self._checked_department(pieces, roles)
        formed = Revealed(*department, bonus)
        require(
            self._can_finish(seat, [*revealed, formed], DECLARE),
            "revealing that department would leave you no piece to discard this turn",
            "stuck_after_form",
        )
        self._departments[seat] = [*revealed, formed]
        self._scores[seat] += bonus
        self._step = DECLARE
        return [{"type": "formed", "seat": seat, "department": len(revealed), **formed.public()}]

    def _declare(self, seat: int, action: Action) -> list[Event]:
        revealed = self._departments[seat]
        stalemate = self._stalemated(seat)
        if "departments" in action:
            government = self._named_government(seat, action["departments"])
        elif len(revealed) == 3:
            government = [(d.pieces, d.roles) for d in revealed]
        elif stalemate:
            government = []
        elif revealed:
            raise IllegalAction(
                "you have {count} department(s) revealed: Lauzait-Cep needs three (or a stalemate)",
                "declare_too_soon",
                {"count": len(revealed)},
            )
        else:
            raise IllegalAction(
                "to declare from a concealed hand, name its three departments ({shape})",
                "name_departments",
                {"shape": '"departments": [{"pieces": [...], "roles": [...]}, ...]'},
            )
        formation = formation_points(
            [role_entries(department) for department in government],
            stalemate=stalemate,
            luminous=self._luminous,
            layered_bridges=self._layered_bridges,
            hand=self._hands[seat],
        )
        self._scores[seat] += formation["total"]
        self._results.append(
            {
                "season": self._season,
                "declarer": seat,
                "stalemate": stalemate,
                "formation": formation,
                "scores": list(self._scores),
            }
        )
        events: list[Event] = [
            {
                "type": "declared",
                "seat": seat,
                "stalemate": stalemate,
                # Declaring shows the government; a bare stalemate shows nothing.
                "departments": [{"pieces": list(p), "roles": list(r)} for p, r in government],
                "formation": dict(formation),
            },
            {
                "type": "season_over",
                "season": self._season,
                "declarer": seat,
                "points": formation["total"],
                "scores": list(self._scores),
            },
        ]
        self.summary = self._season_summary(seat, stalemate, formation, government)
        if self._season >= self.players:
            self._over = True
            events.append(self._game_over_event())
        else:
            events += self._start_season(None)
        return events

    def _hire(self, seat: int, action: Action) -> list[Event]:
        require("discard" in action, 'a hire needs "discard", "from" and "to"', "action_fields")
        hire = Hire(
            fields.piece_code(action["discard"], '"discard"'),
            fields.square(action.get("from"), "from"),
            fields.square(action.get("to"), "to"),
        )
        self._require_free(seat, [hire.discard])
        check_hire(self._board, hire)
        events: list[Event] = []
        if self._carry_out_hire(seat, hire):
            events.append({"type": "sticks", **copy_plain(self._last_throw)})
        events.append({"type": "hired", **copy_plain(self._last_hire)})
        return events

    def _carry_out_hire(self, seat: int, hire: Hire) -> bool:
        """Change the state for a checked hire and end the turn; whether the sticks
        were thrown (the hire entered the water)."""
        water_throw: int | None = None
        if needs_throw(hire):
            result = sticks.throw(self.rng)
            water_throw = result["count"]
            self._last_throw = {"purpose": "water", "seat": seat, **result}
            self._throws += 1
        empty = empty_square(self._board)
        outcome = carry_out(self._board, hire, water_throw)
        hand = self._hands[seat]
        hand.remove(hire.discard)
        self._hands[seat] = sorted_pieces([*hand, outcome.taken])
        self._last_hire = {
            "seat": seat,
            "discard": hire.discard,
            "at": list(empty),
            "from": list(hire.origin),
            "to": list(hire.target),
            "moved": outcome.moved,
            "took": outcome.taken,
            "water": water_throw is not None,
            "count": water_throw,
            "mover_taken": outcome.mover_taken,
        }
        self._turn = (self._turn + self._direction) % self.players
        self._step = DISSOLVE
        return water_throw is not None

    def _season_summary(
        self,
        declarer: int,
        stalemate: bool,
        formation: Mapping[str, int],
        government: Sequence[Department],
    ) -> dict[str, Any]:
        """The season as every screen shows it before the next: what each seat gained
        (department bonuses still held, the declarer's formation points) and the
        declared government, which the declaration shows everyone. Other hands stay
        concealed: the rules never reveal them."""
        before = self._results[-2]["scores"] if len(self._results) > 1 else [0] * self.players
        final = self._season >= self.players
        return {
            "key": f"season-{self._season}",
            "kind": "season",
            "number": self._season,
            "of": self.players,
            "points": [after - was for after, was in zip(self._scores, before, strict=True)],
            "totals": list(self._scores),
            "final": final,
            "winners": winners_of(self._scores, ended_early=False) if final else [],
            "outcome": {"reason": "most_points"} if final else None,
            "declarer": declarer,
            "stalemate": stalemate,
            "formation": dict(formation),
            "departments": [{"pieces": list(p), "roles": list(r)} for p, r in government],
            # Each seat's departments on show at the season's end, with the bonus each
            # paid: with the declarer's formation points they make the season's points
            # (a department dissolved meanwhile refunded its bonus). Revealed: public.
            "held": [[d.public() for d in seats] for seats in self._departments],
            "luminous": self._luminous,
        }

    def _end_game(self) -> list[Event]:
        # The table agreed to stop: scores stand as they are, like banknotes in hand.
        self._over = True
        self._ended_early = True
        return [self._game_over_event()]

    # --- rules helpers -----------------------------------------------------

    def _free(self, seat: int, revealed: Sequence[Revealed]) -> list[str]:
        """The seat's pieces outside these revealed departments: the ones it may discard."""
        free = list(self._hands[seat])
        for department in revealed:  # a revealed piece is always in the hand
            for piece in department.pieces:
                free.remove(piece)
        return free

    def _stalemated(self, seat: int, movers: Movers | None = None) -> bool:
        """No piece in the hand could be discarded, even one freed by dissolving a department.

        Dissolving never changes the board, so this holds for the whole turn.
        """
        return not (movers or Movers(self._board)).any_discard(self._hands[seat])

    def _can_finish(
        self, seat: int, revealed: Sequence[Revealed], step: int, movers: Movers | None = None
    ) -> bool:
        """Whether, with these departments revealed and this step next, the turn can still end.

        Guards dissolve and form so that a seat is never left with nothing to do.
        """
        movers = movers or Movers(self._board)
        if movers.any_discard(self._free(seat, revealed)):
            return True
        if len(revealed) == 3 or self._stalemated(seat, movers):
            return True
        if not revealed and has_government(self._hands[seat], self._numbers):
            return True
        # After a dissolve, forming a third department again makes a declaration possible.
        return (
            step <= FORM
            and len(revealed) == 2
            and bool(possible_departments(self._free(seat, revealed), self._numbers))
        )

    def _checked_department(
        self, pieces: list[str], roles: list[str] | None
    ) -> tuple[Department, int]:
        """Canonical department and its bonus; IllegalAction if the roles do not make one."""
        for role in roles or []:
            require(
                is_wild(role) or number(role) in self._numbers,
                "{role} is not in play in a {players}-player game (no 0s)",
                "role_not_in_play",
                {"role": role, "players": self.players},
            )
        # A wrong department is a DepartmentError: an IllegalAction with its own code.
        checked = check_roles(pieces, roles)
        bonus = department_bonus(pieces, checked)
        return canonical(pieces, checked), bonus

    def _named_government(self, seat: int, value: Any) -> list[Department]:
        """The three departments named in a declaration, checked against the hand."""
        require(
            isinstance(value, list) and len(value) == 3,
            '"departments" must list three departments',
            "three_departments",
        )
        government = []
        for index, item in enumerate(value):
            pieces, roles = fields.department_fields(item, f"departments[{index}]")
            government.append(self._checked_department(pieces, roles)[0])
        revealed = self._departments[seat]
        if revealed:
            require(
                len(revealed) == 3,
                "with one or two departments revealed you cannot declare from your hand",
                "declare_from_hand",
            )
            # Wilds may play new roles, but the revealed groups stay as they are.
            require(
                sorted(pieces for pieces, _roles in government)
                == sorted(d.pieces for d in revealed),
                "name your three revealed departments (their wilds may take new roles)",
                "name_revealed",
            )
        else:
            named = Counter(piece for pieces, _ in government for piece in pieces)
            require(
                named == Counter(self._hands[seat]),
                "the three departments must use exactly the nine pieces in your hand",
                "not_your_pieces",
            )
        return government

    def _declarations(self, seat: int, movers: Movers) -> list[Action]:
        """Every declaration open to the seat, each government once (see docs, "Declaring")."""
        revealed = self._departments[seat]
        found: list[Action] = []
        if len(revealed) == 3:
            found.append({"type": "declare"})
            current = [(d.pieces, d.roles) for d in revealed]
            choices = [role_choices(d.pieces, self._numbers) for d in revealed]
            for government in itertools.product(*choices):
                if list(government) != current:
                    found.append(_declaration(government))
            return found
        if self._stalemated(seat, movers):
            found.append({"type": "declare"})
        if not revealed and has_government(self._hands[seat], self._numbers):
            found.extend(_declaration(g) for g in governments(self._hands[seat], self._numbers))
        return found

    def _require_free(self, seat: int, pieces: list[str]) -> None:
        """IllegalAction unless the seat holds these pieces outside its revealed departments."""
        loose = self._free(seat, self._departments[seat])
        if len(pieces) == 1 and pieces[0] in loose:
            return  # a hire's discard: the usual case, answered without counting
        free = Counter(loose)
        held = Counter(self._hands[seat])
        for piece, wanted in Counter(pieces).items():
            if wanted <= free[piece]:
                continue
            params = {"piece": piece, "count": held[piece]}
            if not held[piece]:
                raise IllegalAction("you have no {piece}", "not_in_hand", params)
            if wanted > held[piece]:
                raise IllegalAction("you have only {count} {piece}", "not_in_hand", params)
            raise IllegalAction(
                "{piece} is in a revealed department: dissolve it first", "piece_revealed", params
            )

    def _game_over_event(self) -> Event:
        return {
            "type": "game_over",
            "winners": self.winners,
            "scores": list(self._scores),
            "ended_early": self._ended_early,
        }

    # --- view ----------------------------------------------------------------

    def barrier(self, seat: int, action: Action, events: list[Event], chance: bool) -> str | None:
        """Forming or declaring shows pieces of a concealed hand; the sticks are chance."""
        if any(event["type"] == "sticks" for event in events):
            return "sticks_thrown"
        if action["type"] == "form":
            return "department_shown"
        if action["type"] == "declare":
            return "hand_declared"
        return super().barrier(seat, action, events, chance)

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        data: View = {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "phase": "over" if self._over else "play",
            "to_act": self.to_act,
            "season": self._season,
            "seasons": self.players,
            "turn": None if self._over else self._turn,
            "step": None if self._over else STEP_NAMES[self._step],
            "start_player": self._start,
            "direction": DIRECTION_NAMES[self._direction],
            "start_throws": copy_plain(self._start_throws),
            "board": [list(row) for row in self._board],
            "mountain": list(MOUNTAIN),
            "water": [list(square) for square in sorted(WATER)],
            "departments": [[d.public() for d in seats] for seats in self._departments],
            "hand_sizes": [len(hand) for hand in self._hands],
            "stock_size": len(self._stock) - (1 if self._luminous else 0),
            "luminous": self._luminous,
            "layered_bridges": self._layered_bridges,
            "last_hire": copy_plain(self._last_hire),
            "last_throw": copy_plain(self._last_throw),
            "throws": self._throws,
            "results": copy_plain(self._results),
            "summary": copy_plain(self.summary),
            "scores": list(self._scores),
            "winners": self.winners,
            "ended_early": self._ended_early,
        }
        if seat is not None:
            data["hand"] = list(self._hands[seat])
            data["concealed"] = sorted_pieces(self._free(seat, self._departments[seat]))
        return data


def _declaration(government: Sequence[Department]) -> Action:
    return {
        "type": "declare",
        "departments": [{"pieces": list(p), "roles": list(r)} for p, r in government],
    }
