from django.urls import path

from . import views

app_name = "standings"
urlpatterns = [
    path("standings/", views.index, name="index"),
    path("standings/<slug:rules>/", views.leaderboard, name="leaderboard"),
    path("standings/<slug:rules>/<str:edition>/", views.leaderboard, name="leaderboard_edition"),
    path("stats/<slug:rules>/", views.stats, name="stats"),
    path("stats/<slug:rules>/<str:edition>/", views.stats, name="stats_edition"),
    path("stats/<slug:rules>/<str:edition>/<slug:name>.svg", views.stats_plot, name="stats_plot"),
    # The reader's own pictures first: "me" is no player's slug (accounts.models.RESERVED_SLUGS).
    path("players/me/results.svg", views.player_results_plot, name="my_player_results_plot"),
    path("players/me/rating/<slug:rules>/<str:edition>.svg", views.player_rating_plot, name="my_player_rating_plot"),
    path("players/<str:slug>/", views.player, name="player"),
    path("players/<str:slug>/results.svg", views.player_results_plot, name="player_results_plot"),
    path(
        "players/<str:slug>/rating/<slug:rules>/<str:edition>.svg",
        views.player_rating_plot,
        name="player_rating_plot",
    ),
]
