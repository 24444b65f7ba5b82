"""Sealed deals: a game's seed and setup, committed to before anyone sees a card.

When a game starts the Table draws a secret salt and journals, beside the seed, a
SHA-256 commitment to (format, engine, rules version, players, options, seed,
salt, random generator). The commitment is public from the first move (every
screen shows its first hex digits as the deal's fingerprint); the seed and salt
stay in the journal until the game is over. Then anyone can recompute the
commitment from what is revealed and replay the game from the seed
(device/history/replay.py): the deal, every draw and every throw were fixed before the
first move. The salt makes the commitment say nothing of the seed: without it, the
2^63 seeds could be tried one by one.

The exact bytes hashed (docs/architecture.md, "Sealed deals"):

    b"tablemate-deal/2\\n" + canonical JSON of
    {"engine", "generator", "options", "players", "rules_version", "salt", "seed"}

canonical JSON being Python's json.dumps(..., sort_keys=True, separators=(",", ":"),
ensure_ascii=True), ASCII-encoded. A game dealt before games recorded their
generator (engines/rng.py) has none in the journal and was sealed as
"tablemate-deal/1" with the same JSON less "generator": its seal is checked so.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

FORMAT = "tablemate-deal/2"
FORMAT_WITHOUT_GENERATOR = "tablemate-deal/1"  # games dealt before generators were named
SALT_BYTES = 16  # 128 random bits, as 32 hex digits
SHORT_DIGITS = 12  # what screens show: "3F2A 9C01 B7E4"


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def canonical(value: Any) -> str:
    """One text for one value: sorted keys, no spaces, ASCII only."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def sealed_bytes(
    *,
    engine: str,
    rules_version: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    salt: str,
    generator: str | None,
) -> bytes:
    """The exact bytes the commitment hashes (generator None: the older format)."""
    body: dict[str, Any] = {
        "engine": engine,
        "options": dict(options),
        "players": players,
        "rules_version": rules_version,
        "salt": salt,
        "seed": seed,
    }
    if generator is None:
        return f"{FORMAT_WITHOUT_GENERATOR}\n{canonical(body)}".encode("ascii")
    body["generator"] = generator
    return f"{FORMAT}\n{canonical(body)}".encode("ascii")


def commitment(
    *,
    engine: str,
    rules_version: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    salt: str,
    generator: str | None,
) -> str:
    """The SHA-256 commitment to a game's setup, 64 lower-case hex digits."""
    data = sealed_bytes(
        engine=engine,
        rules_version=rules_version,
        players=players,
        options=options,
        seed=seed,
        salt=salt,
        generator=generator,
    )
    return hashlib.sha256(data).hexdigest()


def short(full: str) -> str:
    """The fingerprint screens show: the first SHORT_DIGITS hex digits, upper case,
    in groups of four ("3F2A 9C01 B7E4"), easy to read aloud and compare."""
    digits = full[:SHORT_DIGITS].upper()
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))


# How `state_digest` is made: 1 hashed every view (so a later release, whose views say
# more, cannot reproduce it); 2 hashes what the table played, which no screen change
# touches: the game as the journal keeps it (setup, seed, every move) and its result.
DIGEST_VERSION = 2


def state_digest(game: Any) -> str:
    """A digest of the game as played (its setup, seed and moves as the engine keeps
    them) with its scores and winners: journaled when the game ends, so a replay can
    show it reaches exactly the state the table reached."""
    body = {
        "finished": bool(game.finished),
        "scores": list(game.scores),
        "winners": list(game.winners),
        "game": game.to_dict(),
    }
    return hashlib.sha256(canonical(body).encode("ascii")).hexdigest()


def final_result(game: Any) -> dict[str, Any]:
    """What the journal keeps of a game's end: enough to check a replay against."""
    return {
        "actions": len(game.log),
        "finished": bool(game.finished),
        "scores": list(game.scores),
        "winners": list(game.winners),
        "state": state_digest(game),
        "digest": DIGEST_VERSION,
    }
