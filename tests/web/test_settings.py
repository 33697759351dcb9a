"""Issue 11.6: the web settings - loopback by default, a token required (and long enough) off loopback."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tic.config import Settings
from tic.web import is_loopback


def test_issue11_defaults_are_loopback_8765_without_a_token(tmp_path):
    s = Settings(home=tmp_path)
    assert (s.web, s.web_host, s.web_port, s.web_token) == (False, "127.0.0.1", 8765, None)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "example.org"])
def test_issue11_off_loopback_needs_a_token(tmp_path, host):
    with pytest.raises(ValidationError, match="is not a loopback address: set TIC_WEB_TOKEN"):
        Settings(home=tmp_path, web_host=host)
    assert Settings(home=tmp_path, web_host=host, web_token="x" * 16).web_token == "x" * 16


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_issue11_loopback_needs_no_token(tmp_path, host):
    assert Settings(home=tmp_path, web_host=host).web_token is None
    assert is_loopback(host)


def test_issue11_a_short_token_is_refused_with_what_to_do(tmp_path):
    with pytest.raises(ValidationError, match="too short: use at least 16 random characters"):
        Settings(home=tmp_path, web_token="hunter2")
    assert Settings(home=tmp_path, web_token="  ").web_token is None  # empty = not set
