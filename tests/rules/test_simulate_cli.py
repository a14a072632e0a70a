"""games.rules.simulate (seeded bot playouts) and `python -m games.rules` (games.rules.__main__), on a
race toy engine whose every game can be counted by hand, and the CLI on the real engines' short games."""

import io
import json
import sys
import types

import pytest

import games.rules.__main__ as cli
import games.rules.simulate as sim
from games.rules import engine_slugs, get_engine, verify
from games.rules.base import BadOptions, Rng
from games.rules.simulate import play_one, simulate


class Race:
    """Seats take turns stepping 1 or 2 (the bot: 1 + rnd.below(2)); the first at `goal` wins.
    `mode` changes one thing: "crash" raises in apply on the seed's game "x:1", "stuck" never ends,
    "bad" bots ask for an illegal jump, "tie" ends with no winner, "pair" names two seats to act (the
    turn's seat first), "nobody" names no seat to act."""

    name = "race"
    title = "Race"
    min_seats = 2
    max_seats = 3

    def __init__(self):
        self.normalized = []

    def normalize_options(self, options, seats=None):
        self.normalized.append((dict(options), seats))
        extra = set(options) - {"goal", "mode"}
        if extra:
            raise BadOptions(f"Unknown option {sorted(extra)[0]!r}.")
        return {"goal": int(options.get("goal", 4)), "mode": options.get("mode", "plain")}

    def new_state(self, options, seats, seed):
        return {"options": options, "seed": seed, "pos": [0] * seats, "turn": 0, "moves": []}

    def result(self, state):
        goal, mode = state["options"]["goal"], state["options"]["mode"]
        if mode == "stuck" or max(state["pos"]) < goal:
            return None
        if mode == "tie":
            return {"winners": []}
        return {"winners": [s for s, p in enumerate(state["pos"]) if p >= goal]}

    def to_act(self, state):
        mode, turn = state["options"]["mode"], state["turn"]
        if mode == "nobody":
            return []
        if mode == "pair":
            return [turn, (turn + 1) % len(state["pos"])]
        return [turn]

    def legal_actions(self, state, seat):
        return [{"type": "step", "n": 1}, {"type": "step", "n": 2}]

    def bot_action(self, state, seat, rnd):
        if state["options"]["mode"] == "bad":
            return {"type": "jump", "n": 3}
        return {"type": "step", "n": 1 + rnd.below(2)}

    def apply(self, state, seat, action):
        if state["options"]["mode"] == "crash" and state["seed"].endswith(":1"):
            raise ZeroDivisionError("the race's wheel came off")
        state["pos"][seat] += action["n"]
        state["moves"].append((seat, action["n"]))
        state["turn"] = (state["turn"] + 1) % len(state["pos"])


def by_hand(seed, players, goal):
    """The race played out by hand with the bot's stream: (moves, winners)."""
    rnd = Rng.stream(f"bot:{seed}")
    pos, moves, turn = [0] * players, [], 0
    while max(pos) < goal:
        n = 1 + rnd.below(2)
        pos[turn] += n
        moves.append((turn, n))
        turn = (turn + 1) % players
    return moves, [s for s, p in enumerate(pos) if p >= goal]


# -- play_one --------------------------------------------------------------------------------------


def test_play_one_plays_the_bot_from_its_seeded_stream_to_the_end():
    steps = []
    state, actions, illegal, done = play_one(
        Race(), players=3, seed="s", options={"goal": 7}, on_step=lambda st, seat, a: steps.append((seat, a["n"]))
    )
    moves, winners = by_hand("s", 3, 7)
    assert state["moves"] == moves and steps == moves
    assert actions == len(moves) and illegal == 0 and done is True
    assert state["seed"] == "s" and state["options"] == {"goal": 7, "mode": "plain"}
    assert [s for s, p in enumerate(state["pos"]) if p >= 7] == winners


