"""Nothing a client sends breaks the box: a seeded fuzz over every route (issue 12).

Every route of the app is found in `app.url_map`, so a new route fails here until
it has an entry below. Each gets malformed requests: bodies of the wrong shape,
types, sizes and encodings (invalid UTF-8, lone surrogates, NaN, deep nesting,
huge numbers and strings), text/plain and foreign-origin writes, tokens no box
gives (non-ASCII, huge, another alphabet, in the header and in ?token=), odd query
strings, path parts and methods. Every answer must be below 500, every malformed
write refused (4xx), and nothing may change: the table, the journal, every score
sheet, secret colours, the sticks, the simulated box.

A second pass sends valid bodies with one value changed somewhere inside, with
real tokens: these may be accepted, so it only asks for no 5xx, and reaches the
sheets' and engines' own checks.

Seeded (random.Random), so a failure names a request that fails the same way
again. The quick run sends a few thousand requests; `-m slow` ten times more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from device.journal import Journal
from device.sticks import StickRoller
from device.table import Table
from webui import MAX_BODY_BYTES, create_app
from webui.payload import MAX_DEPTH, MAX_ITEMS, MAX_TEXT, MAX_WHOLE

from .conftest import (
    HEARTBEAT,
    TOKEN_HEADER,
    FakeBox,
    FakeSheets,
    ok,
    post,
    seat_players,
    world,
)

GOVERNMENT: list[list[Any]] = [
    ["G1", "G2", "G3"],
    ["W5", "W5", "W5"],
    ["G7", "G8", {"piece": "J", "as": "G9"}],
]
NAMES = ["Ann", "Bob", "Cat"]


@dataclass(frozen=True)
class Write:
    """A write route: a body it accepts, the token it needs, the path to post to."""

    body: dict[str, Any]
    auth: str | None = None  # "seat" (seat 1's token), "host", or None: no token needed
    path: str | None = None  # for a rule with a variable part
    reads_token: bool = False  # reads a token it does not need (the sticks)


# Every write route with a body it accepts. Each sheet's own checks are its own;
# a body here only needs the right shape.
WRITES: dict[str, Write] = {
    "/api/lobby": Write({"game": "cena", "players": 3, "name": "Zed", "options": {}}),
    "/api/join": Write({"code": "ABCD", "name": "Zed", "seat": 2}),
    "/api/action": Write({"action": {"type": "reveal", "cards": ["W1", "W2", "W3"]}}, "seat"),
    "/api/host/configure": Write({"game": "cena", "players": 4, "options": {}}, "host"),
    "/api/host/start": Write({}, "host"),
    "/api/host/release": Write({"seat": 1}, "host"),
    "/api/host/release/answer": Write({"allow": True}, "seat"),
    "/api/host/swap": Write({"first": 0, "second": 1}, "host"),
    "/api/hint": Write({}, "seat"),  # before hints can be turned on: no thinking here
    "/api/host/hints": Write({"on": False}, "host"),
    "/api/host/bot": Write({"seat": 2, "level": "easy"}, "host"),
    "/api/host/bot-pace": Write({"seconds": 2}, "host"),
    "/api/host/end-early": Write({}, "host"),
    "/api/host/end": Write({}, "host"),
    "/api/host/clear": Write({}, "host"),
    "/api/continue": Write({}, "seat"),
    "/api/host/skip-wait": Write({}, "host"),
    "/api/host/trick-pause": Write({"seconds": 2}, "host"),
    "/api/host/language": Write({"language": "ja"}, "host"),
    "/api/host/play-again": Write({}, "host"),
    "/api/host/next-game": Write({"game": "sarena", "players": 3, "options": {}}, "host"),
    "/api/leave": Write({}, "seat"),
    "/api/take-back/ask": Write({"steps": 1}, "seat"),
    "/api/take-back/answer": Write({"allow": True}, "seat"),
    "/api/take-back/answer-for": Write({"seat": 2, "allow": True}, "host"),
    "/api/take-back/withdraw": Write({}, "seat"),
    "/api/host/history/delete-game": Write({"game": "1", "confirm": True}, "host"),
    "/api/host/history/delete-player": Write({"name": "Ann", "confirm": True}, "host"),
    "/api/sticks/throw": Write({"from": "table"}, reads_token=True),
    "/sim/button/<name>": Write({"down": True}, path="/sim/button/A"),
    "/api/colours/start": Write({"players": 3, "names": NAMES}),
    "/api/colours/claim": Write({"round": 1, "seat": 0}),
    "/api/colours/reveal": Write({"round": 1}),
    "/api/companion/cena/setup": Write(
        {"players": 3, "names": NAMES, "objectives": [{"penalty": 10, "number": 6}]}
    ),
    "/api/companion/cena/deal": Write(
        {
            "deal": 1,
            "objective": {"penalty": 10, "number": 6},
            "alliances": [
                {"cards": ["W1", "W2"]},
                {"count": 20, "penalty_cards": ["M6"]},
                {"count": 14},
            ],
        }
    ),
    **{
        f"/api/companion/{game}/rename": Write({"seat": 0, "name": "Ann"})
        for game in ("cena", "chanoyu", "lauzait", "sarena")
    },
    "/api/companion/chanoyu/setup": Write({"players": 3, "names": NAMES, "host": 1}),
    "/api/companion/chanoyu/round": Write(
        {
            "round": 1,
            "tableaux": [
                [{"card": "QS", "value": 3}, {"card": "4H"}],
                [{"card": "T1", "value": 9}],
                [{"card": "AC"}, {"card": "2C"}],
            ],
        }
    ),
    "/api/companion/lauzait/setup": Write(
        {"players": 2, "names": ["Ann", "Bo"], "layered_bridges": 3}
    ),
    "/api/companion/lauzait/form": Write(
        {"seat": 0, "pieces": ["G2", "G3", "J"], "roles": ["G2", "G3", "G4"]}
    ),
    "/api/companion/lauzait/dissolve": Write({"seat": 0, "department": 1}),
    "/api/companion/lauzait/declare": Write(
        {
            "seat": 1,
            "departments": GOVERNMENT,
            "luminous": "G1",
            "stalemate": False,
            "hand": ["G4"],
            "season": 1,
        }
    ),
    "/api/companion/lauzait/calculate": Write(
        {"departments": GOVERNMENT, "luminous": "G1", "layered_bridges": 2}
    ),
    "/api/companion/lauzait/season": Write({"start_player": 1, "direction": "clockwise"}),
    "/api/companion/lauzait/finish": Write({}),
    "/api/companion/lauzait/void": Write({"entry": 1}),
    "/api/companion/sarena/setup": Write({"players": 3, "names": NAMES, "use_drawn": False}),
    "/api/companion/sarena/result": Write({"piles": [["R/B", "Y/R"], ["B/Y"]]}),
}

# Every read route: the paths to ask ("{}" is a fuzzed path part) and whether it
# opens a live stream (read no further than its status).
STREAMS = {"/api/stream", "/sim/stream"}
READS: dict[str, str] = {
    "/": "/",
    "/j/<code>": "/j/{}",
    "/J/<code>": "/J/{}",
    "/seat": "/seat",
    "/table": "/table",
    "/host": "/host",
    "/join-qr.png": "/join-qr.png",
    "/i18n/<lang>.json": "/i18n/{}.json",
    "/api/status": "/api/status",
    "/api/games": "/api/games",
    "/api/state": "/api/state",
    "/api/stream": "/api/stream",
    "/healthz": "/healthz",
    "/sim": "/sim",
    "/sim/oled.png": "/sim/oled.png",
    "/sim/state": "/sim/state",
    "/sim/stream": "/sim/stream",
    "/sticks": "/sticks",
    "/api/sticks": "/api/sticks",
    "/colours": "/colours",
    "/api/colours": "/api/colours",
    "/api/colours/mine": "/api/colours/mine",
    "/companion/cena": "/companion/cena",
    "/companion/chanoyu": "/companion/chanoyu",
    "/companion/lauzait": "/companion/lauzait",
    "/companion/sarena": "/companion/sarena",
    "/api/companion/cena": "/api/companion/cena",
    "/api/companion/chanoyu": "/api/companion/chanoyu",
    "/api/companion/lauzait": "/api/companion/lauzait",
    "/api/companion/sarena": "/api/companion/sarena",
    "/static/<path:filename>": "/static/{}",
    "/v/<version>/<path:filename>": "/v/0/{}",
    "/history/<int:game_id>/replay": "/history/{}/replay",
    "/api/replay/<int:game_id>": "/api/replay/{}",
    "/api/replay/<int:game_id>/<int:step>": "/api/replay/1/{}",
    "/history": "/history",
    "/api/history": "/api/history",
    "/api/rules": "/api/rules",
    "/api/rules/<game>": "/api/rules/{}",
    "/rules/<game>": "/rules/{}",
    "/rules/<game>/spec": "/rules/{}/spec",
    "/api/history/stats": "/api/history/stats",
    "/api/history/<ref>": "/api/history/{}",
    "/api/history/export.<kind>": "/api/history/export.{}",
    "/api/history/<ref>/export.<kind>": "/api/history/{}/export.csv",
    "/api/host/backup": "/api/host/backup",
}

QUICK = 40  # malformed requests per write route (reads and changed bodies: a third)
SLOW = 400
JSON_PATHS = ("/api/", "/sim/", "/healthz")


# --- the box under test ------------------------------------------------------------------


@dataclass
class Rig:
    app: Flask
    client: FlaskClient
    table: Table
    journal: Journal
    sheets: FakeSheets
    box: FakeBox
    tokens: list[str]  # the seats' tokens; tokens[0] is the host's

    def world(self) -> str:
        return world(self.table, self.journal, self.sheets, self.box)

    def token(self, auth: str | None) -> str | None:
        return {"seat": self.tokens[1], "host": self.tokens[0]}.get(auth or "")


@pytest.fixture
def rig(table: Table, journal: Journal, box: FakeBox, sheets: FakeSheets) -> Rig:
    return make_rig(table, journal, box, sheets)


def make_rig(table: Table, journal: Journal, box: FakeBox, sheets: FakeSheets) -> Rig:
    """A Céna game in play on seats taken through the API, every sheet set up, a
    round of secret colours with one seat claimed, and a stick thrown."""
    roller = StickRoller(journal, rng=random.Random(3))
    app = create_app(table, box, sheets, roller, testing=True, heartbeat=HEARTBEAT)
    client = app.test_client()
    seated = seat_players(client, table)
    ok(post(client, "/api/companion/cena/setup", {"players": 3, "names": NAMES}))
    ok(post(client, "/api/companion/chanoyu/setup", {"players": 3, "names": NAMES}))
    ok(post(client, "/api/companion/lauzait/setup", {"players": 2, "names": ["Ann", "Bo"]}))
    ok(post(client, "/api/companion/sarena/setup", {"players": 3, "names": NAMES}))
    started = ok(post(client, "/api/colours/start", {"players": 3}))
    claim = {"round": started["round"], "seat": 0, "code": started["owner"]["code"]}
    ok(post(client, "/api/colours/claim", claim))
    ok(post(client, "/api/sticks/throw", {"from": "sticks"}))
    return Rig(app, client, table, journal, sheets, box, seated.tokens)


def routes(app: Flask) -> Iterator[tuple[str, set[str]]]:
    for rule in app.url_map.iter_rules():
        yield rule.rule, set(rule.methods or ()) - {"HEAD", "OPTIONS"}


def test_every_route_is_fuzzed(rig: Rig) -> None:
    """A route added to the app without an entry here fails: add it to WRITES or READS."""
    for rule, methods in routes(rig.app):
        if "POST" in methods:
            assert rule in WRITES, f"add {rule} to WRITES in {__file__}"
        else:
            assert methods == {"GET"} and rule in READS, f"add {rule} to READS in {__file__}"
    known = {rule for rule, _ in routes(rig.app)}
    assert set(WRITES) | set(READS) == known, "WRITES or READS names a route the app lacks"


# --- building JSON that Python's json would not write -------------------------------------


@dataclass(frozen=True)
class Raw:
    """JSON text put into a body as it is (NaN, 1e400, a number too long)."""

    text: str


def dump(value: Any) -> str:
    """JSON text, ASCII only (a lone surrogate goes as its \\ud800 escape), with Raw kept."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value)


