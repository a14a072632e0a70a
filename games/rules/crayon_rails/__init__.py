"""Crayon Rails: a crayon-rail game of the Empire Builder family on an original map, with the
public-locking demand pool variant (shared/rules/003) and the standard three-card hands.

Modules: `board` (the map of Tessary as data: terrain, cities, goods, water; `map_data()` for the
web board), `deckgen` (generates the demand deck from the map) and `deck` (its committed
output), `cards` (reading the deck), `state` (the dealt state and small queries), `network`
(track, routes and the cached cheapest-build search), `engine` (the rules; `ENGINE`), `view`
(views, menu labels, reasons a move is refused), `bots`.
"""
