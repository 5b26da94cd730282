from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
# Each view's browser test saves its screenshots here; the README shows them.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE: dict[str, Any] = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()
