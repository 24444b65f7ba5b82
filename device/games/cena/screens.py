"""Céna on the OLED: the public table (reveal, play) and the running scores.

Only the public view (seat None) is drawn: hands and unrevealed choices never reach
this module. Cards are shown as on the phones, suit letter then number ("W10"):
C cider, W wine, M mead, A ale.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import N_, Words, say, words_for
from device.screens.fonts import BIG, BODY, SMALL
from device.screens.render import (
    HEIGHT,
    WIDTH,
    Box,
    Draw,
    box_width,
    draw_text,
    largest_size,
    render,
    require_public,
    seat_name,
    title_bar,
)
from device.screens.score_rows import draw_score_rows
from device.screens.trick_layout import (
    CARD_BOTTOM,
    CARD_TOP,
    LABEL_BOTTOM,
    LABEL_TOP,
    TURN_BOX,
    card_box,
    seat_columns,
)
from engines.cena.cards import SUIT_NAMES

# Play-phase rows (see trick_layout): title bar, whose turn, the cards before each
# seat, the seats' names, then the deal's objective.
OBJECTIVE_BOX = (0, 54, WIDTH - 1, HEIGHT - 1)
READY_MARKER = 7


def cena_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """The table: who must act and, in play, the cards lying before each seat."""
    require_public(view)
    if view["phase"] == "reveal":
        return render(lambda d: _draw_reveal(d, view, status))
    return render(lambda d: _draw_play(d, view, status))


def cena_scores_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Each seat's running total, in seat order, as big as the number of seats allows."""
    require_public(view)
    scores = [str(score) for score in view["scores"]]
    w = words_for(status)

    def draw(d: Draw) -> None:
        title_bar(d, w.gettext("Scores"), _deal_label(view, w))
        draw_score_rows(d, status, scores)

    return render(draw)


def _draw_reveal(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    w = words_for(status)
    ready = [bool(flag) for flag in view["ready"]]
    title_bar(
        d, _deal_label(view, w), w.gettext("{done}/{of} ready", done=sum(ready), of=len(ready))
    )
    prompt = w.gettext("Choose 3 public cards")
    draw_text(
        d, prompt, largest_size(prompt, box_width(TURN_BOX), (BIG, BODY, SMALL)), TURN_BOX, "centre"
    )
    for seat, left, right in seat_columns(len(ready)):
        centre = (left + right) // 2
        x, y = centre - READY_MARKER // 2, CARD_TOP + 3
        marker = (x, y, x + READY_MARKER - 1, y + READY_MARKER - 1)
        d.ellipse(marker, outline="white", fill="white" if ready[seat] else None)
        _draw_seat_label(d, status, seat, left, right, highlighted=not ready[seat])
    draw_text(d, objective_text(view["objective"], w), SMALL, OBJECTIVE_BOX, "centre")


def _draw_play(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    w = words_for(status)
    trick = view["trick"]
    lead = trick.get("lead_suit")
    title = w.gettext(
        "Deal {deal}/{deals}  Trick {number}",
        deal=view["deal"],
        deals=view["deals"],
        number=trick["number"],
    )
    title_bar(d, title, w.gettext("Lead {suit}", suit=lead) if lead else "")
    turn = trick.get("turn")
    if view["phase"] == "over":
        headline = w.gettext("Game over")
    elif turn is None:
        headline = ""
    else:
        headline = w.gettext("{name} to play", name=seat_name(status, turn))
    draw_text(d, headline, largest_size(headline, box_width(TURN_BOX), (BIG, BODY)), TURN_BOX)

    cards = {play["to"]: play["card"] for play in trick["cards"]}
    columns = seat_columns(int(view["players"]))
    if not cards and view.get("last_trick"):
        winners = w.people((seat_name(status, s) for s in view["last_trick"]["seats"]), " & ")
        taken = f"{view['last_trick']['suit']}{view['last_trick']['number']}"
        took = w.gettext("{names} took {card}", names=winners, card=taken)
        draw_text(d, took, SMALL, (0, CARD_TOP, WIDTH - 1, CARD_BOTTOM), "centre")
    else:
        # One size for every card, the biggest at which the widest card fits a column.
        _, left, right = columns[0]
        size = largest_size("W10", box_width(card_box(left, right)) - 2, (BIG, BODY, SMALL))
        for seat, left, right in columns:
            _draw_card_slot(d, cards.get(seat), card_box(left, right), size)
    for seat, left, right in columns:
        _draw_seat_label(d, status, seat, left, right, highlighted=seat == turn)
    draw_text(d, objective_text(view["objective"], w), SMALL, OBJECTIVE_BOX, "centre")


def objective_text(objective: Mapping[str, Any], w: Words) -> str:
    """The deal's objective card in the table's words (`objective_words`)."""
    return str(say(objective_words(objective), w))


def objective_words(objective: Mapping[str, Any]) -> str:
    """The deal's objective card as words to say later: one sentence per kind of card
    (the same ids as the phones'), so each language orders it its own way; suit names
    stay as printed on the cards."""
    parity = objective.get("parity")
    params = {
        "penalty": str(-objective["penalty"]),
        "suit": SUIT_NAMES.get(objective.get("suit", ""), ""),
        "number": objective.get("number"),
    }
    kind = (parity or "", "suit" in objective, "number" in objective)
    texts = {
        ("", False, False): N_("{penalty} per card", **params),
        ("", True, False): N_("{penalty} per {suit} card", **params),
        ("", False, True): N_("{penalty} per card numbered {number}", **params),
        ("", True, True): N_("{penalty} per {suit} card numbered {number}", **params),
        ("odd", False, False): N_("{penalty} per odd card", **params),
        ("odd", True, False): N_("{penalty} per odd {suit} card", **params),
        ("odd", False, True): N_("{penalty} per odd card numbered {number}", **params),
        ("odd", True, True): N_("{penalty} per odd {suit} card numbered {number}", **params),
        ("even", False, False): N_("{penalty} per even card", **params),
        ("even", True, False): N_("{penalty} per even {suit} card", **params),
        ("even", False, True): N_("{penalty} per even card numbered {number}", **params),
        ("even", True, True): N_("{penalty} per even {suit} card numbered {number}", **params),
    }
    return texts.get(kind) or str(objective.get("text", ""))


def _draw_card_slot(d: Draw, card: str | None, box: Box, size: int) -> None:
    """A played card as an inverted box; an empty place as an outline."""
    if card is None:
        d.rectangle(box, outline="white")
        return
    d.rectangle(box, fill="white")
    inner = (box[0] + 1, box[1], box[2] - 1, box[3])
    draw_text(d, card, size, inner, "centre", fill="black")


def _draw_seat_label(
    d: Draw, status: Mapping[str, Any], seat: int, left: int, right: int, highlighted: bool
) -> None:
    """The seat's name under its column; inverted for the seat the table waits for."""
    box = (left, LABEL_TOP, right - 1, LABEL_BOTTOM)
    if highlighted:
        d.rectangle(box, fill="white")
    inner = (box[0] + 1, box[1], box[2] - 1, box[3])
    # No ellipsis: in a 25-px column "Alic" says more than "Al…".
    draw_text(
        d,
        seat_name(status, seat),
        SMALL,
        inner,
        "centre",
        fill="black" if highlighted else "white",
        ellipsis="",
    )


def _deal_label(view: Mapping[str, Any], w: Words) -> str:
    return w.gettext("Deal {number}/{of}", number=view["deal"], of=view["deals"])
