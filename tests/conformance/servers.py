"""Conformance servers: an OpenAI `/v1/chat/completions` and an Anthropic `/v1/messages`, on 127.0.0.1 (H8, R3).

    server = ConformanceServer("anthropic").start()
    server.script(Reply(tool_calls=[Call("notify", {...})]), RateLimited(retry_after=20), Reply("done"))
    model = LiteLLMModel(server.model, api_base=server.url)     # litellm's real HTTP path
    ...
    assert server.rejected == []                                 # every request was one the provider accepts

Each request is validated the way the provider it imitates does (`_openai.py`,
`_anthropic.py`): tool-call / tool-result pairing and adjacency, role
alternation (Anthropic), tool schemas, content the provider refuses empty,
`max_tokens` (Anthropic), unknown fields. A request that fails is answered
with the provider's own 400 error shape and recorded in `rejected`; the
fixtures fail the test for it. A valid request gets the next step of the
script: a `Reply` (text and/or `Call`s; a `Call` with a str as arguments sends
them raw: malformed JSON), a `Fail` (500, 503 ...), `RateLimited` (429 with
Retry-After), `Hang` (answers nothing until released), or a function of the
`Request` returning one of those (answering what the request asks). A request
beyond the script is a rejection too ("unexpected request"), unless a
`default` step is set.

A request with `"stream": true` gets its `Reply` as Server-Sent Events in the
provider's own shape (OpenAI `data:` chunks ending in `[DONE]`; Anthropic
message_start / content_block_start / content_block_delta / content_block_stop /
message_delta / message_stop): text word by word, tool-call arguments in pieces,
`Reply.chunk_delay` seconds apart.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Union

from tests.conformance._anthropic import anthropic_error, anthropic_reply, anthropic_stream, validate_anthropic
from tests.conformance._openai import openai_error, openai_reply, openai_stream, validate_openai

__all__ = ["Call", "ConformanceServer", "Fail", "Hang", "RateLimited", "Reply", "Request", "Step"]


@dataclass(frozen=True)
class Call:
    """A tool call in a scripted reply; `arguments` as a str is sent as it is (malformed JSON, say); `id` None is
    a fresh id, a str is sent as it is (empty, reused, one a strict provider refuses)."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class Reply:
    content: str | None = None
    tool_calls: tuple[Call, ...] | list[Call] = ()
    chunk_delay: float = 0.0  # streamed: the pause before each event after the first


@dataclass(frozen=True)
class _Events:
    """A streamed answer: the events to send, `delay` seconds apart."""

    chunks: list[bytes]
    delay: float = 0.0


@dataclass(frozen=True)
class Fail:
    """An HTTP error in the provider's shape."""

    status: int = 500
    message: str = "internal server error"


@dataclass(frozen=True)
class RateLimited:
    """429 with a Retry-After header (seconds)."""

    retry_after: float | None = 20
    message: str = "rate limit exceeded"


@dataclass(frozen=True)
class Hang:
    """Answer nothing for `seconds` (or until the server is released)."""

    seconds: float = 60


Step = Union[Reply, Fail, RateLimited, Hang, Callable[["Request"], Any]]


@dataclass
class Request:
    """One request as the server received it."""

    dialect: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    at: float = 0.0

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages") or []

    @property
    def tool_names(self) -> list[str]:
        tools = self.body.get("tools") or []
        if self.dialect == "openai":
            return [t.get("function", {}).get("name") for t in tools]
        return [t.get("name") for t in tools]

    def last_user_text(self) -> str:
        """The text of the last user message, whatever the dialect's shape."""
        for message in reversed(self.messages):
            if message.get("role") != "user":
                continue
            content = message.get("content")
            if isinstance(content, str):
                return content
            return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text")
        return ""

    def system_text(self) -> str:
        if self.dialect == "anthropic":
            system = self.body.get("system") or ""
            return system if isinstance(system, str) else "\n".join(b.get("text", "") for b in system)
        return "\n".join(m.get("content") or "" for m in self.messages if m.get("role") in ("system", "developer")
                         and isinstance(m.get("content"), str))

    def tool_results(self) -> list[tuple[str, str]]:
        """(call id, result text) of every tool result in the request, in order."""
        out: list[tuple[str, str]] = []
        for message in self.messages:
            if self.dialect == "openai" and message.get("role") == "tool":
                content = message.get("content")
                text = content if isinstance(content, str) else "".join(p.get("text", "") for p in content or [])
                out.append((message.get("tool_call_id"), text))
            elif self.dialect == "anthropic" and isinstance(message.get("content"), list):
                for block in message["content"]:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        content = block.get("content")
                        text = content if isinstance(content, str) else "".join(
                            b.get("text", "") for b in content or [] if isinstance(b, dict))
                        out.append((block.get("tool_use_id"), text))
        return out


