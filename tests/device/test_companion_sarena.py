"""Secret colours for a physical game (ColourRounds) and the Sàrénà score sheet.

The colours are secrets: the journal holds them, `public()` and the sheet's state
never show them before the reveal, and only a phone's own token reads its colour.
A seat is claimed with the round's code only; only the round's owner (or the box)
reveals it, and only the sheet's owner enters its end before the reveal. Rounds
and sheets an older release wrote (no code, no owner) still load and play.
The result comes from the engine's own final_scores / winners_of.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from device.companion import ColourRounds, SheetTools
from device.companion.colours import BOX, NotTheOwner, NotYourSeat, Round, WrongCode
from device.companion.sheets import Sheets
from device.games.sarena.sheet import SarenaSheet
from device.journal import Journal
from engines.sarena import final_scores
from engines.sarena.chips import COLOURS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@dataclass
class Kit:
    journal: Journal
    rounds: ColourRounds
    sheet: SarenaSheet
    changes: list[int]
    owner: str | None = None  # the sheet's owner token, once set up

    def reopened(self) -> Kit:
        """The same journal read by fresh objects, as after a power cut."""
        rounds = ColourRounds(self.journal, lambda: None)
        sheet = SarenaSheet(SheetTools(self.journal, lambda: None, rounds))
        return Kit(self.journal, rounds, sheet, [], self.owner)


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
        "needs_code": True,
        "reveal_by": "box",
        "revealed": False,
        "colours": None,
    }
    no_secret_in(public, drawn.colours)
    assert drawn.code is not None and drawn.code not in json.dumps(public)
    assert drawn.owner is None, "a round drawn on the box has no owner: the box reveals it"
    assert kit.rounds.box_code(drawn.id) == drawn.code, "what the box's OLED shows"
    assert kit.changes, "the box and the phones hear of a new round"


def test_a_round_drawn_by_a_phone_has_a_code_and_an_owner_token_that_public_never_shows(
    kit: Kit,
) -> None:
    drawn = kit.rounds.start(4, owned=True)
    assert drawn.owner and drawn.code
    assert len(drawn.code) == 4 and set(drawn.code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ")
    assert kit.rounds.box_code(drawn.id) is None, "its phone shows it, not the box"
    public = drawn.public()
    assert public["reveal_by"] == "owner" and public["needs_code"] is True
    no_secret_in(public, drawn.colours, [drawn.owner])
    assert drawn.code not in json.dumps(public)
    codes = {kit.rounds.start(2).code for _ in range(30)}
    assert len(codes) > 1, "30 rounds had the same code"


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
    token = kit.rounds.claim(drawn.id, 1, drawn.code)
    assert kit.rounds.seat_colour(drawn.id, token) == {
        "round": drawn.id,
        "seat": 1,
        "colour": drawn.colours[1],
    }
    public = kit.rounds.get(drawn.id).public()
    assert public["claimed"] == [False, True, False]
    no_secret_in(public, drawn.colours, [token])
    with pytest.raises(ValueError, match="already on another phone"):
        kit.rounds.claim(drawn.id, 1, drawn.code)
    for bad in ("", "not-a-token", None):
        with pytest.raises(NotYourSeat):
            kit.rounds.seat_colour(drawn.id, bad)
    later = kit.rounds.start(3)
    with pytest.raises(NotYourSeat):
        kit.rounds.seat_colour(later.id, token)  # a token holds a seat of its own round only
    owned = kit.rounds.start(3, owned=True)
    with pytest.raises(NotYourSeat):
        kit.rounds.seat_colour(owned.id, owned.owner)  # the owner sees the code, no colour


def test_no_seat_is_claimed_without_the_rounds_code(kit: Kit) -> None:
    drawn = kit.rounds.start(3, owned=True)
    assert drawn.code is not None
    other = next(c for c in ("ABCD", "WXYZ") if c != drawn.code)
    entries = kit.journal.sheet_entries("colours")
    for code in (None, "", other, drawn.code[:3], drawn.code + "A", "é" * 4, drawn.owner):
        with pytest.raises(WrongCode):
            kit.rounds.claim(drawn.id, 0, code)
    with pytest.raises(WrongCode, match="type the round's code"):
        kit.rounds.claim(drawn.id, 0)
    assert kit.journal.sheet_entries("colours") == entries, "a refused claim writes nothing"
    assert kit.rounds.get(drawn.id).public()["claimed"] == [False, False, False]
    token = kit.rounds.claim(drawn.id, 0, f"  {drawn.code.lower()} ")  # typed on a phone
    assert kit.rounds.seat_colour(drawn.id, token)["seat"] == 0
    later = kit.rounds.start(3, owned=True)
    if later.code != drawn.code:
        with pytest.raises(WrongCode):
            kit.rounds.claim(later.id, 1, drawn.code)  # a code opens its own round only


@pytest.mark.parametrize("seat", [-1, 3, True, "1"])
def test_claiming_a_seat_that_does_not_exist_is_refused(kit: Kit, seat: object) -> None:
    drawn = kit.rounds.start(3)
    with pytest.raises(ValueError, match="seat"):
        kit.rounds.claim(drawn.id, seat, drawn.code)  # type: ignore[arg-type]
    assert kit.rounds.get(drawn.id).tokens == {}


def test_an_unknown_round_is_refused(kit: Kit) -> None:
    with pytest.raises(ValueError, match="no such round"):
        kit.rounds.claim(99, 0, "ABCD")
    with pytest.raises(ValueError, match="no such round"):
        kit.rounds.reveal(99, token="x")


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
        kit.rounds.claim(drawn.id, 0, drawn.code)


def test_only_the_owner_reveals_a_phones_round_and_the_box_any(kit: Kit) -> None:
    drawn = kit.rounds.start(3, owned=True)
    seat = kit.rounds.claim(drawn.id, 0, drawn.code)
    entries = kit.journal.sheet_entries("colours")
    for token in (None, "", "not-a-token", seat, "é", drawn.code):
        with pytest.raises(NotTheOwner, match="only the phone that drew"):
            kit.rounds.reveal(drawn.id, token=token)
    assert kit.journal.sheet_entries("colours") == entries
    assert kit.rounds.get(drawn.id).public()["colours"] is None
    assert kit.rounds.reveal(drawn.id, token=drawn.owner).revealed
    on_box = kit.rounds.start(2)
    with pytest.raises(NotTheOwner, match="drawn on the box"):
        kit.rounds.reveal(on_box.id, token=drawn.owner)
    assert kit.rounds.reveal(on_box.id).revealed, "the box reveals from its own buttons"
    third = kit.rounds.start(2, owned=True)
    assert kit.rounds.reveal(third.id, token=BOX).revealed, "the box reveals a phone's too"


def test_rounds_claims_and_reveals_survive_a_restart(kit: Kit) -> None:
    first = kit.rounds.start(2, ["Ann", "Bob"])
    token = kit.rounds.claim(first.id, 0, first.code)
    kit.rounds.reveal(first.id)
    second = kit.rounds.start(3, owned=True)
    again = kit.reopened()
    assert again.rounds.current() == second
    assert again.rounds.get(second.id).code == second.code
    assert again.rounds.get(second.id).owner == second.owner
    assert again.rounds.get(first.id).public()["colours"] == first.colours
    assert again.rounds.seat_colour(first.id, token)["colour"] == first.colours[0]


# --- the Sàrénà score sheet -----------------------------------------------------------------


def test_an_empty_sheet(kit: Kit) -> None:
    assert kit.sheet.state() == {
        "players": 0,
        "names": [],
        "round": None,
        "owned": False,
        "result": None,
        "corrections": [],
    }


def test_setting_up_draws_the_colours_and_shows_none_of_them(kit: Kit) -> None:
    answer = kit.sheet.setup(3, ["Ann", "Bob", "Cat"])
    drawn = kit.rounds.current()
    assert drawn is not None and answer["round"] == drawn.public()
    assert answer["owner"] == {"token": drawn.owner, "code": drawn.code}, "for its phone alone"
    state = kit.sheet.state()
    assert state == {k: v for k, v in answer.items() if k != "owner"}
    assert state["names"] == ["Ann", "Bob", "Cat"] and drawn.names == ["Ann", "Bob", "Cat"]
    assert state["result"] is None and state["owned"] is True
    assert drawn.owner is not None and drawn.code is not None
    no_secret_in(state, drawn.colours, [drawn.owner])
    assert drawn.code not in json.dumps(state)


def test_setting_up_can_take_the_colours_drawn_on_the_box_with_its_code(kit: Kit) -> None:
    on_box = kit.rounds.start(3)
    names = ["Ann", "Bob", "Cat"]
    for code in (None, "", "QQQQ" if on_box.code != "QQQQ" else "ZZZZ"):
        with pytest.raises(WrongCode, match="drawn on the box"):
            kit.sheet.setup(3, names, use_drawn=True, code=code)
    assert kit.sheet.state()["players"] == 0, "a refused setup writes nothing"
    answer = kit.sheet.setup(3, names, use_drawn=True, code=on_box.code)
    assert answer["round"]["round"] == on_box.id
    sheet_token = answer["owner"]["token"]
    assert sheet_token and answer["owner"]["code"] == on_box.code
    with pytest.raises(NotTheOwner):
        kit.rounds.reveal(on_box.id, token=sheet_token)  # the round stays the box's
    with pytest.raises(ValueError, match="no secret colours for 2 players"):
        kit.sheet.setup(2, ["Ann", "Bob"], use_drawn=True, code=on_box.code)
    kit.rounds.reveal(on_box.id)
    with pytest.raises(ValueError, match="draw new ones"):
        kit.sheet.setup(3, names, use_drawn=True, code=on_box.code)


def test_only_its_owner_sets_up_a_sheet_with_a_phones_colours(kit: Kit) -> None:
    drawn = kit.rounds.start(2, owned=True)
    seat = kit.rounds.claim(drawn.id, 0, drawn.code)
    for token, code in ((None, drawn.code), (seat, drawn.code), ("x", None)):
        with pytest.raises(NotTheOwner, match="only the phone that drew"):
            kit.sheet.setup(2, ["Ann", "Bob"], use_drawn=True, token=token, code=code)
    answer = kit.sheet.setup(2, ["Ann", "Bob"], use_drawn=True, token=drawn.owner)
    assert answer["round"]["round"] == drawn.id
    assert answer["owner"] == {"token": drawn.owner, "code": drawn.code}, "one token for both"


@pytest.mark.parametrize(
    ("players", "names"),
    [(1, ["A"]), (5, ["A"] * 5), (3, ["A", "B"]), (2, "AB"), (2, ["A", 7]), (False, [])],
)
def test_a_bad_setup_is_refused_and_changes_nothing(
    kit: Kit, players: object, names: object
) -> None:
    with pytest.raises(ValueError):
        kit.sheet.setup(players, names)  # type: ignore[arg-type]
    assert kit.sheet.state()["players"] == 0
    assert kit.rounds.current() is None


def known_colours(kit: Kit, players: int) -> list[str]:
    """Set up a sheet; kit.owner is then its owner's token."""
    answer = kit.sheet.setup(players, [f"P{seat}" for seat in range(players)])
    kit.owner = answer["owner"]["token"]
    drawn = kit.rounds.current()
    assert drawn is not None
    return drawn.colours


