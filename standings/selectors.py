"""Reads for the standings pages and API: a leaderboard page, a key's statistics, a player's
ratings and results. Each reads a few small rows (ratings by the key's ordinal index, one
aggregate per key), however many games were played.

How a private game counts (#30 item 4). Its players asked for a rated game, so it moves their
ratings (a rating is one number per player and game: their games and wins count it too). Nothing
else about it reaches a reader who may not see the game (Game.objects.visible_to): a player's
history lists only the rated games the reader may see, the places and the pictures are drawn from
those only, and the rest is one undated line, "N private games" (`PlayerKey.hidden`): no date, no
opponent, no place. The statistics count public games only (standings.recorder).

And where a reader may not see all of a player's rated games at a key, the listed ones carry no
rating (`PlayerKey.numbers`: false): a rating after each listed game would jump between two of
them by what a private game did, telling that one was played between those dates, and how it went.
That reader sees the rating as it is now, the listed games with their places, and the undated
line; the rating over time is drawn only for readers who may see every game in it. What stays
visible, by the nature of a public rating: the leaderboard's rating and game count move when a
private game finishes (to someone who reloads it then), and a reader who recomputes the ratings
from the opponents' published numbers could tell that a listed game started from a rating its
listed predecessors do not explain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q

from accounts.models import User
from games.models import Game, Seat

from . import figures, keys
from .models import Rating, RatingChange, StatsAggregate
from .recorder import bin_width

PER_PAGE = 50
MAX_PAGE = 100_000
HISTORY = 200  # the latest rating changes a player's history shows per key


class BadPage(ValueError):
    """A page number that is not a whole number from 1 to MAX_PAGE."""


def page_number(value) -> int:
    """Returns the page a query string asks for (1 when absent); raises BadPage."""
    if value in (None, ""):
        return 1
    text = str(value).strip()
    if not text.isdigit() or len(text) > 6 or not 1 <= int(text) <= MAX_PAGE:
        raise BadPage(f"The page must be a whole number from 1 to {MAX_PAGE:,}.")
    return int(text)


@dataclass
class Row:
    rank: int
    user_id: int
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    wins: int
    slug: str | None = None  # the player's page (None: they have none)


@dataclass
class Board:
    key: keys.Key
    page: int
    pages: int
    total: int
    rows: list[Row]
    me: Row | None = None


def _row(rank: int, r: Rating) -> Row:
    return Row(rank, r.user_id, r.user.public_name, r.ordinal, r.mu, r.sigma, r.games, r.wins)


def _ratings(key: keys.Key):
    return (
        Rating.objects.filter(key=key.value)
        .select_related("user")
        .only(
            "user_id", "ordinal", "mu", "sigma", "games", "wins", "user__display_name", "user__email", "user__username"
        )
    )


def listed_players():
    """The players who have a page (/players/<slug>/): active accounts with a display name (their
    slug) who have played a public game (held a seat in one that started) or chose to be listed.
    Anyone else is not found, exactly as a name nobody has."""
    public = Q(game__visibility=Game.Visibility.PUBLIC, game__started_at__isnull=False)
    seated = Seat.objects.filter(public, user=OuterRef("pk"))
    replaced = Game.former_players.through.objects.filter(public, user=OuterRef("pk"))
    return User.objects.filter(is_active=True, slug__isnull=False).filter(
        Q(listed=True) | Exists(seated) | Exists(replaced)
    )


def listed_player(slug: str):
    """Returns the player whose page this is, or None."""
    if len(slug) > User._meta.get_field("slug").max_length:
        return None
    return listed_players().filter(slug=slug).first()


def _with_pages(rows: list[Row]) -> list[Row]:
    """Gives the rows of players who have a page its slug."""
    slugs = dict(listed_players().filter(pk__in=[r.user_id for r in rows]).values_list("pk", "slug"))
    for r in rows:
        r.slug = slugs.get(r.user_id)
    return rows


def leaderboard(key: keys.Key, *, page: int = 1, user=None) -> Board:
    """Returns one page of a key's leaderboard (best ordinal first) and the reader's own row."""
    total = Rating.objects.filter(key=key.value).count()
    pages = max(1, -(-total // PER_PAGE))
    start = (page - 1) * PER_PAGE
    rows = [
        _row(start + i + 1, r)
        for i, r in enumerate(_ratings(key).order_by("-ordinal", "user_id")[start : start + PER_PAGE])
    ]
    board = Board(key, page, pages, total, rows)
    if user is not None and user.is_authenticated:
        board.me = next((r for r in rows if r.user_id == user.pk), None) or my_row(key, user)
    _with_pages(rows + ([board.me] if board.me and board.me not in rows else []))
    return board


def my_row(key: keys.Key, user) -> Row | None:
    """Returns a player's row at a key with their rank (None: not rated there)."""
    mine = _ratings(key).filter(user=user).first()
    if mine is None:
        return None
    above = Rating.objects.filter(key=key.value, ordinal__gt=mine.ordinal).count()
    level = Rating.objects.filter(key=key.value, ordinal=mine.ordinal, user_id__lt=mine.user_id).count()
    return _row(above + level + 1, mine)


