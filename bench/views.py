"""The bare endpoint `bench/api.py` compares moves against (bench/urls.py, mounted only with
TRAILPOST_BENCH=1).

It does the least a move can cost: token auth, one select_for_update row update, one appended
log row, in one transaction.
"""

from django.db import transaction
from rest_framework.decorators import api_view
from rest_framework.response import Response

from games.models import Game, Move


@api_view(["POST"])
def bare_move(request, pk):
    with transaction.atomic():
        game = Game.objects.select_for_update().only("id", "version").get(pk=pk)
        game.version += 1
        game.save(update_fields=["version"])
        Move.objects.create(
            game=game,
            seq=game.version,
            kind=Move.Kind.ADMIN,
            channel=Move.Channel.API,
            action=request.data.get("action") or {},
            note="bench",
        )
    return Response({"version": game.version}, status=201)
