"""Crayon rails (the Empire Builder family) on our own map, with the public-locking demand pool.

Modes (option `mode`): `public` (default), the variant of shared/rules/003: one face-up pool of
demand cards that players lock loads onto; `standard`: three demand cards in each hand. The
base rules and the reconstructed pool-size rules and setup draft are in shared/rules/README.md.

Setup: public mode drafts first (seat by seat: keep up to two cards, each committed to one of
its demands; the rejects and two new cards go to the next seat; the last rejects open the pool,
filled to 3 x N). Then two initial building turns each (in seat order, then reversed), no
moving. Then operating turns, seat 0 first: the first one starts by placing the train on any
city. A turn: move (in one or more `move` actions, along track), picking up, delivering,
dropping and (public) locking loads along the way; then build (up to 20) or upgrade; then end
the turn. As the first thing in a turn a player may instead discard the hand (standard) or
pitch three pool cards (public).

Actions (JSON dicts with a `type`):
    keep{card, demand} | keep_done                      public setup draft
    build{path[, toward]}                               path: [[x, y], ...] from a major city
                                                        milepost or your own track
    upgrade{train}                                      fast | heavy | super, instead of building
    place_train{city}                                   first operating turn
    move{path[, toward]}                                path[0] is where the train stands
    pickup{good} | drop{good} | deliver{card, demand}
    lock{card, demand, good}                            public
    pitch                                               public, first thing in a turn
    discard_hand                                        standard, first thing in a turn
    lose_load{good[, card][, release]}                  a derailed player's choice
    end_turn

Build and move paths are too many to list, so `legal_actions` is a menu: the simple actions plus
ready-made paths (this turn's share of the cheapest build toward each city that matters: the
demand cities, their goods' sources and the major cities; a move to every city within reach and
toward the far ones that matter). `accepts` (the contract's hook, games/rules/base.py) takes
ANY build or move path the rules allow, not just the menu's: the validators `check_build` and
`check_move` judge it fully, and their reason is what `explain_illegal` says of a refused path;
every other action must be in the menu. The optional `toward` (a city name) only labels a
ready-made path. The menu is a function of the state alone (the search caches never change an
answer), so a menu number in an email means the same when it comes back.

Where the texts are silent we chose (standard Empire Builder readings where there are some):
- A major city is seven mileposts; the track between them is everybody's, free to move on and
  to build through. "Nobody may block a major city": a build may not leave a major city fewer
  unbuilt entries than there are other players in the game without track there.
- Building: a path may run over your own track and the major cities' track at no cost; each new
  section costs its far milepost's terrain plus any water it crosses, even into your own track.
- Track fees: 4 to each other owner whose track you use, once per owner per turn, paid when you
  first enter their track; you may not enter it without the cash. A resigned player's track stays
  and is free to use.
- Trains may reverse anywhere. A move, pickup, delivery or lock may not follow building or an
  upgrade in the same turn; upgrading is instead of building (no build that turn) and is not
  allowed in the initial building turns. Freight goes to fast or heavy, those to superfreight.
- Dropping a load (only one that locks nothing) is allowed at any city; its chip goes back.
- Events: drawn by the player whose turn it is (in public mode, whoever's delivery, lock or pitch
  made the pool draw). Events dealt during setup are set aside and shuffled back in before
  building starts. Snow, flood and strike last until the end of the drawing player's next turn.
  Derailment: every train within the area loses one load (its owner picks which, and may pick a
  locked one) and a turn: the drawing player's current turn ends at once, anyone else skips
  their next turn. Snow: a train that starts its turn in the area moves at half speed (rounded
  up); no building into its mountain or alpine mileposts. Flood: every track section across the
  river is erased and nobody builds across it. Strikes: no pickup or delivery at coastal cities
  (or at the named cities); or no train moves on the drawing player's track. Excess profit tax:
  10 from 50 cash, 15 from 100, 20 from 150, 25 from 200.
- Public locking: N is the number of players still in the game. A card locked for one demand
  can only be locked (by others) and delivered for that demand; one marker per player per card;
  only a load that locks nothing can lock. You deliver a pool card only through your own lock.
  Private draft cards: the first load of that good picked up is committed to the card; it counts
  as a locked load. A pitch discards min(3, unlocked) random unlocked cards and refills the pool
  by the pool-size rules at once; the player may then only lock (and end the turn).
- Winning: checked after each action of the player whose turn it is. `max_rounds` (default 150,
  0 for none) ends the game after that many operating rounds: the richest player among those
  whose network links the required major cities wins, or the richest of all if nobody's does
  (the Puffing Billy tournament ruling for an unfinished game). Ties share the win. The limit is
  a safety net for stalled games (a train stranded without the fees, a load locked to a demand
  nobody can reach any more); bot games end by a win after 20 to 60 rounds.
"""

from __future__ import annotations

from ..base import BadOptions, Engine, IllegalAction, Rng, counted, event, seat_label
from . import bots, commands, standings
from . import cards as card_data
from . import network as net
from . import view as view_mod
from .board import (
    CITY_INDEX,
    CITY_LIMIT,
    CITY_LIST,
    CITY_OF,
    CITY_TRACK,
    HEIGHT,
    MAJOR_POSTS,
    MAJORS,
    NEIGHBOURS,
    RIVER_EDGES,
    RIVER_OF,
    TERRAIN_AT,
    WIDTH,
    city_area,
    city_name,
    edge,
    edge_nodes,
    enter_cost,
    map_data,
    node,
    place_name,
    xy,
)
from .cards import DEMANDS, EVENTS, demand_text, is_event
from .state import (
    BUILD_LIMIT,
    DRAFT_FIRST,
    DRAFT_KEEP,
    DRAFT_MORE,
    FEE,
    HAND,
    MAJORS_TO_WIN,
    TRAIN_NAMES,
    UPGRADE_COST,
    UPGRADES,
    active,
    build_state,
    capacity,
    chips_left,
    city_at,
    deal_setup,
    end_setup_draws,
    free_loads,
    lock_map,
    locked_loads,
    pool_target,
    speed,
    target_cities,
    tax_for,
)