def test_the_piles_are_scored_by_final_scores_and_the_colours_revealed(kit: Kit) -> None:
    red, blue, *_ = known_colours(kit, 3)
    other = next(c for c in COLOURS if c not in (red, blue))
    piles = [[f"{red}/{blue}", f"{blue}/{other}"], [f"{blue}/{red}"], [f"{other}/{red}"], []]
    state = kit.sheet.record_result(token=kit.owner, piles=piles)
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
    kit.sheet.record_result(token=kit.owner, piles=[[f"{red}/{blue}"]])
    state = kit.sheet.record_result(token=kit.owner, piles=[[f"{blue}/{red}", f"{red}/{blue}"]])
    assert state["result"]["chips"] == [0, 2]
    assert [(c["before"], c["after"]) for c in state["corrections"]] == [([1, 0], [0, 2])]
    assert kit.reopened().sheet.state() == state


def test_counts_decide_with_the_same_rule(kit: Kit) -> None:
    known_colours(kit, 3)
    state = kit.sheet.record_result(
        token=kit.owner,
        counts=[{"chips": 7, "tiebreak": 5}, {"chips": 7, "tiebreak": 6}, {"chips": 3}],
    )
    assert state["result"] == {
        "mode": "counts",
        "chips": [7, 7, 3],
        "tiebreak": [5, 6, None],
        "winners": [1],
    }
    assert state["round"]["revealed"] is True
    state = kit.sheet.record_result(
        token=kit.owner, counts=[{"chips": 9}, {"chips": 2}, {"chips": 0}]
    )
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
        kit.sheet.record_result(token=kit.owner, counts=counts)
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
        kit.sheet.record_result(token=kit.owner, piles=piles)  # type: ignore[arg-type]
    assert kit.sheet.state() == before


