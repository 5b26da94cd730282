"""One settings module, read from the environment.

Without DATABASE_URL and REDIS_URL it runs on embedded defaults (SQLite, in-memory channel layer, Celery tasks run
in-process). With them: PostgreSQL, the Redis channel layer and Celery workers on a Redis broker. With
CV_PRODUCTION=1 a missing or unsafe setting stops the start with a message saying which.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off", ""}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a yes/no value (use 1 or 0).")


def database_from_url(url: str) -> dict[str, object]:
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ImproperlyConfigured(f"DATABASE_URL must be a postgres:// URL, not {parts.scheme or url!r}.")
    name = parts.path.lstrip("/")
    if not name:
        raise ImproperlyConfigured("DATABASE_URL names no database (postgres://user@host:port/NAME).")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(name),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # Under ASGI every request runs in a thread of its own, so a persistent connection is never reused and
        # they pile up until PostgreSQL refuses clients (seen in tests/leaks). A pool per process instead: a request
        # borrows a connection and gives it back when it ends, and opening one (a new PostgreSQL backend) was a
        # fifth of the web process's time under a page's panel reads. The health check replaces one PostgreSQL dropped.
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {"pool": {"min_size": 1, "max_size": 8, "timeout": 20}},
    }


PRODUCTION = env_flag("CV_PRODUCTION")
DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")

if PRODUCTION:
    required = ("SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL")
    missing = [name for name in required if not os.environ.get(name)]
    if missing:
        raise ImproperlyConfigured(f"Production needs these environment variables: {', '.join(missing)}.")
    SECRET_KEY = os.environ["SECRET_KEY"]
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 random characters in production.")
    DEBUG = False
else:
    # A fixed key is fine where nothing is secret: the embedded demo and the tests.
    SECRET_KEY = os.environ.get("SECRET_KEY", "embedded-development-key-not-for-production-use-0123456789abcdef")
    DEBUG = env_flag("DEBUG", default=True)

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",  # a bot signs in with its token (game.bots)
    "drf_spectacular",
    "channels",
    "game",
    "combat",
    "galaxy",
    "frontend",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise's static files, async under Daphne (its own middleware is sync only: cvsite.static_files).
    "cvsite.static_files.StaticFilesMiddleware",
    # Pages' JSON compressed on the way out (a 5,000-unit view/ shrinks about twentyfold; issue 19); after
    # WhiteNoise, which serves its own compressed static files. Django's GZip pads each answer against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "cvsite.urls"
ASGI_APPLICATION = "cvsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("CV_SQLITE_PATH", str(BASE_DIR / "var" / "centaurian.sqlite3")),
            # A web request and the in-process resolution may write at once; wait instead of failing.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Several sites may share one Redis database (the live tests' clusters do): each keeps to its own Celery queue
# and channel-layer groups, so none runs another's tasks or hears another's pushes.
REDIS_NAMESPACE = os.environ.get("CV_REDIS_NAMESPACE", "")

if REDIS_URL:
    from redis.exceptions import ConnectionError as RedisConnectionError

    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 closes idle sockets after 5 s unless told not to (ecosystem notes, P1).
                # After a Redis restart pooled connections are dead: reconnect and retry once, instead of
                # failing the first websocket that draws one (tests/faults).
                "hosts": [{"address": REDIS_URL, "socket_timeout": None, "retry_on_error": [RedisConnectionError]}],
                "prefix": f"{REDIS_NAMESPACE}asgi",
                "capacity": 1000,
                "group_expiry": 86400,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds the sign-in failure counts: shared through Redis when there are several web processes.
CACHES = {
    "default": {"BACKEND": "cvsite.cache.RedisCache", "LOCATION": REDIS_URL,
                "KEY_PREFIX": f"{REDIS_NAMESPACE}cv"}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# Celery: on Redis when REDIS_URL is set; otherwise every task runs in-process, at once.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_DEFAULT_QUEUE = f"{REDIS_NAMESPACE}celery"
# Odds simulations (seconds of CPU each, asked for at will) have a queue of their own, consumed by workers of their
# own (cvsite/cluster.py, deploy/): on the steps' queue, twenty of them kept a step waiting half a minute.
CV_ODDS_QUEUE = f"{REDIS_NAMESPACE}odds"
CELERY_TASK_ROUTES = {"combat.tasks.odds_run": {"queue": CV_ODDS_QUEUE}}
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# A worker killed mid-task must hand the task back, not lose it: both settings are needed (ecosystem notes, 2.4).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Every event appended to a campaign's log is checked against its declaration in the event catalogue; the test
# suite turns it on (tests/conftest.py), production leaves it off.
CV_CHECK_EVENTS = env_flag("CV_CHECK_EVENTS")
# The sweep re-enqueues a resolution stuck this long; the broker's own redelivery can take ~100 s or more.
CV_RESOLUTION_STUCK_SECONDS = int(os.environ.get("CV_RESOLUTION_STUCK_SECONDS", "60"))
# Notices to players (a step waits on them): Django's mail backend, the console unless configured (the tests use
# locmem); the campaign's address in them is CV_SITE_URL's.
EMAIL_BACKEND = os.environ.get("CV_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("CV_FROM_EMAIL", "Centaurian Vector <noreply@localhost>")
CV_SITE_URL = os.environ.get("CV_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# For CV_EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend:
EMAIL_HOST = os.environ.get("CV_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("CV_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("CV_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("CV_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_flag("CV_EMAIL_TLS")
CELERY_BEAT_SCHEDULE = {
    "sweep-stuck-resolutions": {
        "task": "game.tasks.sweep_stuck_resolutions",
        "schedule": float(os.environ.get("CV_SWEEP_SECONDS", "15")),
    },
    "battle-choice-deadlines": {
        "task": "combat.tasks.battle_choices_expire",
        "schedule": float(os.environ.get("CV_SWEEP_SECONDS", "15")),
    },
    "live-battle-clocks": {
        "task": "combat.tasks.live_battles_expire",
        "schedule": float(os.environ.get("CV_SWEEP_SECONDS", "15")),
    },
    "step-deadlines": {
        "task": "game.tasks.deadlines_pass",
        "schedule": float(os.environ.get("CV_SWEEP_SECONDS", "15")),
    },
}

REST_FRAMEWORK = {
    # Pages sign in by session (with CSRF); a bot's client by its token ("Authorization: Token ..."), no CSRF.
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication",
                                       "rest_framework.authentication.TokenAuthentication"],
    # Each view decides who may do what in a campaign; a bot's token reaches nothing outside its own campaign.
    "DEFAULT_PERMISSION_CLASSES": ["game.api.permissions.BotsOnlyPlayTheirSeat"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["game.api.parsers.StorableJSONParser"],
    "EXCEPTION_HANDLER": "game.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_SCHEMA_CLASS": "game.api.schema.CampaignAutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Centaurian Vector API",
    "DESCRIPTION": "Campaigns, orders, the step pipeline and the event log. Errors are {\"error\", \"field\"}.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Path ids are never negative, and a `str` segment holds no slash: what the URL conf itself matches.
    "PATH_CONVERTER_OVERRIDES": {
        "int": {"type": "integer", "minimum": 0},
        "str": {"type": "string", "pattern": "^[^/]+$"},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# The tests' accounts (tests/conftest.py sets it): a password hashed in a millisecond instead of PBKDF2's half
# second, which is slow on purpose and was most of the time of a test that signs three players in.
if env_flag("CV_FAST_PASSWORD_HASHING"):
    if PRODUCTION:
        raise ImproperlyConfigured("CV_FAST_PASSWORD_HASHING is for tests only; production keeps PBKDF2.")
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
# Only production collects static files; elsewhere WhiteNoise serves them from the apps (see below).
STATIC_ROOT = BASE_DIR / "var" / "static" if PRODUCTION else None

if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Serve static files straight from the apps outside production, so no collectstatic is needed to run.
WHITENOISE_USE_FINDERS = not PRODUCTION
