"""API tokens are stored hashed: the key is shown once, the database keeps a prefix and a digest."""

import hashlib

import pytest
from django.db import connection

from accounts.models import ApiToken
from accounts.services import api_token_create

pytestmark = pytest.mark.django_db


def test_the_database_never_holds_the_plain_key(make_user):
    token = api_token_create(user=make_user("ann"), name="laptop")
    assert len(token.key) == 40
    with connection.cursor() as cur:
        cur.execute("SELECT * FROM accounts_apitoken")
        rows = cur.fetchall()
    assert rows and not any(token.key in str(value) for row in rows for value in row)
    stored = ApiToken.objects.get(pk=token.pk)
    assert stored.key is None and stored.prefix == token.key[:8]
    assert stored.digest == hashlib.sha256(token.key.encode()).hexdigest()


def test_a_token_authenticates_and_a_near_miss_does_not(make_user, client):
    user = make_user("ann")
    key = api_token_create(user=user).key
    assert client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 200
    wrong = key[:8] + ("0" if key[8] != "0" else "1") + key[9:]  # same prefix, other key
    assert client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {wrong}").status_code == 401
    user.is_active = False
    user.save()
    assert client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 401


def test_the_api_shows_the_key_once_then_only_its_prefix(make_user, api_for):
    a = api_for(make_user("ann"))
    created = a.post("/api/tokens/", {"name": "bot"}, format="json")
    assert created.status_code == 201
    key = created.json()["key"]
    assert created.json()["prefix"] == key[:8]
    listed = a.get("/api/tokens/").json()
    assert key not in str(listed)
    assert {"id", "name", "prefix", "created_at"} <= set(listed[0]) and "key" not in listed[0]


def test_the_migration_hashes_existing_plain_keys_in_place(transactional_db):
    """Tokens made before the migration keep working after it."""
    from django.core.management import call_command

    call_command("migrate", "accounts", "0002", verbosity=0)
    try:
        key = "ab" * 20
        with connection.cursor() as cur:
            cur.execute(
                "INSERT INTO accounts_user (password, is_superuser, username, first_name, last_name, email,"
                " is_staff, is_active, date_joined, display_name, has_notice_settings)"
                " VALUES ('', %s, 'old', '', '', 'old@example.com', %s, %s, CURRENT_TIMESTAMP, '', %s)",
                [False, False, True, False],
            )
            cur.execute("SELECT id FROM accounts_user WHERE username = 'old'")
            user_id = cur.fetchone()[0]
            cur.execute(
                "INSERT INTO accounts_apitoken (key, user_id, name, created_at)"
                " VALUES (%s, %s, 'old', CURRENT_TIMESTAMP)",
                [key, user_id],
            )
    finally:
        call_command("migrate", verbosity=0)
    token = ApiToken.find(key)
    assert token is not None and token.user.username == "old" and token.prefix == "abababab"
