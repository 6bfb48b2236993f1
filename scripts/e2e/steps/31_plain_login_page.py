"""A second server without --demo and --allow-signup: once its login page has applied what the
server offers (GET /login-page), it shows neither the demo logins nor the form to create a
workplace, on a phone and on a desktop."""

import os

from harness import LOAD, PHONE, StepFailed, start_server

NEEDS = ()
LEAVES = ()

# showLoginOptions (web/app.js) has run: it shows exactly one of the two "forgot password" answers.
_OPTIONS_APPLIED = "return !document.getElementById('forgot-off').hidden || !document.getElementById('forgot-form').hidden;"


def run(s):
    server = start_server(s.binary, os.path.join(s.workdir, "plain"), demo=False)
    try:
        for name, size in (("plain-phone", PHONE), ("plain-desktop", (1280, 900))):
            browser = s.open(name, size, base=server.base)
            browser.open_page("/")
            browser.wait_for("#login-form", "the login form should show", timeout=LOAD)
            browser.wait(lambda: browser.script(_OPTIONS_APPLIED), LOAD, "the login page should apply what the server offers")
            if browser.visible("#demo-hint"):
                raise StepFailed(f"[{name}] the login page shows the demo password on a server without --demo")
            if browser.visible("#create-workplace"):
                raise StepFailed(f"[{name}] the login page offers 'Create a new workplace' without --allow-signup")
            browser.screenshot(f"login-{name}")
    finally:
        server.stop()
