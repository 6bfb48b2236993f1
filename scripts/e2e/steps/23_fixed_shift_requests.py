"""Issue 17 (docs/fixed-shift-requests.md): anna's My fixed shifts follows the workplace's setting
live: while employees may change their own fixed shifts she saves them herself; when maria switches
that off the same page turns into the request flow without a reload. anna then asks for a new fixed
shift; maria sees the request live in her queue and approves it with a note; anna sees the approval,
the fixed shift and its eight generated weeks on her schedule without a reload. A change, once
approved, reads before → after (07:00 → 08:00) in the toast, My requests and the notifications, in
English and in Dutch. Asked to end it, anna withdraws that and it leaves maria's queue live. Both
pages photographed at 1366x900 and 390x844.

Leaves the demo's state: the new fixed shift deleted, the setting back on, anna back in English."""

import datetime

from flows import switch_to_dutch
from harness import DESKTOP, LIVE, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()


def both_sizes(browser, name, show=None):
    """A desktop screenshot, then the same page at 390x844 (scrolled to `show`), then back."""
    scroll = "document.querySelector(arguments[0])?.scrollIntoView({block: 'center'});"
    if show:
        browser.script(scroll, show)
    browser.screenshot(f"{name}-desktop")
    try:
        browser.set_size(PHONE)
        if show:
            browser.script(scroll, show)
        browser.screenshot(f"{name}-phone")
    finally:
        browser.clear_size()


