"""Issue 17: managing on the grid. chloe (a third coworker who takes part in none of it) watches a
week three weeks ahead and her grid follows every change live: maria's new shift, its new overnight
time after the server's preview (22:00–04:00 (+1)), and the open shift maria assigns to someone
else (maria's changes on the grid are drafts: each reaches chloe when maria publishes the week). maria sees the shift's history, makes it open, assigns it through the preview and copies the
week to the next one (the preview lists every one-off shift with the server's verdict). anna
manages her own fixed shifts (the workplace allows it by default).

Builds on 10: maria's and anna's desktop browsers on the team week."""

import datetime

from selenium.webdriver.support.ui import Select

from flows import publish_week, workplace_today
from harness import DESKTOP, LIVE, LOAD, WAIT, StepFailed

NEEDS = ("maria-week", "anna-week")
LEAVES = ()


def run(s):
    maria = s.browser("maria-week")
    chloe = s.open("chloe-week", DESKTOP)
    chloe.login("chloe")
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    today = workplace_today(maria)
    # A week three weeks ahead, and a day in it on which someone (not chloe) is free that day and a week later.
    monday = today + datetime.timedelta(days=21 - today.weekday())
    sunday_next = monday + datetime.timedelta(days=13)
    shifts = maria.fetch("GET", f"/team-schedule?from={monday}&to={sunday_next}")
    busy = {(shift["ownerId"], shift["date"]) for shift in shifts}
    choice = next(((member, monday + datetime.timedelta(days=offset)) for offset in range(7) for name, member in sorted(members.items())
                   if name not in ("maria", "chloe") and member.get("active", True)
                   and (member["id"], (monday + datetime.timedelta(days=offset)).isoformat()) not in busy
                   and (member["id"], (monday + datetime.timedelta(days=offset + 7)).isoformat()) not in busy), None)
    if choice is None:
        raise StepFailed("the demo data needs someone free on a day three weeks ahead and a week later")
    owner, day = choice

    def open_week(browser, first_day):
        browser.script("location.hash = arguments[0];", f"#/week?from={first_day}")
        browser.wait_for(f"#view-week td[data-date='{first_day}']", "the team week should show that week", timeout=LOAD)

    # Chloe watches the week; maria's new shift appears without a reload.
    open_week(chloe, monday)
    open_week(maria, monday)
    created = maria.fetch("POST", "/shifts", {"ownerId": owner["id"], "date": day.isoformat(), "startTime": "09:00", "durationMinutes": 240})
    shift_button = f"#view-week .grid-shift[data-shift-id='{created['id']}']"
    chloe.wait_for(shift_button, f"chloe's grid should show {owner['displayName']}'s new shift without a reload", timeout=LIVE)
    chloe.assert_not_reloaded("seeing a coworker's new shift on the grid")
    chloe.screenshot("week-live-third-coworker")

    # Maria changes its time: the server's preview first, then Save; chloe sees the new time live.
    maria.click(shift_button, "maria opens the new shift")
    maria.click("dialog[open] [data-action=edit-shift]", "maria chooses to change its time")
    start = maria.wait_for("dialog[open] input[name=edit-start]", "the change form")
    maria.script("arguments[0].value = '22:00'; arguments[0].dispatchEvent(new Event('change'));", start)
    end = maria.wait_for("dialog[open] input[name=edit-end]", "the change form")
    maria.script("arguments[0].value = '04:00'; arguments[0].dispatchEvent(new Event('change'));", end)
    maria.wait_for("dialog[open] .edit-preview[data-checked='22:00-04:00'] [data-action=save-edit]", "the change should be checked by the server first")
    maria.screenshot("week-edit-shift")
    maria.click("dialog[open] [data-action=save-edit]", "maria saves the new time")
    maria.wait_gone("dialog[open]", "the dialog should close after saving")
    # A change on the grid is a draft: the others see it once maria publishes the week.
    publish_week(maria, "the new time")
    chloe.wait(lambda: "22:00–04:00 (+1)" in chloe.text(shift_button), LIVE,
               "chloe's grid should show the overnight time as 22:00–04:00 (+1) without a reload")
    chloe.assert_not_reloaded("seeing a changed shift on the grid")

    # Its history on click.
    maria.click(shift_button, "maria opens the shift again")
    maria.click("dialog[open] .shift-history summary", "maria opens the shift's history")
    maria.wait(lambda: any("22:00" in entry.text for entry in maria.css("dialog[open] .history-entry")), WAIT,
               "the history should show the change of time")
    maria.screenshot("week-shift-history")

    # Make it an open shift, then assign the open shift to someone else (through the preview).
    maria.click("dialog[open] [data-action=unassign]", "maria makes it an open shift")
    maria.confirm_dialog("maria confirms the open shift")
    publish_week(maria, "the open shift")
    maria.wait(lambda: maria.fetch("GET", f"/shifts/{created['id']}").get("unassigned"), WAIT, "the shift should be open", poll=0.3)
    maria.wait_for(f"{shift_button}[data-state=open]", "the grid should mark the open shift")
    # The first member free that day (and a week later) whom the rules let take it without an override.
    takers = [member for name, member in sorted(members.items()) if name not in ("maria", "chloe") and member["id"] != owner["id"]
              and member.get("active", True) and (member["id"], day.isoformat()) not in busy
              and (member["id"], (day + datetime.timedelta(days=7)).isoformat()) not in busy]
    taker = next((member for member in takers
                  if maria.fetch("GET", f"/shifts/{created['id']}/preview?action=assign&ownerId={member['id']}")["allowed"]), None)
    if taker is not None:
        maria.click(shift_button, "maria opens the open shift")
        maria.click("dialog[open] [data-action=assign]", "maria chooses Assign")
        Select(maria.wait_for("dialog[open] select[name=assignee]", "the assignment offers the members")).select_by_value(str(taker["id"]))
        maria.click("dialog[open] [data-action=confirm-assign]", f"maria assigns the open shift to {taker['displayName']}")
        maria.wait_gone("dialog[open]", "the dialog should close after assigning")
        publish_week(maria, "the assignment")
        maria.wait(lambda: maria.fetch("GET", f"/shifts/{created['id']}")["ownerId"] == taker["id"], WAIT, "the open shift should be assigned", poll=0.3)
        chloe.wait_for(f"#view-week tr[data-user-id='{taker['id']}'] .grid-shift[data-shift-id='{created['id']}']", "chloe's grid should move the shift live", timeout=LIVE)

    # Copy the week: the preview lists every one-off shift with its verdict, then the copies are
    # made as drafts of next week (on maria's plan, not yet on anyone's schedule).
    maria.click("#view-week [data-action=copy-week]", "maria copies the week to the next one")
    maria.wait_for("dialog[open] .copy-summary", "the copy preview should list the week's one-off shifts")
    expected = maria.fetch("POST", "/shifts/copy-week/preview", {"from": monday.isoformat(), "draft": True})
    verdict = next(item["allowed"] for item in expected["items"] if item["source"]["id"] == created["id"])
    item = maria.wait_for(f"dialog[open] .copy-item[data-shift-id='{created['id']}']", "the copy preview should list the new shift")
    if item.get_attribute("data-allowed") != str(verdict).lower():
        raise StepFailed(f"the copy preview should show the server's verdict ({verdict}): {item.text!r}")
    if len(maria.css("dialog[open] .copy-item")) != len(expected["items"]):
        raise StepFailed("the copy preview should list every one-off shift of the week, refused ones included")
    maria.screenshot("week-copy-preview")
    if not expected["created"]:
        raise StepFailed(f"the demo week should have a copyable one-off shift: {expected}")
    maria.click("dialog[open] [data-action=confirm-copy-week]", "maria confirms the copy")
    maria.click("dialog[open] [data-action=show-next-week]", "maria shows next week")
    copies = [item for item in expected["items"] if item["allowed"]]
    first = copies[0]
    maria.wait(lambda: any(shift["date"] == first["date"] and shift["startTime"] == first["startTime"] and shift["ownerId"] == first["source"]["ownerId"]
                           and shift.get("fixedShiftId") is None
                           for shift in maria.fetch("GET", f"/plan?from={first['date']}&to={first['date']}")["shifts"]), WAIT,
               "the copy should be drafted a week later", poll=0.3)
    if any(shift["date"] == first["date"] and shift["startTime"] == first["startTime"] and shift["ownerId"] == first["source"]["ownerId"]
           and shift.get("fixedShiftId") is None
           for shift in chloe.fetch("GET", f"/team-schedule?from={first['date']}&to={first['date']}")):
        raise StepFailed("a copy is a draft: nobody else sees it before it is published")
    maria.wait_for(f"#view-week td[data-date='{first['date']}'] .grid-shift[data-draft=new]", "maria's grid should show next week with the copy as a draft")
    maria.screenshot("week-copied")

    # Anna manages her own fixed shifts (the workplace allows it by default).
    anna = s.browser("anna-week")
    anna.go("my-fixed-shifts")
    anna.wait_for("#view-my-fixed-shifts .fixed-shift, #view-my-fixed-shifts .empty", "anna's fixed shifts should list")
    if "null" in anna.text("#view-my-fixed-shifts"):
        raise StepFailed("the page should not print 'null'")
    anna.click("#view-my-fixed-shifts details > summary", "anna opens 'Add a fixed shift'")
    anna.wait_for("#view-my-fixed-shifts #my-fixed-shift-form button[type=submit]", "anna should be able to add her own fixed shift")
    anna.screenshot("my-fixed-shifts")
