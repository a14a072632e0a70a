"""A stand-in for the crayon-rails engine, served under its slug by the `fake_rails` fixture
(tests/conftest.py): the agreed view and map_data shapes on a small hand-drawn map.

It is not a toy game (that is tests/toy_engine.py): it exists for the crayon-rails board template
and its JavaScript (tests/games/test_crayon_board.py, tests/e2e/test_crayon_rails_browser.py),
which need what the real engine cannot give at a fixed place:
- an 18 x 12 map whose every feature the tests name: four cities with their goods, a river, a
  lake and the sea, mileposts at known coordinates (a neighbour, a non-neighbour, a spot away
  from any major city), few enough to count and to click in a browser;
- a fixed position: demand cards D0-D2 in the pool, one card H<seat> per hand, and an event in
  force naming a player, in a view the template draws;
- paths checked only for what the path tools send (neighbouring mileposts; a build starts at a
  major city or the player's own track; a move starts at the train), with the real rules'
  costs, turn phases and menu left out (the menu offers "end turn" only).
The board's figures and drawings are the real game's (games/rules/crayon_rails/page.py and
picture.py), on this map. The real engine's play, map and paths are tested in
tests/games/test_crayon_rails_play.py and in the real-engine game of
tests/e2e/test_crayon_rails_browser.py.
"""

from games.rules.base import Engine, IllegalAction, event, new_rng
from games.rules.crayon_rails import page, picture

W, H = 18, 12
CITIES = [
    {
        "name": "Norburg",
        "size": "major",
        "mileposts": [[4, 3], [5, 3], [3, 4], [4, 4], [5, 4], [4, 5], [5, 5]],
        "goods": ["Steel", "Coal"],
    },
    {"name": "Easton", "size": "medium", "mileposts": [[13, 3]], "goods": ["Fish"]},
    {"name": "Sudham", "size": "small", "mileposts": [[10, 9]], "goods": ["Wine", "Cheese"]},
    {
        "name": "Westmark",
        "size": "major",
        "mileposts": [[12, 7], [13, 7], [11, 8], [12, 8], [13, 8], [12, 9], [13, 9]],
        "goods": [],
    },
]
WATER_CELLS = [[x, y, "sea"] for y in range(H) for x in range(15, W)] + [[8, 8, "lake"], [8, 9, "lake"]]
RIVER = [[[7, y], [8, y]] for y in range(0, 6)]


def neighbours(x, y):
    d = 0 if y % 2 else -1
    return {(x - 1, y), (x + 1, y), (x + d, y - 1), (x + d + 1, y - 1), (x + d, y + 1), (x + d + 1, y + 1)}


def _terrain():
    city_at = {tuple(p): c["size"] for c in CITIES for p in c["mileposts"]}
    water = {(x, y) for x, y, _ in WATER_CELLS}
    out = []
    for y in range(H):
        for x in range(W):
            if (x, y) in water:
                continue
            t = city_at.get((x, y)) or (
                "alpine" if (x, y) in {(10, 2), (11, 2)} else "mountain" if (x + 2 * y) % 11 == 0 else "clear"
            )
            out.append([x, y, t])
    return out


