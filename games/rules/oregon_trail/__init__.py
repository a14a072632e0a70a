"""Oregon Trail Race: a competitive race to Oregon, revised (default) and classic rules.

Modules, as in every game package (games/rules/base.py): `cards` (the components as data),
`state` (the state's shape as TypedDicts, the deal, small queries such as `blocked`), `engine`
(the rules; `ENGINE`), `view` (what a seat sees, action labels, reasons a move is refused),
`bots`. No extra modules.

Actions (all JSON dicts with a `type`):
    draft{supply}                       revised setup, last seat first
    scout | end_turn                    end_turn: revised; classic only when scouting is impossible
    forge{card, turned}                 a hand card at the front (classic: towns/forts too)
    ford | mend{calamity} | trade{calamity, give:[kinds]}
    step_back | step_forward
    use_town{town, take:[kinds]} | use_town{town, remove}      revised, at the town's point
    place_town{card, take|remove}                              revised, place and use at once
    enter_town{town[, supply]} | mend_any{calamity} | buy      classic
    victim{seat} | lose_supply{supply} | bullets{use} | measles{choice[, give]} | take_supply{supply}

Where the texts leave gaps we chose (besides the rulings in shared/rules/README.md):
- Revised, stuck in a river: scouting is still allowed (the text forbids only forging, moving
  and towns); classic allows only the ford.
- Revised measles: the lost action is taken at the start of the victim's next turn and given
  back if they mend the measles in that turn (the mend was the lost action).
- Lost turns and fewer-action turns from several calamities run side by side, not added up.
- A paired card (cholera, measles, grass, water) pairs with the other copy only while that copy
  is in front of someone; if the first was already mended, the second starts over dormant.
- Classic: a calamity trigger forged as the Nth card still draws its calamity (the ruling that
  it draws nothing is for revised); "X rounds" = X times the members at the time it is received.
- Classic towns: players whose trail has not passed the town's point when it is founded share
  the pool (founder included, plus one); a later arrival steps in (an action) to take one, or
  forfeits by forging on; once nobody may take any more the rest is discarded. Stepping back onto
  a town's point puts the marker in the town; stepping forward onto it does not.
- Classic, trail deck and discards both empty: scouting is not possible (the ruling); trails are
  trimmed only before a town every living player has passed, never by a count of cards behind.
- Trading is offered for mending (and classic measles), never for bullets.
- Classic hunting with no food in the supply discard or the deck: nothing can be had for the
  bullets, so the victim is not asked and keeps them.
- A seat that leaves (resigned, dropped, kicked: all `resign`) drops its own pending decisions
  and any theft it would gain from; then the move ends as an answered decision does, so a
  mover whose action is spent loses the turn to the next seat.

And `picture`: the table drawn for the game page and for emails.
"""
