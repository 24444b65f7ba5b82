"""The box's own Wi-Fi on the OLED: a Wi-Fi QR a phone camera joins, with the network
name and password written beside it for a phone that cannot scan."""

from __future__ import annotations

from PIL import Image

from device.hotspot import HotspotState, wifi_qr_payload
from device.i18n import words
from device.screens.fonts import SMALL
from device.screens.lobby import PANEL_LEFT, draw_qr, join_qr
from device.screens.render import WIDTH, Draw, draw_text, render, truncate

# A Wi-Fi payload (~37 characters) needs a version-3 QR: 29 modules, 58 px at 2 px a
# module. With a one-module quiet zone it fits the 64-px screen; the unlit screen
# around it frames it as well (docs/checklist.md: scanned with real phones).
WIFI_QR_BORDER = 1


def wifi_qr(state: HotspotState) -> tuple[tuple[bool, ...], ...] | None:
    return join_qr(wifi_qr_payload(state.ssid, state.password), WIFI_QR_BORDER)


def hotspot_screen(state: HotspotState, lang: str | None) -> Image.Image:
    """Step one of two for a phone: join the box's Wi-Fi (then the join QR)."""
    w = words(lang)
    matrix = wifi_qr(state)
    left, right = PANEL_LEFT + 2, WIDTH - 1
    rows = [
        (w.gettext("Wi-Fi"), True),
        (state.ssid, False),
        (w.gettext("Password"), True),
        (state.password, False),
        (w.gettext("B: join QR"), True),
    ]

    def draw(d: Draw) -> None:
        if matrix is not None:
            draw_qr(d, matrix)
        for index, (text, label) in enumerate(rows):
            top = index * 13
            box = (left, top, right, top + 11)
            if label:
                draw_text(d, truncate(text, SMALL, right - left), SMALL, box)
            else:
                d.rectangle(box, fill="white")
                draw_text(d, truncate(text, SMALL, right - left), SMALL, box, fill="black")

    return render(draw)
