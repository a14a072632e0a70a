"""Ogallala (I and II): the card-laying canoe game by Rudi Hoffman."""
