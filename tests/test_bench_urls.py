"""bench/api.py's bare baseline endpoint (bench/urls.py): served only on a bench server
(settings.BENCH, TRAILPOST_BENCH=1), and there only to a signed-in API client."""

import importlib

import pytest
from django.urls import clear_url_caches

import config.urls
from tests.builders import start_game

pytestmark = pytest.mark.django_db


def _reload_urls():
    importlib.reload(config.urls)
    clear_url_caches()


@pytest.fixture
def bench_server(settings):
    settings.BENCH = True
    _reload_urls()
    yield
    settings.BENCH = False
    _reload_urls()


@pytest.fixture
def game(make_user, toy_engine):
    owner, other = make_user(), make_user()
    return start_game(owner, other)


def test_the_bare_endpoint_is_not_served_outside_a_bench_server(game, api_for):
    answer = api_for(game.owner).post(f"/bench/bare/{game.pk}/", {"action": {}}, format="json")
    assert answer.status_code == 404
    game.refresh_from_db()
    assert not game.moves.filter(note="bench").exists()


def test_a_bench_server_serves_it_to_a_token_only(bench_server, game, api_for, client):
    version = game.version
    anonymous = client.post(f"/bench/bare/{game.pk}/", {"action": {}}, content_type="application/json")
    assert anonymous.status_code == 401
    answer = api_for(game.owner).post(f"/bench/bare/{game.pk}/", {"action": {"type": "x"}}, format="json")
    assert answer.status_code == 201 and answer.json() == {"version": version + 1}
    assert game.moves.filter(note="bench").count() == 1
