"""Closing a day: maria closes the last day anna is scheduled; before anything is deleted the
confirmation names anna's shift and says she is notified; then the closed day is listed."""

from flows import scheduled_shifts
from harness import StepFailed

NEEDS = ("anna", "maria")
LEAVES = ()


def run(s):
    anna, maria = s.browser("anna"), s.browser("maria")
    anna_dates = sorted(shift["date"] for shift in scheduled_shifts(anna) if shift["status"] == "scheduled")
    closing = anna_dates[-1]
    maria.go("closed-days")
    maria.script("const input = document.querySelector('#closed-day-form input[name=date]'); input.value = arguments[0];", closing)
    maria.type("#closed-day-form input[name=name]", "Renovation", "maria names the closed day")
    maria.click("#closed-day-form button[type=submit]", "maria closes the day")
    dialog = maria.wait_for("dialog[open]", "closing a day should first show who is affected")
    if "Anna" not in dialog.text or "notified" not in dialog.text:
        raise StepFailed(f"the closing confirmation should name anna's shift and say she is notified: {dialog.text}")
    maria.screenshot("closed-day-confirm", check=False)
    maria.confirm_dialog("maria confirms closing the day")
    maria.wait_for(f"#view-closed-days li.closed-day[data-date='{closing}']", "the closed day should be listed")
