"""A hit notice says once which calamity hit the player and who played it, then what it does to
them, what mends it and by when (the engine's explain_hit, with the players' names); the answer
to an emailed move says what the player alone learnt by it (the card a scout drew), and nobody
else's email does (#15).

Each test sets a precise position on a real game (the rules tests' scenario builders), plays the
move through the move pipeline as a player on the web (or by email reply, through the inbound
handler), and reads the email the notice renders to: its text part and its HTML part.
"""

import html
import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from games.models import Game
from games.rules.oregon_trail.cards import TRAIL_CARDS, TRAIL_NAMES
from games.selectors import seat_names, with_names
from inbound.route import handle_raw
from notifications import delivery, outbox
from notifications.models import Kind, Notification
from notifications.outbox import decision_context
from tests.builders import play
from tests.rules.crayon_rails import helpers as rails
from tests.rules.ogallala import helpers as ogallala
from tests.rules.oregon_trail import helpers as otr

from .conftest import seat_at

pytestmark = pytest.mark.django_db

HEADINGS = ("What it does to you:", "What mends it:", "By when:")


def scenario_game(make_game, rules, options, state):
    """A started two-player game of `rules` whose state is replaced by a scenario's position."""
    game = make_game(n=2, rules=rules, options=options)
    game.state = state
    game.save(update_fields=["state"])
    Notification.objects.all().delete()
    return game


def parts(notice):
    """The rendered email's text part and HTML part (HTML unescaped, tags dropped), each with its
    whitespace collapsed, so a sentence wrapped over lines still reads as one."""
    message = delivery.render_notification(notice, pictures={})
    page = message.alternatives[0][0]
    text = " ".join(message.body.split())
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    return message, text, page


def flat(line):
    return " ".join(line.split())


def assert_explained_once(notice, calamity):
    """The notice's text and HTML parts each hold the three parts of the explanation exactly once,
    under their headings; the first sentence names the calamity once; the explanation does not."""
    explain = notice.context["explain"]
    assert len(explain) == 3 and all(explain), explain
    message, text, page = parts(notice)
    for part in (text, page):
        for heading, line in zip(HEADINGS, explain):
            assert part.count(heading) == 1, heading
            assert part.count(flat(line)) == 1, line
            assert part.index(heading) < part.index(flat(line))
        assert part.index(HEADINGS[0]) < part.index(HEADINGS[1]) < part.index(HEADINGS[2])
    first = notice.context["text"]
    assert first.count(calamity) == 1 and text.count(flat(first)) == 1 and page.count(flat(first)) == 1
    assert not any(calamity in line for line in explain)
    return message, text, page


# -- Oregon Trail Race ----------------------------------------------------------------------------


def send_calamity(game, kind, *draws, ruleset="revised"):
    """Seat 0 forges a calamity trigger and sends the (stacked) calamity to seat 1, on the web."""
    game.refresh_from_db()
    state = game.state
    otr.lay_length(state, 0, 2)
    card = otr.give_hand(state, 0, "trigger", "middle")
    game.save(update_fields=["state"])
    sender = seat_at(game, 0)
    play(game, sender, {"type": "forge", "card": card, "turned": False})
    game.refresh_from_db()
    otr.stack_calamity(game.state, kind)
    if draws:
        otr.set_draws(game.state, *draws)
    game.save(update_fields=["state"])
    play(game, sender, {"type": "victim", "seat": 1})
    game.refresh_from_db()
    [hit] = Notification.objects.filter(seat=seat_at(game, 1), kind=Kind.HIT)
    outbox.complete([hit])  # the explanation is drawn when the email goes
    return hit


