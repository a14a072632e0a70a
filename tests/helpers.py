"""Helpers shared by test modules."""


def json_strings(obj, out=None) -> set:
    """Returns every string value (and dict key) found anywhere in a JSON-like value."""
    out = set() if out is None else out
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            json_strings(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            json_strings(v, out)
    return out


def refused(code, message, call, /, **kwargs) -> None:
    """Calls a service and checks it refuses with exactly that error code and sentence."""
    import pytest

    from core.errors import GameError

    with pytest.raises(GameError) as caught:
        call(**kwargs)
    assert (caught.value.code, caught.value.message) == (code, message)