# --- malformed values ----------------------------------------------------------------------

FOREIGN_ORIGINS = [
    "http://evil.example",
    "null",
    "http://localhost.evil.example",
    "http://localhost:8000",
    "https://evil.example:443",
    "http://[::1",
    "::::",
    "http://é.example",
    "file://",
]
BAD_TOKENS = [
    "é",
    "Ã©",  # what a server sees of UTF-8 bytes
    "\u00ff" * 30,
    "x" * 65,
    "a" * 5000,
    "abc def",
    "tok+en/==",
    "..%00",
    "\t",
    "😀",
]
INVALID_UTF8 = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf"]
WRONG_KINDS: dict[type, list[Any]] = {
    int: [True, False, 1.5, 1.0, "1", [1], {"v": 1}, Raw("1e3")],
    str: [1, True, 1.5, [], {}, ["x"]],
    list: ["x", 1, True, {}, {"0": "x"}],
    dict: [[], "x", 1, True, [["k", "v"]]],
    bool: [0, 1, "true", [], {}],
}


def nasty_text(rng: random.Random) -> str:
    """Text no route may take: a lone surrogate, or longer than any string may be."""
    return rng.choice(
        [
            "\ud800",
            "ok\udfffok",
            "\udbff\udbff",
            "x" * rng.randint(MAX_TEXT + 1, 4 * MAX_TEXT),
            "é" * (MAX_TEXT + 1),
        ]
    )


