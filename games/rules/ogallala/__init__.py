"""Ogallala (I and II): the card-laying canoe game by Rudi Hoffman.

Modules, as in every game package (games/rules/base.py): `cards` (the cards as data), `state`
(the state's shape as TypedDicts, the deal, small queries), `engine` (the rules; `ENGINE`),
`view` (what a seat sees, action labels, reasons a move is refused), `bots`. One extra module,
a component: `display` (the river displays: reading boats and sections off the rows, combat
strength, and the tallies of both editions).

And `picture`, the table drawn for the game page and for emails, and `page`, what the game
page's board draws beyond the view (the rivers to play on).
"""
