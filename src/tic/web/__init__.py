"""The browser chat (issue 11): a view of the same hub as the terminal, and panels over the same store."""

from tic.web._app import create_web_app
from tic.web._live import Live, WebView
from tic.web._security import CSP, Guard, is_loopback
from tic.web._serve import WebServer

__all__ = ["CSP", "Guard", "Live", "WebServer", "WebView", "create_web_app", "is_loopback"]
