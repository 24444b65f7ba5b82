"""Chanoyu on the OLED: the trick, everyone's tableau and the scores.

Only the public view (seat None) is drawn: hands and the pile never reach this
module. Cards are written as on the phones, rank then suit letter ("10H", "QS");
the two Tsukumogami are "T1" and "T2". Three pages, switched with button B: the
table (whose turn, led suit, the trick), the tableaux (values, as they count) and
the scores (totals, this round's points so far, host).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from device.i18n import words_for
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
from engines.chanoyu.cards import number_of, suit_of
from engines.chanoyu.scoring import SAFE_SCORE, WINNING_SCORE

# Table page rows, top to bottom: title bar (round, trick, led suit), whose turn,
# the card before each seat, the seats' names, the host and the pile.
TRICK_BOX = (0, CARD_TOP, WIDTH - 1, CARD_BOTTOM)
FOOT_BOX = (0, 54, WIDTH - 1, HEIGHT - 1)
WIDEST_CARD = "10D"


def chanoyu_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """The table: who must act, the led suit and the card each seat put in the trick."""
    require_public(view)
    return render(lambda d: _draw_table(d, view, status))


def chanoyu_tableaux_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Each seat's tableau as the values it counts, runs written "4-7", and the points
    it would score now."""
    require_public(view)
    values = [runs([slot["value"] for slot in row]) for row in view["tableaux"]]
    points = [str(p) for p in view["tableau_points"]]
    w = words_for(status)

    def draw(d: Draw) -> None:
        title_bar(d, w.gettext("Tableaux"), w.gettext("Round {number}", number=view["round"]))
        draw_score_rows(d, status, points, middle=values)

    return render(draw)


def chanoyu_scores_screen(view: Mapping[str, Any], status: Mapping[str, Any]) -> Image.Image:
    """Each seat's running total, as big as the number of seats allows."""
    require_public(view)
    totals = [str(score) for score in view["scores"]]
    w = words_for(status)
    title = w.gettext("Scores R{round}", round=view["round"])
    host = w.gettext("Host {name}", name=seat_name(status, view["host"]))

    def draw(d: Draw) -> None:
        title_bar(d, title, host)
        draw_score_rows(d, status, totals)

    return render(draw)


def runs(values: list[int]) -> str:
    """Values left to right with consecutive runs joined: [1, 2, 4, 5, 6, 9] -> "1-2 4-6 9"."""
    groups: list[list[int]] = []
    for value in values:
        if groups and value == groups[-1][-1] + 1:
            groups[-1].append(value)
        else:
            groups.append([value])
    return " ".join(f"{g[0]}-{g[-1]}" if len(g) > 1 else str(g[0]) for g in groups) or "-"


# --- the table page -------------------------------------------------------------------


def _draw_table(d: Draw, view: Mapping[str, Any], status: Mapping[str, Any]) -> None:
    w = words_for(status)
    trick = view["trick"]
    phase = view["phase"]
    building = phase == "build"
    lead = view["build"]["lead_suit"] if building else trick["lead_suit"]
    title = w.gettext(
        "R{round} Trick {number}/{of}", round=view["round"], number=trick["number"], of=trick["of"]
    )
    title_bar(d, title, w.gettext("Lead {suit}", suit=lead) if lead and phase != "over" else "")

    acting = view["to_act"][0] if view["to_act"] else None
    name = seat_name(status, acting) if acting is not None else ""
    if phase == "over":
        headline = w.gettext("Game over")
    elif acting is None:
        headline = ""
    elif building:
        headline = w.gettext("{name} builds", name=name)
    elif not trick["cards"]:
        headline = w.gettext("{name} leads", name=name)
    else:
        headline = w.gettext("{name} to play", name=name)
    draw_text(d, headline, largest_size(headline, box_width(TURN_BOX), (BIG, BODY)), TURN_BOX)

    played = view["build"]["trick"] if building else trick["cards"]
    placed = set(view["build"]["placed"]) if building else set()
    cards = {play["by"]: play["card"] for play in played}
    columns = seat_columns(int(view["players"]))
    last = view.get("last_trick")
    if phase == "play" and not cards and last:
        draw_text(d, _last_trick_text(last, status), SMALL, TRICK_BOX, "centre")
    elif phase != "over":
        # One size for every card, the biggest at which the widest card fits a column.
        _, left, right = columns[0]
        size = largest_size(WIDEST_CARD, box_width(card_box(left, right)) - 2, (BIG, BODY, SMALL))
        for seat, left, right in columns:
            card = cards.get(seat)
            _draw_card(d, card, card_box(left, right), size, gone=card in placed)
    for seat, left, right in columns:
        _draw_label(d, status, seat, left, right, highlighted=seat == acting)
    foot = w.gettext(
        "Host {name}  Pile {count}", name=seat_name(status, view["host"]), count=view["pile_size"]
    )
    draw_text(d, foot, SMALL, FOOT_BOX, "centre")


