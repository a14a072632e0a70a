"""While the database cannot be reached, pages and the API answer 503 with Retry-After (clients and
proxies retry), not a 500. The attack that found it: PostgreSQL stopped, the API answered 500."""

import pytest
from django.db import connection


@pytest.fixture
def database_down(db):
    """The default connection pointed where no database answers (a real failure to connect)."""
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "sqlite":
        connection.settings_dict["NAME"] = "/nonexistent-folder/trailpost.sqlite3"
    else:
        connection.settings_dict["PORT"] = 1
    yield
    connection.close()
    connection.settings_dict.clear()
    connection.settings_dict.update(saved)


@pytest.mark.django_db(transaction=True)
def test_the_api_answers_503_with_retry_after(client, database_down):
    client.raise_request_exception = False
    response = client.get("/api/games/", HTTP_AUTHORIZATION="Token abc")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json()["code"] == "SERVICE_UNAVAILABLE"


@pytest.mark.django_db(transaction=True)
def test_a_page_answers_503_with_retry_after(client, database_down):
    client.raise_request_exception = False
    client.cookies["sessionid"] = "x" * 32  # the session is read from the database first
    response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert b"cannot reach its database" in response.content


def test_other_failures_stay_500(rf):
    from config import urls

    try:
        raise ValueError("not the database")
    except ValueError:
        response = urls.json_or_html_500(rf.get("/api/games/"))
    assert response.status_code == 500
    assert "Retry-After" not in response
