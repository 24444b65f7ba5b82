"""The Sàrénà score sheet: secret colours for a game on a real board, then its result.

Setting up the sheet draws the players' secret colours (a round of
`device.companion.colours`), or takes the round just drawn on the box. At the end,
the table enters either the piles topped by a player's colour (each chip as
top/bottom, the pile from the top down) or each player's counts; the result comes
from the engine's own scoring (`final_scores`, `winners_of`: one rule, one place).
Entering the result reveals the colours. Entering it again corrects it, and the
correction is logged; the journal keeps every entry.

The sheet has an owner, like its round of colours: the phone that set it up gets
an owner token (the round's own, when that phone drew the round; a new one for a
round taken from the box), and only that token enters the end while the colours
are still secret, since entering it reveals them. Taking a round already drawn
needs the right to reveal it: its owner's token, or for a round drawn on the box
the code the box shows.
Once the colours are revealed (on the box, say, when the owner's phone is lost),
anyone may enter or correct the end, as before. A sheet an older release set up
has no owner: a phone holding one of its round's seats enters its end.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import engines
from device.companion.colours import TOKEN_BYTES, NotTheOwner, Round, WrongCode, same_secret
from device.companion.sheet import (
    GameSheet,
    SheetError,
    SheetOutcome,
    clean_names,
    corrected,
    shown_names,
)
from device.i18n import People
from engines.sarena import final_scores, winners_of
from engines.sarena.chips import BOX_SIZE, CHIPS_PER_PAIR, COLOURS, MAX_HEIGHT

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
        """Public: names, who has their colour, and (once revealed) colours and result;
        "owned": whether only its owner's phone enters the end before the reveal."""
        setup, result, corrections = self._fold()
        if setup is None:
            return {
                "players": 0,
                "names": [],
                "round": None,
                "owned": False,
                "result": None,
                "corrections": [],
            }
        return {
            "players": setup["players"],
            "names": setup["names"],
            "round": self._rounds.get(setup["round"]).public(),
            "owned": setup.get("owner") is not None,
            "result": result,
            "corrections": corrections,
        }

    def outcome(self, state: Mapping[str, Any]) -> SheetOutcome:
        """For history: each player's chips once the result is in."""
        result = state["result"]
        names = list(state["names"])
        return SheetOutcome(
            names=names,
            scores=list(result["chips"]) if result else [None] * len(names),
            winners=list(result["winners"]) if result else [],
            over=result is not None,
        )

    def _fold(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None, list[dict[str, Any]]]:
        setup, entries = self._latest_setup()
        results, corrections = corrected(entries, "result", lambda body: body["chips"])
        return setup, results.get(None), corrections

    # --- writing ----------------------------------------------------------------------

    def setup(
        self,
        players: int,
        names: Sequence[object],
        use_drawn: bool = False,
        token: str | None = None,
        code: str | None = None,
    ) -> dict[str, Any]:
        """Start a new sheet: draw the colours, or take the unrevealed round drawn
        before (`use_drawn`: with its owner's `token`, NotTheOwner otherwise; for a
        round drawn on the box, with the `code` it shows, WrongCode otherwise).
        Answers the state and, for this caller alone, "owner": {"token", "code"}:
        the sheet's owner token and the round's code."""
        low, high = GAME["min_players"], GAME["max_players"]
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            raise SheetError(
                "Sàrénà is for {low} to {high} players", "sheet_players", {"low": low, "high": high}
            )
        clean = clean_names(names, players)
        with self._writing():
            if use_drawn:
                drawn = self._rounds.current()
                if drawn is None or drawn.revealed or drawn.players != players:
                    raise SheetError(
                        "no secret colours for {players} players are waiting on the box: "
                        "draw new ones",
                        "colours_none_waiting",
                        {"players": players},
                    )
                if not _may_take(drawn, token, code):
                    raise _take_refusal(drawn, code)
                # The round's owner keeps one token for the round and its sheet.
                owner = token if token and same_secret(drawn.owner, token) else None
                owner = owner or secrets.token_urlsafe(TOKEN_BYTES)
            else:
                drawn = self._rounds.start(players, clean, owned=True)
                assert drawn.owner is not None
                owner = drawn.owner  # one token for the round and its sheet
            self._add(
                "setup", {"players": players, "names": clean, "round": drawn.id, "owner": owner}
            )
        return {**self.state(), "owner": {"token": owner, "code": drawn.code}}

    def setup_on_box(self, players: int) -> dict[str, Any]:
        """A sheet set up on the box's buttons: every seat unnamed, its colours drawn on
        the box (passed round to be seen, as any round drawn there) and taken at once."""
        drawn = self._rounds.start(players) if _valid_players(players) else None
        code = drawn.code if drawn is not None else None
        return self.setup(players, [None] * players, use_drawn=True, code=code)

    def record_on_box(self, counts: Sequence[Any]) -> dict[str, Any]:
        """The result from the box's buttons: the box may reveal any round (as its
        Secret colours menu does), so it reveals this sheet's colours, then enters the
        counts; colours are never stored as a result while still secret."""
        setup, _, _ = self._fold()
        if setup is None:
            raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
        _from_counts(counts, shown_names(setup["names"]))  # refused before anything shows
        self._rounds.reveal(setup["round"])  # as the box: BOX
        return self.record_result(counts=counts, token=None)

    def record_result(
        self,
        piles: Sequence[Any] | None = None,
        counts: Sequence[Any] | None = None,
        *,
        token: str | None,
    ) -> dict[str, Any]:
        """Enter (or correct) the end of the game, from the piles or from each player's
        counts ({"chips": n, "tiebreak": m | None}); this reveals the colours. Before
        they are revealed only the sheet's owner `token` may (NotTheOwner otherwise)."""
        with self._writing():
            setup, _, _ = self._fold()
            if setup is None:
                raise SheetError("set up the sheet first: players and names", "sheet_not_set_up")
            drawn = self._rounds.get(setup["round"])
            if not drawn.revealed and not _may_score(setup, drawn, token):
                raise NotTheOwner(
                    "only the phone that set up this sheet can enter the end while the "
                    "colours are secret, since that reveals them; lost that phone? Reveal "
                    "the colours on the box (Secret colours, then Reveal all) first",
                    "colours_not_owner",
                )
            if (piles is None) == (counts is None):
                raise SheetError("give either the piles or each player's counts", "sheet_result")
            if piles is not None:
                body = _from_piles(piles, drawn)
            else:
                assert counts is not None
                body = _from_counts(counts, shown_names(setup["names"]))
            # Revealed first: a power cut in between leaves the colours shown, the
            # result still to enter, never a result with its colours still secret.
            self._rounds.reveal(drawn.id)  # as the box: the owner was checked above
            self._add("result", body)
        return self.state()


