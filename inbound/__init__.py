"""Inbound mail: moves, table talk and questions by email reply. It sits on top of games,
notifications and chat (it plays through `games.services.move_submit`, answers through the
notifications outbox and posts through `chat.services`), and none of them imports it
(import-linter holds that).

Mail arrives three ways, all into `route.handle_raw` or `route.handle_message`: an MTA's pipe
(`scripts/receive_email.py` -> `pipe` -> `manage.py receive_email`), the SMTP server of its own
(`manage.py mailserver`), and providers' inbound webhooks (`webhooks`, django-anymail). Its work:

- `rawmail`: what a raw message's bytes say before any parser reads them (the addressee in the top
  headers, and whether its shape may be parsed at all);
- `parse`: the parsed message's text, and robots' and hostile mail (never answered);
- `trim`: what the person wrote, cut from the email it quotes (mail-parser-reply);
- `commands`: which move a reply's line names (a menu number, a move's words, a game's command,
  several in a row; a typo answered "Did you mean ...?");
- `caps`: the hourly caps on replies read and on answers of refusal;
- `route`: the addressee (play+, chat+, help+ tokens) and where the reply goes: move_submit, the
  table's chat, or how to play by email;
- `answers`: the answers it gets, written to the outbox in the reply's transaction;
- `webhooks`, `checks`, `urls`: anymail's webhooks, guarded, and the checks that production
  serves none without a secret.

What it records of each message (`InboundMessage`, with what became of it and why) is a model of
the notifications app, where it was made: moving a model's table between apps takes migrations
of both, for no change in what it does.
"""