class CrayonRailsStandIn(Engine):
    name = "crayon-rails"
    title = "Crayon Rails (stand-in)"
    version = "stand-in-1"
    min_seats = 2
    max_seats = 6
    options_schema = {}

    def map_data(self, options):
        return {
            "width": W,
            "height": H,
            "mileposts": _terrain(),
            "cities": CITIES,
            "water": [{"kind": "river", "edges": RIVER}],
            "water_cells": WATER_CELLS,
            "goods": [
                {"name": "Steel", "chips": 3, "sources": ["Norburg"]},
                {"name": "Coal", "chips": 4, "sources": ["Norburg"]},
                {"name": "Fish", "chips": 3, "sources": ["Easton"]},
                {"name": "Wine", "chips": 2, "sources": ["Sudham"]},
                {"name": "Cheese", "chips": 3, "sources": ["Sudham"]},
            ],
        }

    def new_state(self, options, seats, seed):
        pool = [
            {
                "id": f"D{i}",
                "demands": [
                    {"good": g, "city": c, "payoff": 10 + i * 3 + j, "locked_by": []}
                    for j, (g, c) in enumerate([("Fish", "Sudham"), ("Steel", "Easton"), ("Wine", "Norburg")])
                ],
            }
            for i in range(3)
        ]
        return {
            "rng": new_rng(seed),
            "seats": seats,
            "turn": 0,
            "round": 1,
            "pool": pool,
            "hands": [
                [{"id": f"H{s}", "demands": [{"good": "Coal", "city": "Easton", "payoff": 20 + s, "locked_by": []}]}]
                for s in range(seats)
            ],
            "players": [
                {"cash": 50, "track": [], "position": None, "loads": [], "status": "playing"} for _ in range(seats)
            ],
            "over": False,
        }

    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state, seat):
        return [{"type": "end_turn"}] if seat in self.to_act(state) else []

    def apply(self, state, seat, action):
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn to decide anything.", code="NOT_YOUR_TURN")
        if not isinstance(action, dict) or action.get("type") not in ("build", "move", "end_turn"):
            raise IllegalAction("That move is not allowed now.")
        return self.do_apply(state, seat, action)

    def do_apply(self, state, seat, action):
        me = state["players"][seat]
        if action["type"] == "end_turn":
            state["turn"] = (seat + 1) % state["seats"]
            return [event("end_turn", seat, f"Player {seat + 1} ends the turn.")]
        path = [tuple(p) for p in action.get("path") or []]
        if len(path) < 2 or any(b not in neighbours(*a) for a, b in zip(path, path[1:])):
            raise IllegalAction("A path must go from milepost to neighbouring milepost.")
        if action["type"] == "build":
            majors = {tuple(p) for c in CITIES if c["size"] == "major" for p in c["mileposts"]}
            own = {tuple(p) for seg in me["track"] for p in seg}
            if path[0] not in majors | own:
                raise IllegalAction("Build from a major city or your own track.")
            me["track"] += [[list(a), list(b)] for a, b in zip(path, path[1:])]
            me["cash"] -= len(path) - 1
            if me["position"] is None:
                me["position"] = list(path[0])
            return [event("build", seat, f"Player {seat + 1} builds {len(path) - 1} mileposts of track.")]
        if me["position"] is None or tuple(me["position"]) != path[0]:
            raise IllegalAction("A move starts where the train is.")
        me["position"] = list(path[-1])
        return [event("move", seat, f"Player {seat + 1} moves {len(path) - 1} mileposts.")]

    def view(self, state, seat):
        players = [
            {
                "seat": s,
                "name": f"Player {s + 1}",
                "cash": p["cash"],
                "train": {"kind": "Freight", "speed": 9, "capacity": 2},
                "position": p["position"],
                "loads": p["loads"],
                "track": p["track"],
                "locks": [],
                "hand_count": len(state["hands"][s]),
                "moves_left": 9,
                "built_this_turn": 0,
                "connected_majors": 0,
                "status": p["status"],
            }
            for s, p in enumerate(state["players"])
        ]
        return {
            "mode": "classic",
            "phase": "play",
            "turn": state["turn"],
            "round": state["round"],
            "players": players,
            "pool": state["pool"],
            "hand": state["hands"][seat] if seat is not None else [],
            "chips": {"Steel": 3, "Coal": 4, "Fish": 3, "Wine": 2, "Cheese": 3},
            "events_in_force": [{"type": "strike", "text": "Player 2's strike: no pickups at Easton."}],
            "deck_count": 30,
            "discard_count": 2,
        }

    def result(self, state):
        return None

    def resign(self, state, seat):
        state["players"][seat]["status"] = "resigned"
        state["over"] = True
        return [event("resign", seat, f"Player {seat + 1} resigns.")]

    def bot_action(self, state, seat, rnd):
        return {"type": "end_turn"}

    def action_label(self, state, seat, action):
        return "End the turn"

    # The real game's board page and drawings (its package's page and picture modules), on this map.
    def board_static(self, data):
        return page.board_static(data)

    def board_context(self, table):
        return page.board_context(table)

    def table_picture(self, view, **kwargs):
        return picture.picture(view, **kwargs)

    def email_picture(self, view, **kwargs):
        return picture.email_picture(view, **kwargs)

    def card_places(self, state):
        return {f"hand:{s}": [c["id"] for c in h] for s, h in enumerate(state["hands"])}

    def hidden_places(self, state, seat):
        return {f"hand:{s}" for s in range(state["seats"]) if s != seat}


ENGINE = CrayonRailsStandIn()
