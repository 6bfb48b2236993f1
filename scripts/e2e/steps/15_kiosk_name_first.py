"""Wrong PINs typed alone use up the kiosk's PIN-only budget (docs/throttles.md): the kiosk answers
429 kiosk_pin_only_paused after at most 10, then asks for the name first; the name-first screen
passes axe-core (its tiles were white on white once), and sara's tile with the PIN she had already
typed still punches.

Builds on 14: the tablet kiosk shows bram's result, or has gone back to its start screen by itself."""

import json

from selenium.common.exceptions import WebDriverException

from flows import KIOSK_PUNCHERS, give_pin, on_shift_now, user_id
from harness import WAIT, StepFailed

NEEDS = ("tablet", "maria")
LEAVES = ()


def run(s):
    tablet, maria = s.browser("tablet"), s.browser("maria")
    member = KIOSK_PUNCHERS["kiosk-name-first"]
    name = member.capitalize()
    member_id = user_id(maria, member)
    pin = give_pin(maria, member_id, ("480213", "480214", "480215"))
    # Her name tile shows only while she is on shift (two hours either side): put her on one now.
    on_shift_now(maria, member_id)

    def back_to_start():
        """Taps Done on the result screen; the kiosk also goes back by itself after a few seconds."""
        if tablet.visible("#punch-form"):
            return True
        done = tablet.visible("#result-done")
        if done is not None:
            try:
                done.click()
            except WebDriverException:
                pass  # gone back meanwhile: the next look finds the punch form
        return False
    tablet.wait(back_to_start, WAIT, "the kiosk should go back to its start screen")

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
    tablet.type("#kiosk-pin", pin, f"{member} types only her PIN")
    tablet.click("#punch-button", f"{member} punches with her PIN alone")
    tablet.wait_text("#kiosk-error", lambda text: "name first" in text, f"the kiosk should ask {member} to tap her name first")
    tablet.wait(lambda: tablet.script("return document.body.classList.contains('kiosk-name-first');"), WAIT,
                "the kiosk should switch to name first")
    tablet.screenshot("kiosk-name-first")
    # The tiles are the way in now: readable (they were white on white: the page's button colour).
    tile = f".kiosk-tile[data-username={member}]"
    tablet.wait_for(tile, f"{member}'s name tile should show")
    unreadable = tablet.axe("kiosk, name first")
    if unreadable:
        raise StepFailed("the kiosk's name-first screen has accessibility violations: " + "; ".join(unreadable))
    if tablet.visible(tile):
        tablet.click(tile, f"{member} taps her name")
    else:
        tablet.type("#kiosk-username", member, f"{member} types her username")
    if tablet.value_of("#kiosk-pin", "value") != pin:
        raise StepFailed(f"the PIN {member} typed should stay after the kiosk asked for her name")
    tablet.click("#punch-button", f"{member} punches with her name and PIN")
    tablet.wait_text("#result-title", lambda text: name in text, f"the kiosk should greet {name} after a named punch while PIN-only is paused")
    tablet.screenshot("kiosk-name-first-result")
