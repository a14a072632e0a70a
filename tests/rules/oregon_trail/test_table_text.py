"""The table as plain text for an email: each fact a seat needs, and nothing it may not see."""

import copy

from games.rules.checks import SAME_MOVE
from games.rules.oregon_trail.engine import ENGINE
from games.rules.oregon_trail.words import WIDTH, _hand_text, _wrap

from .helpers import blank, give_calamity, give_hand, give_supplies, lay_trail, place_town, stack_calamity


def _position():
    """Three wagons: seat 0 three cards out with a fort behind, seat 1 two cards out, seat 2 at
    Independence; seat 1 holds a river card shaped bottom→top that nobody else shows."""
    state = blank(players=3)
    lay_trail(state, 0, [("middle", "top"), ("top", "top"), ("top", "bottom")])
    place_town(state, "fort", 2, founder=1)
    lay_trail(state, 1, [("middle", "middle"), ("middle", "middle")])
    give_hand(state, 0, "plain", "bottom", "middle")
    give_hand(state, 0, "town")
    give_hand(state, 1, "river_drown", "top", "middle")
    give_hand(state, 1, "river_supply", "bottom", "bottom")
    give_supplies(state, 0, "food", "food", "medicine")
    give_supplies(state, 1, "bullets")
    give_calamity(state, 0, "starvation", deadline=2)
    give_calamity(state, 1, "broken_axle", deadline=3)
    state["players"][0]["members"] = 3
    return state


def _card_labels(state, seat):
    view = ENGINE.view(state, seat)
    return [_hand_text(c) for c in view["hand"]]


def _section(lines, heading):
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i]), len(lines))
    return lines[start:end]


def test_own_hand_shows_each_card_with_its_shape():
    lines = ENGINE.table_text(_position(), 0)
    assert _section(lines, "Your hand:") == [
        "- Trail, bottom→middle (turned: middle→top)",
        "- Town (no trail line: placed at your front)",
    ]


def test_wagon_shows_members_supplies_and_calamity_countdown():
    wagon = _section(ENGINE.table_text(_position(), 0), "Your wagon:")
    assert wagon[0] == "- 3 wagon members, at card 3 of 20 (the front)"
    assert "- Supplies: Food x2, Medicine" in wagon
    assert "  - Starvation: 2 turns left to mend; mend with Food" in wagon


def test_trail_ahead_shows_cards_laid_towns_and_the_next_card():
    trail = _section(ENGINE.table_text(_position(), 0), "The trail:")
    text = "\n".join(trail)
    assert "1 Calamity trail middle→top" in text and "3 Calamity trail top→bottom <wagon>" in text
    assert text.index("2 Calamity trail top→top") < text.index("[Fort]") < text.index("3 Calamity trail")
    assert "  next card: 4 of 20, starts at the bottom" in trail  # seat 0 continues from its front
    assert "  next card: 3 of 20, starts at any height" in trail  # seat 1's front is the fort
    assert "- Fort after card 2, placed by Player 2" in trail


def test_every_players_position_and_public_calamities():
    players = _section(ENGINE.table_text(_position(), 0), "Players:")
    assert "- Player 1 (you): at card 3 of 20 (the front), to play" in players
    assert "- Player 2: at card 2 of 20 (the front)" in players
    assert "- Player 3: at Independence" in players
    assert "  4 members, 2 trail cards in hand, 1 supply" in players
    assert "  - Broken Axle: 3 turns left to mend; the wagon cannot move; mend with Spare Parts" in players


def test_stuck_in_a_river_and_stepped_back_positions():
    state = _position()
    state["players"][0]["pos"] = 1
    state["players"][1]["stuck"] = True
    players = _section(ENGINE.table_text(state, 2), "Players:")
    assert "- Player 1: at card 1 of 20 (front: card 3), to play" in players
    assert "- Player 2: at card 2 of 20 (the front), stuck in the river" in players


