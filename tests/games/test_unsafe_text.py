"""Text from outside that no player types is refused before anything stores or echoes it (#30).

The attacks that found it: lone surrogates in JSON strings (`{"rules": "a\\ud800b"}`, `visibility`,
`on_missed`, an option key, standing orders) failed while the error message echoed them; the same in
an imported file's title, a seat's name or an option key failed in psycopg. A property test posts
any JSON, with any Unicode, to every writing endpoint: the answer is never a server error.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game

pytestmark = pytest.mark.django_db

SURROGATE = "\\ud800"  # as JSON writes it: parses to a lone surrogate


@pytest.fixture
def world(make_user, api_for, toy_engine):
    ann, bob = make_user("ann"), make_user("bob")
    a, b = api_for(ann), api_for(bob)
    gid = a.post("/api/games/", {"rules": "toy-shed", "max_players": 2}, format="json").json()["id"]
    code = a.get(f"/api/games/{gid}/").json()["invite_code"]
    assert b.post("/api/games/join/", {"code": code}, format="json").status_code == 200
    assert a.post(f"/api/games/{gid}/start/").status_code == 200
    return a, gid


def _post(client, path, raw: str, method="post"):
    return getattr(client, method)(path, data=raw.encode(), content_type="application/json")


@pytest.mark.parametrize(
    "raw",
    [
        '{"rules": "a' + SURROGATE + 'b"}',
        '{"rules": "toy-shed", "visibility": "pub' + SURROGATE + '"}',
        '{"rules": "toy-shed", "on_missed": "' + SURROGATE + '"}',
        '{"rules": "toy-shed", "options": {"hand' + SURROGATE + '": 2}}',
        '{"rules": "toy-shed", "title": "nul \\u0000 here"}',
        '{"rules": "toy-shed", "title": "bell \\u0007"}',
    ],
)
def test_creating_a_game_with_unsafe_text_is_refused_and_not_echoed(world, raw):
    a, _ = world
    before = Game.objects.count()
    response = _post(a, "/api/games/", raw)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "VALIDATION_ERROR"
    assert "not allowed" in body["message"]
    assert "\ud800" not in json.dumps(body, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass").decode(
        "utf-8", "replace"
    )
    assert Game.objects.count() == before


@pytest.mark.parametrize(
    ("path", "method", "raw"),
    [
        ("moves/", "post", '{"action": {"type": "pass' + SURROGATE + '"}, "expected_version": 1}'),
        ("chat/", "post", '{"text": "hi ' + SURROGATE + '"}'),
        ("standing-orders/", "put", '{"orders": {"x' + SURROGATE + '": "y"}}'),
    ],
)
def test_game_writes_with_unsafe_text_are_refused(world, path, method, raw):
    a, gid = world
    version = a.get(f"/api/games/{gid}/").json()["version"]
    response = _post(a, f"/api/games/{gid}/{path}", raw, method)
    assert response.status_code == 400
    assert response.json()["code"] == "VALIDATION_ERROR"
    assert a.get(f"/api/games/{gid}/").json()["version"] == version


def test_chat_keeps_line_breaks_and_tabs(world):
    a, gid = world
    response = _post(a, f"/api/games/{gid}/chat/", '{"text": "two\\nlines\\tand a tab"}')
    assert response.status_code == 201, response.content


def test_an_imported_file_with_a_lone_surrogate_is_refused_with_a_sentence(world):
    a, _ = world
    doc = '{"format": "trailpost-game/1", "title": "x' + SURROGATE + '"}'
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("game.json", doc.encode(), content_type="application/json")
    response = a.post("/api/games/import/", {"file": upload}, format="multipart")
    assert response.status_code == 400
    assert "control character or half of a surrogate pair" in response.json()["message"]


any_text = st.text(st.characters(exclude_categories=()))  # lone surrogates and control characters too
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4),
    max_leaves=12,
)
WRITES = [
    ("post", "/api/games/"),
    ("post", "/api/games/join/"),
    ("post", "/api/games/{gid}/moves/"),
    ("post", "/api/games/{gid}/chat/"),
    ("post", "/api/games/{gid}/invitations/"),
    ("put", "/api/games/{gid}/standing-orders/"),
    ("patch", "/api/profile/"),
    ("post", "/api/tokens/"),
]


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_any_json_with_any_unicode_never_gets_a_server_error(world, method, path):
    a, gid = world
    url = path.format(gid=gid)

    @settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(
        body=json_values
        | st.dictionaries(st.sampled_from(["rules", "text", "action", "orders", "name", "code"]), json_values)
    )
    def post_anything(body):
        raw = json.dumps(body, ensure_ascii=True)  # lone surrogates travel as \\udXXX escapes
        response = getattr(a, method)(url, data=raw.encode(), content_type="application/json")
        assert response.status_code < 500, (raw[:200], response.content[:300])

    post_anything()
