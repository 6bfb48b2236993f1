#!/usr/bin/env python3
"""End-to-end test of the browser page in real headless Chromium (issue 7, "Done means").

Starts its own `shifty serve --demo` (embedded PostgreSQL in a temporary folder, cheap Argon2)
and drives separate browser sessions (two employees, a manager and a kiosk device) through the
public page only:

  1. anna supplies a shift; bram sees it on the marketplace within two seconds without a reload
     and picks it up; maria sees it in the approval queue live and approves it; both schedules
     update live;
  2. bram asks for a free date, anna suggests her shift that day, bram accepts, maria approves;
  3. a kiosk is set up and anna checks in with her password;
  4. the report page draws its chart (an <svg> with data);
  5. anna turns on her calendar feed and the URL the page shows parses with `icalendar`, the
     traded shift cancelled;
  6. previews (issue 13): anna sees why she cannot pick up a shift on a day she already works,
     without clicking it (desktop and a 390x844 phone); maria assigns a shift with an explicit
     override of one-shift-per-day; maria sees the conflict on an approval card before deciding and
     approves anyway with a reason;
  7. the installable app (issue 18): the service worker installs, Chromium goes offline, a reload
     still shows My schedule (read-only, marked offline), and back online the page catches up;
     Account lists and revokes a device with notifications on.

  Issue 17 (step_pages): maria edits the settings (a time-zone change is explained and can be
     cancelled), edits a member, makes an invite whose on-screen QR code decodes to its link (and
     qr.js matches segno for every version and mask); the link opens the join form filled in; a
     failed login says why next to the form; a 390x844 phone navigates by the bottom tab bar;
     axe-core finds no serious or critical violation on any page; no chart labels overlap.

  Issue 19 (step_dutch): anna, bram and maria choose Nederlands in the page's language picker; a
     guest gets Dutch from Accept-Language, a kiosk from the workplace's default language; offer, take, approve, request + suggestion,
     kiosk punch and the report in Dutch, every page photographed as nl-<page>-{phone,desktop}.png
     and checked at 390 px for text that does not fit.

Screenshots of every main page go to test-artifacts/screenshots/ (git-ignored); every page at
390x844 and 1366x900 as pages-<view>-{phone,desktop}.png. Waits are
WebDriverWait on the page's stable hooks (data-shift-id, data-action, ...); a failure names the
step, saves a screenshot of every browser and prints their consoles and the server log's tail.

Usage: scripts/e2e/test_browser.py --binary .build/debug/shifty [--repeat N]
"""

import argparse
import datetime
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException, TimeoutException,
    WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import page_checks

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCREENSHOTS = os.path.join(ROOT, "test-artifacts", "screenshots")
PASSWORD = "shifty-demo"
LIVE_DEADLINE = 2.0  # seconds: "sees it appear within two seconds without a reload"
REJECTION_NOTE = "Bram is not trained for the bar yet"


class StepFailed(Exception):
    """A step of the scenario did not happen; the message says what was expected."""


def find_binary(path):
    for candidate in ([path] if path else []) + [os.path.join(ROOT, ".build", "debug", "shifty")]:
        if candidate and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    raise SystemExit(f"error: no shifty binary at {path or '.build/debug/shifty'}: build it with `swift build --product shifty`")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class DemoServer:
    """`shifty serve --demo` on a free port with its own embedded cluster in a temporary folder."""

    def __init__(self, binary, workdir, demo=True):
        self.binary = binary
        self.workdir = workdir
        self.demo = demo
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data_dir = os.path.join(workdir, "pg")
        self.log_path = os.path.join(workdir, "server.log")
        self.process = None

    def start(self):
        environment = dict(os.environ)
        environment.update({
            "SHIFTY_ARGON2_MEMORY": "64", "SHIFTY_ARGON2_ITERATIONS": "1", "SHIFTY_LOG_LEVEL": "notice",
        })
        for name in ("DATABASE_URL", "SHIFTY_CONFIG", "SHIFTY_PORT", "SHIFTY_HOST", "SHIFTY_DATA_DIR"):
            environment.pop(name, None)
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [self.binary, "serve", *(["--demo"] if self.demo else []), "--port", str(self.port), "--data-dir", self.data_dir,
             "--web-root", os.path.join(ROOT, "web"), "--migrations", os.path.join(ROOT, "sql")],
            cwd=ROOT, env=environment, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise StepFailed(f"the server exited with status {self.process.returncode} while starting:\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"{self.base}/readyz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.25)
        raise StepFailed(f"the server was not ready within 120 s:\n{self.tail()}")

    def tail(self, lines=40):
        try:
            with open(self.log_path, "rb") as log:
                return b"\n".join(log.read().splitlines()[-lines:]).decode("utf-8", "replace")
        except OSError:
            return "(no server log)"

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        # The embedded cluster stops with the server; make sure of it so no postmaster outlives us.
        if os.path.exists(os.path.join(self.data_dir, "postmaster.pid")):
            pg_ctl = next((p for p in ("/usr/lib/postgresql/15/bin/pg_ctl", shutil.which("pg_ctl") or "") if p and os.path.exists(p)), None)
            if pg_ctl:
                command = [pg_ctl, "stop", "-m", "immediate", "-D", self.data_dir]
                if os.geteuid() == 0:
                    command = ["runuser", "-u", "postgres", "--"] + command
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        if getattr(self, "log", None):
            self.log.close()


class Browser:
    """One headless Chromium profile (its own cookies): one person at their own device."""

    def __init__(self, name, base, workdir, width=1280, height=900):
        self.name = name
        self.base = base
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={width},{height}", f"--user-data-dir={os.path.join(workdir, 'chrome-' + name)}",
                         "--no-first-run", "--disable-extensions", "--lang=en-GB"):
            options.add_argument(argument)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.driver = webdriver.Chrome(service=Service(driver_path), options=options)
        self.driver.set_script_timeout(20)
        if width < 500:
            # Chromium's windows are at least 500 px wide: a phone's width needs the device emulation.
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.console = []

    # ------------------------------------------------------------------ waiting and acting

    def wait(self, condition, timeout, message, poll=0.05):
        """Polls `condition` until it is truthy. Live updates re-render lists, so an element found a
        moment ago may be gone: such stale references just mean "look again"."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=poll,
                                 ignored_exceptions=[StaleElementReferenceException]).until(lambda driver: condition())
        except TimeoutException:
            raise StepFailed(f"[{self.name}] {message} (waited {timeout:g} s)") from None

    def css(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector):
        return next((element for element in self.css(selector) if element.is_displayed()), None)

    def wait_for(self, selector, message, timeout=10):
        return self.wait(lambda: self.visible(selector), timeout, f"{message}: no visible {selector}")

    def wait_gone(self, selector, message, timeout=10):
        self.wait(lambda: not self.visible(selector), timeout, f"{message}: {selector} is still shown")

    def click(self, selector, message, timeout=10):
        """Clicks the visible, enabled element matching `selector`, finding it again if a live
        re-render replaced it in between."""
        def attempt():
            element = self.visible(selector)
            if element is None or not element.is_enabled():
                return False
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
            try:
                element.click()
            except (ElementClickInterceptedException, ElementNotInteractableException):
                self.driver.execute_script("arguments[0].click();", element)
            return True
        self.wait(attempt, timeout, f"{message}: no visible, enabled {selector} to click")

    def type(self, selector, text, message, timeout=10):
        def attempt():
            element = self.visible(selector)
            if element is None:
                return False
            element.send_keys(text)
            return True
        self.wait(attempt, timeout, f"{message}: no visible {selector} to type into")

    def attribute(self, selector, name, message, timeout=10):
        return self.wait(lambda: (self.visible(selector) or None) and self.visible(selector).get_attribute(name), timeout,
                         f"{message}: no visible {selector}")

    def confirm_dialog(self, message):
        """Clicks the confirming button of the page's modal <dialog> (confirmDialog in ui.js)."""
        self.click("dialog[open] button[type=submit]", f"{message}: confirm the dialog")
        self.wait_gone("dialog[open]", f"{message}: the dialog did not close")

    def fetch(self, method, path, body=None):
        """Calls the API from inside the page (same origin, the page's own cookie session)."""
        result = self.request(method, path, body)
        if not 200 <= result["status"] < 300:
            raise StepFailed(f"[{self.name}] {method} {path} answered {result['status']}: {result['text'][:300]}")
        return json.loads(result["text"]) if result["text"] else None

    def request(self, method, path, body=None):
        """Like fetch, but answers {status, text} whatever the status (for expected refusals)."""
        return self.driver.execute_async_script(
            """
            const [method, path, body, done] = arguments;
            const options = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
            if (body !== null) { options.headers['Content-Type'] = 'application/json'; options.body = JSON.stringify(body); }
            fetch('/api/v1' + path, options)
              .then(async (response) => done({ status: response.status, text: await response.text() }))
              .catch((error) => done({ status: 0, text: String(error) }));
            """,
            method, path, body)

    # ------------------------------------------------------------------ the page

    def open_page(self, path="/"):
        self.driver.get(self.base + path)

    def login(self, username, workplace="demo"):
        self.open_page("/")
        self.wait_for("#login-form", "the login form should show when logged out", timeout=20)
        self.type("#login-form input[name=workplace]", workplace, "login")
        self.type("#login-form input[name=username]", username, "login")
        self.type("#login-form input[name=password]", PASSWORD, "login")
        self.click("#login-form button[type=submit]", "login")
        # The nav (with #logout) hides behind a menu button on phones: wait for the first view instead.
        self.wait(lambda: self.css("#view > section.view") and not self.visible("#login-form"), 20, f"{username} should be logged in")
        self.wait_live()
        # A marker that only survives while the document is never reloaded: "live" means no reload.
        self.driver.execute_script("window.__shiftyE2ESamePage = true;")

    def assert_not_reloaded(self, what):
        if not self.driver.execute_script("return window.__shiftyE2ESamePage === true;"):
            raise StepFailed(f"[{self.name}] {what} needed a page reload")

    def wait_live(self):
        self.wait(lambda: self.css("#live-status[data-state=online]"), 15, "the live stream should be online")

    def go(self, view_id):
        """Navigates inside the page (hash router: no reload) and waits for the view's section."""
        self.driver.execute_script("location.hash = arguments[0];", f"#/{view_id}")
        self.wait_for(f"#view-{view_id}", f"the {view_id} view should render")
        self.wait(lambda: not self.css(f"#view-{view_id}[aria-busy=true]"), 15, f"the {view_id} view should finish loading")

    def screenshot(self, name, check=True):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))
        if not check:
            return
        # Every page we look at must read as words: a stray null/undefined is a rendering bug.
        try:
            text = self.driver.find_element(By.ID, "view").text
        except WebDriverException:
            return
        leaked = [word for word in ("null", "undefined", "NaN", "[object Object]") if word in text.split() or word == "[object Object]" and word in text]
        if leaked:
            raise StepFailed(f"[{self.name}] the {name} page shows {leaked}: {text[:300]}")

    def collect_console(self):
        try:
            self.console.extend(self.driver.get_log("browser"))
        except WebDriverException:
            pass
        return self.console

    def quit(self):
        try:
            self.collect_console()
            self.driver.quit()
        except WebDriverException:
            pass


# ---------------------------------------------------------------------------------------------
# The scenario


def pick_dates(anna, bram):
    """Two of anna's future scheduled shifts on days bram is free (he may work one shift a day)."""
    free = {entry["date"] for entry in bram.fetch("GET", "/requests/free-dates")}
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    shifts = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]]
    candidates = [shift for shift in shifts
                  if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow and shift["date"] in free]
    dates = sorted({shift["date"] for shift in candidates})
    if len(dates) < 2:
        raise StepFailed(f"the demo data needs two days where anna works and bram is free; found {dates}")
    first = next(shift for shift in candidates if shift["date"] == dates[0])
    second = next(shift for shift in candidates if shift["date"] == dates[1])
    return first, second


def pick_another(anna, bram, exclude):
    """One more of anna's future scheduled shifts on a day bram is free, not on the `exclude` dates."""
    free = {entry["date"] for entry in bram.fetch("GET", "/requests/free-dates")}
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    shifts = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]]
    candidates = sorted((shift for shift in shifts
                         if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow
                         and shift["date"] in free and shift["date"] not in exclude), key=lambda shift: shift["date"])
    if not candidates:
        raise StepFailed("the demo data needs a third day where anna works and bram is free")
    return candidates[0]


def check_plain_login_page(binary, workdir):
    """A server without --demo and --allow-signup: its login page shows neither the demo logins nor
    the form to create a workplace (phone and desktop)."""
    browsers = []
    for attempt in range(3):
        server = DemoServer(binary, os.path.join(workdir, f"plain-{attempt}"), demo=False)
        os.makedirs(server.workdir, exist_ok=True)
        os.chmod(server.workdir, 0o755)
        try:
            server.start()
            break
        except StepFailed as failure:
            server.stop()
            # Another process may take the free port between probing and binding it: try another.
            if "already in use" not in str(failure) or attempt == 2:
                raise
    try:
        for name, width, height in (("plain-phone", 390, 844), ("plain-desktop", 1280, 900)):
            browser = Browser(name, server.base, workdir, width=width, height=height)
            browsers.append(browser)
            browser.open_page("/")
            browser.wait_for("#login-form", "the login form should show")
            # Give the page time to ask the server, then check nothing was revealed.
            browser.wait(lambda: browser.driver.execute_script(
                "return performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/api/v1/login-page'));"),
                10, "the login page should ask the server what to show")
            time.sleep(0.3)
            if browser.visible("#demo-hint"):
                raise StepFailed(f"[{name}] the login page shows the demo password on a server without --demo")
            if browser.visible("#create-workplace"):
                raise StepFailed(f"[{name}] the login page offers 'Create a new workplace' without --allow-signup")
            browser.screenshot(f"login-{name}")
    finally:
        for browser in browsers:
            browser.quit()
        server.stop()


def deal_row(shift_id):
    return f"#view-approvals li[data-deal-id]:has([data-shift-id='{shift_id}'])"


def approve(maria, shift_id, note, started):
    maria.wait_for(deal_row(shift_id), "the pending deal should appear in the approval queue without a reload", timeout=10)
    latency = time.monotonic() - started
    if note:
        maria.type(f"{deal_row(shift_id)} input[name=note]", note, "maria writes a note")
    maria.click(f"{deal_row(shift_id)} [data-action=approve]", "maria approves")
    maria.wait_gone(deal_row(shift_id), "the approved deal should leave the queue")
    return latency


def ask_for_work(bram, anna, date, page=""):
    """Bram asks for work on `date` from Requests; anna sees his request live with a suggest button.
    Returns the selector of his request's row as coworkers see it."""
    bram.go("requests")
    anna.go("requests")
    mine = f"#view-requests li[data-request-id]:has(time[datetime='{date}']):has([data-action=withdraw])"
    box = f"#request-form input[name=dates][value='{date}']"
    # The date picker is folded away below what coworkers ask (issue 17); it stays open across live reloads.
    bram.click("#ask-details:not([open]) > summary", f"bram opens the date picker{page}")
    for attempt in range(3):
        # A live update may re-render the form between the tick and the submit: tick again then.
        bram.click(f"{box}:not(:checked)", f"bram ticks a free date he is offered{page}")
        bram.click("#request-form [data-action=post-requests]", f"bram posts his request{page}")
        try:
            bram.wait_for(mine, "bram's request should be listed", timeout=5)
            break
        except StepFailed:
            if attempt == 2:
                raise
    request_id = bram.attribute(mine, "data-request-id", "bram's request should be listed")
    coworker_row = f"#view-requests li[data-request-id='{request_id}']"
    anna.wait_for(f"{coworker_row} [data-action=suggest]", f"anna should see bram's request live with a suggest button{page}", timeout=5)
    return coworker_row


