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
        fields = ["display_name", "time_zone"]


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, required=False, label="Token name")
