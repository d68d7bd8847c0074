"""The PostgreSQL fixture says plainly why it cannot start a server."""

from __future__ import annotations

import pytest

from tests import conftest


def test_as_root_without_the_server_user_the_reason_names_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(conftest.os, "geteuid", lambda: 0)
    monkeypatch.setattr(conftest, "SERVER_USER", "plateau-no-such-user")
    reason = conftest._as_server_user()
    assert reason == "running as root and there is no 'plateau-no-such-user' user for initdb"


def test_unprivileged_the_server_runs_as_oneself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest.os, "geteuid", lambda: 1000)
    assert conftest._as_server_user() == ([], None)
