"""What a finished Crayon Rails tells the standings (games/rules/base.py, the section of that
name): seats are placed by the major cities they link and their cash, and its figures are the
deliveries by good and what a delivery paid over the game."""

from __future__ import annotations

from ..base import Figure, add_figure, tenth
from .network import connected_majors
from .state import MAJORS_TO_WIN

FIGURES = (
    Figure("deliveries", "Deliveries, by good", "Good", "Deliveries"),
    Figure(
        "payoffs",
        "Payoff of a delivery over the game (mean)",
        "Tenth of the game",
        "Payoff",
        kind="ratio",
        per="payoff_deliveries",
        order="label",
    ),
)


def finishing_measure(state: dict, result: dict, seat: int) -> tuple:
    """Returns the major cities one network of the seat links (as many as win, at most) and its
    cash: seats equal in both share a place (cities unknown when the state is not at hand)."""
    cash = result.get("cash") or []
    players = state.get("players") or []
    majors = None
    if seat < len(players) and isinstance(players[seat], dict) and "track" in players[seat]:
        majors = min(connected_majors(players[seat]["track"]), MAJORS_TO_WIN)
    return ("cash", majors, cash[seat] if seat < len(cash) else None)


def count_figures(moves: list[list[dict]]) -> dict:
    """Returns the deliveries by good, and the payoffs and deliveries by tenth of the game (the
    statistics divide the one by the other: a delivery's mean payoff as the game goes on)."""
    out: dict = {}
    for index, events in enumerate(moves):
        for ev in events:
            public = ev.get("public") or {}
            if ev.get("type") == "deliver" and public.get("good"):
                add_figure(out, "deliveries", public["good"])
                when = tenth(index, len(moves))
                add_figure(out, "payoffs", when, int(public.get("payoff") or 0))
                add_figure(out, "payoff_deliveries", when)
    return out
