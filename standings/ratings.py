"""Ratings: openskill's Plackett-Luce model, one rating per player per key (standings.keys).

A rated game (Game.rated, chosen when it is created) moves its players' ratings when it finishes,
in the transaction that finishes it (standings.recorder). Each player's place comes from the
engine (`Engine.finishing_places`): its result's winners share first place, the others follow its
ranking, and players the game cannot tell apart share a place; players who resigned, were dropped
or kicked come after everyone who stayed. An aborted game is never rated, and an unrated game
changes no rating (it still counts in the statistics).

Bots are not rated and have no row on the leaderboard, but the human players' places relative to
each other still count: a bot is dropped from the result and the humans keep their order. Why: a
bot is not a person with a skill that changes; giving it a rating would let players farm points by
beating the same bot again and again (or lose them to one that plays better), and a fixed-rating
bot would make the rating measure the bot's level rather than the players'. So a game against bots
alone moves no rating (fewer than two humans: nothing to compare), and in a game of three humans
and a bot the humans are rated on how they placed against each other.

The seat's holder when the game ends is rated: a player who took over a seat (moderators replace
players) finished the game and owns its result; one who left it, to a bot or to someone else, is
no longer in the game and is neither credited nor blamed. A player who resigned or was dropped
keeps the seat and is rated at the place the engine gave them (last, or near it).
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

# The model's defaults (mu 25, sigma 25/3, tau 25/300): a player's first rating is the default.
MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


def ordinal(mu: float, sigma: float) -> float:
    """Returns the cautious estimate the leaderboard sorts by (mu - 3 sigma, openskill's ordinal)."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


@dataclass
class Rated:
    """One player's rating before and after a game."""

    user_id: int
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float

    @property
    def ordinal_after(self) -> float:
        return ordinal(self.mu_after, self.sigma_after)


def rate(players: list[tuple[int, int, float, float]]) -> list[Rated]:
    """Rates a finished game: `players` are (user id, place, mu, sigma) of the humans (bots left
    out, see the module's docstring). Fewer than two: nothing to compare, no change."""
    if len(players) < 2:
        return []
    # Places compress to 1..k among the humans: a bot between them changes nothing of their order.
    distinct = sorted({place for _, place, _, _ in players})
    ranks = [distinct.index(place) + 1 for _, place, _, _ in players]
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for _, _, mu, sigma in players]
    after = MODEL.rate(teams, ranks=ranks)
    return [
        Rated(user_id, rank, mu, sigma, team[0].mu, team[0].sigma)
        for (user_id, _, mu, sigma), rank, team in zip(players, ranks, after, strict=True)
    ]
