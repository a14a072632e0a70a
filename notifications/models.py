"""Notification outbox and player preferences (filled in by the notifications work)."""
