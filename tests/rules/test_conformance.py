"""The conformance suite: every registered engine, every listed option set and player count.

Seeded bot playouts check the engine contract at every step: legal actions exist until the game
ends, every menu entry is accepted, an action outside the legal list is refused and changes
nothing, the default action draws nothing, every card is in exactly one place, the state
survives JSON and keeps to its declared shape, replay reproduces the state, and no view leaks a
secret. Every game package has the same modules (games/rules/base.py), none imports another's
private names, and nothing draws randomness outside Rng.
"""

import ast
import importlib
import json
from collections import Counter
from pathlib import Path

import pytest

import games.rules
from games.rules import engines
from games.rules.base import Engine, IllegalAction, Rng, clone, json_roundtrip
from tests.helpers import json_strings

RULES_DIR = Path(games.rules.__file__).parent
PACKAGE_MODULES = {"__init__", "cards", "state", "menus", "engine", "view", "words", "bots", "places", "picture"}
# Modules of the same meaning in every package that has them (games/rules/base.py): a game that
# tells the standings nothing has no `standings`, one whose board needs nothing beyond the view no `page`.
OPTIONAL_MODULES = {"standings", "page"}

PLAYOUTS_PER_CASE = 3
MAX_STEPS = 3000


def _cases():
    for engine in engines():
        for options in engine.conformance_options:
            for players in range(engine.min_seats, engine.max_seats + 1):
                label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
                yield pytest.param(engine, options, players, id=f"{engine.name}-{label}-{players}p")


CASES = list(_cases())


def _card_multiset(engine, state):
    places = engine.card_places(state)
    return Counter(card for cards in places.values() for card in cards)


def _check_views(engine, state, players):
    seed = state["rng"]["seed"]
    places = engine.card_places(state)
    for viewer in [None, *range(players)]:
        view = engine.view(state, viewer)
        dumped = json.dumps(view)
        strings = json_strings(view, set())
        assert "rng" not in view, "a view must not carry the rng"
        assert seed not in strings, f"the seed shows in the view of {viewer}"
        for place in engine.hidden_places(state, viewer):
            leaked = strings.intersection(places.get(place, []))
            assert not leaked, f"seat {viewer} sees {sorted(leaked)} from hidden place {place}"
        if viewer is not None:  # one vocabulary (#28): a seat's own hand is its view's top-level `hand`
            assert isinstance(view.get("hand"), list), f"seat {viewer}'s view has no top-level hand"
            own = set(places.get(f"hand:{viewer}", []))
            assert own <= json_strings(view["hand"], set()), f"seat {viewer}'s hand is not in its view's `hand`"
        json.loads(dumped)


def _package(engine):
    """Returns the engine's package name (games.rules.<package>)."""
    return type(engine).__module__.rsplit(".", 1)[0]


def _check_shape(engine, state):
    """Every top-level key of the state is declared in the package's state.State."""
    declared = importlib.import_module(f"{_package(engine)}.state").State.__annotations__
    undeclared = set(state) - set(declared)
    assert not undeclared, f"state keys not declared in state.State: {sorted(undeclared)}"


def _playout(engine, options, players, seed):
    opts = engine.normalize_options(options, players)
    state = engine.new_state(opts, players, seed)
    initial = clone(state)
    all_cards = _card_multiset(engine, state)
    assert all(n == 1 for n in all_cards.values()), "a card id appears twice at the start"
    rnd = Rng.stream(seed)
    log = []
    steps = 0
    while engine.result(state) is None:
        assert steps < MAX_STEPS, "the game did not end"
        seats = engine.to_act(state)
        assert seats, "nobody is to act but the game is not over"
        seat = rnd.choice(seats)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for other in range(players):
            if other not in seats:
                assert engine.legal_actions(state, other) == [], "a seat not to act has actions"
        turn = engine.turn_seat(state)
        assert turn is None or 0 <= turn < players, f"turn_seat gave {turn}"
        if steps % 7 == 0:
            refused = [a for a in legal if not engine.accepts(state, seat, a)]
            assert not refused, f"menu entries that accepts refuses: {refused[:3]}"
            _check_views(engine, state, players)
            _check_shape(engine, state)
            before = json.dumps(state, sort_keys=True)
            assert engine.default_action(state, seat) in legal, "the default action is not legal"
            assert json.dumps(state, sort_keys=True) == before, "default_action changed the state"
            with pytest.raises(IllegalAction):
                engine.apply(state, seat, {"type": "__not_a_move__"})
            bogus_seat = next((s for s in range(players) if s not in seats), None)
            if bogus_seat is not None:
                with pytest.raises(IllegalAction):
                    engine.apply(state, bogus_seat, legal[0])
            assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"
        # mix bot moves with random legal ones so odd corners of the rules get visited
        action = engine.bot_action(state, seat, rnd) if rnd.random() < 0.7 else rnd.choice(legal)
        assert action in legal, f"the bot chose an illegal action {action}"
        events = engine.apply(state, seat, action)
        json.dumps(events)
        for ev in events:
            assert {"type", "seat", "public", "private"} <= set(ev), ev
            assert isinstance(ev["public"].get("text"), str) and ev["public"]["text"], ev
        log.append((seat, action))
        steps += 1
        assert _card_multiset(engine, state) == all_cards, "a card was lost or duplicated"
        state = json_roundtrip(state)
    result = engine.result(state)
    assert set(result) >= {"winners", "ranking", "reason"}
    assert engine.to_act(state) == []
    assert engine.turn_seat(state) is None, "a finished game has no turn player"
    _check_views(engine, state, players)

    replayed = json_roundtrip(initial)
    for seat, action in log:
        engine.apply(replayed, seat, action)
    assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True), (
        "replaying the log did not reproduce the state"
    )
    return steps