def too_deep(rng: random.Random, inner: Any = 1) -> Any:
    """Lists or objects nested past MAX_DEPTH (and sometimes past the parser's limit)."""
    levels = rng.choice([MAX_DEPTH + 1, MAX_DEPTH + 5, 200, 3000])
    if levels > 500:  # as text: Python's own recursion would not build it
        opener, closer = ("[", "]") if rng.random() < 0.5 else ('{"a":', "}")
        return Raw(opener * levels + "1" + closer * levels)
    value = inner
    for _ in range(levels):
        value = [value] if rng.random() < 0.5 else {"a": value}
    return value


def out_of_bounds(rng: random.Random, example: Any) -> Any:
    """A value of the example's own kind that is past the box's bounds."""
    if isinstance(example, bool):
        return rng.choice(WRONG_KINDS[bool])
    if isinstance(example, int):
        big = rng.choice([MAX_WHOLE + 1, 2**63, 2**64 + 1, 10**30])
        return rng.choice([big, -big, Raw("1" * 5000), Raw("-" + "9" * 400)])
    if isinstance(example, str):
        return nasty_text(rng)
    if isinstance(example, list):
        return rng.choice([[0] * (MAX_ITEMS + 1), too_deep(rng), [nasty_text(rng)]])
    if isinstance(example, dict):
        many = {f"k{i}": 0 for i in range(MAX_ITEMS + 1)}
        return rng.choice([many, {"a": too_deep(rng)}, {nasty_text(rng): 1}])
    return nasty_text(rng)


