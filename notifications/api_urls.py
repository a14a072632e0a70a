"""API routes of the notifications app (included under /api/ by config/urls.py)."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:pk>/standing-orders/", views.api_standing_orders, name="api-game-standing-orders"),
]
