from django.urls import path

from . import api

urlpatterns = [
    path("games/<int:pk>/chat/", api.game_chat, name="api-game-chat"),
]
