"""The pages served beside the terminal: uvicorn on a thread of its own, on the loopback
address unless the local network is asked for (`--lan`, `--web 0.0.0.0`), and a port that
stays the same from one run to the next where it can (so a resumed game's codes still work).
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from hrdeck.referee.errors import RefereeError
from hrdeck.web.hub import Hub
from hrdeck.web.seats import TABLE, SeatKeys

DEFAULT_PORT = 8765
PORTS_TRIED = 20          # DEFAULT_PORT, then the next ones, before any free port
LOOPBACK = ("127.0.0.1", "localhost", "::1")
START_SECONDS = 10.0


@dataclass
class Served:
    """A running server: its pages' addresses, and how to stop it."""

    hub: Hub
    keys: SeatKeys
    place: Any                     # app.Place
    server: Any                    # uvicorn.Server
    thread: threading.Thread
    open_to_network: bool

    def url(self, seat: int = TABLE) -> str:
        from hrdeck.web.app import page_url

        return page_url(self.place, self.keys.key(seat))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the interface
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def bind(host: str, port: int | None) -> socket.socket:
    """A listening socket on `host`: `port` if given, else DEFAULT_PORT or a near one, else
    any free port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    tries = [port] if port is not None else [*range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED),
                                              0]
    last: OSError | None = None
    for number in tries:
        # IPPROTO_TCP named, so asyncio sets TCP_NODELAY on each connection: otherwise a
        # response written in two parts waits ~40 ms for the client's delayed ACK
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, number))
            sock.listen(128)
            return sock
        except OSError as error:
            sock.close()
            last = error
    raise RefereeError(f"The web pages cannot be served on {host}"
                       f"{f' port {port}' if port else ''}: {last.strerror if last else ''}."
                       " Choose another with --port.")


def serve(hub: Hub, keys: SeatKeys, host: str = "127.0.0.1", port: int | None = None,
          extra_routes: tuple[Any, ...] = ()) -> Served:
    """Start serving the session's pages; returns once they answer."""
    import uvicorn

    from hrdeck.web.app import Place, make_app

    sock = bind(host, port)
    bound = sock.getsockname()[1]
    open_to_network = host not in LOOPBACK
    if open_to_network:
        shown = lan_address() if host in ("0.0.0.0", "::") else host
        hosts: tuple[str, ...] = (shown, "127.0.0.1", "localhost")
    else:
        hosts = ("127.0.0.1", "localhost") if host != "::1" else ("[::1]",)
    place = Place(hosts=tuple(dict.fromkeys(hosts)), port=bound)
    app = make_app(hub, keys, place, extra_routes)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                              name="hrdeck-web", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RefereeError("The web pages could not be started.")
        time.sleep(0.01)
    return Served(hub, keys, place, server, thread, open_to_network)
