"""Who may read the players' view (issue 30 §2): the ``Host`` a request names and the ``Origin``
of a websocket, checked by the server (:mod:`console.player.web`) and named by ``serve``."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
