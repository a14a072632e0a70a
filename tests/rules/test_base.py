"""What base.py gives every engine: Rng and its streams, the Frame, the menu match, words, events, figures
and the JSON helpers, and Engine's own answers (options, apply, resign, the views, the fallbacks to a game
package's modules, finishing places), on a toy engine of its own."""

import sys
import types

import pytest

from games.rules.base import (
    BadOptions,
    Engine,
    IllegalAction,
    Rng,
    add_figure,
    clone,
    counted,
    event,
    frame_to_act,
    in_menu,
    json_depth,
    json_has_unsafe_text,
    json_roundtrip,
    name_seats,
    new_frame,
    new_rng,
    seat_label,
    tenth,
)


def test_a_stream_is_reproducible_and_leaves_the_game_counter_alone():
    state = {"rng": new_rng("game-seed")}
    Rng(state).below(6)
    before = dict(state["rng"])
    a = Rng(state).derive("default_action")
    b = Rng(state).derive("default_action")
    draws = [a.random() for _ in range(5)]
    assert draws == [b.random() for _ in range(5)]
    assert state["rng"] == before, "a derived stream never advances the game's counter"
    assert all(0.0 <= x < 1.0 for x in draws)
    assert Rng(state).derive("other").random() != Rng(state).derive("default_action").random()


def test_streams_differ_by_label_and_by_the_games_position():
    state = {"rng": new_rng("game-seed")}
    first = Rng(state).derive("x").below(1 << 30)
    Rng(state).die()
    assert Rng(state).derive("x").below(1 << 30) != first
    assert Rng.stream("a").below(1 << 30) != Rng.stream("b").below(1 << 30)
    assert Rng.stream(7).random() == Rng.stream("7").random()


def test_rng_offers_what_the_bots_use_of_random_random():
    rnd = Rng.stream("bots")
    items = list(range(10))
    rnd.shuffle(items)
    assert sorted(items) == list(range(10))
    assert rnd.choice(items) in items
    assert 0.0 <= rnd.random() < 1.0


def test_seat_labels_are_written_and_read_back_by_one_pair_of_helpers():
    assert seat_label(0) == "Player 1"
    text = f"{seat_label(0)} sends cholera to {seat_label(2)}; {seat_label(11)} watches."
    assert name_seats(text, {0: "Ann", 2: "Carl"}) == "Ann sends cholera to Carl; Player 12 watches."
    assert name_seats("Players 1 and 2", {0: "Ann"}) == "Players 1 and 2"
    assert name_seats("", {0: "Ann"}) == ""


# -- Rng's draws -----------------------------------------------------------------------------------


def test_each_draw_advances_the_counter_by_one_and_stays_in_its_range():
    state = {"rng": new_rng(42)}
    assert state["rng"] == {"seed": "42", "counter": 0}
    rng = Rng(state)
    below = [rng.below(3) for _ in range(60)]
    assert state["rng"]["counter"] == 60
    assert set(below) == {0, 1, 2}
    dice = [rng.die() for _ in range(120)]
    assert set(dice) == {1, 2, 3, 4, 5, 6}
    assert set(rng.die(2) for _ in range(40)) == {1, 2}
    floats = [rng.random() for _ in range(200)]
    assert all(0.0 <= x < 1.0 for x in floats)
    assert min(floats) < 0.1 and max(floats) > 0.9, "a float spreads over all of [0, 1)"
    assert state["rng"]["counter"] == 60 + 120 + 40 + 200
    assert rng.below(1) == 0
    for n in (0, -1):
        with pytest.raises(ValueError, match=r"^below\(\) needs n > 0$"):
            rng.below(n)


def test_a_draw_depends_on_the_seed_and_the_counter_alone():
    a, b = {"rng": new_rng("s")}, {"rng": {"seed": "s", "counter": 5}}
    first = [Rng(a).below(1 << 40) for _ in range(8)]
    assert [Rng(b).below(1 << 40) for _ in range(3)] == first[5:]
    assert Rng({"rng": new_rng("t")}).below(1 << 40) != first[0]


