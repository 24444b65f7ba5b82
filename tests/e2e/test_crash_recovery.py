"""A game survives kill -9 of the device: restarted, every seat sees exactly what it saw.

The long test plays a whole evening on the real process (a lobby, seats taken, freed,
swapped, a game with a seat freed and retaken mid-play, its end, the next lobby) and
kills it at random points: right after a change was answered (the table must come
back exactly as it was, host included), or while a request is in flight (the table
must come back either without it or with it, and the phone's retry with the same
request id must then apply it exactly once). Set CRASH_SEED to replay a run.
"""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from testkit.device_process import DeviceProcess, play_first_legal, seat_players

pytestmark = pytest.mark.slow


def seat_views(device: DeviceProcess, tokens: list[str]) -> list[dict]:
    views = []
    for token in tokens:
        view = device.get("/api/state", token=token)
        view["table"].pop("version")  # a change counter, restarts with the process
        view["table"].pop("boot")  # the run it counts in
        views.append(view)
    return views


def test_kill_9_mid_deal_loses_nothing(tmp_path: Path) -> None:
    with DeviceProcess(tmp_path) as device:
        tokens = seat_players(device, "cena", 3)
        for _ in range(3 + 8):  # three reveals, then eight cards into the deal
            play_first_legal(device, tokens)
        before = seat_views(device, tokens)
        assert before[0]["phase"] == "play" and before[0]["trick"]["number"] >= 3
        device.kill()

    with DeviceProcess(tmp_path) as device:
        assert seat_views(device, tokens) == before  # same tokens still open the same seats
        play_first_legal(device, tokens)  # and the game goes on
        assert seat_views(device, tokens) != before


# --- kill -9 at random points of a whole evening --------------------------------------


class Evening:
    """The real device through lobby, seats, play, end and the next lobby, killed at
    the steps `kills` names ({step number: "after" | "during"})."""

    def __init__(self, data: Path, rng: random.Random) -> None:
        self.data = data
        self.rng = rng
        self.device = DeviceProcess(data).start()
        self.phones: dict[str, str] = {}  # name -> seat token (dead ones are kept: 403)
        self.kills: dict[int, str] = {}
        self.step_number = 0
        self.killed: list[tuple[int, str, str]] = []  # (step, label, how)
        self.serial = 0

    def close(self) -> None:
        self.device.stop()

    # --- what every screen sees -----------------------------------------------------

    def observe(self) -> dict[str, Any]:
        """The public status and view, and each phone's answer to /api/state."""
        status = self.device.get("/api/status")
        status.pop("version")
        status.pop("boot")
        public = self.device.get("/api/state")
        public["table"].pop("version")
        public["table"].pop("boot")
        phones = {}
        for name, token in self.phones.items():
            code, state = self.device.request("GET", "/api/state", token=token)
            if code == 200:
                state["table"].pop("version")
                state["table"].pop("boot")
            phones[name] = (code, state)
        return {"status": status, "public": public, "phones": phones}

    def check(self, seen: dict[str, Any]) -> None:
        """What must hold after any restart: a host among the taken seats whenever a
        seat is taken, and every phone that holds a seat sees it."""
        status = seen["status"]
        taken = [seat["seat"] for seat in status["seats"] if seat["taken"]]
        if status["phase"] in ("lobby", "playing") and taken:
            assert status["host"] in taken, status
        for code, state in seen["phones"].values():
            assert code in (200, 403)
            if code == 200:
                assert status["seats"][state["you"]["seat"]]["taken"]

    def restart(self) -> dict[str, Any]:
        self.device.kill()
        self.device = DeviceProcess(self.data).start()
        seen = self.observe()
        self.check(seen)
        return seen

    # --- one request by one phone, maybe with a kill -----------------------------------

    def send(
        self, label: str, path: str, body: dict[str, Any], token: str | None = None, safe=False
    ) -> Any:
        """POST as a phone. `safe`: the request carries its own id (an action's
        "request", a lobby's "opener"), so the phone may send it again after a crash."""
        self.step_number += 1
        how = self.kills.get(self.step_number)
        if how == "during" and safe:
            self.killed.append((self.step_number, label, how))
            return self.kill_during(path, body, token)
        code, answer = self.device.request("POST", path, body, token=token)
        assert code == 200, (label, code, answer)
        if how is not None:
            self.killed.append((self.step_number, label, "after"))
            before = self.observe()
            assert self.restart() == before, label  # exactly the last answered change
        return answer

    def kill_during(self, path: str, body: dict[str, Any], token: str | None) -> Any:
        before = self.observe()
        first: dict[str, Any] = {}

        def phone() -> None:
            try:
                first["answer"] = self.device.request("POST", path, body, token=token)
            except Exception as err:  # the box died under it: no answer
                first["error"] = err

        sending = threading.Thread(target=phone)
        sending.start()
        time.sleep(self.rng.uniform(0.0, 0.03))
        self.device.kill()
        sending.join(timeout=10)
        recovered = self.restart()
        code, answer = self.device.request("POST", path, body, token=token)  # the retry
        assert code == 200, (path, code, answer)
        after = self.observe()
        answered = first.get("answer")
        if answered is not None and answered[0] == 200:
            # Answered before the kill, so committed: the retry repeats the answer.
            assert answer == answered[1]
            assert recovered != before
        step, label, _ = self.killed[-1]
        if recovered == before:
            assert after != before  # it was lost with the process: the retry applies it
            self.killed[-1] = (step, label, "during: lost, retry applied it")
        else:
            assert after == recovered  # it was kept: the retry changes nothing
            self.killed[-1] = (step, label, "during: kept, retry answered")
        return answer

    # --- the phones' moves -----------------------------------------------------------

    def request_id(self) -> str:
        self.serial += 1
        return f"move-{self.serial:06d}"

    def seat_token(self, seat: int) -> str:
        for token in self.phones.values():
            code, state = self.device.request("GET", "/api/state", token=token)
            if code == 200 and state["you"]["seat"] == seat:
                return token
        raise AssertionError(f"no phone holds seat {seat}")

    def host_token(self) -> str:
        return self.seat_token(self.device.get("/api/status")["host"])

    def move(self, label: str = "play") -> None:
        public = self.device.get("/api/state")
        pause = public["table"]["interlude"]  # after a deal every phone taps Continue
        for seat in pause["waiting"] if pause else []:
            self.send(f"continue seat {seat + 1}", "/api/continue", {}, self.seat_token(seat))
        if pause:
            public = self.device.get("/api/state")
        token = self.seat_token(public["to_act"][0])
        action = self.device.get("/api/state", token=token)["legal"][0]
        body = {"action": action, "request": self.request_id()}
        self.send(label, "/api/action", body, token, safe=True)


