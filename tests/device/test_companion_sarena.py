"""Secret colours for a physical game (ColourRounds) and the Sàrénà score sheet.

The colours are secrets: the journal holds them, `public()` and the sheet's state
never show them before the reveal, and only a phone's own token reads its colour.
The result comes from the engine's own final_scores / winners_of.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from device.companion import ColourRounds, Sheets, SheetTools
from device.companion.colours import NotYourSeat
from device.games.sarena.sheet import SarenaSheet
from device.journal import Journal
from engines.sarena import final_scores
from engines.sarena.chips import COLOURS


@dataclass
class Kit:
    journal: Journal
    rounds: ColourRounds
    sheet: SarenaSheet
    changes: list[int]

    def reopened(self) -> Kit:
        """The same journal read by fresh objects, as after a power cut."""
        rounds = ColourRounds(self.journal, lambda: None)
        return Kit(
            self.journal, rounds, SarenaSheet(SheetTools(self.journal, lambda: None, rounds)), []
        )


@pytest.fixture
def kit(tmp_path: Path) -> Iterator[Kit]:
    journal = Journal(tmp_path / "j.sqlite3")
    changes: list[int] = []
    rounds = ColourRounds(journal, lambda: changes.append(1), rng=random.Random(5))
    yield Kit(
        journal,
        rounds,
        SarenaSheet(SheetTools(journal, lambda: changes.append(1), rounds)),
        changes,
    )
    journal.close()


def no_secret_in(payload: object, colours: list[str], tokens: Sequence[str] = ()) -> None:
    """The payload names no drawn colour as a colour and carries no token."""
    text = json.dumps(payload)
    assert '"colours": null' in text or '"colours"' not in text
    for colour in colours:
        assert f'"{colour}"' not in text, colour
    for token in tokens:
        assert token not in text


# --- rounds of secret colours ------------------------------------------------------------


def test_a_round_gives_each_seat_a_distinct_colour_and_keeps_them_secret(kit: Kit) -> None:
    drawn = kit.rounds.start(3, ["Ann", "Bob", "Cat"])
    assert len(set(drawn.colours)) == 3 and set(drawn.colours) <= set(COLOURS)
    public = drawn.public()
    assert public == {
        "round": drawn.id,
        "players": 3,
        "names": ["Ann", "Bob", "Cat"],
        "claimed": [False, False, False],
        "revealed": False,
        "colours": None,
    }
    no_secret_in(public, drawn.colours)
    assert kit.changes, "the box and the phones hear of a new round"


def test_rounds_draw_from_the_system_csprng_by_default(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        rounds = ColourRounds(journal, lambda: None)
        assert isinstance(rounds._rng, random.SystemRandom)
        seen = {tuple(rounds.start(2).colours) for _ in range(40)}
        assert len(seen) > 1, "40 draws were all the same"
    finally:
        journal.close()


def test_names_are_optional_and_cleaned(kit: Kit) -> None:
    assert kit.rounds.start(2).public()["names"] == ["Player 1", "Player 2"]
    names = kit.rounds.start(2, ["  Zoë\n ", ""]).public()["names"]
    assert names == ["Zoë", "Player 2"]


@pytest.mark.parametrize(
    ("players", "names"),
    [(1, None), (5, None), (True, None), ("3", None), (3, ["a", "b"]), (2, ["a", 7]), (2, "ab")],
)
def test_a_bad_round_is_refused_and_nothing_is_drawn(
    kit: Kit, players: object, names: object
) -> None:
    with pytest.raises(ValueError):
        kit.rounds.start(players, names)  # type: ignore[arg-type]
    assert kit.rounds.current() is None


def test_a_phone_claims_a_seat_once_and_only_its_token_reads_that_colour(kit: Kit) -> None:
    drawn = kit.rounds.start(3)
    token = kit.rounds.claim(drawn.id, 1)
    assert kit.rounds.seat_colour(drawn.id, token) == {
        "round": drawn.id,
        "seat": 1,
        "colour": drawn.colours[1],
    }
    public = kit.rounds.get(drawn.id).public()
    assert public["claimed"] == [False, True, False]
    no_secret_in(public, drawn.colours, [token])
    with pytest.raises(ValueError, match="already on another phone"):
        kit.rounds.claim(drawn.id, 1)
    for bad in ("", "not-a-token", None):
        with pytest.raises(NotYourSeat):
            kit.rounds.seat_colour(drawn.id, bad)
    later = kit.rounds.start(3)
    with pytest.raises(NotYourSeat):
        kit.rounds.seat_colour(later.id, token)  # a token holds a seat of its own round only


@pytest.mark.parametrize("seat", [-1, 3, True, "1"])
def test_claiming_a_seat_that_does_not_exist_is_refused(kit: Kit, seat: object) -> None:
    drawn = kit.rounds.start(3)
    with pytest.raises(ValueError, match="seat"):
        kit.rounds.claim(drawn.id, seat)  # type: ignore[arg-type]
    assert kit.rounds.get(drawn.id).tokens == {}


def test_an_unknown_round_is_refused(kit: Kit) -> None:
    with pytest.raises(ValueError, match="no such round"):
        kit.rounds.claim(99, 0)


def test_the_reveal_makes_every_colour_public_and_ends_claiming(kit: Kit) -> None:
    drawn = kit.rounds.start(4)
    kit.changes.clear()
    revealed = kit.rounds.reveal(drawn.id)
    assert revealed.public()["colours"] == drawn.colours
    assert revealed.public()["revealed"] is True
    assert kit.changes == [1]
    kit.rounds.reveal(drawn.id)
    assert kit.changes == [1], "revealing twice changes nothing"
    with pytest.raises(ValueError, match="already revealed"):
        kit.rounds.claim(drawn.id, 0)


def test_rounds_claims_and_reveals_survive_a_restart(kit: Kit) -> None:
    first = kit.rounds.start(2, ["Ann", "Bob"])
    token = kit.rounds.claim(first.id, 0)
    kit.rounds.reveal(first.id)
    second = kit.rounds.start(3)
    again = kit.reopened()
    assert again.rounds.current() == second
    assert again.rounds.get(first.id).public()["colours"] == first.colours
    assert again.rounds.seat_colour(first.id, token)["colour"] == first.colours[0]


# --- the Sàrénà score sheet -----------------------------------------------------------------


def test_an_empty_sheet(kit: Kit) -> None:
    assert kit.sheet.state() == {
        "players": 0,
        "names": [],
        "round": None,
        "result": None,
        "corrections": [],
    }


def test_setting_up_draws_the_colours_and_shows_none_of_them(kit: Kit) -> None:
    state = kit.sheet.setup(3, ["Ann", "Bob", "Cat"])
    drawn = kit.rounds.current()
    assert drawn is not None and state["round"] == drawn.public()
    assert state["names"] == ["Ann", "Bob", "Cat"] and drawn.names == ["Ann", "Bob", "Cat"]
    assert state["result"] is None
    no_secret_in(state, drawn.colours)


def test_setting_up_can_take_the_colours_drawn_on_the_box(kit: Kit) -> None:
    on_box = kit.rounds.start(3)
    state = kit.sheet.setup(3, ["Ann", "Bob", "Cat"], use_drawn=True)
    assert state["round"]["round"] == on_box.id
    with pytest.raises(ValueError, match="no secret colours for 2 players"):
        kit.sheet.setup(2, ["Ann", "Bob"], use_drawn=True)
    kit.rounds.reveal(on_box.id)
    with pytest.raises(ValueError, match="draw new ones"):
        kit.sheet.setup(3, ["Ann", "Bob", "Cat"], use_drawn=True)


@pytest.mark.parametrize(
    ("players", "names"),
    [(1, ["A"]), (5, ["A"] * 5), (3, ["A", "B"]), (2, "AB"), (2, ["A", None]), (False, [])],
)
def test_a_bad_setup_is_refused_and_changes_nothing(
    kit: Kit, players: object, names: object
) -> None:
    with pytest.raises(ValueError):
        kit.sheet.setup(players, names)  # type: ignore[arg-type]
    assert kit.sheet.state()["players"] == 0
    assert kit.rounds.current() is None


def known_colours(kit: Kit, players: int) -> list[str]:
    kit.sheet.setup(players, [f"P{seat}" for seat in range(players)])
    drawn = kit.rounds.current()
    assert drawn is not None
    return drawn.colours


def test_the_piles_are_scored_by_final_scores_and_the_colours_revealed(kit: Kit) -> None:
    red, blue, *_ = known_colours(kit, 3)
    other = next(c for c in COLOURS if c not in (red, blue))
    piles = [[f"{red}/{blue}", f"{blue}/{other}"], [f"{blue}/{red}"], [f"{other}/{red}"], []]
    state = kit.sheet.record_result(piles=piles)
    drawn = kit.rounds.current()
    assert drawn is not None
    expected = final_scores(piles, dict(enumerate(drawn.colours)))
    result = state["result"]
    assert result["mode"] == "piles"
    assert result["chips"] == [expected["chips"][seat] for seat in range(3)]
    assert result["tiebreak"] == [expected["tiebreak"][seat] for seat in range(3)]
    assert result["winners"] == expected["winners"]
    assert result["piles"] == [pile for pile in piles if pile]
    assert state["round"]["revealed"] is True and state["round"]["colours"] == drawn.colours


def test_entering_the_result_again_is_a_logged_correction(kit: Kit) -> None:
    red, blue = known_colours(kit, 2)
    kit.sheet.record_result(piles=[[f"{red}/{blue}"]])
    state = kit.sheet.record_result(piles=[[f"{blue}/{red}", f"{red}/{blue}"]])
    assert state["result"]["chips"] == [0, 2]
    assert [(c["before"], c["after"]) for c in state["corrections"]] == [([1, 0], [0, 2])]
    assert kit.reopened().sheet.state() == state


def test_counts_decide_with_the_same_rule(kit: Kit) -> None:
    known_colours(kit, 3)
    state = kit.sheet.record_result(
        counts=[{"chips": 7, "tiebreak": 5}, {"chips": 7, "tiebreak": 6}, {"chips": 3}]
    )
    assert state["result"] == {
        "mode": "counts",
        "chips": [7, 7, 3],
        "tiebreak": [5, 6, None],
        "winners": [1],
    }
    assert state["round"]["revealed"] is True
    state = kit.sheet.record_result(counts=[{"chips": 9}, {"chips": 2}, {"chips": 0}])
    assert state["result"]["winners"] == [0], "a single leader needs no tie-break count"


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([{"chips": 5}, {"chips": 5}, {"chips": 1}], "tied on 5 chips"),
        ([{"chips": 5, "tiebreak": 6}, {"chips": 1}, {"chips": 1}], "cannot be 6"),
        ([{"chips": 20}, {"chips": 20}, {"chips": 1}], "box holds 36"),
        ([{"chips": -1}, {"chips": 1}, {"chips": 1}], "whole number"),
        ([{"chips": "4"}, {"chips": 1}, {"chips": 1}], "whole number"),
        ([{"chips": 4}, {"chips": 1}], "give 3 counts"),
        ([{"chips": 4, "colour": "R"}, {"chips": 1}, {"chips": 1}], "P0"),
        ([4, 1, 1], "P0"),
    ],
)
def test_bad_counts_are_refused_and_change_nothing(kit: Kit, counts: list, message: str) -> None:
    known_colours(kit, 3)
    before = kit.sheet.state()
    with pytest.raises(ValueError, match=message):
        kit.sheet.record_result(counts=counts)
    assert kit.sheet.state() == before
    assert before["round"]["revealed"] is False, "a refused result reveals nothing"


@pytest.mark.parametrize(
    "piles",
    [[["R/R"]], [["R/B"] * 5], [["R/B"] * 4, ["R/B"] * 3], "R/B", [["R/B"], "Y/G"], [[7]]],
)
def test_bad_piles_are_refused_and_change_nothing(kit: Kit, piles: object) -> None:
    known_colours(kit, 2)
    before = kit.sheet.state()
    with pytest.raises(ValueError):
        kit.sheet.record_result(piles=piles)  # type: ignore[arg-type]
    assert kit.sheet.state() == before


def test_a_result_needs_a_sheet_and_exactly_one_kind_of_entry(kit: Kit) -> None:
    with pytest.raises(ValueError, match="set up the sheet first"):
        kit.sheet.record_result(piles=[])
    known_colours(kit, 2)
    with pytest.raises(ValueError, match="either"):
        kit.sheet.record_result()
    with pytest.raises(ValueError, match="either"):
        kit.sheet.record_result(piles=[], counts=[{"chips": 0}, {"chips": 0}])


def test_the_box_keeps_one_colour_keeper_for_every_sheet(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        sheets = Sheets(journal, lambda: None)
        sheets.get("sarena").setup(2, ["Ann", "Bob"])
        drawn = sheets.colours().current()
        assert drawn is not None and drawn.names == ["Ann", "Bob"]
    finally:
        journal.close()
