from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "Table talk (chat)"
    default_auto_field = "django.db.models.BigAutoField"
