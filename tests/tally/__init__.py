"""Tally: a small fourth game, one package, that the server plays without any file outside this
package knowing it (issue #28). A test serves it with the TRAILPOST_GAMES setting and these
templates with TEMPLATES (tests/games/test_a_fourth_game.py); nothing else names it.

The rules: 24 cards, the values 1 to 8 three times, shuffled (the game's Rng); each seat is dealt
three, which only it sees. On a turn a seat plays one card of its hand face up (its value adds to
its tally) and draws the next card of the deck, which only it sees. After `rounds` turns each,
the highest tally wins ("high"), or the lowest ("low": the other variant); seats level share the
place. A seat that resigns is out and ranked last; the last seat in wins.

Its state starts with the common Frame (games.rules.base.Frame: version, seats, turn, phase,
pending, result, out, rng), so the base Engine answers to_act and result and runs a resignation;
the engine adds only `seat_left` (the turn passes on, the game may end) and `turn_seat`.

Modules, as in a game package of games/rules: `engine` (the rules, the view, the words; `ENGINE`)
and `picture` (the table drawn for the page and for emails), and `templates/` (its board and
rules summary, found by the slug "tally").
"""
