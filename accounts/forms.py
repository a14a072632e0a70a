from django import forms

from .models import User


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name"]


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, required=False, label="Token name")
