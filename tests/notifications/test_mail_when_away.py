"""Emails only when the player is away (#27 part 4): a hit waits out the grace window when its
victim has that game open (the game page's polls, or an API client polling the game), and goes at
once otherwise; presence is per game; a hit with no effect on the player is no email of its own,
but a line in their next one. Time moves with time-machine (the `clock` fixture), never by sleeping.

The last test measures a live game (figures printed: run with -s)."""

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Game, Seat
from games.selectors import legal_moves
from notifications.models import Delivery, Kind, Notification, Outcome
from tests.builders import play
from tests.rules.oregon_trail import helpers as otr

from .conftest import minute, seat_at, turn_seat

pytestmark = pytest.mark.django_db

GRACE = 120


@pytest.fixture(autouse=True)
def _grace(settings):
    settings.TRAILPOST = {**settings.TRAILPOST, "GRACE_SECONDS": GRACE}


def sent_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def open_page(client, seat, *, logged_in=False):
    """The seat's player has the game page open: its live region polls (204: nothing new)."""
    if not logged_in:
        client.force_login(seat.user)
    version = Game.objects.values_list("version", flat=True).get(pk=seat.game_id)
    assert client.get(reverse("games:live", args=[seat.game_id]) + f"?v={version}").status_code == 204


def test_a_hit_waits_the_grace_window_while_the_victim_has_the_game_open(make_game, clock, eager, client):
    game = make_game()
    sender = turn_seat(game)
    victim = seat_at(game, 1 - sender.position)
    open_page(client, victim)
    clock.shift(timedelta(seconds=5))
    play(game, sender, {"type": "calamity", "victim": victim.position})
    [hit] = Notification.objects.filter(user=victim.user, kind=Kind.HIT)
    assert hit.delivery == Delivery.GRACE
    minute()
    assert sent_to(victim.user) == []  # not at once: they are looking at it
    for _ in range(GRACE // 20 + 1):  # the page keeps polling through the window
        clock.shift(timedelta(seconds=20))
        open_page(client, victim)
        minute()
    assert sent_to(victim.user) == []
    hit.refresh_from_db()
    assert hit.outcome == Outcome.SEEN and hit.sent_at is not None


def test_a_hit_goes_at_once_to_a_victim_who_is_away_or_looking_at_another_game(make_game, clock, eager, client):
    game, other = make_game(), make_game()
    sender = turn_seat(game)
    victim = seat_at(game, 1 - sender.position)
    open_page(client, Seat.objects.select_related("user").get(game=other, user=victim.user))  # presence is per game
    clock.shift(timedelta(seconds=5))
    mail.outbox.clear()
    play(game, sender, {"type": "calamity", "victim": victim.position})
    [hit] = Notification.objects.filter(user=victim.user, game=game, kind=Kind.HIT)
    assert hit.delivery == Delivery.IMMEDIATE
    minute()
    [email] = sent_to(victim.user)
    assert "move hits you" in email.body.splitlines()[0]


def test_a_waited_hit_goes_when_the_victim_left_the_game_before_the_window_ended(make_game, clock, eager, client):
    game = make_game()
    sender = turn_seat(game)
    victim = seat_at(game, 1 - sender.position)
    open_page(client, victim)
    clock.shift(timedelta(seconds=2))
    play(game, sender, {"type": "calamity", "victim": victim.position})
    assert Notification.objects.get(user=victim.user, kind=Kind.HIT).delivery == Delivery.GRACE
    clock.shift(timedelta(seconds=GRACE + 1))  # the page was closed right after: no poll since
    minute()
    [email] = sent_to(victim.user)
    assert "Dysentery strikes" in email.body
    # Its menu is the one of the game as it is now, with a reply address that plays.
    assert email.reply_to[0].startswith("play+")


def test_an_api_client_polling_the_game_counts_as_present(make_game, clock, eager, api_for):
    game = make_game()
    sender = turn_seat(game)
    victim = seat_at(game, 1 - sender.position)
    api = api_for(victim.user)
    assert api.get(f"/api/games/{game.pk}/").status_code == 200
    assert Seat.objects.get(pk=victim.pk).seen_at is not None
    play(game, sender, {"type": "calamity", "victim": victim.position})
    assert Notification.objects.get(user=victim.user, kind=Kind.HIT).delivery == Delivery.GRACE
    # A poll records only the poller's own seat, in that game alone.
    other_game = make_game()
    assert api_for(sender.user).get(f"/api/games/{other_game.pk}/actions/").status_code == 200
    assert Seat.objects.get(game=other_game, user=sender.user).seen_at is not None
    assert Seat.objects.get(game=other_game, user=victim.user).seen_at is None


def test_a_hit_with_no_effect_is_a_line_in_the_next_email_not_an_email(make_game, clock, eager):
    game = make_game(2, rules="oregon-trail-race", options={"ruleset": "revised"})
    game.state = otr.blank("revised", players=2)
    game.save(update_fields=["state"])
    Notification.objects.all().delete()
    sender, victim = seat_at(game, 0), seat_at(game, 1)
    state = game.state
    otr.lay_length(state, 0, 2)
    card = otr.give_hand(state, 0, "trigger", "middle")
    game.save(update_fields=["state"])
    play(game, sender, {"type": "forge", "card": card, "turned": False})
    game.refresh_from_db()
    otr.stack_calamity(game.state, "broken_axle")
    otr.set_draws(game.state, 6)  # the victim rolls a 6: the Broken Axle is shrugged off
    game.save(update_fields=["state"])
    play(game, sender, {"type": "victim", "seat": 1})
    game.refresh_from_db()
    assert "shrugged off" in " ".join(e["public"].get("text", "") for e in game.moves.latest("seq").events)
    assert not Notification.objects.filter(user=victim.user, kind=Kind.HIT).exists()
    # The victim's next email (their turn) tells it among what happened since their last move.
    while victim.position not in game.engine.to_act(game.state):
        seat = turn_seat(game)
        play(game, seat, legal_moves(game, seat)[-1]["action"])
        game.refresh_from_db()
    clock.shift(timedelta(seconds=GRACE + 1))
    minute()
    [email] = sent_to(victim.user)
    assert "shrugged off" in email.body and "move hits you" not in email.body


def _live_game(make_game, clock, client, *, away: int | None, moves: int, seed: int = 7) -> dict:
    """Two players play an Oregon Trail Race, one move every 10 seconds (the bot's choice for
    them), each with the game page open (polled every 4 seconds, as htmx does) unless `away`:
    that seat's player is not on the site and plays only from their emails (the first move of the
    latest menu they got, by reply: the email channel). Returns the emails each seat got, by kind."""
    from inbound.route import handle_raw
    from tests.inbound.test_inbound import reply

    game = make_game(2, rules="oregon-trail-race", options={"ruleset": "revised"})
    mail.outbox.clear()
    rnd = random.Random(seed)
    seats = {s.position: s for s in Seat.objects.filter(game=game).select_related("user")}
    pages = {p: Client() for p in seats if p != away}  # each player's own browser, signed in once
    for position, page in pages.items():
        page.force_login(seats[position].user)

    def tick(seconds):
        for _ in range(seconds // 4):
            clock.shift(timedelta(seconds=4))
            for position, page in pages.items():
                open_page(page, seats[position], logged_in=True)
        minute()

    played = 0
    while played < moves:
        game.refresh_from_db()
        if game.status != game.Status.ACTIVE:
            break
        position = game.engine.to_act(game.state)[0]
        seat = seats[position]
        if position == away:
            menus = [m for m in sent_to(seat.user) if m.reply_to and m.reply_to[0].startswith("play+")]
            fresh = [m for m in menus if f"-{game.version}." in m.reply_to[0]]
            if not fresh:
                tick(20)  # waiting for their email
                continue
            assert handle_raw(reply(fresh[-1].reply_to[0], "1", sender=seat.user.email)).outcome == "played"
        else:
            action = game.engine.bot_action(game.state, position, rnd)
            play(game, seat, action)
        played += 1
        tick(12)
    tick(GRACE + 60)
    out = {}
    for position, seat in seats.items():
        out[position] = sent_to(seat.user)
    return out


def _needed(email) -> bool:
    """Whether an email is one its player needs: it has a menu to answer (a play+ reply address),
    it answers their own emailed move ("Played", auto-replied), or it is a hit that does something
    to them."""
    return (
        email.reply_to[0].startswith("play+")
        or email.extra_headers.get("Auto-Submitted") == "auto-replied"
        or ("move hits you" in email.body and "What it does to you" in email.body)
    )


def test_a_live_game_mails_nobody_at_the_table_and_an_away_player_only_what_they_need(
    make_game, clock, eager, client, monkeypatch
):
    """Figures: a 4-minute live game (20 moves, one every 12 s) between two players with the page
    open sends no email; the same game with one player away sends that player their turns (each
    with its menu) and the hits that matter, and nothing else; the player at the table still none."""
    monkeypatch.setattr(services, "_new_server_seed", lambda: "5eed" * 16)  # the same deal every run
    present = _live_game(make_game, clock, client, away=None, moves=20)
    print(f"\nlive game (20 moves, 4 min), both at the table: {sum(map(len, present.values()))} emails")
    assert all(emails == [] for emails in present.values())
    away = _live_game(make_game, clock, client, away=1, moves=20)
    kinds = [m.body.splitlines()[0].split(" in ")[0].split(":")[0] for m in away[1]]
    print(
        f"live game (20 moves), seat 1 away: {len(away[0])} emails to the player at the table, {len(away[1])} to "
        f"the one away: {', '.join(f'{kinds.count(k)} {k!r}' for k in dict.fromkeys(kinds))}"
    )
    assert away[0] == []
    assert away[1] and all(_needed(m) for m in away[1]), [m.body.splitlines()[0] for m in away[1] if not _needed(m)]