def _last_trick_text(last: Mapping[str, Any], status: Mapping[str, Any]) -> str:
    w = words_for(status)
    if last["winner"] is None:
        return w.gettext("Trick discarded: lead again")
    # The winning card: the highest numbered card of the led suit.
    winning = max(
        (play["card"] for play in last["cards"] if suit_of(play["card"]) == last["lead_suit"]),
        key=lambda card: number_of(card) or 0,
    )
    return w.gettext("{name} won with {card}", name=seat_name(status, last["winner"]), card=winning)


def _draw_card(d: Draw, card: str | None, box: Box, size: int, gone: bool) -> None:
    """A card in the trick as an inverted box; an empty place, or a card already
    placed in a tableau during the build, as an outline."""
    if card is None:
        d.rectangle(box, outline="white")
        return
    inner = (box[0] + 1, box[1], box[2] - 1, box[3])
    if gone:
        d.rectangle(box, outline="white")
        draw_text(d, card, size, inner, "centre")
        return
    d.rectangle(box, fill="white")
    draw_text(d, card, size, inner, "centre", fill="black")


def _draw_label(
    d: Draw, status: Mapping[str, Any], seat: int, left: int, right: int, highlighted: bool
) -> None:
    """The seat's name under its column; inverted for the seat the table waits for."""
    box = (left, LABEL_TOP, right - 1, LABEL_BOTTOM)
    if highlighted:
        d.rectangle(box, fill="white")
    inner = (box[0] + 1, box[1], box[2] - 1, box[3])
    fill = "black" if highlighted else "white"
    draw_text(d, seat_name(status, seat), SMALL, inner, "centre", fill=fill, ellipsis="")


# --- rows of seats (tableaux, scores) --------------------------------------------------


def chanoyu_outcome(summary: Mapping[str, Any], status: Mapping[str, Any]) -> str | None:
    """Why the match's winners won, from the engine's outcome (match_outcome): the
    15/8 rule, which lets the highest total lose, said in full."""
    why, winners = summary.get("outcome") or {}, summary["winners"]
    w = words_for(status)

    def names(seats: list[int]) -> str:
        return " & ".join(seat_name(status, seat) for seat in seats)

    reason = why.get("reason")
    if reason == "fell_short":
        params: dict[str, Any] = {"reached": names(why["reached"]), "short": names(why["short"])}
        params.update(names=names(winners), winning=WINNING_SCORE, safe=SAFE_SCORE)
        if len(why["short"]) > 1:
            return w.gettext(
                "{reached} reached {winning} but {short} are under {safe}: {names} win", **params
            )
        return w.ngettext(
            "{reached} reached {winning} but {short} is under {safe}: {names} wins",
            "{reached} reached {winning} but {short} is under {safe}: {names} win",
            len(winners),
            **params,
        )
    points = summary["totals"][winners[0]]
    if reason == "tie_to_host":
        return w.gettext(
            "Tied on {points}: {name} sits closest to the right of the first host, {host}",
            points=points,
            name=names(winners),
            host=seat_name(status, why["host"]),
        )
    if reason == "highest":
        return w.gettext("Everyone has {safe} or more: most points wins", safe=SAFE_SCORE)
    return None
