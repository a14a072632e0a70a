"""manage.py replay --verify, and the account pages allauth gives us (password reset, profile)."""

import re

import pytest
from django.core import mail
from django.core.management import CommandError, call_command

from games.models import Game
from tests.builders import play, seat_to_act, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_user, toy_engine):
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game(ann, bob)
    for _ in range(4):
        play(game, seat_to_act(game), {"type": "draw"})
    return Game.objects.get(pk=game.pk)


def test_replay_verify_accepts_a_consistent_log(played, capsys):
    call_command("replay", str(played.pk), "--verify")
    assert "reproduces the snapshot" in capsys.readouterr().out


def test_replay_verify_catches_a_tampered_snapshot(played):
    state = played.state
    state["hands"][0].append(state["deck"].pop())
    Game.objects.filter(pk=played.pk).update(state=state)
    with pytest.raises(CommandError, match="does NOT reproduce"):
        call_command("replay", str(played.pk), "--verify")


def test_password_reset_sends_a_link(client, make_user):
    user = make_user("forgetful")
    mail.outbox.clear()
    resp = client.post("/accounts/password/reset/", {"email": user.email})
    assert resp.status_code == 302
    assert any(user.email in m.to and "/accounts/password/reset/key/" in m.body for m in mail.outbox)


def test_profile_page_creates_and_revokes_tokens(client, make_user):
    user = make_user("tok")
    client.force_login(user)
    client.post("/accounts/tokens/new/", {"name": "laptop"})
    token = user.api_tokens.get()
    assert token.name == "laptop"
    page = client.get("/accounts/profile/").content.decode()
    key = re.search(r'<code id="new-token">([0-9a-f]{40})</code>', page).group(1)  # shown once, after creation
    assert key.startswith(token.prefix)
    assert key not in client.get("/accounts/profile/").content.decode()
    client.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert not user.api_tokens.exists()


def test_demo_setup_is_idempotent(db):
    call_command("demo_setup")
    call_command("demo_setup")
    demo = Game.objects.filter(title__startswith="Demo")
    assert demo.count() == 1 and demo.get().status == Game.Status.ACTIVE
