"""Generates the demand deck from the map, in the manner of Don Woods's crayon-rails deck generator.

Every demand is (good, destination city, payoff). The payoff follows the cheapest track between
the good's sources and the destination on the empty map: the build cost of that track (terrain,
cities and water as `board` prices them), paid back with interest. Each card carries three
demands for three different goods to three different cities. The event cards (derailment, snow,
flood, strike, excess profit tax) are generated with their areas from the same map.

The output is committed as `deck.py`; the test suite regenerates it and compares, so the deck
can only change together with this generator or the map:

    .venv/bin/python -m games.rules.crayon_rails.deckgen          # rewrites deck.py
"""

from __future__ import annotations

import heapq
import os
import pprint

from ..base import Rng, new_rng
from . import board

SEED = "tessary-deck-1"
DEMAND_CARDS = 100
MIN_COST = 6  # shorter hauls are not worth a demand
EVENT_COUNTS = {"derailment": 4, "snow": 4, "flood": 5, "strike": 5, "tax": 2}
AREA_RADIUS = {"derailment": 3, "snow": 4}


def payoff(cost: int) -> int:
    """Returns the payoff for a demand whose cheapest track costs `cost` to build."""
    return 5 + round(1.5 * cost)


def cheapest_track(sources: list[int]) -> dict[int, int]:
    """Returns the build cost of the cheapest track from any of the nodes to every milepost."""
    dist = {s: 0 for s in sources}
    heap = [(0, s) for s in sources]
    heapq.heapify(heap)
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, c, _e in board.ADJ[u]:
            if d + c < dist.get(v, 1 << 30):
                dist[v] = d + c
                heapq.heappush(heap, (d + c, v))
    return dist


def demand_table() -> list[tuple[str, str, int]]:
    """Returns every possible demand (good, city, payoff) at least MIN_COST away, in map order."""
    out = []
    for good in board.GOODS:
        srcs = [n for i in board.SOURCES[good] for n in board.CITY_LIST[i]["posts"]]
        dist = cheapest_track(srcs)
        for i, city in enumerate(board.CITY_LIST):
            if i in board.SOURCES[good]:
                continue
            cost = min(dist[n] for n in city["posts"])
            if cost >= MIN_COST:
                out.append((good, city["name"], payoff(cost)))
    return out


def _event_text(ev: dict) -> str:
    t = ev["type"]
    if t == "derailment":
        return (
            f"Derailment! Trains within {ev['radius']} mileposts of "
            f"{', '.join(ev['cities'][:-1])} or {ev['cities'][-1]} lose a turn and one load."
        )
    if t == "snow":
        return (
            f"Snow around {ev['cities'][0]}: trains within {ev['radius']} mileposts move at "
            "half speed; no building into mountain or alpine mileposts there."
        )
    if t == "flood":
        return (
            f"The {ev['river']} floods: every bridge across it is washed away, and nobody "
            "may build across it while the flood lasts."
        )
    if t == "strike":
        if ev["kind"] == "coastal":
            return "Dock strike: no load may be picked up or delivered at a coastal city."
        if ev["kind"] == "cities":
            return (
                f"Strike at {', '.join(ev['cities'][:-1])} and {ev['cities'][-1]}: no load "
                "may be picked up or delivered there."
            )
        return "Rail strike: no train may move on the drawing player's track."
    return (
        "Excess profit tax: every player pays 10 with 50 or more in cash, 15 with 100 or more, "
        "20 with 150 or more, 25 with 200 or more."
    )


def _mountain_cities() -> list[str]:
    """Returns cities with at least 6 mountain or alpine mileposts within the snow radius."""
    out = []
    for c in board.CITY_LIST:
        area = board.within(c["posts"], AREA_RADIUS["snow"])
        if sum(board.TERRAIN_AT[n] in ("mountain", "alpine") for n in area) >= 6:
            out.append(c["name"])
    return out


def generate(seed: str = SEED) -> tuple[dict, dict]:
    """Returns (demand cards {id: [[good, city, payoff] x3]}, event cards {id: event})."""
    rng = Rng({"rng": new_rng(seed)})
    table = demand_table()
    demands = {}
    for k in range(DEMAND_CARDS):
        card: list = []
        while len(card) < 3:
            good, city, pay = rng.choice(table)
            if any(good == g or city == c for g, c, _ in card):
                continue
            card.append([good, city, pay])
        demands[f"D{k + 1:03d}"] = card
    names = [c["name"] for c in board.CITY_LIST]
    snowy = _mountain_cities()
    rivers = [name for name, _ in board.RIVERS]
    strikes = ["coastal", "coastal", "cities", "rail", "rail"]
    events = {}
    k = 0
    for kind, count in EVENT_COUNTS.items():
        for j in range(count):
            ev: dict = {"type": kind}
            if kind == "derailment":
                picked: list = []
                while len(picked) < 3:
                    name = rng.choice(names)
                    if name not in picked:
                        picked.append(name)
                ev.update(cities=picked, radius=AREA_RADIUS[kind])
            elif kind == "snow":
                ev.update(cities=[snowy[rng.below(len(snowy))]], radius=AREA_RADIUS[kind])
            elif kind == "flood":
                ev.update(river=rivers[j % len(rivers)])
            elif kind == "strike":
                ev.update(kind=strikes[j % len(strikes)])
                if ev["kind"] == "cities":
                    picked = []
                    while len(picked) < 3:
                        name = rng.choice(names)
                        if name not in picked:
                            picked.append(name)
                    ev.update(cities=picked)
            ev["text"] = _event_text(ev)
            k += 1
            events[f"E{k:02d}"] = ev
    return demands, events


def render(demands: dict, events: dict, seed: str = SEED) -> str:
    """Returns the source of deck.py for a generated deck."""
    head = (
        f'"""The demand deck of Tessary: generated by deckgen.py (seed {seed!r}); '
        "do not edit.\n\n"
        "Regenerate with `.venv/bin/python -m games.rules.crayon_rails.deckgen`.\n"
        '"""\n\n'
    )
    return (
        head
        + "# card id -> three demands [good, city, payoff]\n"
        + "DEMANDS = "
        + pprint.pformat(demands, width=100, sort_dicts=False)
        + "\n\n"
        + "# card id -> event\n"
        + "EVENTS = "
        + pprint.pformat(events, width=100, sort_dicts=False)
        + "\n"
    )


def main() -> None:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deck.py")
    with open(path, "w") as fh:
        fh.write(render(*generate()))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
