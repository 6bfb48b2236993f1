"""What every step of the browser test stands on: the server under test, one Chromium per person,
waits, the page's own actions (log in, open a view, call the API as the page), screenshots, and the
scenario that carries browsers and facts from one step to the next.

Waiting: nothing here sleeps for a fixed time. Every wait polls a condition (an element, a text,
a JavaScript expression, an API answer) with a generous timeout that only matters when the
condition never comes; the suite must pass on a loaded machine, so no step asserts how long
something took (live latencies are measured and printed, not judged).
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import time
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

# Timeouts (seconds). They bound how long a step waits for something that never comes; a condition
# that holds ends the wait at once, so they are generous: the machine may be busy building.
WAIT = 30          # an element, a text or a saved change
LIVE = 30          # a change made elsewhere reaching a page over the live stream (no reload)
LOAD = 90          # a full page load, a login, a kiosk set-up, a service worker
SERVER_START = 300  # `shifty serve` with a fresh embedded cluster
SCRIPT = 180       # one asynchronous script in the page (axe-core on a big page)

PHONE = (390, 844)
DESKTOP = (1366, 900)


class StepFailed(Exception):
    """A step of the scenario did not happen; the message says what was expected."""


def poll_until(condition, timeout, message, interval=0.25):
    """Calls `condition` until it answers something truthy (and returns that); StepFailed after
    `timeout` seconds. For conditions outside a browser (the server's readiness, an API)."""
    deadline = time.monotonic() + timeout
    while True:
        answer = condition()
        if answer:
            return answer
        if time.monotonic() >= deadline:
            raise StepFailed(f"{message} (waited {timeout:g} s)")
        time.sleep(interval)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def find_binary(path):
    for candidate in ([path] if path else []) + [os.path.join(ROOT, ".build", "debug", "shifty")]:
        if candidate and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    raise SystemExit(f"error: no shifty binary at {path or '.build/debug/shifty'}: build it with `swift build --product shifty`")


# ---------------------------------------------------------------------------------------------
# The server


class DemoServer:
    """`shifty serve [--demo]` on a free port with its own embedded cluster in a temporary folder,
    serving this checkout's web/ and sql/ (not those of the binary's checkout)."""

    def __init__(self, binary, workdir, demo=True):
        self.binary = binary
        self.workdir = workdir
        self.demo = demo
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data_dir = os.path.join(workdir, "pg")
        self.log_path = os.path.join(workdir, "server.log")
        self.process = None
        self.log = None

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

        def ready():
            if self.process.poll() is not None:
                raise StepFailed(f"the server exited with status {self.process.returncode} while starting:\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"{self.base}/readyz", timeout=5) as response:
                    return response.status == 200
            except OSError:
                return False
        try:
            poll_until(ready, SERVER_START, "the server should answer /readyz")
        except StepFailed as failure:
            raise StepFailed(f"{failure}:\n{self.tail()}") from None

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
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        # The embedded cluster stops with the server; make sure of it so no postmaster outlives us.
        if os.path.exists(os.path.join(self.data_dir, "postmaster.pid")):
            pg_ctl = next((p for p in ("/usr/lib/postgresql/15/bin/pg_ctl", shutil.which("pg_ctl") or "") if p and os.path.exists(p)), None)
            if pg_ctl:
                command = [pg_ctl, "stop", "-m", "immediate", "-D", self.data_dir]
                if os.geteuid() == 0:
                    command = ["runuser", "-u", "postgres", "--"] + command
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        if self.log:
            self.log.close()
            self.log = None


def start_server(binary, workdir, demo=True):
    """A started DemoServer; another process may take the free port between probing and binding
    it, so a start that finds it in use tries another port."""
    for attempt in range(3):
        server = DemoServer(binary, workdir if attempt == 0 else os.path.join(workdir, f"retry-{attempt}"), demo=demo)
        os.makedirs(server.workdir, exist_ok=True)
        os.chmod(server.workdir, 0o755)  # the embedded cluster runs as the postgres user when we are root
        try:
            server.start()
            return server
        except StepFailed as failure:
            server.stop()
            if "already in use" not in str(failure) or attempt == 2:
                raise


# ---------------------------------------------------------------------------------------------
# One person's browser

# Counts the page's fetches still waiting for their body and every change to the document, so a
# step can wait until the page has drawn what it asked the server for (`Browser.settle`).
_INSTALL_QUIET = """
if (!window.__e2eQuiet) {
  const quiet = window.__e2eQuiet = { pending: 0, changes: 0 };
  const real = window.fetch;
  window.fetch = function (...args) {
    quiet.pending += 1;
    let finished = false;
    const finish = () => { if (!finished) { finished = true; setTimeout(() => { quiet.pending -= 1; }, 0); } };
    return real.apply(this, args).then((response) => {
      response.clone().arrayBuffer().then(finish, finish);
      return response;
    }, (error) => { finish(); throw error; });
  };
  new MutationObserver((records) => { quiet.changes += records.length; })
    .observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
}
"""

# True when no fetch is open and the document did not change across two drawn frames.
_SETTLED = """
const done = arguments[arguments.length - 1];
const quiet = window.__e2eQuiet;
if (!quiet) { done('not installed'); return; }
if (quiet.pending > 0) { done(false); return; }
const changes = quiet.changes;
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(quiet.pending === 0 && quiet.changes === changes), 0)));
"""


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
        self.driver.set_script_timeout(SCRIPT)
        if width < 500:
            # Chromium's windows are at least 500 px wide: a phone's width needs the device emulation.
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.console = []

    # ------------------------------------------------------------------ waiting and acting

    def wait(self, condition, timeout, message, poll=0.05):
        """Polls `condition` until it is truthy and returns its answer. Live updates re-render lists,
        so an element found a moment ago may be gone: such stale references just mean "look again"."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=poll,
                                 ignored_exceptions=[StaleElementReferenceException]).until(lambda driver: condition())
        except TimeoutException:
            raise StepFailed(f"[{self.name}] {message} (waited {timeout:g} s)") from None

    def css(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector):
        return next((element for element in self.css(selector) if element.is_displayed()), None)

    def text(self, selector):
        """The text of the first visible `selector`, "" when there is none."""
        return self._fresh(lambda: (lambda element: element.text if element is not None else "")(self.visible(selector)))

    def _fresh(self, read):
        """`read()` again when a live re-render replaced the element between finding and reading it."""
        for _ in range(4):
            try:
                return read()
            except StaleElementReferenceException:
                continue
        return read()

    def value_of(self, selector, name):
        """An attribute of the first visible `selector` now (None when there is none); no waiting."""
        return self._fresh(lambda: (lambda element: element.get_attribute(name) if element is not None else None)(self.visible(selector)))

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def wait_for(self, selector, message, timeout=WAIT):
        return self.wait(lambda: self.visible(selector), timeout, f"{message}: no visible {selector}")

    def wait_gone(self, selector, message, timeout=WAIT):
        self.wait(lambda: not self.visible(selector), timeout, f"{message}: {selector} is still shown")

    def wait_text(self, selector, predicate, message, timeout=WAIT):
        """Waits until the visible `selector`'s text satisfies `predicate`; returns the text."""
        def check():
            text = self.text(selector)
            return text if text and predicate(text) else None
        try:
            return self.wait(check, timeout, message)
        except StepFailed as failure:
            raise StepFailed(f"{failure}; {selector} reads {self.text(selector)!r}") from None

    def click(self, selector, message, timeout=WAIT):
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

    def type(self, selector, text, message, timeout=WAIT):
        def attempt():
            element = self.visible(selector)
            if element is None:
                return False
            element.send_keys(text)
            return True
        self.wait(attempt, timeout, f"{message}: no visible {selector} to type into")

    def attribute(self, selector, name, message, timeout=WAIT):
        return self.wait(lambda: self.value_of(selector, name), timeout, f"{message}: no visible {selector} with {name}")

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
        self.wait_for("#login-form", "the login form should show when logged out", timeout=LOAD)
        self.type("#login-form input[name=workplace]", workplace, "login")
        self.type("#login-form input[name=username]", username, "login")
        self.type("#login-form input[name=password]", PASSWORD, "login")
        self.click("#login-form button[type=submit]", "login")
        # The nav (with #logout) hides behind a menu button on phones: wait for the first view instead.
        self.wait(lambda: self.css("#view > section.view") and not self.visible("#login-form"), LOAD, f"{username} should be logged in")
        self.wait_live()
        self.mark_same_page()

    def mark_same_page(self):
        """A marker that only survives while the document is never reloaded: "live" means no reload."""
        self.driver.execute_script("window.__shiftyE2ESamePage = true;")

    def assert_not_reloaded(self, what):
        if not self.driver.execute_script("return window.__shiftyE2ESamePage === true;"):
            raise StepFailed(f"[{self.name}] {what} needed a page reload")

    def wait_live(self):
        self.wait(lambda: self.css("#live-status[data-state=online]"), LOAD, "the live stream should be online")

    def go(self, view_id):
        """Navigates inside the page (hash router: no reload) and waits for the view's section."""
        self.driver.execute_script(_INSTALL_QUIET)
        self.driver.execute_script("location.hash = arguments[0];", f"#/{view_id}")
        self.wait_for(f"#view-{view_id}", f"the {view_id} view should render", timeout=LOAD)
        self.wait(lambda: not self.css(f"#view-{view_id}[aria-busy=true]"), LOAD, f"the {view_id} view should finish loading")

    def settle(self, what, timeout=LOAD):
        """Waits until the page has drawn what it asked the server for: no fetch of the page open
        and no change to the document across two frames (charts and previews fill in after a
        view's section renders). The counters come with `go`; a page loaded since starts them now."""
        def settled():
            answer = self.driver.execute_async_script(_SETTLED)
            if answer == "not installed":
                self.driver.execute_script(_INSTALL_QUIET)
                return False
            return answer is True
        self.wait(settled, timeout, f"{what}: the page should stop loading and changing", poll=0.1)

    def set_size(self, size):
        """Emulates a `(width, height)` screen and waits until the page has laid itself out for it."""
        width, height = size
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.wait(lambda: self.driver.execute_script("return window.innerWidth;") == width, WAIT, f"the page should be {width} px wide")
        self.settle(f"the page at {width}x{height}")

    def clear_size(self):
        """Back to the window's own size (undoes `set_size`)."""
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.settle("the page back at the window's size")

    def axe(self, page):
        """axe-core's serious and critical findings on the page as it is now (page_checks.py)."""
        return page_checks.axe_violations(self.driver, page)

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

    def failure_snapshot(self):
        """After a failed step: failure-<name>.png and the page's text beside it (what a message said)."""
        try:
            self.screenshot(f"failure-{self.name}", check=False)
            text = self.driver.execute_script("return document.body ? document.body.innerText : '';") or ""
            with open(os.path.join(SCREENSHOTS, f"failure-{self.name}.txt"), "w", encoding="utf-8") as out:
                out.write(f"{self.driver.current_url}\n\n{text}\n")
        except (WebDriverException, OSError):
            pass

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
# The scenario: what one step leaves for the next


class Scenario:
    """The server, the open browsers and the facts the steps hand on, in order.

    A step module declares `NEEDS` (names of browsers and facts an earlier step left) and `LEAVES`
    (the ones it hands on). The runner checks the order before it starts, gives a step only what it
    declared, and closes every browser no later step needs, so at most a handful of Chromiums run."""

    def __init__(self, binary, server, workdir):
        self.binary = binary
        self.server = server
        self.workdir = workdir
        self.browsers = {}
        self.facts = {}
        self.timings = {}
        self.console_problems = []
        self.step = None
        self.allowed = set()

    def begin(self, step, needs):
        self.step = step
        self.allowed = set(needs)
        missing = [name for name in needs if name not in self.browsers and name not in self.facts]
        if missing:
            raise StepFailed(f"{step} needs {missing}, which no earlier step left")

    def _check(self, name):
        if name not in self.allowed:
            raise StepFailed(f"{self.step} uses {name!r} without declaring it in NEEDS")

    def open(self, name, size=(1280, 900), base=None):
        """A fresh browser for this step (kept for later steps only if the step LEAVES it), on the
        scenario's server unless `base` names another."""
        if name in self.browsers:
            raise StepFailed(f"{self.step}: a browser named {name!r} is already open")
        browser = self.browsers[name] = Browser(name, base or self.server.base, self.workdir, width=size[0], height=size[1])
        self.allowed.add(name)
        return browser

    def browser(self, name):
        self._check(name)
        if name not in self.browsers:
            raise StepFailed(f"{self.step}: the browser {name!r} is not open")
        return self.browsers[name]

    def fact(self, name):
        self._check(name)
        return self.facts[name]

    def leave(self, name, value):
        """A fact for later steps (declared in the step's LEAVES)."""
        self.facts[name] = value
        self.allowed.add(name)

    def close(self, name):
        browser = self.browsers.pop(name, None)
        if browser is not None:
            browser.quit()
            self.console_problems += [f"[{name}] {entry.get('message', '')}" for entry in browser.console
                                      if "Content Security Policy" in entry.get("message", "") or "Uncaught" in entry.get("message", "")]

    def close_all_but(self, keep):
        for name in [name for name in self.browsers if name not in keep]:
            self.close(name)
