"""What drf-spectacular cannot infer from the views: the answers every operation may give, where the
server is, and which response objects carry engine-specific keys besides their declared ones.

Registered in config/settings.py (SPECTACULAR_SETTINGS' POSTPROCESSING_HOOKS); the extension below
registers itself when this module is imported (games.api.serializers imports it).
"""

from drf_spectacular.extensions import OpenApiSerializerExtension

# Every error the API may answer with, on any operation: the body is always {code, message, extra}.
# 406: an Accept header the API cannot satisfy (it answers JSON only). 414 and 431: an address over
# 4 KB or headers over 8 KB (config.middleware). 503: the database cannot be reached just now (with
# Retry-After; config/urls.py).
ERROR_STATUSES = (400, 401, 403, 404, 405, 406, 409, 413, 414, 415, 422, 429, 431, 503)
ERROR_DESCRIPTION = "Refused: {code, message, extra}, with a stable code (core/errors.py)."


class FreeFormSerializer:
    """A response shape whose declared fields come with others that depend on the game's engine:
    documented as an object that allows more properties (a generated client keeps them, e.g. as
    `additional_properties`). Its docstring says which."""


class FreeFormSerializerExtension(OpenApiSerializerExtension):
    target_class = FreeFormSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        return {**schema, "additionalProperties": {"description": "Engine-specific: see the description."}}


def document_every_answer(result, generator, request, public):
    """Declares every error status on every operation, and the server the schema was fetched from."""
    # core.api.ErrorSerializer, which the operations' own ERRORS already name
    error_ref = {"$ref": "#/components/schemas/Error"}
    for path_item in result["paths"].values():
        for operation in path_item.values():
            responses = operation.setdefault("responses", {})
            for status in ERROR_STATUSES:
                responses.setdefault(
                    str(status),
                    {"description": ERROR_DESCRIPTION, "content": {"application/json": {"schema": error_ref}}},
                )
    server = request.build_absolute_uri("/") if request is not None else "/"
    result["servers"] = [{"url": server, "description": "This Trailpost server"}]
    return result
