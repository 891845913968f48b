"""Each web test's clients are closed as it ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.web.helpers import close_clients


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    close_clients()
