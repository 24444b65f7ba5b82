"""Tables of fewer than three people. With two, "the rest of the table" is the host
alone, who could free the other seat after the grace and read its hand (a secret
colour) from a second phone: only the holder's consent or a press on the box frees it.
A lobby its last person leaves closes, so the next person in can open a game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from device import i18n
from device.journal import Journal
from device.table import RELEASE_GRACE, Table, TableError
from tests.device.box_rig import Rig


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def two(tmp_path: Path, clock: Clock) -> Iterator[Table]:
    """Sàrénà for two in play: Ann (host), Bob."""
    journal = Journal(tmp_path / "journal.sqlite3")
    table = Table(journal, clock=clock)
    table.open_lobby("sarena", 2, {}, host_name="Ann")
    table.join(table.status()["room"], "Bob")
    table.start()
    yield table
    journal.close()


def test_the_host_alone_never_frees_the_other_seat(two: Table, clock: Clock) -> None:
    assert two.release_seat(1, by=0) == "asked"
    assert two.status()["release"]["box_confirms"]
    clock.now += RELEASE_GRACE + 60
    with pytest.raises(TableError) as refused:
        two.release_seat(1, by=0)
    assert refused.value.code == "release_needs_holder"
    assert "only Bob or a press on the box" in str(refused.value)
    with pytest.raises(TableError, match="only Bob"):
        two.answer_release(0, allow=True)  # the asker confirming is no consent either
    assert two.status()["seats"][1]["taken"]


def test_the_holder_may_free_it(two: Table) -> None:
    two.release_seat(1, by=0)
    assert two.answer_release(1, allow=True) == "freed"
    assert not two.status()["seats"][1]["taken"]


def test_a_press_on_the_box_frees_it_and_every_screen_says_so(two: Table) -> None:
    with pytest.raises(TableError, match="nobody is asking"):
        two.confirm_release_on_box()
    two.release_seat(1, by=0)
    assert two.confirm_release_on_box() == "freed"
    assert not two.status()["seats"][1]["taken"]
    assert two.status()["notices"][-1]["text"] == "Seat 2 (Bob) was freed on the box"


def test_the_box_asks_and_frees_on_a_press(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        rig.start_game("sarena", 2, ("Ann", "Bob"))
        rig.table.release_seat(1, by=0)
        rig.flush()
        asking = rig.box.controls.menu
        assert asking is not None and str(asking.title) == "Free seat 2?"
        assert asking.selected == 0  # "No" first
        rig.click("B")
        rig.click("A")  # Yes
        assert not rig.table.status()["seats"][1]["taken"]
    finally:
        rig.close()


def test_the_boxs_question_goes_when_the_holder_answers(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        rig.start_game("sarena", 2, ("Ann", "Bob"))
        rig.table.release_seat(1, by=0)
        rig.flush()
        assert rig.box.controls.menu is not None
        rig.table.answer_release(1, allow=False)  # Bob keeps his seat from his phone
        rig.flush()
        assert rig.box.controls.menu is None
    finally:
        rig.close()


def test_three_people_keep_the_tables_consent(tmp_path: Path, clock: Clock) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        table = Table(journal, clock=clock)
        table.open_lobby("sarena", 3, {}, host_name="Ann")
        for name in ("Bob", "Cat"):
            table.join(table.status()["room"], name)
        table.start()
        table.release_seat(1, by=0)
        assert not table.status()["release"]["box_confirms"]
        table.answer_release(2, allow=True)
        clock.now += RELEASE_GRACE
        assert table.release_seat(1, by=0) == "freed"
    finally:
        journal.close()


def test_an_empty_lobby_closes(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        table = Table(journal)
        table.open_lobby("cena", 3, {}, host_name="Ann")
        table.leave(0)  # the host leaves with nobody else in
        assert table.status()["phase"] == "idle"
        table.open_lobby("sarena", 2, {}, host_name="Bo")  # no 409 game_open
        assert table.status()["game"] == "sarena"
        table.join(table.status()["room"], "Cy")
        table.leave(0)  # the host leaves, Cy is still in: the lobby stays, Cy hosts
        assert table.status()["phase"] == "lobby" and table.status()["host"] == 1
    finally:
        journal.close()
    reopened = Journal(tmp_path / "journal.sqlite3")
    try:
        assert Table(reopened).status()["phase"] == "lobby"  # and after a restart
    finally:
        reopened.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_box_asks_to_give_a_seat_to_a_bot_and_its_yes_seats_one(
    tmp_path: Path, language: str
) -> None:
    rig = Rig(tmp_path)
    try:
        rig.table.set_language(language)
        rig.start_game("sarena", 2, ("Ann", "Bob"))
        assert rig.table.add_bot(1, "easy", by=0) is None  # asked: Bob's phone, or the box
        rig.flush()
        asking = rig.box.controls.menu
        assert asking is not None
        question = i18n.Text("Seat {number} to a bot?", {"number": 2})
        assert i18n.say(asking.title, language) == i18n.say(question, language)
        picture = Image.frombytes("1", (128, 64), rig.oled.pictures()[-1])
        picture.resize((512, 256)).save(tmp_path.parent / f"oled-seat-to-a-bot-{language}.png")
        rig.click("B")
        rig.click("A")  # Yes
        assert rig.table.status()["seats"][1]["bot"] == "easy"
    finally:
        rig.close()
