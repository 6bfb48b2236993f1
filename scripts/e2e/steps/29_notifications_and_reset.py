"""Issue 18: anna chooses e-mail for offered shifts on Account (the page says e-mail is off on this
server) and the choice is saved; maria makes a reset link for bram on Team; a fresh phone browser
opens it, sets a new password and is logged in as bram; the same link then says it has been used."""

from harness import LOAD, PHONE, WAIT, StepFailed

NEEDS = ("anna", "maria")
LEAVES = ()


def run(s):
    anna, maria = s.browser("anna"), s.browser("maria")
    anna.go("account")
    anna.wait_for("#notification-preferences", "Account should have a Notifications section")
    anna.wait_for("#notification-preferences [data-note=channels]", "the page should say e-mail is off without --smtp-url")
    anna.click("#notification-preferences-form tr[data-kind=offer] input[name='offer.email']", "anna wants offers by e-mail")
    anna.click("#notification-preferences-form button[type=submit]", "anna saves her notification settings")
    anna.wait(lambda: "saved" in (anna.script("return document.getElementById('message')?.textContent || ''") or ""), WAIT, "saving should be confirmed")
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

    guest = s.open("reset-guest", PHONE)
    guest.open_page(path)
    guest.wait_for("#reset-form", "the reset page should show its form", timeout=LOAD)
    guest.screenshot("reset-page")
    guest.type("#reset-form input[name=newPassword]", "bram's new secret", "new password")
    guest.type("#reset-form input[name=repeatPassword]", "bram's new secret", "new password again")
    guest.click("#reset-form button[type=submit]", "bram sets his new password")
    guest.wait(lambda: guest.css("#view > section.view") and not guest.visible("#reset-view"), LOAD, "the reset link should log Bram in")
    me = guest.fetch("GET", "/me")
    if me["user"]["username"] != "bram":
        raise StepFailed(f"the reset link logged in {me['user']['username']}")
    other = s.open("reset-again", PHONE)
    other.open_page(path)
    other.wait_for("#reset-invalid", "a used link should say so", timeout=LOAD)
    other.screenshot("reset-used")
