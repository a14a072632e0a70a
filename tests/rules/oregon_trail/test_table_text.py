"""The table as plain text for an email: each fact a seat needs, and nothing it may not see."""

import copy

from games.rules.checks import SAME_MOVE
from games.rules.oregon_trail.engine import ENGINE
from games.rules.oregon_trail.words import _hand_text

from .helpers import blank, give_calamity, give_hand, give_supplies, lay_trail, place_town


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
