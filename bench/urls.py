"""The bench server's own URLs: config/urls.py includes them under /bench/ only when
settings.BENCH is on (TRAILPOST_BENCH=1, which bench/api.py gives the servers it starts)."""

from django.urls import path

from bench.views import bare_move

urlpatterns = [path("bare/<int:pk>/", bare_move)]
