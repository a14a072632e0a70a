"""Playing on a phone: taps and scrolls for a typical turn of each game, the bytes of a live
update, and the smallest text on the table; prints JSON (figures, not a pass/fail test).

    .venv/bin/python bench/table.py [--width 375] [--shots DIR]

Builds, in its own PostgreSQL database (BENCH_TABLE_DATABASE_URL, trailpost_bench_table, created
if missing and emptied of games), one two-player game per scenario at a known position reached by
the engines' bots from a fixed seed, serves the site on a local port (Django's live server thread,
static files included) and plays the scenario's move in headless Chromium (Debian's `chromium`)
on a phone-sized, touch-enabled page, the way a player would:

- ogallala-place: a drawn card is to be placed (a bow, stern or canoe) on the player's river;
- oregon-fort: a Fort is to be used, paying a pair of supplies;
- crayon-build: a first build of 4 track sections out of the major city the map opens on (where
  the menu's first build starts);
- crayon-build-on: a later building turn, 4 more sections out of the player's own track;
- crayon-play: a turn of play with upgrades offered: the first upgrade, from the action bar.

The script plays through the table (`[data-place]` places, then the chooser's entry if several
actions share the place) when the page has it, else through the numbered list of move buttons
(the page before issue #24), and through Crayon Rails' map tools. A tap is one click; a scroll is
counted before a tap whose target is not wholly in view (the page's or the map's scroll box),
with how far the target moved (scrolled_px).
Then: the bytes (raw, gzip) of the live updates a move makes: the answer to the move as the
browser got it (htmx's post, with what the page has), and the other player's poll after it (as
their page asks, bench/live_bytes.py); and the smallest text size in px on the board as rendered
at the width (HTML text by its computed size, SVG text by its size times the drawing's scale);
on a phone, the action bar's height as the page opens on a 375 x 667 screen (bar_px_at_667).
With --shots, saves each scenario's page at 375 and 1280 px, and the screen after the move.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import bench_users, django_setup  # noqa: E402
from bench.live_bytes import _poll_params  # noqa: E402

BENCH_DB = os.environ.get("BENCH_TABLE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/trailpost_bench_table")

# The smallest rendered size of every visible text under `root` (px on the screen).
SMALLEST_TEXT_JS = """(root) => {
  let least = Infinity, where = "";
  const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
    getComputedStyle(el).visibility !== "hidden"; };
  for (const t of root.querySelectorAll("svg text")) {
    if (!t.textContent.trim() || !seen(t)) continue;
    const m = t.getScreenCTM(); if (!m) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < least) { least = px; where = t.textContent.trim().slice(0, 30); }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("svg") || el.closest(".visually-hidden") || !seen(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < least) { least = px; where = n.textContent.trim().slice(0, 30); }
  }
  return [Math.round(least * 10) / 10, where];
}"""

# Whether an element is wholly in view: in the window and in each scrolling box around it, and
# not covered (by the action bar, say) where a finger would touch it.
IN_VIEW_JS = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!/(auto|scroll)/.test(s.overflow + s.overflowX + s.overflowY)) continue;
    const b = p.getBoundingClientRect();
    if (r.top < b.top || r.left < b.left || r.bottom > b.bottom || r.right > b.right) return false;
  }
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!top && (top === el || el.contains(top));  // not under the action bar or anything else
}"""


# -- positions ---------------------------------------------------------------------------------------


def _play_until(engine, options, seed, want, limit=4000):
    """Plays the engine's bots from a seeded deal until `want(state, acts)` holds for seat 0 to act."""
    from games.rules.base import Rng

    state = engine.new_state(engine.normalize_options(options, 2), 2, seed)
    rnd = Rng.stream(f"bench-table:{seed}")
    for _ in range(limit):
        seats = engine.to_act(state)
        if not seats:
            break
        if seats[0] == 0:
            acts = engine.legal_actions(state, 0)
            target = want(state, acts)
            if target is not None:
                return state, target
        seat = seats[0]
        engine.apply(state, seat, engine.bot_action(state, seat, rnd))
    raise SystemExit(f"no position found for {engine.name} from seed {seed}")


