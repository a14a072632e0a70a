"""Words a player reads (#27): option labels, help and choices from each engine's options_schema,
only the options that apply; no version number on the game page; the join page shows the game's
terms and players, its dice below."""

import html
import json
import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from games.rules import IllegalAction, engines
from games.rules.base import seat_label
from tests.builders import lobby_game, start, start_game
from tests.toy_engine import RACE

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_the_new_game_form_reads_its_options_words_from_the_engine(client, make_user, engine):
    client.force_login(make_user("Ann"))
    raw = client.get(reverse("games:new", args=[engine.name])).content.decode()
    page = html.unescape(raw)
    for key, spec in engine.options_schema.items():
        assert spec["label"] in page and spec["help"] in page
        for choice, words in (spec.get("labels") or {}).items():
            assert re.search(rf'<option value="{choice}"[^>]*>{re.escape(words)}</option>', page), (key, choice)
        if spec.get("when"):
            field = re.search(rf'<[^>]+name="opt_{key}"[^>]*>', raw).group(0)
            when = json.loads(html.unescape(re.search(r'data-option-when="([^"]*)"', field).group(1)))
            assert when == {f"opt_{k}": [str(v) for v in vs] for k, vs in spec["when"].items()}


def test_raw_option_values_are_not_what_the_form_shows(client, make_user):
    client.force_login(make_user("Ann"))
    page = _text(client.get(reverse("games:new", args=["oregon-trail-race"])))
    assert ">keep_bullets<" not in page and ">revised<" not in page
    assert "Show the bullets and keep them" in page and ">Revised<" in page


def test_an_option_of_the_other_ruleset_is_left_at_its_default(client, make_user):
    client.force_login(make_user("Ann"))
    form = {"title": "Plains", "max_players": 2, "bots": 0, "turn_hours": 24, "on_missed": "bot", "miss_limit": 3}
    form.update(opt_ruleset="revised", opt_trail_length=12, opt_classic_thief="thief_dies")
    assert client.post(reverse("games:new", args=["oregon-trail-race"]), form).status_code == 302
    assert Game.objects.get(title="Plains").options["classic_thief"] == "cancel"


def test_the_engine_says_its_options_in_words():
    from games.rules import get_engine

    engine = get_engine("oregon-trail-race")
    assert engine.options_in_words({"ruleset": "revised", "trail_length": 12, "classic_thief": "cancel"}) == [
        ("Rules", "Revised"),
        ("Trail length", "12"),
    ]
    assert ("When a thief strikes", "Show the bullets and keep them") in engine.options_in_words(
        {"ruleset": "classic", "trail_length": 20, "classic_thief": "keep_bullets"}
    )


def _game(make_user, **kw):
    ann, bob = make_user("Ann"), make_user("Bob")
    game = lobby_game(
        ann, bob, rules="oregon-trail-race", title="Wagons", max_players=3, options={"ruleset": "classic"}, **kw
    )
    return game, ann, bob


def test_the_game_page_shows_no_version_number(client, make_user):
    game, ann, bob = _game(make_user)
    game = start(game)
    client.force_login(ann)
    page = _text(client.get(reverse("games:detail", args=[game.pk])))
    assert not re.search(r"\bversion\s+\d", page, re.I)


def test_the_join_page_shows_the_options_and_players_before_the_dice(client, make_user):
    game, ann, bob = _game(make_user)
    client.force_login(make_user("Cy"))
    page = _text(client.get(reverse("games:join_link", args=[game.invite_code])))
    terms = page[page.index('id="game-terms"') :]
    for words in ("Rules", "Classic", "Trail length", "20", "When a thief strikes", "Bullets cancel the theft"):
        assert words in terms
    assert "48 hours per move" in terms and "3 missed deadlines in a row, a bot takes the seat" in terms
    assert "Ann" in page and "Bob" in page and "2 of 3 seats taken" in page
    assert page.index('id="game-terms"') < page.index("Dice nobody can choose") < page.index("sha256")
    assert page.index("Join this game") < page.index("Your entropy")


class Blocked(type(RACE)):
    """The toy race, every move refused with a sentence that names another seat."""

    def apply(self, state, seat, action):
        raise IllegalAction(f"{seat_label(1 - seat)} already has track there.")


BLOCKED = Blocked("toy-blocked", "Blocked", goal=3, resigns=False)


def test_an_engines_refusal_names_the_player_not_the_seat(make_user, serve_games):
    """An engine's sentence says "Player N" (engines know no names): the player reads the name."""
    from core.errors import GameError

    serve_games({BLOCKED.name: f"{__name__}:BLOCKED"})
    engine = BLOCKED
    ann, bob = make_user("Ann"), make_user("Bob")
    game = start_game(ann, bob, rules=BLOCKED.name, title="Blocked")
    seat = next(s for s in game.seats.select_related("user") if s.position in engine.to_act(game.state))
    other = next(s for s in game.seats.select_related("user") if s.pk != seat.pk)
    with pytest.raises(GameError) as refused:
        services.move_submit(
            game=game, seat=seat, action={"type": "step"}, expected_version=None, channel="web", actor=seat.user
        )
    assert refused.value.message == f"{other.user.display_name} already has track there."


def test_the_verifier_sets_the_events_sentences_aside_not_their_substance():
    """Better words in a later release (a plural, a city for x,y) leave old games verifiable."""
    from games.rules.verify import _substance

    recorded = [{"type": "build", "seat": 0, "public": {"text": "Player 1 builds 1 track sections.", "cost": 3}}]
    reworded = [{"type": "build", "seat": 0, "public": {"text": "Player 1 builds 1 track section.", "cost": 3}}]
    forged = [{"type": "build", "seat": 0, "public": {"text": "Player 1 builds 1 track section.", "cost": 1}}]
    assert _substance(recorded) == _substance(reworded) != _substance(forged)
