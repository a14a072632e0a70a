"""The inbound pipe's own code (inbound.pipe), in this process: its environment file, the one line
it says when it defers a message (and the traceback in its log file), and its exit statuses, 0 or
75 and never anything else. tests/inbound/test_pipe.py runs it as the MTA does, in a process of
its own."""

import io
import locale
import os
import re
import sys
from types import SimpleNamespace

import pytest

from inbound.pipe import ENV_FILE_VARIABLE, EX_TEMPFAIL, LOG_VARIABLE, deferred, main, read_env_file

NO_TOKEN = b"From: ann@example.com\r\nTo: someone@example.com\r\nSubject: hi\r\n\r\n1\r\n"


def test_an_env_file_sets_its_variables(tmp_path):
    path = tmp_path / "env"
    path.write_text(
        "# the pipe's settings\n"
        "\n"
        "   \n"
        "  # indented comment\n"
        "PLAIN=value\n"
        "export EXPORTED = spaced value  \n"
        'DOUBLE="a # b"\n'
        "SINGLE='c'\n"
        "MIXED=\"d'\n"
        'ONE="\n'
        "EMPTY=\n"
        'QUOTES=""\n'
        "XMASX=XmasX\n"
        "_UNDER9=x=y\n"
    )
    assert read_env_file(str(path)) == {
        "PLAIN": "value",
        "EXPORTED": "spaced value",
        "DOUBLE": "a # b",
        "SINGLE": "c",
        "MIXED": "\"d'",
        "ONE": '"',
        "EMPTY": "",
        "QUOTES": "",
        "XMASX": "XmasX",
        "_UNDER9": "x=y",
    }


@pytest.mark.parametrize("line", ["password hunter2", "9NAME=x", "NA-ME=x", "exported NAME"])
def test_a_line_that_is_not_an_assignment_is_named_by_its_number_not_its_text(tmp_path, line):
    path = tmp_path / "env"
    path.write_text(f"A=1\n# note\n{line}\n")
    with pytest.raises(ValueError) as refused:
        read_env_file(str(path))
    assert str(refused.value) == f"{path}, line 3, is not NAME=value"


def test_a_deferral_is_one_line_and_its_traceback_goes_to_the_log(tmp_path, monkeypatch):
    log = tmp_path / "pipe.log"
    log.write_text("before\n")
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    stream = io.StringIO()
    try:
        raise RuntimeError("the database\nis   down " + "x" * 600)
    except RuntimeError as exc:
        deferred(exc, stream)
    line = stream.getvalue()
    assert line.startswith(
        "receive_email: deferred, the mail server will try again later: RuntimeError: the database is down x"
    )
    assert line.endswith("\n") and line.count("\n") == 1
    assert len(line) == len("receive_email: deferred, the mail server will try again later: ") + 500 + 1
    written = log.read_text()
    assert written.startswith("before\n") and " receive_email deferred a message\n" in written
    assert re.search(r"^\d{4}-\d\d-\d\dT[\d:.]+\+00:00 receive_email deferred a message$", written, re.MULTILINE)
    assert "Traceback (most recent call last):\n  File " in written and "RuntimeError: the database" in written


def test_a_deferral_goes_to_stderr_and_a_log_that_cannot_be_written_is_passed_over(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(LOG_VARIABLE, str(tmp_path / "no-such-dir" / "pipe.log"))
    deferred(ValueError("bad"))
    assert capsys.readouterr().err == "receive_email: deferred, the mail server will try again later: ValueError: bad\n"
    monkeypatch.setenv(LOG_VARIABLE, "")
    deferred(ValueError("bad"))  # no log named: the line only
    assert capsys.readouterr().err.count("\n") == 1


@pytest.fixture
def stdin(monkeypatch):
    def give(data: bytes):
        monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=io.BytesIO(data)))

    return give