def _valid_players(players: object) -> bool:
    low, high = GAME["min_players"], GAME["max_players"]
    return isinstance(players, int) and not isinstance(players, bool) and low <= players <= high


def _may_take(drawn: Round, token: str | None, code: str | None) -> bool:
    """Whether a new sheet may take this round: the caller may reveal it (its owner,
    or a seat of an older release's round), or it was drawn on the box and the
    caller gives the code the box shows."""
    if drawn.may_reveal(token):
        return True
    return drawn.revealer == "box" and bool(code) and drawn.code_matches(code)


def _take_refusal(drawn: Round, code: str | None) -> WrongCode | NotTheOwner:
    if drawn.revealer == "box":
        if code:
            return WrongCode(
                "that is not the code of the colours drawn on the box: it shows its 4 letters",
                "wrong_code",
            )
        return WrongCode(
            "type the code of the colours drawn on the box: it shows its 4 letters", "wrong_code"
        )
    if drawn.revealer == "owner":
        return NotTheOwner(
            "only the phone that drew these colours can score them: draw new ones here",
            "colours_not_owner",
        )
    return NotTheOwner(
        "only a phone that took a seat of these colours can score them: draw new ones",
        "colours_not_owner",
    )


def _may_score(setup: Mapping[str, Any], drawn: Round, token: str | None) -> bool:
    """Whether this token may enter the end before the reveal: the sheet's owner
    (a sheet of an older release has none: a seat of its round)."""
    owner = setup.get("owner")
    if owner is None:
        return drawn.may_reveal(token)
    return same_secret(owner, token)


