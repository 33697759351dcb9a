"""The page and its API (Starlette): one conversation with the terminal, and the three panels."""

from __future__ import annotations

import asyncio
import json
import logging
from importlib import resources
from typing import Any

from pydantic import BaseModel, Field, ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tic.errors import TicError
from tic.hub import ChatHub
from tic.notices import NoticeStore
from tic.web import _panels as panels
from tic.web._conversation import transcript
from tic.web._live import Live
from tic.web._security import Guard

log = logging.getLogger(__name__)

__all__ = ["LINE_CHARS", "create_web_app"]

LINE_CHARS = 20_000  # a line typed on the page, at most


class _Say(BaseModel):
    text: str = Field(min_length=1, max_length=LINE_CHARS)


class _Mute(BaseModel):
    key: str = Field(min_length=1, max_length=200)
    muted: bool


class _RulesText(BaseModel):
    text: str = Field(max_length=256 * 1024)


class _RulesSave(_RulesText):
    version: str = Field(min_length=1, max_length=64)


def _problem(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, model: type[BaseModel]) -> Any:
    """The request's JSON as `model`, or a ValueError saying what is wrong."""
    try:
        return model.model_validate(json.loads(await request.body() or b"null"))
    except (ValueError, ValidationError) as exc:
        if isinstance(exc, ValidationError):
            what = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}" for e in exc.errors())
        else:
            what = "the body is not JSON"
        raise ValueError(f"bad request ({what}): nothing was changed") from None


def create_web_app(*, hub: ChatHub, store: NoticeStore, world, user: str, data_dir, live: Live, guard_host: str,
                   port: int, token: str | None) -> Guard:
    """The ASGI app behind its Guard (whose port is set again once the socket is bound)."""
    rules = panels.RulesFile(data_dir)
    page = resources.files("tic.web").joinpath("static/index.html").read_text("utf-8")
    tasks: set[asyncio.Task] = set()
    holder: dict[str, Guard] = {}

    async def index(request: Request) -> Response:
        return HTMLResponse(page.replace("{{csrf}}", holder["guard"].csrf))

    async def conversation(request: Request) -> Response:
        try:
            after = max(0, int(request.query_params.get("after", "0")))
            before = int(request.query_params["before"]) if "before" in request.query_params else None
        except ValueError:
            return _problem(400, "after and before must be message ids (whole numbers)")
        read = await asyncio.to_thread(transcript, hub.history, after=after, before=before)
        return JSONResponse(read.model_dump(mode="json"))  # the state note travels only on the socket, in order

    async def say(request: Request) -> Response:
        try:
            body = await _body(request, _Say)
        except ValueError as exc:
            return _problem(400, str(exc))
        if not body.text.strip():
            return _problem(400, "an empty line: type something to say")
        task = asyncio.create_task(hub.user_says(body.text.strip(), origin="web"), name="web-line")
        tasks.add(task)
        task.add_done_callback(_finished(tasks))
        return JSONResponse({"accepted": True}, status_code=202)

    async def notices(request: Request) -> Response:
        return JSONResponse({"notices": await asyncio.to_thread(panels.notices, store, user)})

    async def mute(request: Request) -> Response:
        try:
            body = await _body(request, _Mute)
            message = await asyncio.to_thread(panels.mute, store, user, body.key, body.muted)
        except (ValueError, TicError) as exc:
            return _problem(400, str(exc))
        live.send({"type": "notices"})
        return JSONResponse({"message": message})

    async def rules_get(request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(rules.load))

    async def rules_check(request: Request) -> Response:
        try:
            body = await _body(request, _RulesText)
        except ValueError as exc:
            return _problem(400, str(exc))
        return JSONResponse(await asyncio.to_thread(rules.check, body.text))

    async def rules_save(request: Request) -> Response:
        try:
            body = await _body(request, _RulesSave)
            return JSONResponse(await asyncio.to_thread(rules.save, body.text, body.version))
        except panels.RulesChanged as exc:
            return _problem(409, str(exc))
        except (ValueError, TicError) as exc:
            return _problem(400, str(exc))

    async def decisions(request: Request) -> Response:
        query = request.query_params.get("q", "")[:500]
        return JSONResponse({"decisions": await asyncio.to_thread(panels.decisions, world, query)})

    async def why(request: Request) -> Response:
        key = request.query_params.get("key", "").strip()
        if not key:
            return _problem(400, "name an event: ?key=<event key or part of one>")
        return JSONResponse(await asyncio.to_thread(panels.why, world, key[:1000]))

    async def events(websocket: WebSocket) -> None:
        """Push every event to this tab until it goes away (or the server closes it on shutdown)."""
        await websocket.accept()
        queue = live.open()  # its first event: the hello with the state note as it stands now (issue 11)

        async def pump() -> None:
            while True:
                event = await queue.get()
                if event["type"] == "hello":
                    # the CSRF token again: a tab opened before an engine restart keeps working (the Origin is checked)
                    event = {**event, "csrf": holder["guard"].csrf}
                await websocket.send_json(event)

        sender = asyncio.create_task(pump(), name="web-events")
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass  # the tab says nothing on this socket; lines go through POST /api/say
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            live.close(queue)

    routes = [
        Route("/", index),
        Route("/api/conversation", conversation),
        Route("/api/say", say, methods=["POST"]),
        Route("/api/notices", notices),
        Route("/api/notices/mute", mute, methods=["POST"]),
        Route("/api/rules", rules_get),
        Route("/api/rules", rules_save, methods=["PUT"]),
        Route("/api/rules/check", rules_check, methods=["POST"]),
        Route("/api/decisions", decisions),
        Route("/api/why", why),
        WebSocketRoute("/ws", events),
        Mount("/static", StaticFiles(packages=[("tic.web", "static")]), name="static"),
    ]
    inner = Starlette(routes=routes)
    guard = Guard(inner, host=guard_host, port=port, token=token)
    holder["guard"] = guard
    return guard


def _finished(tasks: set[asyncio.Task]):
    def done(task: asyncio.Task) -> None:
        tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a line typed on the page could not be answered", exc_info=task.exception())

    return done
