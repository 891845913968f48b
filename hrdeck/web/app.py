"""The web pages of one shared session, as a Starlette app.

Every page is reached only by its key (`/p/KEY`): a wrong or missing key gets a bare 404, and
nothing else. Each page reads its own view (`/view`) and listens for changes on its own
event stream (`/events`, server-sent events, which a browser reconnects by itself when a
phone wakes); every change it makes is a POST that must come from one of the server's own
origins. Every response says `Cache-Control: no-store` and `Referrer-Policy: no-referrer`,
and requests are rate-limited per key and per address, hardest on failed keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hrdeck.web.hub import Hub, Reply
from hrdeck.web.seat_view import view_of
from hrdeck.web.seats import TABLE, SeatKeys

STATIC = Path(__file__).parent / "static"
SECURITY_HEADERS = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}
# how often, per window, before a 429: a page's key, an address, and failed keys by address
KEY_LIMIT = "40/second"
ADDRESS_LIMIT = "200/second"
FAILED_LIMIT = "10/minute"
PING_SECONDS = 15
MAX_BODY = 16_384          # a typed line or an answer: a few hundred bytes at most


@dataclass(frozen=True, slots=True)
class Place:
    """Where the pages are served: the hosts a browser may call them by, and the port."""

    hosts: tuple[str, ...]
    port: int

    @property
    def origins(self) -> frozenset[str]:
        return frozenset(f"http://{host}:{self.port}" for host in self.hosts)


class Limits:
    """Requests allowed per key and per address; failed keys are limited hardest."""

    def __init__(self, key: str = KEY_LIMIT, address: str = ADDRESS_LIMIT,
                 failed: str = FAILED_LIMIT) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.key, self.address, self.failures = parse(key), parse(address), parse(failed)

    def allow(self, address: str, key: str | None) -> bool:
        if not self.limiter.test(self.failures, "failed", address):
            return False
        if not self.limiter.hit(self.address, "address", address):
            return False
        return key is None or self.limiter.hit(self.key, "key", key)

    def failed(self, address: str) -> None:
        self.limiter.hit(self.failures, "failed", address)


class SecurityHeaders:
    """Adds `SECURITY_HEADERS` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(name, value) for name, value in message.get("headers", [])
                           if name.decode("latin-1").lower() not in SECURITY_HEADERS]
                headers += [(name.encode(), value.encode())
                            for name, value in SECURITY_HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


NOT_FOUND = PlainTextResponse("Not found", status_code=404)
Handler = Callable[[Request, int], Awaitable[Response]]


def make_app(hub: Hub, keys: SeatKeys, place: Place, extra_routes: Sequence[Route] = (),
             limits: Limits | None = None) -> Starlette:
    """The pages' app; `limits` (the usual ones if not given) counts each key's and each
    address's requests."""
    limits = limits or Limits()

    def page(handler: Handler, changes: bool = False) -> Callable[[Request], Awaitable[Response]]:
        """A route reached by a page's key: 404 for any other, 403 for a change from
        another origin, 429 past the limits."""
        async def endpoint(request: Request) -> Response:
            address = request.client.host if request.client else "?"
            key = str(request.path_params.get("key", ""))
            if not limits.allow(address, key):
                return PlainTextResponse("Too many requests", status_code=429)
            seat = keys.find(key)
            if seat is None:
                limits.failed(address)
                return PlainTextResponse("Not found", status_code=404)
            if changes and request.headers.get("origin") not in place.origins:
                return PlainTextResponse("Forbidden", status_code=403)
            return await handler(request, seat)
        return endpoint

    async def html(request: Request, seat: int) -> Response:
        await run_in_threadpool(hub.join, seat)
        return FileResponse(STATIC / ("table.html" if seat == TABLE else "seat.html"),
                            media_type="text/html")

    async def view(request: Request, seat: int) -> Response:
        return JSONResponse(await run_in_threadpool(view_of, hub, seat))

    async def events(request: Request, seat: int) -> Response:
        key = str(request.path_params["key"])
        return EventSourceResponse(_stream(hub, keys, key, seat), ping=PING_SECONDS,
                                   headers=SECURITY_HEADERS)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            return {}
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def acting(run: Callable[[int, dict[str, Any]], Reply]) -> Handler:
        async def handler(request: Request, seat: int) -> Response:
            data = await body(request)
            reply = await run_in_threadpool(run, seat, data)
            return JSONResponse(reply.to_json())
        return handler

    def text(data: dict[str, Any], name: str) -> str:
        value = data.get(name, "")
        return value if isinstance(value, str) else ""

    def number(data: dict[str, Any], name: str) -> int:
        value = data.get(name, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def seat_only(run: Callable[[int, dict[str, Any]], Reply]) -> Callable[
            [int, dict[str, Any]], Reply]:
        def inner(seat: int, data: dict[str, Any]) -> Reply:
            if seat == TABLE:
                return Reply(error="That is done on a player's own page.")
            return run(seat, data)
        return inner

    async def qr(request: Request, seat: int) -> Response:
        if seat != TABLE:
            return NOT_FOUND
        from hrdeck.web.codes import qr_svg

        wanted = request.path_params["seat"]
        if not 0 <= wanted < len(keys.players) or wanted in hub.joined:
            return NOT_FOUND  # a machine's seat has no page; a joined seat's code is no
                              # longer shown (the table page may be on a TV)
        return Response(qr_svg(page_url(place, keys.key(wanted))), media_type="image/svg+xml")

    async def links(request: Request, seat: int) -> Response:
        if seat != TABLE:
            return NOT_FOUND
        return JSONResponse([{"seat": number, "name": name,
                              "url": None if number in hub.joined
                              else page_url(place, keys.key(number)),
                              "joined": number in hub.joined}
                             for number, name in enumerate(keys.players)])

    async def export(request: Request, seat: int) -> Response:
        from hrdeck.web.record import seat_record

        record = await run_in_threadpool(seat_record, hub, seat)
        return JSONResponse(record, headers={
            "content-disposition": f'attachment; filename="{hub.session.name}.json"'})

    async def nothing(request: Request) -> Response:
        return NOT_FOUND

    routes = [
        Route("/", nothing),
        Route("/p/{key}", page(html)),
        Route("/p/{key}/view", page(view)),
        Route("/p/{key}/events", page(events)),
        Route("/p/{key}/record", page(export)),
        Route("/p/{key}/links", page(links)),
        Route("/p/{key}/qr/{seat:int}.svg", page(qr)),
        Route("/p/{key}/send", page(acting(lambda seat, data: hub.run_line(
            seat, text(data, "line"))), changes=True), methods=["POST"]),
        Route("/p/{key}/confirm", page(acting(lambda seat, data: hub.confirm(seat)),
                                       changes=True), methods=["POST"]),
        Route("/p/{key}/choose", page(acting(lambda seat, data: hub.choose(
            seat, number(data, "number"))), changes=True), methods=["POST"]),
        Route("/p/{key}/cancel", page(acting(lambda seat, data: hub.cancel(seat)),
                                      changes=True), methods=["POST"]),
        Route("/p/{key}/answer", page(acting(seat_only(lambda seat, data: hub.answer(
            seat, text(data, "text")))), changes=True), methods=["POST"]),
        Route("/p/{key}/dismiss", page(acting(seat_only(lambda seat, data: hub.dismiss(
            seat, number(data, "note")))), changes=True), methods=["POST"]),
        *extra_routes,
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, middleware=[
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(place.hosts)),
    ], exception_handlers={500: _failed})


async def _failed(request: Request, error: Exception) -> Response:
    """A request that failed on a fault of ours: a bare 500, guarded like every response (it
    is sent from outside the middleware that adds the headers)."""
    return PlainTextResponse("Something went wrong", status_code=500,
                             headers=SECURITY_HEADERS)


def page_url(place: Place, key: str) -> str:
    return f"http://{place.hosts[0]}:{place.port}/p/{key}"


async def _stream(hub: Hub, keys: SeatKeys, key: str, seat: int) -> AsyncIterator[
        dict[str, str]]:
    """`seat`'s view now, then again after every change, while its key still opens it."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def wake(version: int) -> None:
        with contextlib.suppress(RuntimeError):  # the server is stopping
            loop.call_soon_threadsafe(queue.put_nowait, version)

    stop = hub.listen(wake)
    try:
        sent = -1
        while keys.find(key) == seat:
            view = await run_in_threadpool(view_of, hub, seat)
            if view["version"] != sent:
                sent = view["version"]
                yield {"event": "view", "data": json.dumps(view, ensure_ascii=False)}
            await queue.get()
            while not queue.empty():
                queue.get_nowait()
    finally:
        stop()