def _from_piles(piles: Sequence[Any], drawn: Round) -> dict[str, Any]:
    if not isinstance(piles, list) or not all(isinstance(pile, list) for pile in piles):
        raise SheetError(
            "piles is a list of piles, each a list of chips from the top, like R/B", "sheet_piles"
        )
    _check_piles(piles)
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


def _check_piles(piles: list[list[Any]]) -> None:
    """What a player may get wrong entering the piles, worded for every reader: a pile
    too high, more chips of a pair than the box holds. The engine checks it all again
    (and the notation, which the page always gets right) with its own words."""
    for pile in piles:
        if len(pile) > MAX_HEIGHT:
            raise SheetError(
                "a pile holds at most {most} chips, not {count}",
                "sheet_pile_height",
                {"most": MAX_HEIGHT, "count": len(pile)},
            )
    pairs = Counter(
        tuple(sorted(chip.split("/"), key=COLOURS.index))
        for pile in piles
        for chip in pile
        if isinstance(chip, str) and set(chip.split("/")) <= set(COLOURS)
    )
    for pair, count in sorted(pairs.items()):
        if count > CHIPS_PER_PAIR:
            raise SheetError(
                "the box holds only {most} {pair} chips, not {count}",
                "sheet_chip_pair",
                {"most": CHIPS_PER_PAIR, "pair": "/".join(pair), "count": count},
            )


def _from_counts(counts: Sequence[Any], names: list[str]) -> dict[str, Any]:
    players = len(names)
    if not isinstance(counts, list) or len(counts) != players:
        raise SheetError(
            "give {players} counts, one per player", "sheet_counts", {"players": players}
        )
    chips: list[int] = []
    tiebreak: list[int | None] = []
    for seat, entry in enumerate(counts):
        if not isinstance(entry, Mapping) or set(entry) - {"chips", "tiebreak"}:
            raise SheetError(
                "{name}: give chips and, if needed, the tie-break count",
                "sheet_counts",
                {"name": names[seat]},
            )
        mine = _count(entry.get("chips"), names[seat], tiebreak=False)
        extra = entry.get("tiebreak")
        tie = None if extra is None else _count(extra, names[seat], tiebreak=True)
        if tie is not None and tie > mine:
            raise SheetError(
                "{name}: the tie-break counts chips among the {chips} collected, "
                "so it cannot be {tiebreak}",
                "sheet_tiebreak",
                {"name": names[seat], "chips": mine, "tiebreak": tie},
            )
        chips.append(mine)
        tiebreak.append(tie)
    if sum(chips) > BOX_SIZE:
        raise SheetError(
            "the players collected {chips} chips; the box holds {box}",
            "sheet_chip_total",
            {"chips": sum(chips), "box": BOX_SIZE},
        )
    most = max(chips)
    leaders = [seat for seat in range(players) if chips[seat] == most]
    if len(leaders) > 1:
        missing = [names[seat] for seat in leaders if tiebreak[seat] is None]
        if missing:
            raise SheetError(
                "{tied} are tied on {chips} chips: give the tie-break count of {missing}",
                "sheet_tiebreak_missing",
                {
                    "tied": People([names[s] for s in leaders], " and "),
                    "chips": most,
                    "missing": People(missing),
                },
            )
    # Only the tied leaders' tie-break counts can matter; a missing one elsewhere is 0.
    winners = winners_of(
        dict(enumerate(chips)), {seat: tie or 0 for seat, tie in enumerate(tiebreak)}
    )
    return {"mode": "counts", "chips": chips, "tiebreak": tiebreak, "winners": winners}


def _count(value: object, name: str, *, tiebreak: bool) -> int:
    """A player's count (`name`'s chips, or their tie-break count)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= BOX_SIZE:
        return value
    params = {"name": name, "box": BOX_SIZE}
    if tiebreak:
        raise SheetError(
            "{name}: tie-break must be a whole number from 0 to {box}", "sheet_counts", params
        )
    raise SheetError("{name}: chips must be a whole number from 0 to {box}", "sheet_counts", params)
