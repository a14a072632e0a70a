"""Ogallala (I and II): the card-laying canoe game by Rudi Hoffman.

Modules, as in every game package (games/rules/base.py): `cards` (the cards as data), `state`
(the state's shape as TypedDicts, the deal, small queries), `menus` (whose decision it is, where a
card may go, whom a raid may hit, one check per action kind, the menu), `engine` (the `Engine`
subclass; `ENGINE`), `view` (what a seat sees), `words` (action labels, the table as text,
reasons a move is refused, what a raid means), `bots`, `places`. Extra modules: `actions` (what
each action does) and `turns` (the steps that need no decision, the tallies, the end), the rules
by sub-domain; `commands` (the reply grid and the codes and stack names an email reply may
give); and a component, `display` (the river displays: reading boats and sections off the rows,
combat strength, and the tallies of both editions).

And `picture`, the table drawn for the game page and for emails, and `page`, what the game
page's board draws beyond the view (the rivers to play on).
"""
