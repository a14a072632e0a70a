"""Creates the demo admin and a demo game against bots (idempotent; used by `make run`): a game of the
first game served, with the options its engine gives a demo (Engine.demo_options)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.models import Game, Move
from games.rules import engine_slugs, get_engine

DEMO_EMAIL = "admin@trailpost.localhost"
DEMO_PASSWORD = "trailpost"


class Command(BaseCommand):
    help = "Creates the demo admin (admin@trailpost.localhost / trailpost) and a demo game against bots."

    def handle(self, *args, **options):
        User = get_user_model()
        admin, created = User.objects.get_or_create(
            username="admin",
            defaults={"email": DEMO_EMAIL, "is_staff": True, "is_superuser": True, "display_name": "Admin"},
        )
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
        EmailAddress.objects.get_or_create(user=admin, email=DEMO_EMAIL, defaults={"verified": True, "primary": True})
        slug = engine_slugs()[0]
        engine = get_engine(slug)
        title = f"Demo: {engine.title} against bots"
        seats = max(engine.min_seats, min(3, engine.max_seats))  # the admin and bots
        if not Game.objects.filter(owner=admin, title=title).exists():
            game = services.game_create(
                owner=admin,
                rules=slug,
                title=title,
                options=engine.demo_options,
                max_players=seats,
                bots=seats - 1,
                is_open=False,
            )
            services.game_start(game=game, by=admin, channel=Move.Channel.ADMIN)
        self.stdout.write(
            f"Demo admin: {DEMO_EMAIL} / {DEMO_PASSWORD} (change it!). A demo game against bots is ready."
        )
