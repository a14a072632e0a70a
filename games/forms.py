"""Forms of the web pages: creating a game (with the engine's own options), joining (with the
player's own entropy), inviting, importing an exported game; the clock's vacations and standing
orders."""

import json

from django import forms

from accounts.validators import validate_title
from core.errors import GameError
from games.clock.bank import validate_clock
from games.models import Game
from games.rules import seeding
from games.rules.verify import MAX_BYTES

ENTROPY_HELP = (
    "Your own part of the game's dice: with the server's sealed seed it decides every shuffle, so "
    "neither the server nor any one player can choose them. Your browser puts a random value here "
    "(with JavaScript on); you may type a phrase of your own instead, or into the empty field, up "
    "to 200 characters. Only you see it until the game is over; then everyone can check it."
)


def entropy_field() -> forms.CharField:
    """The "Your entropy" field; static/js/entropy.js fills it with 16 random bytes as hex."""
    return forms.CharField(
        label="Your entropy",
        required=False,
        max_length=seeding.MAX_CONTRIBUTION,
        help_text=ENTROPY_HELP,
        widget=forms.TextInput(attrs={"data-entropy": "", "autocomplete": "off", "spellcheck": "false"}),
    )


def clean_entropy(value) -> str:
    try:
        return seeding.clean_contribution(value)
    except ValueError as exc:
        raise forms.ValidationError(str(exc)) from None


def option_field(key: str, spec: dict) -> forms.Field:
    """Returns a form field for one entry of an engine's options_schema: its label, its line of help
    and its choices' words all come from the schema (games.rules.base.Engine). An option that applies
    only with some values of another ("when") says so to static/js/trailpost.js, which hides it
    while it does not apply."""
    label = spec.get("label", key.replace("_", " ").capitalize())
    help_text = spec.get("help", "")
    default = spec["default"]
    if isinstance(default, bool):
        field = forms.BooleanField(label=label, required=False, initial=default, help_text=help_text)
    elif "choices" in spec:
        labels = spec.get("labels") or {}
        field = forms.TypedChoiceField(
            label=label,
            choices=[(c, labels.get(c, c)) for c in spec["choices"]],
            initial=default,
            coerce=type(default),
            help_text=help_text,
        )
    elif isinstance(default, int):
        field = forms.IntegerField(
            label=label, initial=default, min_value=spec.get("min"), max_value=spec.get("max"), help_text=help_text
        )
    else:
        field = forms.CharField(label=label, initial=default, help_text=help_text)
    if spec.get("when"):
        when = {f"opt_{k}": [str(v) for v in values] for k, values in spec["when"].items()}
        field.widget.attrs["data-option-when"] = json.dumps(when, separators=(",", ":"))
    return field


