from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
    # allauth's own app ("account": email addresses) is also called "Accounts" in the admin.
    verbose_name = "Players and API tokens"

    def ready(self):
        from allauth.account.signals import user_signed_up

        from . import signals

        user_signed_up.connect(signals.keep_browser_time_zone, dispatch_uid="accounts-time-zone-at-signup")