def test_play_one_hands_on_step_the_state_after_each_move():
    seen = []
    state, actions, _, _ = play_one(
        Race(), players=2, seed="o", options={}, on_step=lambda st, seat, a: seen.append((st, list(st["pos"])))
    )
    assert len(seen) == actions and all(st is state for st, _ in seen)
    pos = [0, 0]
    for (seat, n), (_, after) in zip(state["moves"], seen, strict=True):
        pos[seat] += n
        assert after == pos


def test_play_one_normalizes_the_options_for_its_seats_and_moves_the_first_seat_to_act():
    race = Race()
    state, actions, _, _ = play_one(race, players=2, seed="p", options={"mode": "pair"})
    assert race.normalized == [({"mode": "pair"}, 2)]
    assert [seat for seat, _ in state["moves"]] == [i % 2 for i in range(actions)]


def test_play_one_replaces_an_illegal_bot_move_by_the_first_legal_one_and_counts_it():
    state, actions, illegal, done = play_one(Race(), players=2, seed="b", options={"mode": "bad", "goal": 3})
    assert state["moves"] == [(0, 1), (1, 1), (0, 1), (1, 1), (0, 1)]
    assert actions == illegal == 5 and done is True


def test_play_one_stops_at_max_actions_unfinished():
    state, actions, illegal, done = play_one(Race(), players=2, seed="m", options={"mode": "stuck"}, max_actions=7)
    assert actions == len(state["moves"]) == 7 and illegal == 0 and done is False


def test_play_one_stops_by_default_after_20000_actions():
    state, actions, _, done = play_one(Race(), players=2, seed="d", options={"mode": "stuck"})
    assert actions == len(state["moves"]) == 20000 and done is False


def test_play_one_refuses_a_game_with_no_result_and_nobody_to_act():
    with pytest.raises(RuntimeError, match="^nobody is to act but the game has no result$"):
        play_one(Race(), players=2, seed="n", options={"mode": "nobody"})


# -- simulate --------------------------------------------------------------------------------------


def clock(monkeypatch, *readings):
    ticks = iter(readings)
    monkeypatch.setattr(sim, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))


def test_simulate_sums_the_games_played_from_the_seed_with_each_games_number(monkeypatch):
    clock(monkeypatch, 10.0, 12.5)
    games = [by_hand(f"7:{g}", 3, 5) for g in range(4)]
    total = sum(len(moves) for moves, _ in games)
    wins = {"0": 0, "1": 0, "2": 0}
    for _, winners in games:
        for w in winners:
            wins[str(w)] += 1
    report = simulate(Race(), games=4, players=3, seed=7, options={"goal": 5})
    assert report == {
        "engine": "race",
        "options": {"goal": 5, "mode": "plain"},
        "players": 3,
        "games": 4,
        "finished": 4,
        "unfinished": 0,
        "no_winner": 0,
        "wins_by_seat": wins,
        "mean_actions": round(total / 4, 2),
        "illegal_actions": 0,
        "errors": 0,
        "actions_per_second": round(total / 2.5),
        "seconds": 2.5,
    }
    assert sum(wins.values()) == 4 and total % 4  # a mean with decimals, each game won once


def test_simulate_rounds_the_mean_to_hundredths_and_the_seconds_to_thousandths(monkeypatch):
    clock(monkeypatch, 1.0, 1.0 + 1 / 3)
    report = simulate(Race(), games=3, players=2, seed="r", options={"mode": "stuck"}, max_actions=5)
    # three stuck games of max_actions=5 each: all unfinished, none counted a winner
    assert report["finished"] == 0 and report["unfinished"] == 3 and report["no_winner"] == 0
    assert report["wins_by_seat"] == {"0": 0, "1": 0}
    assert report["mean_actions"] == 5 and report["seconds"] == 0.333
    assert report["actions_per_second"] == 45


def test_simulate_reports_mean_actions_with_two_decimals(monkeypatch):
    clock(monkeypatch, 0.0, 1.0)
    seeds = [by_hand(f"q:{g}", 2, 4)[0] for g in range(3)]
    report = simulate(Race(), games=3, players=2, seed="q", options={})
    total = sum(map(len, seeds))
    assert report["mean_actions"] == round(total / 3, 2) and report["actions_per_second"] == total