def test_measles_revised_says_what_it_costs_what_mends_it_and_by_when(make_game):
    game = scenario_game(make_game, "oregon-trail-race", {"ruleset": "revised"}, otr.blank("revised", players=2))
    hit = send_calamity(game, "measles")
    sender, victim = seat_at(game, 0), seat_at(game, 1)
    assert hit.context["by"] == sender.name
    assert hit.context["text"] == f"{sender.name} sends Measles to {victim.name}."
    # the engine's own words on the raw event, with the players' names put in
    raw = next(e for e in game.moves.latest("seq").events if e["type"] == "calamity")
    names = seat_names(game)
    assert hit.context["explain"] == [with_names(x, names) for x in game.engine.explain_hit(game.state, raw, 1)]
    does, mends, by_when = hit.context["explain"]
    assert "Your next turn has one action fewer, unless you mend it with Medicine" in does
    assert "you and that player each lose a wagon member" in does
    assert mends.startswith("Medicine (one action), or trade another supply")
    assert "town's remove-a-calamity" in mends
    assert by_when.startswith("Mend it on your next turn")
    message, text, page = assert_explained_once(hit, "Measles")
    assert message.subject == f"{game} · Trailpost"  # the game's one subject; the kind is the first line
    assert message.body.splitlines()[0] == f"{sender.name}'s move hits you in {game}"
    # nothing to decide now: the table follows, with the calamity in the victim's wagon
    assert "The table as you see it now:" in text and "Measles: one action fewer for 1 turn" in text


def test_starvation_classic_counts_turns_times_wagon_members_as_the_state_does(make_game):
    state = otr.blank("classic", players=2)
    state["players"][1]["members"] = 3
    game = scenario_game(make_game, "oregon-trail-race", {"ruleset": "classic"}, state)
    hit = send_calamity(game, "starvation", ruleset="classic")
    [cal] = game.state["players"][1]["calamities"]
    assert cal["kind"] == "starvation"
    # two rounds x 3 wagon members; the victim's turn has begun with the sender's one action spent
    assert game.state["turn"] == 1 and cal["deadline"] == 6
    does, mends, by_when = hit.context["explain"]
    assert does == "Unmended in time, it costs you a wagon member (and is discarded)."
    assert mends.startswith("Food (your turn's action)") and "Mend Any Calamity in a town or fort" in mends
    assert by_when.startswith("Mend it within 6 turns of yours, this one included (6 turns left to mend)")
    assert "Turns you lose count too." in by_when
    assert_explained_once(hit, "Starvation")


def test_a_thief_with_bullets_to_answer_puts_the_choice_in_the_notice(make_game):
    state = otr.blank("revised", players=2)
    otr.give_supplies(state, 1, "bullets", "food")
    game = scenario_game(make_game, "oregon-trail-race", {"ruleset": "revised"}, state)
    hit = send_calamity(game, "thief")
    sender = seat_at(game, 0)
    does, mends, by_when = hit.context["explain"]
    assert does.startswith(f"{sender.name} draws one of your supplies at random, unless you fire Bullets")
    assert mends == "Bullets: discard them now to turn the theft around."
    assert by_when.startswith("Now")
    _, text, _ = assert_explained_once(hit, "Thief")
    assert "What you can do now:" in text and "1. Discard bullets against the thief" in text


# -- Ogallala --------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["I", "II"])
def test_an_ogallala_lasso_says_what_the_victim_loses_and_until_when(make_game, api_for, edition):
    s = ogallala.fresh(edition)
    ogallala.lay(s, 1, 0, 0, "bow", "furs")
    ogallala.draw(s, 0, "lasso")
    game = scenario_game(make_game, "ogallala", {"edition": edition}, s)
    raider, victim = seat_at(game, 0), seat_at(game, 1)
    play(game, raider, {"type": "place", "row": 1, "col": 5})
    play(game, raider, {"type": "lasso", "target": 1, "row": 0, "col": 1})
    [hit] = Notification.objects.filter(seat=victim, kind=Kind.HIT)
    outbox.complete([hit])
    does, mends, by_when = hit.context["explain"]
    assert does.startswith(f"The card leaves your river for good: {raider.name} places it in their own")
    assert mends.startswith("Nothing gives back what was taken.")
    assert by_when.startswith("No count-down. The game ends when")
    if edition == "I":
        assert "Only complete boats score at the end" in does and "all three stacks are empty" in by_when
    else:
        assert "Every card in your river scores at the end" in does and "completes 3 boats" in by_when
    assert_explained_once(hit, "Furs")


# -- Crayon Rails ----------------------------------------------------------------------------------