def test_a_result_needs_a_sheet_and_exactly_one_kind_of_entry(kit: Kit) -> None:
    with pytest.raises(ValueError, match="set up the sheet first"):
        kit.sheet.record_result(token=kit.owner, piles=[])
    known_colours(kit, 2)
    with pytest.raises(ValueError, match="either"):
        kit.sheet.record_result(token=kit.owner)
    with pytest.raises(ValueError, match="either"):
        kit.sheet.record_result(token=kit.owner, piles=[], counts=[{"chips": 0}, {"chips": 0}])


def test_the_box_keeps_one_colour_keeper_for_every_sheet(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        sheets = Sheets(journal, lambda: None)
        sheets.get("sarena").setup(2, ["Ann", "Bob"])
        drawn = sheets.colours().current()
        assert drawn is not None and drawn.names == ["Ann", "Bob"]
    finally:
        journal.close()


def test_only_the_sheets_owner_enters_the_end_while_the_colours_are_secret(kit: Kit) -> None:
    red, blue = known_colours(kit, 2)
    drawn = kit.rounds.current()
    assert drawn is not None and drawn.code is not None
    seat = kit.rounds.claim(drawn.id, 0, drawn.code)
    before = kit.sheet.state()
    for token in (None, "", "not-the-owner", seat, drawn.code, "é"):
        with pytest.raises(NotTheOwner, match="only the phone that set up this sheet"):
            kit.sheet.record_result(piles=[[f"{red}/{blue}"]], token=token)
    assert kit.sheet.state() == before and before["round"]["colours"] is None
    assert kit.sheet.record_result(piles=[[f"{red}/{blue}"]], token=kit.owner)["round"]["revealed"]
    # Revealed: a correction from any phone, as before (nothing is secret any more).
    state = kit.sheet.record_result(piles=[[f"{blue}/{red}"]], token=None)
    assert state["result"]["chips"] == [0, 1]


def test_the_box_reveal_lets_any_phone_enter_the_end(kit: Kit) -> None:
    red, blue = known_colours(kit, 2)
    drawn = kit.rounds.current()
    assert drawn is not None
    kit.rounds.reveal(drawn.id)  # the owner's phone is lost: Reveal all on the box
    state = kit.sheet.record_result(piles=[[f"{red}/{blue}"]], token=None)
    assert state["result"]["chips"] == [1, 0]


# --- journals an older release wrote ------------------------------------------------------


def old_round(kit: Kit, players: int, colours: list[str]) -> int:
    """A round as the release before codes wrote it: no code, no owner."""
    return kit.journal.add_sheet_entry(
        "colours", "round", {"players": players, "names": [], "colours": colours}
    )


def test_an_older_releases_round_loads_and_is_claimed_without_a_code(kit: Kit) -> None:
    number = old_round(kit, 3, ["R", "B", "Y"])
    found = kit.rounds.get(number)
    assert found == Round(number, 3, [], ["R", "B", "Y"])
    assert found.code is None and found.owner is None and kit.rounds.box_code(number) is None
    assert found.public()["needs_code"] is False and found.public()["reveal_by"] == "seat"
    token = kit.rounds.claim(number, 1)  # no code was ever shown: none is needed
    assert kit.rounds.claim(number, 2, "ANYC")  # and a code given is not checked
    assert kit.rounds.seat_colour(number, token)["colour"] == "B"
    with pytest.raises(ValueError, match="already on another phone"):
        kit.rounds.claim(number, 1)


def test_an_older_releases_round_is_revealed_by_a_phone_holding_one_of_its_seats(
    kit: Kit,
) -> None:
    number = old_round(kit, 2, ["G", "Y"])
    for token in (None, "", "someone"):
        with pytest.raises(NotTheOwner, match="took a seat"):
            kit.rounds.reveal(number, token=token)
    seat = kit.rounds.claim(number, 0)
    assert kit.rounds.reveal(number, token=seat).public()["colours"] == ["G", "Y"]
    other = old_round(kit, 2, ["R", "B"])
    assert kit.rounds.reveal(other).revealed, "and the box, as always"


def test_an_older_releases_sheet_is_scored_by_a_seat_of_its_round(kit: Kit) -> None:
    number = old_round(kit, 2, ["R", "B"])
    kit.journal.add_sheet_entry(
        "sarena", "setup", {"players": 2, "names": ["Ann", "Bob"], "round": number}
    )
    state = kit.sheet.state()
    assert state["owned"] is False and state["round"]["round"] == number
    with pytest.raises(NotTheOwner):
        kit.sheet.record_result(piles=[["R/B"]], token=None)
    seat = kit.rounds.claim(number, 1)
    assert kit.sheet.record_result(piles=[["R/B"]], token=seat)["result"]["chips"] == [1, 0]


def test_the_older_release_fixture_journal_still_loads_its_colours(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(FIXTURES / "journal-0.1.0-history.sqlite3", path)
    journal = Journal(path)
    try:
        sheets = Sheets(journal, lambda: None)
        rounds = sheets.colours().rounds()
        assert rounds and all(found.code is None for found in rounds.values())
        drawn = sheets.colours().current()
        assert drawn is not None and drawn.names == ["Ann", "Bob", "Cat"]
        assert drawn.public()["needs_code"] is False and drawn.public()["colours"] is None
        token = sheets.colours().claim(drawn.id, 1)
        assert sheets.colours().seat_colour(drawn.id, token)["seat"] == 1
        assert sheets.colours().reveal(drawn.id, token=token).revealed
        state = sheets.get("sarena").state()
        assert state["players"] == 2 and state["owned"] is False
    finally:
        journal.close()