def test_simulate_counts_a_game_won_by_nobody_and_illegal_bot_moves(monkeypatch):
    clock(monkeypatch, 0.0, 0.0, 0.0, 1.0)
    report = simulate(Race(), games=2, players=2, seed="t", options={"mode": "tie", "goal": 2})
    assert report["finished"] == 2 and report["no_winner"] == 2 and report["wins_by_seat"] == {"0": 0, "1": 0}
    assert report["actions_per_second"] == 0 and report["seconds"] == 0
    report = simulate(Race(), games=2, players=2, seed="t", options={"mode": "bad", "goal": 2})
    # each game: seat 0 steps 1, seat 1 steps 1, seat 0 steps 1 and reaches 2
    assert report["illegal_actions"] == 6 and report["mean_actions"] == 3 and report["wins_by_seat"]["0"] == 2


def test_simulate_stops_a_game_by_default_after_20000_actions(monkeypatch):
    clock(monkeypatch, 0.0, 1.0)
    report = simulate(Race(), games=1, players=2, seed="z", options={"mode": "stuck"})
    assert report["mean_actions"] == 20000 and report["unfinished"] == 1


def test_simulate_reports_the_options_normalized_for_its_seats(monkeypatch):
    clock(monkeypatch, 0.0, 1.0)
    race = Race()
    simulate(race, games=1, players=3, seed="y", options={"goal": 2})
    assert race.normalized == [({"goal": 2}, 3), ({"goal": 2}, 3)]


def test_simulate_counts_a_crash_reports_the_first_one_and_plays_on(monkeypatch):
    clock(monkeypatch, 0.0, 2.0)
    report = simulate(Race(), games=3, players=2, seed="x", options={"mode": "crash"})
    played = [by_hand(f"x:{g}", 2, 4)[0] for g in (0, 2)]
    assert report["errors"] == 1 and report["finished"] == 2 and report["unfinished"] == 0
    assert report["mean_actions"] == round(sum(map(len, played)) / 2, 2)
    assert report["actions_per_second"] == round(sum(map(len, played)) / 2)
    assert report["first_error"].startswith("Traceback (most recent call last):")
    assert report["first_error"].endswith("ZeroDivisionError: the race's wheel came off\n")
    assert "in apply" in report["first_error"]


def test_simulate_with_every_game_crashed_keeps_the_first_traceback(monkeypatch):
    class Crash(Race):
        def apply(self, state, seat, action):
            raise ValueError(f"crash in {state['seed']}")

    clock(monkeypatch, 0.0, 1.0, 0.0, 1.0)
    report = simulate(Crash(), games=2, players=2, seed="c", options={})
    assert report["errors"] == 2 and report["mean_actions"] == 0 and report["unfinished"] == 0
    assert report["first_error"].endswith("ValueError: crash in c:0\n")
    assert "first_error" not in simulate(Race(), games=1, players=2, seed="c", options={})


def test_simulate_keeps_eight_frames_of_a_deep_crash(monkeypatch):
    class Deep(Race):
        def apply(self, state, seat, action, depth=12):
            if depth:
                return self.again(state, seat, action, depth - 1)
            raise KeyError("deep")

        def again(self, state, seat, action, depth):
            return self.apply(state, seat, action, depth)

    clock(monkeypatch, 0.0, 1.0)
    report = simulate(Deep(), games=1, players=2, seed="d", options={})
    assert report["first_error"].count('  File "') == 8


# -- the CLI ---------------------------------------------------------------------------------------


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr().out
    return code, out


def with_race(monkeypatch, race=None):
    race = race or Race()
    monkeypatch.setattr(cli, "engine_slugs", lambda: ["race"])
    monkeypatch.setattr(cli, "get_engine", lambda slug: race)
    return race


def test_list_prints_each_registered_engine_with_its_title_and_seats(capsys):
    code, out = run(capsys, "list")
    lines = []
    for slug in engine_slugs():
        e = get_engine(slug)
        lines.append(f"{slug}\t{e.title}\t{e.min_seats}-{e.max_seats} players")
    assert code == 0 and out == "\n".join(lines) + "\n"
    assert len(lines) >= 3