@pytest.mark.parametrize("engine,options,players", CASES)
def test_seeded_playouts_keep_the_contract(engine, options, players):
    for n in range(PLAYOUTS_PER_CASE):
        _playout(engine, options, players, seed=f"conf:{engine.name}:{players}:{n}")


@pytest.mark.parametrize("engine,options,players", CASES)
def test_new_state_is_deterministic_from_seed(engine, options, players):
    opts = engine.normalize_options(options, players)
    a = engine.new_state(opts, players, "same-seed")
    b = engine.new_state(opts, players, "same-seed")
    c = engine.new_state(opts, players, "other-seed")
    assert a == b
    assert a != c


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_engine_declares_its_metadata(engine):
    assert engine.name and engine.title and engine.version
    assert 1 <= engine.min_seats <= engine.max_seats
    defaults = engine.normalize_options({}, engine.min_seats)
    assert set(defaults) == set(engine.options_schema)
    for kind, spec in engine.decision_kinds.items():
        assert spec["label"] and spec["answers"], kind


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_unknown_option_is_refused(engine):
    from games.rules.base import BadOptions

    with pytest.raises(BadOptions):
        engine.normalize_options({"no_such_option": 1}, engine.min_seats)


@pytest.mark.parametrize("engine,options,players", CASES)
def test_a_resignation_keeps_the_contract(engine, options, players):
    """A seat leaves mid-game (resigned or dropped): the game goes on without it, or ends."""
    for n in range(2):
        seed = f"resign:{engine.name}:{players}:{n}"
        rnd = Rng.stream(seed)
        state = engine.new_state(engine.normalize_options(options, players), players, seed)
        initial = clone(state)
        all_cards = _card_multiset(engine, state)
        log = []
        quit_at = rnd.below(40)
        quitter = rnd.below(players)
        steps = 0
        while engine.result(state) is None:
            assert steps < MAX_STEPS, "the game did not end"
            if steps == quit_at:
                events = engine.resign(state, quitter)
                assert all(ev["public"].get("text") for ev in events)
                log.append((quitter, None))
                assert _card_multiset(engine, state) == all_cards
                state = json_roundtrip(state)
                if engine.result(state) is not None:
                    break
            seats = engine.to_act(state)
            assert seats, "nobody is to act but the game is not over"
            if steps >= quit_at:
                assert quitter not in seats, "a seat that left is asked to decide"
            seat = rnd.choice(seats)
            action = engine.bot_action(state, seat, rnd)
            engine.apply(state, seat, action)
            log.append((seat, action))
            steps += 1
            assert _card_multiset(engine, state) == all_cards
            state = json_roundtrip(state)
        result = engine.result(state)
        if steps > quit_at:
            assert quitter not in result["winners"] or players == 1
        replayed = json_roundtrip(initial)
        for seat, action in log:
            if action is None:
                engine.resign(replayed, seat)
            else:
                engine.apply(replayed, seat, action)
        assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)


# -- the packages' shape -------------------------------------------------------------------------