def test_choice_and_shuffle_are_fisher_yates_over_below():
    items = list(range(12))
    Rng.stream("deal").shuffle(items)
    expected, rnd = list(range(12)), Rng.stream("deal")
    for i in range(11, 0, -1):
        j = rnd.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    firsts = set()
    for n in range(40):
        deck = ["a", "b", "c"]
        Rng.stream(n).shuffle(deck)
        firsts.add(deck[0])
    assert firsts == {"a", "b", "c"}, "every card may end on top"
    picks = {Rng.stream(n).choice("xyz") for n in range(30)}
    assert picks == {"x", "y", "z"}
    one = Rng.stream("c")
    assert one.choice(["only"]) == "only"
    assert one._r["counter"] == 1


def test_derive_mixes_the_seed_the_counter_and_the_label():
    r = Rng({"rng": {"seed": "s", "counter": 3}})
    assert r.derive("x").random() == Rng.stream("s:3:x").random()


# -- the Frame, menus, words, events, figures -----------------------------------------------------


def test_a_fresh_frame_and_whose_decision_it_is():
    frame = new_frame(2, 3, "seed")
    assert frame == {
        "version": 2,
        "seats": 3,
        "turn": 0,
        "phase": "play",
        "pending": [],
        "result": None,
        "out": [],
        "rng": {"seed": "seed", "counter": 0},
    }
    assert new_frame(1, 4, 9, phase="draft", turn=2)["phase"] == "draft"
    assert new_frame(1, 4, 9, phase="draft", turn=2)["turn"] == 2
    assert frame_to_act(frame, lambda s: [s["turn"], 2]) == [0, 2]
    frame["pending"] = [{"seat": 1, "kind": "victim"}, {"seat": 2, "kind": "victim"}]
    assert frame_to_act(frame, lambda s: [0]) == [1]
    frame["result"] = {"winners": [1]}
    assert frame_to_act(frame, lambda s: [0]) == []


def test_a_move_is_in_the_menu_only_with_its_numbers_of_the_same_types():
    menu = [{"type": "draw"}, {"type": "play", "card": 1, "path": [1, 2]}]
    assert in_menu({"type": "play", "card": 1, "path": [1, 2]}, menu)
    assert in_menu({"type": "draw"}, menu)
    assert not in_menu({"type": "play", "card": 1.0, "path": [1, 2]}, menu)
    assert not in_menu({"type": "play", "card": True, "path": [1, 2]}, menu)
    assert not in_menu({"type": "play", "card": 1, "path": [1, 2.0]}, menu)
    assert not in_menu({"type": "play", "card": 1, "path": (1, 2)}, menu)
    assert not in_menu({"type": "pass"}, menu)
    assert in_menu({"type": "play", "flag": True}, [{"type": "play", "flag": True}])
    assert not in_menu({"type": "play", "flag": 1}, [{"type": "play", "flag": True}])


def test_counted_words_and_labels():
    assert counted(1, "track section") == "1 track section"
    assert counted(3, "track section") == "3 track sections"
    assert counted(0, "ox", "oxen") == "0 oxen"
    assert counted(1, "ox", "oxen") == "1 ox"
    assert seat_label(4) == "Player 5"
    assert name_seats("Player 1 and Player 3", {0: "Ann", 2: "Cy"}) == "Ann and Cy"
    assert name_seats("Player 10", {0: "Ann", 9: "Jo"}) == "Jo"
    assert name_seats("APlayer 1", {0: "Ann"}) == "APlayer 1"


def test_an_event_has_its_text_public_its_private_parts_by_seat_string_and_its_audience():
    public = {"card": "T1"}
    ev = event("draw", 2, "Player 3 draws.", public=public, private={2: {"card": "T1"}}, audience=(1, 0))
    assert ev == {
        "type": "draw",
        "seat": 2,
        "public": {"card": "T1", "text": "Player 3 draws."},
        "private": {"2": {"card": "T1"}},
        "audience": [1, 0],
    }
    assert public == {"card": "T1"}, "the caller's dict is not changed"
    assert event("pass", None, "") == {"type": "pass", "seat": None, "public": {"text": ""}, "private": {}}
    assert event("hit", 0, "x", audience=[])["audience"] == []


