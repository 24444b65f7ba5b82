"""GET /api/stream: the live view of one audience as Server-Sent Events.

With a seat token (header, or ?token= since EventSource cannot set headers) the
stream carries that token's seat's view; without one, the public view. Events:
``state`` (the same JSON as /api/state, compact with ?compact=1 as there) on connect
and after each table change;
``rejoin`` when the token no longer holds a seat (released, or the game was
replaced), after which the stream ends. A swap in the lobby moves the token to
its new seat, and the stream follows it.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from webui.auth import seat_of, stream_token
from webui.live import Frame, event, sse_stream
from webui.services import services

bp = Blueprint("stream", __name__, url_prefix="/api")

REJOIN = {"reason": "this phone no longer holds a seat: join again"}


@bp.get("/stream")
def table_stream() -> Response:
    token = stream_token()
    seat_of(token)  # 403 now for a token that is not a seat's
    table = services().table
    states = services().states
    compact = request.args.get("compact") == "1"  # a phone's own view (webui/choices.py)
    last_sent = -1  # the table version of the last state sent

    def render() -> Frame:
        nonlocal last_sent
        seat = table.seat_of(token) if token else None
        if token and seat is None:
            return Frame(event("rejoin", REJOIN), last=True)
        version, text = states.event_for(seat, compact)
        if token and table.seat_of(token) != seat:
            # The seat changed while the view was built: that change is already on
            # its way to this stream's mailbox, so send nothing and render again then.
            return Frame("")
        if version == last_sent:
            return Frame("")
        last_sent = version
        return Frame(text)

    return sse_stream(table.subscribe, render, services().heartbeat, services().streams)
