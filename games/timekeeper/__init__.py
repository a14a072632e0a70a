"""The turn clock's drivers: what acts when nobody sits at a screen or a deadline passes.

- `autoplay`: turns nobody sits at a screen for: bot seats, and decisions a standing order answers.
- `sweep`: what the minute sweep does with passed deadlines: plays stuck bots and standing
  orders, pauses for vacations, times players out, and replaces a player who keeps missing.

They read the clock's policy (`games.clock`: deadlines, banks, vacations, orders) and change games
only through `games.services` (`move_submit`, `seat_out`, `seat_replace`), so they sit above both;
they tell nobody anything themselves: what they do is announced through `games.events` like every
other change. Their Celery tasks are in `games.tasks`, under the task names the beat schedule
and queued messages carry.
"""
