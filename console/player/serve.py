"""``st-console serve``: the players' view in web browsers, with textual-serve.

Each browser connection runs its own ``st-console player --served`` process (textual-serve's
model); that view takes no keys. Three changes to textual-serve's stock server:

- **No internet.** Its page loads the Roboto Mono font from Google Fonts; here the page is
  rewritten to load the copy textual-serve ships in its own ``static/fonts/`` folder, and any
  other link to another host is dropped (:func:`offline_page`).
- **Addresses from the request.** textual-serve writes the websocket's address from
  ``--host``, so a page served on ``0.0.0.0`` would tell the phone to connect to ``0.0.0.0``;
  here the page uses the address the browser itself used.
- **Only what the view needs.** ``/``, ``/ws`` and the files under ``/static/`` (no folder
  listings, no downloads); any other path gets 404.
- **Only the table** (issue 30). A request whose ``Host`` is not this server's address (an IP
  address, ``localhost``, this machine's name, or the ``--host`` named) is refused: a web page
  that made its own name point here (DNS rebinding) cannot read the view. A websocket whose
  ``Origin`` is not the page's own (same scheme, host and port) is refused: any other page open
  in a browser cannot connect. At most ``--max-clients`` (16) browsers at once; one more is
  told so (503) instead of starting another process.

Each browser still runs its own view process (33–42 MB): textual-serve draws a Textual app per
connection, at that browser's size, so one shared follower would mean a different page (HTML
fed by one process); the cap bounds the memory instead (README, "The players' view").
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

LOOPBACK_NAMES = ("localhost",)

_FOREIGN_LINK = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*\"[^>]*>", re.S)
_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1" />'
_FONTS = """<style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf")
          format("truetype");
        font-weight: 100 700;
        font-style: normal;
      }
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf")
          format("truetype");
        font-weight: 100 700;
        font-style: italic;
      }
    </style>"""


def offline_page(template: str) -> str:
    """textual-serve's page template with every stylesheet from another host replaced by the
    fonts it ships (the page then loads nothing from the internet), and a viewport as wide as
    the device (a phone shows the board at its own width, not shrunk from 980 px)."""
    first = True

    def replace(match: re.Match[str]) -> str:
        nonlocal first
        keep = _FONTS if first else ""
        first = False
        return keep

    page = _FOREIGN_LINK.sub(replace, template)
    if 'name="viewport"' not in page:  # a phone lays the page out at its own width, not 980 px
        page = page.replace("<head>", f"<head>\n    {_VIEWPORT}", 1)
    return page


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_addresses() -> list[str]:
    """This machine's address on the local network, for the address to print (no packet is
    sent: connecting a UDP socket only picks the route)."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            address = ""
    if address and not address.startswith("127."):
        found.append(address)
    return found


def player_command(save_dir: Path, campaign: str | None, lang: str) -> str:
    """The shell command textual-serve runs for each browser: this Python, the player view of
    this very copy of ST Console (``-P`` and the explicit path: not a ``console`` package that
    happens to sit in the current directory)."""
    here = str(Path(__file__).resolve().parents[2])
    boot = (
        f"import sys; sys.path.insert(0, {here!r}); "
        "from console.cli import main; raise SystemExit(main())"
    )
    parts = [sys.executable, "-P", "-c", boot, "player", "--served", "--save-dir", str(save_dir)]
    if campaign:
        parts += ["--campaign", campaign]
    parts += ["--lang", lang]
    return "exec " + shlex.join(parts)  # no shell left between: the view's parent is the server


MAX_CLIENTS = 16
"""Browsers served at once by default (``--max-clients``): each runs a view process."""