def scenario(server, workdir, timings):
    browsers = {}
    try:
        guest = browsers["guest"] = Browser("guest", server.base, workdir, width=390, height=844)
        guest.open_page("/")
        guest.wait_for("#login-form", "the login form should show")
        # --demo (which also allows signup): the demo logins and "Create a new workplace" are offered.
        guest.wait_for("#demo-hint", "the demo server's login page should show the demo logins")
        guest.wait_for("#create-workplace", "the demo server allows signup, so the page should offer it")
        guest.screenshot("login-phone")

        anna = browsers["anna"] = Browser("anna", server.base, workdir)
        bram = browsers["bram"] = Browser("bram", server.base, workdir)
        maria = browsers["maria"] = Browser("maria", server.base, workdir)
        for person, browser in (("anna", anna), ("bram", bram), ("maria", maria)):
            browser.login(person)

        supplied, suggested = pick_dates(anna, bram)
        shift_id, second_id = supplied["id"], suggested["id"]

        # 1. Supply → live on bram's marketplace → pick up → live in maria's queue → approve.
        bram.go("market")
        maria.go("approvals")
        anna.go("schedule")
        anna.screenshot("schedule")
        row_selector = f"#view-schedule [data-shift-id='{shift_id}']"
        anna.click(f"{row_selector} [data-action=supply]", "anna offers her shift")
        started = time.monotonic()
        market_row = f"#view-market [data-shift-id='{shift_id}']"
        bram.wait_for(f"{market_row} [data-action=pick-up]", "bram should see anna's shift on the marketplace without a reload",
                      timeout=LIVE_DEADLINE)
        timings["marketplace appears (s)"] = time.monotonic() - started
        bram.assert_not_reloaded("seeing the supplied shift")
        anna.wait_for(f"{row_selector} [data-action=revoke]", "anna's schedule should show the shift as offered")
        bram.screenshot("market")

        bram.click(f"{market_row} [data-action=pick-up]", "bram picks up the shift")
        bram.confirm_dialog("bram picks up the shift")
        picked = time.monotonic()
        bram.wait_gone(market_row, "the taken shift should leave the marketplace")
        maria.wait_for(deal_row(shift_id), "maria should see the pick-up in the approval queue live", timeout=5)
        timings["approval queue appears (s)"] = time.monotonic() - picked
        maria.screenshot("approvals")
        bram.go("schedule")
        timings["approval seen after (s)"] = approve(maria, shift_id, "fine by me", picked)
        approved = time.monotonic()
        anna.wait_gone(row_selector, "the traded shift should leave anna's schedule live", timeout=5)
        bram.wait_for(f"#view-schedule [data-shift-id='{shift_id}']", "the shift should appear on bram's schedule live", timeout=5)
        timings["both schedules updated (s)"] = time.monotonic() - approved
        for browser in (anna, bram, maria):
            browser.assert_not_reloaded("following the trade")
        bram.wait(lambda: (bram.visible("#notification-count") or None) and int(bram.visible("#notification-count").text or 0) > 0,
                  5, "bram's notification badge should count the approval")
        bram.screenshot("schedule-after-trade")

        # 2. A request for extra work, a suggestion, accepted and approved.
        coworker_row = ask_for_work(bram, anna, suggested["date"])
        anna.screenshot("requests")
        anna.click(f"{coworker_row} [data-action=suggest]", "anna suggests her shift")
        accept = f"{coworker_row} [data-shift-id='{second_id}'] [data-action=accept]"
        bram.wait_for(accept, "bram should see anna's suggestion live", timeout=5)
        bram.screenshot("requests-suggestion")
        bram.click(accept, "bram accepts the suggestion")
        bram.confirm_dialog("bram accepts the suggestion")
        accepted = time.monotonic()
        approve(maria, second_id, "", accepted)
        bram.go("schedule")
        bram.wait_for(f"#view-schedule [data-shift-id='{second_id}']", "the suggested shift should be on bram's schedule", timeout=5)
        for browser in (anna, bram, maria):
            browser.assert_not_reloaded("the request, suggestion and approval")

        # 2b. A rejection with a note: bram reads the manager's name and note in his notifications.
        third = pick_another(anna, bram, exclude={supplied["date"], suggested["date"]})
        anna.fetch("POST", f"/shifts/{third['id']}/supply")
        bram.fetch("POST", f"/shifts/{third['id']}/pick-up")
        maria.go("approvals")
        maria.wait_for(deal_row(third["id"]), "the third pick-up should wait in maria's queue")
        maria.type(f"{deal_row(third['id'])} input[name=note]", REJECTION_NOTE, "maria writes why she rejects")
        maria.click(f"{deal_row(third['id'])} [data-action=reject]", "maria rejects")
        maria.confirm_dialog("maria confirms the rejection (issue 17: confirm before Reject)")
        maria.wait_gone(deal_row(third["id"]), "the rejected deal should leave the queue")
        bram.go("notifications")
        bram.wait(lambda: any(REJECTION_NOTE in element.text and "Maria" in element.text
                              for element in bram.css("#view-notifications .notification-text")),
                  LIVE_DEADLINE, "bram should read maria's name and note about the rejection")
        bram.screenshot("notifications-rejection-note")
        phone_bram = browsers["phone-bram"] = Browser("phone-bram", server.base, workdir, width=390, height=844)
        phone_bram.login("bram")
        phone_bram.go("notifications")
        phone_bram.wait(lambda: any(REJECTION_NOTE in element.text for element in phone_bram.css("#view-notifications .notification-text")),
                        10, "bram's phone should show the manager's note too (from GET /notifications)")
        phone_bram.screenshot("notifications-rejection-note-phone")
        phone_bram.quit()
        del browsers["phone-bram"]
        anna.go("notifications")
        anna.wait(lambda: any("picked up your shift" in element.text for element in anna.css("#view-notifications .notification-text")),
                  LIVE_DEADLINE, "anna should hear at pick-up time that bram picked up her shift")

        # 3. The kiosk: a manager turns a device into a kiosk, anna checks in with her password.
        kiosk = browsers["kiosk"] = Browser("kiosk", server.base, workdir, width=1024, height=768)
        kiosk.login("maria")
        kiosk.open_page("/kiosk.html")
        kiosk.wait_for("#setup-form", "the kiosk page should offer the manager to set it up", timeout=15)
        kiosk.type("#setup-form input[name=name]", "Front desk", "name the kiosk")
        kiosk.click("#setup-form button[type=submit]", "set up the kiosk")
        kiosk.wait_for("#punch-form", "the kiosk should show the punch form", timeout=15)
        kiosk.screenshot("kiosk")
        kiosk.type("#kiosk-username", "anna", "anna types her username")
        kiosk.click("input[name=mode][value=password]", "choose password")
        kiosk.type("#kiosk-password", PASSWORD, "anna types her password")
        kiosk.click("#punch-button", "punch")
        kiosk.wait_for("#kiosk-result", "the kiosk should confirm the punch", timeout=10)
        kiosk.wait(lambda: "Anna" in kiosk.wait_for("#result-title", "result title").text, 5,
                   "the kiosk confirmation should name Anna")
        kiosk.screenshot("kiosk-result")
        # Making the browser a kiosk ended maria's session in it: revoked, it offers no manager setup.
        kiosk_id = next(item["id"] for item in maria.fetch("GET", "/kiosks") if item["name"] == "Front desk" and not item["revoked"])
        maria.fetch("DELETE", f"/kiosks/{kiosk_id}")
        kiosk.open_page("/kiosk.html")
        kiosk.wait_for("#setup-login", "a revoked kiosk should ask a manager to log in, not offer the setup as maria", timeout=15)
        if kiosk.visible("#setup-form"):
            raise StepFailed("the revoked kiosk still offers to set itself up with maria's session")
        kiosk.screenshot("kiosk-revoked")
        kiosk.open_page("/")
        kiosk.wait_for("#login-form", "the kiosk browser should not be signed in as maria any more", timeout=15)

        # 3b. The same from the Kiosks page: the tablet stops being maria's browser at once.
        tablet = browsers["tablet"] = Browser("tablet", server.base, workdir, width=390, height=844)
        tablet.login("maria")
        tablet.go("kiosks")
        tablet.type("#kiosk-form input[name=name]", "Back door", "name the kiosk")
        tablet.click("#kiosk-form [data-action=create-kiosk]", "make this browser a kiosk")
        tablet.wait_for("[data-action=open-kiosk]", "the page should offer the check-in page")
        tablet.wait(lambda: not tablet.visible("#notifications-button") and "signed out" in tablet.driver.find_element(By.ID, "view").text,
                    5, "the page should say maria is signed out in this browser and drop her menus")
        tablet.screenshot("kiosk-made-phone")
        tablet.open_page("/")
        tablet.wait_for("#login-form", "after becoming a kiosk the browser should not be signed in as maria", timeout=15)

        # 4. The report page with its chart.
        maria.go("reports")
        maria.wait(lambda: maria.driver.execute_script(
            """
            const svg = [...document.querySelectorAll('#view-reports svg')].find((s) => s.getBoundingClientRect().width > 0);
            if (!svg) return false;
            const marks = svg.querySelectorAll('polyline[points]:not([points=""]), rect, circle, path[d], polygon[points]');
            return marks.length > 2;
            """), 15, "the report page should draw an <svg> chart with data")
        maria.screenshot("reports")

        # 5. The calendar feed from the page, parsed by a real iCalendar parser.
        anna.go("calendar")
        anna.click("[data-action=enable-feed]", "anna turns on her calendar feed")
        url = anna.attribute("#calendar-feed-url", "value", "the calendar URL should be shown once")
        anna.screenshot("calendar")
        check_feed(url, anna_lost=shift_id)
        anna.click("[data-action=disable-feed]", "anna turns her calendar feed off")
        anna.confirm_dialog("anna turns her calendar feed off")
        anna.wait_for("[data-feed-state=off]", "the calendar view should say the feed is off")
        try:
            urllib.request.urlopen(url, timeout=10)
            raise StepFailed("the calendar URL should stop working once the feed is turned off")
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise StepFailed(f"a turned-off calendar URL should answer 404, not {error.code}") from None

        # 6. Previews: the page never offers what the server will refuse.
        step_previews(anna, maria, browsers, server, workdir)

        # 7. The team week grid (issue 17).
        step_week(browsers, server, workdir)
        step_week_manage(browsers, server, workdir)

        # 8. Closing a day: maria sees who loses a shift before anything is deleted.
        anna_dates = sorted(shift["date"] for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
                            if shift["status"] == "scheduled")
        closing = anna_dates[-1]
        maria.go("closed-days")
        maria.driver.execute_script(
            "const input = document.querySelector('#closed-day-form input[name=date]'); input.value = arguments[0];", closing)
        maria.type("#closed-day-form input[name=name]", "Renovation", "maria names the closed day")
        maria.click("#closed-day-form button[type=submit]", "maria closes the day")
        dialog = maria.wait_for("dialog[open]", "closing a day should first show who is affected")
        if "Anna" not in dialog.text or "notified" not in dialog.text:
            raise StepFailed(f"the closing confirmation should name anna's shift and say she is notified: {dialog.text}")
        maria.screenshot("closed-day-confirm", check=False)
        maria.confirm_dialog("maria confirms closing the day")
        maria.wait_for(f"#view-closed-days li.closed-day[data-date='{closing}']", "the closed day should be listed")

        # Every other main page, for people to look at.
        for view in ("swaps", "now", "notifications", "account"):
            anna.go(view)
            anna.screenshot(view)
        for view in ("team", "fixed-shifts", "closed-days", "kiosks", "punches"):
            maria.go(view)
            maria.screenshot(view)
        # Positions (issue 16): the team page shows and saves a member's qualifications and own weekly limit.
        emma_id = next(member["id"] for member in maria.fetch("GET", "/users") if member["username"] == "emma")
        maria.go("team")
        emma_row = f"#view-team li.member[data-user-id='{emma_id}']"
        maria.click(f"{emma_row} [data-action=manage-member]", "maria opens emma's settings")
        maria.wait(lambda: (maria.visible(f"{emma_row} input[name=maxWeeklyHours]") or None)
                   and maria.visible(f"{emma_row} input[name=maxWeeklyHours]").get_attribute("value") == "20",
                   10, "emma's own 20-hour week should be shown")
        maria.visible(f"{emma_row} input[name=positions]").clear()
        maria.type(f"{emma_row} input[name=positions]", "floor, bar", "maria makes emma a bartender too")
        maria.click(f"{emma_row} [data-action=save-qualifications]", "maria saves emma's positions")
        maria.wait(lambda: "bar" in next((m["positions"] for m in maria.fetch("GET", "/positions")["members"] if m["userId"] == emma_id), []),
                   10, "emma's qualifications should be saved")
        maria.screenshot("team-qualifications")
        phone = browsers["phone"] = Browser("phone", server.base, workdir, width=360, height=780)
        phone.login("bram")
        phone.go("schedule")
        phone.screenshot("schedule-phone")
        phone.go("calendar")
        phone.click("[data-action=enable-feed]", "bram turns on his calendar feed on a phone")
        phone.wait_for("#calendar-feed-url", "the calendar URL should be shown on a phone")
        phone.screenshot("calendar-phone")

        # 9. Timesheets (issue 15): bram checks in with a PIN alone, maria approves last week,
        #    anna looks at her hours.
        bram_id = bram.fetch("GET", "/me")["user"]["id"]
        for pin in ("739154", "739155", "739156"):
            try:
                maria.fetch("PUT", f"/users/{bram_id}/pin", {"pin": pin})
                break
            except StepFailed as failure:
                if "pin_taken" not in str(failure):
                    raise
        # The first kiosk was revoked in step 3; the tablet made a kiosk from the Kiosks page (3b) is live.
        tablet.open_page("/kiosk.html")
        tablet.wait_for("#punch-form", "the kiosk should show the punch form again", timeout=15)
        tablet.type("#kiosk-pin", pin, "bram types only his PIN")
        tablet.click("#punch-button", "bram punches with his PIN alone")
        tablet.wait(lambda: "Bram" in tablet.wait_for("#result-title", "result title").text, 10,
                   "the kiosk should greet Bram after a PIN-only punch")
        tablet.wait_for("#result-timing", "the kiosk should say how the punch compares with a shift")
        tablet.screenshot("kiosk-pin-result")
        step_kiosk_name_first(tablet, anna, maria)

        maria.go("timesheets")
        anna_id = anna.fetch("GET", "/me")["user"]["id"]
        sheet = f"#view-timesheets section[data-user-id='{anna_id}']"
        maria.wait_for(sheet, "maria should see anna's timesheet for last week", timeout=15)
        maria.screenshot("timesheets")
        maria.click(f"{sheet} [data-action=approve-timesheet]", "maria approves anna's week")
        maria.confirm_dialog("maria approves anna's week")
        maria.wait_for(f"{sheet} .badge.status-approved", "anna's week should show as approved", timeout=10)
        maria.wait_for("#view-timesheets li[data-approval-id] [data-action=unlock-timesheet]", "the approval should be listed with an unlock button")
        maria.screenshot("timesheets-approved")

        anna.go("hours")
        anna.wait_for("#view-hours dl[data-summary=hours]", "anna should see her hours")
        anna.wait_for("#view-hours li[data-approval-id]", "anna's My hours should list the approved week")
        anna.wait_for("#view-hours [data-rule=absence]", "My hours should explain what an absence is")
        anna.screenshot("my-hours")

        step_pages(browsers, server, workdir)
        step_time_off(anna, bram, maria, browsers, server, workdir)
        step_fixed_shift_requests(browsers, server, workdir)
        step_dutch(browsers, server, workdir)
        step_manager_dutch(browsers, server, workdir)

        step_offline(browsers, server, workdir)
        step_lost_answer(browsers)
        live_connection_cap(server, browsers, workdir)
        step_notifications_and_reset(browsers, server, workdir)
        step_account_language(browsers, server, workdir)
    except Exception:
        for name, browser in browsers.items():
            try:
                browser.screenshot(f"failure-{name}", check=False)
            except WebDriverException:
                pass
        raise
    finally:
        problems = []
        for name, browser in browsers.items():
            for entry in browser.collect_console():
                text = entry.get("message", "")
                if "Content Security Policy" in text or "Uncaught" in text:
                    problems.append(f"[{name}] {text}")
            browser.quit()
        if problems:
            print("Browser console problems:\n  " + "\n  ".join(problems), file=sys.stderr)


