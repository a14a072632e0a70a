"""The API's JSON parser: DRF's, refusing bodies nested deeper than MAX_JSON_DEPTH or holding text
no player types (a NUL or another control character, half of a surrogate pair: UNSAFE_TEXT).

Python's json module recurses once per level: a body of 5,000 brackets ends in RecursionError (a
500), and a body just under the interpreter's limit parses but breaks whatever walks it next (the
serializers, the rules engine, the database adapter). No action or option of any game nests
anywhere near this deep.
"""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.rules.base import json_depth, json_has_unsafe_text

MAX_JSON_DEPTH = 64


class DepthLimitedJSONParser(JSONParser):
    """JSONParser with a nesting limit; every failure is a ParseError (400), never a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            pass
        else:
            if json_depth(data) <= MAX_JSON_DEPTH:
                if json_has_unsafe_text(data):  # refused whole, and never echoed back
                    raise ParseError(
                        "The JSON body holds a character that is not allowed: a control character "
                        "or half of a surrogate pair."
                    )
                return data
        raise ParseError(f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.")
