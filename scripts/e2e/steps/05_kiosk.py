"""Issue 7, step 3: maria turns a browser into a kiosk ("Front desk") and anna checks in there with
her username and password. Making the browser a kiosk ended maria's session in it: once maria
revokes the kiosk, it asks a manager to log in instead of offering maria's set-up, and the main page
is logged out."""

from flows import KIOSK_PUNCHERS
from harness import LOAD, PASSWORD, StepFailed

NEEDS = ("maria",)
LEAVES = ()


def run(s):
    maria = s.browser("maria")
    member = KIOSK_PUNCHERS["kiosk"]
    kiosk = s.open("kiosk", (1024, 768))
    kiosk.login("maria")
    kiosk.open_page("/kiosk.html")
    kiosk.wait_for("#setup-form", "the kiosk page should offer the manager to set it up", timeout=LOAD)
    kiosk.type("#setup-form input[name=name]", "Front desk", "name the kiosk")
    kiosk.click("#setup-form button[type=submit]", "set up the kiosk")
    kiosk.wait_for("#punch-form", "the kiosk should show the punch form", timeout=LOAD)
    kiosk.screenshot("kiosk")
    kiosk.type("#kiosk-username", member, f"{member} types her username")
    kiosk.click("input[name=mode][value=password]", "choose password")
    kiosk.type("#kiosk-password", PASSWORD, f"{member} types her password")
    kiosk.click("#punch-button", "punch")
    kiosk.wait_for("#kiosk-result", "the kiosk should confirm the punch")
    kiosk.wait_text("#result-title", lambda text: member.capitalize() in text, f"the kiosk confirmation should name {member.capitalize()}")
    kiosk.screenshot("kiosk-result")

    kiosk_id = next(item["id"] for item in maria.fetch("GET", "/kiosks") if item["name"] == "Front desk" and not item["revoked"])
    maria.fetch("DELETE", f"/kiosks/{kiosk_id}")
    kiosk.open_page("/kiosk.html")
    kiosk.wait_for("#setup-login", "a revoked kiosk should ask a manager to log in, not offer the setup as maria", timeout=LOAD)
    if kiosk.visible("#setup-form"):
        raise StepFailed("the revoked kiosk still offers to set itself up with maria's session")
    kiosk.screenshot("kiosk-revoked")
    kiosk.open_page("/")
    kiosk.wait_for("#login-form", "the kiosk browser should not be signed in as maria any more", timeout=LOAD)