def test_figures_add_up_by_string_label_and_tenths_cover_the_game():
    out = {}
    add_figure(out, "boats", 3)
    add_figure(out, "boats", "3", 2)
    add_figure(out, "boats", 4, amount=5)
    assert out == {"boats": {"3": 3, "4": 5}}
    assert [tenth(i, 10) for i in range(10)] == [str(i) for i in range(1, 11)]
    assert tenth(0, 0) == "1"
    assert tenth(0, 1) == "1"
    assert tenth(99, 100) == "10"
    assert tenth(19, 100) == "2"
    assert tenth(20, 100) == "3"
    assert tenth(150, 100) == "10"


def test_json_helpers_bound_depth_refuse_unsafe_text_and_copy():
    assert json_depth(1) == 0
    assert json_depth([]) == 1
    assert json_depth({"a": [1, {"b": []}]}) == 4
    assert json_depth([[], [[[]]], {}]) == 4
    assert not json_has_unsafe_text({"a": ["ok\ttab\nline\rret", 1, None]})
    assert json_has_unsafe_text(["fine", {"k": "nul\x00"}])
    assert json_has_unsafe_text({"bell\x07": 1})
    assert json_has_unsafe_text([["\x1f"]])
    assert json_has_unsafe_text("\ud800")
    assert json_has_unsafe_text("\x0b") and json_has_unsafe_text("\x0c") and json_has_unsafe_text("\x0e")
    assert not json_has_unsafe_text("\x7f plain")
    state = {"a": [1, (2, 3)], 4: "x"}
    assert json_roundtrip(state) == {"a": [1, [2, 3]], "4": "x"}
    copy = clone(state)
    assert copy == state
    copy["a"].append(9)
    assert state["a"] == [1, (2, 3)]


# -- Engine's own part of the contract, on a toy game --------------------------------------------


class Toy(Engine):
    """Not tests/toy_engine.py's game, which answers to_act, result and resign itself: these tests are
    about base's own answers, so this one overrides only what an engine must."""

    name = "toy"
    options_schema = {
        "fast": {"default": False, "label": "Fast game"},
        "rounds": {"default": 5, "min": 3, "max": 9, "label": "Rounds"},
        "mode": {"default": "plain", "choices": ["plain", "wild"], "labels": {"wild": "Wild cards"}},
        "wilds": {"default": 2, "choices": [1, 2, 3], "label": "Wild cards each", "when": {"mode": ["wild"]}},
    }

    def legal_actions(self, state, seat):
        return [{"type": "draw"}, {"type": "play", "card": 1}] if seat in self.to_act(state) else []

    def do_apply(self, state, seat, action):
        state["turn"] = (state["turn"] + 1) % state["seats"]
        return [event(action["type"], seat, f"{seat_label(seat)} moves.")]

    def explain_illegal(self, state, seat, action):
        return f"Not {action['type']} for {seat_label(seat)} at turn {state['turn']}."

    def check_options(self, options, seats):
        if seats is not None and options["rounds"] > 3 * seats:
            raise BadOptions(f"At most {3 * seats} rounds for {seats} players.")

    def view(self, state, seat):
        players = ["odd", {"seat": "x"}] + [{"seat": s, "you": s == seat} for s in range(state["seats"])]
        mine = {} if seat is None else {"hand": [f"card{seat}"], "shared": "same"}
        return {"players": players, "shared": "same", **mine}

    def seat_left(self, state, seat):
        return [event("left", seat, f"{seat_label(seat)} left; {state['seats'] - len(state['out'])} remain.")]


class Scored(Toy):
    def finishing_measure(self, state, result, seat):
        return (result["points"][seat] + state.get("bonus", {}).get(seat, 0),)