def test_simulate_command_prints_the_summary_as_sorted_json_and_exits_0(capsys, monkeypatch):
    with_race(monkeypatch)
    clock(monkeypatch, 0.0, 1.0)
    code, out = run(capsys, "simulate", "race", "--games", "3", "--players", "3", "--seed", "k", "--option", "goal=6")
    assert code == 0 and out.endswith("\n") and out.count("\n") == 1
    report = json.loads(out)
    assert list(report) == sorted(report)
    assert report["games"] == 3 and report["players"] == 3 and report["finished"] == 3
    assert report["options"] == {"goal": 6, "mode": "plain"}
    wins = {"0": 0, "1": 0, "2": 0}
    total = 0
    for g in range(3):
        moves, winners = by_hand(f"k:{g}", 3, 6)
        total += len(moves)
        for w in winners:
            wins[str(w)] += 1
    assert report["wins_by_seat"] == wins and report["mean_actions"] == round(total / 3, 2)


def test_simulate_command_defaults_100_games_min_seats_seed_0_and_20000_actions(capsys, monkeypatch):
    race = with_race(monkeypatch)
    seen = {}

    def spy(engine, **kw):
        seen.update(kw)
        return {"errors": 0, "illegal_actions": 0}

    monkeypatch.setattr(cli, "simulate", spy)
    code, out = run(capsys, "simulate", "race")
    assert code == 0 and json.loads(out) == {"errors": 0, "illegal_actions": 0}
    assert seen == {"games": 100, "players": 2, "seed": "0", "options": {}, "max_actions": 20000}
    assert race.normalized == [({}, 2)]
    run(capsys, "simulate", "race", "--max-actions", "9", "--option", "mode=a=b", "--option", "goal=5")
    assert seen["max_actions"] == 9 and seen["options"] == {"mode": "a=b", "goal": "5"}


def test_simulate_command_exits_1_on_an_illegal_bot_move_or_a_crash(capsys, monkeypatch):
    with_race(monkeypatch)
    clock(monkeypatch, 0.0, 1.0, 0.0, 1.0)
    code, out = run(capsys, "simulate", "race", "--games", "1", "--option", "mode=bad")
    assert code == 1 and json.loads(out)["illegal_actions"] > 0
    code, out = run(capsys, "simulate", "race", "--games", "2", "--seed", "x", "--option", "mode=crash")
    report = json.loads(out)
    assert code == 1 and report["errors"] == 1 and report["illegal_actions"] == 0


def test_simulate_command_refuses_a_bad_option_and_an_option_without_a_value(capsys, monkeypatch):
    with_race(monkeypatch)
    with pytest.raises(SystemExit) as caught:
        cli.main(["simulate", "race", "--option", "colour=red"])
    assert caught.value.code == 2
    assert capsys.readouterr().err.endswith("error: Unknown option 'colour'.\n")
    with pytest.raises(SystemExit) as caught:
        cli.main(["simulate", "race", "--option", "goal"])
    assert caught.value.code == 2
    assert capsys.readouterr().err.endswith("error: --option needs KEY=VALUE, got 'goal'\n")


def test_simulate_command_plays_short_games_of_a_real_engine(capsys):
    code, out = run(
        capsys, "simulate", "oregon-trail-race", "--games", "2", "--seed", "cli", "--option", "trail_length=10"
    )
    report = json.loads(out)
    engine = get_engine("oregon-trail-race")
    assert code == 0 and report["engine"] == "oregon-trail-race" and report["players"] == engine.min_seats
    assert report["options"]["trail_length"] == 10
    assert report["finished"] == 2 and report["errors"] == 0
    assert sum(report["wins_by_seat"].values()) + report["no_winner"] >= 2


def test_the_command_is_required_and_an_unknown_engine_refused(capsys):
    for argv in ([], ["simulate", "no-such-game"]):
        with pytest.raises(SystemExit) as caught:
            cli.main(argv)
        assert caught.value.code == 2
    assert "invalid choice: 'no-such-game'" in capsys.readouterr().err