@pytest.fixture
def pipe_env(monkeypatch):
    """Whatever main sets in the environment is undone after the test."""
    for name in (LOG_VARIABLE, ENV_FILE_VARIABLE, "TRAILPOST_PIPE_TEST"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


def test_a_handled_message_exits_0(stdin, pipe_env, capsys):
    stdin(NO_TOKEN)
    assert main([]) == 0
    assert capsys.readouterr().out.startswith("no_token: ")


def test_the_env_file_named_is_read_first(stdin, pipe_env, tmp_path, monkeypatch):
    env = tmp_path / "env"
    env.write_text("TRAILPOST_PIPE_TEST=from the file\n")
    stdin(NO_TOKEN)
    assert main(["--env-file", str(env)]) == 0
    assert os.environ["TRAILPOST_PIPE_TEST"] == "from the file"
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(env))
    monkeypatch.setenv("TRAILPOST_PIPE_TEST", "")
    stdin(NO_TOKEN)
    assert main([]) == 0
    assert os.environ["TRAILPOST_PIPE_TEST"] == "from the file"


def test_an_env_file_that_cannot_be_read_defers_in_one_line(stdin, pipe_env, tmp_path, capsys):
    env = tmp_path / "env"
    env.write_text("DATABASE_URL=postgres://u:secret@h/db\nnot an assignment secret\n")
    stdin(NO_TOKEN)
    assert main(["--env-file", str(env)]) == EX_TEMPFAIL
    err = capsys.readouterr().err
    assert (
        err
        == f"receive_email: deferred, the mail server will try again later: ValueError: {env}, line 2, is not NAME=value\n"
    )
    assert main(["--env-file", str(tmp_path / "missing")]) == EX_TEMPFAIL
    assert capsys.readouterr().err.startswith(
        "receive_email: deferred, the mail server will try again later: FileNotFoundError"
    )


def test_a_failure_while_handling_defers_once_with_its_traceback_logged(pipe_env, tmp_path, monkeypatch, capsys):
    class Broken:
        def read(self, size=-1):
            raise OSError("the disk is gone")

    monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=Broken()))
    log = tmp_path / "pipe.log"
    assert main(["--log-file", str(log)]) == EX_TEMPFAIL
    assert os.environ[LOG_VARIABLE] == str(log)
    captured = capsys.readouterr()
    assert (captured.out + captured.err).count("deferred, the mail server will try again later") == 1
    assert "OSError: the disk is gone" in log.read_text()


def test_arguments_the_command_refuses_defer(stdin, pipe_env, capsys):
    stdin(NO_TOKEN)
    assert main(["--no-such-option"]) == EX_TEMPFAIL
    assert "deferred, the mail server will try again later" in capsys.readouterr().err


def test_a_command_that_exits_0_exits_0(stdin, pipe_env, capsys):
    stdin(NO_TOKEN)
    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert "Handle one raw email" in out and err == ""  # the command's help, not the pipe's


def test_a_command_that_exits_otherwise_defers(pipe_env, monkeypatch, capsys):
    from django.core import management

    def exits(name, *args):
        raise SystemExit(2)

    monkeypatch.setattr(management, "call_command", exits)
    assert main([]) == EX_TEMPFAIL
    assert capsys.readouterr().err == "receive_email: deferred, the mail server will try again later: SystemExit: 2\n"


def test_arguments_the_pipe_refuses_defer_with_its_name(stdin, pipe_env, capsys):
    stdin(NO_TOKEN)
    assert main(["--env-file"]) == EX_TEMPFAIL
    err = capsys.readouterr().err
    assert err.startswith("usage: receive_email ") and err.endswith(
        "receive_email: deferred, the mail server will try again later: SystemExit: 2\n"
    )


@pytest.fixture
def ascii_locale():
    """The C locale's ASCII as the locale's encoding (this process's is UTF-8), restored after."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    if locale.getencoding() == "UTF-8":
        pytest.skip("Python's UTF-8 mode is on: the locale's encoding is not read")
    yield
    locale.setlocale(locale.LC_CTYPE, before)


def test_the_env_file_and_the_log_are_utf8_whatever_the_locale(tmp_path, monkeypatch, ascii_locale):
    env = tmp_path / "env"
    env.write_bytes("PASSWORD=pässwörd\n".encode())
    assert read_env_file(str(env)) == {"PASSWORD": "pässwörd"}
    log = tmp_path / "pipe.log"
    monkeypatch.setenv(LOG_VARIABLE, str(log))
    deferred(RuntimeError("the café's database is down"), io.StringIO())
    assert "RuntimeError: the café's database is down" in log.read_bytes().decode()


def test_without_a_settings_module_named_the_pipe_uses_the_projects(stdin, pipe_env, monkeypatch):
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE")
    stdin(NO_TOKEN)
    assert main([]) == 0
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "config.settings"
