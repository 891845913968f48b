"""What each web test keeps open (its clients, its event streams) is closed as it ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.web.helpers import close_all


@pytest.fixture(autouse=True)
def _close_all() -> Iterator[None]:
    yield
    close_all()
