from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms

from . import names, timezones
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


class ProfileForm(forms.ModelForm):
    display_name = name_field()
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

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        names.validate_new_name(name, user=self.instance)
        return name


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, required=False, label="Token name")