def last_move_next(public: dict[str, Any]) -> bool:
    """Céna: the next card is the game's last (final deal, one card left in all)."""
    return public["deal"] == public["deals"] and sum(public["hand_sizes"]) == 1


def test_kill_9_at_random_points_of_an_evening_loses_nothing(tmp_path: Path) -> None:
    seed = int(os.environ.get("CRASH_SEED", random.randrange(10**6)))
    print(f"CRASH_SEED={seed}")
    rng = random.Random(seed)
    evening = Evening(tmp_path, rng)
    ways = ("after", "during")
    try:
        # Steps 1-7: the lobby and its seats. Kill at three of them.
        for step in rng.sample(range(1, 8), 3):
            evening.kills[step] = rng.choice(ways)
        opened = evening.send(
            "open lobby",
            "/api/lobby",
            {"game": "cena", "players": 3, "name": "Ann", "opener": "anns-phone-opening-1"},
            safe=True,
        )
        evening.phones["Ann"] = opened["token"]
        room = evening.device.get("/api/status")["room"]
        for name in ("Bob", "Cat"):
            joined = evening.send(f"join {name}", "/api/join", {"code": room, "name": name})
            evening.phones[name] = joined["token"]
        ann = evening.phones["Ann"]
        evening.send("free seat 3 (lobby)", "/api/host/release", {"seat": 2}, ann)
        joined = evening.send("join Cat again", "/api/join", {"code": room, "name": "Cat"})
        evening.phones["Cat again"] = joined["token"]
        evening.send("swap seats 1 and 2", "/api/host/swap", {"first": 0, "second": 1}, ann)
        evening.send("start", "/api/host/start", {}, ann)
        assert evening.device.get("/api/status")["host"] == 1  # Ann moved with host rights

        # Play, with five kills at random moves, and Bob's seat freed and retaken.
        moves = rng.sample(range(1, 90), 5)
        first_move = evening.step_number + 1
        for number in range(1, 12):
            if number in moves:
                evening.kills[evening.step_number + 1] = rng.choice(ways)
            evening.move()
        bob_seat = evening.device.get("/api/state", token=evening.phones["Bob"])["you"]["seat"]
        for step in range(3):  # ask, Bob allows, Dan takes the seat: each killed after
            evening.kills[evening.step_number + 1 + step] = "after"
        asked = evening.send(
            "ask to free Bob's seat", "/api/host/release", {"seat": bob_seat}, evening.host_token()
        )
        assert asked["outcome"] == "asked"
        answer = {"allow": True}
        freed = evening.send(
            "Bob allows", "/api/host/release/answer", answer, evening.phones["Bob"]
        )
        assert freed["outcome"] == "freed"
        joined = evening.send("Dan takes the seat", "/api/join", {"code": room, "name": "Dan"})
        assert joined["seat"] == bob_seat
        evening.phones["Dan"] = joined["token"]
        texts = [n["text"] for n in evening.device.get("/api/status")["notices"]]
        assert texts[-2:] == [
            f"Seat {bob_seat + 1} (Bob) was freed: Bob agreed",
            f"Dan took seat {bob_seat + 1}",
        ]
        number = 11
        while evening.device.get("/api/status")["phase"] == "playing":
            number += 1
            public = evening.device.get("/api/state")
            if number in moves or (public["phase"] == "play" and last_move_next(public)):
                evening.kills[evening.step_number + 1] = rng.choice(ways)
            evening.move("last move" if last_move_next(public) else "play")
        assert evening.step_number - first_move > 90
        result = evening.observe()
        assert result["status"]["phase"] == "over" and result["public"]["winners"]

        # The next lobby, opened by the host from the result; then a join.
        evening.kills[evening.step_number + 1] = rng.choice(ways)
        evening.kills[evening.step_number + 2] = "after"
        again = evening.send(
            "next lobby",
            "/api/lobby",
            {"game": "cena", "players": 3, "name": "Ann", "opener": "anns-phone-opening-2"},
            evening.host_token(),
            safe=True,
        )
        evening.phones = {"Ann": again["token"]}
        room = evening.device.get("/api/status")["room"]
        joined = evening.send("join Eve", "/api/join", {"code": room, "name": "Eve"})
        evening.phones["Eve"] = joined["token"]
        final = evening.restart()
        assert final["status"]["phase"] == "lobby"  # the finished game never comes back
        assert [s["taken"] for s in final["status"]["seats"]] == [True, True, False]
        assert final["status"]["host"] == 0 and final["status"]["notices"] == []
    finally:
        evening.close()
    print("kills:", evening.killed)
    assert 10 <= len(evening.killed) <= 20
    labels = {label for _, label, _ in evening.killed}
    assert {"play", "last move", "next lobby", "Bob allows"} <= labels
