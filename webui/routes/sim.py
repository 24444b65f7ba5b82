"""The simulated box, registered only when the box is simulated: its page, its
buttons (pressed on pointerdown, released on pointerup, so holding is a long
press; a release says how long the page held it), its OLED frame and LEDs, and a
live stream of its changes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, render_template

from webui.errors import ApiError
from webui.live import Frame, event, sse_stream
from webui.payload import read_json, whole_between
from webui.protocols import BoxLike
from webui.services import services

bp = Blueprint("sim", __name__)

BUTTONS = ("A", "B", "C")
MAX_HELD_MS = 10_000  # a release held back at most this long (a request's thread waits)
OLED_SCALE = 4


def box() -> BoxLike:
    found = services().box
    assert found is not None  # the blueprint is only registered with a box
    return found


def box_state(the_box: BoxLike) -> dict[str, Any]:
    return {"leds": the_box.leds(), "version": the_box.version}


@bp.get("/sim")
def page() -> str:
    return render_template("sim.html", buttons=BUTTONS)


@bp.post("/sim/button/<name>")
def button(name: str) -> dict[str, Any]:
    if name not in BUTTONS:
        raise ApiError(
            404,
            "the box has buttons {buttons}",
            "not_found",
            params={"buttons": ", ".join(BUTTONS)},
        )
    # held_ms, on a release: how long the page's button was held, timed on the page, so
    # that a press whose request came late is not cut short at the box.
    body = read_json(required={"down": bool}, optional={"held_ms": int})
    held = body.get("held_ms")
    if held is not None:
        whole_between(held, 0, MAX_HELD_MS, "held_ms")
    try:
        box().press(name, body["down"], None if held is None else held / 1000)
    except ValueError as err:
        raise ApiError(400, str(err), "invalid_field") from None
    return {"ok": True}


@bp.get("/sim/oled.png")
def oled() -> Response:
    response = Response(box().frame_png(OLED_SCALE), mimetype="image/png")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/sim/state")
def state() -> dict[str, Any]:
    return box_state(box())


@bp.get("/sim/stream")
def box_stream() -> Response:
    the_box = box()  # the generator runs after the request context is gone
    last_sent = -1

    def render() -> Frame:
        nonlocal last_sent
        current = box_state(the_box)
        if current["version"] == last_sent:
            return Frame("")
        last_sent = current["version"]
        return Frame(event("box", current))

    return sse_stream(the_box.subscribe, render, services().heartbeat, services().streams)