class CrayonRailsEngine(Engine):
    """Build track, haul loads to demands, reach the cash and the major cities first."""

    name = "crayon-rails"
    title = "Crayon Rails"
    version = "1"
    min_seats = 2
    max_seats = 6
    pitch = "Draw track between the cities of Tessary and carry goods to the cities that pay for them."
    length = "about 30 to 40 turns each"  # turns per player in seeded 2-player bot games (games.rules.simulate)
    variants = [({"mode": "public"}, "Public pool"), ({"mode": "standard"}, "Standard hands")]
    blurb = (
        "Build track across the map of Tessary, carry loads to the cities that demand them, and be the "
        "first with the cash and a network that links the major cities. 2 to 6 players."
    )
    demo_moves = 40
    options_schema = {
        "mode": {
            "default": "public",
            "choices": ["public", "standard"],
            "labels": {"public": "One face-up pool (variant)", "standard": "Three in each hand (standard)"},
            "label": "Demand cards",
            "help": "Variant: one face-up pool of demands that players lock loads onto. "
            "Standard: three demand cards in each hand.",
        },
        "cash_to_win": {
            "default": 250,
            "min": 100,
            "max": 500,
            "label": "Cash to win",
            "help": "Cash needed (with all but one major city linked) to win.",
        },
        "max_rounds": {
            "default": 150,
            "min": 0,
            "max": 500,
            "label": "Round limit",
            "help": "The game ends after this many rounds (0: no limit) and the "
            "richest player with the major cities linked (or the richest, if "
            "nobody has them) wins. A safety net: games rarely last 60.",
        },
    }
    conformance_options = [
        {"mode": "public", "max_rounds": 20},
        {"mode": "standard", "max_rounds": 20, "cash_to_win": 100},
    ]
    decision_kinds = {
        "derailment": {
            "label": "Derailed: which load to lose",
            "answers": {"unlocked_first": "Lose a load that locks no card, if I have one"},
        },
    }
    # what a finished game tells the standings (the contract's section; the rest is in standings.py)
    edition_option = "mode"
    figures = standings.FIGURES
    figures_read_events = True
    length_bin = 50

    def finishing_measure(self, state, result, seat):
        return standings.finishing_measure(state, result, seat)

    def count_figures(self, state, moves):
        return standings.count_figures(moves)

    def check_options(self, options: dict, seats) -> None:
        if seats is not None and not self.min_seats <= seats <= self.max_seats:
            raise BadOptions("Crayon Rails is for 2 to 6 players.")

    def map_data(self, options: dict | None = None) -> dict:
        """Returns the static board (the same for every game)."""
        return map_data()

    # -- setup ---------------------------------------------------------------------------------
    def new_state(self, options: dict, seats: int, seed) -> dict:
        """Returns the dealt starting state."""
        state = build_state(self.normalize_options(options, seats), seats, seed)
        if state["mode"] == "public":
            state["draft"] = {"seat": 0, "offer": deal_setup(state, DRAFT_FIRST)}
        else:
            for p in state["players"]:
                p["hand"] = deal_setup(state, HAND)
            end_setup_draws(state)
            self._begin_building(state)
        return state

    def _begin_building(self, state: dict) -> None:
        order = active(state)
        state["phase"] = "build"
        state["initial_order"] = order + order[::-1]
        state["turn"] = state["initial_order"][0]
        state["players"][state["turn"]]["built"] = 0

    # -- whose move ----------------------------------------------------------------------------
    def to_act(self, state: dict) -> list[int]:
        """Returns the seat that must decide now."""
        if state["over"]:
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        if state["phase"] == "draft":
            return [state["draft"]["seat"]]
        return [state["turn"]]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns the menu: every simple action plus ready-made build and move paths."""
        if seat not in self.to_act(state):
            return []
        return self._simple_actions(state, seat) + self._path_menu(state, seat)

    def _simple_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns every legal action except build and move paths."""
        if seat not in self.to_act(state):
            return []
        if state["pending"]:
            return self._lose_options(state, seat)
        if state["phase"] == "draft":
            acts = []
            if len(state["players"][seat]["hand"]) < DRAFT_KEEP:
                acts = [{"type": "keep", "card": cid, "demand": d} for cid in state["draft"]["offer"] for d in range(3)]
            return acts + [{"type": "keep_done"}]
        if state["phase"] == "build":
            return [{"type": "end_turn"}]
        p = state["players"][seat]
        stage = p["stage"]
        acts: list[dict] = []
        public = state["mode"] == "public"
        if stage == "start":
            if public and locked_loads(p) == 0 and self._unlocked_pool(state):
                acts.append({"type": "pitch"})
            if not public and p["hand"]:
                acts.append({"type": "discard_hand"})
        if stage in ("start", "move"):
            if p["pos"] is None:
                acts += [{"type": "place_train", "city": c["name"]} for c in CITY_LIST]
            else:
                acts += self._city_actions(state, seat)
            if p["built"] == 0:
                acts += [{"type": "upgrade", "train": t} for t in UPGRADES[p["train"]] if p["cash"] >= UPGRADE_COST]
        if public and stage in ("start", "move", "pitched"):
            acts += self._lock_actions(state, seat)
        acts.append({"type": "end_turn"})
        return acts

    def _city_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns the deliveries, pickups and drops open at the train's city."""
        p = state["players"][seat]
        city = city_at(p)
        if city is None:
            return []
        acts = []
        name = city_name(city)
        if not net.strike_bound(state, city):
            acts += [a for a in self._deliveries(state, seat, name)]
            left = chips_left(state)
            if len(p["loads"]) < capacity(p):
                acts += [{"type": "pickup", "good": g} for g in CITY_LIST[city]["goods"] if left[g] > 0]
        acts += [{"type": "drop", "good": g} for g in sorted(free_loads(p))]
        return acts

    def _deliveries(self, state: dict, seat: int, city: str) -> list[dict]:
        p = state["players"][seat]
        out = []
        if state["mode"] == "standard":
            for cid in p["hand"]:
                for d, (g, c, _pay) in enumerate(DEMANDS[cid]):
                    if c == city and g in p["loads"]:
                        out.append({"type": "deliver", "card": cid, "demand": d})
            return out
        for lk in p["locks"]:
            g, c, _pay = DEMANDS[lk["card"]][lk["demand"]]
            if c == city and (not lk["private"] or lk["loaded"]):
                out.append({"type": "deliver", "card": lk["card"], "demand": lk["demand"]})
        return out

    def _lock_actions(self, state: dict, seat: int) -> list[dict]:
        p = state["players"][seat]
        free = free_loads(p)
        if not free:
            return []
        mine = {lk["card"] for lk in p["locks"]}
        locks = lock_map(state)
        acts = []
        for cid in state["pool"]:
            if cid in mine:
                continue
            fixed = locks.get(cid)
            for d, (g, _c, _pay) in enumerate(DEMANDS[cid]):
                if free.get(g) and (not fixed or d in fixed):
                    acts.append({"type": "lock", "card": cid, "demand": d, "good": g})
        return acts

    def _unlocked_pool(self, state: dict) -> list[str]:
        locks = lock_map(state)
        return [cid for cid in state["pool"] if cid not in locks]

    def _lose_options(self, state: dict, seat: int) -> list[dict]:
        """Returns the loads a derailed player may choose to lose."""
        p = state["players"][seat]
        if not p["loads"]:
            return []
        if state["mode"] == "standard":
            return [{"type": "lose_load", "good": g} for g in sorted(set(p["loads"]))]
        opts = [{"type": "lose_load", "good": g} for g in sorted(free_loads(p))]
        for lk in p["locks"]:
            if not lk["private"]:
                opts.append({"type": "lose_load", "good": lk["good"], "card": lk["card"]})
            elif lk["loaded"]:
                opts += [
                    {"type": "lose_load", "good": lk["good"], "card": lk["card"], "release": release}
                    for release in (False, True)
                ]
        return opts

    # -- ready-made paths ------------------------------------------------------------------------
    def _path_menu(self, state: dict, seat: int) -> list[dict]:
        if state["pending"] or state["phase"] not in ("build", "play"):
            return []
        return self.build_menu(state, seat) + self.move_menu(state, seat)

    def _may_build(self, state: dict, seat: int) -> bool:
        p = state["players"][seat]
        if state["phase"] == "build":
            return True
        return state["phase"] == "play" and p["stage"] in ("start", "move", "build") and not p["upgraded"]

    def build_budget(self, state: dict, seat: int) -> int:
        p = state["players"][seat]
        return min(BUILD_LIMIT - p["built"], p["cash"])

    def build_menu(self, state: dict, seat: int) -> list[dict]:
        """Returns the cheapest build this turn toward each city that matters to the seat."""
        if not self._may_build(state, seat):
            return []
        budget = self.build_budget(state, seat)
        if budget <= 0:
            return []
        targets = tuple(target_cities(state, seat))
        key = ("build_menu", seat, budget, targets, net.tracks_key(state), net.build_env(state), tuple(active(state)))

        def compute():
            out, seen = [], set()
            for city in targets:
                path = self.build_toward(state, seat, city)
                if path is None or tuple(path) in seen:
                    continue
                seen.add(tuple(path))
                out.append({"type": "build", "path": [xy(n) for n in path], "toward": city_name(city)})
            return out

        return net.cached(key, compute)

    def build_toward(self, state: dict, seat: int, city: int) -> list[int] | None:
        """Returns the ready-made build toward a city: the start of the cheapest track to it
        from the seat's network, as much as this turn's budget pays (None if nothing)."""
        if not self._may_build(state, seat):
            return None
        full = self.full_builds(state, seat)[city]
        if full is None:
            return None
        own = set(state["players"][seat]["track"])
        path = self.affordable(full, own, self.build_budget(state, seat))
        if path is None:
            return None
        # the search kept to open sections; only a major city's entries need a look
        if any(n in MAJOR_POSTS for n in path):
            new = [edge(a, b) for a, b in zip(path, path[1:]) if edge(a, b) not in own and edge(a, b) not in CITY_TRACK]
            if self._blocked_major(state, seat, new) is not None:
                return None
        return path

    def full_builds(self, state: dict, seat: int) -> list:
        """Returns, for every city, the cheapest whole build path to it from the seat's network
        (None when it is already on the network or cannot be reached)."""
        key = ("full_builds", seat, net.tracks_key(state), net.build_env(state))

        def compute():
            dist, prev = net.build_search(state, seat)
            out = []
            for city in range(len(CITY_LIST)):
                goal = net.cheapest_to_city(dist, city)
                ok = 0 < dist[goal] < net.INF
                out.append(net.path_to(prev, goal) if ok else None)
            if not state["players"][seat]["track"]:
                # no track yet: a major city is reached from the nearest other major
                for major in MAJORS:
                    posts = set(CITY_LIST[major]["posts"])
                    d2, p2 = net.build_search(state, seat, [n for n in sorted(MAJOR_POSTS) if n not in posts])
                    goal = net.cheapest_to_city(d2, major)
                    out[major] = net.path_to(p2, goal) if d2[goal] < net.INF else None
            return out

        return net.cached(key, compute)

    def build_cost(self, state: dict, seat: int, action: dict) -> int:
        """Returns what a (legal) build action costs."""
        return self.check_build(state, seat, self.parse_path(action))[0]

    @staticmethod
    def affordable(path: list[int], own: set, budget: int) -> list[int] | None:
        """Returns the part of a build path from where new track starts that the budget pays."""
        start = None
        spent = 0
        end = None
        for i, (a, b) in enumerate(zip(path, path[1:])):
            e = edge(a, b)
            cost = 0 if e in own or e in CITY_TRACK else enter_cost(e, b)
            if cost and start is None:
                start = i
            if spent + cost > budget:
                break
            spent += cost
            end = i + 1
        if start is None or end is None or end <= start:
            return None
        return path[start : end + 1]

    def move_menu(self, state: dict, seat: int) -> list[dict]:
        """Returns a move to every city the train reaches this turn and toward the others that
        matter (as far as it gets)."""
        p = state["players"][seat]
        if state["phase"] != "play" or p["stage"] not in ("start", "move") or p["pos"] is None or p["moves"] <= 0:
            return []
        targets = tuple(target_cities(state, seat))
        key = (
            "move_menu",
            seat,
            p["pos"],
            p["moves"],
            p["cash"],
            tuple(p["fees"]),
            targets,
            net.tracks_key(state),
            net.move_env(state),
            tuple(s for s, q in enumerate(state["players"]) if q["resigned"]),
        )

        def compute():
            out, seen = [], set()
            for city, path in self.move_routes(state, seat):
                if CITY_OF.get(path[-1]) != city and city not in targets:
                    continue  # heading for a city out of reach only if it matters
                if tuple(path) in seen:
                    continue
                seen.add(tuple(path))
                out.append({"type": "move", "path": [xy(n) for n in path], "toward": CITY_LIST[city]["name"]})
            return out

        return net.cached(key, compute)

    def move_routes(self, state: dict, seat: int) -> list[tuple[int, list[int]]]:
        """Returns (city, route) for every city the train can head for this turn: the shortest
        route on own track if it gets there this turn or if only it leads there, else on any
        track whose fees the player can pay; cut to the mileposts left."""
        p = state["players"][seat]
        key = (
            "move_routes",
            seat,
            p["pos"],
            p["moves"],
            p["cash"],
            tuple(p["fees"]),
            net.tracks_key(state),
            net.move_env(state),
            tuple(s for s, q in enumerate(state["players"]) if q["resigned"]),
        )

        def compute():
            here = CITY_OF.get(p["pos"])
            own_steps, own_prev = net.route_search(state, seat, p["pos"], True)
            all_steps, all_prev = net.route_search(state, seat, p["pos"], False)
            moves = p["moves"]
            # the nearest milepost of each city, on own track and on any track
            own_best: dict = {}
            all_best: dict = {}
            for steps, best in ((own_steps, own_best), (all_steps, all_best)):
                for n, d in steps.items():
                    c = CITY_OF.get(n)
                    if c is not None and c != here and (c not in best or d < best[c][0]):
                        best[c] = (d, n)
            out = []
            for city in sorted(set(own_best) | set(all_best)):
                own_far, own_n = own_best.get(city, (net.INF, None))
                all_far, all_n = all_best.get(city, (net.INF, None))
                foreign = False
                if own_far <= moves:
                    path = net.route_path(own_prev, own_n)
                elif all_far <= moves:
                    path, foreign = net.route_path(all_prev, all_n), True
                elif own_n is not None:
                    path = net.route_path(own_prev, own_n)[: moves + 1]
                else:
                    path, foreign = net.route_path(all_prev, all_n)[: moves + 1], True
                if len(path) < 2:
                    continue
                if foreign:
                    fees = [s for s in net.route_fee_owners(state, seat, path) if s not in p["fees"]]
                    if FEE * len(fees) > p["cash"]:
                        continue
                out.append((city, path))
            return out

        return net.cached(key, compute)

    # -- checking paths --------------------------------------------------------------------------
    @staticmethod
    def parse_path(action: dict) -> list[int]:
        extra = set(action) - {"type", "path", "toward"}
        if extra:
            raise IllegalAction(
                f"A {action['type']} has a path and nothing else (not {', '.join(sorted(extra))}).",
                code="MALFORMED_ACTION",
            )
        if "toward" in action and not isinstance(action["toward"], str):
            raise IllegalAction("'toward' names a city.", code="MALFORMED_ACTION")
        path = action.get("path")
        if not isinstance(path, list) or len(path) < 2:
            raise IllegalAction("A path is a list of at least two mileposts [x, y].", code="MALFORMED_ACTION")
        out = []
        for pt in path:
            if (
                not isinstance(pt, (list, tuple))
                or len(pt) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in pt)
            ):
                raise IllegalAction("Each milepost of a path is [x, y] with whole numbers.", code="MALFORMED_ACTION")
            x, y = pt
            if not (0 <= x < WIDTH and 0 <= y < HEIGHT) or node(x, y) not in TERRAIN_AT:
                raise IllegalAction(f"There is no milepost at {x},{y}.")
            out.append(node(x, y))
        for a, b in zip(out, out[1:]):
            if b not in NEIGHBOURS[a]:
                raise IllegalAction(f"{_cap(_pt(a))} and {_pt(b)} are not neighbours.")
        return out

    def check_build(self, state: dict, seat: int, path: list[int]) -> tuple[int, list[int]]:
        """Returns (cost, new sections) of a build path, or raises IllegalAction saying why not."""
        p = state["players"][seat]
        if state["phase"] not in ("build", "play"):
            raise IllegalAction("Building starts after the draft.")
        if state["phase"] == "play":
            if p["upgraded"]:
                raise IllegalAction("You upgraded your train this turn instead of building.")
            if p["stage"] not in ("start", "move", "build"):
                raise IllegalAction("You pitched this turn: you may only lock loads or end it.")
        own = set(p["track"])
        if path[0] not in MAJOR_POSTS and not any(path[0] in edge_nodes(e) for e in own):
            raise IllegalAction(f"Track starts at a major city or on your own track; {_pt(path[0])} is neither.")
        taken = net.owners(state)
        flooded = net.flooded(state)
        snowed = net.snow_blocked(state)
        cost = 0
        new: list[int] = []
        for a, b in zip(path, path[1:]):
            e = edge(a, b)
            if e in own or e in CITY_TRACK:
                continue
            if e in taken:
                raise IllegalAction(f"{seat_label(taken[e])} already has track between {_pt(a)} and {_pt(b)}.")
            if e in new:
                raise IllegalAction("The path builds the same section twice.")
            if e in flooded:
                raise IllegalAction(f"The {_river_of(e)} is in flood: nobody builds across it now.")
            if b in snowed:
                raise IllegalAction(f"Snow: nobody builds into the mountains at {_pt(b)} now.")
            new.append(e)
            cost += enter_cost(e, b)
        if not new:
            raise IllegalAction("That path builds nothing new.")
        left = BUILD_LIMIT - p["built"]
        if cost > left:
            raise IllegalAction(f"That costs {cost}; you may spend only {left} more on building this turn.")
        if cost > p["cash"]:
            raise IllegalAction(f"That costs {cost} and you have {p['cash']}.")
        node_owners = net.node_owners(state)
        touched = {n for e in new for n in edge_nodes(e)}
        for n in touched:
            size = TERRAIN_AT[n]
            if size in CITY_LIMIT:
                seats = set(node_owners.get(n, ())) | {seat}
                if len(seats) > CITY_LIMIT[size]:
                    raise IllegalAction(f"{city_name(CITY_OF[n])} already has track from {CITY_LIMIT[size]} players.")
        blocked = self._blocked_major(state, seat, new)
        if blocked is not None:
            raise IllegalAction(
                f"That would block {city_name(blocked)}: it must keep an entry for every player not yet there."
            )
        return cost, new

    @staticmethod
    def _blocked_major(state: dict, seat: int, new: list[int]) -> int | None:
        """Returns a major city these new sections would block (nobody may), else None."""
        entries: dict = {}
        for e in new:
            a, b = edge_nodes(e)
            ca, cb = CITY_OF.get(a), CITY_OF.get(b)
            for n, c, other in ((a, ca, cb), (b, cb, ca)):
                if n in MAJOR_POSTS and other != c:
                    entries[c] = entries.get(c, 0) + 1
        if not entries:
            return None
        node_owners = net.node_owners(state)
        for major, count in entries.items():
            posts = CITY_LIST[major]["posts"]
            present = {s for n in posts for s in node_owners.get(n, ())}
            waiting = [s for s in active(state) if s != seat and s not in present]
            if net.free_entries(state, major) - count < len(waiting):
                return major
        return None

    def check_move(self, state: dict, seat: int, path: list[int]) -> list[int]:
        """Returns the owners a move pays fees to, or raises IllegalAction saying why not."""
        p = state["players"][seat]
        if state["phase"] != "play":
            raise IllegalAction("Trains move once the initial building is over.")
        if p["stage"] == "pitched":
            raise IllegalAction("You pitched this turn: you may only lock loads or end it.")
        if p["stage"] not in ("start", "move"):
            raise IllegalAction("You have built or upgraded this turn: your train stays until your next turn.")
        if p["pos"] is None:
            raise IllegalAction("Place your train on a city first.")
        if path[0] != p["pos"]:
            raise IllegalAction(f"A move starts where your train stands, {_pt(p['pos'])}.")
        steps = len(path) - 1
        if steps > p["moves"]:
            raise IllegalAction(f"That is {counted(steps, 'milepost')}; your train has {p['moves']} left this turn.")
        adj = net.move_graph(state)
        taken = net.owners(state)
        for a, b in zip(path, path[1:]):
            if not any(v == b for v, _s in adj.get(a, ())):
                e = edge(a, b)
                if e in taken:
                    raise IllegalAction(f"A rail strike stops trains on {seat_label(taken[e])}'s track.")
                raise IllegalAction(f"There is no track between {_pt(a)} and {_pt(b)}.")
        fees = [s for s in net.route_fee_owners(state, seat, path) if s not in p["fees"]]
        if FEE * len(fees) > p["cash"]:
            raise IllegalAction(f"Using that track costs {FEE * len(fees)} in fees and you have {p['cash']}.")
        return fees

    # -- applying --------------------------------------------------------------------------------
    @staticmethod
    def takes_path(state: dict, action: dict) -> bool:
        """Returns whether an action is a build or move path that the validators judge (any path
        the rules allow is accepted, not just the menu's)."""
        return action["type"] in ("build", "move") and not state["pending"] and state["phase"] != "draft"

    def check_path(self, state: dict, seat: int, action: dict):
        """Returns what a build ((cost, new sections)) or move (the owners it pays fees to)
        path comes to, or raises IllegalAction saying why the rules refuse it."""
        path = self.parse_path(action)
        if action["type"] == "build":
            return self.check_build(state, seat, path)
        return self.check_move(state, seat, path)

    def accepts(self, state: dict, seat: int, action: dict) -> bool:
        """Returns whether apply takes the action: any build or move path the rules allow (the
        validators decide), anything else only from the menu. A path that cannot be read raises
        IllegalAction (MALFORMED_ACTION)."""
        if not self.takes_path(state, action):
            return action in self._simple_actions(state, seat)
        try:
            self.check_path(state, seat, action)
        except IllegalAction as exc:
            if exc.code == "MALFORMED_ACTION":
                raise
            return False
        return True

    def do_apply(self, state: dict, seat: int, action: dict) -> list[dict]:
        """Applies an action accepts took; returns the events."""
        events: list[dict] = []
        if self.takes_path(state, action):
            path = self.parse_path(action)
            check = self.check_build if action["type"] == "build" else self.check_move
            getattr(self, f"_do_{action['type']}")(state, seat, path, check(state, seat, path), action, events)
        else:
            getattr(self, f"_act_{action['type']}")(state, seat, action, events)
        self._after(state, events)
        return events

    # setup draft
    def _act_keep(self, state, seat, action, events):
        p = state["players"][seat]
        cid, d = action["card"], action["demand"]
        state["draft"]["offer"].remove(cid)
        p["hand"].append(cid)
        good = DEMANDS[cid][d][0]
        p["locks"].append({"card": cid, "demand": d, "good": good, "private": True, "loaded": False})
        events.append(
            event(
                "keep",
                seat,
                f"{seat_label(seat)} keeps a demand card.",
                private={seat: {"card": cid, "demand": d, "text": f"You keep {cid}: {demand_text(cid, d)}."}},
            )
        )
        if len(p["hand"]) >= DRAFT_KEEP:
            self._next_drafter(state, seat, events)

    def _act_keep_done(self, state, seat, action, events):
        self._next_drafter(state, seat, events)

    def _next_drafter(self, state: dict, seat: int, events: list) -> None:
        rejects = state["draft"]["offer"]
        later = [s for s in active(state) if s > seat]
        if later:
            offer = rejects + deal_setup(state, DRAFT_MORE)
            state["draft"] = {"seat": later[0], "offer": offer}
            events.append(
                event(
                    "draft",
                    later[0],
                    f"{seat_label(later[0])} is offered {len(offer)} demand cards.",
                    private={later[0]: {"offer": list(offer)}},
                )
            )
            return
        state["draft"] = None
        state["pool"] = rejects
        state["pool"] += deal_setup(state, max(0, 3 * pool_target(state) - len(rejects)))
        end_setup_draws(state)
        events.append(
            event(
                "pool",
                None,
                f"The public pool opens with {len(state['pool'])} cards.",
                public={"pool": list(state["pool"])},
            )
        )
        self._begin_building(state)

    # the operating turn
    def _act_place_train(self, state, seat, action, events):
        p = state["players"][seat]
        city = CITY_INDEX[action["city"]]
        p["pos"] = CITY_LIST[city]["posts"][0]
        p["stage"] = "move"
        events.append(
            event(
                "place_train",
                seat,
                f"{seat_label(seat)} puts the train on {action['city']}.",
                public={"at": xy(p["pos"])},
            )
        )

    def _do_move(self, state, seat, path, fees, action, events):
        p = state["players"][seat]
        for s in fees:
            p["cash"] -= FEE
            state["players"][s]["cash"] += FEE
            p["fees"].append(s)
        p["moves"] -= len(path) - 1
        p["pos"] = path[-1]
        p["stage"] = "move"
        dest = _pt(p["pos"])
        paid = f", paying {FEE} to " + " and ".join(seat_label(s) for s in fees) if fees else ""
        events.append(
            event(
                "move",
                seat,
                f"{seat_label(seat)} moves {counted(len(path) - 1, 'milepost')} to {dest}{paid}.",
                public={"path": [xy(n) for n in path], "fees": fees},
            )
        )

    def _act_pickup(self, state, seat, action, events):
        p = state["players"][seat]
        g = action["good"]
        p["loads"].append(g)
        p["stage"] = "move"
        for lk in p["locks"]:
            if lk["private"] and not lk["loaded"] and lk["good"] == g:
                lk["loaded"] = True
                break
        events.append(
            event("pickup", seat, f"{seat_label(seat)} picks up {g} at {city_name(city_at(p))}.", public={"good": g})
        )

    def _act_drop(self, state, seat, action, events):
        p = state["players"][seat]
        p["loads"].remove(action["good"])
        p["stage"] = "move"
        events.append(
            event(
                "drop",
                seat,
                f"{seat_label(seat)} drops {action['good']} at {city_name(city_at(p))}.",
                public={"good": action["good"]},
            )
        )

    def _act_deliver(self, state, seat, action, events):
        p = state["players"][seat]
        cid, d = action["card"], action["demand"]
        good, city, pay = DEMANDS[cid][d]
        p["loads"].remove(good)
        p["cash"] += pay
        p["stage"] = "move"
        state["discard"].append(cid)
        freed = []
        if state["mode"] == "standard":
            p["hand"].remove(cid)
            state["owed"] += 1
        else:
            lock = next(lk for lk in p["locks"] if lk["card"] == cid)
            p["locks"].remove(lock)
            if lock["private"]:
                p["hand"].remove(cid)
            else:
                state["pool"].remove(cid)
                for s, q in enumerate(state["players"]):
                    for lk in [lk for lk in q["locks"] if lk["card"] == cid]:
                        q["locks"].remove(lk)
                        freed.append(s)
        text = f"{seat_label(seat)} delivers {good} to {city} for {pay} (card {cid})."
        if freed:
            text += " " + ", ".join(seat_label(s) for s in freed) + " had locked it: their loads are free."
        events.append(
            event(
                "deliver",
                seat,
                text,
                public={"card": cid, "demand": d, "good": good, "city": city, "payoff": pay, "freed": freed},
                audience=freed or None,
            )
        )

    def _act_lock(self, state, seat, action, events):
        p = state["players"][seat]
        cid, d, g = action["card"], action["demand"], action["good"]
        p["locks"].append({"card": cid, "demand": d, "good": g, "private": False, "loaded": True})
        if p["stage"] == "start":
            p["stage"] = "move"
        events.append(
            event(
                "lock",
                seat,
                f"{seat_label(seat)} locks card {cid} with {g}: {demand_text(cid, d)}.",
                public={"card": cid, "demand": d, "good": g},
            )
        )

    def _act_pitch(self, state, seat, action, events):
        p = state["players"][seat]
        unlocked = self._unlocked_pool(state)
        pitched = []
        rng = Rng(state)
        for _ in range(min(3, len(unlocked))):
            pitched.append(unlocked.pop(rng.below(len(unlocked))))
        for cid in pitched:
            state["pool"].remove(cid)
            state["discard"].append(cid)
        p["stage"] = "pitched"
        events.append(
            event(
                "pitch",
                seat,
                f"{seat_label(seat)} gives up the turn and pitches {', '.join(pitched)}.",
                public={"cards": pitched},
            )
        )

    def _act_discard_hand(self, state, seat, action, events):
        p = state["players"][seat]
        state["discard"] += p["hand"]
        n = len(p["hand"])
        p["hand"] = []
        state["owed"] += HAND
        p["stage"] = "over"
        events.append(
            event(
                "discard_hand",
                seat,
                f"{seat_label(seat)} discards all {n} demand cards and draws new ones, ending the turn.",
            )
        )

    def _act_upgrade(self, state, seat, action, events):
        p = state["players"][seat]
        p["cash"] -= UPGRADE_COST
        p["train"] = action["train"]
        p["upgraded"] = True
        p["stage"] = "build"
        events.append(
            event(
                "upgrade",
                seat,
                f"{seat_label(seat)} upgrades to a {TRAIN_NAMES[action['train']]} for {UPGRADE_COST}.",
                public={"train": action["train"]},
            )
        )

    def _do_build(self, state, seat, path, info, action, events):
        cost, new = info
        p = state["players"][seat]
        p["track"] += new
        p["cash"] -= cost
        p["built"] += cost
        if state["phase"] == "play":
            p["stage"] = "build"
        dest = _pt(path[-1])
        events.append(
            event(
                "build",
                seat,
                f"{seat_label(seat)} builds {counted(len(new), 'track section')} to {dest} for {cost}.",
                public={
                    "path": [xy(n) for n in path],
                    "sections": [[xy(a), xy(b)] for a, b in map(edge_nodes, new)],
                    "cost": cost,
                },
            )
        )

    def _act_end_turn(self, state, seat, action, events):
        state["players"][seat]["stage"] = "over"
        events.append(event("end_turn", seat, f"{seat_label(seat)} ends the turn."))

    def _act_lose_load(self, state, seat, action, events):
        state["pending"].pop(0)
        self._lose_load(state, seat, action, events)

    def _lose_load(self, state: dict, seat: int, action: dict, events: list) -> None:
        p = state["players"][seat]
        g = action["good"]
        p["loads"].remove(g)
        cid = action.get("card")
        text = f"{seat_label(seat)} loses {g} in the derailment"
        private = None
        if cid is not None:
            lock = next(lk for lk in p["locks"] if lk["card"] == cid)
            if not lock["private"]:
                p["locks"].remove(lock)
                still = any(lk["card"] == cid for q in state["players"] for lk in q["locks"])
                text += f", giving up the lock on card {cid}" + ("" if still else ", which is unlocked again")
            elif action.get("release"):
                p["locks"].remove(lock)
                p["hand"].remove(cid)
                state["pool"].append(cid)
                text += f" and lets private card {cid} go into the pool"
            else:
                lock["loaded"] = False
                text += ", keeping its private card"
                private = {seat: {"card": cid}}
        events.append(event("lose_load", seat, text + ".", public={"good": g}, private=private))

    # -- the flow between decisions ----------------------------------------------------------------
    def _after(self, state: dict, events: list) -> None:
        """Refills cards, then ends the turn or the game if the action did."""
        self._settle(state, events)
        if state["over"] or state["pending"] or state["phase"] != "play":
            if not state["over"] and not state["pending"] and state["phase"] == "build":
                p = state["players"][state["turn"]]
                if p.get("stage") == "over":
                    p["stage"] = "start"
                    self._end_turn(state, events)
            return
        seat = state["turn"]
        p = state["players"][seat]
        if self._has_won(state, seat):
            self._finish(
                state,
                [seat],
                f"{seat_label(seat)} has {p['cash']} and links {net.connected_majors(p['track'])} major cities.",
                events,
            )
            return
        if p["derailed"] or p["stage"] == "over":
            self._end_turn(state, events)

    def _settle(self, state: dict, events: list) -> None:
        """Draws cards while the pool-size rules (or a hand short of cards) ask for them,
        resolving the events turned up, until a derailed player must decide."""
        if state["phase"] != "play":
            return
        guard = 0
        while not state["pending"] and not state["over"] and guard < 400:
            guard += 1
            if state["mode"] == "public":
                n = pool_target(state)
                if len(self._unlocked_pool(state)) >= 2 * n and len(state["pool"]) >= 3 * n:
                    return
            elif state["owed"] <= 0:
                return
            cid = self._draw(state, events)
            if cid is None:
                state["owed"] = 0
                return
            if is_event(cid):
                state["discard"].append(cid)
                self._resolve_event(state, cid, events)
                continue
            if state["mode"] == "public":
                state["pool"].append(cid)
                events.append(
                    event(
                        "pool_card",
                        None,
                        f"Card {cid} joins the pool: " + "; ".join(demand_text(cid, d) for d in range(3)) + ".",
                        public={"card": cid},
                    )
                )
            else:
                seat = state["turn"]
                state["players"][seat]["hand"].append(cid)
                state["owed"] -= 1
                events.append(
                    event(
                        "draw",
                        seat,
                        f"{seat_label(seat)} draws a demand card.",
                        private={seat: {"card": cid, "text": _drawn_text(cid)}},
                    )
                )

    def _draw(self, state: dict, events: list) -> str | None:
        if not state["deck"]:
            if not state["discard"]:
                return None
            state["deck"] = state["discard"]
            state["discard"] = []
            Rng(state).shuffle(state["deck"])
            events.append(
                event("reshuffle", None, f"The {len(state['deck'])} discarded cards are shuffled into a new deck.")
            )
        return state["deck"].pop()

    def _resolve_event(self, state: dict, cid: str, events: list) -> None:
        ev = EVENTS[cid]
        drawer = state["turn"]
        kind = ev["type"]
        events.append(
            event(
                "event",
                drawer,
                f"Event ({seat_label(drawer)} draws it): {ev['text']}",
                public={"card": cid, "event": kind},
            )
        )  # whom it hits, its effects say
        players = state["players"]
        if kind == "tax":
            for s in active(state):
                tax = tax_for(players[s]["cash"])
                if tax:
                    players[s]["cash"] -= tax
                    events.append(
                        event(
                            "tax",
                            s,
                            f"{seat_label(s)} pays {tax} in excess profit tax.",
                            public={"tax": tax},
                            audience=[s],
                        )
                    )
            return
        if kind == "derailment":
            area = city_area(tuple(ev["cities"]), ev["radius"])
            order = active(state)
            order = [s for s in order if s >= drawer] + [s for s in order if s < drawer]
            for s in order:
                p = players[s]
                if p["pos"] is None or p["pos"] not in area:
                    continue
                if s == drawer:
                    p["derailed"] = True
                    lost = "loses the rest of this turn"
                else:
                    p["lost_turns"] += 1
                    lost = "loses the next turn"
                events.append(event("derailed", s, f"{seat_label(s)} is derailed: {lost} and one load.", audience=[s]))
                opts = self._lose_options(state, s)
                if len(opts) == 1:
                    self._lose_load(state, s, opts[0], events)
                elif opts:
                    state["pending"].append({"seat": s, "kind": "derailment", "card": cid})
            return
        entry = {"card": cid, "type": kind, "drawer": drawer, "turns_left": 2}
        for k in ("river", "cities", "radius", "kind"):
            if k in ev:
                entry[k] = ev[k]
        state["events"].append(entry)
        if kind == "flood":
            washed = RIVER_EDGES[ev["river"]]
            for s, p in enumerate(players):
                lost = [e for e in p["track"] if e in washed]
                if lost:
                    p["track"] = [e for e in p["track"] if e not in washed]
                    events.append(
                        event(
                            "washed_away",
                            s,
                            f"The flood washes away {len(lost)} of {seat_label(s)}'s bridges.",
                            public={"sections": [[xy(a), xy(b)] for a, b in map(edge_nodes, lost)]},
                            audience=[s],
                        )
                    )

    def _has_won(self, state: dict, seat: int) -> bool:
        p = state["players"][seat]
        if p["resigned"] or p["cash"] < state["cash_to_win"]:
            return False
        if state["mode"] == "public" and locked_loads(p):
            return False
        return net.connected_majors(p["track"]) >= MAJORS_TO_WIN

    def _end_turn(self, state: dict, events: list) -> None:
        """Passes the turn on, skipping lost turns, counting rounds and the round limit."""
        seat = state["turn"]
        if state["phase"] == "build":
            order = state["initial_order"]
            order.pop(0)
            while order and state["players"][order[0]]["resigned"]:
                order.pop(0)
            if order:
                state["turn"] = order[0]
                state["players"][order[0]]["built"] = 0
                return
            state["phase"] = "play"
            state["round"] = 1
            state["turn"] = active(state)[0]
            self._begin_turn(state, events)
            return
        self._close_turn(state, seat, events)
        self._advance(state, events)

    def _close_turn(self, state: dict, seat: int, events: list) -> None:
        p = state["players"][seat]
        p["stage"] = "start"
        p["derailed"] = False
        for ev in list(state["events"]):
            if ev["drawer"] == seat:
                ev["turns_left"] -= 1
                if ev["turns_left"] <= 0:
                    state["events"].remove(ev)
                    events.append(
                        event("event_over", None, f"Over: {EVENTS[ev['card']]['text']}", public={"card": ev["card"]})
                    )

    def _advance(self, state: dict, events: list) -> None:
        while True:
            seats = active(state)
            seat = state["turn"]
            later = [s for s in seats if s > seat]
            if later:
                state["turn"] = later[0]
            else:
                state["turn"] = seats[0]
                state["round"] += 1
                if state["max_rounds"] and state["round"] > state["max_rounds"]:
                    state["round"] = state["max_rounds"]
                    self._finish_by_limit(state, events)
                    return
            p = state["players"][state["turn"]]
            if p["lost_turns"] > 0:
                p["lost_turns"] -= 1
                events.append(
                    event("lost_turn", state["turn"], f"{seat_label(state['turn'])} loses this turn (derailed).")
                )
                self._close_turn(state, state["turn"], events)
                continue
            self._begin_turn(state, events)
            return

    def _begin_turn(self, state: dict, events: list) -> None:
        seat = state["turn"]
        p = state["players"][seat]
        p.update(stage="start", built=0, upgraded=False, fees=[], derailed=False)
        full = speed(p)
        if p["pos"] is not None and p["pos"] in net.snow_area(state):
            p["moves"] = (full + 1) // 2
        else:
            p["moves"] = full
        events.append(event("turn", seat, f"Round {state['round']}: {seat_label(seat)}'s turn."))

    def _finish_by_limit(self, state: dict, events: list) -> None:
        players = state["players"]
        seats = active(state)
        linked = [s for s in seats if net.connected_majors(players[s]["track"]) >= MAJORS_TO_WIN]
        pool = linked or seats
        best = max(players[s]["cash"] for s in pool)
        winners = [s for s in pool if players[s]["cash"] == best]
        why = "with the major cities linked" if linked else "nobody has the major cities linked"
        self._finish(
            state,
            winners,
            f"The {state['max_rounds']}-round limit is reached: the richest player wins ({why}).",
            events,
        )

    def _finish(self, state: dict, winners: list[int], reason: str, events: list) -> None:
        players = state["players"]

        def rank(s):
            p = players[s]
            return (
                p["resigned"],
                s not in winners,
                -min(net.connected_majors(p["track"]), MAJORS_TO_WIN),
                -p["cash"],
                s,
            )

        ranking = sorted(range(state["seats"]), key=rank)
        state["over"] = {"winners": winners, "ranking": ranking, "reason": reason, "cash": [p["cash"] for p in players]}
        state["pending"] = []
        names = " and ".join(seat_label(s) for s in winners) or "Nobody"
        events.append(
            event(
                "game_over",
                None,
                f"Game over: {names} win{'s' if len(winners) == 1 else ''}. {reason}",
                public={"winners": winners, "reason": reason},
            )
        )

    def result(self, state: dict) -> dict | None:
        """Returns None while the game runs, else {"winners", "ranking", "reason", "cash"}."""
        return dict(state["over"]) if state["over"] else None

    def resign(self, state: dict, seat: int) -> list[dict]:
        """Takes a seat out: its track stays (free to use), its cards and loads go back."""
        events: list[dict] = []
        p = state["players"][seat]
        if state["over"] or p["resigned"]:
            return events
        p["resigned"] = True
        events.append(event("resigned", seat, f"{seat_label(seat)} leaves the game; the track stays."))
        state["discard"] += p["hand"]
        p["hand"] = []
        p["locks"] = []
        p["loads"] = []
        p["lost_turns"] = 0
        state["pending"] = [x for x in state["pending"] if x["seat"] != seat]
        # its events would last until the end of its next turn, which never comes
        state["events"] = [ev for ev in state["events"] if ev["drawer"] != seat]
        left = active(state)
        if len(left) == 1:
            self._finish(state, left, f"{seat_label(left[0])} is the only player left.", events)
            return events
        if state["phase"] == "draft":
            if state["draft"]["seat"] == seat:
                self._next_drafter(state, seat, events)
            return events
        if state["phase"] == "build":
            if state["turn"] == seat:
                self._end_turn(state, events)
            else:
                state["initial_order"] = [s for s in state["initial_order"] if s != seat]
            return events
        if state["turn"] == seat:
            state["owed"] = 0
            self._close_turn(state, seat, events)
            self._advance(state, events)
        self._after(state, events)
        return events

    # -- bots, defaults, standing orders ----------------------------------------------------------
    def bot_action(self, state: dict, seat: int, rnd) -> dict:
        """Returns the engine bot's choice for a seat (one of legal_actions)."""
        return bots.choose(self, state, seat, rnd)

    def default_action(self, state: dict, seat: int) -> dict:
        """Returns the move made for a seat whose deadline passed: a pass, or the least harm."""
        legal = self._simple_actions(state, seat)
        for pass_ in ({"type": "end_turn"}, {"type": "keep_done"}):
            if pass_ in legal:
                return pass_
        return legal[0]

    def decision_kind(self, state: dict, seat: int) -> str | None:
        if not state["over"] and state["pending"] and state["pending"][0]["seat"] == seat:
            return "derailment"
        return None

    def standing_action(self, state: dict, seat: int, kind: str, answer: str) -> dict | None:
        if kind != "derailment" or answer != "unlocked_first" or self.decision_kind(state, seat) != kind:
            return None
        opts = self._lose_options(state, seat)
        return next((a for a in opts if "card" not in a), None)

    # -- presentation ------------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        return view_mod.view(self, state, seat)

    def table_text(self, state: dict, seat: int | None) -> list[str]:
        return view_mod.table_text(self, state, seat)

    def explain_hit(self, state: dict, event: dict, seat: int) -> list[str]:
        """Returns what a tax, derailment, flood or a delivery that frees a lock does to the player
        it hits, what mends it and by when, as the state right after the move stands."""
        return view_mod.explain_hit(self, state, event, seat)

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        return view_mod.action_label(self, state, seat, action)

    def command(self, state: dict, seat: int, text: str) -> dict | None:
        """Returns the build or move a reply names by cities ("build Harrowgate to Kestrel Bay",
        "move to Hobbsford"): the cheapest legal path (commands.py), or raises IllegalAction."""
        return commands.command(self, state, seat, text)

    def glossary(self, options: dict) -> dict[str, str]:
        """Returns every event card and train explained."""
        return card_data.glossary(options.get("mode", "public"))

    def explain_illegal(self, state: dict, seat: int, action: dict) -> str:
        return view_mod.explain_illegal(self, state, seat, action)

    def public_action(self, action: dict) -> dict:
        """Hides which card a drafter keeps and a private card kept after a derailment."""
        if action.get("type") == "keep":
            return {"type": "keep"}
        if action.get("type") == "lose_load" and action.get("release") is False:
            return {"type": "lose_load", "good": action["good"]}
        return action

    def card_places(self, state: dict) -> dict[str, list[str]]:
        places = {
            "deck": list(state["deck"]),
            "discard": list(state["discard"]),
            "pool": list(state["pool"]),
            "set_aside": list(state["set_aside"]),
            "draft": list(state["draft"]["offer"]) if state["draft"] else [],
        }
        for s, p in enumerate(state["players"]):
            places[f"hand:{s}"] = list(p["hand"])
        return places

    def hidden_places(self, state: dict, seat: int | None) -> set[str]:
        hidden = {"deck", "set_aside"}
        hidden |= {f"hand:{s}" for s in range(state["seats"]) if s != seat}
        if not state["draft"] or state["draft"]["seat"] != seat:
            hidden.add("draft")
        return hidden


def _drawn_text(cid: str) -> str:
    """Returns the sentence only the drawing player reads: the demand card and its three demands."""
    return f"You draw {cid}: " + "; ".join(demand_text(cid, d) for d in range(3)) + "."


def _pt(n: int) -> str:
    """A milepost in a sentence: its city, or where it lies from the nearest one (never x,y)."""
    return place_name(n)


def _river_of(e: int) -> str:
    return RIVER_OF.get(e, "river")


ENGINE = CrayonRailsEngine()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
