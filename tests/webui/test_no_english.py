"""No English reaches a Japanese player (issue 26): every refusal and notice in the
Japanese catalog, rendered with its placeholders filled, holds no ASCII word longer than
three letters but names and an allow-list; and what the box used to say as English data
(an engine's setup reason, a saved game that could not be resumed, who threw the sticks,
a nameless player) now reaches a Japanese reader as catalog words.

What stays ASCII on purpose: the suits' printed names (Céna's cider, wine, mead, ale),
OLED, JSON, CSV, Wi-Fi, SSID, units, the box's commands (`tablemate restore`), file
names, paths (/host) and, in a refusal only a hand-made request can meet, the request's
own field names and values in double quotes ("type", "seat")."""

from __future__ import annotations

import re

import pytest

import engines
from device.box.look import throw_label
from device.i18n import catalogs, say, words
from device.table import recovery as core
from device.throw_show import THROWERS

ALLOWED = {
    "cider", "wine", "mead", "ale",  # Céna's suits, as printed on the cards
    "oled", "json", "csv", "wi-fi", "ssid", "https", "http",
    "unicode", "content-type", "application/json", "sha-256",  # what a file or request is
    "enter", "space", "shift",  # keys as printed on a keyboard
}  # fmt: skip
PROTOCOL = re.compile(
    r'"[^"]*"'  # a request's own field or value, quoted
    r"|\{[^}]*\}"  # a placeholder, or a JSON example
    r"|tablemate [a-z]+(?: --[a-z]+)?"  # a command typed on the box
    r"|[\w.]+\.(?:md|json|csv|sqlite3?)\b"  # a file name
    r"|(?<![\w])/[\w/<>=?.-]+"  # a path on the box's pages
    r"|\?\w+=<[^>]*>"  # a query string
)
WORD = re.compile(r"[A-Za-z]{4,}(?:[-/][A-Za-z]+)*")
SAMPLES = {"name": "花子", "names": "花子さん、たろうさん", "game": "チェーナ", "title": "チェーナ"}


def english_words(text: str) -> list[str]:
    """The ASCII words longer than three letters a reader meets in `text`."""
    return [w for w in WORD.findall(PROTOCOL.sub(" ", text)) if w.lower() not in ALLOWED]


def rendered(template: str) -> str:
    """`template` with each placeholder filled by a Japanese name or a number."""
    return re.sub(r"\{(\w+)\}", lambda m: SAMPLES.get(m[1], "3"), template)


def japanese_messages() -> list[tuple[str, str]]:
    found = []
    for message in catalogs.read("ja"):
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        found += [(msgid, rendered(form)) for form in forms if form]
    return found


def test_no_refusal_or_notice_in_japanese_holds_an_english_word() -> None:
    met = {msgid: english_words(text) for msgid, text in japanese_messages()}
    met = {msgid: found for msgid, found in met.items() if found}
    count = sum(len(found) for found in met.values())
    assert not met, f"{count} English words a Japanese player can meet: {met}"


def test_the_check_finds_english_and_lets_the_allowed_words_pass() -> None:
    assert english_words("Player 3さんの手番") == ["Player"]
    assert english_words("ciderスート（C）を出してください。OLED、JSON、Wi-Fi") == []
    assert english_words('"seat" は 0〜3。tablemate restore --last を実行。/host') == []


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("cena", 4, {"host": 9}),
        ("cena", 4, {"objectives": [{"penalty": 5, "number": 6, "parity": "odd"}] * 3}),
        ("cena", 4, {"objectives": []}),
        ("chanoyu", 4, {"host": 9}),
        ("sarena", 9, {}),
    ],
)
def test_an_engines_setup_reason_is_a_catalog_sentence_of_its_own(
    game: str, players: int, options: dict[str, object]
) -> None:
    """Not "the game cannot start with these settings: <English>"."""
    with pytest.raises(engines.SetupRefused) as refused:
        engines.check_setup(game, players, options)
    err = refused.value
    assert err.template != "the game cannot start with these settings: {reason}"
    japanese = words("ja").gettext(err.template, **err.params)
    assert japanese != err.template.format(**err.params), "translated"
    assert not english_words(japanese), japanese


def test_the_saved_game_notices_are_catalog_sentences_for_the_pages() -> None:
    """The journal keeps them in English (data); js/seats.js says them per reader."""
    script = catalogs.script_catalog(catalogs.read("ja"))
    assert core.PROBLEM in script
    assert core.OLDER_RULES in script
    assert not english_words(rendered(script[core.OLDER_RULES]))


def test_who_threw_and_a_nameless_player_are_said_in_japanese() -> None:
    for english, text in THROWERS.items():
        assert say(text, "ja") != english and not english_words(say(text, "ja"))
    assert str(throw_label({"purpose": "nothing", "seat": None}, {"language": "ja"}))
    assert words("ja").name("Player 3") == "プレイヤー3"
    assert words("ja").name("Playerone") == "Playerone", "a typed name stays as typed"
