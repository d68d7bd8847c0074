"""The ``rig`` fixture of the Discord tests: a test module declares its ``Rig`` (a
:class:`tests.bot.discord_harness.Rig` with its game's tables, cogs, people and seats); each
test that asks for ``rig`` gets that class started over a new fake Discord, stopped after."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest


@pytest.fixture
async def rig(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    async with request.module.Rig.running() as running:
        yield running
