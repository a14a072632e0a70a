"""Tally's table as a picture, drawn with games/rules/drawing: a row per player with its token,
name, tally and the cards it has played; the seat's own hand below. The same drawing serves the
game page and, EMAIL_W wide, the emails."""

from __future__ import annotations

from games.rules.drawing.common import EMAIL_W, seat_names, token, token_labels
from games.rules.drawing.svg import Canvas, rect_d

ROW, CARD = 34, 24


def picture(view, *, names=None, me=None, board=None, browser=False, width=480):
    """Returns the table of a Tally view as a standalone SVG (`board` is unused: no map)."""
    names = seat_names(view, names)
    labels = token_labels(names)
    canvas = Canvas(width, browser=browser)
    y = 8
    for p in view.get("players") or []:
        seat = p["seat"]
        token(canvas, 18, y + 14, seat, labels.get(seat, "?"))
        you = " (you)" if seat == me else ""
        canvas.text(36, y + 19, f"{names.get(seat)}{you}: {p['tally']}", size=13, bold=seat == view.get("turn"))
        for i, value in enumerate(p.get("played") or []):
            x = 200 + i * (CARD + 4)
            canvas.add(f'<path d="{rect_d(x, y + 4, CARD, CARD)}" fill="#fff7e0" stroke="#7a4b22"/>')
            canvas.text(x + CARD / 2, y + 21, str(value), size=13, anchor="middle")
        y += ROW
    hand = view.get("hand")
    if hand is not None:
        canvas.text(8, y + 18, "Your hand: " + (", ".join(str(c["value"]) for c in hand) or "empty"), size=13)
        y += ROW
    summary = "Tally table. " + "; ".join(f"{names.get(p['seat'])}: {p['tally']}" for p in view.get("players") or [])
    return canvas.svg(y + 4, summary=summary, background="#fffdf5")


def email_picture(view, *, names=None, me=None, board=None, browser=False):
    """Returns the table drawn for an email: the same rows, EMAIL_W wide."""
    return picture(view, names=names, me=me, board=board, browser=browser, width=EMAIL_W)
