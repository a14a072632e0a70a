"""Trailpost settings. Everything comes from environment variables with working defaults.

- DATABASE_URL: PostgreSQL in production and tests; SQLite under var/ when unset.
- REDIS_URL: the Celery broker (CELERY_BROKER_URL overrides it, e.g. the filesystem fallback).
- TRAILPOST_ENV: development (default) | production | test.
- EMAIL_URL-style settings: EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, ...; ANYMAIL_* for providers.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TRAILPOST_VAR_DIR", BASE_DIR / "var"))


def env(name, default=None):
    """Returns an environment variable; set-but-empty counts as unset (DATABASE_URL= make run)."""
    return os.environ.get(name) or default


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.lower() in ("1", "true", "yes", "on")


TRAILPOST_ENV = env("TRAILPOST_ENV", "development")
DEVELOPMENT = TRAILPOST_ENV == "development"
DEBUG = env_bool("DEBUG", DEVELOPMENT)
SECRET_KEY = env("SECRET_KEY", "dev-only-insecure-key-change-me" if TRAILPOST_ENV != "production" else None)
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in production")
ALLOWED_HOSTS = [h for h in env("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in env("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# HTTPS in production (each can be set from the environment; the defaults are the safe ones).
# Behind a reverse proxy that ends TLS, set SECURE_PROXY_SSL_HEADER to the header and value it
# sets (e.g. "HTTP_X_FORWARDED_PROTO,https"), or the SSL redirect loops; only when the proxy
# always sets or strips that header. Subdomains and preload lists are hard to undo: opt in.
PRODUCTION = TRAILPOST_ENV == "production"
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_REDIRECT_EXEMPT = [p for p in env("SECURE_REDIRECT_EXEMPT", "").split(",") if p]
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "31536000" if PRODUCTION else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", PRODUCTION)
if env("SECURE_PROXY_SSL_HEADER"):
    _header, _, _value = env("SECURE_PROXY_SSL_HEADER").partition(",")
    SECURE_PROXY_SSL_HEADER = (_header.strip(), _value.strip() or "https")
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "anymail",
    "django_htmx",
    "csp",
    "accounts",
    "games",
    "notifications",
    "chat",
    "standings",
    "inbound",
]
# TRAILPOST_GAMES, the games served: {slug: "module:attribute" of its engine (games/rules/base.py)}, in
# the order the pages list them. Unset, as here, it is the games this code base ships (games.rules.GAMES);
# games/apps.py reads it when the app is ready. A game is one package: nothing else names it.

MIDDLEWARE = [
    "config.middleware.RequestBoundsMiddleware",  # address and headers bounded before anything reads them
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.TimeZoneMiddleware",  # pages show times in the reader's own time zone
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.ChooseNameMiddleware",  # an account with no display name is asked for one, once
    "django_htmx.middleware.HtmxMiddleware",
]

# Content-Security-Policy (django-csp): scripts and styles only from this server, no inline
# script, style or handler (static/js/trailpost.js does what they did), no eval (htmx is told so
# in base.html); a template that must inline a script gives it nonce="{{ request.csp_nonce }}".
# The API docs page widens it for itself (config/urls.py). CSP_REPORT_ONLY=1 reports instead.
_CSP = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
if env_bool("CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP
else:
    CONTENT_SECURITY_POLICY = _CSP

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
SITE_ID = 1

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.contact",
                "games.context_processors.waiting",
            ],
        },
    },
]

# A process keeps its connection (and the statements prepared on it) for DB_CONN_MAX_AGE
# seconds; each reconnect starts a cold server backend. A dropped connection is noticed before
# the request that would use it (health checks).
DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{VAR_DIR / 'trailpost.sqlite3'}"),
        conn_max_age=int(env("DB_CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The web server, the worker and beat write to one file: each transaction takes the write
    # lock when it begins (IMMEDIATE, so two never deadlock upgrading a read lock), waits up to
    # 20 s for it, and WAL lets readers go on meanwhile.
    _sqlite = Path(DATABASES["default"]["NAME"])
    _sqlite.parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no var/ yet
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", timeout=20, init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"
    )
    # Tests get a file of their own beside it (not an in-memory database): the threads of the
    # live server and the Celery worker share it as the processes of `make run` do.
    DATABASES["default"]["TEST"] = {"NAME": str(_sqlite.with_name("test-" + _sqlite.name))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Server-side parameters, and psycopg preparing a statement once a connection has run it
    # prepare_threshold times (every move runs the same few), so PostgreSQL stops parsing and
    # planning them each time. Django leaves both off by default, for transaction-pooling
    # PgBouncers: DB_SERVER_SIDE_BINDING=0 turns both off again.
    if env_bool("DB_SERVER_SIDE_BINDING", True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=int(env("DB_PREPARE_THRESHOLD", "5"))
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
if TRAILPOST_ENV == "test":
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# allauth: email is the login; verification is mandatory outside development.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
# Sign-up asks for a display name too (accounts.names checks it); allauth's own messages ("Signed in
# as …") name the player by it, never by the username allauth makes from the email address.
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_USER_DISPLAY = "accounts.names.user_display"
ACCOUNT_EMAIL_VERIFICATION = env("ACCOUNT_EMAIL_VERIFICATION", "optional" if DEVELOPMENT else "mandatory")
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_GET = False
# allauth's emails are our templates (templates/account/email/), which name Trailpost; the subject
# prefix is set here too, not read from the sites framework's Site (named by accounts migration 0005).
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Trailpost] "
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# Email: console in development, SMTP when EMAIL_HOST is set, anymail when ANYMAIL_ESP is set.
EMAIL_BACKEND = env(
    "EMAIL_BACKEND",
    "notifications.smtp.EmailBackend" if env("EMAIL_HOST") else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = env("EMAIL_HOST", "localhost")
EMAIL_PORT = int(env("EMAIL_PORT", "25"))
EMAIL_HOST_USER = env("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
# Seconds an SMTP operation may take (a hung mail server must not outlast a send's claim).
EMAIL_TIMEOUT = float(env("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Trailpost <noreply@trailpost.localhost>")
TRAILPOST_REPLY_DOMAIN = env("TRAILPOST_REPLY_DOMAIN", "trailpost.localhost")
# Where the account pages tell a person who is stuck to write (a person reads it, not a robot).
TRAILPOST_CONTACT_EMAIL = env("TRAILPOST_CONTACT_EMAIL", f"help@{TRAILPOST_REPLY_DOMAIN}")
# Inbound mail through a provider's webhook (django-anymail): only the providers named here get their
# addresses (/mail/anymail/<provider>/...; every other provider's answer 404), and in production
# their calls must carry ANYMAIL_WEBHOOK_SECRET ("user:password", HTTP basic auth), which `manage.py
# check` requires (notifications.checks). Development and tests serve every provider, with a known
# development secret.
TRAILPOST_INBOUND_WEBHOOKS = [
    p.strip() for p in env("TRAILPOST_INBOUND_WEBHOOKS", "" if PRODUCTION else "*").split(",") if p.strip()
]
DEVELOPMENT_WEBHOOK_SECRET = "dev:dev-webhook-secret"
ANYMAIL = {
    "WEBHOOK_SECRET": env("ANYMAIL_WEBHOOK_SECRET", None if PRODUCTION else DEVELOPMENT_WEBHOOK_SECRET),
}

# Celery on Redis. `make run` falls back to the filesystem transport when no Redis answers.
REDIS_URL = env("REDIS_URL", "redis://127.0.0.1:6379/0")
CELERY_BROKER_URL = env("CELERY_BROKER_URL", REDIS_URL)
CELERY_BROKER_TRANSPORT_OPTIONS = {}
if CELERY_BROKER_URL.startswith("filesystem"):
    _q = VAR_DIR / "broker"
    (_q / "done").mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_q),
        "data_folder_out": str(_q),
        "processed_folder": str(_q / "done"),
        "control_folder": str(_q / "control"),  # Kombu's default is ./control, wherever it runs
        # Kombu looks for new messages in the folder this often (default 1 s): the bots answer
        # sooner, and a worker's warm shutdown on Ctrl-C ends sooner.
        "polling_interval": 0.1,
    }
# Tests run tasks inline unless a test starts a real worker (tests/notifications do).
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", TRAILPOST_ENV == "test")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = "UTC"


def _throttle_rate(scope, default):
    """TRAILPOST_THROTTLE_<SCOPE> as DRF's "<n>/<s|min|hour|day>"; "off" (or 0) turns it off.
    Tests run without throttles unless they set rates (their counts would leak between tests)."""
    value = env(f"TRAILPOST_THROTTLE_{scope}", None if TRAILPOST_ENV == "test" else default)
    return None if value is None or value.lower() in ("off", "0", "none") else value


# Django's cache holds the API's throttle counts. Redis when the server has it (shared by every
# web process; a per-process cache would multiply each limit by the number of processes); with
# the filesystem broker of `make run` (no Redis answers) a folder under var/; tests keep theirs
# in memory. TRAILPOST_CACHE=redis|file|locmem chooses; CACHE_REDIS_URL defaults to REDIS_URL.
_CACHE = env(
    "TRAILPOST_CACHE",
    "locmem" if TRAILPOST_ENV == "test" else "file" if CELERY_BROKER_URL.startswith("filesystem") else "redis",
)
CACHES = {
    "default": {
        "redis": {
            "BACKEND": "config.cache.FailOpenRedisCache",  # an outage of Redis is a cache miss, not a 500
            "LOCATION": env("CACHE_REDIS_URL", REDIS_URL),
            "KEY_PREFIX": "trailpost",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        },
        "file": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(VAR_DIR / "cache")},
        "locmem": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }[_CACHE]
}

# The bench server (bench/api.py starts its own with TRAILPOST_BENCH=1; never in production): the
# bare baseline endpoint of bench/urls.py is served under /bench/, and a user's API rate is raised.
BENCH = env("TRAILPOST_BENCH") == "1"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # JSON only, errors included, whatever the Accept header: /api/docs/ is the API to browse
    # (DRF's browsable pages were HTML answers under /api/, with inline scripts the CSP refuses).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON bodies only (DRF's JSON parser with a nesting limit: a 5,000-deep body was a
    # RecursionError). Actions, options and orders are objects, which a form cannot carry; the schema
    # offers what is parsed, so generated clients send JSON. The import alone takes a file
    # (multipart/form-data, games.api.views.game_import).
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.DepthLimitedJSONParser"],
    "DEFAULT_PAGINATION_CLASS": None,
    # Every request counts towards its user's (or anonymous address's) rate; creating games
    # and tokens also towards a stricter scope. 429 THROTTLED with Retry-After. (Invitations have
    # their own limits, the same on every path: TRAILPOST["INVITATIONS_PER_HOUR"] and _PER_DAY.)
    "DEFAULT_THROTTLE_CLASSES": [
        "games.api.throttles.AnonThrottle",
        "games.api.throttles.UserThrottle",
        "games.api.throttles.WriteScopeThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        scope: _throttle_rate(scope.upper(), default)
        for scope, default in [
            ("anon", "60/min"),
            # A fast API client needs about two requests a move: ten moves a second. The bench
            # server (BENCH) plays ~100 moves a second per token.
            ("user", "1000/s" if BENCH else "20/s"),
            ("game_create", "20/hour"),
            ("tokens", "10/hour"),
            # Posting table talk through the API (the service's own per-game limits apply to every channel).
            ("chat", "30/min"),
        ]
    },
    # Anonymous callers are told apart by REMOTE_ADDR; behind N reverse proxies, set
    # TRAILPOST_NUM_PROXIES=N to take the client's address from X-Forwarded-For (which a client
    # could otherwise forge to dodge its limit).
    "NUM_PROXIES": int(env("TRAILPOST_NUM_PROXIES", "0")),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Trailpost API",
    "DESCRIPTION": "Asynchronous turn server: games, seats, moves. Errors are {code, message, extra}.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # Deep links put a link inside each operation's expand button, which screen readers cannot reach
    # (axe: nested-interactive); the docs page is checked by tests/e2e/test_pages.py.
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "REDOC_DIST": "SIDECAR",
    # OpenAPI 3.1: a nullable object is oneOf [its component, null], which validators accept when
    # null (3.0's allOf + nullable is refused by strict ones). Generated clients read 3.1.
    "OAS_VERSION": "3.1.0",
    # Request bodies get their own components (GameCreateRequest...): a file uploaded is
    # `format: binary` there, while a response's file would be a URI.
    "COMPONENT_SPLIT_REQUEST": True,
    # Every error status on every operation (406 included) and a `servers` entry: games/api/schema.py.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.document_every_answer",
    ],
}

# Game server knobs
TRAILPOST = {
    "DEFAULT_TURN_HOURS": int(env("TRAILPOST_DEFAULT_TURN_HOURS", "48")),
    "BOT_MOVES_PER_TASK": 200,
    # On PostgreSQL, a move's lock and writes go as hand-written statements in one pipeline
    # (games/hotpath.py); 0 takes the ORM's way, which every other database takes.
    "SQL_HOTPATH": env_bool("TRAILPOST_SQL_HOTPATH", True),
    # Invitations a user may send in an hour and in 24 hours, by any path (counted from the
    # invitations themselves: games.services.game_invite). 0 turns invitations by email off.
    "INVITATIONS_PER_HOUR": int(env("TRAILPOST_INVITATIONS_PER_HOUR", "20")),
    "INVITATIONS_PER_DAY": int(env("TRAILPOST_INVITATIONS_PER_DAY", "50")),
    # Imported games one user may make in an hour (each replays its whole file to verify it).
    "IMPORTS_PER_HOUR": int(env("TRAILPOST_IMPORTS_PER_HOUR", "20")),
    # Table talk: messages one player may write in one game per minute and per day (every channel).
    "CHAT_PER_MINUTE": int(env("TRAILPOST_CHAT_PER_MINUTE", "10")),
    "CHAT_PER_DAY": int(env("TRAILPOST_CHAT_PER_DAY", "200")),
    # Days after a game finishes that replies to its chat emails are still posted (0: not once it
    # is over); later the reply is refused, and its writer told so (chat.services.post_reply).
    "CHAT_REPLY_DAYS": int(env("TRAILPOST_CHAT_REPLY_DAYS", "7")),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
}

# Notifications (the notifications app): reminders, vacations, sweeps, sending.
TRAILPOST.update(
    {
        # A reminder goes out this long before a deadline (re-checked when sent).
        "REMINDER_BEFORE_HOURS": float(env("TRAILPOST_REMINDER_BEFORE_HOURS", "12")),
        # Vacation days a player may take per calendar year; their deadlines pause meanwhile.
        "VACATION_DAYS_PER_YEAR": int(env("TRAILPOST_VACATION_DAYS_PER_YEAR", "30")),
        # Bot seats and standing orders get this short "deadline": if their task was lost (broker
        # down), the minute sweep plays them once it passes.
        "BOT_STUCK_AFTER_SECONDS": int(env("TRAILPOST_BOT_STUCK_AFTER_SECONDS", "120")),
        # Rows per sweep batch (deadlines and unsent notices).
        "SWEEP_BATCH": int(env("TRAILPOST_SWEEP_BATCH", "500")),
        # A worker's claim on a notice, about as long as a send: the worker renews the claims it
        # still holds as it goes (every third of this), so once it dies the minute sweep sends
        # the rest within this and a minute. Longer than EMAIL_TIMEOUT, so a slow send keeps it.
        "SEND_CLAIM_SECONDS": int(env("TRAILPOST_SEND_CLAIM_SECONDS", "30")),
        # An email whose worker died after the mail server had all of it, before the server's answer
        # (notifications.smtp): "sent" takes it as sent, right for a server that keeps a message once
        # it has it all, answered or not (Postfix: sending it again makes a second copy); "again"
        # sends it again, with the same Message-ID, for a server that drops a message whose sender
        # left before its answer (sending it again is then the only way it arrives).
        "SEND_HANDED": env("TRAILPOST_SEND_HANDED", "sent"),
        # A notice whose email failed (the mail server down or refusing) is tried again this long
        # after, then twice as long each time, at most SEND_RETRY_MAX_SECONDS.
        "SEND_RETRY_SECONDS": float(env("TRAILPOST_SEND_RETRY_SECONDS", "15")),
        "SEND_RETRY_MAX_SECONDS": float(env("TRAILPOST_SEND_RETRY_MAX_SECONDS", "600")),
        "WEBHOOK_TIMEOUT_SECONDS": float(env("TRAILPOST_WEBHOOK_TIMEOUT_SECONDS", "5")),
        # Webhooks go only to public addresses; this lets them reach loopback and private hosts too
        # (a chat server on this machine in development; tests that post to a local server).
        "WEBHOOK_ALLOW_PRIVATE": env_bool("TRAILPOST_WEBHOOK_ALLOW_PRIVATE", DEVELOPMENT),
        # A failed webhook post is tried again this long after, then twice as long each time.
        "WEBHOOK_RETRY_SECONDS": float(env("TRAILPOST_WEBHOOK_RETRY_SECONDS", "60")),
        # A "your turn" email (and any kind a player sets to "after a short wait") waits this long
        # first: if the player moves, or has the game page open, meanwhile, it does not go; their
        # decisions within it go out as one email. 0 sends at once (the tests' default).
        "GRACE_SECONDS": float(env("TRAILPOST_GRACE_SECONDS", "0" if TRAILPOST_ENV == "test" else "120")),
        # An open game page records its player's presence at most this often (one UPDATE).
        "PRESENCE_SECONDS": float(env("TRAILPOST_PRESENCE_SECONDS", "20")),
        # Inbound replies (moves by email): the largest message taken (the SMTP server refuses bigger
        # ones with 552; the pipe and the webhook record them as refused), how deep MIME parts may nest,
        # how many replies per seat and sender an hour are read at all (a reply that cannot be played
        # counts five times; the fastest game by email takes at most 45 replies a seat in all:
        # bench/email_pace.py), and how many "Not played" answers a seat gets
        # an hour (the rest are recorded without one: no mail loop with a robot).
        "INBOUND_MAX_BYTES": int(env("TRAILPOST_INBOUND_MAX_BYTES", str(1024 * 1024))),
        "INBOUND_MAX_MIME_DEPTH": int(env("TRAILPOST_INBOUND_MAX_MIME_DEPTH", "10")),
        "INBOUND_REPLIES_PER_HOUR": int(env("TRAILPOST_INBOUND_REPLIES_PER_HOUR", "200")),
        "INBOUND_ERROR_REPLIES_PER_HOUR": int(env("TRAILPOST_INBOUND_ERROR_REPLIES_PER_HOUR", "3")),
    }
)
