from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("name/", views.choose_name, name="choose_name"),
    path("tokens/new/", views.token_create, name="token_create"),
    path("tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
]