def _sources(package_dir: Path) -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(package_dir.glob("*.py"))}


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_every_package_has_the_same_modules(engine):
    package = importlib.import_module(_package(engine))
    modules = {p.stem for p in Path(package.__file__).parent.glob("*.py")}
    assert PACKAGE_MODULES <= modules, f"missing: {sorted(PACKAGE_MODULES - modules)}"
    extra = modules - PACKAGE_MODULES - OPTIONAL_MODULES
    for name in extra:  # extra modules are components, each named in the package docstring
        assert f"`{name}`" in package.__doc__, f"the package docstring does not say what {name} is"
    assert importlib.import_module(f"{package.__name__}.engine").ENGINE is engine
    state = importlib.import_module(f"{package.__name__}.state")
    assert state.State.__annotations__, "state.State declares the state's keys"
    assert callable(state.build_state)
    if engine.state_version > 1:  # states saved before the version the engine writes load through it
        assert callable(state.upgrade)
    handlers = importlib.import_module(f"{package.__name__}.actions").HANDLERS
    assert all(fn.__name__ == f"do_{kind}" for kind, fn in handlers.items()), "a handler is do_<kind>"
    for module, fns in (
        ("menus", ("legal_actions", "refusal")),
        ("view", ("view",)),
        ("words", ("action_label", "explain_illegal", "table_text", "explain_hit")),
    ):
        found = importlib.import_module(f"{package.__name__}.{module}")
        for fn in fns:
            assert callable(getattr(found, fn, None)), f"{module}.{fn} is missing"
    assert callable(importlib.import_module(f"{package.__name__}.bots").choose)
    assert callable(importlib.import_module(f"{package.__name__}.places").place)


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_no_module_reaches_for_another_modules_private_names(engine):
    package_dir = Path(importlib.import_module(_package(engine)).__file__).parent
    offences = []
    for name, tree in _sources(package_dir).items():
        aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and alias.name != "__future__":
                        offences.append(f"{name}: from {node.module} import {alias.name}")
                    aliases[alias.asname or alias.name] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name)
                and node.value.id not in ("self", "cls")
            ):
                offences.append(f"{name}: {node.value.id}.{node.attr}")
    assert not offences, offences


def test_randomness_goes_through_rng_only():
    offences = []
    for path in sorted(RULES_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] in ("random", "secrets", "time", "datetime") for n in names):
                offences.append(f"{path.relative_to(RULES_DIR)}: imports {names}")
    allowed = {"simulate.py"}  # times its runs; draws nothing
    assert [o for o in offences if o.split(":")[0] not in allowed] == []


def test_engines_name_seats_with_the_one_helper():
    offences = []
    for path in sorted(RULES_DIR.rglob("*.py")):
        if path.name == "base.py":
            continue
        text = path.read_text(encoding="utf-8")
        if 'f"Player {' in text:
            offences.append(str(path.relative_to(RULES_DIR)))
    assert not offences, f"write seat labels with base.seat_label: {offences}"


def test_accepts_defaults_to_the_menu():
    assert Engine.accepts is not None
    overriding = [e.name for e in engines() if type(e).accepts is not Engine.accepts]
    assert overriding == ["crayon-rails"], "an engine that accepts more than its menu says so"


def _retyped(action: dict):
    """Each way to write one of the action's whole numbers that Python's == takes for it and JSON
    does not: the number as a float and, for 0 and 1, as a boolean."""
    for key, value in action.items():
        if isinstance(value, int) and not isinstance(value, bool):
            yield {**action, key: float(value)}
            if value in (0, 1):
                yield {**action, key: bool(value)}


@pytest.mark.parametrize(
    "engine,options",
    [pytest.param(e, o, id=f"{e.name}-{i}") for e in engines() for i, o in enumerate(e.conformance_options)],
)
def test_a_number_written_as_a_float_or_a_boolean_is_refused_and_changes_nothing(engine, options):
    """A move read from JSON matches a menu entry only with the same types: `{"stack": true}` or
    `{"stack": 1.0}` is no stack number (Python's == would take both for 1, and a float index
    then raised a TypeError, a server error, where the player should be told)."""
    players = engine.min_seats
    state = engine.new_state(engine.normalize_options(options, players), players, f"retyped:{engine.name}")
    rnd = Rng.stream(f"retyped-bots:{engine.name}")
    tried = 0
    for _ in range(300):
        if engine.result(state) is not None:
            break
        seat = engine.to_act(state)[0]
        for action in engine.legal_actions(state, seat):
            for bad in _retyped(action):
                before = clone(state)
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, bad)
                assert state == before
                tried += 1
        engine.apply(state, seat, engine.bot_action(state, seat, rnd))
    assert tried > 0, "no move with a whole number was met"
