from django import forms

from . import timezones
from .models import User


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        choices=timezones.choices,
        label="Time zone",
        help_text="Deadlines in emails and on the pages are shown in this zone.",
        error_messages={"invalid_choice": timezones.bad_zone_message("%(value)s")},
    )

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "listed"]
        labels = {"display_name": "Display name"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A player who never chose a name is shown by User.public_name's fallback (the start of
        # their email address): the box says so rather than looking empty beside the header's name.
        field = self.fields["display_name"]
        user = self.instance
        field.widget.attrs["autocomplete"] = "nickname"
        if user.pk and not user.display_name:
            field.widget.attrs["placeholder"] = user.public_name
            field.help_text = (
                f"Other players now see you as “{user.public_name}”, taken from your email address. "
                "Type a name to choose your own."
            )
        else:
            field.help_text = "The name other players see in games, logs and emails."


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, required=False, label="Token name")