def step_kiosk_name_first(tablet, anna, maria):
    """Wrong PINs typed alone use up the kiosk's PIN-only budget: the kiosk then asks for the name
    first (429 kiosk_pin_only_paused, docs/throttles.md) and anna's tile with her PIN still punches."""
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    for anna_pin in ("480213", "480214", "480215"):
        try:
            maria.fetch("PUT", f"/users/{anna_id}/pin", {"pin": anna_pin})
            break
        except StepFailed as failure:
            if "pin_taken" not in str(failure):
                raise
    tablet.click("#result-done", "back to the kiosk's start screen")
    tablet.wait_for("#punch-form", "the kiosk should show the punch form")
    answers = []
    for guess in range(12):
        answer = tablet.request("POST", "/kiosk/punches", {"pin": f"98765432{guess:04d}"})
        answers.append(answer["status"])
        if answer["status"] == 429:
            if json.loads(answer["text"]).get("code") != "kiosk_pin_only_paused":
                raise StepFailed(f"wrong PINs alone should pause PIN-only punching: {answer['text'][:300]}")
            break
    if answers[-1] != 429 or answers.count(401) > 10:
        raise StepFailed(f"the kiosk's PIN-only budget should stop wrong PINs after 10: {answers}")
    tablet.type("#kiosk-pin", anna_pin, "anna types only her PIN")
    tablet.click("#punch-button", "anna punches with her PIN alone")
    tablet.wait(lambda: "name first" in tablet.wait_for("#kiosk-error", "the kiosk's message").text, 10,
                "the kiosk should ask anna to tap her name first")
    tablet.wait(lambda: tablet.driver.execute_script("return document.body.classList.contains('kiosk-name-first');"), 10,
                "the kiosk should switch to name first")
    tablet.screenshot("kiosk-name-first")
    # The tiles are the way in now: readable (they were white on white: the page's button colour).
    tablet.wait(lambda: tablet.visible(".kiosk-tile[data-username=anna]"), 10, "anna's name tile should show")
    unreadable = page_checks.axe_violations(tablet.driver, "kiosk, name first")
    if unreadable:
        raise StepFailed("the kiosk's name-first screen has accessibility violations: " + "; ".join(unreadable))
    tile = tablet.visible(".kiosk-tile[data-username=anna]")
    if tile:
        tablet.click(".kiosk-tile[data-username=anna]", "anna taps her name")
    else:
        tablet.type("#kiosk-username", "anna", "anna types her username")
    if tablet.attribute("#kiosk-pin", "value", "the PIN anna typed") != anna_pin:
        raise StepFailed("the PIN anna typed should stay after the kiosk asked for her name")
    tablet.click("#punch-button", "anna punches with her name and PIN")
    tablet.wait(lambda: "Anna" in tablet.wait_for("#result-title", "result title").text, 10,
                "the kiosk should greet Anna after a named punch while PIN-only is paused")
    tablet.screenshot("kiosk-name-first-result")


# ---------------------------------------------------------------------------------------------
# Issue 19: the main flow once in Dutch, with an overflow check at 390 px


NL_PHONE = (390, 844)
NL_DESKTOP = (1366, 900)


def as_dutch_browser(browser):
    """Makes Chromium send `Accept-Language: nl-NL,nl` and report Dutch in navigator.languages."""
    agent = browser.driver.execute_script("return navigator.userAgent;")
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "nl-NL,nl;q=0.9"})


def set_size(browser, size):
    width, height = size
    browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def overflowing(browser):
    """Text that does not fit at this width: the page scrolls sideways, or a text container's
    content is wider than its box (Dutch words are longer). Boxes meant to scroll are left out."""
    return browser.driver.execute_script(
        """
        const found = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
        const texts = 'h1,h2,h3,h4,p,li,label,legend,summary,button,a,dt,dd,th,td,span,strong,.badge';
        for (const element of document.querySelectorAll(texts)) {
          if (!element.getClientRects().length || element.closest('[hidden], dialog:not([open]), .visually-hidden, svg')) continue;
          const style = getComputedStyle(element);
          if (['auto', 'scroll'].includes(style.overflowX) || style.display === 'contents') continue;
          if (element.closest('.table-scroll, .week-grid, .scroll-x, pre, code')) continue;
          if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && style.display !== 'inline') {
            const text = (element.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
            if (text) found.push(`<${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}> "${text}" (${element.scrollWidth} > ${element.clientWidth})`);
          }
        }
        return found.slice(0, 12);
        """)


def dutch_shot(browser, name, findings, sizes=(NL_PHONE, NL_DESKTOP)):
    """Screenshots `nl-<name>-{phone,desktop}.png` and collects what overflows at 390 px."""
    for size in sizes:
        set_size(browser, size)
        time.sleep(0.3)
        suffix = "phone" if size == NL_PHONE else "desktop"
        browser.screenshot(f"nl-{name}-{suffix}", check=False)
        if size == NL_PHONE:
            findings += [f"{name} (390 px): {problem}" for problem in overflowing(browser)]
    set_size(browser, NL_DESKTOP)


def expect_words(browser, words, where):
    """The page reads Dutch: each of `words` is on screen (nav, tab bar, headings the shell owns);
    innerText follows CSS text-transform, so the comparison ignores case."""
    def shown():
        text = browser.driver.execute_script("return document.body.innerText;").lower()
        return all(word.lower() in text for word in words)
    try:
        browser.wait(shown, 10, "")
    except StepFailed:
        text = browser.driver.execute_script("return document.body.innerText;")
        missing = [word for word in words if word.lower() not in text.lower()]
        raise StepFailed(f"[{browser.name}] {where} should read Dutch: missing {missing} in {text[:400]!r}") from None


def switch_to_dutch(browser):
    """Chooses Nederlands in the page's own language picker (nav footer; PUT /me/language)."""
    from selenium.webdriver.support.ui import Select
    if not browser.visible("#language-select"):
        browser.click("#menu-button", f"{browser.name} opens the menu to reach the language picker")
    picker = browser.wait_for("#language-select", "the nav should offer a language picker")
    Select(picker).select_by_value("nl")
    browser.wait(lambda: browser.driver.execute_script("return document.documentElement.lang;") == "nl", 10,
                 "choosing Nederlands should switch the page to Dutch")
    browser.assert_not_reloaded("switching the page to Dutch")
    if browser.fetch("GET", "/me").get("languagePreference") != "nl":
        raise StepFailed(f"[{browser.name}] the choice should be saved on the account (languagePreference nl)")
    browser.driver.execute_script("document.body.classList.remove('menu-open');")


def step_dutch(browsers, server, workdir):
    """Issue 19, "Done means": offer, take, approve, request + suggestion, kiosk punch and the report
    once in Dutch. anna, bram and maria pick Nederlands in the page's language picker; a guest gets
    Dutch from the browser's Accept-Language, the kiosk from the workplace's default language. Every Dutch page is photographed at 390 px
    and 1366 px (nl-*.png) and checked for text that does not fit at 390 px. Afterwards everyone is
    back to the workplace's language (English), so later steps read English."""
    findings = []
    people = {}
    passed = False
    workplace_dutch = False
    try:
        guest = browsers["nl-guest"] = Browser("nl-guest", server.base, workdir, width=NL_PHONE[0], height=NL_PHONE[1])
        as_dutch_browser(guest)
        guest.open_page("/")
        guest.wait_for("#login-form", "the login form should show")
        expect_words(guest, ["Inloggen", "Werkplek", "Gebruikersnaam", "Wachtwoord"], "the login page for a Dutch browser")
        dutch_shot(guest, "login", findings)

        for name in ("anna", "bram", "maria"):
            browser = people[name] = browsers[f"nl-{name}"] = Browser(f"nl-{name}", server.base, workdir, width=NL_DESKTOP[0], height=NL_DESKTOP[1])
            browser.login(name)
            switch_to_dutch(browser)
        anna, bram, maria = people["anna"], people["bram"], people["maria"]
        expect_words(anna, ["Uitloggen", "Meldingen", "medewerker"], "anna's page after choosing Nederlands")
        expect_words(maria, ["Beheer", "leidinggevende"], "maria's page after choosing Nederlands")

        # Offer → take → approve.
        shift = pick_another(anna, bram, exclude=set())
        anna.go("schedule")
        row = f"#view-schedule [data-shift-id='{shift['id']}']"
        dutch_shot(anna, "schedule", findings)
        set_size(bram, NL_PHONE)
        expect_words(bram, ["Rooster", "Teamweek", "Aangeboden", "Gezocht", "Meer"], "bram's tab bar on a phone")
        set_size(bram, NL_DESKTOP)
        bram.go("market")
        maria.go("approvals")
        anna.click(f"{row} [data-action=supply]", "anna offers her shift (Dutch page)")
        market_row = f"#view-market [data-shift-id='{shift['id']}']"
        bram.wait_for(f"{market_row} [data-action=pick-up]", "bram should see anna's shift on the Dutch marketplace", timeout=5)
        dutch_shot(bram, "market", findings)
        bram.click(f"{market_row} [data-action=pick-up]", "bram takes the shift (Dutch page)")
        bram.wait_for("dialog[open]", "taking a shift asks first")
        bram.screenshot("nl-market-confirm-desktop", check=False)
        bram.confirm_dialog("bram takes the shift (Dutch page)")
        maria.wait_for(deal_row(shift["id"]), "maria should see the pick-up in her Dutch approval queue", timeout=5)
        dutch_shot(maria, "approvals", findings)
        approve(maria, shift["id"], "prima", time.monotonic())
        bram.go("schedule")
        bram.wait_for(f"#view-schedule [data-shift-id='{shift['id']}']", "the shift should be on bram's Dutch schedule", timeout=5)
        dutch_shot(bram, "schedule-after-trade", findings)

        # Request + suggestion, accepted and approved.
        second = pick_another(anna, bram, exclude={shift["date"]})
        coworker_row = ask_for_work(bram, anna, second["date"], page=" (Dutch page)")
        dutch_shot(anna, "requests", findings)
        anna.click(f"{coworker_row} [data-action=suggest]", "anna suggests her shift (Dutch page)")
        accept = f"{coworker_row} [data-shift-id='{second['id']}'] [data-action=accept]"
        bram.wait_for(accept, "bram should see anna's suggestion", timeout=5)
        dutch_shot(bram, "requests-suggestion", findings)
        bram.click(accept, "bram accepts the suggestion (Dutch page)")
        bram.confirm_dialog("bram accepts the suggestion (Dutch page)")
        approve(maria, second["id"], "", time.monotonic())

        # The kiosk (no account): it speaks the workplace's language, so maria makes Dutch the
        # workplace's default for this part; the kiosk's browser asks for Dutch too.
        maria.fetch("PATCH", "/workplace", {"settings": {"language": "nl"}})
        workplace_dutch = True
        kiosk = browsers["nl-kiosk"] = Browser("nl-kiosk", server.base, workdir, width=NL_DESKTOP[0], height=NL_DESKTOP[1])
        as_dutch_browser(kiosk)
        kiosk.login("maria")
        kiosk.open_page("/kiosk.html")
        kiosk.wait_for("#setup-form", "the kiosk page should offer maria the set-up", timeout=15)
        expect_words(kiosk, ["Dit apparaat is nog geen prikklok"], "the kiosk set-up")
        kiosk.type("#setup-form input[name=name]", "Balie", "name the kiosk")
        kiosk.click("#setup-form button[type=submit]", "set up the kiosk")
        kiosk.wait_for("#punch-form", "the kiosk should show the punch form", timeout=15)
        expect_words(kiosk, ["Inklokken of uitklokken", "Pincode", "Pauze beginnen"], "the kiosk")
        dutch_shot(kiosk, "kiosk", findings)
        kiosk.type("#kiosk-username", "anna", "anna types her username")
        kiosk.click("input[name=mode][value=password]", "choose password")
        kiosk.type("#kiosk-password", PASSWORD, "anna types her password")
        kiosk.click("#punch-button", "punch")
        kiosk.wait_for("#result-title", "the kiosk should confirm the punch", timeout=10)
        kiosk.wait(lambda: any(word in kiosk.visible("#result-title").text for word in ("Welkom", "Tot ziens")), 5,
                   "the Dutch kiosk should greet anna in Dutch")
        if not any(word in kiosk.visible("#result-detail").text for word in ("Ingeklokt om", "Uitgeklokt om")):
            raise StepFailed(f"the kiosk should say in Dutch when anna was checked in or out: {kiosk.visible('#result-detail').text}")
        dutch_shot(kiosk, "kiosk-result", findings)
        kiosk_id = next(item["id"] for item in maria.fetch("GET", "/kiosks") if item["name"] == "Balie" and not item["revoked"])
        maria.fetch("DELETE", f"/kiosks/{kiosk_id}")

        # The report with its chart.
        maria.go("reports")
        maria.wait(lambda: maria.driver.execute_script(
            "return [...document.querySelectorAll('#view-reports svg')].some((s) => s.getBoundingClientRect().width > 0);"),
            15, "the Dutch report page should draw its chart")
        dutch_shot(maria, "reports", findings)

        # The other main pages in Dutch, for people to look at (and for overflow).
        for view in ("week", "swaps", "now", "notifications", "account", "hours"):
            bram.go(view)
            dutch_shot(bram, view, findings)
        for view in ("team", "settings", "kiosks", "timesheets"):
            maria.go(view)
            dutch_shot(maria, view, findings)
        set_size(bram, NL_PHONE)
        bram.click("#tab-more", "bram opens Meer")
        expect_words(bram, ["Uitloggen", "Taal"], "the phone menu")
        bram.screenshot("nl-menu-phone", check=False)

        if findings:
            raise StepFailed("text does not fit at 390 px in Dutch:\n  " + "\n  ".join(findings))
        passed = True
    finally:
        for browser in people.values():
            try:
                browser.fetch("PUT", "/me/language", {"language": None})
            except (StepFailed, WebDriverException):
                pass
        if workplace_dutch:
            people["maria"].fetch("PATCH", "/workplace", {"settings": {"language": "en"}})
        # On a failure the browsers stay for the scenario's failure screenshots and console dump.
        if passed:
            for name in ("nl-guest", "nl-anna", "nl-bram", "nl-maria", "nl-kiosk"):
                if name in browsers:
                    browsers.pop(name).quit()


