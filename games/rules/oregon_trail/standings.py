"""What a finished Oregon Trail Race tells the standings (games/rules/base.py, the section of that
name): its seats' finishing measure and its figures, the calamities played and the members lost."""

from __future__ import annotations

from ..base import Figure, add_figure
from .cards import CALAMITY_NAMES
from .state import trail_length

FIGURES = (
    Figure("calamities", "Calamities played, by kind", "Calamity", "Played"),
    Figure("deaths", "Wagon members lost, by cause", "Cause", "Members lost"),
)


def finishing_measure(state: dict, seat: int) -> tuple:
    """Returns what places a wagon that did not win: alive, when it went out, its members and its
    trail (the result's ranking orders by the same); strict when the state has no such wagon."""
    for p in state.get("players") or []:
        if isinstance(p, dict) and p.get("seat") == seat and "trail" in p:
            return ("trail", p.get("alive"), p.get("out_order"), p.get("members"), trail_length(p))
    return ("seat", seat)


def count_figures(moves: list[list[dict]]) -> dict:
    """Returns the calamities played, by name, and the members lost, by cause, from the events."""
    out: dict = {}
    for events in moves:
        for ev in events:
            public = ev.get("public") or {}
            if ev.get("type") == "calamity" and public.get("calamity"):
                kind = public["calamity"]
                add_figure(out, "calamities", CALAMITY_NAMES.get(kind, kind))
            elif ev.get("type") == "member_died" and public.get("cause"):
                cause = str(public["cause"])
                add_figure(out, "deaths", cause[:1].upper() + cause[1:], int(public.get("count") or 1))
    return out
