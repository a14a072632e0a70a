from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "Table talk (chat)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from notifications import inbound

        from . import services

        # A reply to a chat+ address is a message at the table: notifications reads the mail
        # (quotes stripped, robots and hostile mail refused) and hands the text to chat, which
        # builds on notifications, so notifications never imports chat.
        inbound.register_chat_poster(services.post_reply)
