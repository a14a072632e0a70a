"""The turn clock's pages (games/clock_views.py), included under /mail/ by config/urls.py: the
paths they had when the notifications app served them."""

from django.urls import path

from . import clock_views

app_name = "clock"
urlpatterns = [
    path("vacations/", clock_views.vacation_add, name="vacation_add"),
    path("vacations/<int:pk>/remove/", clock_views.vacation_remove, name="vacation_remove"),
    path("vacations/automatic/", clock_views.vacation_automatic, name="vacation_automatic"),
    path("games/<int:pk>/standing-orders/", clock_views.standing_orders, name="standing_orders"),
]
