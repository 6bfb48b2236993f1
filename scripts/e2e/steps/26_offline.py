"""Issue 18: the installable app offline. The manifest is linked and the service worker installs;
Chromium goes offline (for the page and its worker) and a reload still shows My schedule, then Team
week, as the last known copy, marked offline and read-only. Meanwhile anna offers that shift from
another device: the offline page cannot know; back online the live stream resumes, the offline
marking goes and the page shows the change. Account lists a device with notifications on and
revokes it."""

import json
import time
import urllib.request

from flows import bearer_token, future_own_shifts
from harness import LIVE, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()


def offline_everywhere(browser):
    """Chromium's network conditions set offline for the page (selenium) and for its service worker.

    Emulation applies per DevTools target, and the worker's fetches are its own target's: each gets
    the same `Network.emulateNetworkConditions` over its DevTools socket, which stays open (closing
    it ends the emulation). Returns those sockets; close them to be back online."""
    import websocket
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    address = browser.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list", timeout=WAIT) as response:
        targets = [target for target in json.loads(response.read()) if target.get("type") == "service_worker"]
    if not targets:
        raise StepFailed(f"[{browser.name}] no service worker target to take offline")
    sessions = []
    for target in targets:
        session = websocket.create_connection(target["webSocketDebuggerUrl"], suppress_origin=True, timeout=WAIT)
        for number, (method, params) in enumerate((
                ("Network.enable", {}),
                ("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})), 1):
            session.send(json.dumps({"id": number, "method": method, "params": params}))
            while json.loads(session.recv()).get("id") != number:
                pass
        sessions.append(session)
    return sessions


def live_observer(server, token, topics):
    """A bearer WebSocket on the live stream (another device of the same member), past its hello."""
    import websocket
    url = server.base.replace("http://", "ws://") + f"/api/v1/live?topics={topics}"
    connection = websocket.create_connection(url, header=[f"Authorization: Bearer {token}"], timeout=LIVE)
    hello = json.loads(connection.recv())
    if hello.get("type") != "hello":
        raise StepFailed(f"the live stream should greet with hello, not {hello}")
    return connection


def wait_for_event(connection, kind, shift_id):
    """Reads the live stream until the `kind` event about `shift_id` arrives."""
    import websocket
    deadline = time.monotonic() + LIVE
    while time.monotonic() < deadline:
        try:
            message = json.loads(connection.recv())
        except websocket.WebSocketTimeoutException:
            break
        event = message.get("event") or {}
        if message.get("type") == "event" and event.get("type") == kind and shift_id in (event.get("data") or {}).get("shiftIds", []):
            return
    raise StepFailed(f"the live stream should carry {kind} for shift {shift_id} (waited {LIVE:g} s)")


def run(s):
    anna = s.open("anna-offline", PHONE)
    anna.login("anna")
    manifest = anna.script("return document.querySelector('link[rel=manifest]')?.href || null;")
    if not manifest or not manifest.endswith("/manifest.webmanifest"):
        raise StepFailed(f"[anna-offline] the page should link its web app manifest, found {manifest!r}")
    anna.wait(lambda: anna.script("return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);"), LOAD,
              "the service worker should install and control the page")
    # Loaded once through the worker, My schedule and who I am are saved for offline use.
    anna.driver.refresh()
    anna.wait(lambda: anna.css("#view-schedule") and not anna.css("#view-schedule[aria-busy=true]"), LOAD, "My schedule should load again")
    anna.wait_live()
    mine = future_own_shifts(anna)
    if not mine:
        raise StepFailed("the demo data should give anna a future scheduled shift")
    target = mine[-1]["id"]
    row = f"#view-schedule [data-shift-id='{target}']"
    anna.wait_for(row, "anna's schedule should list her shift before going offline")
    anna.wait_for(f"{row} [data-action=supply]", "the shift should be offerable while online")
    # Team week seen once online (this week's grid is what opens first).
    anna.go("week")
    anna.wait_for("#view-week .week-grid", "the team week should render online")
    week_text = anna.text("#view-week .week-grid")
    anna.go("schedule")

    worker_sessions = offline_everywhere(anna)
    try:
        anna.driver.refresh()
        anna.wait(lambda: anna.css("body.offline-copy") and anna.visible(row), LOAD,
                  "offline, a reload should still show My schedule from the saved copy, marked offline")
        banner = anna.wait_for("#offline-copy-banner", "the offline copy should be explained").text
        if "read-only" not in banner:
            raise StepFailed(f"[anna-offline] the offline banner should say the copy is read-only: {banner!r}")
        anna.wait(lambda: anna.css("#live-status[data-state=offline]"), WAIT, "the live status should say offline")
        anna.screenshot("offline-schedule")
        anna.go("week")
        anna.wait(lambda: anna.text("#view-week .week-grid") == week_text, WAIT, "offline, Team week should show the last known grid")
        anna.screenshot("offline-week")
        anna.go("schedule")

        # Meanwhile anna offers that shift from another device (a bearer session over plain HTTP).
        # That device also follows the live stream: once the offer reached it, it would have reached
        # the page too, were the page online.
        token = bearer_token(s.server, "anna")
        observer = live_observer(s.server, token, "marketplace")
        try:
            supply = urllib.request.Request(f"{s.server.base}/api/v1/shifts/{target}/supply", method="POST",
                                            headers={"Authorization": f"Bearer {token}"}, data=b"")
            with urllib.request.urlopen(supply, timeout=WAIT) as response:
                if response.status != 200:
                    raise StepFailed(f"supplying the shift from the other device answered {response.status}")
            wait_for_event(observer, "shift.supplied", target)
        finally:
            observer.close()
        if anna.css(f"{row} [data-action=revoke]"):
            raise StepFailed("[anna-offline] the offline page cannot know about the change yet")
    finally:
        anna.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        for session in worker_sessions:
            session.close()
    # Online again: the stream resumes, the offline marking goes and the view shows the change.
    anna.script("window.dispatchEvent(new Event('online'));")
    anna.wait_live()
    anna.wait(lambda: not anna.css("body.offline-copy"), LOAD, "back online, the page should leave the offline copy")
    anna.wait_for(f"{row} [data-action=revoke]", "back online, the shift offered from the other device should show as offered", timeout=LOAD)
    anna.screenshot("offline-caught-up")

    anna.go("account")
    anna.wait_for("#push-devices [data-action=push-on], #push-devices [data-action=push-off]",
                  "Account should offer notifications on this device")
    # Headless Chromium has no push service to subscribe with: a phone's subscription is stored
    # through the API, then listed and revoked on the page.
    phone = anna.fetch("POST", "/push/subscriptions", {
        "endpoint": "https://fcm.googleapis.com/fcm/send/e2e-anna-phone",
        "keys": {"p256dh": anna.fetch("GET", "/push/vapid-public-key")["publicKey"], "auth": "AAECAwQFBgcICQoLDA0ODw"}})
    anna.go("notifications")
    anna.go("account")
    device = f"#push-devices li[data-device-id='{phone['id']}']"
    anna.wait_for(device, "Account should list the device with notifications on")
    anna.script("document.getElementById('push-devices').scrollIntoView();")
    anna.screenshot("account-notifications")
    anna.click(f"{device} [data-action=revoke-push-device]", "anna revokes the phone")
    anna.wait_gone(device, "the revoked device should leave the list")
    if anna.fetch("GET", "/push/subscriptions"):
        raise StepFailed("[anna-offline] the revoked device should be gone on the server too")