def test_options_are_filled_read_and_refused_with_a_sentence():
    toy = Toy()
    assert toy.normalize_options(None) == {"fast": False, "rounds": 5, "mode": "plain", "wilds": 2}
    got = toy.normalize_options({"fast": "Yes", "rounds": "9", "mode": "wild", "wilds": 3})
    assert got == {"fast": True, "rounds": 9, "mode": "wild", "wilds": 3}
    for word, value in (("1", True), ("TRUE", True), ("on", True), ("0", False), ("False", False), ("no", False)):
        assert toy.normalize_options({"fast": word})["fast"] is value
    assert toy.normalize_options({"fast": "off"})["fast"] is False
    assert toy.normalize_options({"rounds": 3})["rounds"] == 3
    assert toy.normalize_options({"rounds": 6}, seats=2)["rounds"] == 6
    with pytest.raises(BadOptions, match="^At most 6 rounds for 2 players.$"):
        toy.normalize_options({"rounds": 7}, seats=2)
    refusals = [
        ({"colour": 1}, "Unknown option 'colour'."),
        ({"fast": "maybe"}, "Option 'fast' must be true or false."),
        ({"fast": 1}, "Option 'fast' must be true or false."),
        ({"rounds": "many"}, "Option 'rounds' must be a whole number."),
        ({"rounds": None}, "Option 'rounds' must be a whole number."),
        ({"rounds": 2}, "Option 'rounds' must be at least 3."),
        ({"rounds": 10}, "Option 'rounds' must be at most 9."),
        ({"mode": "odd"}, "Option 'mode' must be one of: plain, wild."),
        ({"wilds": 4}, "Option 'wilds' must be one of: 1, 2, 3."),
    ]
    for options, sentence in refusals:
        with pytest.raises(BadOptions) as caught:
            toy.normalize_options(options)
        assert str(caught.value) == sentence


def test_the_options_a_player_reads():
    toy = Toy()
    assert not toy.option_applies("wilds", {})
    assert not toy.option_applies("wilds", {"mode": "plain"})
    assert toy.option_applies("wilds", {"mode": "wild"})
    assert toy.option_applies("rounds", {})
    assert toy.option_words("fast", True) == "on"
    assert toy.option_words("fast", False) == "off"
    assert toy.option_words("mode", "wild") == "Wild cards"
    assert toy.option_words("mode", "plain") == "plain"
    assert toy.option_words("rounds", 7) == "7"
    assert toy.options_in_words({"fast": True, "mode": "wild"}) == [
        ("Fast game", "on"),
        ("Rounds", "5"),
        ("mode", "Wild cards"),
        ("Wild cards each", "2"),
    ]
    wild = type("Wild", (Toy,), {"options_schema": {**Toy.options_schema, "mode": {"default": "wild"}}})()
    assert wild.option_applies("wilds", {})
    assert not wild.option_applies("wilds", {"mode": "plain"})
    assert toy.options_in_words({}) == [("Fast game", "off"), ("Rounds", "5"), ("mode", "plain")]


def test_apply_refuses_a_malformed_move_another_seats_move_and_one_off_the_menu():
    toy = Toy()
    state = new_frame(1, 3, "s")
    for bad in ("draw", ["draw"], {"card": 1}):
        with pytest.raises(IllegalAction) as caught:
            toy.apply(state, 0, bad)
        assert (caught.value.code, caught.value.message) == (
            "MALFORMED_ACTION",
            "A move must be an object with a 'type'.",
        )
    with pytest.raises(IllegalAction) as caught:
        toy.apply(state, 1, {"type": "draw"})
    assert (caught.value.code, str(caught.value)) == ("NOT_YOUR_TURN", "It is not your turn to decide anything.")
    with pytest.raises(IllegalAction) as caught:
        toy.apply(state, 0, {"type": "play", "card": 1.0})
    assert (caught.value.code, caught.value.message) == (
        "ILLEGAL_ACTION",
        "Not play for Player 1 at turn 0.",
    )
    assert state["turn"] == 0
    assert toy.accepts(state, 0, {"type": "play", "card": 1})
    assert toy.apply(state, 0, {"type": "play", "card": 1})[0]["public"]["text"] == "Player 1 moves."
    assert state["turn"] == 1
    with pytest.raises(IllegalAction, match="^Not pass for Player 2 at turn 1.$"):
        toy.apply(state, 1, {"type": "pass"})
    assert toy.default_action(state, 1) == {"type": "draw"}
    assert Engine.explain_illegal(toy, state, 0, {}) == "That move is not allowed now."