def test_a_crayon_rails_tax_says_what_is_left_and_what_winning_needs(make_game):
    s = rails.blank("standard", 2)
    s["players"][1]["cash"] = 120
    rails.to_hand(s, 0, "D003")
    s["players"][0].update(pos=rails.at("Calder Mills"), loads=["Grain"])
    rails.on_top(s, rails.event_card("tax"), rails.plain_cards(1, exclude=["D003"])[0])
    game = scenario_game(make_game, "crayon-rails", {"mode": "standard"}, s)
    play(game, seat_at(game, 0), {"type": "deliver", "card": "D003", "demand": 2})
    [hit] = Notification.objects.filter(seat=seat_at(game, 1), kind=Kind.HIT)
    outbox.complete([hit])
    assert hit.context["text"].endswith("pays 15 in excess profit tax.")
    does, mends, by_when = hit.context["explain"]
    assert "You have 105 now; you need 250 to win." in does
    assert mends == "Nothing refunds it: deliveries earn it back."
    assert by_when == "Nothing to do: it is paid."
    assert_explained_once(hit, "tax")


# -- an engine that explains nothing ---------------------------------------------------------------


def test_a_hit_without_an_explanation_reads_as_before(make_game):
    game = make_game()  # the toy race: its engine keeps the default explain_hit
    seat = seat_at(game, game.engine.to_act(game.state)[0])
    victim = seat_at(game, 1 - seat.position)
    play(game, seat, {"type": "calamity", "victim": victim.position})
    [hit] = Notification.objects.filter(seat=victim, kind=Kind.HIT)
    outbox.complete([hit])
    assert hit.context["explain"] == []
    _, text, page = parts(hit)
    assert "What it does to you:" in text and "What mends it:" not in text and "By when:" not in page


# -- the answer to an emailed move -----------------------------------------------------------------


def reply(to, body):
    msg = EmailMessage()
    msg["From"] = "someone@example.com"
    msg["To"] = to
    msg["Subject"] = "Re: Your turn"
    msg["Message-ID"] = make_msgid(domain="mail.example.com")
    msg.set_content(f"{body}\n\n> Your moves:\n> 1. ...")
    return msg.as_bytes()


def test_replying_scout_names_the_drawn_card_to_the_scout_and_to_nobody_else(make_game):
    game = scenario_game(make_game, "oregon-trail-race", {"ruleset": "revised"}, otr.blank("revised", players=2))
    scout, other = seat_at(game, 0), seat_at(game, 1)
    top = game.state["trail_deck"][-1]
    info = TRAIL_CARDS[top]
    drawn = (
        f"You draw {TRAIL_NAMES[info['kind']]}, {info['left']}→{info['right']}."
        if info["left"]
        else f"You draw a {TRAIL_NAMES[info['kind']]} card."
    )
    result = handle_raw(reply(decision_context(game, scout)["reply_to"], "Scout"))
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    assert top in game.state["players"][0]["hand"]
    ok = Notification.objects.get(seat=scout, kind=Kind.REPLY_OK)
    assert ok.context["played"] == "Scout (draw a trail card)"
    assert ok.context["events"] == [f"{scout.name} scouts the road ahead. ({drawn})"]
    message, text, page = parts(ok)
    assert text.count(drawn) == 1 and page.count(drawn) == 1 and "What happened:" in text
    # The scout ends the turn by email too; the other player's turn email tells the scouting,
    # never the card.
    result = handle_raw(reply(decision_context(game, scout)["reply_to"], "End turn"))
    assert result.outcome == "played", result.detail
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.engine.to_act(game.state) == [1]
    theirs = list(Notification.objects.filter(seat=other))
    assert theirs and any(n.kind == Kind.YOUR_TURN for n in theirs)
    for n in theirs:
        _, text, page = parts(n)
        assert "You draw" not in text and "You draw" not in page
        assert drawn not in text and drawn not in page
    [turn] = [n for n in theirs if n.kind == Kind.YOUR_TURN]
    outbox.complete([turn])
    assert f"{scout.name} scouts the road ahead." in turn.context["events"]
