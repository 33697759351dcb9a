"""Real servers for the source tests, started once per session: dovecot (IMAP) and Radicale (CalDAV)."""

from __future__ import annotations

import os

import pytest

from tests.sources._servers import Dovecot, Radicale, dovecot_binary


@pytest.fixture(scope="session")
def dovecot():
    binary = dovecot_binary()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("dovecot is missing on CI: .ci/run installs Debian's dovecot-imapd before the tests")
        pytest.skip("dovecot is not installed here (Debian: apt-get install dovecot-imapd; .ci/run installs it)")
    server = Dovecot().start(binary)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def radicale():
    server = Radicale().start()
    yield server
    server.stop()
