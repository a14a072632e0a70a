"""The pipe an MTA runs for each reply to a Trailpost email (see inbound.pipe and the
README's Email section):

    /srv/trailpost/.venv/bin/python /srv/trailpost/scripts/receive_email.py \
        --env-file /etc/trailpost/env --sender "$SENDER" --recipient "$RECIPIENT"

Exit 0: the message was handled; 75 (EX_TEMPFAIL): the MTA keeps it and tries again later.
"""

import sys
from pathlib import Path

EX_TEMPFAIL = 75

if __name__ == "__main__":
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from inbound.pipe import main
    except BaseException as exc:  # not even the project could be imported: one line, and try later
        sys.stderr.write(f"receive_email: deferred, the mail server will try again later: {exc!r}\n")
        sys.exit(EX_TEMPFAIL)
    sys.exit(main())
