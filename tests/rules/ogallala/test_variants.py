"""Ogallala's variants with the box's surplus cards (II's list under "With these surplus cards you
can change the game"), and Crazy Axes left in the box (I, the only edition that has them).
The defaults are the standard game of each edition."""

from collections import Counter

import pytest

from games.rules.base import BadOptions
from games.rules.ogallala.cards import info
from games.rules.ogallala.engine import ENGINE

from .helpers import draw, fresh, kinds, lay


def dealt(state) -> Counter:
    """Returns the kinds of every card dealt into the stacks."""
    return Counter(info(c).kind for stack in state["stacks"] for c in stack)


def test_the_defaults_are_the_standard_decks():
    one, two = dealt(fresh("I")), dealt(fresh("II"))
    assert sum(one.values()) == 134 and one["axe"] == 4 and one["totem"] == 2
    assert sum(two.values()) == 98 and two["lasso"] == two["archer"] == 6 and two["canoe"] == 4
    assert two["totem"] == 2 and two["warrior1"] == 6 and "spare" not in fresh("II")


def test_two_more_lasso_throwers_and_archers_from_the_box():
    cards = dealt(fresh("II", more_raiders=True))
    assert cards["lasso"] == cards["archer"] == 8 and sum(cards.values()) == 102


def test_two_sections_with_warriors_instead_of_empty_canoe_sections():
    cards = dealt(fresh("II", exchange_canoes=True))
    assert cards["canoe"] == 0 and cards["warrior1"] == 10 and sum(cards.values()) == 98


def test_two_without_totem_poles():
    cards = dealt(fresh("II", no_totems=True))
    assert cards["totem"] == 0 and sum(cards.values()) == 96


@pytest.mark.parametrize("axes", [2, 0])
def test_one_with_crazy_axes_left_in_the_box(axes):
    cards = dealt(fresh("I", crazy_axes=axes))
    assert cards["axe"] == axes and sum(cards.values()) == 130 + axes


def test_two_conquered_warriors_leave_their_empty_cards_from_the_box():
    s = fresh("II", spoils_canoes=True)
    assert [info(c).kind for c in s["spare"]] == ["bow"] * 4 + ["stern"] * 4  # the box has no spare section
    lay(s, 0, 0, 0, "bow_warrior", "chieftain")
    lay(s, 1, 0, 0, "bow_warrior", "warrior2", "tent")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    # the bow with a warrior leaves an empty bow; the two warriors' card leaves nothing: the box
    # has no canoe section to spare
    assert "the warriors leave 1 empty card behind" in events[-1]["public"]["text"]
    assert {info(c).kind for c in s["discard"]} == {"bow_warrior", "warrior2"}
    assert ENGINE.view(s, 0)["pending"]["card"]["kind"] == "tent"
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 0})
    assert ENGINE.view(s, 0)["pending"]["card"]["kind"] == "bow"
    assert (
        ENGINE.action_label(s, 0, {"type": "place", "row": 2, "col": 0})
        == "Take Empty bow and place it at row 3, space 1"
    )
    ENGINE.apply(s, 0, {"type": "place", "row": 2, "col": 0})
    assert kinds(s, 0, 2)[0] == "bow" and len(s["spare"]) == 7 and kinds(s, 1, 0)[:3] == [".", ".", "."]
    assert ENGINE.to_act(s) == [1]


def test_two_without_the_variant_conquered_warriors_leave_nothing():
    s = fresh("II")
    lay(s, 0, 0, 0, "bow_warrior", "chieftain")
    lay(s, 1, 0, 0, "bow_warrior", "warrior2")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    events = ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert "behind" not in events[-1]["public"]["text"] and ENGINE.current_step(s) == "draw"


def test_two_an_empty_card_left_behind_is_taken_or_left_in_the_box():
    s = fresh("II", spoils_canoes=True, exchange_canoes=True)
    lay(s, 0, 0, 0, "stern_warrior", ".", "bow_warrior", "chieftain")
    lay(s, 1, 0, 0, "warrior3", "stern_warrior")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 4})
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    assert kinds(s, 1, 0)[:2] == [".", "."]  # both warriors die
    canoe = s["pending"][0]["card"]
    assert info(canoe).kind == "canoe" and canoe in s["spare"]
    assert ENGINE.action_label(s, 0, {"type": "leave"}) == "Leave Empty canoe section in the box"
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 0})
    assert kinds(s, 0, 1)[0] == "canoe" and canoe not in s["spare"]
    # the stern with a warrior leaves an empty stern; the attacker already has sterns: not offered
    assert ENGINE.current_step(s) == "draw" and ENGINE.to_act(s) == [1]
    assert sum(len(cards) for cards in ENGINE.card_places(s).values()) == 98 + 12  # the deck and the box's empties