def test_the_frames_answers_turn_result_and_a_resignation():
    toy = Toy()
    state = new_frame(1, 3, "s", turn=2)
    assert toy.to_act(state) == [2]
    assert toy.turn_seat(state) is None
    assert toy.turn_of_state(state) == 2
    assert toy.result(state) is None
    assert toy.resign(state, 1)[0]["public"]["text"] == "Player 2 left; 2 remain."
    assert state["out"] == [1]
    assert toy.resign(state, 0)[0]["type"] == "left"
    assert state["out"] == [0, 1]
    assert toy.resign(state, 1) == []
    assert state["out"] == [0, 1]
    state["result"] = {"winners": [2]}
    answer = toy.result(state)
    assert answer == {"winners": [2]}
    answer["winners"] = []
    assert state["result"] == {"winners": [2]}
    assert toy.turn_of_state(state) is None
    with pytest.raises(IllegalAction) as caught:
        toy.resign(state, 2)
    assert caught.value.message == "This game is over."
    with pytest.raises(NotImplementedError, match="base cannot take a seat out"):
        type("Base", (Engine,), {"name": "base"})().resign(new_frame(1, 2, "s"), 0)


def test_open_view_adds_what_each_seats_own_view_adds():
    state = new_frame(1, 2, "s")
    table = Toy().open_view(state)
    assert table["shared"] == "same"
    assert table["hands"] == [{"seat": 0, "hand": ["card0"]}, {"seat": 1, "hand": ["card1"]}]
    assert "hand" not in table


def test_a_toy_game_without_modules_of_its_own_falls_back_everywhere():
    toy, state = Toy(), new_frame(1, 2, "s")
    assert toy.load_state(state) is state
    assert toy.place(state, 0, {"type": "draw"}) == "bar"
    assert toy.hit_places(state, 0, {}, None) == []
    assert toy.place_kinds() == {}
    assert toy.board_static({}) is None
    assert toy.board_context({}) == {}
    assert toy.table_picture({}) is None
    assert toy.email_picture({}) is None
    assert toy._own_module("places") is None
    assert toy.action_label(state, 0, {"type": "draw"}) == "draw"
    assert toy.hit_matters(state, {}, 0) is True
    assert IllegalAction("x", code=None).code == "ILLEGAL_ACTION"


def test_finishing_places_share_first_among_winners_and_put_the_seats_that_left_last():
    toy = Toy()
    assert toy.finishing_places(None, {"winners": [2], "ranking": [2, 0, 1]}, set()) == {2: 1, 0: 2, 1: 3}
    assert toy.finishing_places(None, {"winners": [0, 3], "ranking": [3, 1, 2]}, set()) == {0: 1, 3: 1, 1: 3, 2: 4}
    assert toy.finishing_places({}, {"winners": [1], "ranking": [0, 1, 2]}, {0}) == {1: 1, 2: 2, 0: 3}
    assert toy.finishing_places({}, {"ranking": [0, 1]}, set()) == {0: 1, 1: 2}
    scored = Scored()
    result = {"winners": [0], "ranking": [0, 1, 2, 3, 4], "points": [9, 5, 5, 3, 3]}
    assert scored.finishing_places({}, result, {4}) == {0: 1, 1: 2, 2: 2, 3: 4, 4: 5}
    assert scored.finishing_places({}, result, {3, 4}) == {0: 1, 1: 2, 2: 2, 3: 4, 4: 4}
    assert scored.finishing_places(None, result, set()) == {0: 1, 1: 2, 2: 2, 3: 4, 4: 4}
    assert scored.finishing_places({"bonus": {2: 1}}, result, set()) == {0: 1, 1: 2, 2: 3, 3: 4, 4: 4}


