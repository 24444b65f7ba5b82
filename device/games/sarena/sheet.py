"""The Sàrénà score sheet: secret colours for a game on a real board, then its result.

Setting up the sheet draws the players' secret colours (a round of
`device.companion.colours`), or takes the round just drawn on the box. At the end,
the table enters either the piles topped by a player's colour (each chip as
top/bottom, the pile from the top down) or each player's counts; the result comes
from the engine's own scoring (`final_scores`, `winners_of`: one rule, one place).
Entering the result reveals the colours. Entering it again corrects it, and the
correction is logged; the journal keeps every entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import engines
from device.companion.colours import Round
from device.companion.sheet import GameSheet, clean_names, corrected
from engines.sarena import final_scores, winners_of
from engines.sarena.chips import BOX_SIZE

if TYPE_CHECKING:
    from device.companion import SheetTools

GAME = engines.info("sarena")


class SarenaSheet(GameSheet):
    """Players, their secret colours (a round of ColourRounds) and the game's result."""

    SHEET = "sarena"

    def __init__(self, tools: SheetTools) -> None:
        super().__init__(tools)
        self._rounds = tools.colours

    # --- reading ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """Public: names, who has their colour, and (once revealed) colours and result."""
        setup, result, corrections = self._fold()
        if setup is None:
            return {"players": 0, "names": [], "round": None, "result": None, "corrections": []}
        return {
            "players": setup["players"],
            "names": setup["names"],
            "round": self._rounds.get(setup["round"]).public(),
            "result": result,
            "corrections": corrections,
        }

    def _fold(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None, list[dict[str, Any]]]:
        setup, entries = self._latest_setup()
        results, corrections = corrected(entries, "result", lambda body: body["chips"])
        return setup, results.get(None), corrections

    # --- writing ----------------------------------------------------------------------

    def setup(
        self, players: int, names: Sequence[object], use_drawn: bool = False
    ) -> dict[str, Any]:
        """Start a new sheet: draw the colours, or take the unrevealed round drawn on the box."""
        low, high = GAME["min_players"], GAME["max_players"]
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            raise ValueError(f"Sàrénà is for {low} to {high} players")
        clean = clean_names(names, players)
        with self._writing():
            if use_drawn:
                drawn = self._rounds.current()
                if drawn is None or drawn.revealed or drawn.players != players:
                    raise ValueError(
                        f"no secret colours for {players} players are waiting on the box: "
                        "draw new ones"
                    )
                round_id = drawn.id
            else:
                round_id = self._rounds.start(players, clean).id
            self._add("setup", {"players": players, "names": clean, "round": round_id})
        return self.state()

    def record_result(
        self, piles: Sequence[Any] | None = None, counts: Sequence[Any] | None = None
    ) -> dict[str, Any]:
        """Enter (or correct) the end of the game, from the piles or from each player's
        counts ({"chips": n, "tiebreak": m | None}); this reveals the colours."""
        with self._writing():
            setup, _, _ = self._fold()
            if setup is None:
                raise ValueError("set up the sheet first: players and names")
            drawn = self._rounds.get(setup["round"])
            if (piles is None) == (counts is None):
                raise ValueError("give either the piles or each player's counts")
            if piles is not None:
                body = _from_piles(piles, drawn)
            else:
                assert counts is not None
                body = _from_counts(counts, setup["names"])
            # Revealed first: a power cut in between leaves the colours shown, the
            # result still to enter, never a result with its colours still secret.
            self._rounds.reveal(drawn.id)
            self._add("result", body)
        return self.state()


def _from_piles(piles: Sequence[Any], drawn: Round) -> dict[str, Any]:
    if not isinstance(piles, list) or not all(isinstance(pile, list) for pile in piles):
        raise ValueError("piles is a list of piles, each a list of chips from the top, like R/B")
    colours = dict(enumerate(drawn.colours))
    scored = final_scores(piles, colours)  # ValueError for a bad chip, pile or box count
    seats = range(drawn.players)
    return {
        "mode": "piles",
        "piles": [list(pile) for pile in piles if pile],
        "chips": [scored["chips"][seat] for seat in seats],
        "tiebreak": [scored["tiebreak"][seat] for seat in seats],
        "winners": scored["winners"],
    }


def _from_counts(counts: Sequence[Any], names: list[str]) -> dict[str, Any]:
    players = len(names)
    if not isinstance(counts, list) or len(counts) != players:
        raise ValueError(f"give {players} counts, one per player")
    chips: list[int] = []
    tiebreak: list[int | None] = []
    for seat, entry in enumerate(counts):
        if not isinstance(entry, Mapping) or set(entry) - {"chips", "tiebreak"}:
            raise ValueError(f"{names[seat]}: give chips and, if needed, the tie-break count")
        mine = _count(entry.get("chips"), f"{names[seat]}: chips")
        extra = entry.get("tiebreak")
        tie = None if extra is None else _count(extra, f"{names[seat]}: tie-break")
        if tie is not None and tie > mine:
            raise ValueError(
                f"{names[seat]}: the tie-break counts chips among the {mine} collected, "
                f"so it cannot be {tie}"
            )
        chips.append(mine)
        tiebreak.append(tie)
    if sum(chips) > BOX_SIZE:
        raise ValueError(f"the players collected {sum(chips)} chips; the box holds {BOX_SIZE}")
    most = max(chips)
    leaders = [seat for seat in range(players) if chips[seat] == most]
    if len(leaders) > 1:
        missing = [names[seat] for seat in leaders if tiebreak[seat] is None]
        if missing:
            raise ValueError(
                f"{' and '.join(names[s] for s in leaders)} are tied on {most} chips: "
                f"give the tie-break count of {', '.join(missing)}"
            )
    # Only the tied leaders' tie-break counts can matter; a missing one elsewhere is 0.
    winners = winners_of(
        dict(enumerate(chips)), {seat: tie or 0 for seat, tie in enumerate(tiebreak)}
    )
    return {"mode": "counts", "chips": chips, "tiebreak": tiebreak, "winners": winners}


def _count(value: object, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= BOX_SIZE:
        return value
    raise ValueError(f"{what} must be a whole number from 0 to {BOX_SIZE}")
