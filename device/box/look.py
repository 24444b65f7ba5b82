"""What the box shows at one moment: the OLED picture and the LEDs, from the controls'
state and the table's public data. Pure, apart from a throw noting the frame drawn.

It reads the controls' state through `Shown`, declared here, so this module never
imports the controls (which import it for `throw_label` and `turn_lights`).

Also the PNG of an OLED frame that the web pages show (`oled_png`).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, Protocol

from PIL import Image

import engines
from device import games as device_games
from device.box.entry import EntryMode
from device.box.menus import Menu
from device.colour_round import ColourMode
from device.companion.scoreboard import OnShow
from device.hotspot import HotspotState
from device.i18n import N_, Text, say
from device.screens import message_screen, screen_for
from device.screens.hotspot import hotspot_screen
from device.screens.menu import menu_screen
from device.screens.render import seat_name
from device.screens.scoreboard import next_screen, sheet_qr_screen, standings_screen
from device.screens.sticks import sticks_screen
from device.screens.takeback import take_back_screen
from device.throw_show import ThrowShow

STATUS_COLOURS: dict[str, tuple[float, float, float]] = {
    "idle": (0.0, 0.0, 0.3),  # dim blue: waiting for someone to open a game
    "lobby": (0.6, 0.4, 0.0),  # amber: seats filling
    "playing": (0.0, 0.5, 0.0),  # green
    "over": (0.5, 0.0, 0.5),  # purple: result on screen
}
FAULT_COLOUR = (1.0, 0.0, 0.0)  # some part is not working: the host page says which
LIT_PIXEL = (170, 230, 255)  # the OLED's colour, for the picture on the web pages
DIMMED_PIXEL = (60, 80, 90)

Status = Mapping[str, Any]
View = Mapping[str, Any] | None


class Shown(Protocol):
    """What the controls have on show (device.box.controls.Controls is one)."""

    @property
    def notice(self) -> tuple[str, list[str]] | None: ...
    @property
    def problem(self) -> str | None: ...
    @property
    def menu(self) -> Menu | None: ...
    @property
    def colour_mode(self) -> ColourMode | None: ...
    @property
    def throw_show(self) -> ThrowShow | None: ...
    @property
    def show_join(self) -> bool: ...
    @property
    def page(self) -> int: ...
    @property
    def rescued(self) -> bool: ...
    @property
    def wifi(self) -> HotspotState | None: ...
    @property
    def entry(self) -> EntryMode | None: ...
    @property
    def sheet(self) -> OnShow | None: ...
    @property
    def show_sheet_qr(self) -> bool: ...


# What the OLED says of a saved game an update could not resume (status "problem").
PROBLEM_TITLE = N_("Saved game kept")
PROBLEM_LINES: list[str] = [N_("An update could not resume it."), N_("See the host page.")]
# ... and of a damaged journal moved aside at start (status "rescued_journal").
RESCUED_TITLE = N_("Journal damaged")
RESCUED_LINES: list[str] = [N_("Kept aside; started afresh."), N_("See the host page.")]


def oled_picture(
    controls: Shown,
    status: Status,
    view: View,
    now: float,
    *,
    base_url: str,
    box_name: str | None = None,
) -> Image.Image:
    """The OLED frame: a notice, else a menu, a colour mode, a throw, the table.

    Everything the box chose to say itself (a device.i18n.Text) is said here, in the
    table's language as it is now."""
    lang = status.get("language")
    if controls.notice is not None:
        title, lines = controls.notice
        return message_screen(say(title, lang), [say(line, lang) for line in lines])
    if controls.problem is not None:  # never silent; the host page says which and why
        title, lines = (
            (RESCUED_TITLE, RESCUED_LINES) if controls.rescued else (PROBLEM_TITLE, PROBLEM_LINES)
        )
        return message_screen(say(title, lang), [say(line, lang) for line in lines])
    if controls.menu is not None:
        menu = controls.menu
        labels = [say(label, lang) for label in menu.labels]
        return menu_screen(say(menu.title, lang), labels, menu.selected, lang=lang)
    if controls.colour_mode is not None:
        return controls.colour_mode.screen(lang)
    if controls.entry is not None:
        return controls.entry.screen(lang)
    if controls.wifi is not None:
        return hotspot_screen(controls.wifi, lang)
    show = controls.throw_show
    if show is not None and show.on_screen(now):
        throw = {"sticks": show.sticks, "count": show.count}
        return sticks_screen(throw, say(show.label, lang), show.draw_frame(now), lang=lang)
    asking = pending_take_back(status)
    if asking is not None:  # the game waits for the table's answer: say so to all
        return take_back_screen(asking, status)
    if controls.sheet is not None:
        return scoreboard_picture(controls, base_url, lang)
    if status["phase"] == "idle":
        return screen_for(None, status, base_url, box_name=box_name)
    join = join_url(base_url, status)
    if status["phase"] == "playing" and controls.show_join:
        return screen_for(None, {**status, "phase": "lobby"}, join)
    return screen_for(view, status, join, page=controls.page)


