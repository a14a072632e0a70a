"""Signed tokens: the reply-to address of a move email, of a chat email, and the one-click
unsubscribe link.

The reply token names (seat, game, version) and is signed with django.core.signing. It travels in
an email local part, which some mail systems lowercase and which RFC 5321 caps at 64 characters,
so the signature is a truncated HMAC in lowercase base32 rather than the usual base64.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare

REPLY_SALT = "trailpost.notifications.reply"
UNSUBSCRIBE_SALT = "trailpost.notifications.unsubscribe"
BACK_SALT = "trailpost.notifications.back"
# A chat reply's token has the play token's shape but its own salt: neither verifies as the other.
CHAT_SALT = "trailpost.notifications.chat"
# The Reply-To of an email that asks nothing (a hit, a game's end, "Played"): a reply to it is
# answered, once, with how to play and talk by email. Signed apart from play+ and chat+ tokens.
HELP_SALT = "trailpost.notifications.help"
_SIG_BYTES = 15  # 120 bits: 24 base32 characters
REPLY_ADDRESS_RE = re.compile(r"play\+([0-9]+-[0-9]+-[0-9]+\.[a-z2-7]+)@", re.IGNORECASE)
CHAT_ADDRESS_RE = re.compile(r"chat\+([0-9]+-[0-9]+-[0-9]+\.[a-z2-7]+)@", re.IGNORECASE)
HELP_ADDRESS_RE = re.compile(r"help\+([0-9]+-[0-9]+\.[a-z2-7]+)@", re.IGNORECASE)


@dataclass(frozen=True)
class ReplyToken:
    seat_id: int
    game_id: int
    version: int


def _signature(value: str, salt: str = REPLY_SALT) -> str:
    sig = signing.Signer(salt=salt, algorithm="sha256").signature(value)
    raw = base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4))[:_SIG_BYTES]
    return base64.b32encode(raw).decode().lower()


def reply_token(*, seat_id: int, game_id: int, version: int) -> str:
    """Returns the signed token for a reply to a move email."""
    value = f"{seat_id}-{game_id}-{version}"
    return f"{value}.{_signature(value)}"


def reply_address(*, seat_id: int, game_id: int, version: int) -> str:
    """Returns the Reply-To address that plays a move for this seat at this version."""
    token = reply_token(seat_id=seat_id, game_id=game_id, version=version)
    return f"play+{token}@{settings.TRAILPOST_REPLY_DOMAIN}"


def read_reply_token(token: str) -> ReplyToken | None:
    """Returns what a reply token names, or None when it is malformed or forged."""
    token = token.strip().lower()
    value, _, sig = token.partition(".")
    parts = value.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or not sig:
        return None
    if not constant_time_compare(sig, _signature(value)):
        return None
    seat_id, game_id, version = (int(p) for p in parts)
    return ReplyToken(seat_id=seat_id, game_id=game_id, version=version)


def find_reply_token(addresses) -> str | None:
    """Returns the first play+<token> found among some addresses (or header values)."""
    for address in addresses:
        match = REPLY_ADDRESS_RE.search(str(address or ""))
        if match:
            return match.group(1)
    return None


@dataclass(frozen=True)
class ChatToken:
    """A chat email's reply token: the recipient's seat, the game, and the message it showed.

    A play token expires when its game moves past its version; a chat token expires with its
    game: chat.services.post_reply refuses a reply once the game finished more than
    TRAILPOST["CHAT_REPLY_DAYS"] ago (or was aborted)."""

    seat_id: int
    game_id: int
    message_id: int


def chat_token(*, seat_id: int, game_id: int, message_id: int) -> str:
    """Returns the signed token for a reply to a chat email (signed apart from move tokens)."""
    value = f"{seat_id}-{game_id}-{message_id}"
    return f"{value}.{_signature(value, CHAT_SALT)}"


def chat_address(*, seat_id: int, game_id: int, message_id: int) -> str:
    """Returns the Reply-To address of a chat email: a reply to it is a message at the table."""
    token = chat_token(seat_id=seat_id, game_id=game_id, message_id=message_id)
    return f"chat+{token}@{settings.TRAILPOST_REPLY_DOMAIN}"


def read_chat_token(token: str) -> ChatToken | None:
    """Returns what a chat token names, or None when it is malformed or forged (a play token too)."""
    token = token.strip().lower()
    value, _, sig = token.partition(".")
    parts = value.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or not sig:
        return None
    if not constant_time_compare(sig, _signature(value, CHAT_SALT)):
        return None
    seat_id, game_id, message_id = (int(p) for p in parts)
    return ChatToken(seat_id=seat_id, game_id=game_id, message_id=message_id)


def find_chat_token(addresses) -> str | None:
    """Returns the first chat+<token> found among some addresses (or header values)."""
    for address in addresses:
        match = CHAT_ADDRESS_RE.search(str(address or ""))
        if match:
            return match.group(1)
    return None


@dataclass(frozen=True)
class HelpToken:
    """An asking-nothing email's reply token: the recipient's seat and the game."""

    seat_id: int
    game_id: int


def help_address(*, seat_id: int, game_id: int) -> str:
    """Returns the Reply-To address of an email that asks nothing: a reply to it gets how to play
    and talk by email (inbound.route), instead of vanishing at noreply@."""
    value = f"{seat_id}-{game_id}"
    return f"help+{value}.{_signature(value, HELP_SALT)}@{settings.TRAILPOST_REPLY_DOMAIN}"


def read_help_token(token: str) -> HelpToken | None:
    """Returns what a help token names, or None when it is malformed or forged."""
    value, _, sig = token.strip().lower().partition(".")
    parts = value.split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts) or not sig:
        return None
    if not constant_time_compare(sig, _signature(value, HELP_SALT)):
        return None
    return HelpToken(seat_id=int(parts[0]), game_id=int(parts[1]))


def find_help_token(addresses) -> str | None:
    """Returns the first help+<token> found among some addresses (or header values)."""
    for address in addresses:
        match = HELP_ADDRESS_RE.search(str(address or ""))
        if match:
            return match.group(1)
    return None


def unsubscribe_token(*, user_id: int, kind: str | None = None, game_id: int | None = None) -> str:
    """Returns a signed token that turns one kind of notice off (or mutes a game) for a user."""
    return signing.dumps({"u": user_id, "k": kind, "g": game_id}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> dict | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return data if isinstance(data, dict) and "u" in data else None


def back_token(*, user_id: int, vacation_id: int) -> str:
    """The "I'm back" link's token: a player's automatic vacation day (games.clock.away)."""
    return signing.dumps({"u": user_id, "v": vacation_id}, salt=BACK_SALT)


def read_back_token(token: str) -> dict | None:
    """Returns {"u": user id, "v": vacation id} from a valid "I'm back" token, else None."""
    try:
        data = signing.loads(token, salt=BACK_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("v"), int):
        return None
    return data
