"""Rate limits where one client could flood the box: a token bucket per purpose and address.

Each purpose allows a burst, then a steady rate; past it the request is refused
with 429 (code "rate_limited"), a sentence saying what to wait for, and a
Retry-After header. All in memory, at most MAX_CLIENTS addresses per purpose (a
full bucket is forgotten first: it is the same as a new one).

The rates are far above normal play, and per address: every phone of a table may
share one address behind the Wi-Fi's NAT.

| purpose | burst | then | why |
| --- | --- | --- | --- |
| throw | 10 | 2/s | each is an fsync'd journal row sent to every stream |
| join | 20 | 1 every 2 s | five phones joining, each reloading a few times |
| room | 10 | 1 every 6 s | wrong room codes: typos pass, guessing one of 26^4 codes takes weeks |
| lobby | 10 | 1 every 6 s | opening a new game (a journal row) |

    limits.register(app)                    # in create_app; clock=time.monotonic
    limits.take("throw")                    # in a route: ApiError(429) when over
    limits.register(app, clock=fake_clock)  # tests: a clock they move by hand
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask import Flask, current_app, request

from webui.errors import ApiError

EXTENSION = "tablemate.limits"
MAX_CLIENTS = 1024  # addresses remembered per purpose


@dataclass(frozen=True)
class Rate:
    burst: int  # requests allowed at once
    per_second: float  # then this many each second
    message: str  # what the refused caller reads


RATES: Mapping[str, Rate] = {
    "throw": Rate(10, 2.0, "the sticks are being thrown too fast from here: wait a moment"),
    "join": Rate(20, 0.5, "too many joins from here: wait a moment, then try again"),
    "room": Rate(  # room codes and secret colours' round codes alike
        10, 1 / 6, "too many wrong room codes from here: check the code, then wait a moment"
    ),
    "lobby": Rate(10, 1 / 6, "too many new games opened from here: wait a moment"),
}


@dataclass
class Bucket:
    tokens: float
    updated: float


class Limits:
    """Token buckets by (purpose, client), thread-safe, bounded in size."""

    def __init__(
        self,
        rates: Mapping[str, Rate] = RATES,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        self.rates = rates
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, OrderedDict[str, Bucket]] = {name: OrderedDict() for name in rates}
        self._lock = threading.Lock()

    def wait(self, purpose: str, client: str, cost: float = 1.0) -> float:
        """Seconds until `client` may do `purpose` once more; 0.0: it may, and the
        request is counted unless cost is 0 (a look without taking)."""
        rate = self.rates[purpose]
        now = self.clock()
        with self._lock:
            buckets = self._buckets[purpose]
            bucket = buckets.get(client)
            if bucket is None:
                bucket = Bucket(float(rate.burst), now)
                self._remember(buckets, rate, client, bucket, now)
            else:
                buckets.move_to_end(client)
                elapsed = max(0.0, now - bucket.updated)
                bucket.tokens = min(float(rate.burst), bucket.tokens + elapsed * rate.per_second)
                bucket.updated = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= cost
                return 0.0
            return (1.0 - bucket.tokens) / rate.per_second

    def _remember(
        self, buckets: OrderedDict[str, Bucket], rate: Rate, client: str, bucket: Bucket, now: float
    ) -> None:
        if len(buckets) >= self.max_clients:
            full = [
                key
                for key, old in buckets.items()
                if old.tokens + (now - old.updated) * rate.per_second >= rate.burst
            ]
            for key in full or [next(iter(buckets))]:
                del buckets[key]
        buckets[client] = bucket

    def clients(self, purpose: str) -> int:
        with self._lock:
            return len(self._buckets[purpose])


def register(app: Flask, clock: Callable[[], float] = time.monotonic) -> Limits:
    """Give the app its limits (again, with another clock, in tests)."""
    limits = Limits(clock=clock)
    app.extensions[EXTENSION] = limits
    return limits


def of(app: Flask) -> Limits:
    found: Limits = app.extensions[EXTENSION]
    return found


def client() -> str:
    return request.remote_addr or "unknown"


def take(purpose: str) -> None:
    """Count one `purpose` request from this client; ApiError(429) past its rate."""
    refuse_after(of(current_app).wait(purpose, client()), purpose)


def check(purpose: str) -> None:
    """ApiError(429) if this client is past its `purpose` rate, counting nothing."""
    refuse_after(of(current_app).wait(purpose, client(), cost=0.0), purpose)


def refuse_after(seconds: float, purpose: str) -> None:
    if seconds > 0:
        retry = max(1, math.ceil(seconds))
        raise _refusal(purpose, {"Retry-After": str(retry)})


def _refusal(purpose: str, headers: dict[str, str]) -> ApiError:
    """The Rate's message as a literal template, so it is in the catalogs (keep the two
    the same: a test compares them)."""
    if purpose == "throw":
        return ApiError(
            429,
            "the sticks are being thrown too fast from here: wait a moment",
            "rate_limited",
            headers,
        )
    if purpose == "join":
        return ApiError(
            429, "too many joins from here: wait a moment, then try again", "rate_limited", headers
        )
    if purpose == "room":
        return ApiError(
            429,
            "too many wrong room codes from here: check the code, then wait a moment",
            "rate_limited",
            headers,
        )
    if purpose == "lobby":
        return ApiError(
            429, "too many new games opened from here: wait a moment", "rate_limited", headers
        )
    return ApiError(429, of(current_app).rates[purpose].message, "rate_limited", headers)
