"""The cards as data (cards.py): what a card id stands for, the stacks, the box's spare cards and the
glossary's texts, against the rules text's card table and its scoring paragraphs."""

from games.rules.ogallala import cards
from games.rules.ogallala.cards import CardInfo, glossary, ids_of, info, spare_empties, stack_of


def _facts(cid):
    c = CardInfo(cid)
    return (c.kind, c.name, c.combat, c.booty, c.suite, c.role, c.colour, c.is_bow, c.is_stern, c.is_warrior)


def test_a_card_id_names_its_kind_and_the_colour_of_its_combat_number():
    """An id is <kind>[-r|-b]#<n>: "r" and "b" are the red and blue numbers of the two-tribes game."""
    assert _facts("warrior2-b#3") == ("warrior2", "Two warriors", 2, None, None, "warrior", "blue", False, False, True)
    assert _facts("bow_warrior-r#1") == (
        "bow_warrior",
        "Bow with a warrior",
        1,
        None,
        None,
        "bow",
        "red",
        True,
        False,
        True,
    )
    assert _facts("stern#4") == ("stern", "Empty stern", None, None, None, "stern", None, False, True, False)
    assert _facts("axe-r#2") == ("axe", "Crazy Axe", 0, None, None, "warrior", "red", False, False, True)
    assert _facts("furs#12") == ("furs", "Furs", None, "furs", None, "booty", None, False, False, False)
    assert _facts("bear_hunter#1") == (
        "bear_hunter",
        "Bear hunter",
        None,
        "bear_hunter",
        "bear",
        "person",
        None,
        False,
        False,
        False,
    )
    assert _facts("gold_rear#1")[1:6] == ("Gold (rear)", None, "gold", "gold", "rear")


def test_info_reads_an_id_once_and_hands_the_same_card_back(monkeypatch):
    monkeypatch.setattr(cards, "_INFO", {})
    first = info("warrior3-r#2")
    assert (first.kind, first.combat, first.colour) == ("warrior3", 3, "red")
    assert info("warrior3-r#2") is first and cards._INFO == {"warrior3-r#2": first}
    assert info("warrior3-b#2").colour == "blue"


def test_empty_boat_sections_go_with_the_bows_and_sterns():
    """Ogallala I's stacks (a ruling): bow and stern cards "(with or without Red Indians, and including
    empty boat sections if used)", the warrior cards (the totem pole with them), the booty."""
    assert [stack_of(k) for k in ("bow", "stern_warrior", "canoe")] == [0, 0, 0]
    assert [stack_of(k) for k in ("warrior1", "shaman", "totem", "axe")] == [1, 1, 1, 1]
    assert [stack_of(k) for k in ("furs", "horse_front", "cowboy")] == [2, 2, 2]


def test_the_boxs_spare_cards_are_those_the_editions_deck_leaves_over():
    """The card table's "Total Cards" column: 10 empty bows, 10 empty sterns, 4 empty canoe sections,
    10 one-warrior cards; Ogallala I deals 8, 8, 0 and 10 of them, II 6, 6, 4 and 6."""
    one = spare_empties("I")
    assert [info(c).kind for c in one] == ["bow"] * 2 + ["stern"] * 2 + ["canoe"] * 4
    assert one[:2] == ["bow#9", "bow#10"] and one[-1] == "canoe#4"
    assert spare_empties("II") == ["bow#7", "bow#8", "bow#9", "bow#10", "stern#7", "stern#8", "stern#9", "stern#10"]
    # coloured cards are numbered per colour: the box's 4 one-warrior cards II leaves over, 2 of each
    assert ids_of("warrior1", 6, 10) == ["warrior1-r#4", "warrior1-r#5", "warrior1-b#4", "warrior1-b#5"]


def test_the_glossary_explains_each_card_as_its_editions_rules_score_it():
    """I: booty scores 1 extra point in a complete boat, 2 when the boat holds another of its kind; a
    suite pair side by side 3 a card, with its person 4. II: booty 20, a 2-card suite 50, a 3-card
    suite 150, and placing a hunter lets you take his suite's cards; its Shaman may attack two boats."""
    one, two = glossary("I"), glossary("II")
    bear_one = (
        "Part of the Bear suite (the Bear pair and the Bear hunter): the pair side by side in one boat scores 3 "
        "extra points a card, with the Bear hunter next to them 4."
    )
    bear_two = "Part of the Bear suite (the Bear pair and the Bear hunter): the pair side by side scores 50, the whole suite 150."
    assert one["Bear (front)"] == one["Bear hunter"] == bear_one
    assert two["Bear (rear)"] == bear_two
    assert (
        two["Bear hunter"]
        == bear_two + " Placing the Bear hunter lets you take the Bear cards from other players' boats."
    )
    assert (
        one["Furs"] == "Booty: in a complete boat it scores 1 extra point, 2 when the boat holds another of its kind."
    )
    assert two["Tobacco"] == "Booty: 20 points wherever it lies in your river."
    assert one["Shaman"] == "A warrior card: combat strength 10."
    assert two["Shaman"].startswith("A warrior card: combat strength 10. A completed boat with a Shaman may attack two")
    assert (
        one["Empty bow"]
        == two["Empty bow"]
        == ("The left end of a boat: a boat is complete with a bow, a stern and no empty space between them.")
    )
    assert all(isinstance(text, str) and text for text in [*one.values(), *two.values()])
