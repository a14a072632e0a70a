"""Crayon Rails: a crayon-rail game of the Empire Builder family on an original map, with the
public-locking demand pool variant (shared/rules/003) and the standard three-card hands.

Modules, as in every game package (games/rules/base.py): `cards` (reading the demand deck),
`state` (the state's shape as TypedDicts, the deal, small queries), `engine` (the rules;
`ENGINE`), `view` (what a seat sees, menu labels, reasons a move is refused), `bots`. Extra
modules, all components: `board` (the map of Tessary as data: terrain, cities, goods, water;
`map_data()` for the web board), `deck` (the demand and event cards, generated data),
`deckgen` (generates `deck` from the map) and `network` (track, routes and the cached
cheapest-build search); and `commands`, builds and moves named by cities in an email reply
("build Harrowgate to Kestrel Bay", "move to Hobbsford"), found by the cheapest legal path.

And `picture`, the map drawn for the game page and for emails, and `page`, what the game
page's board draws beyond the view (its map's static layers, tracks, trains, costs).
"""
