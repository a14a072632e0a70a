from django.urls import path

from . import api

urlpatterns = [
    path("standings/<str:rules>/", api.leaderboard, name="api-standings"),
    path("users/<str:who>/ratings/", api.user_ratings, name="api-user-ratings"),
    path("stats/<str:rules>/", api.stats, name="api-stats"),
]