def scoreboard_picture(controls: Shown, base_url: str, lang: str | None) -> Image.Image:
    """The sheet on show: its standings, what comes next, or its page's QR."""
    sheet = controls.sheet
    assert sheet is not None
    if controls.show_sheet_qr:
        return sheet_qr_screen(sheet_url(base_url, sheet.game), lang)
    title = str(say(device_games.title(sheet.game), lang))
    if controls.page % 2 == 0:
        return standings_screen(title, sheet.board, sheet.names, lang)
    return next_screen(title, sheet.board, lang)


def sheet_url(base_url: str, game: str) -> str:
    """The sheet page's short link (webui/routes/scoreboard.py), in upper case so its
    QR can use alphanumeric mode and stay small enough to scan off the OLED."""
    return f"{base_url}/S/{game}".upper()


def led_state(
    controls: Shown, status: Status, view: View, now: float, *, healthy: bool
) -> dict[str, Any]:
    """{"sticks": [bool] * 5, "status": (r, g, b)}."""
    if controls.colour_mode is not None:
        return controls.colour_mode.leds()  # dark between looks; the colour while A is held
    sticks = list(turn_lights(status, view))
    if controls.sheet is not None:  # the leaders, or whose deal or host turn is next
        sticks = [seat in controls.sheet.board.lights for seat in range(len(sticks))]
    if controls.throw_show is not None:
        # A throw's dark sticks, until the turn lights change or a few seconds pass.
        thrown = controls.throw_show.lights(now, sticks)
        sticks = thrown if thrown is not None else sticks
    colour = STATUS_COLOURS[status["phase"]] if healthy else FAULT_COLOUR
    return {"sticks": sticks, "status": colour}


def join_url(base_url: str, status: Status) -> str:
    """The join link the QR encodes: upper case, so the QR can use alphanumeric mode."""
    room = status["room"]
    return f"{base_url}/J/{room}".upper() if room else base_url


def turn_lights(status: Status, view: View) -> tuple[bool, ...]:
    """The stick LEDs between throws: one per seat, lit while the game waits for it
    (for its move, or for its answer to a take-back)."""
    sticks = [False] * 5
    asking = pending_take_back(status)
    if status["phase"] == "playing" and view is not None:
        for seat in view["to_act"] if asking is None else asking["waiting"]:
            if seat < len(sticks):
                sticks[seat] = True  # one LED per seat: whose move it is
    return tuple(sticks)


def pending_take_back(status: Status) -> Mapping[str, Any] | None:
    """The take-back waiting for the table's answer (device/table/takeback.py), if any."""
    if status["phase"] != "playing":
        return None
    take_back = status.get("take_back") or {}
    request: Mapping[str, Any] | None = take_back.get("request")
    return request


def throw_label(throw: Mapping[str, Any], status: Status) -> str:
    """What a game's throw was for, and whose: "Water: Ann" (the engine labels its
    random events and marks those labels for the catalogs in its GameInfo)."""
    labels = engines.info(status["game"])["random_events"] if status.get("game") else {}
    label = labels.get(str(throw.get("purpose")))
    purpose = Text(label) if label else N_("Throw")  # Text: the label is the engine's
    seat = throw.get("seat")
    if not isinstance(seat, int):
        return purpose
    return N_("{purpose}: {name}", purpose=purpose, name=seat_name(status, seat))


_PIXEL_INDEX = bytes([0]) + bytes([1]) * 255  # an "L" pixel, 0 or 255, to palette index 0 or 1


def oled_png(image: Image.Image, *, scale: int = 4, dimmed: bool = False) -> bytes:
    """A mode "1" frame as a PNG of the OLED: lit pixels on black, `scale` times larger.

    A 1-bit palette PNG: the same picture as an RGB one, several times faster to
    encode (well under a millisecond for a 512x256 frame on a desktop machine).
    """
    if not 1 <= scale <= 8:
        raise ValueError("scale must be 1 to 8")
    pixels = image.convert("L").tobytes().translate(_PIXEL_INDEX)
    picture = Image.frombytes("P", image.size, pixels).resize(
        (image.width * scale, image.height * scale), Image.Resampling.NEAREST
    )
    picture.putpalette([0, 0, 0, *(DIMMED_PIXEL if dimmed else LIT_PIXEL)])
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", bits=1)
    return buffer.getvalue()
