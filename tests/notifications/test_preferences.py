"""The preferences page: each kind's delivery, the webhook, a planned vacation (the clock's form,
shown on this page) and muting a game."""

from datetime import date

import pytest

from games.models import Vacation
from notifications.models import Delivery, GameMute, KindPreference, NotificationSettings

pytestmark = pytest.mark.django_db


def test_preferences_page(users, client, make_game):
    client.force_login(users[0])
    assert client.get("/accounts/profile/").content.decode().count("/mail/preferences/") == 1
    page = client.get("/mail/preferences/")
    assert page.status_code == 200
    data = {
        f"kind_{k}": "immediate" for k in ["your_turn", "decision", "reminder", "hit", "game_over", "timeout", "chat"]
    }
    data.update(kind_reminder="digest", kind_hit="never", webhook_url="https://discord.example/api/webhooks/1")
    assert client.post("/mail/preferences/", data).status_code == 302
    prefs = dict(KindPreference.objects.filter(user=users[0]).values_list("kind", "delivery"))
    assert prefs["reminder"] == Delivery.DIGEST and prefs["hit"] == Delivery.NEVER
    assert NotificationSettings.objects.get(user=users[0]).webhook_url.startswith("https://discord")
    r = client.post("/mail/vacations/", {"starts_on": "2099-07-01", "ends_on": "2099-07-05"})
    assert r.status_code == 302
    assert Vacation.objects.get(user=users[0]).ends_on == date(2099, 7, 5)
    game = make_game()
    client.post(f"/mail/games/{game.pk}/mute/", {"muted": "1"})
    assert GameMute.objects.filter(user=users[0], game=game).exists()