def allowed_host(header: str, bound: str) -> bool:
    """Whether a request's ``Host`` header names this server: an IP address, ``localhost``,
    this machine's name (``NAME`` or ``NAME.local``) or the ``--host`` it was started with —
    never another name (a page whose own name was made to point here: DNS rebinding)."""
    host = header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host = host[1 : host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    machine = socket.gethostname().lower()
    return host in (*LOOPBACK_NAMES, bound.lower(), machine, f"{machine}.local")


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a websocket's ``Origin`` is the page's own (``http://`` + the ``Host`` it was
    asked for); no ``Origin`` at all is not a browser page (a script on this machine)."""
    if origin is None:
        return True
    return origin.strip().lower().rstrip("/") == f"http://{host.strip().lower()}"


def make_server(
    command: str, host: str, port: int, font_size: int = 20, max_clients: int = MAX_CLIENTS
) -> Any:
    """A textual-serve server for ``command`` with the changes of the module docstring."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.server import Server

    @web.middleware
    async def only_known_paths(request: web.Request, handler: Any) -> web.StreamResponse:
        """404 for every path but the page, its files and its websocket (a folder of static
        files is not listed; a plain request for the websocket's address is not an upgrade);
        403 for a foreign ``Host`` or, on the websocket, a foreign ``Origin``."""
        if not allowed_host(request.headers.get("Host", ""), host):
            raise web.HTTPForbidden(text="Not this server's address.\n")
        if request.path == "/ws" and request.headers.get("Upgrade", "").lower() != "websocket":
            raise web.HTTPNotFound()
        if request.path == "/ws" and not same_origin(
            request.headers.get("Origin"), request.headers.get("Host", "")
        ):
            raise web.HTTPForbidden(text="Only the players' page may connect.\n")
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPForbidden:
            raise web.HTTPNotFound() from None
        if response.status == 403:
            raise web.HTTPNotFound()
        return response

    class PlayersServer(Server):
        sockets: set[web.WebSocketResponse] = set()

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's own handler, its socket remembered so that Ctrl+C closes it (and
            ends that browser's view) instead of waiting for every browser to leave."""
            from textual_serve.app_service import AppService
            from textual_serve.server import to_int

            if len(self.sockets) >= max_clients:
                raise web.HTTPServiceUnavailable(
                    text=f"The players' view serves {max_clients} browsers at most.\n"
                )
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            service: AppService | None = None
            self.sockets.add(websocket)
            try:
                await websocket.prepare(request)
                service = AppService(
                    self.command,
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,  # type: ignore[arg-type]
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await service.start(width, height)
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # a browser that went away mid-handshake, say
                logging.getLogger("textual-serve").warning("websocket ended: %s", error)
            finally:
                self.sockets.discard(websocket)
                if service is not None:
                    await service.stop()
            return websocket

        async def on_shutdown(self, app: web.Application) -> None:
            for websocket in list(self.sockets):
                await websocket.close()

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[only_known_paths])
            stock = (self.templates_path / "app_index.html").read_text("utf-8")
            loader = jinja2.DictLoader({"app_index.html": offline_page(stock)})
            aiohttp_jinja2.setup(app, loader=loader)
            app.add_routes(
                [
                    web.get("/", self.handle_index, name="index"),
                    web.get("/ws", self.handle_websocket, name="websocket"),
                    web.static("/static", self.statics_path, show_index=False, name="static"),
                ]
            )
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_index(self, request: web.Request) -> web.Response:
            size = request.query.get("fontsize", "")
            context = {
                "font_size": int(size) if size.isdigit() and 6 <= int(size) <= 64 else font_size,
                "app_websocket_url": f"ws://{request.host}/ws",
                "config": {"static": {"url": "/static/"}},
                "application": {"name": "ST Console"},
            }
            response: web.Response = aiohttp_jinja2.render_template(
                "app_index.html", request, context
            )
            return response

    return PlayersServer(command, host=host, port=port, title="ST Console")


def port_in_use(host: str, port: int) -> bool:
    """Whether something already listens on ``host:port`` (bound as the server binds: address
    reuse on, so a port left in TIME_WAIT by a server just stopped counts as free)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return True
    return False


def free_port_after(host: str, port: int) -> int | None:
    """The first port after ``port`` nothing listens on (of the next 50), else ``None``."""
    for candidate in range(port + 1, min(port + 51, 65536)):
        if not port_in_use(host, candidate):
            return candidate
    return None


def serve(
    save_dir: str | None,
    campaign: str | None,
    lang: str,
    host: str = "127.0.0.1",
    port: int = 8000,
    font_size: int = 20,
    max_clients: int = MAX_CLIENTS,
) -> int:
    """Serve the players' view until Ctrl+C; print where to open it first.

    A port already in use is said at once, with a free one to try, and ends with exit code 2
    (usage), before any address is printed (issue 27 §4).
    """
    from console.i18n import Translator
    from saves.store import default_save_dir

    if port_in_use(host, port):
        free = free_port_after(host, port)
        t = Translator(lang)
        said = (
            t("cli.port-in-use", port=port, free=free)
            if free is not None
            else t("cli.port-in-use-no-free", port=port)
        )
        print(said, file=sys.stderr, flush=True)
        return 2

    root = Path(save_dir).resolve() if save_dir else default_save_dir()
    command = player_command(root, campaign, lang)
    server = make_server(command, host, port, font_size, max_clients)
    shown = host if ":" not in host else f"[{host}]"
    addresses = [f"http://{shown}:{port}/"]
    if host in ("0.0.0.0", "::"):
        addresses = [f"http://{a}:{port}/" for a in local_addresses()] + [
            f"http://127.0.0.1:{port}/"
        ]
    print("Players' view: open " + "  or  ".join(addresses), flush=True)
    if not is_loopback(host):
        print(
            f"Warning: listening on {host}: anyone on your network who opens this address "
            "can read the scene.",
            flush=True,
        )
    print("Press Ctrl+C to stop.", flush=True)
    server.serve()
    return 0
