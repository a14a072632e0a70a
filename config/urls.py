import os

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("games.api.urls")),
    path("api/", include("notifications.api_urls")),
    path("mail/", include("notifications.urls")),
    path("", include("games.urls")),
]

if os.environ.get("TRAILPOST_BENCH") == "1":  # bench/api.py's baseline endpoint, never in production
    from games.api.bench_views import bare_move

    urlpatterns.insert(0, path("bench/bare/<int:pk>/", bare_move))