# -- verify ----------------------------------------------------------------------------------------


class FakeReport:
    def __init__(self, ok, bad_file=None):
        self.ok, self.bad_file = ok, bad_file


def fake_verify(monkeypatch, report):
    read = []
    monkeypatch.setattr(verify, "load", lambda data: read.append(data) or {"doc": len(data)})
    monkeypatch.setattr(verify, "verify", lambda doc: report)
    monkeypatch.setattr(verify, "render", lambda rep, doc: f"rendered {doc['doc']} ok={rep.ok}")
    return read


@pytest.mark.parametrize(
    ("report", "code"),
    [(FakeReport(True), 0), (FakeReport(False), 1), (FakeReport(False, "The file has moves but no seed."), 2)],
)
def test_verify_prints_the_report_and_exits_by_its_verdict(capsys, monkeypatch, tmp_path, report, code):
    read = fake_verify(monkeypatch, report)
    path = tmp_path / "game.json"
    path.write_bytes(b"{}")
    assert run(capsys, "verify", str(path)) == (code, f"rendered 2 ok={report.ok}\n")
    assert read == [b"{}"]


def test_verify_reads_one_byte_past_the_limit_from_a_file_and_stdin(capsys, monkeypatch, tmp_path):
    read = fake_verify(monkeypatch, FakeReport(True))
    monkeypatch.setattr(verify, "MAX_BYTES", 4)
    path = tmp_path / "big.json"
    path.write_bytes(b"0123456789")
    assert run(capsys, "verify", str(path)) == (0, "rendered 5 ok=True\n")
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(b"abcdefgh")))
    assert run(capsys, "verify", "-") == (0, "rendered 5 ok=True\n")
    assert read == [b"01234", b"abcde"]


def test_verify_of_a_file_that_cannot_be_read_or_is_not_a_game(capsys, tmp_path, monkeypatch):
    missing = tmp_path / "nope.json"
    assert run(capsys, "verify", str(missing)) == (2, f"Cannot read {missing}: No such file or directory.\n")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{not json")
    code, out = run(capsys, "verify", str(bad))
    assert code == 2 and out.startswith("✗ ") and out.endswith("\nThe file cannot be verified.\n")
    with pytest.raises(verify.BadFile) as caught:
        verify.load(b"{not json")
    assert out == f"✗ {caught.value.message}\nThe file cannot be verified.\n"
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(b"[1")))
    code, out = run(capsys, "verify", "-")
    assert code == 2 and out.endswith("\nThe file cannot be verified.\n")


def test_verify_of_an_error_without_a_strerror_names_the_error(capsys, monkeypatch):
    def refuse(*a, **kw):
        raise OSError("disk gone")

    monkeypatch.setattr("builtins.open", refuse)
    assert run(capsys, "verify", "x.json") == (2, "Cannot read x.json: disk gone.\n")


def test_verify_verifies_the_document_it_loaded(capsys, monkeypatch, tmp_path):
    fake_verify(monkeypatch, FakeReport(True))
    checked = []
    monkeypatch.setattr(verify, "verify", lambda doc: checked.append(doc) or FakeReport(True))
    path = tmp_path / "game.json"
    path.write_bytes(b"abc")
    assert run(capsys, "verify", str(path)) == (0, "rendered 3 ok=True\n")
    assert checked == [{"doc": 3}]


# -- help ------------------------------------------------------------------------------------------


def test_help_names_the_program_and_each_command_with_what_it_does(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as caught:
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert caught.value.code == 0 and out.startswith("usage: python -m games.rules [-h] {simulate,list,verify}")
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "simulate play seeded bot games to the end" in lines
    assert "list list the registered engines" in lines
    assert "verify check an exported game (a .json file, or - for stdin)" in lines


def test_simulate_help_shows_the_option_as_key_value(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m games.rules simulate [-h]")
    assert "[--option KEY=VALUE]" in out
