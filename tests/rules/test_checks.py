"""The legality kit every engine's menus use (games.rules.checks), on a toy game of its own: what
the menu lists and what a refusal says, kind by kind (a gate, a fit, both, neither; a kind listed
with another; the rules' own list; a game's shut and spoils around them)."""

from games.rules import checks

UNKNOWN = "There is no such move."
EMPTY_DECK = "The deck is empty."
NOT_HELD = "You do not hold that card."
NOT_NOW = "Not during a storm."
SPOILT = "That card is spoilt."


def _draw_gate(ctx):
    return EMPTY_DECK if not ctx["deck"] else None


def _play_fit(ctx, action):
    return NOT_HELD if action.get("card") not in ctx["hand"] else None


def _mend_fit(ctx, action):
    return "Nothing to mend." if action.get("what") not in ctx["broken"] else None


def _trade_gate(ctx):
    return "No market here." if not ctx["market"] else None


def _trade_fit(ctx, action):
    return "The market does not take that." if action.get("give") not in ctx["market"] else None


KINDS = {
    "draw": (_draw_gate, None),
    "play": (None, _play_fit),
    "trade": (_trade_gate, _trade_fit),
    "mend": (None, _mend_fit),
    "pass": (None, None),
}


def _plays(ctx):
    return [{"type": "play", "card": c} for c in ctx["cards"]]


def _trades(ctx):
    # trades, with the mends listed among them (a kind listed with another)
    return [{"type": "trade", "give": "ox"}, {"type": "mend", "what": "axle"}, {"type": "trade", "give": "gun"}]


def _rows():
    # built in each test (mutation testing credits a function's mutants to the tests that call it)
    return checks.table(KINDS, ("draw", None), ("play", _plays), ("trade", _trades), ("pass", None))


def _ctx(**kw):
    return {"deck": 3, "cards": ("a", "b", "c"), "hand": {"a", "c"}, "market": {"ox"}, "broken": {"axle"}, **kw}


def test_the_menu_lists_what_passes_each_kinds_check_in_table_order():
    assert checks.menu(_ctx(), KINDS, _rows()) == [
        {"type": "draw"},
        {"type": "play", "card": "a"},
        {"type": "play", "card": "c"},
        {"type": "trade", "give": "ox"},
        {"type": "mend", "what": "axle"},
        {"type": "pass"},
    ]


def test_a_gate_that_refuses_passes_over_the_whole_kind():
    got = checks.menu(_ctx(deck=0, market=set()), KINDS, _rows())
    assert got == [{"type": "play", "card": "a"}, {"type": "play", "card": "c"}, {"type": "pass"}]


def test_a_kind_listed_with_another_is_asked_its_own_fit():
    got = checks.menu(_ctx(broken=set(), market={"ox", "gun"}), KINDS, _rows())
    trades = [a for a in got if a["type"] in ("trade", "mend")]
    assert trades == [{"type": "trade", "give": "ox"}, {"type": "trade", "give": "gun"}]


def test_the_rules_own_list_is_not_asked_the_fit_again():
    rows = checks.table(KINDS, ("play", _plays, checks.LISTED), ("draw", None))
    got = checks.menu(_ctx(hand=set()), KINDS, rows)
    assert got == [{"type": "play", "card": c} for c in ("a", "b", "c")] + [{"type": "draw"}]


def test_a_kind_without_candidates_is_its_one_action_and_its_gate_decides():
    rows = checks.table(KINDS, ("draw", None))
    assert checks.menu(_ctx(), KINDS, rows) == [{"type": "draw"}]
    assert checks.menu(_ctx(deck=0), KINDS, rows) == []


def test_shut_passes_over_a_kind_before_its_gate():
    asked = []

    def shut(ctx, kind):
        asked.append(kind)
        return NOT_NOW if kind in ctx["storm"] else None

    got = checks.menu(_ctx(storm=("play", "draw")), KINDS, _rows(), shut=shut)
    assert got == [{"type": "trade", "give": "ox"}, {"type": "mend", "what": "axle"}, {"type": "pass"}]
    assert asked == ["draw", "play", "trade", "pass"]
    # a shut that refuses nothing leaves the menu as it is
    assert checks.menu(_ctx(), KINDS, _rows(), shut=lambda ctx, kind: None) == checks.menu(_ctx(), KINDS, _rows())


def test_spoils_leaves_out_actions_after_their_fit():
    def spoils(ctx, action):
        return SPOILT if action in ctx["spoilt"] else None

    spoilt = ({"type": "play", "card": "c"}, {"type": "pass"}, {"type": "mend", "what": "axle"})
    got = checks.menu(_ctx(spoilt=spoilt), KINDS, _rows(), spoils=spoils)
    assert got == [{"type": "draw"}, {"type": "play", "card": "a"}, {"type": "trade", "give": "ox"}]
    # spoils is asked only of actions their fit lets through, and a spoils that passes all changes nothing
    seen = []
    checks.menu(_ctx(), KINDS, _rows(), spoils=lambda ctx, action: seen.append(action))
    assert {"type": "play", "card": "b"} not in seen and {"type": "trade", "give": "gun"} not in seen
    assert seen == checks.menu(_ctx(), KINDS, _rows())


def test_spoils_reads_the_listed_actions_too():
    rows = checks.table(KINDS, ("play", _plays, checks.LISTED))
    got = checks.menu(_ctx(), KINDS, rows, spoils=lambda ctx, a: SPOILT if a.get("card") in ctx["hand"] else None)
    assert got == [{"type": "play", "card": "b"}]


def test_the_refusal_names_the_gate_then_the_fit_or_none():
    ctx = _ctx(deck=0, market=set())
    assert checks.refusal(ctx, KINDS, {"type": "draw"}, UNKNOWN) == EMPTY_DECK
    assert checks.refusal(_ctx(), KINDS, {"type": "draw"}, UNKNOWN) is None
    assert checks.refusal(_ctx(), KINDS, {"type": "play", "card": "b"}, UNKNOWN) == NOT_HELD
    assert checks.refusal(_ctx(), KINDS, {"type": "play", "card": "a"}, UNKNOWN) is None
    # both parts: the gate's sentence comes first, the fit's when the gate passes
    assert checks.refusal(ctx, KINDS, {"type": "trade", "give": "gun"}, UNKNOWN) == "No market here."
    assert checks.refusal(_ctx(), KINDS, {"type": "trade", "give": "gun"}, UNKNOWN) == "The market does not take that."
    assert checks.refusal(_ctx(), KINDS, {"type": "trade", "give": "ox"}, UNKNOWN) is None
    assert checks.refusal(ctx, KINDS, {"type": "pass"}, UNKNOWN) is None


def test_the_refusal_of_a_kind_the_game_lacks_is_the_unknown_sentence():
    for action in ({"type": "fly"}, {}, {"type": None}, {"type": 3}, {"type": ["draw"]}, {"type": {"draw": 1}}):
        assert checks.refusal(_ctx(), KINDS, action, UNKNOWN) == UNKNOWN, action


def test_the_menu_and_the_refusals_agree():
    for ctx in (_ctx(), _ctx(deck=0), _ctx(hand=set(), market=set(), broken=set())):
        listed = checks.menu(ctx, KINDS, _rows())
        candidates = [{"type": "draw"}, *_plays(ctx), *_trades(ctx), {"type": "pass"}]
        for action in candidates:
            assert (action in listed) == (checks.refusal(ctx, KINDS, action, UNKNOWN) is None), action
