from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import ApiToken, User


@admin.register(User)
class TrailpostUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (("Trailpost", {"fields": ("display_name", "slug", "listed", "time_zone")}),)
    readonly_fields = ("slug",)
    list_display = ("email", "display_name", "is_staff", "date_joined")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "prefix", "created_at")
    readonly_fields = ("prefix",)
    exclude = ("digest",)
