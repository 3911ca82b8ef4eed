"""The players' page around the view: its stylesheet, its script and the HTML shell.

The page loads nothing from another host (system fonts, no web font) and runs one script, served
from ``/view.js`` (the Content-Security-Policy allows no inline script: even a name that slipped
past the escaping could not run). The script opens one websocket to ``/ws`` and puts each
fragment the server sends in place; when the connection drops it says so and tries again.
"""

from __future__ import annotations

import html

PHONE_WIDTH = 640
"""Below this many CSS pixels the page takes its one-column layout (tables become cards)."""

CSS = """
:root { color-scheme: dark; --fg: #e6e6e6; --bg: #121417; --panel: #1c1f24; --line: #30353d; }
* { box-sizing: border-box; }
html { font-size: var(--size); -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.45;
  font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC",
    "PingFang SC", "Microsoft YaHei", sans-serif; }
main { padding: 0.8rem 1.2rem 2rem; max-width: 100rem; margin: 0 auto; }
.heading { font-size: 1.1rem; padding: 0.2rem 0 0.6rem; border-bottom: 1px solid var(--line);
  margin-bottom: 0.8rem; overflow-wrap: anywhere; }
.notice, #offline { color: #ffcc66; margin: 0 0 0.8rem; }
#offline { position: fixed; bottom: 0; left: 0; right: 0; margin: 0; padding: 0.4rem 1rem;
  background: #402c00; }
.line { white-space: pre-wrap; overflow-wrap: anywhere; }
.gap { height: 0.7rem; }
.cols { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); gap: 0 2rem; }
.cell > .group > .line:first-child .rev { display: inline-block; }
.ids { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.15rem 0.6rem;
  padding-left: 1em; }
.ids > .item { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; font-family: ui-monospace, monospace; }
table.rows { width: 100%; border-collapse: collapse; }
table.rows th { text-align: left; font-weight: normal; opacity: 0.7; padding: 0.2rem 0.5rem; }
table.rows td { padding: 0.45rem 0.5rem; border-top: 1px solid var(--line);
  vertical-align: top; overflow-wrap: anywhere; }
table.rows td:first-child { width: 1.5rem; padding-right: 0; }
.b { font-weight: 700; } .i { font-style: italic; } .dim { opacity: 0.62; }
.u { text-decoration: underline; } .s { text-decoration: line-through; }
.u.s { text-decoration: underline line-through; }
.rev { background: var(--fg); color: var(--bg); border-radius: 0.2rem; padding: 0 0.15rem; }
.f-black { color: #000; } .f-red { color: #ff6b6b; } .f-green { color: #5fd068; }
.f-yellow { color: #f5d547; } .f-blue { color: #6ea8ff; } .f-magenta { color: #e07ce8; }
.f-cyan { color: #4fd6e0; } .f-white { color: #f2f2f2; }
.f-bright_black { color: #8a8f98; } .f-bright_red { color: #ff8f8f; }
.f-bright_green { color: #8cf095; } .f-bright_yellow { color: #fff07a; }
.f-bright_blue { color: #9cc4ff; } .f-bright_magenta { color: #f0a6f5; }
.f-bright_cyan { color: #8ef0f5; } .f-bright_white { color: #fff; }
.b-black { background: #000; } .b-red { background: #c0392b; } .b-green { background: #2e8b3e; }
.b-yellow { background: #d4b000; } .b-blue { background: #2f5fb3; }
.b-magenta { background: #9b3fa3; } .b-cyan { background: #1fa3ad; } .b-white { background: #eee; }
.rev.f-green, .rev.f-red, .rev.f-yellow { background: currentColor; }
@media (max-width: PHONE_WIDTHpx) {
  html { font-size: var(--phone-size); }
  main { padding: 0.6rem 0.8rem 2rem; }
  .cols { grid-template-columns: minmax(0, 1fr); }
  .cols > .cell + .cell { margin-top: 0.9rem; }
  table.rows, table.rows tbody, table.rows tr, table.rows td { display: block; width: auto; }
  table.rows thead { display: none; }
  table.rows tr { border-top: 1px solid var(--line); padding: 0.5rem 0; position: relative; }
  table.rows td { border: 0; padding: 0.1rem 0 0.1rem 1.6rem; }
  table.rows td:first-child { position: absolute; left: 0; top: 0.5rem; padding: 0; }
  table.rows td:empty { display: none; }
  table.rows td.lead { font-size: 1.1rem; }
  table.rows td[data-label]:not(.lead):not([data-label=""])::before {
    content: attr(data-label) ": "; opacity: 0.7; }
}
""".replace("PHONE_WIDTH", str(PHONE_WIDTH))

SCRIPT = """"use strict";
(() => {
  const view = document.getElementById("view");
  const offline = document.getElementById("offline");
  let wait = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + "/ws");
    socket.onopen = () => { wait = 500; offline.hidden = true; };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      view.innerHTML = message.html;  // written and escaped by the server (web_page.py)
      document.title = message.title;
    };
    socket.onclose = () => {
      offline.hidden = false;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  }
  connect();
})();
"""

POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; "
    "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: its own script and websocket, nothing else."""


def page(lang: str, title: str, content: str, offline: str, font_size: int, phone: int) -> str:
    """The whole page: ``content`` (a fragment from :func:`web_page.fragment`) in place, so it
    shows at once (and without the script); the script keeps it up to date. Text is
    ``font_size`` CSS pixels, ``phone`` on a narrow screen."""
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{html.escape(title)}</title>
<style>:root {{ --size: {font_size}px; --phone-size: {phone}px; }}{CSS}</style>
</head>
<body>
<main id="view">{content}</main>
<p id="offline" hidden>{html.escape(offline)}</p>
<script src="/view.js"></script>
</body>
</html>
"""
