"""Headless Chromium for the players' page tests: open a page, read it, screenshot it.

Chromium (Debian's ``chromium``) runs offline but for 127.0.0.1 (every other host name is made
unresolvable) and is driven through its DevTools protocol with aiohttp, nothing else.
"""

from __future__ import annotations

import asyncio
import base64
import re
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

Call = Callable[..., Awaitable[dict[str, Any]]]


@asynccontextmanager
async def chromium_page() -> AsyncIterator[Call]:
    """``async with chromium_page() as call:`` a blank page; ``await call(method, **params)``
    sends a DevTools command and gives its result."""
    assert CHROMIUM is not None
    profile = tempfile.mkdtemp(prefix="st-chromium-")
    browser = subprocess.Popen(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--window-size=1280,800",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "about:blank",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert browser.stderr is not None
        devtools = None
        for line in browser.stderr:
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                devtools = found.group(1)
                break
        assert devtools, "Chromium did not open its DevTools port"
        async with aiohttp.ClientSession() as session:
            listing = await session.get(f"http://127.0.0.1:{devtools}/json/list")
            page = next(t for t in await listing.json() if t["type"] == "page")
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as cdp:
                number = 0

                async def call(method: str, **params: object) -> dict[str, Any]:
                    nonlocal number
                    number += 1
                    await cdp.send_json({"id": number, "method": method, "params": params})
                    while True:
                        answer = await asyncio.wait_for(cdp.receive_json(), 60)
                        if answer.get("id") == number:
                            return dict(answer.get("result", {}))

                await call("Page.enable")
                yield call
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)


async def evaluate(call: Call, expression: str) -> Any:
    result = await call("Runtime.evaluate", expression=expression, returnByValue=True)
    return result.get("result", {}).get("value")


async def wait_for_text(call: Call, wanted: str, seconds: float = 20) -> str:
    """The page's visible text once it holds ``wanted`` (or after ``seconds``)."""
    text = ""
    for _ in range(int(seconds * 10)):
        text = str(await evaluate(call, "document.body ? document.body.innerText : ''") or "")
        if wanted in text:
            break
        await asyncio.sleep(0.1)
    return text


async def set_size(call: Call, width: int, height: int, mobile: bool) -> None:
    """The viewport of a desktop window, or of a phone (``mobile``: device pixels ×2)."""
    await call(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=height,
        deviceScaleFactor=2 if mobile else 1,
        mobile=mobile,
    )


async def screenshot(call: Call) -> bytes:
    image = await call("Page.captureScreenshot", format="png")
    return base64.b64decode(image["data"])