def step_notifications_and_reset(browsers, server, workdir):
    """Issue 18: Anna chooses e-mail for offered shifts on Account (the page says e-mail is off on
    this server); Maria makes a reset link for Bram on Team; a fresh browser opens it, sets a new
    password and is logged in; the same link then says it has been used."""
    anna, maria = browsers["anna"], browsers["maria"]
    anna.go("account")
    anna.wait_for("#notification-preferences", "Account should have a Notifications section")
    anna.wait_for("#notification-preferences [data-note=channels]", "the page should say e-mail is off without --smtp-url")
    anna.click("#notification-preferences-form tr[data-kind=offer] input[name='offer.email']", "anna wants offers by e-mail")
    anna.click("#notification-preferences-form button[type=submit]", "anna saves her notification settings")
    anna.wait(lambda: "saved" in (anna.driver.execute_script("return document.getElementById('message')?.textContent || ''") or ""), 10, "saving should be confirmed")
    saved = anna.fetch("GET", "/me/notification-preferences")
    offer = next(kind for kind in saved["kinds"] if kind["kind"] == "offer")
    if offer["channels"] != ["inApp", "email"]:
        raise StepFailed(f"the saved channels for offers are {offer['channels']}")
    anna.screenshot("account-notifications")

    maria.go("team")
    bram_row = "#team-members li.member:has([aria-label^='Manage Bram'])"
    maria.click(f"{bram_row} [data-action=manage-member]", "maria opens Bram's settings")
    maria.click(f"{bram_row} [data-action=reset-link]", "maria makes a reset link for Bram")
    link = maria.attribute(f"{bram_row} input[aria-label^='Reset link for']", "value", "the reset link should show")
    maria.screenshot("team-reset-link")
    path = link[link.index("/#/"):]

    guest = browsers["reset-guest"] = Browser("reset-guest", server.base, workdir, width=390, height=844)
    guest.open_page(path)
    guest.wait_for("#reset-form", "the reset page should show its form")
    guest.screenshot("reset-page")
    guest.type("#reset-form input[name=newPassword]", "bram's new secret", "new password")
    guest.type("#reset-form input[name=repeatPassword]", "bram's new secret", "new password again")
    guest.click("#reset-form button[type=submit]", "bram sets his new password")
    guest.wait(lambda: guest.css("#view > section.view") and not guest.visible("#reset-view"), 20, "the reset link should log Bram in")
    me = guest.fetch("GET", "/me")
    if me["user"]["username"] != "bram":
        raise StepFailed(f"the reset link logged in {me['user']['username']}")
    other = browsers["reset-again"] = Browser("reset-again", server.base, workdir, width=390, height=844)
    other.open_page(path)
    other.wait_for("#reset-invalid", "a used link should say so")
    other.screenshot("reset-used")


def step_previews(anna, maria, browsers, server, workdir):
    from selenium.webdriver.support.ui import Select

    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    members = {member["id"]: member for member in maria.fetch("GET", "/users") if member.get("active", True)}
    annas = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
             if shift["status"] == "scheduled" and shift["date"] > tomorrow]
    if len(annas) < 2:
        raise StepFailed(f"the demo data needs two more days where anna works; found {[s['date'] for s in annas]}")
    last = max(shift["date"] for shift in annas)
    team = maria.fetch("GET", f"/team-schedule?from={tomorrow}&to={last}")

    def overlaps(a, b):
        return a["startsAt"] < b["endsAt"] and b["startsAt"] < a["endsAt"]

    def free_member(date):
        """An employee (not anna) with no shift on `date`."""
        busy = {shift["ownerId"] for shift in team if shift["date"] == date and shift["status"] != "cancelled"}
        return next(member for member in members.values()
                    if member["role"] == "employee" and member["id"] != anna_id and member["id"] not in busy)

    def one_off_on_market(owner_id, date, start, minutes):
        """A manager's one-off shift, released to the marketplace (unassigned)."""
        shift = maria.fetch("POST", "/shifts", {"ownerId": owner_id, "date": date, "startTime": start, "durationMinutes": minutes})
        maria.fetch("POST", f"/shifts/{shift['id']}/unassign", {"note": "e2e: open shift"})
        return shift

    # 6a. A coworker's shift that overlaps a day anna works goes on the marketplace.
    clash = next(((mine, other) for mine in annas for other in team
                  if other["ownerId"] != anna_id and other["status"] == "scheduled" and not other.get("unassigned")
                  and other["date"] == mine["date"] and overlaps(mine, other)), None)
    if clash is None:
        raise StepFailed("the demo data needs a coworker's shift that overlaps one of anna's")
    annas_day, theirs = clash
    maria.fetch("POST", f"/shifts/{theirs['id']}/unassign", {"note": "e2e: released"})
    row = f"#view-market [data-shift-id='{theirs['id']}']"
    anna_phone = browsers["anna-phone"] = Browser("anna-phone", server.base, workdir, width=390, height=844)
    anna_phone.login("anna")
    for browser, name in ((anna, "market-cannot-take"), (anna_phone, "market-cannot-take-phone")):
        browser.go("market")
        # The overlapping shifts are kitchen shifts and anna is a bartender: they wait behind the
        # "not qualified" toggle (issue 16).
        if not browser.css(row):
            browser.click("#view-market [data-action=toggle-unqualified]", f"[{browser.name}] anna shows the other positions")
        reason = browser.wait_for(f"{row} .cannot-take", "anna should read why she cannot pick up the overlapping shift", timeout=10)
        if browser.css(f"{row} [data-action=pick-up]"):
            raise StepFailed(f"[{browser.name}] the marketplace still offers 'Pick up' for a shift anna cannot take")
        if "overlap" not in reason.text or annas_day["startTime"] not in reason.text:
            raise StepFailed(f"[{browser.name}] the reason should name the overlap and anna's own shift: {reason.text!r}")
        browser.screenshot(name)

    # The swap form asks the same rules once both shifts are chosen: wanting a coworker's shift that
    # overlaps one anna keeps cannot be proposed, and the form says why.
    swap_clash = next(((mine, other) for mine in annas for other in team
                       if other["id"] != theirs["id"] and other["ownerId"] != anna_id and other["status"] == "scheduled"
                       and not other.get("unassigned") and other["date"] == mine["date"] and overlaps(mine, other)), None)
    if swap_clash is not None:
        kept, wanted = swap_clash
        offered = next(shift for shift in annas if shift["date"] != kept["date"])
        anna.go("swaps")
        Select(anna.wait_for("#swap-offered", "the swap form")).select_by_value(str(offered["id"]))
        Select(anna.wait_for("#swap-wanted", "the swap form")).select_by_value(str(wanted["id"]))
        reason = anna.wait_for("#swap-form .swap-preview.cannot-take", "the swap form should say why the swap is not possible")
        if "overlap" not in reason.text or anna.visible("#swap-form [data-action=propose-swap]").is_enabled():
            raise StepFailed(f"a refused swap should say why and not be proposable: {reason.text!r}")
        anna.screenshot("swap-cannot")

    # 6b. maria assigns an open shift to anna on a day anna works (no overlap): the preview names the
    # overridable rule, and she overrides it with a reason that lands in the shift's history.
    other_day = next(shift for shift in annas if shift["date"] != annas_day["date"])
    late_start = (datetime.datetime.fromisoformat(f"{other_day['date']}T{other_day['endTime']}") + datetime.timedelta(hours=1)).strftime("%H:%M")
    if late_start < other_day["endTime"]:
        late_start = "23:00"
    open_shift = one_off_on_market(free_member(other_day["date"])["id"], other_day["date"], late_start, 45)
    maria.go("market")
    market_row = f"#view-market [data-shift-id='{open_shift['id']}']"
    maria.click(f"{market_row} [data-action=assign]", "maria opens the assignment")
    chooser = maria.wait_for(f"{market_row} select[name=assignee]", "the assignment offers the members")
    Select(chooser).select_by_value(str(anna_id))
    maria.wait_for(f"{market_row} .assign-panel [data-code=one_shift_per_day]", "the assignment should name the rule it would override")
    maria.wait_for(f"{market_row} [data-action=override-assign]", "an overridable rule should offer an explicit override")
    maria.screenshot("assign-override")
    maria.type(f"{market_row} input[name=override-reason]", "e2e: anna closes the bar too", "maria gives a reason")
    maria.click(f"{market_row} [data-action=override-assign]", "maria assigns with the override")
    maria.wait_gone(market_row, "the assigned shift should leave the marketplace")
    history = maria.fetch("GET", f"/shifts/{open_shift['id']}/history")
    if not any("rule overridden: one_shift_per_day" in (entry.get("note") or "") and "e2e: anna closes the bar too" in entry["note"] for entry in history):
        raise StepFailed(f"the override should be recorded in the shift's history: {history}")

    # 6c. anna picks up an open shift on a free day; later maria gives her another shift that day
    # (an explicit override), so the approval card shows the conflict before maria decides.
    free_days = sorted(entry["date"] for entry in anna.fetch("GET", "/requests/free-dates") if entry["date"] > tomorrow)
    if not free_days:
        raise StepFailed("anna needs a free day for the approval-conflict step")
    day = free_days[0]
    pending = one_off_on_market(free_member(day)["id"], day, "18:00", 180)
    anna.fetch("POST", f"/shifts/{pending['id']}/pick-up")
    maria.fetch("POST", "/shifts", {"ownerId": anna_id, "date": day, "startTime": "09:00", "durationMinutes": 180,
                                    "override": True, "reason": "e2e: stocktaking in the morning"})
    maria_phone = browsers["maria-phone"] = Browser("maria-phone", server.base, workdir, width=390, height=844)
    maria_phone.login("maria")
    for browser, name in ((maria, "approvals-conflict"), (maria_phone, "approvals-conflict-phone")):
        browser.go("approvals")
        conflict = browser.wait_for(f"{deal_row(pending['id'])} .preview-conflict [data-code=one_shift_per_day]",
                                    "the approval card should show the conflict before the manager decides", timeout=10)
        browser.wait_for(f"{deal_row(pending['id'])} .preview-hours", "the approval card should show anna's hours that week")
        if "Anna" not in conflict.text:
            raise StepFailed(f"[{browser.name}] the conflict should name the receiver: {conflict.text!r}")
        browser.wait_for(f"{deal_row(pending['id'])} [data-action=approve-override]", "an overridable conflict offers 'Approve anyway'")
        browser.screenshot(name)
    maria.type(f"{deal_row(pending['id'])} input[name=override-reason]", "e2e: anna works a double", "maria gives a reason")
    maria.click(f"{deal_row(pending['id'])} [data-action=approve-override]", "maria approves anyway")
    maria.wait_gone(deal_row(pending['id']), "the deal approved with an override should leave the queue")
    history = maria.fetch("GET", f"/shifts/{pending['id']}/history")
    if not any("e2e: anna works a double" in (entry.get("note") or "") for entry in history):
        raise StepFailed(f"the approval's override should be recorded in the shift's history: {history}")


