"""Until #27 an account with no display name was shown by the start of its email address, and the
log and the chat kept that name. Those names are replaced here by the account's name now (its
display name, or the made-up one accounts.names.fallback_name gives): no page, log or chat shows
any part of an email address any more."""

from django.db import migrations

from accounts.names import fallback_name


def forget_email_names(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    Tenure = apps.get_model("games", "Tenure")
    Message = apps.get_model("chat", "Message")
    for user in User.objects.exclude(email="").only("pk", "email", "username", "display_name").iterator():
        old = {user.email.split("@")[0], user.username} - {user.display_name, ""}
        if not old:
            continue
        name = user.display_name or fallback_name(user.pk)
        Tenure.objects.filter(user_id=user.pk, name__in=old).update(name=name)
        Message.objects.filter(author_id=user.pk, author_name__in=old).update(author_name=name)
        Message.objects.filter(recipient_id=user.pk, recipient_name__in=old).update(recipient_name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_move_idempotency_key_per_actor"),
        ("chat", "0001_initial"),
        ("accounts", "0007_user_name_key"),
    ]

    operations = [migrations.RunPython(forget_email_names, migrations.RunPython.noop)]
