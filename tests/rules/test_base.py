"""What base.py gives every engine: Rng and its streams, and the one seat-label convention."""

from games.rules.base import Rng, name_seats, new_rng, seat_label


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
