"""The standings in the REST API, public to read: leaderboards, a player's ratings, a game's
statistics as numbers. A private rated game moves its players' ratings, but a player's history
lists only the games the reader may see; the others are a count, `private_games`, with no date,
opponent or place, and then the listed games carry no rating (standings.selectors says why). A player is addressed by the slug of their
player page, and only a player who has one is found (standings.selectors.listed_players)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.errors import ErrorCode, GameError
from games.api.serializers import ERRORS

from . import keys, selectors


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField(
        allow_null=True,
        help_text="The player's page, /players/<slug>/, and ratings, /api/users/<slug>/ratings/ (null: none).",
    )


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    user = PlayerRefSerializer()
    rating = serializers.FloatField(help_text="The cautious rating the board sorts by: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer):
    key = serializers.CharField(help_text='The game and edition, e.g. "some-game:II".')
    title = serializers.CharField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    total = serializers.IntegerField()
    results = LeaderboardRowSerializer(many=True)
    me = LeaderboardRowSerializer(allow_null=True, help_text="The caller's own row (null: not rated, or anonymous).")


class RatingChangeSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game (only games the caller may see are listed).")
    at = serializers.DateTimeField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    mu = serializers.FloatField(allow_null=True, help_text="After this game; null as `rating`.")
    sigma = serializers.FloatField(allow_null=True, help_text="After this game; null as `rating`.")
    rating = serializers.FloatField(
        allow_null=True,
        help_text="After this game; null when the caller may not see all of the player's rated games here "
        "(`private_games` > 0): the rating between two listed games would tell when a private one was played.",
    )


class UserRatingSerializer(serializers.Serializer):
    key = serializers.CharField()
    rules = serializers.CharField()
    edition = serializers.CharField()
    title = serializers.CharField()
    rating = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    history = RatingChangeSerializer(many=True, help_text="The latest rated games the caller may see, oldest first.")
    private_games = serializers.IntegerField(
        help_text="Rated games the caller may not see (private games): counted in the rating, never listed."
    )


class UserRatingsSerializer(serializers.Serializer):
    user = PlayerRefSerializer()
    ratings = UserRatingSerializer(many=True)


class WinShareSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    games = serializers.IntegerField()
    wins = serializers.ListField(child=serializers.IntegerField(), help_text="Games won from each seat position.")
    share = serializers.ListField(child=serializers.FloatField(), help_text="The same as a percentage of games.")


class LengthBinSerializer(serializers.Serializer):
    moves_from = serializers.IntegerField()
    moves_to = serializers.IntegerField()
    games = serializers.IntegerField()


class FigureSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    label = serializers.CharField()
    unit = serializers.CharField()
    values = serializers.DictField(child=serializers.FloatField())


class StatsSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    games = serializers.IntegerField()
    mean_length = serializers.FloatField()
    win_share = WinShareSerializer(many=True)
    lengths = LengthBinSerializer(many=True)
    figures = FigureSerializer(many=True)


EDITION = OpenApiParameter("edition", str, description="The edition (default: the game's default).")
PAGE = OpenApiParameter("page", int, description=f"Page of {selectors.PER_PAGE} players, from 1.")


def _key(rules: str, edition) -> keys.Key:
    key = keys.find(rules, edition if edition not in (None, "") else None)
    if key is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game or edition called '{str(rules)[:40]}'.")
    return key


def _row(r) -> dict | None:
    if r is None:
        return None
    return {
        "rank": r.rank,
        "user": {"id": r.user_id, "name": r.name, "slug": r.slug},
        "rating": round(r.ordinal, 3),
        "mu": round(r.mu, 3),
        "sigma": round(r.sigma, 3),
        "games": r.games,
        "wins": r.wins,
    }


@extend_schema(
    operation_id="standings_retrieve",
    parameters=[EDITION, PAGE],
    responses={200: LeaderboardSerializer, **ERRORS},
    tags=["standings"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def leaderboard(request, rules: str):
    """A game's leaderboard, best rating first, a page at a time, with the caller's own row."""
    key = _key(rules, request.query_params.get("edition"))
    try:
        page = selectors.page_number(request.query_params.get("page"))
    except selectors.BadPage as exc:
        raise GameError(ErrorCode.VALIDATION_ERROR, str(exc)) from None
    board = selectors.leaderboard(key, page=page, user=request.user)
    return Response(
        {
            "key": key.value,
            "title": key.title,
            "page": board.page,
            "pages": board.pages,
            "total": board.total,
            "results": [_row(r) for r in board.rows],
            "me": _row(board.me),
        }
    )


@extend_schema(
    operation_id="users_ratings_retrieve",
    parameters=[
        OpenApiParameter("who", str, OpenApiParameter.PATH, description="A player's slug (their page's), or \"me\".")
    ],
    responses={200: UserRatingsSerializer, **ERRORS},
    tags=["standings"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def user_ratings(request, who: str):
    """A player's ratings per game, each with its latest rated games the caller may see."""
    if who == "me":
        if not request.user.is_authenticated:
            raise GameError(ErrorCode.NOT_AUTHENTICATED, 'Sign in (or send a token) to ask for "me".')
        person = request.user
    else:
        person = selectors.listed_player(who)
        if person is None:  # the same answer for a name nobody has and for a player with no page
            raise GameError(ErrorCode.NOT_FOUND, 'There is no such player: name one by their page\'s slug, or "me".')
    found = selectors.player(person, viewer=request.user)
    return Response(
        {
            "user": {"id": person.pk, "name": person.public_name, "slug": person.slug},
            "ratings": [
                {
                    "key": pk.key.value,
                    "rules": pk.key.rules,
                    "edition": pk.key.edition,
                    "title": pk.key.title,
                    "rating": round(pk.rating.ordinal, 3),
                    "mu": round(pk.rating.mu, 3),
                    "sigma": round(pk.rating.sigma, 3),
                    "games": pk.rating.games,
                    "wins": pk.rating.wins,
                    "history": [
                        {
                            "game": c.game_id,
                            "at": c.at,
                            "place": c.place,
                            "players": c.players,
                            "mu": round(c.mu_after, 3) if pk.numbers else None,
                            "sigma": round(c.sigma_after, 3) if pk.numbers else None,
                            "rating": round(c.ordinal_after, 3) if pk.numbers else None,
                        }
                        for c in pk.history
                    ],
                    "private_games": pk.hidden,
                }
                for pk in found
            ],
        }
    )


@extend_schema(
    operation_id="stats_retrieve",
    parameters=[EDITION],
    responses={200: StatsSerializer, **ERRORS},
    tags=["standings"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def stats(request, rules: str):
    """A game's statistics as numbers: win share by seat position, game lengths, its own figures."""
    key = _key(rules, request.query_params.get("edition"))
    found = selectors.stats(key)
    return Response(
        {
            "key": key.value,
            "title": key.title,
            "games": found.games,
            "mean_length": found.mean_length,
            "win_share": found.win_share,
            "lengths": [{"moves_from": b["from"], "moves_to": b["to"], "games": b["games"]} for b in found.lengths],
            "figures": [
                {
                    "name": f["figure"].name,
                    "title": f["figure"].title,
                    "label": f["figure"].x_title,
                    "unit": f["figure"].y_title,
                    "values": dict(f["values"]),
                }
                for f in found.figures
            ],
        }
    )
