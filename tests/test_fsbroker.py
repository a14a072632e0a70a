"""The filesystem broker of `make run`: a message's file is never visible to a worker before it is
whole (Kombu's own transport created it first and wrote it after: a worker read it empty and died)."""

import os

from kombu import Connection

from config import fsbroker


def test_a_message_is_never_in_the_folder_under_its_readable_name_before_it_is_whole(tmp_path, monkeypatch):
    real_dumps = fsbroker.dumps
    seen = []

    def dumps_and_look(payload):
        seen.append([name for name in os.listdir(tmp_path) if name.endswith(".msg")])
        return real_dumps(payload)

    monkeypatch.setattr(fsbroker, "dumps", dumps_and_look)
    options = {"data_folder_in": str(tmp_path), "data_folder_out": str(tmp_path), "processed_folder": str(tmp_path)}
    with Connection("filesystem://", transport=fsbroker.Transport, transport_options=options) as conn:
        queue = conn.SimpleQueue("trailpost-test")
        queue.put({"move": 1})
        assert seen == [[]]  # while the message was being written, no file a reader takes
        assert queue.get(timeout=1).payload == {"move": 1}  # and it reads back whole
        queue.close()