def run(s):
    maria = s.open("fsr-maria", DESKTOP)
    maria.login("maria")
    anna = s.open("fsr-anna", DESKTOP)
    anna.login("anna")

    # The page follows the setting live: open while anna may change her own fixed shifts ("Save"),
    # then maria switches it off and the same page turns into the request flow without a reload.
    anna.go("my-fixed-shifts")
    anna.wait(lambda: anna.css("#my-fixed-shift-form button[type=submit]"), WAIT, "anna's page should offer to add a fixed shift")
    if anna.css("#view-my-fixed-shifts [data-notice=ask-manager]") or anna.css("#my-fixed-shift-form [data-action=ask-add-fixed-shift]"):
        raise StepFailed("with the setting on, anna should change her fixed shifts herself")
    maria.fetch("PATCH", "/workplace", {"settings": {"employeesManageFixedShifts": False}})
    anna.wait_for("#view-my-fixed-shifts [data-notice=ask-manager]", "anna's page should follow the setting live", timeout=LIVE)
    anna.wait(lambda: anna.css("#my-fixed-shift-form [data-action=ask-add-fixed-shift]"), WAIT, "the form should now ask the manager")
    anna.assert_not_reloaded("following the workplace's setting")

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
    anna.script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} select[name=weekday]", str(weekday))
    anna.script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} input[name=startTime]", "07:00")
    anna.script("document.querySelector(arguments[0]).value = arguments[1];", f"{form} input[name=hours]", "3")
    anna.type(f"{form} input[name=reason]", "I can open the shop that morning", "anna gives a reason")
    anna.click(f"{form} [data-action=ask-add-fixed-shift]", "anna asks her manager for the fixed shift")
    pending = "#my-fixed-shift-requests li[data-kind=add][data-status=pending]"
    anna.wait_for(pending, "anna's request should be listed as waiting")
    request_id = anna.attribute(pending, "data-request-id", "the request's id")
    both_sizes(anna, "fixed-shift-request-asked", pending)

    queued = f"#view-fixed-shift-requests .fixed-shift-queue li[data-request-id='{request_id}']"
    maria.wait_for(queued, "maria should see anna's fixed-shift request without a reload", timeout=LIVE)
    maria.assert_not_reloaded("seeing the fixed-shift request")
    if "07:00" not in maria.text(queued):
        raise StepFailed("maria's queue should say what anna asks for (07:00)")
    both_sizes(maria, "fixed-shift-queue")
    maria.type(f"{queued} input[name=note]", "Thanks for opening!", "maria writes a note")
    maria.click(f"{queued} [data-action=approve-fixed-shift-request]", "maria approves the fixed shift")
    maria.wait_gone(queued, "the approved request should leave the queue")

    approved = f"#my-fixed-shift-requests li[data-request-id='{request_id}'][data-status=approved]"
    anna.wait_for(approved, "anna should see the approval live", timeout=LIVE)
    anna.assert_not_reloaded("seeing the approval")
    if "Thanks for opening!" not in anna.text(approved):
        raise StepFailed("anna should see maria's note on her approved request")
    new_id = next((shift["id"] for shift in anna.fetch("GET", "/fixed-shifts") if shift["id"] not in before), None)
    if new_id is None:
        raise StepFailed("the approval should have created anna's fixed shift")
    anna.wait_for(f"#my-fixed-shift-list li[data-fixed-shift-id='{new_id}']", "anna's new fixed shift should be listed", timeout=LIVE)
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
    anna.script("document.querySelector(arguments[0]).value = arguments[1];", f"{edit_form} input[name=startTime]", "08:00")
    anna.click(f"{edit_form} [data-action=ask-change-fixed-shift]", "anna asks to start at 08:00 instead")
    changing = "#my-fixed-shift-requests li[data-kind=change][data-status=pending]"
    anna.wait_for(changing, "anna's change request should be listed as waiting")
    change_id = anna.attribute(changing, "data-request-id", "the change request's id")
    queued_change = f"#view-fixed-shift-requests .fixed-shift-queue li[data-request-id='{change_id}']"
    maria.wait_for(queued_change, "maria should see the change request live", timeout=LIVE)
    maria.click(f"{queued_change} [data-action=approve-fixed-shift-request]", "maria approves the change (after its rule check)")
    maria.wait_gone(queued_change, "the approved change should leave the queue")

    def before_and_after(text):
        return "07:00" in text and "08:00" in text and text.index("07:00") < text.index("08:00")
    anna.wait(lambda: before_and_after(anna.script("return document.getElementById('message')?.innerText || '';")),
              LIVE, "anna's toast should say the change from 07:00 to 08:00")
    changed = f"#my-fixed-shift-requests li[data-request-id='{change_id}'][data-status=approved]"
    anna.wait_for(changed, "anna should see the approved change live", timeout=LIVE)
    if not before_and_after(anna.text(changed)):
        raise StepFailed(f"'My requests' should read before → after (07:00 → 08:00): {anna.text(changed)!r}")
    both_sizes(anna, "fixed-shift-change-approved", changed)
    anna.go("notifications")
    anna.wait(lambda: any(before_and_after(item.text) for item in anna.css("#view-notifications .notification-text")), WAIT,
              "anna's notifications should say the change from 07:00 to 08:00")
    switch_to_dutch(anna)
    anna.wait(lambda: any(before_and_after(item.text) and "wijzig" in item.text.lower() for item in anna.css("#view-notifications .notification-text")), WAIT,
              "the notification should read before → after in Dutch too")
    anna.screenshot("nl-fixed-shift-change-notification", check=False)
    anna.go("my-fixed-shifts")
    anna.wait_for(changed, "anna's Dutch page should list the approved change")
    if not before_and_after(anna.text(changed)):
        raise StepFailed(f"the Dutch 'My requests' should read before → after: {anna.text(changed)!r}")
    anna.screenshot("nl-fixed-shift-change-approved", check=False)
    anna.fetch("PUT", "/me/language", {"language": None})
    anna.driver.refresh()
    anna.wait_for("#view-my-fixed-shifts", "anna's page back in English", timeout=LOAD)
    anna.wait_live()
    anna.mark_same_page()

    # Asking to end it, then changing her mind.
    anna.go("my-fixed-shifts")
    anna.click(f"#my-fixed-shift-list li[data-fixed-shift-id='{new_id}'] [data-action=end-my-fixed-shift]", "anna asks to end it")
    anna.confirm_dialog("anna asks to end the fixed shift")
    ending = "#my-fixed-shift-requests li[data-kind=end][data-status=pending]"
    anna.wait_for(ending, "the end request should be listed as waiting")
    anna.click(f"{ending} [data-action=withdraw-fixed-shift-request]", "anna withdraws it")
    anna.confirm_dialog("anna withdraws the request")
    anna.wait_for("#my-fixed-shift-requests li[data-kind=end][data-status=withdrawn]", "the withdrawn request should say so")
    maria.wait(lambda: not maria.css("#view-fixed-shift-requests .fixed-shift-queue li"), LIVE,
               "the withdrawn request should leave maria's queue live")

    # Back to the demo's state for the steps after this one.
    maria.fetch("DELETE", f"/fixed-shifts/{new_id}")
    maria.fetch("PATCH", "/workplace", {"settings": {"employeesManageFixedShifts": True}})
