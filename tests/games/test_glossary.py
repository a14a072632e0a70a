"""The engines' glossaries: every card, calamity and event a page names explains itself."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import Move
from games.rules import get_engine
from games.rules.base import event, seat_label
from games.rules.crayon_rails import cards as cr_cards
from games.rules.crayon_rails.state import TRAIN_NAMES
from games.rules.ogallala import cards as og_cards
from games.rules.oregon_trail import cards as otr_cards
from tests.builders import start_game

OTR_OPTIONS = [{"ruleset": "revised"}, {"ruleset": "classic"}]


@pytest.mark.parametrize("options", OTR_OPTIONS)
def test_oregon_trail_glossary_covers_every_calamity_supply_and_trail_card(options):
    terms = get_engine("oregon-trail-race").glossary(options)
    names = (
        [otr_cards.CALAMITY_NAMES[k] for k in otr_cards.CALAMITY_KINDS]
        + [otr_cards.SUPPLY_NAMES[k] for k in otr_cards.SUPPLY_KINDS]
        + [otr_cards.TRAIL_NAMES[k] for k in otr_cards.TRAIL_COUNTS]
    )
    assert sorted(terms) == sorted(names)
    for name in names:
        assert 20 < len(terms[name]) < 300, name


def test_oregon_trail_glossary_differs_by_ruleset():
    engine = get_engine("oregon-trail-race")
    revised, classic = engine.glossary({"ruleset": "revised"}), engine.glossary({"ruleset": "classic"})
    assert revised["Broken Arm"].startswith("One action fewer")
    assert "lose your next two turns" in classic["Broken Arm"]
    assert "a town" in revised["Inadequate Grass"] and "fort" in classic["Inadequate Grass"]
    assert "{" not in "".join([*revised.values(), *classic.values()])


@pytest.mark.parametrize("edition", ["I", "II"])
def test_ogallala_glossary_covers_every_card_kind_of_the_edition(edition):
    terms = get_engine("ogallala").glossary({"edition": edition})
    kinds = {og_cards.info(cid).kind for cid in og_cards.deck(edition)}
    assert sorted(terms) == sorted(og_cards.KINDS[k][0] for k in kinds)
    assert ("Crazy Axe" in terms) == (edition == "I")
    assert "10" in terms["Shaman"]
    for text in terms.values():
        assert 20 < len(text) < 300


@pytest.mark.parametrize("mode", ["public", "standard"])
def test_crayon_rails_glossary_covers_every_event_card_and_train(mode):
    terms = get_engine("crayon-rails").glossary({"mode": mode})
    for train in TRAIN_NAMES.values():
        assert train in terms
    # Every event card's text names a term of the glossary, so the page can explain it.
    for card in cr_cards.EVENTS.values():
        assert any(term in card["text"] for term in terms), card["text"]
    kinds = {card["type"] for card in cr_cards.EVENTS.values()}
    assert kinds == {"derailment", "snow", "flood", "strike", "tax"}


def test_the_default_engine_explains_nothing():
    from games.rules.base import Engine

    assert Engine().glossary({}) == {}


def log_measles(game, seat):
    """Logs, as the seat's web move, an event that sends Measles to the other seat: a calamity in
    the log, without playing the turns that lead to one."""
    services._log(
        game,
        kind=Move.Kind.MOVE,
        channel=Move.Channel.WEB,
        seat=seat,
        action={"type": "victim", "seat": 0},
        events=[
            event(
                "calamity",
                seat.position,
                f"{seat_label(seat.position)} sends Measles to {seat_label(1 - seat.position)}.",
            )
        ],
    )
    game.save(update_fields=["version"])


@pytest.mark.django_db
def test_a_calamity_in_the_log_explains_itself_in_a_popover(client, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, rules="oregon-trail-race")
    seat = selectors.seat_of(game, bob)
    log_measles(game, seat)
    client.force_login(ann)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    button = re.search(
        r'<button type="button" class="term" popovertarget="(g-measles)" title="([^"]+)">Measles</button>', html
    )
    assert button, "Measles is not a term button in the log"
    tip = re.search(r'<div id="g-measles" popover class="term-tip"><strong>Measles</strong> ([^<]+)</div>', html)
    assert tip and "Medicine" in tip.group(1)
    assert html.count('id="g-measles"') == 1  # one popover however often the term shows
    assert "bob sends" in html  # the names are put in before the terms are marked


@pytest.mark.django_db
def test_a_move_button_says_more_under_its_label(client, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob, rules="oregon-trail-race")
    mover = next(u for u in (ann, bob) if selectors.legal_moves(game, selectors.seat_of(game, u)))
    client.force_login(mover)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    food = get_engine("oregon-trail-race").glossary({"ruleset": "revised"})["Food"]
    hint = re.search(
        r'aria-describedby="(move-hint-\d+)">\d+\. Draft Food</button><small class="tp-move-hint" id="\1">([^<]+)</small>',
        html,
    )
    assert hint and hint.group(2) == food


@pytest.mark.parametrize(
    "slug,options",
    [("oregon-trail-race", {}), ("ogallala", {"edition": "I"}), ("ogallala", {"edition": "II"}), ("crayon-rails", {})],
)
def test_move_labels_name_what_they_move(slug, options):
    """A label never says only "card 3": it names the card (or the demand) it is about."""
    from games.rules.base import Rng

    engine = get_engine(slug)
    state = engine.new_state(engine.normalize_options(options, 3), 3, "labels")
    for i in range(40):
        if engine.result(state):
            break
        seat = engine.to_act(state)[0]
        for action in engine.legal_actions(state, seat)[:60]:
            label = engine.action_label(state, seat, action)
            assert label and label != action["type"], action
            assert not re.fullmatch(r"(Place|Play|Keep|Lock|Take|Lasso|Shoot) card \d+", label), label
        engine.apply(state, seat, engine.bot_action(state, seat, Rng.stream(f"labels{i}")))
