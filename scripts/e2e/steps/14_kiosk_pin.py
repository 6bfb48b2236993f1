"""Issue 15: bram checks in at the tablet kiosk (step 06) with his PIN alone, and the kiosk says how
the punch compares with his shift. The kiosk stays on its result screen for step 15.

Builds on 06: the tablet is a live kiosk ("Back door"); the first kiosk was revoked in step 05."""

from flows import KIOSK_PUNCHERS, give_pin, user_id
from harness import LOAD

NEEDS = ("tablet", "maria")
LEAVES = ()


def run(s):
    tablet, maria = s.browser("tablet"), s.browser("maria")
    member = KIOSK_PUNCHERS["kiosk-pin"]
    pin = give_pin(maria, user_id(maria, member), ("739154", "739155", "739156"))
    tablet.open_page("/kiosk.html")
    tablet.wait_for("#punch-form", "the kiosk should show the punch form again", timeout=LOAD)
    tablet.type("#kiosk-pin", pin, f"{member} types only his PIN")
    tablet.click("#punch-button", f"{member} punches with his PIN alone")
    tablet.wait_text("#result-title", lambda text: member.capitalize() in text, f"the kiosk should greet {member.capitalize()} after a PIN-only punch")
    tablet.wait_for("#result-timing", "the kiosk should say how the punch compares with a shift")
    tablet.screenshot("kiosk-pin-result")