def step_week(browsers, server, workdir):
    """The team week grid (issue 17): desktop and phone, who works on Friday, a swap started from the
    grid, and a manager who sees the conflict of an assignment and of a new shift before saving."""
    from selenium.webdriver.support.ui import Select

    anna = browsers["anna-week"] = Browser("anna-week", server.base, workdir, width=1366, height=900)
    phone = browsers["anna-week-phone"] = Browser("anna-week-phone", server.base, workdir, width=390, height=844)
    maria = browsers["maria-week"] = Browser("maria-week", server.base, workdir, width=1366, height=900)
    for browser, person in ((anna, "anna"), (phone, "anna"), (maria, "maria")):
        browser.login(person)
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    today = datetime.date.fromisoformat(anna.driver.execute_script(
        "return new Intl.DateTimeFormat('en-CA', {timeZone: arguments[0]}).format(new Date());", anna.fetch("GET", "/me")["workplace"]["timeZone"]))
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
    monday = friday - datetime.timedelta(days=4)
    week = anna.fetch("GET", f"/team-schedule?from={monday}&to={monday + datetime.timedelta(days=6)}")
    on_friday = [shift for shift in week if shift["date"] == friday.isoformat()]
    coworkers = {shift["ownerName"] for shift in on_friday if shift["ownerId"] != anna_id}
    if not coworkers:
        raise StepFailed(f"the demo data needs coworkers working on {friday}")

    def open_week(browser):
        browser.driver.execute_script("location.hash = arguments[0];", f"#/week?from={monday}")
        browser.wait_for("#view-week .week-grid, #view-week .empty", "the team week should render")
        browser.wait(lambda: not browser.css("#view-week[aria-busy=true]"), 15, "the team week should finish loading")

    # Desktop: every Friday shift in the Friday column, on its person's row, with its time and state.
    open_week(anna)
    column = f"#view-week td[data-date='{friday}']"
    anna.wait(lambda: len(anna.css(f"{column} .grid-shift")) == len(on_friday), 10,
              f"the Friday column should show the {len(on_friday)} shifts of {friday}")
    for shift in on_friday:
        button = anna.visible(f"{column} .grid-shift[data-shift-id='{shift['id']}']")
        row = anna.driver.execute_script("return arguments[0].closest('tr').querySelector('th').textContent;", button)
        if shift["ownerName"] not in row or shift["startTime"] not in button.text:
            raise StepFailed(f"the grid should put {shift['ownerName']}'s {shift['startTime']} shift on their row: {row!r} {button.text!r}")
    if "24:00" in anna.visible("#view-week").text:
        raise StepFailed("the grid should never show 24:00")
    heading = anna.visible(f"#view-week thead th[data-date='{friday}']").text
    if str(friday.day) not in heading:
        raise StepFailed(f"the day headings should carry dates: {heading!r}")
    if len([h1 for h1 in anna.css("h1") if h1.is_displayed()]) != 1:  # the login form's h1 is hidden while signed in
        raise StepFailed("one h1 per page")
    if monday <= today <= monday + datetime.timedelta(days=6):
        marked = anna.visible(f"#view-week thead th[aria-current=date][data-date='{today}']")
        if marked is None or "today" not in marked.text.lower():
            raise StepFailed("today's column should be marked")
    anna.screenshot("week-desktop")

    # "Only me" leaves anna's row; the position filter keeps only that position's shifts.
    anna.click("#week-only-me", "anna shows only her own shifts")
    anna.wait(lambda: len(anna.css("#view-week tbody tr")) == 1, 5, "only anna's row should stay")
    anna.click("#week-only-me", "anna shows everyone again")
    positions = sorted({shift["position"] for shift in week if shift.get("position")})
    if positions:
        Select(anna.wait_for("#week-position", "the position filter")).select_by_value(positions[0])
        anna.wait(lambda: all(positions[0] in element.text for element in anna.css("#view-week .grid-shift")), 5,
                  "the position filter should keep only that position's shifts")
        Select(anna.wait_for("#week-position", "the position filter")).select_by_value("")

    # Phone: one day at a time; the arrows move to Friday, where anna sees who else works.
    open_week(phone)
    for _ in range(7):
        if phone.visible(f"#view-week td[data-date='{friday}']"):
            break
        phone.click("#view-week [data-action=next-day]", "anna moves to the next day on her phone")
    names = phone.wait(lambda: [element.text for element in phone.css("#view-week tbody th") if element.is_displayed()] or None, 5,
                       "the phone should list the people working that day")
    if not coworkers <= {name.replace(" (you)", "") for name in names}:
        raise StepFailed(f"on a phone anna should see {coworkers} working on Friday, saw {names}")
    if sum(1 for element in phone.css("#view-week td.grid-cell") if element.is_displayed()) != len(names):
        raise StepFailed("a phone should show one day at a time")
    phone.screenshot("week-phone")

    # A swap started from the grid: a coworker's Friday shift, offered for one of anna's on a day the
    # coworker is free (and anna is free on Friday), proposed from the swap form the grid opened.
    tomorrow = (today + datetime.timedelta(days=1)).isoformat()
    mine = [shift for schedule_week in anna.fetch("GET", "/schedule?weeks=8")
            for shift in schedule_week["shifts"] if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow]
    later = anna.fetch("GET", f"/team-schedule?from={tomorrow}&to={(today + datetime.timedelta(days=55)).isoformat()}")
    anna_friday = any(shift["ownerId"] == anna_id for shift in on_friday)

    def swap_allowed(offered, wanted):
        # The server's own preview decides (positions and qualifications included: which pairs
        # qualify depends on the weekday the test runs on).
        return anna.fetch("GET", f"/shifts/{wanted['id']}/preview?action=swap&offeredShiftId={offered['id']}").get("allowed") is True

    pair = None if anna_friday else next(((offered, wanted) for wanted in on_friday for offered in mine
                                          if wanted["ownerId"] != anna_id and wanted["status"] == "scheduled" and not wanted.get("unassigned")
                                          and offered["date"] != wanted["date"]
                                          and not any(s["ownerId"] == wanted["ownerId"] and s["date"] == offered["date"] for s in later)
                                          and swap_allowed(offered, wanted)), None)
    if pair is None:
        wanted = next(shift for shift in on_friday if shift["ownerId"] != anna_id and shift["status"] == "scheduled" and not shift.get("unassigned"))
        offered = next(shift for shift in mine if shift["date"] != wanted["date"])
    else:
        offered, wanted = pair
    anna.click(f"{column} .grid-shift[data-shift-id='{wanted['id']}']", "anna opens a coworker's shift")
    anna.wait_for("dialog[open] [data-action=swap-from-grid]", "a coworker's shift offers a swap")
    anna.screenshot("week-shift-dialog")
    anna.click("dialog[open] [data-action=swap-from-grid]", "anna starts a swap from the grid")
    anna.wait_for("#view-swaps #swap-form", "the swap form should open")
    anna.wait(lambda: anna.visible("#swap-wanted").get_attribute("value") == str(wanted["id"]), 5,
              "the swap form should have the coworker's shift chosen")
    Select(anna.wait_for("#swap-offered", "the swap form")).select_by_value(str(offered["id"]))
    anna.wait(lambda: (anna.visible("#swap-form .swap-preview") or None) and anna.visible("#swap-form .swap-preview").text, 10,
              "the swap form should show the server's preview")
    if pair is not None:
        anna.click("#swap-form [data-action=propose-swap]", "anna proposes the swap")
        anna.wait(lambda: any(deal["kind"] == "swap" and any(leg["shift"]["id"] == wanted["id"] for leg in deal["legs"])
                              for deal in anna.fetch("GET", "/deals/mine")), 10, "the swap started from the grid should be proposed")
        anna.wait_for("section[aria-labelledby=mine-title] ul.list li", "the proposed swap should be listed under My deals")
    anna.screenshot("week-swap")

    # A manager: assigning a coworker's shift to anna on a day she works shows the rule before saving.
    annas_days = {shift["date"] for shift in later if shift["ownerId"] == anna_id}
    target = next((shift for shift in later if shift["ownerId"] != anna_id and shift["status"] == "scheduled"
                   and not shift.get("unassigned") and shift["date"] in annas_days and shift["date"] > tomorrow), None)
    if target is None:
        raise StepFailed("the demo data needs a coworker's shift on a day anna works")
    target_monday = datetime.date.fromisoformat(target["date"]) - datetime.timedelta(days=datetime.date.fromisoformat(target["date"]).weekday())
    maria.driver.execute_script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    maria.wait_for(f"#view-week .grid-shift[data-shift-id='{target['id']}']", "maria's grid should show the shift")
    maria.screenshot("week-manager")
    maria.click(f"#view-week .grid-shift[data-shift-id='{target['id']}']", "maria opens the shift")
    maria.click("dialog[open] [data-action=assign]", "maria chooses Assign")
    Select(maria.wait_for("dialog[open] select[name=assignee]", "the assignment offers the members")).select_by_value(str(anna_id))
    rule = maria.wait_for("dialog[open] .assign-panel .preview-conflict [data-code]", "the assignment should show the conflict before saving")
    if rule.get_attribute("data-code") not in ("one_shift_per_day", "overlapping_shift") or "Anna" not in rule.text:
        raise StepFailed(f"the conflict should name the rule and anna: {rule.get_attribute('data-code')} {rule.text!r}")
    if maria.visible("dialog[open] [data-action=confirm-assign]"):
        raise StepFailed("a conflicting assignment must not offer a plain Assign")
    maria.screenshot("week-assign-conflict")
    if maria.fetch("GET", f"/shifts/{target['id']}")["ownerId"] != target["ownerId"]:
        raise StepFailed("previewing an assignment must not change the shift")
    maria.click("dialog[open] [data-action=close-dialog]", "maria closes the dialog")

    # A new one-off shift for anna on a day she works: the conflict shows before saving, the plain
    # create is not offered, and the explicit override (with a reason) creates it; anna's grid shows
    # it without a reload.
    day = target["date"]
    open_week(anna)
    anna.driver.execute_script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    anna.wait_for(f"#view-week td[data-date='{day}']", "anna's grid should show that week")
    before = len(anna.css(f"#view-week tr[data-user-id='{anna_id}'] td[data-date='{day}'] .grid-shift"))
    maria.click(f"#view-week tr[data-user-id='{anna_id}'] td[data-date='{day}'] [data-action=add-shift]", "maria adds a shift for anna")
    start = maria.wait_for("dialog[open] input[name=startTime]", "the new-shift form")
    maria.driver.execute_script("arguments[0].value = '23:00'; arguments[0].dispatchEvent(new Event('change'));", start)
    end = maria.wait_for("dialog[open] input[name=endTime]", "the new-shift form")
    maria.driver.execute_script("arguments[0].value = '23:45'; arguments[0].dispatchEvent(new Event('change'));", end)
    maria.wait_for("dialog[open] .create-preview[data-checked='23:00-23:45']", "the new shift should be checked by the server")
    conflict = maria.wait_for("dialog[open] .preview-conflict [data-code]", "the new shift's conflict should show before saving")
    if maria.visible("dialog[open] [data-action=create-shift]"):
        raise StepFailed("a conflicting new shift must not offer a plain Create")
    maria.screenshot("week-create-conflict")
    if conflict.get_attribute("data-code") == "one_shift_per_day":
        maria.type("dialog[open] input[name=override-reason]", "e2e: anna closes up", "maria gives a reason")
        maria.click("dialog[open] [data-action=create-anyway]", "maria creates the shift anyway")
        maria.wait_gone("dialog[open]", "the dialog should close after creating")
        anna.wait(lambda: len(anna.css(f"#view-week tr[data-user-id='{anna_id}'] td[data-date='{day}'] .grid-shift")) == before + 1,
                  LIVE_DEADLINE, "anna's grid should show the new shift without a reload")
        anna.assert_not_reloaded("seeing the new shift on the grid")
    maria_phone = browsers.get("maria-week-phone") or Browser("maria-week-phone", server.base, workdir, width=390, height=844)
    browsers["maria-week-phone"] = maria_phone
    maria_phone.login("maria")
    maria_phone.driver.execute_script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    maria_phone.wait_for("#view-week .week-grid", "the manager's grid on a phone")
    maria_phone.screenshot("week-manager-phone")


def views_for(browser):
    """The view ids the page's registry offers the logged-in user, in nav order."""
    return browser.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        Promise.all([import('/views/index.js'), fetch('/api/v1/me', { credentials: 'same-origin' }).then((r) => r.json())])
          .then(([registry, me]) => done(registry.viewsFor(me.user.role).map((view) => view.id)))
          .catch((error) => done([]));
        """)


def step_pages(browsers, server, workdir):
    """Issue 17: the settings page, editing a member, the invite link and its QR code, the phone's
    tab bar, axe-core on every page, and every page at 390x844 and 1366x900."""
    maria, anna = browsers["maria"], browsers["anna"]

    # Settings: the marketplace switches, a limit with its severity, a break rule; a time-zone
    # change is explained before saving and nothing changes when the manager cancels.
    before = maria.fetch("GET", "/workplace")
    maria.go("settings")
    form = "#settings-form"
    maria.wait_for(f"{form} input[name=reminderMinutesBefore]", "the settings page should show the reminder minutes")
    reminder = maria.visible(f"{form} input[name=reminderMinutesBefore]")
    reminder.clear()
    reminder.send_keys("45")
    weekly = maria.visible(f"{form} input[name='maxWeeklyHours.limit']")
    weekly.clear()
    weekly.send_keys("48")
    maria.driver.execute_script("arguments[0].value = 'warn';", maria.visible(f"{form} select[name='maxWeeklyHours.severity']"))
    maria.driver.execute_script("arguments[0].value = 'warn';", maria.visible(f"{form} select[name=availabilityRule]"))
    maria.click(f"{form} [data-action=add-break-rule]", "maria adds a break rule")
    rule = maria.css(f"{form} .break-rule")[-1]
    rule.find_element(By.CSS_SELECTOR, "input[name=afterMinutes]").send_keys("360")
    rule.find_element(By.CSS_SELECTOR, "input[name=breakMinutes]").send_keys("30")
    zone = maria.visible(f"{form} input[name=timeZone]")
    zone.clear()
    zone.send_keys("America/New_York")
    note = maria.wait_for(f"{form} .zone-note", "typing another time zone should explain what it does")
    if "same local times" not in note.text:
        raise StepFailed(f"the time-zone note should explain the effect: {note.text}")
    maria.screenshot("settings-zone-note")
    maria.click(f"{form} button[type=submit]", "maria saves with another zone")
    dialog = maria.wait_for("dialog[open]", "a time-zone change should be confirmed first")
    if "America/New_York" not in dialog.text:
        raise StepFailed(f"the confirmation should name the new zone: {dialog.text}")
    maria.click("dialog[open] button[type=button]", "maria cancels the zone change")
    maria.wait_gone("dialog[open]", "the dialog should close")
    if maria.fetch("GET", "/workplace")["timeZone"] != before["timeZone"]:
        raise StepFailed("cancelling the zone change must not change the zone")
    zone.clear()
    zone.send_keys(before["timeZone"])
    maria.click(f"{form} button[type=submit]", "maria saves the settings")
    maria.wait(lambda: maria.fetch("GET", "/workplace")["settings"]["reminderMinutesBefore"] == 45, 10, "the reminder minutes should be saved")
    saved = maria.fetch("GET", "/workplace")["settings"]["hourLimits"]["maxWeeklyHours"]
    if saved != {"limit": 48, "severity": "warn"}:
        raise StepFailed(f"the weekly limit should be 48 hours, warn only: {saved}")
    if maria.fetch("GET", "/workplace")["settings"].get("availabilityRule") != "warn":
        raise StepFailed("the availability rule should be saved as warn only")
    if {"afterMinutes": 360, "breakMinutes": 30} not in maria.fetch("GET", "/timeclock/rules")["breakRules"]:
        raise StepFailed("the break rule should be saved")
    maria.screenshot("settings")

    # Team: edit a member's name, e-mail and first day of employment.
    emma_id = next(member["id"] for member in maria.fetch("GET", "/users") if member["username"] == "emma")
    maria.go("team")
    row = f"#view-team li.member[data-user-id='{emma_id}']"
    maria.click(f"{row} [data-action=manage-member]", "maria opens emma's settings")
    maria.wait(lambda: (maria.visible(f"{row} input[name=employmentStart]") or None)
               and maria.visible(f"{row} input[name=employmentStart]").get_attribute("value"), 10, "emma's employment start should load")
    name = maria.visible(f"{row} input[name=displayName]")
    name.clear()
    name.send_keys("Emma van Dijk")
    email = maria.visible(f"{row} input[name=email]")
    email.clear()
    email.send_keys("emma@example.org")
    maria.driver.execute_script("arguments[0].value = '2025-03-01';", maria.visible(f"{row} input[name=employmentStart]"))
    maria.click(f"{row} [data-action=save-member-details]", "maria saves emma's details")
    maria.wait(lambda: maria.fetch("GET", f"/users/{emma_id}")["displayName"] == "Emma van Dijk", 10, "emma's new name should be saved")
    if maria.fetch("GET", f"/users/{emma_id}")["email"] != "emma@example.org":
        raise StepFailed("emma's e-mail should be saved")
    if maria.fetch("GET", f"/users/{emma_id}/employment")["start"] != "2025-03-01":
        raise StepFailed("emma's employment start should be saved")
    maria.wait_for(f"{row} .row-title", "the list should show emma again")
    maria.screenshot("team-member-edited")

    # An invite as a link and a QR code: the code on screen decodes to the link, and the link opens
    # the join form filled in.
    maria.go("team")
    maria.click("#invite-form button[type=submit]", "maria makes an invite")
    link = maria.wait_for(".invite-link", "the invite should be shown as a link").text
    qr = maria.wait_for("svg.invite-qr", "the invite should be shown as a QR code")
    maria.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", qr)
    decoded = page_checks.decode_qr_png(qr.screenshot_as_png)
    if decoded != [link]:
        raise StepFailed(f"the QR code on screen should decode to the invite link {link!r}; zxing-cpp read {decoded!r}")
    maria.screenshot("team-invite-qr")
    cases = page_checks.qr_reference_cases()
    matrices = maria.driver.execute_async_script(
        """
        const [cases, done] = arguments;
        import('/qr.js').then((qr) => done(cases.map(([text, version, mask]) =>
          qr.encodeQR(text, { version, mask }).map((row) => row.map((on) => (on ? '1' : '0')).join('')))))
          .catch((error) => done(String(error)));
        """, cases)
    if not isinstance(matrices, list):
        raise StepFailed(f"qr.js failed: {matrices}")
    for (text, version, mask), matrix in zip(cases, matrices):
        if matrix != page_checks.qr_reference_matrix(text, version, mask):
            raise StepFailed(f"qr.js differs from segno for version {version}, mask {mask}")
        if page_checks.decode_qr_matrix(matrix) != [text]:
            raise StepFailed(f"zxing-cpp cannot read qr.js's version {version}, mask {mask}")
    guest = browsers["joiner"] = Browser("joiner", server.base, workdir, width=390, height=844)
    guest.driver.get(link)
    guest.wait_for("#signup-form input[name=displayName]", "the invite link should open the join form")
    code = maria.css(".code-box code.code")[0].text
    filled = guest.driver.execute_script("const f = document.getElementById('signup-form'); return [f.elements.workplace.value, f.elements.inviteCode.value];")
    if filled != ["demo", code]:
        raise StepFailed(f"the join form should be filled with the workplace and code: {filled}")
    guest.screenshot("join-from-invite-link-phone", check=False)

    # The phone: a bottom tab bar with the live state, exactly one h1, Requests with coworkers first.
    phone = browsers["tabs-phone"] = Browser("tabs-phone", server.base, workdir, width=390, height=844)
    phone.login("anna")
    phone.wait_for("#tabbar", "phones should show the bottom tab bar")
    phone.wait(lambda: (phone.visible("#tab-live") or None) and phone.visible("#tab-live").text == "Live", 10, "the tab bar should say the page is live")
    for view in ("week", "market", "requests", "schedule"):
        phone.click(f"#tabbar a[data-nav='{view}']", f"anna taps {view} in the tab bar")
        phone.wait_for(f"#view-{view}", f"the {view} view should open from the tab bar")
        phone.wait(lambda: phone.css(f"#tabbar a[data-nav='{view}'][aria-current=page]"), 5, f"the {view} tab should be marked current")
        shown = [h1.text for h1 in phone.css("h1") if h1.is_displayed()]
        if len(shown) != 1:
            raise StepFailed(f"the {view} page should show exactly one h1, not {shown}")
    phone.driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
    if not phone.visible("#tab-live"):
        raise StepFailed("the live state should stay visible when the page is scrolled")
    # A message never covers the last row: scrolled to the end, the view ends above the toast and the tab bar.
    covered = phone.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/ui.js').then(({ say }) => {
          say('A message on a phone', 'info');
          window.scrollTo(0, document.body.scrollHeight);
          requestAnimationFrame(() => {
            const rows = document.querySelectorAll('#view .row, #view li');
            const last = rows[rows.length - 1];
            const message = document.getElementById('message').getBoundingClientRect();
            const tabbar = document.getElementById('tabbar').getBoundingClientRect();
            done(last ? [last.getBoundingClientRect().bottom, message.top, tabbar.top] : null);
          });
        });
        """)
    if covered is None or covered[0] > covered[1] or covered[1] > covered[2]:
        raise StepFailed(f"the message or the tab bar covers the last row (row bottom, message top, tab bar top): {covered}")
    phone.click("#tabbar a[data-nav='requests']", "anna opens Requests")
    phone.wait_for("#view-requests #other-requests-title", "Requests should list what coworkers ask")
    order = phone.driver.execute_script(
        "const s = document.getElementById('view-requests'); const o = s.querySelector('#other-requests-title'); const a = s.querySelector('#ask-details');"
        " return [Boolean(o.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING), a.open];")
    if order != [True, False]:
        raise StepFailed(f"Requests should show coworkers first and the date picker folded: {order}")
    phone.screenshot("requests-phone")
    phone.click("#tab-more", "anna opens More")
    phone.click("#nav a[data-nav='notifications']", "anna picks Notifications from More")
    phone.wait_for("#view-notifications", "the notifications view should open from More")
    phone.screenshot("tabbar-more-phone")

    # Every page at both sizes: screenshots for people, axe-core for the serious and critical.
    findings = []
    guest.driver.delete_all_cookies()
    guest.open_page("/")
    guest.wait_for("#login-form", "the login page")
    # A failed login says why next to the form, not only in the toast at the bottom.
    guest.type("#login-form input[name=workplace]", "demo", "a wrong password")
    guest.type("#login-form input[name=username]", "anna", "a wrong password")
    guest.type("#login-form input[name=password]", "not her password", "a wrong password")
    guest.click("#login-form button[type=submit]", "log in with a wrong password")
    error = guest.wait_for("#login-form .form-error[role=alert]", "a failed login should say why next to the form")
    if not error.text.strip():
        raise StepFailed("the login error next to the form is empty")
    guest.screenshot("login-error-phone", check=False)
    findings += page_checks.axe_violations(guest.driver, "login (phone)")
    guest.open_page("/kiosk.html")
    guest.wait(lambda: guest.visible("#kiosk-setup") or guest.visible("#kiosk-punch"), 15, "the kiosk page should load")
    findings += page_checks.axe_violations(guest.driver, "kiosk (phone)")
    guest.screenshot("pages-kiosk-phone", check=False)
    desktop = browsers["pages-desktop"] = Browser("pages-desktop", server.base, workdir, width=1366, height=900)
    desktop.open_page("/kiosk.html")
    desktop.wait(lambda: desktop.visible("#kiosk-setup") or desktop.visible("#kiosk-punch"), 15, "the kiosk page should load")
    desktop.screenshot("pages-kiosk-desktop", check=False)
    findings += page_checks.axe_violations(desktop.driver, "kiosk (desktop)")
    desktop.open_page("/")
    desktop.wait_for("#login-form", "the login page")
    desktop.screenshot("pages-login-desktop", check=False)
    findings += page_checks.axe_violations(desktop.driver, "login (desktop)")
    guest.open_page("/")
    guest.wait_for("#login-form", "the login page")
    guest.screenshot("pages-login-phone", check=False)
    phone_maria = browsers["pages-phone"] = Browser("pages-phone", server.base, workdir, width=390, height=844)
    for browser, size in ((desktop, "desktop"), (phone_maria, "phone")):
        browser.login("maria")
        for view in views_for(browser):
            browser.go(view)
            time.sleep(0.3)  # charts and previews fill in after the section renders
            browser.screenshot(f"pages-{view}-{size}")
            if view == "reports":
                # Chart labels must not collide, also on a phone (issue 17).
                overlaps = browser.driver.execute_script(
                    """
                    const found = [];
                    for (const group of document.querySelectorAll('#view-reports svg g')) {
                      const boxes = [...group.querySelectorAll(':scope > text.chart-label')].map((t) => [t.textContent, t.getBoundingClientRect()]);
                      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
                        const [a, p] = boxes[i]; const [b, q] = boxes[j];
                        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) found.push(`${a} / ${b}`);
                      }
                    }
                    return found;
                    """)
                if overlaps:
                    raise StepFailed(f"chart labels overlap at {size} size: {overlaps}")
            findings += page_checks.axe_violations(browser.driver, f"{view} ({size}, manager)")
    phone.go("schedule")
    for view in views_for(phone):
        phone.go(view)
        findings += page_checks.axe_violations(phone.driver, f"{view} (phone, employee)")
    if findings:
        raise StepFailed("axe-core found serious or critical accessibility problems:\n  " + "\n  ".join(findings))