def test_another_seats_hand_never_shows():
    state = _position()
    theirs = _card_labels(state, 1)
    assert theirs == [
        "River (a 1 drowns), top→middle (turned: middle→bottom)",
        "River (odd: lose a supply), bottom→bottom (turned: top→top)",
    ]
    for seat in (0, 2, None):
        text = "\n".join(ENGINE.table_text(state, seat))
        for label in theirs:
            assert label not in text
        assert "River" not in text  # nobody else holds or laid a river
    # the lines of seat 0 do not depend on what seat 1 holds, only on how many cards
    other = copy.deepcopy(state)
    other["trail_deck"].extend(other["players"][1]["hand"])
    other["players"][1]["hand"] = []
    give_hand(other, 1, "plain", "top", "top")
    give_hand(other, 1, "fort")
    assert ENGINE.table_text(other, 0) == ENGINE.table_text(state, 0)


def test_own_hand_is_shown_to_its_seat_only():
    state = _position()
    for label in _card_labels(state, 1):
        assert "- " + label in ENGINE.table_text(state, 1)


def test_spectator_sees_no_hand_but_the_public_table():
    state = _position()
    lines = ENGINE.table_text(state, None)
    assert "Your hand:" not in lines and "Your wagon:" not in lines
    text = "\n".join(lines)
    for seat in (0, 1):
        for label in _card_labels(state, seat):
            assert label not in text
    assert "- Player 3: at Independence" in lines
    assert "  - Starvation: 2 turns left to mend; mend with Food" in lines


def test_lines_are_short_and_name_seats_by_label():
    state = _position()
    for seat in (0, 1, 2, None):
        lines = ENGINE.table_text(state, seat)
        assert all(isinstance(x, str) and len(x) < 90 for x in lines), lines
        assert "Seat " not in "\n".join(lines)


def test_pending_decision_classic_towns_and_game_over():
    state = blank(ruleset="classic", players=3)
    town = place_town(state, "town", 0)
    town["pool"] = [c for c in state["supply_deck"][:1]]
    state["pending"].append({"kind": "victim", "seat": 2})
    lines = ENGINE.table_text(state, 0)
    assert "Waiting for Player 3 to choose who receives the calamity." in lines
    assert any(x.startswith("- Town after card 0, placed by Player 1: free ") for x in lines)
    state["result"] = {"winners": [1], "ranking": [1, 0, 2], "reason": "Player 2 reaches Willamette Valley."}
    lines = ENGINE.table_text(state, 0)
    assert "Game over. Winner: Player 2." in lines