@dataclass
class Stats:
    key: keys.Key
    version: int
    games: int
    mean_length: float
    win_share: list[dict]  # [{"players", "games", "wins": [...], "share": [percent...]}]
    lengths: list[dict]  # [{"from", "to", "games"}]
    figures: list[dict] = field(default_factory=list)  # [{"figure": Figure, "values": [(label, number)]}]


def stats(key: keys.Key) -> Stats:
    """Returns a key's statistics from its aggregate (empty when no game finished yet)."""
    agg = StatsAggregate.objects.filter(key=key.value).first()
    if agg is None:
        return Stats(key, 0, 0, 0.0, [], [], [])
    share = []
    for players, entry in sorted(agg.by_players.items(), key=lambda kv: int(kv[0])):
        n = entry["games"]
        share.append(
            {
                "players": int(players),
                "games": n,
                "wins": entry["wins"],
                "share": [round(100 * w / n, 1) if n else 0.0 for w in entry["wins"]],
            }
        )
    width = bin_width(key.rules)
    lengths = [
        {"from": int(b), "to": int(b) + width - 1, "games": n}
        for b, n in sorted(agg.lengths.items(), key=lambda kv: int(kv[0]))
    ]
    shown = []
    for fig in figures.figures_of(key.rules):
        counts = agg.figures.get(fig.name, {})
        if fig.kind == "ratio":
            per = agg.figures.get(fig.per, {})
            values = [(label, round(v / per[label], 1)) for label, v in counts.items() if per.get(label)]
        else:
            values = list(counts.items())
        if fig.order == "label":
            values.sort(key=lambda lv: int(lv[0]) if lv[0].isdigit() else lv[0])
        else:
            values.sort(key=lambda lv: (-lv[1], lv[0]))
        shown.append({"figure": fig, "values": values})
    return Stats(
        key,
        agg.version,
        agg.games,
        round(agg.total_length / agg.games, 1) if agg.games else 0.0,
        share,
        lengths,
        shown,
    )


@dataclass
class PlayerKey:
    key: keys.Key
    rating: Rating
    history: list[RatingChange]  # the latest HISTORY the reader may see, oldest first
    places: dict[int, int]  # place: rated games the reader may see
    hidden: int = 0  # rated games the reader may not see (private ones): counted, never listed

    @property
    def numbers(self) -> bool:
        """Whether the listed games may show the rating after each (and the rating over time be
        drawn): only for a reader who may see all of the player's rated games at this key."""
        return not self.hidden


def player(user, *, viewer) -> list[PlayerKey]:
    """Returns a player's ratings, each with the rated games `viewer` may see (the latest HISTORY
    of them, and their places) and how many others there are (see the module's docstring)."""
    # Asked of each of the player's changes by its game's key (a few rows), never of every game.
    visible = Exists(Game.objects.visible_to(viewer).filter(pk=OuterRef("game_id")))
    changes = RatingChange.objects.filter(user=user)
    places: dict[tuple[str, int], int] = {}
    hidden: dict[str, int] = {}
    counts = changes.annotate(seen=visible).values_list("key", "place", "seen").annotate(n=Count("pk"))
    for key, place, seen, n in counts.order_by():
        if seen:
            places[key, place] = n
        else:
            hidden[key] = hidden.get(key, 0) + n
    out = []
    for rating in Rating.objects.filter(user=user).order_by("-games", "key"):
        key = keys.parse(rating.key)
        if key is None:
            continue
        history = list(changes.filter(visible, key=rating.key).order_by("-at", "-pk")[:HISTORY])[::-1]
        mine = {place: n for (k, place), n in places.items() if k == rating.key}
        out.append(PlayerKey(key, rating, history, mine, hidden.get(rating.key, 0)))
    return out