def test_variants_of_one_edition_are_refused_for_the_other():
    for option in ("more_raiders", "spoils_canoes", "exchange_canoes", "no_totems"):
        with pytest.raises(BadOptions, match="belong to Ogallala II"):
            ENGINE.normalize_options({"edition": "I", option: True}, 2)
    with pytest.raises(BadOptions, match="Ogallala II has no Crazy Axe"):
        ENGINE.normalize_options({"edition": "II", "crazy_axes": 2}, 2)


def test_every_option_has_a_label_and_a_line_of_help():
    for key, spec in ENGINE.options_schema.items():
        assert spec["label"] and spec["help"] and "_" not in spec["label"] + spec["help"], key


def test_the_table_names_the_variants_played():
    assert ENGINE.table_text(fresh("II"), 0)[0] == "Ogallala II, rows of 14 spaces"
    head = ENGINE.table_text(fresh("II", no_totems=True, spoils_canoes=True), 1)[0]
    assert head == "Ogallala II, rows of 14 spaces, conquered warriors leave their canoes, without totem poles"
    assert ENGINE.table_text(fresh("I", crazy_axes=0), None)[0] == "Ogallala I, rows of 14 spaces, no Crazy Axes"


def test_the_simulator_plays_the_variants_to_the_end_and_refuses_a_wrong_edition(capsys):
    from games.rules.__main__ import main

    on = ["--option", "edition=II", *(f"--option={k}=true" for k in ENGINE.II_VARIANTS)]
    assert main(["simulate", "ogallala", "--games", "3", "--players", "3", *on]) == 0
    assert '"finished": 3' in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "ogallala", "--option", "edition=I", "--option", "more_raiders=true"])
    assert stop.value.code == 2
    assert "These variants belong to Ogallala II: More lasso throwers and archers." in capsys.readouterr().err


def test_two_each_conquered_warrior_leaves_an_empty_card_of_its_own():
    """II variant, "Empty canoe sections can be conquered, the Red Indians die": two warriors
    leave two empty cards, two different ones from the box, so the second is offered still after
    the first is left."""
    s = fresh("II", spoils_canoes=True, exchange_canoes=True)
    lay(s, 0, 0, 0, "bow", "shaman")
    lay(s, 1, 0, 0, "warrior3", "warrior3")
    draw(s, 0, "stern")
    ENGINE.apply(s, 0, {"type": "place", "row": 0, "col": 2})
    ENGINE.apply(s, 0, {"type": "attack", "target": 1, "row": 0, "start": 0})
    first = ENGINE.view(s, 0)["pending"]["card"]
    ENGINE.apply(s, 0, {"type": "leave"})
    second = ENGINE.view(s, 0)["pending"]["card"]
    assert first["kind"] == second["kind"] == "canoe" and first["id"] != second["id"]
    ENGINE.apply(s, 0, {"type": "place", "row": 1, "col": 0})
    assert kinds(s, 0, 1)[0] == "canoe" and second["id"] in s["displays"][0][1] and first["id"] in s["spare"]


@pytest.mark.parametrize(
    "options,refusal",
    [
        ({"edition": "II", "two_tribes": True}, "The two-tribes variant belongs to Ogallala I."),
        (
            {"edition": "II", "crazy_axes": 2},
            "Ogallala II has no Crazy Axe: only Ogallala I can leave some in the box.",
        ),
        (
            {"edition": "I", "more_raiders": True, "no_totems": True},
            "These variants belong to Ogallala II: More lasso throwers and archers, Without totem poles.",
        ),
    ],
)
def test_a_variant_of_the_other_edition_is_refused_in_words_that_name_it(options, refusal):
    with pytest.raises(BadOptions) as refused:
        ENGINE.normalize_options(options, 2)
    assert str(refused.value) == refusal
