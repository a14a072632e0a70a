"""The turn clock: when each pending decision falls due, and what happens when nobody decides.

- `vacations`: a player's vacation days, which do not count against their deadlines.
- `orders`: standing orders, a seat's answers given in advance to out-of-turn decisions.
- `bank`: time banks (a Fischer clock): a seat's bank as its deadline, the increment and the cap.
- `deadlines`: the deadline a new decision gets, and keeping every seat's deadline current.
- `autoplay`: turns nobody sits at a screen for: bot seats, and decisions a standing order answers.
- `sweep`: what the minute sweep does with passed deadlines: plays stuck bots and standing
  orders, pauses for vacations, times players out, and replaces a player who keeps missing.

The clock changes games only through `games.services` (`move_submit`, `seat_out`,
`seat_replace`) and tells nobody anything itself: what it does is announced through
`games.events` like every other change. Its Celery tasks are in `games.tasks`.
"""
