"""``st-console serve``'s server: one process, one follower of the campaign, every browser.

Issue 30: textual-serve ran a whole Textual view process per browser (33–42 MB each). Here one
:class:`Hub` follows the campaign as the terminal view does (:class:`saves.follow.Follower`,
woken by ``inotify`` where there is one: :mod:`console.player.watch`), writes the view as an HTML
fragment once per change (:mod:`console.player.web_page`) and sends that same fragment to every
connected browser over its websocket. A browser costs its socket and nothing else: no process,
no thread, no rendering of its own.

Routes: ``/`` the page (the current fragment already in it), ``/view.js`` its script, ``/ws`` the
websocket; anything else is 404. Every request must be addressed to this server (``Host``:
:func:`console.player.addresses.allowed_host`), a websocket must come from the page itself
(``Origin``: :func:`console.player.addresses.same_origin`), and at most ``max_clients`` browsers are
connected at once (the next gets 503).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import socket
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from console.i18n import Translator
from console.player import presence, scene_view, web_page, web_shell
from console.player.addresses import allowed_host, same_origin
from console.player.watch import FolderWatch, folder_watch
from saves.follow import Followed, Follower, Stamp

FAST_POLL = 0.1
"""Seconds before looking again right after a change (or where nothing can be watched)."""
SLOW_POLL = 0.5
"""The longest wait between two looks where folders cannot be watched (not Linux)."""
WATCH_SAFETY = 5.0
"""Where folders are watched: the longest sleep without a change before looking anyway."""
SEND_WITHIN = 5.0
"""Seconds a browser may take to accept a fragment; one that does not is disconnected (a stalled
phone must not hold up the others)."""


class Hub(scene_view.Following):
    """The one follower of the campaign, the fragment it shows now, the browsers watching.

    Args:
        root: the save directory.
        campaign: the campaign followed (``None``: the one the ST's console opened last).
        lang: the page's language.
        max_clients: browsers connected at once, at most.
    """

    def __init__(self, root: Path, campaign: str | None, lang: str, max_clients: int) -> None:
        self.root = root
        self.t = Translator(lang)
        self.follower = Follower(root, campaign)
        self.max_clients = max_clients
        self.clients: set[web.WebSocketResponse] = set()
        self.shown: Followed | None = None
        self.problem: str | None = None
        self.title, self.content = web_page.fragment(self.t, None, None)
        self.loads = 0
        """Scenes read so far (tests wait on it)."""
        self.message = self._encode()
        """The fragment as sent to a browser (JSON: its title and HTML)."""
        self._signature: tuple[Stamp, ...] | None = None
        self._presence: socket.socket | None = None
        self._changed = asyncio.Event()

    def _encode(self) -> str:
        return json.dumps({"title": self.title, "html": self.content}, ensure_ascii=False)

    # -- following -------------------------------------------------------------------------------

    async def look(self) -> bool:
        """Look at the files; read and send the view when they changed (``True``)."""
        signature = self.follower.signature()
        if signature == self._signature:
            return False
        self._signature = signature
        loop = asyncio.get_running_loop()
        outcome, seen = await loop.run_in_executor(None, scene_view.read, self.t, self.follower)
        self.take(outcome, seen)
        try:
            title, content = await loop.run_in_executor(
                None, web_page.fragment, self.t, self.shown, self.problem
            )
        except Exception:  # a scene the page cannot draw: said, and the server goes on
            logging.getLogger(__name__).debug("the players' page not drawn", exc_info=True)
            self.shown, self.problem = None, self.t("player.problem.damaged", file="?")
            title, content = web_page.fragment(self.t, None, self.problem)
        if (title, content) != (self.title, self.content):
            self.title, self.content = title, content
            self.message = self._encode()
            await self.broadcast()
        return True

    async def follow(self) -> None:
        """Forever: look, then sleep until the kernel says a followed folder changed (or poll
        every :data:`SLOW_POLL` seconds at most where it cannot)."""
        watch = folder_watch()
        loop = asyncio.get_running_loop()
        if watch is not None:
            loop.add_reader(watch.fileno(), self._woken, watch)
        try:
            interval = FAST_POLL
            while True:
                self._changed.clear()  # before looking: a change while it reads wakes the wait
                if watch is not None:
                    watch.watch(self.follower.folders())
                if await self.look():
                    interval = FAST_POLL
                    await asyncio.sleep(FAST_POLL)  # then look again: the folders may be new
                    continue
                if watch is not None:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._changed.wait(), WATCH_SAFETY)
                else:
                    interval = min(interval * 1.5, SLOW_POLL)
                    await asyncio.sleep(interval)
        finally:
            if watch is not None:
                loop.remove_reader(watch.fileno())
                watch.close()

    def _woken(self, watch: FolderWatch) -> None:
        watch.wait(0)  # read the kernel's events (they only say "something changed")
        self._changed.set()

    # -- browsers ----------------------------------------------------------------------------------

    async def broadcast(self) -> None:
        """Send the current fragment to every browser (one that does not take it in
        :data:`SEND_WITHIN` seconds is closed)."""
        clients = list(self.clients)
        if clients:
            await asyncio.gather(*(self._send(client) for client in clients))

    async def _send(self, client: web.WebSocketResponse) -> None:
        try:
            await asyncio.wait_for(client.send_str(self.message), SEND_WITHIN)
        except (TimeoutError, ConnectionError, RuntimeError):
            self.clients.discard(client)
            with contextlib.suppress(Exception):
                await client.close()

    def full(self) -> bool:
        return len(self.clients) >= self.max_clients

    def joined(self, client: web.WebSocketResponse) -> None:
        self.clients.add(client)
        if self._presence is None:  # the ST's title bar: a view follows (presence.py)
            self._presence = presence.announce(self.root)

    def left(self, client: web.WebSocketResponse) -> None:
        self.clients.discard(client)
        if not self.clients and self._presence is not None:
            self._presence.close()
            self._presence = None


def _font_sizes(request: web.Request, default: int) -> tuple[int, int]:
    """The page's text size and its size on a phone: ``?fontsize=N`` (6–64) sets both."""
    asked = request.query.get("fontsize", "")
    if asked.isdigit() and 6 <= int(asked) <= 64:
        return int(asked), int(asked)
    return default, min(default, 17)


def make_app(hub: Hub, host: str, font_size: int = 20) -> web.Application:
    """The aiohttp application serving ``hub`` (the routes and checks of the module docstring)."""

    t = hub.t

    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        if not allowed_host(request.headers.get("Host", ""), host):
            raise web.HTTPForbidden(text=t("player.web.foreign-host") + "\n")
        response: web.StreamResponse = await handler(request)
        response.headers.setdefault("Content-Security-Policy", web_shell.POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    async def index(request: web.Request) -> web.Response:
        size, phone = _font_sizes(request, font_size)
        content = hub.content
        if hub.full():
            said = t("player.web.full", most=hub.max_clients)
            content = f'<p class="notice">{html.escape(said)}</p>' + content
        offline = t("player.web.offline")
        body = web_shell.page(t.lang, hub.title, content, offline, size, phone)
        return web.Response(text=body, content_type="text/html", charset="utf-8")

    async def script(request: web.Request) -> web.Response:
        return web.Response(text=web_shell.SCRIPT, content_type="text/javascript", charset="utf-8")

    async def websocket(request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() != "websocket":
            raise web.HTTPNotFound()
        if not same_origin(request.headers.get("Origin"), request.headers.get("Host", "")):
            raise web.HTTPForbidden(text=t("player.web.foreign-origin") + "\n")
        if hub.full():
            raise web.HTTPServiceUnavailable(text=t("player.web.full", most=hub.max_clients) + "\n")
        client = web.WebSocketResponse(heartbeat=30, max_msg_size=4096)
        await client.prepare(request)
        hub.joined(client)
        try:
            await client.send_str(hub.message)
            async for message in client:  # a browser says nothing; anything it sends is dropped
                if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            hub.left(client)
        return client

    following: list[asyncio.Task[None]] = []

    async def start_following(app: web.Application) -> None:
        await hub.look()  # before listening: the first page already shows the scene
        following.append(asyncio.create_task(hub.follow()))

    async def stop(app: web.Application) -> None:
        for client in list(hub.clients):
            with contextlib.suppress(Exception):
                await client.close()
        for task in following:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    app = web.Application(middlewares=[guard])
    app.add_routes([web.get("/", index), web.get("/view.js", script), web.get("/ws", websocket)])
    app.on_startup.append(start_following)
    app.on_shutdown.append(stop)
    return app
