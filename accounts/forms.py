from django import forms
from django.core.exceptions import ValidationError

from . import quiet, timezones
from .models import User


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        choices=timezones.choices,
        label="Time zone",
        help_text="Deadlines in emails and on the pages are shown in this zone.",
        error_messages={"invalid_choice": timezones.bad_zone_message("%(value)s")},
    )

    quiet_from = forms.TimeField(
        required=False,
        label="Quiet hours from",
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text="Each day from this time (in your time zone) your turn clock stops, e.g. 23:00.",
    )
    quiet_until = forms.TimeField(
        required=False,
        label="Quiet hours until",
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text="…until this time, e.g. 07:00 (the next morning when it is earlier than the start).",
    )
    quiet_days = forms.MultipleChoiceField(
        required=False,
        label="Quiet days",
        choices=[(str(n), name) for n, name in quiet.DAY_NAMES.items()],
        widget=forms.CheckboxSelectMultiple,
        help_text="Whole days your turn clock stops. A deadline never falls in quiet times: it moves past "
        "them; on a time bank they are not taken from your bank; no reminder is sent in them.",
    )

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "listed", "quiet_from", "quiet_until", "quiet_days"]
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
        if not self.is_bound:
            self.initial["quiet_days"] = list(user.quiet_days or "")

    def clean_quiet_days(self) -> str:
        return quiet.parse_days(self.cleaned_data.get("quiet_days") or [])

    def clean(self):
        data = super().clean()
        try:
            quiet.validate(data.get("quiet_from"), data.get("quiet_until"), data.get("quiet_days") or "")
        except ValidationError as exc:
            self.add_error(None, exc)
        return data


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, required=False, label="Token name")
