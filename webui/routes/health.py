"""GET /healthz: is the box well? The table's phase, and each hardware part's health."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from webui.services import services

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, Any]:
    found = services()
    status = found.table.status()
    hardware = found.box.health() if found.box is not None else {}
    # Parts are the dict entries ({"healthy": bool, "error": ...}); other keys are facts.
    parts = [part for part in hardware.values() if isinstance(part, dict)]
    healthy = all(part.get("healthy") is True for part in parts)
    return {
        "ok": healthy,
        "table": {k: status[k] for k in ("phase", "game", "version")},
        "hardware": hardware,
    }