def anything(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value within the bounds, of any kind: what a careless client sends."""
    choices: list[Callable[[], Any]] = [
        lambda: None,
        lambda: rng.random() < 0.5,
        lambda: rng.randint(-3, 12),
        lambda: rng.choice([-(2**31), 2**31, MAX_WHOLE, -MAX_WHOLE, 10**15]),
        lambda: rng.choice([0.5, -1e300, 1e-300, 3.0, -0.0]),
        lambda: rng.choice(["", "A", "W7", "QS", "J", "G1", "R/B", "clockwise", "reveal"]),
        lambda: "".join(
            chr(rng.choice([0, 7, 0x41, 0xE9, 0x3000, 0xFFFD, 0x1F600]))
            for _ in range(rng.randint(0, 8))
        ),
    ]
    if depth < 3:
        choices += [
            lambda: [anything(rng, depth + 1) for _ in range(rng.randint(0, 4))],
            lambda: {
                rng.choice(["type", "card", "cards", "to", "a", "", "value"]): anything(
                    rng, depth + 1
                )
                for _ in range(rng.randint(0, 3))
            },
        ]
    return rng.choice(choices)()


# --- malformed requests --------------------------------------------------------------------


@dataclass
class Request:
    kind: str
    data: bytes
    headers: dict[str, str]
    method: str = "POST"

    def describe(self) -> str:
        return f"{self.kind}: {self.method} {self.data[:200]!r} {self.headers}"


def json_headers(token: str | None) -> dict[str, str]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers[TOKEN_HEADER] = token
    return headers


def malformed(rng: random.Random, write: Write, token: str | None) -> Request:
    """One write every route must refuse, with the route's token where it needs one."""
    body = write.body
    valid = dump(body)
    fields = list(body)
    kind = rng.choice(
        [
            "not_object", "truncated", "bad_utf8", "garbage", "unknown", "wrong_type",
            "out_of_bounds", "nan", "deep", "too_big", "content_type", "origin", "token",
            "method",
        ]
    )  # fmt: skip
    if kind in ("wrong_type", "out_of_bounds", "nan") and not fields:
        kind = "unknown"
    if kind == "token" and write.auth is None and not write.reads_token:
        kind = "unknown"  # the route ignores tokens: a bad one goes with a bad body
        token = rng.choice(BAD_TOKENS)
    headers = json_headers(token)

    def text(value: Any) -> bytes:
        return dump(value).encode("utf-8", "surrogatepass")

    if kind == "not_object":
        data = text(rng.choice([[], [body], "text", 42, None, True, 1.5, Raw("NaN"), Raw("-0")]))
    elif kind == "truncated":
        data = valid.encode()[: rng.randint(1, max(1, len(valid) - 1))]
    elif kind == "bad_utf8":
        raw = valid.encode()
        at = rng.randint(1, max(1, len(raw) - 1))
        data = raw[:at] + rng.choice(INVALID_UTF8) + raw[at:]
    elif kind == "garbage":
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        try:
            if not data.strip() or isinstance(json.loads(data), dict):
                data = b"{" + data
        except ValueError:
            pass
    elif kind == "unknown":
        key = rng.choice(["zz", "seat_of_another", "__proto__", nasty_text(rng), "é"])
        data = text({**body, key: anything(rng)})
    elif kind == "wrong_type":
        key = rng.choice(fields)
        example = body[key]
        kinds = next(k for k in (bool, int, str, list, dict) if isinstance(example, k))
        data = text({**body, key: rng.choice(WRONG_KINDS[kinds])})
    elif kind == "out_of_bounds":
        key = rng.choice(fields)
        data = text({**body, key: out_of_bounds(rng, body[key])})
    elif kind == "nan":
        key = rng.choice(fields)
        data = text({**body, key: Raw(rng.choice(["NaN", "Infinity", "-Infinity", "1e400"]))})
    elif kind == "deep":
        data = text({**body, rng.choice([*fields, "zz"]): too_deep(rng)})
    elif kind == "too_big":
        data = text({**body, "zz": "x" * (MAX_BODY_BYTES + rng.randint(1, 5000))})
    elif kind == "content_type":
        data = valid.encode()
        headers = {}  # no token: a token header would stand for JSON (webui.guard)
        content_type = rng.choice(
            [
                "text/plain",
                "text/plain;charset=UTF-8",
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "application/jsonp",
                "text/json",
                "",
                "é/é",
            ]
        )
        if content_type:
            headers["Content-Type"] = content_type
    elif kind == "origin":
        data = valid.encode()
        if rng.random() < 0.8:
            headers["Origin"] = rng.choice(FOREIGN_ORIGINS)
        if rng.random() < 0.5 or "Origin" not in headers:
            headers["Sec-Fetch-Site"] = rng.choice(["cross-site", "same-site"])
    elif kind == "token":
        data = valid.encode()
        headers[TOKEN_HEADER] = rng.choice(BAD_TOKENS)
    else:  # method
        data = valid.encode()
        return Request(kind, data, headers, rng.choice(["PUT", "DELETE", "PATCH"]))
    if rng.random() < 0.2 and kind not in ("token", "content_type"):
        headers[TOKEN_HEADER] = rng.choice(BAD_TOKENS)  # a bad token changes nothing either
    return Request(kind, data, headers)


def send(client: FlaskClient, path: str, request: Request, rng: random.Random) -> TestResponse:
    return client.open(
        path,
        method=request.method,
        data=request.data,
        headers=request.headers,
        environ_base={"REMOTE_ADDR": f"192.0.2.{rng.randint(1, 254)}"},
    )


def check_refusal(path: str, response: TestResponse, what: str) -> None:
    assert response.status_code < 500, (path, what, response.get_data(as_text=True)[:300])
    assert 400 <= response.status_code < 500, (path, what, response.status_code)
    if path.startswith(JSON_PATHS):
        body = response.get_json(silent=True)
        assert isinstance(body, dict) and body.get("error") and body.get("code"), (path, what)


def fuzz_writes(rig: Rig, count: int, seed: int) -> int:
    rng = random.Random(seed)
    sent = 0
    for rule, write in WRITES.items():
        path = write.path or rule
        before = rig.world()
        for _ in range(count):
            request = malformed(rng, write, rig.token(write.auth))
            check_refusal(path, send(rig.client, path, request, rng), request.describe())
            sent += 1
        assert rig.world() == before, f"a malformed request to {path} changed something"
    return sent


# --- reads: query strings, path parts, headers ----------------------------------------------


def path_part(rng: random.Random) -> str:
    return rng.choice(
        [
            quote("é" * rng.randint(1, 50)),
            "%FF%FE",
            "%C3",
            "..%2F..%2Fetc%2Fpasswd",
            "../../pyproject.toml",
            "abcd",
            "ABCD" * 500,
            quote("ﬀß😀"),
            "%00",
            "js/api.js",
            "a" * 3000,
            "%ED%A0%80",
        ]
    )


def query(rng: random.Random) -> str:
    keys = ["token", "round", "room", "code", "client", "rejoin", "x" * 300, "%FF"]
    values = [
        "%C3%A9",
        "%FF",
        "%ED%A0%80",
        "1" * 5000,
        "-1",
        "0x10",
        "１",  # a full-width digit: isdecimal, not ASCII
        quote("٣"),
        "",
        "a" * 70,
        "NaN",
        "%00",
    ]
    pairs = [f"{rng.choice(keys)}={rng.choice(values)}" for _ in range(rng.randint(1, 4))]
    return "&".join(pairs)


def read_headers(rng: random.Random) -> dict[str, str]:
    headers: dict[str, str] = {}
    if rng.random() < 0.7:
        headers[TOKEN_HEADER] = rng.choice(BAD_TOKENS)
    if rng.random() < 0.3:
        headers["Origin"] = rng.choice(FOREIGN_ORIGINS)
    if rng.random() < 0.3:
        headers["Content-Type"] = rng.choice(["text/plain", "application/json", "é"])
    if rng.random() < 0.2:
        headers["Accept"] = rng.choice(["é/é", "*/*;q=NaN", "x" * 2000])
    return headers


def fuzz_reads(rig: Rig, count: int, seed: int) -> int:
    rng = random.Random(seed)
    sent = 0
    for rule, template in READS.items():
        before = rig.world()
        for _ in range(count):
            path = template.format(path_part(rng)) if "{}" in template else template
            headers = read_headers(rng)
            if rule == "/api/stream" and TOKEN_HEADER not in headers:
                headers[TOKEN_HEADER] = rng.choice(BAD_TOKENS)  # else it opens a stream
            url = f"{path}?{query(rng)}"
            method = rng.choice(["GET", "GET", "GET", "HEAD", "OPTIONS"])
            response = rig.client.open(
                url,
                method=method,
                headers=headers,
                data=rng.choice([b"", b"{not json", b"\xff"]),
                buffered=rule not in STREAMS,
                environ_base={"REMOTE_ADDR": f"192.0.2.{rng.randint(1, 254)}"},
            )
            assert response.status_code < 500, (url, method, headers, response.status_code)
            response.close()
            sent += 1
        assert rig.world() == before, f"a read of {rule} changed something"
    return sent


# --- valid bodies, changed inside ----------------------------------------------------------


def places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path to every value inside a body (not the body itself)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*at, key)
            yield from places(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*at, index)
            yield from places(item, (*at, index))


