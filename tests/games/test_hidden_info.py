"""No hidden information through any endpoint: not another seat's hand, the deck order or the seed.

Two people play a real engine through the API; after every move, everything each of them can
fetch (game detail, legal actions, the move log, the replay of the latest step, the export, the
table talk) is searched for the card ids the engine says they may not see, and for the secret
seed and the server's seed. A private message between them never reaches a third person who
watches the game, by the API or the game page.
"""

import json
import re

import pytest

from games.models import Game
from games.rules import engine_slugs
from tests.helpers import json_strings

pytestmark = pytest.mark.django_db

MOVES = 40


@pytest.mark.parametrize("slug", engine_slugs())
def test_no_endpoint_leaks_hands_deck_or_seed(slug, make_user, api_for, client):
    users = [make_user("ann"), make_user("bob")]
    watcher = make_user("carol")
    clients = {u.pk: api_for(u) for u in users}
    a = clients[users[0].pk]
    created = a.post("/api/games/", {"rules": slug, "max_players": 2}, format="json").json()
    gid = created["id"]
    clients[users[1].pk].post("/api/games/join/", {"code": created["invite_code"]}, format="json")
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    game = Game.objects.get(pk=gid)
    bob_at = game.seats.get(user=users[1]).position
    said = a.post(f"/api/games/{gid}/chat/", {"text": "PSST-ann-to-bob", "to": bob_at}, format="json")
    assert said.status_code == 201, said.content
    assert "PSST-ann-to-bob" in json.dumps(clients[users[1].pk].get(f"/api/games/{gid}/chat/").json())
    client.force_login(watcher)
    for seen in (api_for(watcher).get(f"/api/games/{gid}/chat/").content, client.get(f"/games/{gid}/").content):
        assert b"PSST-ann-to-bob" not in seen
    ever_seen = {}  # seat -> cards that have been in a place it could see (then the log may name them)
    for step in range(MOVES):
        game = Game.objects.get(pk=gid)
        if game.status != "active":
            break
        engine = game.engine
        places = engine.card_places(game.state)
        for seat in game.seats.all():
            hidden = engine.hidden_places(game.state, seat.position)
            ever_seen.setdefault(seat.position, set()).update(
                card for place, cards in places.items() if place not in hidden for card in cards
            )
            c = clients[seat.user_id]
            now = [c.get(f"/api/games/{gid}/").json(), c.get(f"/api/games/{gid}/actions/").json()]
            log = c.get(f"/api/games/{gid}/moves/").json()
            replayed = c.get(f"/api/games/{gid}/replay/{step}/")
            assert replayed.status_code == 200, replayed.content
            now.append(replayed.json())
            export = c.get(f"/api/games/{gid}/export/")
            assert export.status_code == 409  # a game in play has no export
            now.append(c.get(f"/api/games/{gid}/chat/").json())
            secrets = [game.seed, game.server_seed]
            assert not [x for x in secrets if x in json.dumps([now, log]) or x in export.content.decode()]
            seen_now, seen_log = json_strings(now, set()), json_strings(log, set())
            for place in hidden:
                leaked = seen_now.intersection(places.get(place, []))
                assert not leaked, f"step {step}: seat {seat.position} sees {sorted(leaked)[:5]} of {place}"
                leaked = seen_log.intersection(places.get(place, [])) - ever_seen[seat.position]
                assert not leaked, f"step {step}: the log shows seat {seat.position} {sorted(leaked)[:5]} of {place}"
        pos = engine.to_act(game.state)[0]
        mover = clients[game.seats.get(position=pos).user_id]
        acts = mover.get(f"/api/games/{gid}/actions/").json()
        choice = acts["actions"][step % len(acts["actions"])]["action"]
        resp = mover.post(
            f"/api/games/{gid}/moves/", {"action": choice, "expected_version": acts["version"]}, format="json"
        )
        assert resp.status_code == 201, resp.content


def test_an_ogallala_ii_card_discarded_face_down_is_seen_by_its_drawer_only(make_user, api_for, client):
    """Ogallala II: "When a newly-drawn card can not be placed it is discarded face down". The
    others, players and watchers, learn that a card was drawn and discarded, never which: not in
    the view, the menu, the log, the replay, the board or the game page; its drawer sees it."""
    from tests.rules.ogallala.helpers import fill_two_display, fresh, on_top

    ann, bob, carol = make_user("ann"), make_user("bob"), make_user("carol")
    a = api_for(ann)
    created = a.post(
        "/api/games/", {"rules": "ogallala", "max_players": 2, "options": {"edition": "II"}}, format="json"
    )
    gid = created.json()["id"]
    api_for(bob).post("/api/games/join/", {"code": created.json()["invite_code"]}, format="json")
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    game = Game.objects.get(pk=gid)
    state = fresh("II")
    fill_two_display(state, 0)
    _, tent = on_top(state, "tent")
    game.state = state
    game.save(update_fields=["state"])
    drawer = game.seats.get(position=0).user
    other = bob if drawer == ann else ann
    clients = {"drawer": api_for(drawer), "other": api_for(other), "watcher": api_for(carol)}
    client.force_login(carol)

    def everything(who, step):
        c = clients[who]
        seen = [c.get(f"/api/games/{gid}/{path}").json() for path in ("", "actions/", "moves/", f"replay/{step}/")]
        seen.append(c.get(f"/api/games/{gid}/board/").content.decode())
        return json.dumps(seen)

    for step, action in enumerate(({"type": "draw", "stack": 0}, {"type": "discard"}), start=1):
        game.refresh_from_db()
        posted = clients["drawer"].post(
            f"/api/games/{gid}/moves/", {"action": action, "expected_version": game.version}, format="json"
        )
        assert posted.status_code == 201, posted.content
        for who in ("other", "watcher"):
            seen = everything(who, step)
            assert tent not in seen and "Tent" not in seen, (who, step)
        page = client.get(f"/games/{gid}/").content.decode() + client.get(f"/games/{gid}/live/").content.decode()
        # the page's explanation of every term of the game (the rules' glossary, the same for all) aside
        page = re.sub(r'<div id="tp-tips">.*?</div>\n', "", page, flags=re.S)
        assert tent not in page, (step, page[page.index(tent) - 300 : page.index(tent) + 100])
        assert "Tent" not in page, (step, page[page.index("Tent") - 300 : page.index("Tent") + 100])
        assert "Tent" in everything("drawer", step)
    log = json.dumps(clients["other"].get(f"/api/games/{gid}/moves/").json())
    assert "draws a card that has no space in their river" in log and "discards the card face down" in log
    mine = json.dumps(clients["drawer"].get(f"/api/games/{gid}/moves/").json())
    assert "You drew Tent." in mine and "It was Tent." in mine
