"""The turn clock's policy: when each pending decision falls due, and what time a player has.

- `vacations`: a player's vacation days, which do not count against their deadlines.
- `away`: automatic vacation days, spent when a player's deadline would pass.
- `orders`: standing orders, a seat's answers given in advance to out-of-turn decisions.
- `bank`: time banks (a Fischer clock): a seat's bank as its deadline, the increment and the cap.
- `deadlines`: the deadline a new decision gets, and keeping every seat's deadline current.

This package sits below `games.services`, which asks it for deadlines and banks as each move is
made, so it never imports the services: what acts when time runs out (bots, standing orders, the
sweep of passed deadlines) is `games.timekeeper`, above them. import-linter holds the three layers.
"""