def step_manager_dutch(browsers, server, workdir):
    """Issue 19: the manager pages in Dutch on a phone: headings, plural counts, month and weekday names
    by the language's locale, no catalogue key on screen and nothing wider than 390 px."""
    phone = browsers["maria-nl"] = Browser("maria-nl", server.base, workdir, width=390, height=844)
    phone.login("maria")
    switched = phone.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/i18n.js').then((i18n) => i18n.setLanguage('nl')).then(done, (error) => done(String(error)));")
    if switched != "nl":
        raise StepFailed(f"the page should switch to Dutch: {switched}")
    month = phone.driver.execute_script(
        "return new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: arguments[0] }).format(new Date());",
        phone.fetch("GET", "/me")["workplace"]["timeZone"])
    expectations = {
        "reports": ("Rapporten", f"Prikklokrapport, {month}"),
        "team": ("Team", "medewerkers."),
        "fixed-shifts": ("Vaste diensten", "maandag"),
        "settings": ("Instellingen", "Prikklok"),
        "timesheets": ("Urenstaten", "Iedereen goedkeuren"),
        "punches": ("Prikken", "Nu ingeklokt"),
        "closed-days": ("Sluitingsdagen", "Dag sluiten"),
        "kiosks": ("Kiosken", "Kiosk instellen"),
        "time-off-queue": ("Verlofaanvragen", "Goedgekeurd verlof"),
    }
    for view, (heading, words) in expectations.items():
        phone.go(view)
        phone.wait(lambda: words.lower() in phone.driver.find_element(By.ID, "view").text.lower(), 15,
                   f"the Dutch {view} page should say {words!r}")
        shown = phone.driver.execute_script(
            """
            const view = document.getElementById('view');
            const width = document.documentElement.clientWidth;
            const wide = [...view.querySelectorAll('*')].filter((element) => !element.closest('.table-scroll, .chart-frame')
              && element.getBoundingClientRect().right > width + 1).map((element) => element.tagName + ' ' + element.textContent.trim().slice(0, 30));
            return { heading: view.querySelector('h1')?.textContent ?? '', keys: view.innerText.match(/\\bmanage\\.[A-Za-z.]+/g) || [], wide: wide.slice(0, 5) };
            """)
        if shown["heading"] != heading:
            raise StepFailed(f"the Dutch {view} page should be headed {heading!r}: {shown['heading']!r}")
        if shown["keys"]:
            raise StepFailed(f"the Dutch {view} page shows catalogue keys instead of sentences: {shown['keys']}")
        if shown["wide"]:
            raise StepFailed(f"the Dutch {view} page is wider than the phone: {shown['wide']}")
        phone.screenshot(f"dutch-{view}-phone")
    phone.quit()
    del browsers["maria-nl"]


def step_time_off(anna, bram, maria, browsers, server, workdir):
    """Issue 16: bram asks for a day off, maria approves it live, bram's kitchen shift that day goes to
    the marketplace, where daan (qualified for the kitchen) sees it and anna (bar only) does not."""
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    kitchen = sorted((shift for week in bram.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
                      if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow
                      and shift.get("position") == "kitchen"), key=lambda shift: shift["date"])
    if not kitchen:
        raise StepFailed("the demo data needs a future kitchen shift of bram's")
    shift = kitchen[0]
    daan = browsers["daan"] = Browser("daan", server.base, workdir)
    daan.login("daan")
    daan.go("market")
    anna.go("market")
    maria.go("time-off-queue")
    bram.go("time-off")
    bram.driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];",
                               "#view-time-off input[name=firstDate]", shift["date"])
    bram.type("#view-time-off input[name=reason]", "Family wedding", "bram writes a reason")
    bram.click("#view-time-off [data-action=request-time-off]", "bram asks for the day off")
    pending = "#view-time-off li[data-time-off-id][data-status=pending]"
    bram.wait_for(pending, "bram's request should be listed as waiting")
    time_off_id = bram.attribute(pending, "data-time-off-id", "the request's id")
    bram.screenshot("time-off")
    queued = f"#view-time-off-queue .time-off-queue li[data-time-off-id='{time_off_id}']"
    maria.wait_for(queued, "maria should see bram's request in the time-off queue without a reload", timeout=LIVE_DEADLINE)
    maria.assert_not_reloaded("seeing the time-off request")
    maria.screenshot("time-off-queue")
    maria.type(f"{queued} input[name=note]", "Have fun!", "maria writes a note")
    maria.click(f"{queued} [data-action=approve-time-off]", "maria approves the time off")
    maria.wait_gone(queued, "the approved request should leave the queue")
    bram.wait_for(f"#view-time-off li[data-time-off-id='{time_off_id}'][data-status=approved]",
                  "bram should see the approval live", timeout=LIVE_DEADLINE)
    if "Have fun!" not in bram.visible(f"#view-time-off li[data-time-off-id='{time_off_id}']").text:
        raise StepFailed("bram should see maria's note on his approved time off")
    market_row = f"#view-market [data-shift-id='{shift['id']}']"
    daan.wait_for(f"{market_row} [data-action=pick-up]", "daan (kitchen) should see bram's released shift live", timeout=LIVE_DEADLINE)
    daan.assert_not_reloaded("seeing the released shift")
    daan.screenshot("market-time-off-released")
    # anna is not qualified for the kitchen: the shift stays out of her list, behind the toggle.
    anna.wait_for("#view-market [data-action=toggle-unqualified]", "anna should be offered the shifts she is not qualified for")
    if anna.css(market_row):
        raise StepFailed("anna (bar only) should not see bram's kitchen shift on her marketplace")
    anna.click("#view-market [data-action=toggle-unqualified]", "anna shows the other positions")
    anna.wait_for(f"{market_row} .badge.not-qualified", "the kitchen shift should be marked as not her position")
    if anna.css(f"{market_row} [data-action=pick-up]"):
        raise StepFailed("anna should not be offered the pick-up of a kitchen shift")
    anna.screenshot("market-not-qualified")
    anna.click("#view-market [data-action=toggle-unqualified]", "anna hides them again")
    # The team week marks bram's day off; bram keeps a recurring unavailable time.
    bram_id = bram.fetch("GET", "/me")["user"]["id"]
    maria.driver.execute_script("location.hash = arguments[0];", f"#/week?from={shift['date']}")
    maria.wait_for(f"#view-week td[data-date='{shift['date']}'][data-user-id='{bram_id}'] .grid-time-off",
                   "maria's team week should mark bram's day off", timeout=15)
    maria.screenshot("week-time-off")
    bram.go("availability")
    bram.click("#view-availability [data-action=add-availability]", "bram adds an unavailable time")
    bram.click("#view-availability [data-action=save-availability]", "bram saves his availability")
    bram.wait_for("#view-availability .availability-unavailable", "bram's availability should list the new time")
    def saved():
        mine = [member for member in bram.fetch("GET", "/availability") if member["userId"] == bram_id]
        return bool(mine) and len(mine[0]["entries"]) == 1
    bram.wait(saved, 10, "bram's availability should be saved", poll=0.3)
    bram.screenshot("availability")
    bram.fetch("PUT", f"/users/{bram_id}/availability", {"entries": []})
