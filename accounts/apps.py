from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
    # allauth's own app ("account": email addresses) is also called "Accounts" in the admin.
    verbose_name = "Players and API tokens"

    def ready(self):
        from . import signals  # noqa: F401  (connects the sign-up receiver)
