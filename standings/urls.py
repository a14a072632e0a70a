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
    path("players/<int:user_id>/", views.player, name="player"),
    path("players/<int:user_id>/results.svg", views.player_results_plot, name="player_results_plot"),
    path(
        "players/<int:user_id>/rating/<slug:rules>/<str:edition>.svg",
        views.player_rating_plot,
        name="player_rating_plot",
    ),
]
