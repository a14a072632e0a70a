"""Placeholder bot: picks end_turn."""
def choose(engine, state, seat, rnd):
    legal = engine.legal_actions(state, seat)
    for a in legal:
        if a["type"] in ("end_turn", "keep_done"):
            return a
    return legal[0]
