"""``st-console serve``: the players' view in web browsers, from one process.

One server (:mod:`console.player.web`) follows the campaign once and sends the same HTML to
every browser; issue 30 measured textual-serve's model, a Textual view process per browser, at
33–42 MB a browser (README, "The players' view", says why the page is HTML). This module holds
what the command itself does and the checks that keep the view for the table:

- **No internet.** The page loads nothing from another host (system fonts, its own script).
- **Addresses from the request.** The page connects its websocket to the address the browser
  itself used (a server on ``0.0.0.0`` is reached as ``192.168.…``).
- **Only what the view needs.** ``/``, ``/view.js`` and ``/ws``; any other path gets 404.
- **Only the table** (issue 30). A request whose ``Host`` is not this server's address (an IP
  address, ``localhost``, this machine's name, or the ``--host`` named) is refused: a web page
  that made its own name point here (DNS rebinding) cannot read the view. A websocket whose
  ``Origin`` is not the page's own (same scheme, host and port) is refused: any other page open
  in a browser cannot connect. At most ``--max-clients`` (16) browsers at once; one more is
  told so (503).
"""

from __future__ import annotations

import contextlib
import socket
import sys
from pathlib import Path

from console.player.addresses import is_loopback


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


MAX_CLIENTS = 16
"""Browsers served at once by default (``--max-clients``)."""


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

    from aiohttp import web

    from console.player.web import Hub, make_app

    root = Path(save_dir).resolve() if save_dir else default_save_dir()
    app = make_app(Hub(root, campaign, lang, max_clients), host, font_size)
    shown = host if ":" not in host else f"[{host}]"
    addresses = [f"http://{shown}:{port}/"]
    if host in ("0.0.0.0", "::"):
        addresses = [f"http://{a}:{port}/" for a in local_addresses()] + [
            f"http://127.0.0.1:{port}/"
        ]
    t = Translator(lang)  # what serve prints speaks --lang (INTERFACE.md §1)
    print(t("cli.serve-open", addresses=t("cli.serve-or").join(addresses)), flush=True)
    if not is_loopback(host):
        print(t("cli.serve-warning", host=host), flush=True)
    print(t("cli.serve-stop"), flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        web.run_app(app, host=host, port=port, print=None, access_log=None, shutdown_timeout=3)
    return 0
