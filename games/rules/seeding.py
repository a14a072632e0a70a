"""Dice nobody can choose: how a game's seed is made from the server's seed and the players' own
entropy (commit-reveal). Pure Python; the server and `python -m games.rules verify` share it.

1. When a game is created the server draws `server_seed` (32 random bytes from the operating
   system's generator, as hex: games.services) and publishes
   `commitment(server_seed)` = sha256 of its UTF-8 text, hex. It cannot change it afterwards.
2. Each player, when joining (the creator when creating), gives a contribution of their own: a
   random value from their browser or API client, or a phrase they type. It is shown to them.
3. At the start the seed is

       seed = sha256( "trailpost-seed-v1" 0x00 server_seed
                      ( 0x00 sha256(contribution_i) )  for each seat i in the order they joined )

   as hex (every contribution hashed first, so none can run into the next), over every seat,
   bots included, in the order the seats were taken (a bot's contribution is the empty string,
   as is a player's who gave none). The seating is then a shuffle of the seats in that same join
   order by `seating(seed, n)`: the engines' generator (games.rules.base.Rng, blake2b of seed
   and counter) seeded with "seating:" + seed, Fisher-Yates over the join indices.
4. When the game is over, the server seed and every contribution are revealed; anyone recomputes
   the commitment, the seed, the seating and every shuffle.

The server committed before any player gave entropy, and no player sees the server seed before
the end: neither the server nor any one player can choose the seed (a player's contribution is
known to the server only when they join, and it is too late then to change the server seed).
"""

from __future__ import annotations

import hashlib

from .base import Rng

SCHEME = "commit-reveal-v1"
_DOMAIN = b"trailpost-seed-v1"
MAX_CONTRIBUTION = 200


def commitment(server_seed: str) -> str:
    """Returns the published commitment to a server seed: sha256 of its text, hex."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def derive_seed(server_seed: str, contributions: list[str]) -> str:
    """Returns the game's seed from the server seed and the players' contributions in join order."""
    h = hashlib.sha256()
    h.update(_DOMAIN)
    h.update(b"\0")
    h.update(server_seed.encode())
    for contribution in contributions:
        h.update(b"\0")
        h.update(hashlib.sha256((contribution or "").encode()).digest())
    return h.hexdigest()


def seating(seed: str, n: int) -> list[int]:
    """Returns the seating: element p is the join index of the seat that sits at position p."""
    order = list(range(n))
    Rng.stream(f"seating:{seed}").shuffle(order)
    return order


def clean_contribution(value) -> str:
    """Returns a contribution as stored: text, trimmed, at most MAX_CONTRIBUTION characters;
    raises ValueError for anything else (a sentence a player understands)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError("Your entropy must be text: a random value or a phrase.")
    value = value.strip()
    if len(value) > MAX_CONTRIBUTION:
        raise ValueError(f"Your entropy can be at most {MAX_CONTRIBUTION} characters long.")
    if any(ord(ch) < 32 for ch in value):
        raise ValueError("Your entropy cannot contain control characters.")
    return value
