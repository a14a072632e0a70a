from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/new/<slug:slug>/", views.game_new, name="new"),
    path("games/try/<slug:slug>/", views.try_bots, name="try_bots"),
    path("games/<int:pk>/", views.game_detail, name="detail"),
    path("games/<int:pk>/live/", views.game_live, name="live"),
    path("games/<int:pk>/log/", views.game_log, name="log"),
    path("games/<int:pk>/picture/", views.game_picture, name="picture"),
    path("games/<int:pk>/move/", views.game_move, name="move"),
    path("games/<int:pk>/start/", views.game_start, name="start"),
    path("games/<int:pk>/bots/", views.game_add_bot, name="add_bot"),
    path("games/<int:pk>/join/", views.game_join, name="join"),
    path("games/<int:pk>/leave/", views.game_leave, name="leave"),
    path("games/<int:pk>/resign/", views.game_resign, name="resign"),
    path("games/<int:pk>/invite/", views.game_invite, name="invite"),
    path("games/<int:pk>/rematch/", views.game_rematch, name="rematch"),
    path("games/<int:pk>/verify/", views.game_verify, name="verify"),
    path("games/<int:pk>/export.json", views.game_export, name="export"),
    path("games/import/", views.game_import, name="import"),
    path("games/<int:pk>/replay/", views.game_replay, name="replay"),
    path("join/<str:code>/", views.join_link, name="join_link"),
]
