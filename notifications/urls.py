from django.urls import path

from . import views

app_name = "notifications"
urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("games/<int:pk>/mute/", views.game_mute, name="game_mute"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("back/<str:token>/", views.back, name="back"),
    path("calendar/new/", views.calendar_create, name="calendar_create"),
    path("calendar/revoke/", views.calendar_revoke, name="calendar_revoke"),
    path("calendar/<str:key>/deadlines.ics", views.calendar_feed, name="calendar_feed"),
]
