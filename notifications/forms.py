"""Plain Django forms for notification preferences (the clock's forms, vacations and standing
orders, are in games.forms)."""

from django import forms

from .models import DEFAULT_DELIVERY, TUNABLE_KINDS, Delivery, Kind

# The choices as a narrow screen shows them whole (375 px): the page's sentence above the form says
# what each means ("after a short wait, and not at all if you move or have the game page open").
SHORT_DELIVERY = {
    Delivery.IMMEDIATE: "At once",
    Delivery.GRACE: "Soon, unless I'm playing",
    Delivery.DIGEST: "In the daily digest",
    Delivery.NEVER: "Never",
}


class PreferencesForm(forms.Form):
    webhook_url = forms.URLField(
        required=False,
        assume_scheme="https",
        label="Webhook URL",
        help_text="Discord or Slack incoming webhook: receives the same notices as JSON.",
    )

    def __init__(self, *args, deliveries=None, **kwargs):
        super().__init__(*args, **kwargs)
        for kind in TUNABLE_KINDS:
            self.fields[f"kind_{kind.value}"] = forms.ChoiceField(
                label=Kind(kind).label,
                choices=[(d.value, SHORT_DELIVERY.get(d, d.label)) for d in Delivery],
                initial=(deliveries or {}).get(kind.value, DEFAULT_DELIVERY.get(kind, Delivery.IMMEDIATE)),
            )

    def deliveries(self) -> dict:
        return {k.value: self.cleaned_data[f"kind_{k.value}"] for k in TUNABLE_KINDS}
