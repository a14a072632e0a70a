from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join

from . import names, quiet, timezones
from .models import User

NAME_HELP = "The name other players see in games, logs and emails: never your email address."


def name_field(**kwargs) -> forms.CharField:
    """The display name as every form asks for it (checked by accounts.names.validate_new_name)."""
    field = forms.CharField(
        max_length=names.MAX_LENGTH, label="Display name", help_text=NAME_HELP, strip=True, **kwargs
    )
    field.widget.attrs.update(autocomplete="nickname", maxlength=names.MAX_LENGTH)
    return field


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form (ACCOUNT_FORMS), with the display name asked first."""

    display_name = name_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["display_name"].widget.attrs["placeholder"] = "Display name, e.g. Prairie Pat"
        self.order_fields(["display_name", *[f for f in self.fields if f != "display_name"]])

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        names.validate_new_name(name)
        return name

    def custom_signup(self, request, user):
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


class ChooseNameForm(forms.ModelForm):
    """The one question an account made before names were asked for gets on its next visit."""

    display_name = name_field()

    class Meta:
        model = User
        fields = ["display_name"]

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        names.validate_new_name(name, user=self.instance)
        return name


class ZoneInput(forms.TextInput):
    """A text box that suggests the zones as one types (an HTML datalist: "berl" finds
    Europe/Berlin), the common ones first; static/js/trailpost.js offers the browser's own zone
    (Intl.DateTimeFormat().resolvedOptions().timeZone) beside it."""

    LIST_ID = "time-zone-list"

    def __init__(self):
        super().__init__(
            attrs={"list": self.LIST_ID, "autocomplete": "off", "spellcheck": "false", "data-zone-guess": ""}
        )

    def render(self, name, value, attrs=None, renderer=None):
        box = super().render(name, value, attrs, renderer)
        options = format_html_join("", '<option value="{}">', ((z,) for z in timezones.offered()))
        return format_html('{}<datalist id="{}">{}</datalist>', box, self.LIST_ID, options)


class ZoneField(forms.CharField):
    """An IANA zone name, typed or picked (accounts.timezones): every name zoneinfo knows is taken,
    the aliases too, though only the areas' cities are suggested."""

    def __init__(self):
        super().__init__(
            max_length=64,
            label="Time zone",
            widget=ZoneInput(),
            help_text="Deadlines in emails and on the pages are shown in this zone. Type a city to find it, "
            "e.g. Berlin or New York.",
        )

    def clean(self, value):
        value = super().clean(value)
        typed = value.replace(" / ", "/").replace(" ", "_")
        if not timezones.is_valid(typed):
            raise forms.ValidationError(timezones.bad_zone_message(value), code="invalid_time_zone")
        return typed


class ProfileForm(forms.ModelForm):
    display_name = name_field()
    time_zone = ZoneField()

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
        if not self.is_bound:
            self.initial["quiet_days"] = list(self.instance.quiet_days or "")

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        names.validate_new_name(name, user=self.instance)
        return name

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
