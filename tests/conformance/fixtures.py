"""pytest fixtures for the conformance servers; import them into a test module (or a conftest):

    from tests.conformance.fixtures import anthropic_server, conformance_servers, openai_server, provider  # noqa: F401

`conformance_servers` starts both servers once per session. `provider` is one of
them per test, parametrized over both dialects, scripted afresh; after the test
it fails if the project sent a request the provider would reject (or left
scripted steps unused, unless the test says `server.unused` is fine by
resetting). `openai_server` / `anthropic_server` are the same for one dialect.
"""

from __future__ import annotations

import pytest

from tests.conformance.servers import ConformanceServer

__all__ = ["anthropic_server", "conformance_servers", "openai_server", "provider", "checked"]


@pytest.fixture(scope="session")
def conformance_servers():
    servers = {dialect: ConformanceServer(dialect).start() for dialect in ("openai", "anthropic")}
    yield servers
    for server in servers.values():
        server.stop()


def checked(server: ConformanceServer, monkeypatch: pytest.MonkeyPatch):
    """The server, reset; after the test: no rejected request, no scripted step left unused."""
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(name, "127.0.0.1,localhost")
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    server.reset()
    yield server
    rejected = [(r.path, r.problems) for r in server.rejected]
    unused = server.unused
    server.reset()
    assert not rejected, f"the {server.dialect} server rejected requests the project sent: {rejected}"
    assert not unused, f"scripted steps never asked for: {unused}"


@pytest.fixture(params=["openai", "anthropic"])
def provider(request, conformance_servers, monkeypatch):
    yield from checked(conformance_servers[request.param], monkeypatch)


@pytest.fixture
def openai_server(conformance_servers, monkeypatch):
    yield from checked(conformance_servers["openai"], monkeypatch)


@pytest.fixture
def anthropic_server(conformance_servers, monkeypatch):
    yield from checked(conformance_servers["anthropic"], monkeypatch)