def step_fixed_shift_requests(browsers, server, workdir):
    """Issue 17: where only managers change fixed shifts, anna asks for a new one on her phone-sized
    page; maria sees the request live in her fixed-shift queue and approves it with a note; anna sees
    the approval, the fixed shift and its generated weeks on her schedule without a reload; then she
    asks to end it and withdraws that. Screenshots of both pages at 390x844 and 1366x900."""
    maria = browsers["fsr-maria"] = Browser("fsr-maria", server.base, workdir, width=1366, height=900)
    maria.login("maria")
    anna = browsers["fsr-anna"] = Browser("fsr-anna", server.base, workdir, width=1366, height=900)
    anna.login("anna")

    # The page follows the setting live: open while anna may change her own fixed shifts ("Save"),
    # then maria switches it off and the same page turns into the request flow without a reload.
    anna.go("my-fixed-shifts")
    anna.wait(lambda: anna.css("#my-fixed-shift-form button[type=submit]"), 10, "anna's page should offer to add a fixed shift")
    if anna.css("#view-my-fixed-shifts [data-notice=ask-manager]") or anna.css("#my-fixed-shift-form [data-action=ask-add-fixed-shift]"):
        raise StepFailed("with the setting on, anna should change her fixed shifts herself")
    maria.fetch("PATCH", "/workplace", {"settings": {"employeesManageFixedShifts": False}})
    anna.wait_for("#view-my-fixed-shifts [data-notice=ask-manager]", "anna's page should follow the setting live", timeout=LIVE_DEADLINE)
    anna.wait(lambda: anna.css("#my-fixed-shift-form [data-action=ask-add-fixed-shift]"), 10, "the form should now ask the manager")
    anna.assert_not_reloaded("following the workplace's setting")

    def both_sizes(browser, name, show=None):
        """A desktop screenshot, then the same page emulated at 390x844 (scrolled to `show`)."""
        scroll = "document.querySelector(arguments[0])?.scrollIntoView({block: 'center'});"
        if show:
            browser.driver.execute_script(scroll, show)
        browser.screenshot(f"{name}-desktop")
        browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
        try:
            time.sleep(0.3)
            if show:
                browser.driver.execute_script(scroll, show)
            browser.screenshot(f"{name}-phone")
        finally:
            browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    maria.go("fixed-shift-requests")
    anna.go("my-fixed-shifts")
    anna.wait_for("#view-my-fixed-shifts [data-notice=ask-manager]", "anna's page should say a manager approves fixed-shift changes")
    before = {shift["id"] for shift in anna.fetch("GET", "/fixed-shifts")}
    # A weekday the rules allow anna an early shift on every week (approving is checked like a save).
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    def free(weekday):
        preview = maria.fetch("POST", "/fixed-shifts/preview", {"ownerId": anna_id, "weekday": weekday, "startTime": "07:00", "durationMinutes": 240})
        return preview["allowed"] and not preview["rules"]
    weekday = next((day for day in ((datetime.date.today() + datetime.timedelta(days=n)).isoweekday() for n in range(3, 10)) if free(day)), None)
    if weekday is None:
        raise StepFailed("the demo should leave anna a weekday free for an early fixed shift")
    anna.click("#view-my-fixed-shifts details > summary", "anna opens the form to ask for a new fixed shift")
    form = "#my-fixed-shift-form"
    anna.driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} select[name=weekday]", str(weekday))
    anna.driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} input[name=startTime]", "07:00")
    anna.driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} input[name=hours]", "3")
    anna.type(f"{form} input[name=reason]", "I can open the shop that morning", "anna gives a reason")
    anna.click(f"{form} [data-action=ask-add-fixed-shift]", "anna asks her manager for the fixed shift")
    pending = "#my-fixed-shift-requests li[data-kind=add][data-status=pending]"
    anna.wait_for(pending, "anna's request should be listed as waiting")
    request_id = anna.attribute(pending, "data-request-id", "the request's id")
    both_sizes(anna, "fixed-shift-request-asked", pending)

    queued = f"#view-fixed-shift-requests .fixed-shift-queue li[data-request-id='{request_id}']"
    maria.wait_for(queued, "maria should see anna's fixed-shift request without a reload", timeout=LIVE_DEADLINE)
    maria.assert_not_reloaded("seeing the fixed-shift request")
    if "07:00" not in maria.visible(queued).text:
        raise StepFailed("maria's queue should say what anna asks for (07:00)")
    both_sizes(maria, "fixed-shift-queue")
    maria.type(f"{queued} input[name=note]", "Thanks for opening!", "maria writes a note")
    maria.click(f"{queued} [data-action=approve-fixed-shift-request]", "maria approves the fixed shift")
    maria.wait_gone(queued, "the approved request should leave the queue")

    approved = f"#my-fixed-shift-requests li[data-request-id='{request_id}'][data-status=approved]"
    anna.wait_for(approved, "anna should see the approval live", timeout=LIVE_DEADLINE)
    anna.assert_not_reloaded("seeing the approval")
    if "Thanks for opening!" not in anna.visible(approved).text:
        raise StepFailed("anna should see maria's note on her approved request")
    new_id = next((shift["id"] for shift in anna.fetch("GET", "/fixed-shifts") if shift["id"] not in before), None)
    if new_id is None:
        raise StepFailed("the approval should have created anna's fixed shift")
    anna.wait_for(f"#my-fixed-shift-list li[data-fixed-shift-id='{new_id}']", "anna's new fixed shift should be listed", timeout=LIVE_DEADLINE)
    both_sizes(anna, "fixed-shift-request-approved", "#my-fixed-shift-list")
    generated = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"] if shift.get("fixedShiftId") == new_id]
    if len(generated) != 8:
        raise StepFailed(f"the approved fixed shift should fill eight weeks of anna's schedule, found {len(generated)}")
    anna.go("schedule")
    first_generated = f"#view-schedule [data-shift-id='{generated[0]['id']}']"
    anna.wait_for(first_generated, "anna's schedule should show the generated shift")
    both_sizes(anna, "fixed-shift-request-schedule", first_generated)

    # A change: once approved, it still reads before → after (it read "07:00 → 07:00") in the toast,
    # "My requests" and the notifications, in English and in Dutch.
    anna.go("my-fixed-shifts")
    anna.click(f"#my-fixed-shift-list li[data-fixed-shift-id='{new_id}'] [data-action=edit-my-fixed-shift]", "anna opens the change form")
    edit_form = f"#my-fixed-shift-edit-{new_id}"
    anna.driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];", f"{edit_form} input[name=startTime]", "08:00")
    anna.click(f"{edit_form} [data-action=ask-change-fixed-shift]", "anna asks to start at 08:00 instead")
    changing = "#my-fixed-shift-requests li[data-kind=change][data-status=pending]"
    anna.wait_for(changing, "anna's change request should be listed as waiting")
    change_id = anna.attribute(changing, "data-request-id", "the change request's id")
    queued_change = f"#view-fixed-shift-requests .fixed-shift-queue li[data-request-id='{change_id}']"
    maria.wait_for(queued_change, "maria should see the change request live", timeout=LIVE_DEADLINE)
    maria.click(f"{queued_change} [data-action=approve-fixed-shift-request]", "maria approves the change (after its rule check)")
    maria.wait_gone(queued_change, "the approved change should leave the queue")

    def before_and_after(text):
        return "07:00" in text and "08:00" in text and text.index("07:00") < text.index("08:00")
    anna.wait(lambda: before_and_after(anna.driver.execute_script("return document.getElementById('message')?.innerText || '';")),
              LIVE_DEADLINE, "anna's toast should say the change from 07:00 to 08:00")
    changed = f"#my-fixed-shift-requests li[data-request-id='{change_id}'][data-status=approved]"
    anna.wait_for(changed, "anna should see the approved change live", timeout=LIVE_DEADLINE)
    if not before_and_after(anna.visible(changed).text):
        raise StepFailed(f"'My requests' should read before → after (07:00 → 08:00): {anna.visible(changed).text!r}")
    both_sizes(anna, "fixed-shift-change-approved", changed)
    anna.go("notifications")
    anna.wait(lambda: any(before_and_after(item.text) for item in anna.css("#view-notifications .notification-text")), 10,
              "anna's notifications should say the change from 07:00 to 08:00")
    switch_to_dutch(anna)
    anna.wait(lambda: any(before_and_after(item.text) and "wijzig" in item.text.lower() for item in anna.css("#view-notifications .notification-text")), 10,
              "the notification should read before → after in Dutch too")
    anna.screenshot("nl-fixed-shift-change-notification", check=False)
    anna.go("my-fixed-shifts")
    anna.wait_for(changed, "anna's Dutch page should list the approved change")
    if not before_and_after(anna.visible(changed).text):
        raise StepFailed(f"the Dutch 'My requests' should read before → after: {anna.visible(changed).text!r}")
    anna.screenshot("nl-fixed-shift-change-approved", check=False)
    anna.fetch("PUT", "/me/language", {"language": None})
    anna.driver.refresh()
    anna.wait_for("#view-my-fixed-shifts", "anna's page back in English", timeout=20)
    anna.wait_live()
    anna.driver.execute_script("window.__shiftyE2ESamePage = true;")

    # Asking to end it, then changing her mind.
    anna.go("my-fixed-shifts")
    anna.click(f"#my-fixed-shift-list li[data-fixed-shift-id='{new_id}'] [data-action=end-my-fixed-shift]", "anna asks to end it")
    anna.confirm_dialog("anna asks to end the fixed shift")
    ending = "#my-fixed-shift-requests li[data-kind=end][data-status=pending]"
    anna.wait_for(ending, "the end request should be listed as waiting")
    anna.click(f"{ending} [data-action=withdraw-fixed-shift-request]", "anna withdraws it")
    anna.confirm_dialog("anna withdraws the request")
    anna.wait_for("#my-fixed-shift-requests li[data-kind=end][data-status=withdrawn]", "the withdrawn request should say so")
    maria.wait(lambda: not maria.css("#view-fixed-shift-requests .fixed-shift-queue li"), LIVE_DEADLINE,
               "the withdrawn request should leave maria's queue live")

    # Back to the demo's state for the steps after this one.
    maria.fetch("DELETE", f"/fixed-shifts/{new_id}")
    maria.fetch("PATCH", "/workplace", {"settings": {"employeesManageFixedShifts": True}})


def step_week_manage(browsers, server, workdir):
    """Managing on the grid (issue 17): a third coworker's grid follows every change live (no polling);
    maria changes a shift's time through the preview, sees its history, makes it open, assigns the open
    shift and copies the week to the next one; anna manages her own fixed shifts."""
    from selenium.webdriver.support.ui import Select

    maria = browsers["maria-week"]
    chloe = browsers["chloe-week"] = Browser("chloe-week", server.base, workdir, width=1366, height=900)
    chloe.login("chloe")
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    today = datetime.date.fromisoformat(maria.driver.execute_script(
        "return new Intl.DateTimeFormat('en-CA', {timeZone: arguments[0]}).format(new Date());", maria.fetch("GET", "/me")["workplace"]["timeZone"]))
    # A week three weeks ahead, and a day in it on which someone (not chloe) is free that day and a week later.
    monday = today + datetime.timedelta(days=21 - today.weekday())
    sunday_next = monday + datetime.timedelta(days=13)
    shifts = maria.fetch("GET", f"/team-schedule?from={monday}&to={sunday_next}")
    busy = {(shift["ownerId"], shift["date"]) for shift in shifts}
    choice = next(((member, monday + datetime.timedelta(days=offset)) for offset in range(7) for name, member in sorted(members.items())
                   if name not in ("maria", "chloe") and member.get("active", True)
                   and (member["id"], (monday + datetime.timedelta(days=offset)).isoformat()) not in busy
                   and (member["id"], (monday + datetime.timedelta(days=offset + 7)).isoformat()) not in busy), None)
    if choice is None:
        raise StepFailed("the demo data needs someone free on a day three weeks ahead and a week later")
    owner, day = choice

    def open_week(browser, first_day):
        browser.driver.execute_script("location.hash = arguments[0];", f"#/week?from={first_day}")
        browser.wait_for(f"#view-week td[data-date='{first_day}']", "the team week should show that week")

    # Chloe (who takes part in none of this) watches the week; maria's new shift appears without a reload.
    open_week(chloe, monday)
    open_week(maria, monday)
    cell = f"#view-week tr[data-user-id='{owner['id']}'] td[data-date='{day}']"
    created = maria.fetch("POST", "/shifts", {"ownerId": owner["id"], "date": day.isoformat(), "startTime": "09:00", "durationMinutes": 240})
    shift_button = f"#view-week .grid-shift[data-shift-id='{created['id']}']"
    chloe.wait_for(shift_button, f"chloe's grid should show {owner['displayName']}'s new shift without a reload", timeout=LIVE_DEADLINE)
    chloe.assert_not_reloaded("seeing a coworker's new shift on the grid")
    chloe.screenshot("week-live-third-coworker")

    # Maria changes its time: the server's preview first, then Save; chloe sees the new time live.
    maria.click(shift_button, "maria opens the new shift")
    maria.click("dialog[open] [data-action=edit-shift]", "maria chooses to change its time")
    start = maria.wait_for("dialog[open] input[name=edit-start]", "the change form")
    maria.driver.execute_script("arguments[0].value = '22:00'; arguments[0].dispatchEvent(new Event('change'));", start)
    end = maria.wait_for("dialog[open] input[name=edit-end]", "the change form")
    maria.driver.execute_script("arguments[0].value = '04:00'; arguments[0].dispatchEvent(new Event('change'));", end)
    maria.wait_for("dialog[open] .edit-preview[data-checked='22:00-04:00'] [data-action=save-edit]", "the change should be checked by the server first")
    maria.screenshot("week-edit-shift")
    maria.click("dialog[open] [data-action=save-edit]", "maria saves the new time")
    maria.wait_gone("dialog[open]", "the dialog should close after saving")
    chloe.wait(lambda: "22:00–04:00 (+1)" in (chloe.visible(shift_button).text if chloe.visible(shift_button) else ""), LIVE_DEADLINE,
               "chloe's grid should show the overnight time as 22:00–04:00 (+1) without a reload")
    chloe.assert_not_reloaded("seeing a changed shift on the grid")

    # Its history on click.
    maria.click(shift_button, "maria opens the shift again")
    maria.click("dialog[open] .shift-history summary", "maria opens the shift's history")
    maria.wait(lambda: any("22:00" in entry.text for entry in maria.css("dialog[open] .history-entry")), 10,
               "the history should show the change of time")
    maria.screenshot("week-shift-history")

    # Make it an open shift, then assign the open shift to someone else (through the preview).
    maria.click("dialog[open] [data-action=unassign]", "maria makes it an open shift")
    maria.confirm_dialog("maria confirms the open shift")
    maria.wait(lambda: maria.fetch("GET", f"/shifts/{created['id']}").get("unassigned"), 10, "the shift should be open")
    maria.wait_for(f"{shift_button}[data-state=open]", "the grid should mark the open shift")
    # The first member free that day (and a week later) whom the rules let take it without an override.
    takers = [member for name, member in sorted(members.items()) if name not in ("maria", "chloe") and member["id"] != owner["id"]
              and member.get("active", True) and (member["id"], day.isoformat()) not in busy
              and (member["id"], (day + datetime.timedelta(days=7)).isoformat()) not in busy]
    taker = next((member for member in takers
                  if maria.fetch("GET", f"/shifts/{created['id']}/preview?action=assign&ownerId={member['id']}")["allowed"]), None)
    if taker is not None:
        maria.click(shift_button, "maria opens the open shift")
        maria.click("dialog[open] [data-action=assign]", "maria chooses Assign")
        Select(maria.wait_for("dialog[open] select[name=assignee]", "the assignment offers the members")).select_by_value(str(taker["id"]))
        maria.click("dialog[open] [data-action=confirm-assign]", f"maria assigns the open shift to {taker['displayName']}")
        maria.wait(lambda: maria.fetch("GET", f"/shifts/{created['id']}")["ownerId"] == taker["id"], 10, "the open shift should be assigned")
        chloe.wait_for(f"#view-week tr[data-user-id='{taker['id']}'] .grid-shift[data-shift-id='{created['id']}']", "chloe's grid should move the shift live", timeout=LIVE_DEADLINE)
        maria.wait_gone("dialog[open]", "the dialog should close after assigning")

    # Copy the week: the preview lists every one-off shift with its verdict, then the copies are made.
    maria.click("#view-week [data-action=copy-week]", "maria copies the week to the next one")
    maria.wait_for("dialog[open] .copy-summary", "the copy preview should list the week's one-off shifts")
    expected = maria.fetch("POST", "/shifts/copy-week/preview", {"from": monday.isoformat()})
    verdict = next(item["allowed"] for item in expected["items"] if item["source"]["id"] == created["id"])
    item = maria.wait_for(f"dialog[open] .copy-item[data-shift-id='{created['id']}']", "the copy preview should list the new shift")
    if item.get_attribute("data-allowed") != str(verdict).lower():
        raise StepFailed(f"the copy preview should show the server's verdict ({verdict}): {item.text!r}")
    if len(maria.css("dialog[open] .copy-item")) != len(expected["items"]):
        raise StepFailed("the copy preview should list every one-off shift of the week, refused ones included")
    maria.screenshot("week-copy-preview")
    if not expected["created"]:
        raise StepFailed(f"the demo week should have a copyable one-off shift: {expected}")
    maria.click("dialog[open] [data-action=confirm-copy-week]", "maria confirms the copy")
    maria.click("dialog[open] [data-action=show-next-week]", "maria shows next week")
    copies = [item for item in expected["items"] if item["allowed"]]
    first = copies[0]
    maria.wait(lambda: any(shift["date"] == first["date"] and shift["startTime"] == first["startTime"] and shift["ownerId"] == first["source"]["ownerId"]
                           and shift.get("fixedShiftId") is None
                           for shift in maria.fetch("GET", f"/team-schedule?from={first['date']}&to={first['date']}")), 10,
               "the copy should exist a week later")
    maria.wait_for(f"#view-week td[data-date='{first['date']}'] .grid-shift", "maria's grid should show next week with the copy")
    maria.screenshot("week-copied")

    # Anna manages her own fixed shifts (the workplace allows it by default).
    anna = browsers["anna-week"]
    anna.go("my-fixed-shifts")
    anna.wait_for("#view-my-fixed-shifts .fixed-shift, #view-my-fixed-shifts .empty", "anna's fixed shifts should list")
    if "null" in anna.visible("#view-my-fixed-shifts").text:
        raise StepFailed("the page should not print 'null'")
    anna.click("#view-my-fixed-shifts details > summary", "anna opens 'Add a fixed shift'")
    anna.wait_for("#view-my-fixed-shifts #my-fixed-shift-form button[type=submit]", "anna should be able to add her own fixed shift")
    anna.screenshot("my-fixed-shifts")


