"""Issue 7, step 3b: the same from the Kiosks page on a tablet: maria makes this browser a kiosk
("Back door"); the page says she is signed out here and drops her menus, and the main page is
logged out. The tablet stays a live kiosk for steps 14 and 15."""

from harness import LOAD, PHONE, WAIT

NEEDS = ()
LEAVES = ("tablet",)


def run(s):
    tablet = s.open("tablet", PHONE)
    tablet.login("maria")
    tablet.go("kiosks")
    tablet.type("#kiosk-form input[name=name]", "Back door", "name the kiosk")
    tablet.click("#kiosk-form [data-action=create-kiosk]", "make this browser a kiosk")
    tablet.wait_for("[data-action=open-kiosk]", "the page should offer the check-in page")
    tablet.wait(lambda: not tablet.visible("#notifications-button") and "signed out" in tablet.text("#view"),
                WAIT, "the page should say maria is signed out in this browser and drop her menus")
    tablet.screenshot("kiosk-made-phone")
    tablet.open_page("/")
    tablet.wait_for("#login-form", "after becoming a kiosk the browser should not be signed in as maria", timeout=LOAD)