def test_each_kind_of_move_is_labelled_with_what_it_does():
    """The menu's words (action_label), kind by kind: the card and its line as forged (turned: its
    ends swapped, top and bottom trading places), the supplies given or taken, the calamity named
    with its count-down, the seat sent to, the decision's answer."""
    state = blank(players=2)

    def label(action):
        return ENGINE.action_label(state, 0, action)

    plain = give_hand(state, 0, "plain", "middle", "top")
    town_card = give_hand(state, 0, "town")
    fort_card = give_hand(state, 0, "fort")
    town = place_town(state, "town", 0)
    starving = give_calamity(state, 0, "starvation", deadline=2)["card"]
    typhoid = give_calamity(state, 0, "typhoid", deadline=1)["card"]
    arm = give_calamity(state, 0, "broken_arm", fewer=2)["card"]
    assert label({"type": "draft", "supply": "spare_parts"}) == "Draft Spare Parts"
    assert label({"type": "scout"}) == "Scout (draw a trail card)"
    assert label({"type": "end_turn"}) == "End turn"
    assert label({"type": "forge", "card": town_card, "turned": False}) == "Found a Town here"
    assert label({"type": "forge", "card": plain, "turned": False}) == "Forge Trail (middle→top)"
    assert label({"type": "forge", "card": plain, "turned": True}) == "Forge Trail (bottom→middle), turned"
    assert label({"type": "ford"}) == "Try to ford the river"
    assert label({"type": "mend", "calamity": starving}) == "Mend Starvation (2 turns left) with Food"
    assert label({"type": "mend", "calamity": typhoid}) == "Mend Typhoid (1 turn left) with Clean Water and Medicine"
    trade = {"type": "trade", "calamity": typhoid, "give": ["oxen", "clothes"]}
    assert label(trade) == "Trade Oxen and Clothes to mend Typhoid (1 turn left) (roll even)"
    assert label({"type": "step_back"}) == "Step back"
    assert label({"type": "step_forward"}) == "Step forward"
    use = {"type": "use_town", "town": town["card"]}
    assert label(use | {"take": ["food", "oxen"]}) == "Use the town: take Food + Oxen"
    assert label(use | {"remove": arm}) == "Use the town: remove Broken Arm (one action fewer for 2 more turns)"
    next(c for c in state["players"][0]["calamities"] if c["card"] == arm)["fewer"] = 1
    assert label(use | {"remove": arm}) == "Use the town: remove Broken Arm (one action fewer for 1 more turn)"
    measles = give_calamity(state, 0, "measles", fewer=1)["card"]  # its lost action is not a count-down
    assert label({"type": "mend", "calamity": measles}) == "Mend Measles with Medicine"
    assert label({"type": "place_town", "card": fort_card, "take": []}) == "Place a fort here: take nothing"
    assert label({"type": "enter_town", "town": town["card"], "supply": "clothes"}) == (
        "Step into town and take Clothes"
    )
    assert label({"type": "enter_town", "town": town["card"]}) == "Step into town"
    assert label({"type": "mend_any", "calamity": starving}) == "Mend any calamity in town: Starvation (2 turns left)"
    assert label({"type": "mend_any", "calamity": "C99"}) == "Mend any calamity in town: a calamity"
    assert label({"type": "buy"}) == "Buy a supply card"
    assert label({"type": "victim", "seat": 1}) == "Send the calamity to Player 2"
    assert label({"type": "lose_supply", "supply": "medicine"}) == "Lose Medicine in the river"
    assert label({"type": "bullets", "use": True}) == "Discard bullets against the thief"
    assert label({"type": "bullets", "use": False}) == "Keep the bullets"
    state["pending"] = [{"kind": "hunting_bullets", "seat": 0, "card": "C99"}]
    assert label({"type": "bullets", "use": True}) == "Spend bullets for food"
    assert label({"type": "bullets", "use": False}) == "Keep the bullets"
    assert label({"type": "measles", "choice": "medicine"}) == "Discard Medicine to avoid the Measles"
    assert label({"type": "measles", "choice": "trade", "give": "food"}) == "Trade Food for Medicine (roll even)"
    assert label({"type": "measles", "choice": "decline"}) == "Take the Measles"
    assert label({"type": "take_supply", "supply": "bullets"}) == "Take Bullets"
    assert label({"type": "fly"}) == "fly"
    classic = blank("classic", players=2)
    assert ENGINE.action_label(classic, 0, {"type": "end_turn"}) == "Wait (nothing else to do)"


def test_explain_illegal_says_the_refusal_or_that_the_move_is_on_the_menu_written_another_way():
    state = blank(players=2)
    lay_trail(state, 0, [("middle", "middle")], kind="plain")
    first = give_hand(state, 0, "trigger", "middle", "middle")
    second = give_hand(state, 0, "trigger", "middle", "middle")
    assert {"type": "forge", "card": second, "turned": False} not in ENGINE.legal_actions(state, 0)
    assert ENGINE.explain_illegal(state, 0, {"type": "forge", "card": second, "turned": False}) == SAME_MOVE
    assert {"type": "forge", "card": first, "turned": False} in ENGINE.legal_actions(state, 0)
    assert ENGINE.explain_illegal(state, 0, {"type": "ford"}) == "You are not in a river."