def ogallala_position():
    from games.rules.ogallala.engine import ENGINE

    def want(state, acts):
        places = [a for a in acts if a["type"] == "place" and "moves" not in a]
        return places[len(places) // 2] if len(places) >= 10 else None

    return ENGINE, {}, *_play_until(ENGINE, {}, "bench:table:ogallala", want)


def oregon_position():
    from games.rules.oregon_trail.engine import ENGINE

    def want(state, acts):
        pairs = [a for a in acts if a["type"] == "use_town" and len(a.get("give") or a.get("take") or []) == 2]
        return pairs[0] if pairs else None

    for i in range(40):
        try:
            return ENGINE, {}, *_play_until(ENGINE, {}, f"bench:table:oregon:{i}", want)
        except SystemExit:
            continue
    raise SystemExit("no fort position found")


def crayon_position():
    from games.rules.crayon_rails.engine import ENGINE

    def want(state, acts):
        if state.get("phase") != "build":
            return None
        return _build_path(ENGINE, state)

    return ENGINE, {}, *_play_until(ENGINE, {}, "bench:table:crayon", want)


def crayon_more_position():
    """A later building turn: 4 more sections out of the player's own track."""
    from games.rules.crayon_rails.engine import ENGINE

    def want(state, acts):
        if state.get("phase") != "build" or not state["players"][0]["track"]:
            return None
        return _build_path(ENGINE, state, from_track=True)

    return ENGINE, {}, *_play_until(ENGINE, {}, "bench:table:crayon", want)


def _build_path(engine, state, sections=4, from_track=False):
    """Returns a legal build action of `sections` sections over clear ground out of a major city,
    or out of the player's own track (None if there is none)."""
    from games.rules.crayon_rails import board

    data = engine.map_data({})
    terrain = {(x, y): t for x, y, t in data["mileposts"]}

    def neighbours(x, y):
        odd = y % 2
        for dx, dy in ((-1, 0), (1, 0), (odd - 1, -1), (odd, -1), (odd - 1, 1), (odd, 1)):
            yield x + dx, y + dy

    if from_track:
        ends = [tuple(board.xy(n)) for e in state["players"][0]["track"] for n in board.edge_nodes(e)]
    else:  # out of the major city the map opens on (the menu's first build starts there), else any
        first = next((a["path"][0] for a in engine.legal_actions(state, 0) if a["type"] == "build"), None)
        majors = [c for c in data["cities"] if c["size"] == "major"]
        majors.sort(key=lambda c: list(first) not in [list(p) for p in c["mileposts"]])
        ends = [tuple(p) for c in majors for p in c["mileposts"]]
    for start in ends:
        path = [start]
        while len(path) <= sections:
            step = next((n for n in neighbours(*path[-1]) if terrain.get(n) == "clear" and n not in path), None)
            if step is None:
                break
            path.append(step)
        action = {"type": "build", "path": [list(p) for p in path]}
        if len(path) == sections + 1 and engine.accepts(state, 0, action):
            return action
    return None


def crayon_play_position():
    """A turn of play with the train on the map and upgrades offered: the bar's moves (pick up,
    upgrade, end the turn); the move played is the first upgrade."""
    from games.rules.crayon_rails.engine import ENGINE

    def want(state, acts):
        if state.get("phase") != "play" or state["players"][0]["pos"] is None:
            return None
        ups = [a for a in acts if a["type"] == "upgrade"]
        return ups[0] if ups else None

    return ENGINE, {}, *_play_until(ENGINE, {}, "bench:table:crayon-play", want)


POSITIONS = {
    "ogallala-place": ("ogallala", ogallala_position),
    "oregon-fort": ("oregon-trail-race", oregon_position),
    "crayon-build": ("crayon-rails", crayon_position),
    "crayon-build-on": ("crayon-rails", crayon_more_position),
    "crayon-play": ("crayon-rails", crayon_play_position),
}


def make_game(rules, state, users):
    from games import services
    from games.models import Game

    game = services.game_create(owner=users[0], rules=rules, title=f"Bench table {rules}", max_players=2)
    services.game_join(game=game, user=users[1])
    services.game_start(game=game, by=users[0])
    game = Game.objects.get(pk=game.pk)
    game.state = state
    game.save()
    return game, game.seats.get(position=0).user


# -- playing in the browser --------------------------------------------------------------------------


class Counter:
    def __init__(self, page):
        self.page, self.taps, self.scrolls, self.scrolled_px = page, 0, 0, 0

    def tap(self, locator):
        locator = locator.first
        locator.wait_for(state="attached")
        if not locator.evaluate(IN_VIEW_JS):
            self.scrolls += 1
            before = locator.bounding_box()
            locator.scroll_into_view_if_needed()
            after = locator.bounding_box()
            self.scrolled_px += round(abs(before["y"] - after["y"]) + abs(before["x"] - after["x"]))
        locator.click()
        self.taps += 1


def _listed(page, engine, state, button) -> dict | None:
    """The action a move's button sends: its number in the list (the button's own value, or that of
    the list's button a chooser's entry names with data-move) in the seat's menu; the page before
    the list sent numbers sent the action itself."""
    move = button.get_attribute("data-move")
    value = (page.locator(f"#{move}") if move else button).get_attribute("value") or ""
    if value.isdigit():
        acts = engine.legal_actions(state, 0)
        return acts[int(value) - 1] if 0 < int(value) <= len(acts) else None
    try:
        return json.loads(value)
    except ValueError:
        return None


def play_list(page, counter, engine, state, action):
    """Taps the numbered move button that sends the action."""
    for button in page.locator("#my-moves button[name=move], #my-moves button[name=action]").all():
        if _listed(page, engine, state, button) == action:
            counter.tap(button)
            return
    raise SystemExit(f"no move button for {action}")


def play_table(page, counter, engine, state, action):
    """Taps the action's places on the table in turn (Engine.place), then its entry in the chooser
    if one opens (several moves made of the same taps)."""
    for step in engine.place(state, 0, action).split():
        counter.tap(page.locator(f'[data-place="{step}"].tp-live'))
    chooser = page.locator("#tp-chooser:not([hidden])")
    if chooser.count():
        for btn in chooser.locator("button[data-move]").all():
            if _listed(page, engine, state, btn) == action:
                counter.tap(btn)
                return
        raise SystemExit(f"{action} not in the chooser")


def play_bar(page, counter, engine, state, action):
    """Taps the bar's button of a move played off the table, opening the bar's More… first if the
    move is behind it."""
    for button in page.locator("#tp-bar [data-move]").all():
        if _listed(page, engine, state, button) == action:
            more = page.locator("#tp-bar-more")
            if not button.is_visible() and more.count() and more.is_visible():
                counter.tap(more.locator("summary"))
            counter.tap(button)
            return
    raise SystemExit(f"no bar button for {action}")


def play_map(page, counter, action):
    """Crayon Rails: Build (unless already on), each milepost of the path, Send."""
    build = page.locator("[data-cr=build]")
    if build.count() and build.first.is_visible() and build.first.get_attribute("aria-pressed") != "true":
        counter.tap(build)
    for x, y in action["path"]:
        counter.tap(page.locator(f'#cr-map .mp[data-x="{x}"][data-y="{y}"]'))
    counter.tap(page.locator("#cr-submit"))


def run(scenario, browser, base, width, shots):
    from django.test import Client

    from games.models import Game

    rules, position = POSITIONS[scenario]
    engine, _options, state, action = position()
    users = bench_users("table")
    game, player = make_game(rules, state, users[:2])
    client = Client()
    client.force_login(player)
    other = Client()  # the other player, whose page polls while the move is played
    other.force_login(next(s.user for s in game.seats.all() if s.user_id != player.pk))
    other_page = other.get(f"/games/{game.pk}/").content.decode()
    context = browser.new_context(
        viewport={"width": width, "height": 812 if width < 800 else 1000},
        is_mobile=width < 800,
        has_touch=width < 800,
        device_scale_factor=2 if width < 800 else 1,
    )
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}])
    page = context.new_page()
    answers = []  # the answer to the move, as the browser got it (htmx's post)
    page.on("requestfinished", lambda r: answers.append(r) if r.method == "POST" and "/move/" in r.url else None)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = f"{base}/games/{game.pk}/"
    page.goto(url)
    page.wait_for_load_state("networkidle")
    smallest, where = page.locator("#live .board").evaluate(SMALLEST_TEXT_JS)
    opened_at = page.evaluate("scrollY")
    if shots:
        page.screenshot(path=os.path.join(shots, f"{scenario}-{width}-screen.png"))  # what the screen shows
        page.screenshot(path=os.path.join(shots, f"{scenario}-{width}.png"), full_page=True)
        page.evaluate(f"window.scrollTo(0, {opened_at})")  # back where the page opened
    bar_px = None  # the action bar's height on a 375 x 667 phone (an iPhone SE/8), as the page opens
    if width < 800:
        page.set_viewport_size({"width": width, "height": 667})
        page.wait_for_function("() => !document.getElementById('tp-bar')?.hidden")
        bar_px = page.evaluate("document.getElementById('tp-bar').getBoundingClientRect().height")
        if shots:
            page.screenshot(path=os.path.join(shots, f"{scenario}-{width}x667.png"))
            more = page.locator("#tp-bar-more > summary")
            if more.count():  # and with the bar's More… open
                more.click()
                page.screenshot(path=os.path.join(shots, f"{scenario}-{width}x667-more.png"))
                more.click()
        page.set_viewport_size({"width": width, "height": 812})
        page.evaluate(f"window.scrollTo(0, {opened_at})")
    version = game.version
    counter = Counter(page)
    has_table = page.locator("[data-place]").count() > 0 and hasattr(engine, "place")
    if action["type"] == "build":
        play_map(page, counter, action)
        how = "map"
    elif has_table and engine.place(state, 0, action) == "bar":
        play_bar(page, counter, engine, state, action)
        how = "bar"
    elif has_table:
        play_table(page, counter, engine, state, action)
        how = "table"
    else:
        play_list(page, counter, engine, state, action)
        how = "list"
    page.wait_for_function(f"() => Number(document.getElementById('live')?.dataset.version) > {version}")
    if shots:  # the table after the move, changed in place (the last move marked)
        page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
        page.screenshot(path=os.path.join(shots, f"{scenario}-{width}-after.png"))
    game = Game.objects.get(pk=game.pk)
    answer = answers[-1].response().body() if answers else b""
    poll = other.get(f"/games/{game.pk}/live/", _poll_params(other_page, version), HTTP_HX_REQUEST="true")
    body = poll.content
    context.close()
    return {
        "scenario": scenario,
        "width": width,
        "played_through": how,
        "taps": counter.taps,
        "scrolls": counter.scrolls,
        "scrolled_px": counter.scrolled_px,
        "bar_px_at_667": bar_px and round(bar_px),
        "bar_share_of_667": bar_px and round(bar_px / 667, 2),
        "smallest_text_px": smallest,
        "smallest_text": where,
        "answer_to_the_move_bytes": len(answer),
        "answer_to_the_move_gzip_bytes": len(gzip.compress(answer)),
        "others_poll_bytes": len(body),
        "others_poll_gzip_bytes": len(gzip.compress(body)),
        "moved": game.version > version,
        "errors": errors,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=375)
    parser.add_argument("--shots", help="a folder to save screenshots at 375 and 1280 px in")
    parser.add_argument("--only", action="append", help="a scenario: " + ", ".join(POSITIONS))
    args = parser.parse_args()
    django_setup(BENCH_DB)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    random.seed(0)
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://127.0.0.1:{server.port}"
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
        )
        widths = [args.width] + ([1280] if args.shots and args.width != 1280 else [])
        for scenario in args.only or POSITIONS:
            for width in widths:
                out.append(run(scenario, browser, base, width, args.shots))
        browser.close()
    server.terminate()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