def test_the_defaults_an_engine_without_overrides_answers():
    toy, state = Toy(), new_frame(1, 2, "s")
    assert toy.table_text(state, 0) == []
    assert toy.explain_hit(state, {}, 0) == []
    assert toy.command(state, 0, "draw") is None
    assert toy.reply_grid(state, 0) is None
    assert toy.glossary({}) == {}
    assert toy.public_action({"type": "draw", "secret": 1}) == {"type": "draw", "secret": 1}
    assert toy.decision_kind(state, 0) is None
    assert toy.standing_action(state, 0, "victim", "yes") is None
    assert toy.count_figures(state, []) == {}
    assert toy.finishing_measure(state, {}, 3) == ("seat", 3)
    assert toy.turn_seats(state) == [0]
    assert Engine.check_options(toy, {"rounds": 99}, 2) is None


def test_the_game_packages_own_modules_answer_through_the_engine(monkeypatch):
    calls = []

    def module(name, **attrs):
        mod = types.ModuleType(name)
        mod.__dict__.update(attrs)
        monkeypatch.setitem(sys.modules, name, mod)
        return mod

    module("toy")
    module("toy.game")
    module("toy.game.state", upgrade=lambda s: {**s, "version": s.get("version", 1) + 1, "up": s.get("up", 0) + 1})
    module(
        "toy.game.places",
        place=lambda state, seat, action: f"hand:{action['card']}:{seat}:{state['turn']}",
        hit_places=lambda state, seat, event, action: calls.append((state, seat, event, action)) or ("cal:T1",),
        PLACE_KINDS={"hand": {"tap": "tap a card", "own": True}},
    )
    module(
        "toy.game.picture",
        picture=lambda view, **kw: f"<svg {view} {sorted(kw.items())}>",
        email_picture=lambda view, **kw: f"<svg email {view} {sorted(kw.items())}>",
    )
    module("toy.game.page", board_static=lambda data: {"map": data["w"]}, board_context=lambda table: {"n": len(table)})
    engine = type("ToyGame", (Toy,), {"__module__": "toy.game.engine", "state_version": 3})()
    assert engine.load_state({"a": 1}) == {"a": 1, "version": 3, "up": 2}
    assert engine.load_state({"version": 3}) == {"version": 3}
    assert engine.place({"turn": 4}, 1, {"type": "play", "card": "T9"}) == "hand:T9:1:4"
    assert engine.hit_places({"turn": 4}, 1, {"type": "hit"}, None) == ["cal:T1"]
    assert calls == [({"turn": 4}, 1, {"type": "hit"}, {})]
    assert engine.place_kinds() == {"hand": {"tap": "tap a card", "own": True}}
    assert (
        engine.table_picture({"v": 1}, me=1)
        == "<svg {'v': 1} [('board', None), ('browser', False), ('me', 1), ('names', None)]>"
    )
    assert (
        engine.email_picture({"v": 2}, me=0)
        == "<svg email {'v': 2} [('board', None), ('browser', False), ('me', 0), ('names', None)]>"
    )
    board = {"key": "k", "data": {}}
    assert engine.table_picture({}, names={0: "Ann"}, board=board, browser=True) == (
        "<svg {} [('board', {'key': 'k', 'data': {}}), ('browser', True), ('me', None), ('names', {0: 'Ann'})]>"
    )
    assert engine.email_picture({}, names={0: "Ann"}, board=board, browser=True) == (
        "<svg email {} [('board', {'key': 'k', 'data': {}}), ('browser', True), ('me', None), ('names', {0: 'Ann'})]>"
    )
    older = type("ToyGame2", (Toy,), {"__module__": "toy.game.engine", "state_version": 2})()
    assert older.load_state({"a": 1}) == {"a": 1, "version": 2, "up": 1}
    assert engine.board_static({"w": 5}) == {"map": 5}
    assert engine.board_context({"view": {}, "seat": 0}) == {"n": 2}