# -- the table's lines, fact by fact ----------------------------------------------------------------
def _players(state, seat=None):
    return _section(ENGINE.table_text(state, seat), "Players:")


def test_a_line_is_wrapped_before_a_part_that_would_pass_the_width():
    """_wrap: parts joined with ", " after the head; a line may reach WIDTH (88) characters, and the
    part that would pass it starts the next line, indented; the last part has no comma."""
    head = "- Supplies:"
    fits = "a" * (WIDTH - len(head) - 2)  # with its comma and the space before it: exactly WIDTH
    lines = _wrap(head, [fits, "b"])
    assert lines == [f"{head} {fits},", "    b"] and len(lines[0]) == WIDTH
    assert _wrap(head, [fits + "a", "b"]) == [head, f"    {fits}a, b"]
    assert _wrap("  -", ["x" * 90, "y"], indent="      ") == ["  -", "      " + "x" * 90 + ",", "      y"]
    assert _wrap("", ["c", "d"]) == ["c, d"]  # no head: the first part starts the line
    assert _wrap("", ["z" * 100]) == ["z" * 100]  # a word longer than the width is never cut


def test_a_part_too_long_for_a_line_of_its_own_is_broken_between_its_words():
    """_wrap: a part longer than a whole line goes on from the line it starts (never a bullet left
    alone on its line), broken between words at WIDTH, the rest indented; a part that fits on a
    line of its own still starts the next line whole."""
    words = " ".join(["word"] * 30)  # 149 characters
    lines = _wrap("  -", [words])
    assert lines[0].startswith("  - word") and len(lines[0]) <= WIDTH
    assert len(lines[0]) + 1 + len("word") > WIDTH  # the first line takes all the words it can
    assert all(line.startswith("    word") and len(line) <= WIDTH for line in lines[1:])
    assert " ".join(line.strip(" -") for line in lines) == words  # nothing lost, nothing cut
    long_reason = _wrap("", [words])  # no head: the first line starts with the part itself
    assert long_reason[0].startswith("word") and len(long_reason[0]) <= WIDTH and len(long_reason) == 2
    # after other parts: its first words fill the line ("- Supplies: " + 70 + ", word" is 88)
    assert _wrap("- Supplies:", ["a" * 70, words]) == [
        "- Supplies: " + "a" * 70 + ", word",
        "    " + " ".join(["word"] * 17),
        "    " + " ".join(["word"] * 12),
    ]


def test_a_part_that_fits_a_line_of_its_own_moves_whole_and_a_word_is_never_cut():
    """_wrap: a part of several words that fits on a line of its own is moved whole to the next
    line (at one character over the width, and at exactly the width of a line of its own), not
    broken; lines already made stay when a later part is broken; a long word is never cut, not
    even at its hyphens."""
    head = "- Supplies: " + "a" * 70 + ","  # 83 characters
    assert _wrap("- Supplies:", ["a" * 70, "word word word"]) == [head, "    word word word"]
    assert _wrap("- Supplies:", ["a" * 70, "ab ab"]) == [head, "    ab ab"]  # 83 + 1 + 5: one over
    exactly = " ".join(["ab"] * 28) + "w"  # 84: with the indent, exactly WIDTH
    assert _wrap("- S:", ["a" * 70, exactly]) == ["- S: " + "a" * 70 + ",", "    " + exactly]
    words = " ".join(["word"] * 30)
    assert _wrap("- Supplies:", ["a" * 80, words]) == [
        "- Supplies:",
        "    " + "a" * 80 + ",",
        "    " + " ".join(["word"] * 17),
        "    " + " ".join(["word"] * 13),
    ]
    hyphens = "left-handed-" * 10
    assert _wrap("-", [hyphens]) == ["-", "    " + hyphens]


