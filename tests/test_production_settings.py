"""Production settings fail loudly when something is missing, and pass Django's deployment checks when set."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "CV_FAST_PASSWORD_HASHING"}}
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env={**clean, **env}, cwd=ROOT,
                          capture_output=True, text=True, check=False)


def production() -> dict[str, str]:
    """A complete production environment."""
    return {"CV_PRODUCTION": "1", "SECRET_KEY": secrets.token_urlsafe(60), "ALLOWED_HOSTS": "cv.example.org",
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/centaurian", "REDIS_URL": "redis://127.0.0.1:6379/8"}


def test_production_start_names_every_missing_setting() -> None:
    result = manage("check", CV_PRODUCTION="1")
    assert result.returncode != 0
    assert "Production needs these environment variables: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL" \
        in result.stderr


def test_a_database_url_that_is_not_postgres_is_refused() -> None:
    result = manage("check", DATABASE_URL="mysql://root@localhost/cv")
    assert result.returncode != 0
    assert "DATABASE_URL must be a postgres:// URL" in result.stderr


def test_production_settings_pass_the_deployment_checks() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production())
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_the_tests_fast_password_hashing() -> None:
    result = manage("check", **production(), CV_FAST_PASSWORD_HASHING="1")
    assert result.returncode != 0
    assert "CV_FAST_PASSWORD_HASHING is for tests only; production keeps PBKDF2." in result.stderr