def changed(rng: random.Random, body: dict[str, Any]) -> dict[str, Any]:
    copy = json.loads(json.dumps(body))
    spots = list(places(copy))
    if not spots:
        return {rng.choice(["zz", "from", "seat"]): anything(rng)}
    spot = rng.choice(spots)
    holder = copy
    for step in spot[:-1]:
        holder = holder[step]
    holder[spot[-1]] = anything(rng)
    return copy


def fuzz_inside(rig: Rig, count: int, seed: int) -> int:
    """Valid bodies with one value changed inside, real tokens: no 5xx, whatever changes."""
    rng = random.Random(seed)
    sent = 0
    legal = ok(rig.client.get("/api/state", headers={TOKEN_HEADER: rig.tokens[1]}))["legal"]
    writes = dict(WRITES)
    if legal:
        writes["/api/action"] = Write({"action": legal[0]}, "seat")
    # The routes that end the game or free seats go last, so the rest meet a game in play.
    last = (
        "/api/host/release",
        "/api/host/release/answer",
        "/api/host/swap",
        "/api/host/end-early",
        "/api/host/end",
        "/api/host/clear",
    )
    order = [r for r in writes if r not in last] + list(last)
    for rule in order:
        write = writes[rule]
        path = write.path or rule
        for _ in range(count):
            body = changed(rng, write.body)
            response = rig.client.post(
                path,
                data=dump(body).encode("utf-8", "surrogatepass"),
                headers=json_headers(rig.token(write.auth)),
            )
            assert response.status_code < 500, (path, body, response.get_data(as_text=True))
            sent += 1
    return sent


# --- the runs ------------------------------------------------------------------------------


def test_malformed_writes_are_refused_and_change_nothing(rig: Rig) -> None:
    assert fuzz_writes(rig, QUICK, seed=1) == QUICK * len(WRITES)


def test_odd_reads_never_fail_and_change_nothing(rig: Rig) -> None:
    assert fuzz_reads(rig, QUICK // 3, seed=2) == QUICK // 3 * len(READS)


def test_valid_bodies_changed_inside_never_fail(rig: Rig) -> None:
    assert fuzz_inside(rig, QUICK // 3, seed=3) > 0


@pytest.mark.parametrize("kind", [[], {}, ["end_game"]])
def test_an_action_type_that_is_not_text_is_refused(rig: Rig, kind: Any) -> None:
    before = rig.world()
    response = post(rig.client, "/api/action", {"action": {"type": kind}}, rig.tokens[1])
    assert 400 <= response.status_code < 500, response.status_code
    assert rig.world() == before


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
def test_the_long_fuzz(rig: Rig, seed: int) -> None:
    fuzz_writes(rig, SLOW, seed)
    fuzz_reads(rig, SLOW // 3, seed)
    fuzz_inside(rig, SLOW // 3, seed)