class GameCreateForm(forms.Form):
    title = forms.CharField(
        max_length=100,
        required=False,
        validators=[validate_title],
        help_text="Optional: a name players see in the lobby and in emails.",
    )
    max_players = forms.IntegerField(label="Players", min_value=1)
    bots = forms.IntegerField(
        label="Bots to seat now",
        min_value=0,
        initial=0,
        help_text="Computer players who take seats at once; leave 0 to play only with people.",
    )
    turn_hours = forms.IntegerField(
        label="Hours per decision",
        min_value=1,
        max_value=24 * 30,
        initial=48,
        help_text="How long each player has for a move before a reminder and then the deadline.",
    )
    clock = forms.ChoiceField(
        label="Clock",
        widget=forms.RadioSelect,
        initial=Game.Clock.MOVE,
        required=False,
        choices=[
            (Game.Clock.MOVE, "Per move: the hours above for each decision"),
            (Game.Clock.BANK, "Time bank: each player's own bank of hours; each move adds some, up to a cap"),
        ],
    )
    bank_hours = forms.IntegerField(
        label="Time bank to start (hours)",
        required=False,
        initial=72,
        help_text="With a time bank: the hours each player starts with (72 = 3 days).",
    )
    increment_hours = forms.IntegerField(
        label="Hours added per move",
        required=False,
        initial=24,
        help_text="With a time bank: added to a player's bank after each of their moves (24 = 1 day).",
    )
    cap_hours = forms.IntegerField(
        label="Most a bank may hold (hours)",
        required=False,
        initial=168,
        help_text="With a time bank: the bank never grows past this (168 = 7 days).",
    )
    visibility = forms.ChoiceField(
        label="Who may watch",
        widget=forms.RadioSelect,
        initial=Game.Visibility.PUBLIC,
        required=False,
        choices=[
            (Game.Visibility.PUBLIC, "Public: anyone may watch it, and an open game is listed in the lobby"),
            (Game.Visibility.PRIVATE, "Private: only its players, the people you invite and staff see it"),
        ],
    )
    is_open = forms.BooleanField(
        label="Open seats: anyone who can see the game may join without an invitation",
        required=False,
        initial=True,
        help_text="Untick to seat only the people who have your invite link or an invitation.",
    )
    on_missed = forms.ChoiceField(
        label="After repeated missed deadlines",
        choices=[("bot", "a bot takes the seat"), ("drop", "the player is dropped")],
    )
    miss_limit = forms.IntegerField(label="Missed deadlines allowed in a row", min_value=1, max_value=20, initial=3)
    rated = forms.BooleanField(
        label="Rated: the result moves the players' ratings",
        required=False,
        initial=False,
        help_text="A rated game counts on its leaderboard when it finishes. Bots are not rated.",
    )
    entropy = entropy_field()

    def __init__(self, *args, engine, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = engine
        # The smallest table the game allows (2 for most): a newcomer's first game fills fastest.
        players = self.fields["max_players"]
        players.initial = engine.min_seats
        players.min_value = engine.min_seats
        players.max_value = engine.max_seats
        players.validators = []
        players.widget.attrs.update(min=engine.min_seats, max=engine.max_seats)
        players.help_text = f"{engine.title} is for {engine.min_seats} to {engine.max_seats} players."
        self.option_keys = []
        for key, spec in engine.options_schema.items():
            self.fields[f"opt_{key}"] = option_field(key, spec)
            self.option_keys.append(key)

    def clean_max_players(self):
        n = self.cleaned_data["max_players"]
        if not self.engine.min_seats <= n <= self.engine.max_seats:
            raise forms.ValidationError(
                f"{self.engine.title} is for {self.engine.min_seats} to {self.engine.max_seats} players."
            )
        return n

    def clean_entropy(self):
        return clean_entropy(self.cleaned_data.get("entropy"))

    def clean_visibility(self):
        return self.cleaned_data["visibility"] or Game.Visibility.PUBLIC

    def clean(self):
        data = super().clean()
        data["clock"] = data.get("clock") or Game.Clock.MOVE
        try:
            validate_clock(
                clock=data["clock"],
                bank_hours=data.get("bank_hours"),
                increment_hours=data.get("increment_hours"),
                cap_hours=data.get("cap_hours"),
            )
        except GameError as exc:
            self.add_error(None, exc.message)
        return data

    def option_fields(self) -> list:
        """Returns the bound fields of the engine's own options, for the page to group them."""
        return [self[f"opt_{k}"] for k in self.option_keys]

    def options(self) -> dict:
        """The chosen options; one that does not apply to the others chosen (Classic thief under the
        revised rules) keeps its default, whatever its hidden field held."""
        chosen = {k: self.cleaned_data[f"opt_{k}"] for k in self.option_keys}
        return {
            k: v if self.engine.option_applies(k, chosen) else self.engine.options_schema[k]["default"]
            for k, v in chosen.items()
        }


class JoinForm(forms.Form):
    entropy = entropy_field()

    def clean_entropy(self):
        return clean_entropy(self.cleaned_data.get("entropy"))


class InviteForm(forms.Form):
    email = forms.EmailField()


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Exported game (JSON)",
        help_text="A file downloaded from a finished game's page on a Trailpost server, at most 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError("The file is larger than 5 MB: it is not a game export.")
        return upload


class VacationForm(forms.Form):
    starts_on = forms.DateField(label="From", widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label="Until (inclusive)", widget=forms.DateInput(attrs={"type": "date"}))


class StandingOrdersForm(forms.Form):
    """One choice per out-of-turn decision kind the game's engine declares."""

    def __init__(self, *args, decision_kinds=None, current=None, **kwargs):
        super().__init__(*args, **kwargs)
        for kind, spec in (decision_kinds or {}).items():
            choices = [("", "Ask me each time")] + list(spec.get("answers", {}).items())
            self.fields[kind] = forms.ChoiceField(
                label=spec.get("label", kind), choices=choices, required=False, initial=(current or {}).get(kind, "")
            )
