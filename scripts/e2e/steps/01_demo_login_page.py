"""A guest on a phone sees the demo server's login page: --demo (which also allows signup) offers
the demo logins and "Create a new workplace"."""

from harness import LOAD, PHONE

NEEDS = ()
LEAVES = ()


def run(s):
    guest = s.open("guest", PHONE)
    guest.open_page("/")
    guest.wait_for("#login-form", "the login form should show", timeout=LOAD)
    guest.wait_for("#demo-hint", "the demo server's login page should show the demo logins")
    guest.wait_for("#create-workplace", "the demo server allows signup, so the page should offer it")
    guest.screenshot("login-phone")