def test_a_card_that_reads_the_same_turned_shows_one_shape():
    """_hand_text: the turned shape is shown only when turning changes it (middle stays middle,
    top→bottom turned is top→bottom again)."""
    state = blank(players=2)
    give_hand(state, 0, "plain", "middle", "middle")
    give_hand(state, 0, "plain", "top", "bottom")
    give_hand(state, 0, "plain", "top", "middle")
    assert _card_labels(state, 0) == [
        "Trail, middle→middle",
        "Trail, top→bottom",
        "Trail, top→middle (turned: middle→bottom)",
    ]


def test_supplies_are_counted_by_kind_in_the_order_first_held():
    """_counted: a kind held more than once reads "Name xN", once just its name."""
    state = blank(players=2)
    give_supplies(state, 0, "oxen", "food", "food", "oxen", "food", "bullets")
    wagon = _section(ENGINE.table_text(state, 0), "Your wagon:")
    assert wagon[1] == "- Supplies: Oxen x2, Food x3, Bullets"


def test_each_calamity_reads_its_count_down_what_it_stops_and_what_mends_it():
    """_calamity_text: the count-down in turns (1 turn, 2 turns), a dormant pair card, the actions
    or turns a calamity takes away, the wagon stopped by a broken part or dead oxen, and the
    supplies that mend it (dead oxen: Oxen), or that only a town or fort removes it."""
    state = blank(players=2)
    give_calamity(state, 1, "inadequate_grass", deadline=1, oxen_dead=True)
    give_calamity(state, 1, "bad_water")
    give_calamity(state, 1, "cholera")
    give_calamity(state, 1, "broken_arm", fewer=1)
    give_calamity(state, 1, "measles", fewer=2)
    give_calamity(state, 1, "broken_tongue", deadline=1)
    give_calamity(state, 1, "typhoid", deadline=2)
    assert _players(state)[4:] == [
        "  - Dead Oxen (from Inadequate Grass): 1 turn left to mend; the wagon cannot move; mend",
        "    with Oxen",  # too long for one line: broken between words, the rest indented
        "  - Bad Water: no count-down (a second one strikes); mend with Clean Water",
        "  - Cholera: no count-down (a second one strikes); mend with Medicine + Medicine",
        "  - Broken Arm: one action fewer for 1 turn; only a town or fort removes it",
        "  - Measles: one action fewer for 2 turns; mend with Medicine",
        "  - Broken Tongue: 1 turn left to mend; the wagon cannot move; mend with Spare Parts",
        "  - Typhoid: 2 turns left to mend; mend with Clean Water + Medicine",
    ]


def test_classic_calamities_read_the_turns_to_lose_and_dead_oxen_drawn_as_such():
    """_calamity_text, classic: a broken arm's lost turns (1 turn, 2 turns), the Dead Oxen card
    itself (not "from" another), a broken wheel or axle stopping the wagon."""
    state = blank("classic", players=2)
    give_calamity(state, 1, "broken_arm", skip=1)
    give_calamity(state, 1, "dead_oxen", deadline=3)
    give_calamity(state, 1, "broken_wheel", deadline=8)
    give_calamity(state, 1, "broken_axle", deadline=1)
    state["players"][0]["calamities"].append(dict(state["players"][1]["calamities"][0], skip=2))
    assert _players(state) == [
        "- Player 1: at Independence, to play",
        "  4 members, 0 trail cards in hand, 0 supplies",
        "  - Broken Arm: 2 turns to lose; only a town or fort removes it",
        "- Player 2: at Independence",
        "  4 members, 0 trail cards in hand, 0 supplies",
        "  - Broken Arm: 1 turn to lose; only a town or fort removes it",
        "  - Dead Oxen: 3 turns left to mend; the wagon cannot move; mend with Oxen",
        "  - Broken Wheel: 8 turns left to mend; the wagon cannot move; mend with Spare Parts",
        "  - Broken Axle: 1 turn left to mend; the wagon cannot move; mend with Spare Parts",
    ]


