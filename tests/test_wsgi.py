import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wsgi_module_loads_every_view_and_freezes_it_out_of_full_collections():
    """A web process imports its views at start, then freezes what it loaded, so the collector's
    full collections (run in the middle of some request) walk only what requests made since."""
    probe = (
        "import gc, sys; n = len(gc.get_objects()); import config.wsgi; "
        "print(gc.get_freeze_count() - n, 'games.api.views' in sys.modules, len(gc.get_objects()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings"),
    )
    more_frozen, views_loaded, left = out.stdout.split()
    assert views_loaded == "True"
    assert int(more_frozen) > 10_000  # Django, DRF and the app, not only what the interpreter started with
    assert int(left) < 1_000  # next to nothing is left for a full collection to walk
