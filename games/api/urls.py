from django.urls import path

from . import views

urlpatterns = [
    path("engines/", views.engine_list, name="api-engines"),
    path("games/", views.game_list, name="api-games"),
    path("games/open/", views.open_game_list, name="api-open-games"),
    path("games/join/", views.game_join_by_code, name="api-join-by-code"),
    path("games/import/", views.game_import, name="api-games-import"),
    path("games/<int:pk>/", views.game_detail, name="api-game"),
    path("games/<int:pk>/join/", views.game_join, name="api-game-join"),
    path("games/<int:pk>/leave/", views.game_leave, name="api-game-leave"),
    path("games/<int:pk>/bots/", views.game_add_bot, name="api-game-bots"),
    path("games/<int:pk>/invitations/", views.game_invite, name="api-game-invite"),
    path("games/<int:pk>/start/", views.game_start, name="api-game-start"),
    path("games/<int:pk>/actions/", views.game_actions, name="api-game-actions"),
    path("games/<int:pk>/board/", views.game_board, name="api-game-board"),
    path("games/<int:pk>/moves/", views.game_moves, name="api-game-moves"),
    path("games/<int:pk>/resign/", views.game_resign, name="api-game-resign"),
    path("games/<int:pk>/verify/", views.game_verify, name="api-game-verify"),
    path("games/<int:pk>/replay/<int:step>/", views.game_replay, name="api-game-replay"),
    path("games/<int:pk>/export/", views.game_export, name="api-game-export"),
    path("games/<int:pk>/standing-orders/", views.game_standing_orders, name="api-game-standing-orders"),
    path("tokens/", views.token_list, name="api-tokens"),
    path("tokens/<int:token_id>/", views.token_revoke, name="api-token-revoke"),
]