def test_where_each_marker_stands():
    """_where: out of the game (and nothing more said of that wagon), at Willamette Valley, in a
    town or fort (the one at its point), at Independence with a trail ahead, behind its front."""
    state = blank("classic", players=4)
    lay_trail(state, 0, [("middle", "middle")] * 2)
    state["players"][0]["pos"] = 0
    lay_trail(state, 1, [("middle", "middle")] * 3)
    place_town(state, "fort", 3)
    state["players"][1]["in_town"] = True
    state["players"][2].update(alive=False, members=0)
    lay_trail(state, 3, [("middle", "middle")] * 20)
    state["players"][3]["at_end"] = True
    assert _players(state, 1) == [
        "- Player 1: at Independence (front: card 2), to play",
        "  4 members, 0 trail cards in hand, 0 supplies",
        "- Player 2 (you): in the fort after card 3",
        "  4 members, 0 trail cards in hand, 0 supplies",
        "- Player 3: out of the game",
        "- Player 4: at Willamette Valley",
        "  4 members, 0 trail cards in hand, 0 supplies",
    ]
    wagon = _section(ENGINE.table_text(state, 1), "Your wagon:")
    assert wagon[0] == "- 4 wagon members, in the fort after card 3"


def test_the_trail_section_says_the_next_card_only_for_wagons_still_on_the_way():
    """The trail: a town where a marker stands carries the wagon; the next card's number and
    height for each wagon alive and not arrived; a town's free supplies."""
    state = blank("classic", players=3)
    p = state["players"][0]
    lay_trail(state, 0, [("middle", "top")])
    p["trimmed"] = 2  # classic: the trail behind the town at point 2 is gone
    p["pos"], p["in_town"] = 2, True
    town = place_town(state, "town", 2, founder=2)
    give_supplies(state, 1, "food", "oxen")
    town["pool"] = state["players"][1]["supplies"]
    state["players"][1]["supplies"] = []
    state["players"][1].update(alive=False, members=0)
    lay_trail(state, 2, [("middle", "middle")] * 20)
    state["players"][2]["at_end"] = True
    trail = _section(ENGINE.table_text(state, 0), "The trail:")
    assert trail[:2] == [
        "- Player 1 (you): Independence, [Town] <wagon>, 3 Calamity trail middle→top",
        "  next card: 4 of 20, starts at the top",
    ]
    assert trail[2] == "- Player 2: Independence"
    assert not trail[3].startswith("  next card")
    assert "next card" not in "\n".join(trail[3:])
    assert trail[-1] == "- Town after card 2, placed by Player 3: free Food, Oxen"


def test_the_head_lines_say_the_rules_the_phase_and_whose_turn_it_is():
    """The head: the ruleset and where the race ends (revised: Oregon; classic: Willamette
    Valley), the draft's picker, the turn with the actions left (revised only: 1 action, 2 actions)."""
    state = ENGINE.new_state({"ruleset": "revised"}, 3, "scenario")
    assert state["phase"] == "draft"
    assert ENGINE.table_text(state, 0)[:2] == [
        "Oregon Trail Race, revised rules: 20 trail cards to Oregon.",
        f"Drafting supplies: Player {state['turn'] + 1} picks.",
    ]
    state = blank(players=2)
    state["turn"], state["turn_number"], state["actions_left"] = 1, 7, 1
    assert ENGINE.table_text(state, 0)[1] == "Turn 7: Player 2 to play, 1 action left."
    state["actions_left"] = 2
    assert ENGINE.table_text(state, 0)[1] == "Turn 7: Player 2 to play, 2 actions left."
    state = blank("classic", players=2, trail_length=22)
    assert ENGINE.table_text(state, None)[:2] == [
        "Oregon Trail Race, classic rules: 22 trail cards to Willamette Valley.",
        "Turn 1: Player 1 to play.",
    ]


