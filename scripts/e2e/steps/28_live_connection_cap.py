"""Issue 14: one member holds at most 32 live connections per instance (16 per login). bram's are
filled with bearer WebSockets, then he logs in once more: the page cannot read the refused
handshake's 429, asks GET /api/v1/live why, and says "Too many tabs"; once the others close it goes
live on its own."""

import json
import urllib.error
import urllib.request

from flows import bearer_token
from harness import LOAD, PASSWORD, WAIT, StepFailed

NEEDS = ()
LEAVES = ()

# The page retries a refused live stream after the server's Retry-After (30 s) and backs off.
BACK_LIVE = 180


def run(s):
    import websocket

    server = s.server
    url = server.base.replace("http://", "ws://") + "/api/v1/live?topics=marketplace"
    held, token, on_token = [], bearer_token(server, "bram"), 0
    try:
        while True:
            try:
                held.append(websocket.create_connection(url, header=[f"Authorization: Bearer {token}"], timeout=WAIT))
                on_token += 1
            except websocket.WebSocketBadStatusException as error:
                if error.status_code != 429:
                    raise StepFailed(f"a live connection beyond the cap should get 429, not {error.status_code}") from None
                if on_token < 16:
                    break  # the member is full
                token, on_token = bearer_token(server, "bram"), 0  # this login is full: another one
            if len(held) > 40:
                raise StepFailed("bram could open more than 40 live connections: no per-member cap")
        request = urllib.request.Request(f"{server.base}/api/v1/live", headers={"Authorization": f"Bearer {token}"})
        try:
            urllib.request.urlopen(request, timeout=WAIT)
            raise StepFailed("GET /api/v1/live should answer 429 while the member is at the cap")
        except urllib.error.HTTPError as error:
            problem = json.loads(error.read() or b"{}")
            if error.code != 429 or problem.get("code") != "too_many_live_connections":
                raise StepFailed(f"GET /api/v1/live at the cap answered {error.code} {problem}") from None
        tabs = s.open("tabs")
        tabs.open_page("/")
        tabs.wait_for("#login-form", "the login form should show", timeout=LOAD)
        tabs.type("#login-form input[name=workplace]", "demo", "login")
        tabs.type("#login-form input[name=username]", "bram", "login")
        tabs.type("#login-form input[name=password]", PASSWORD, "login")
        tabs.click("#login-form button[type=submit]", "login")
        tabs.wait(lambda: tabs.css("#live-status[data-state=full]"), LOAD, "the page should say bram has too many live connections")
        title = tabs.attribute("#live-status", "title", "the live status should explain the refusal")
        banner = tabs.wait_for("#offline-banner", "a banner should explain the refusal").text
        if "too many" not in title.lower() or "too many" not in banner.lower():
            raise StepFailed(f"the page should explain the refusal; status title {title!r}, banner {banner!r}")
        tabs.wait(lambda: tabs.css("#view > section.view") and not tabs.css("#view [aria-busy=true]"), LOAD,
                  "the first view should render while the live stream is refused")
        tabs.screenshot("live-too-many-tabs")
    finally:
        for connection in held:
            connection.close()
    tabs.wait(lambda: tabs.css("#live-status[data-state=online]"), BACK_LIVE, "the page should go live once the other connections closed")
    tabs.wait_gone("#offline-banner", "the refusal banner should go once the page is live")