def live_connection_cap(server, browsers, workdir):
    """Issue 14: one member holds at most 32 live connections per instance (16 per login). Fill bram's
    with bearer WebSockets, then log him in once more: the page cannot read the refused handshake's
    429, asks GET /api/v1/live why, and says "Too many tabs"; once the others close it goes live."""
    import websocket

    def bearer_login():
        request = urllib.request.Request(
            f"{server.base}/api/v1/sessions", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"workplace": "demo", "username": "bram", "password": PASSWORD, "client": "bearer"}).encode())
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())["token"]

    url = server.base.replace("http://", "ws://") + "/api/v1/live?topics=marketplace"
    held, token, on_token = [], bearer_login(), 0
    try:
        while True:
            try:
                held.append(websocket.create_connection(url, header=[f"Authorization: Bearer {token}"], timeout=10))
                on_token += 1
            except websocket.WebSocketBadStatusException as error:
                if error.status_code != 429:
                    raise StepFailed(f"a live connection beyond the cap should get 429, not {error.status_code}") from None
                if on_token < 16:
                    break  # the member is full
                token, on_token = bearer_login(), 0  # this login is full: another one
            if len(held) > 40:
                raise StepFailed("bram could open more than 40 live connections: no per-member cap")
        request = urllib.request.Request(f"{server.base}/api/v1/live", headers={"Authorization": f"Bearer {token}"})
        try:
            urllib.request.urlopen(request, timeout=10)
            raise StepFailed("GET /api/v1/live should answer 429 while the member is at the cap")
        except urllib.error.HTTPError as error:
            problem = json.loads(error.read() or b"{}")
            if error.code != 429 or problem.get("code") != "too_many_live_connections":
                raise StepFailed(f"GET /api/v1/live at the cap answered {error.code} {problem}") from None
        tabs = browsers["tabs"] = Browser("tabs", server.base, workdir)
        tabs.open_page("/")
        tabs.wait_for("#login-form", "the login form should show")
        tabs.type("#login-form input[name=workplace]", "demo", "login")
        tabs.type("#login-form input[name=username]", "bram", "login")
        tabs.type("#login-form input[name=password]", PASSWORD, "login")
        tabs.click("#login-form button[type=submit]", "login")
        tabs.wait(lambda: tabs.css("#live-status[data-state=full]"), 20, "the page should say bram has too many live connections")
        title = tabs.attribute("#live-status", "title", "the live status should explain the refusal")
        banner = tabs.wait_for("#offline-banner", "a banner should explain the refusal").text
        if "too many" not in title.lower() or "too many" not in banner.lower():
            raise StepFailed(f"the page should explain the refusal; status title {title!r}, banner {banner!r}")
        tabs.wait(lambda: tabs.css("#view > section.view") and not tabs.css("#view [aria-busy=true]"), 20,
                  "the first view should render while the live stream is refused")
        tabs.screenshot("live-too-many-tabs")
    finally:
        for connection in held:
            connection.close()
    tabs.wait(lambda: tabs.css("#live-status[data-state=online]"), 45, "the page should go live once the other connections closed")
    tabs.wait_gone("#offline-banner", "the refusal banner should go once the page is live")


def check_feed(url, anna_lost):
    import icalendar

    with urllib.request.urlopen(url, timeout=10) as response:
        if not response.headers.get("Content-Type", "").startswith("text/calendar"):
            raise StepFailed(f"the calendar feed has Content-Type {response.headers.get('Content-Type')}")
        body = response.read()
    calendar = icalendar.Calendar.from_ical(body)
    events = {str(event["UID"]).split("@")[0]: event for event in calendar.walk("VEVENT")}
    lost = events.get(f"shift-{anna_lost}")
    if lost is None or str(lost["STATUS"]) != "CANCELLED":
        raise StepFailed(f"anna's feed should list the traded shift {anna_lost} as CANCELLED; events: {sorted(events)}")
    if not any(str(event["STATUS"]) == "CONFIRMED" for event in events.values()):
        raise StepFailed("anna's feed should list her remaining shifts as CONFIRMED")


def step_offline(browsers, server, workdir):
    """The installable app offline (issue 18): the service worker installs, Chromium goes offline
    (network conditions), a reload still shows My schedule (and then Team week) as the last known
    copy, marked offline and read-only; a change made elsewhere meanwhile appears once the browser is back online (the live
    stream resumes and the view reloads). Also: the manifest is linked and Account lists and revokes
    a device with notifications on."""
    anna = browsers["anna-offline"] = Browser("anna-offline", server.base, workdir, width=390, height=844)
    anna.login("anna")
    manifest = anna.driver.execute_script("return document.querySelector('link[rel=manifest]')?.href || null;")
    if not manifest or not manifest.endswith("/manifest.webmanifest"):
        raise StepFailed(f"[anna-offline] the page should link its web app manifest, found {manifest!r}")
    anna.wait(lambda: anna.driver.execute_script("return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);"), 20,
              "the service worker should install and control the page")
    # Loaded once through the worker, My schedule and who I am are saved for offline use.
    anna.driver.refresh()
    anna.wait(lambda: anna.css("#view-schedule") and not anna.css("#view-schedule[aria-busy=true]"), 20, "My schedule should load again")
    anna.wait_live()
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    mine = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
            if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow]
    if not mine:
        raise StepFailed("the demo data should give anna a future scheduled shift")
    target = mine[-1]["id"]
    row = f"#view-schedule [data-shift-id='{target}']"
    anna.wait_for(row, "anna's schedule should list her shift before going offline")
    anna.wait_for(f"{row} [data-action=supply]", "the shift should be offerable while online")
    # Team week seen once online (this week's grid is what opens first).
    anna.go("week")
    anna.wait_for("#view-week .week-grid", "the team week should render online")
    week_text = anna.visible("#view-week .week-grid").text
    anna.go("schedule")

    worker_sessions = offline_everywhere(anna)
    try:
        anna.driver.refresh()
        anna.wait(lambda: anna.css("body.offline-copy") and anna.visible(row), 20,
                  "offline, a reload should still show My schedule from the saved copy, marked offline")
        banner = anna.wait_for("#offline-copy-banner", "the offline copy should be explained").text
        if "read-only" not in banner:
            raise StepFailed(f"[anna-offline] the offline banner should say the copy is read-only: {banner!r}")
        anna.wait(lambda: anna.css("#live-status[data-state=offline]"), 10, "the live status should say offline")
        anna.screenshot("offline-schedule")
        anna.go("week")
        anna.wait(lambda: anna.visible("#view-week .week-grid") and anna.visible("#view-week .week-grid").text == week_text, 10,
                  "offline, Team week should show the last known grid")
        anna.screenshot("offline-week")
        anna.go("schedule")

        # Meanwhile anna offers that shift from another device (a bearer session over plain HTTP).
        request = urllib.request.Request(
            f"{server.base}/api/v1/sessions", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"workplace": "demo", "username": "anna", "password": PASSWORD, "client": "bearer"}).encode())
        with urllib.request.urlopen(request, timeout=10) as response:
            token = json.loads(response.read())["token"]
        supply = urllib.request.Request(f"{server.base}/api/v1/shifts/{target}/supply", method="POST",
                                        headers={"Authorization": f"Bearer {token}"}, data=b"")
        with urllib.request.urlopen(supply, timeout=10) as response:
            if response.status != 200:
                raise StepFailed(f"supplying the shift from the other device answered {response.status}")
        time.sleep(1)
        if anna.css(f"{row} [data-action=revoke]"):
            raise StepFailed("[anna-offline] the offline page cannot know about the change yet")
    finally:
        anna.driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        for session in worker_sessions:
            session.close()
    # Online again: the stream resumes, the offline marking goes and the view shows the change.
    anna.driver.execute_script("window.dispatchEvent(new Event('online'));")
    anna.wait_live()
    anna.wait(lambda: not anna.css("body.offline-copy"), 15, "back online, the page should leave the offline copy")
    anna.wait_for(f"{row} [data-action=revoke]", "back online, the shift offered from the other device should show as offered", timeout=15)
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
    anna.driver.execute_script("document.getElementById('push-devices').scrollIntoView();")
    anna.screenshot("account-notifications")
    anna.click(f"{device} [data-action=revoke-push-device]", "anna revokes the phone")
    anna.wait_gone(device, "the revoked device should leave the list")
    if anna.fetch("GET", "/push/subscriptions"):
        raise StepFailed("[anna-offline] the revoked device should be gone on the server too")


def step_lost_answer(browsers):
    """A change whose answer is lost (docs/idempotency.md): the page's fetch is made to lose the
    first answer after the server acted, as a dropped connection during a failover would. The page
    sends the change again with the same Idempotency-Key, says so meanwhile, and the server answers
    the stored first answer (Idempotent-Replayed) instead of acting twice."""
    anna = browsers["anna"]
    anna.go("schedule")
    anna.wait(lambda: anna.css("#view-schedule") and not anna.css("#view-schedule[aria-busy=true]"), 20, "My schedule should load")
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    mine = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
            if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow]
    if not mine:
        raise StepFailed("the demo data should give anna another future scheduled shift")
    row = f"#view-schedule [data-shift-id='{mine[0]['id']}']"
    anna.wait_for(f"{row} [data-action=supply]", "the shift should be offerable")
    anna.driver.execute_script(
        """
        const real = window.fetch.bind(window);
        window.__sent = [];
        window.fetch = async (url, options = {}) => {
          const response = await real(url, options);
          if ((options.method || 'GET') === 'GET') return response;
          window.__sent.push({ key: options.headers['Idempotency-Key'], replayed: response.headers.get('Idempotent-Replayed') });
          if (window.__sent.length === 1) throw new TypeError('Failed to fetch (the test lost this answer)');
          return response;
        };
        """)
    anna.click(f"{row} [data-action=supply]", "anna offers a shift while the answer gets lost")
    anna.wait_for("#retry-banner", "the page should say it sends the change again", timeout=5)
    anna.screenshot("retrying")
    anna.wait_for(f"{row} [data-action=revoke]", "the retried change should show as done", timeout=15)
    anna.wait_gone("#retry-banner", "the retry banner should go once the change is answered")
    sent = anna.driver.execute_script("return window.__sent;")
    if len(sent) != 2 or not sent[0]["key"] or sent[0]["key"] != sent[1]["key"]:
        raise StepFailed(f"[anna] the change should be sent twice with one Idempotency-Key: {sent!r}")
    if sent[0]["replayed"] is not None or sent[1]["replayed"] != "true":
        raise StepFailed(f"[anna] the second answer should be the stored first one (Idempotent-Replayed): {sent!r}")
    anna.driver.refresh()


def offline_everywhere(browser):
    """Chromium's network conditions set offline for the page (selenium) and for its service worker.

    Emulation applies per DevTools target, and the worker's fetches are its own target's: each gets
    the same `Network.emulateNetworkConditions` over its DevTools socket, which stays open (closing
    it ends the emulation). Returns those sockets; close them to be back online."""
    import websocket
    browser.driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    address = browser.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
        targets = [target for target in json.loads(response.read()) if target.get("type") == "service_worker"]
    if not targets:
        raise StepFailed(f"[{browser.name}] no service worker target to take offline")
    sessions = []
    for target in targets:
        session = websocket.create_connection(target["webSocketDebuggerUrl"], suppress_origin=True, timeout=10)
        for number, (method, params) in enumerate((
                ("Network.enable", {}),
                ("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})), 1):
            session.send(json.dumps({"id": number, "method": method, "params": params}))
            while json.loads(session.recv()).get("id") != number:
                pass
        sessions.append(session)
    return sessions


def step_account_language(browsers, server, workdir):
    """Issue 19: anna picks Nederlands in Account's language picker; the page redraws in Dutch
    without a reload (nav, the view, Rooster/Aangeboden/Gezocht), the account remembers the choice
    (GET /me), and "Workplace default" brings the workplace's English back."""
    anna = browsers["anna"]
    try:
        anna.fetch("GET", "/me")
    except StepFailed:
        anna.login("anna")
    anna.driver.execute_script("window.__shiftyE2ESamePage = true;")

    def choose(value):
        anna.go("account")
        anna.wait_for("#account-language", "Account should offer a language picker")
        anna.driver.execute_script(
            "const select = document.querySelector('#account-language'); select.value = arguments[0];"
            " select.dispatchEvent(new Event('change'));", value)

    def nav_text(view_id):
        return anna.driver.execute_script(
            "return document.querySelector(`[data-nav='${arguments[0]}']`)?.firstChild?.textContent || '';", view_id)

    choose("nl")
    anna.wait(lambda: anna.driver.execute_script("return document.documentElement.lang;") == "nl", 10, "choosing Nederlands should switch the page to Dutch")
    anna.wait(lambda: nav_text("schedule") == "Mijn rooster", 10, f"the nav should say Mijn rooster, not {nav_text('schedule')!r}")
    anna.wait(lambda: (anna.visible("#language-title") or None) and anna.visible("#language-title").text == "Taal / Language", 10,
              "the account view should be drawn again in Dutch")
    me = anna.fetch("GET", "/me")
    if me.get("language") != "nl" or me.get("languagePreference") != "nl":
        raise StepFailed(f"the account should remember Dutch: language {me.get('language')!r}, preference {me.get('languagePreference')!r}")
    for view_id, heading in (("schedule", "Mijn rooster"), ("market", "Aangeboden"), ("requests", "Gezocht")):
        anna.go(view_id)
        anna.wait(lambda: anna.visible(f"#view-{view_id} h1") and anna.visible(f"#view-{view_id} h1").text.startswith(heading), 10,
                  f"the {view_id} view should be headed {heading!r} in Dutch")
        anna.screenshot(f"nl-account-language-{view_id}")
    anna.assert_not_reloaded("switching the language")

    choose("")
    anna.wait(lambda: anna.driver.execute_script("return document.documentElement.lang;") == "en", 10, "Workplace default should bring English back")
    anna.wait(lambda: nav_text("schedule") == "My schedule", 10, "the nav should be English again")
    me = anna.fetch("GET", "/me")
    if me.get("languagePreference") is not None or me.get("language") != "en":
        raise StepFailed(f"following the workplace should clear the preference: {me.get('language')!r}, {me.get('languagePreference')!r}")


def run_once(binary, attempt):
    if os.path.isdir(SCREENSHOTS):
        for stale in os.listdir(SCREENSHOTS):
            if stale.startswith("failure-"):
                os.remove(os.path.join(SCREENSHOTS, stale))
    workdir = tempfile.mkdtemp(prefix="shifty-e2e-")
    os.chmod(workdir, 0o755)  # the embedded cluster runs as the postgres user when we are root
    server = DemoServer(binary, workdir)
    timings = {}
    started = time.monotonic()
    try:
        server.start()
        scenario(server, workdir, timings)
        check_plain_login_page(server.binary, workdir)
    except StepFailed as failure:
        print(f"FAIL (run {attempt}): {failure}", file=sys.stderr)
        print(f"Screenshots: {SCREENSHOTS}\n--- server log (tail) ---\n{server.tail()}", file=sys.stderr)
        return False
    except WebDriverException as failure:
        print(f"FAIL (run {attempt}): the browser failed: {failure.msg or failure}\n{traceback.format_exc(limit=-3)}", file=sys.stderr)
        print(f"--- server log (tail) ---\n{server.tail()}", file=sys.stderr)
        return False
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    summary = ", ".join(f"{name} {value:.2f}" for name, value in timings.items())
    print(f"ok (run {attempt}, {time.monotonic() - started:.1f} s): {summary}")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="the shifty executable (default .build/debug/shifty)")
    parser.add_argument("--repeat", type=int, default=1, help="run the whole scenario this many times")
    arguments = parser.parse_args()
    binary = find_binary(arguments.binary)
    results = [run_once(binary, attempt) for attempt in range(1, arguments.repeat + 1)]
    print(f"browser end-to-end: {results.count(True)} of {len(results)} runs passed; screenshots in {os.path.relpath(SCREENSHOTS, ROOT)}/")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()