def test_game_over_names_the_winner_or_nobody_and_why():
    """A finished race: "Game over. Winner: ..." (nobody when the last wagons died together) and
    the reason, wrapped; nobody is "to play" any more."""
    state = blank(players=2)
    state["result"] = {"winners": [], "ranking": [0, 1], "reason": "The last wagons died together: nobody wins."}
    lines = ENGINE.table_text(state, 0)
    assert lines[1:3] == ["Game over. Winner: nobody.", "The last wagons died together: nobody wins."]
    assert "to play" not in "\n".join(lines)
    state["result"] = {"winners": [1], "ranking": [1, 0]}
    assert ENGINE.table_text(state, 0)[1:3] == ["Game over. Winner: Player 2.", ""]


def test_a_calamity_drawn_and_awaiting_an_answer_is_named():
    """The calamities revealed and not yet settled are named, in order, on one line."""
    state = blank("classic", players=2)
    state["revealed"] = [stack_calamity(state, "measles"), stack_calamity(state, "thief")]
    state["calamity_deck"] = state["calamity_deck"][:-2]
    state["pending"].append({"kind": "measles_medicine", "seat": 1, "card": state["revealed"][0]})
    assert ENGINE.table_text(state, 0)[2:4] == [
        "Waiting for Player 2 to decide whether to use medicine against the measles.",
        "Calamity drawn: Measles, Thief.",
    ]


def test_one_of_a_thing_is_said_in_the_singular():
    """A wagon of one member, one trail card in hand and one supply card: no plural s."""
    state = blank(players=2)
    state["players"][1]["members"] = 1
    give_hand(state, 1, "plain", "top", "top")
    give_supplies(state, 1, "food")
    lines = ENGINE.table_text(state, 1)
    assert _section(lines, "Your wagon:")[0] == "- 1 wagon member, at Independence"
    assert _players(state)[3] == "  1 member, 1 trail card in hand, 1 supply"


def test_the_table_section_counts_the_decks_and_the_bank():
    """The table: the revised supply bank by kind, the decks and discards, the classic supply deck,
    and the calamity last discarded."""
    state = blank(players=2)
    state["calamity_discard"].append(stack_calamity(state, "typhoid"))
    state["calamity_deck"].pop()
    lines = ENGINE.table_text(state, None)
    table = _section(lines, "Table:")
    assert table == [
        "- Supply bank: Food 4, Clothes 4, Oxen 4, Spare Parts 4, Medicine 4, Clean Water 4,",
        "    Bullets 2",
        f"- Trail deck {len(state['trail_deck'])} (discards 0), calamity deck {len(state['calamity_deck'])}",
        "- Last calamity discarded: Typhoid",
    ]
    state = blank("classic", players=2)
    state["supply_discard"] += [state["supply_deck"].pop() for _ in range(3)]
    table = _section(ENGINE.table_text(state, None), "Table:")
    assert table == [
        f"- Trail deck {len(state['trail_deck'])} (discards 0), calamity deck {len(state['calamity_deck'])}",
        f"- Supply deck {len(state['supply_deck'])} (discards 3)",
    ]


def test_a_seats_own_wagon_lists_what_it_holds_or_says_none():
    """The seat's own part: an empty hand, no supplies and no calamities each said as such; its
    calamities listed under their heading, a text too long for the line whole under its bullet."""
    state = blank(players=2)
    lines = ENGINE.table_text(state, 1)
    assert _section(lines, "Your hand:") == ["- (no trail cards)"]
    assert _section(lines, "Your wagon:") == [
        "- 4 wagon members, at Independence",
        "- Supplies: none",
        "- Calamities: none",
    ]
    give_supplies(state, 1, "food")
    give_calamity(state, 1, "bad_water", deadline=2, oxen_dead=True)
    give_calamity(state, 1, "starvation", deadline=1)
    assert _section(ENGINE.table_text(state, 1), "Your wagon:") == [
        "- 4 wagon members, at Independence",
        "- Supplies: Food",
        "- Calamities:",
        "  - Dead Oxen (from Bad Water): 2 turns left to mend; the wagon cannot move; mend with",
        "    Oxen",
        "  - Starvation: 1 turn left to mend; mend with Food",
    ]