class ConformanceServer:
    """One provider dialect ("openai" or "anthropic") on 127.0.0.1, scripted, validating every request."""

    MODELS = {"openai": "openai/test-model", "anthropic": "anthropic/claude-test"}

    def __init__(self, dialect: str) -> None:
        if dialect not in self.MODELS:
            raise ValueError(f"dialect is 'openai' or 'anthropic', not {dialect!r}")
        self.dialect = dialect
        self.model = self.MODELS[dialect]
        self._lock = threading.Lock()
        self._release = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self.reset()

    # --- life ----------------------------------------------------------------------------------------

    def start(self) -> "ConformanceServer":
        handler = type("Handler", (_Handler,), {"conformance": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, name=f"conformance-{self.dialect}", daemon=True).start()
        return self

    def stop(self) -> None:
        self._release.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "start() the server first"
        return self._httpd.server_port

    @property
    def url(self) -> str:
        """The api_base to give litellm: OpenAI clients add /chat/completions, litellm adds /v1/messages."""
        return f"http://127.0.0.1:{self.port}/v1" if self.dialect == "openai" else f"http://127.0.0.1:{self.port}"

    def reset(self) -> None:
        """A fresh script and record (between tests); hanging requests are let go."""
        self._release.set()
        with self._lock:
            self._steps: list[Step] = []
            self.default: Step | None = None
            self.requests: list[Request] = []
            self.rejected: list[Request] = []
        self._release = threading.Event()

    def script(self, *steps: Step, default: Step | None = None) -> "ConformanceServer":
        with self._lock:
            self._steps = list(steps)
            self.default = default
        return self

    @property
    def unused(self) -> list[Step]:
        return list(self._steps)

    def release(self) -> None:
        """End every Hang now."""
        self._release.set()

    # --- one request -------------------------------------------------------------------------------

    def handle(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body, seconds to hang first) for one request."""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError as exc:
            body, problems = {}, [f"the body is not JSON: {exc}"]
        else:
            problems = self._validate(path, headers, body)
        request = Request(self.dialect, path, headers, body if isinstance(body, dict) else {}, problems, time.monotonic())
        with self._lock:
            self.requests.append(request)
            if not problems:
                step = self._steps.pop(0) if self._steps else self.default
                if step is None:
                    problems.append(f"unexpected request #{len(self.requests)}: the script has no step left")
            if problems:
                self.rejected.append(request)
        if problems:
            return self._error(400, "; ".join(problems), kind="invalid_request_error")
        if callable(step) and not isinstance(step, (Reply, Fail, RateLimited, Hang)):
            step = step(request)
        return self._answer(step, request)

    def _validate(self, path: str, headers: dict[str, str], body: Any) -> list[str]:
        if not isinstance(body, dict):
            return ["the body is not a JSON object"]
        if self.dialect == "openai":
            if path.rstrip("/") != "/v1/chat/completions":
                return [f"POST {path}: OpenAI serves /v1/chat/completions"]
            return validate_openai(body, headers)
        if path.split("?")[0].rstrip("/") != "/v1/messages":
            return [f"POST {path}: Anthropic serves /v1/messages"]
        return validate_anthropic(body, headers)

    def _error(self, status: int, message: str, *, kind: str, extra: dict[str, str] | None = None):
        make = openai_error if self.dialect == "openai" else anthropic_error
        return status, {"Content-Type": "application/json", **(extra or {})}, make(status, message, kind), 0.0

    def _answer(self, step: Step, request: Request):
        if isinstance(step, Hang):
            return 200, {}, b"", step.seconds
        if isinstance(step, RateLimited):
            extra = {"Retry-After": f"{step.retry_after:g}"} if step.retry_after is not None else {}
            return self._error(429, step.message, kind="rate_limit_error", extra=extra)
        if isinstance(step, Fail):
            kind = {401: "authentication_error", 404: "not_found_error", 529: "overloaded_error"}.get(step.status, "api_error")
            return self._error(step.status, step.message, kind=kind)
        if not isinstance(step, Reply):
            raise TypeError(f"a script step is a Reply, Fail, RateLimited, Hang or a function returning one, not {step!r}")
        n = len(self.requests)
        calls = [(f"call_{n}_{i}" if c.id is None else c.id, c.name, c.arguments) for i, c in enumerate(step.tool_calls)]
        if request.body.get("stream"):
            if self.dialect == "openai":
                usage = bool((request.body.get("stream_options") or {}).get("include_usage"))
                events = openai_stream(request.body.get("model", ""), step.content, calls, usage=usage)
            else:
                events = anthropic_stream(request.body.get("model", ""), step.content, calls)
            return 200, {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}, \
                _Events(events, step.chunk_delay), 0.0
        make = openai_reply if self.dialect == "openai" else anthropic_reply
        payload = make(request.body.get("model", ""), step.content, calls)
        return 200, {"Content-Type": "application/json"}, json.dumps(payload).encode(), 0.0


class _Handler(BaseHTTPRequestHandler):
    conformance: ConformanceServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {k.lower(): v for k, v in self.headers.items()}
        status, out_headers, body, hang = self.conformance.handle(self.path, headers, raw)
        if hang:
            self.conformance._release.wait(hang)
            self.close_connection = True
            return  # the client has given up; nothing is sent
        if isinstance(body, _Events):
            self._send_events(status, out_headers, body)
            return
        try:
            self.send_response(status)
            for name, value in out_headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _send_events(self, status: int, headers: dict[str, str], events: _Events) -> None:
        """Server-Sent Events over chunked transfer encoding, each event flushed as it is sent."""
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i, chunk in enumerate(events.chunks):
                if i and events.delay:
                    time.sleep(events.delay)
                self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def do_GET(self) -> None:  # noqa: N802
        self.send_error(404, "only POST is served")

    def log_message(self, *args: Any) -> None:
        pass
