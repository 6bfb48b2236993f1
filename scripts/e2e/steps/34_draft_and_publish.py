"""Drafts and publishing: maria's changes on the team week are drafts until she publishes them.
She adds a shift for an employee next week from an empty cell: the grid marks it "Draft" (dashed,
with the word), the sticky bar counts one more unpublished change, and the employee's own week
(GET /team-schedule) does not show it. Review and publish lists the employee by name with the
added shift; Publish sends the preview's revision, the bar goes away and the employee's week shows
the shift without a reload. On a phone the bar sits above the bottom tab bar
(plan-draft-desktop.png, plan-review-desktop.png, plan-draft-phone.png, plan-review-phone.png,
plan-published-employee.png)."""

import datetime

from flows import open_week, workplace_today
from harness import DESKTOP, LIVE, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()

# Demo employees who can log in with the demo password (the first one free on a day next week is used).
EMPLOYEES = ("chloe", "bram", "anna", "finn", "dewi", "emre")


def unpublished(maria, monday, sunday):
    return maria.fetch("GET", f"/plan?from={monday}&to={sunday}")["unpublishedChanges"]


def run(s):
    maria = s.open("maria-plan", DESKTOP)
    maria.login("maria")
    today = workplace_today(maria)
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    days = [monday + datetime.timedelta(days=offset) for offset in range(7)]

    # An employee with no shift (planned or published) on a weekday next week whom the rules let
    # work 10:00-14:00 then (the server's own preview decides: a pending deal counts too).
    plan = maria.fetch("GET", f"/plan?from={monday}&to={sunday}")
    busy = {(shift["ownerId"], shift["date"]) for shift in plan["shifts"]}
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    candidates = [(members[name], day) for day in days[:5] for name in EMPLOYEES
                  if name in members and members[name].get("active", True) and members[name].get("role") != "manager"
                  and (members[name]["id"], day.isoformat()) not in busy]

    def allowed(candidate):
        member, date = candidate
        return maria.fetch("POST", "/plan/changes/preview", {"op": "create", "ownerId": member["id"], "date": date.isoformat(),
                                                             "startTime": "10:00", "durationMinutes": 240})["allowed"]
    choice = next((candidate for candidate in candidates if allowed(candidate)), None)
    if choice is None:
        raise StepFailed(f"the demo data needs an employee free on a weekday next week: {sorted(busy)}")
    employee, day = choice
    before = plan["unpublishedChanges"]
    cell = f"#view-week tr[data-user-id='{employee['id']}'] td[data-date='{day}']"

    # The employee watches her own week: the published one.
    worker = s.open("plan-employee", DESKTOP)
    worker.login(employee["username"])
    open_week(worker, monday)
    if worker.css(f"{cell} .grid-shift"):
        raise StepFailed(f"{employee['username']} should have no shift on {day} yet")

    # maria adds a shift from the empty cell: previewed against the plan, saved as a draft.
    open_week(maria, monday)
    maria.click(f"{cell} [data-action=add-shift]", f"maria adds a shift for {employee['displayName']}")
    # (The dialog may be drawn again while it is open, when a live change reloads the week: set each
    # field in one go by its selector, not through a kept element.)
    for name, value in (("startTime", "10:00"), ("endTime", "14:00")):
        maria.wait_for(f"dialog[open] input[name={name}]", "the new-shift form")
        maria.script("const input = document.querySelector(`dialog[open] input[name=${arguments[0]}]`);"
                     " input.value = arguments[1]; input.dispatchEvent(new Event('change'));", name, value)
    maria.wait_for("dialog[open] .create-preview[data-checked='10:00-14:00'] [data-action=create-shift]", "the new shift should be checked by the server")
    maria.click("dialog[open] [data-action=create-shift]", "maria creates the shift (the preview allowed it)")
    maria.wait_gone("dialog[open]", "the dialog should close after creating")

    draft_button = f"{cell} .grid-shift[data-draft=new]"
    maria.wait_for(draft_button, "the new shift should show as a draft on maria's grid")
    # (The grid repaints when the live schedule_plan.changed arrives: read it in one go, not through a kept element.)
    # The badge says "Draft" (the compact grid, 15 rows or more, shows the dashed outline only, like
    # it hides the state badge); the label says it for screen readers either way.
    if "compact" in (maria.value_of("#view-week .week-grid", "class") or ""):
        maria.click("#week-compact", "maria turns compact rows off to see the badge")
        maria.wait(lambda: "compact" not in (maria.value_of("#view-week .week-grid", "class") or ""), WAIT, "the grid should leave compact")
    maria.wait_for(draft_button, "the draft on the roomy grid")
    text, label, shift_id = maria.script(
        "const b = document.querySelector(arguments[0]); return [b.innerText, b.getAttribute('aria-label'), b.dataset.shiftId];", draft_button)
    if "Draft" not in text or "draft" not in (label or ""):
        raise StepFailed(f"the draft should say so in words and in its label: {text!r} / {label!r}")
    if int(shift_id) >= 0:
        raise StepFailed(f"a shift new in a draft has a negative id in the plan: {shift_id}")
    count = maria.wait_text("#view-week .plan-bar .plan-bar-count", lambda text: str(before + 1) in text,
                            "the publish bar should count the new unpublished change")
    if before == 0 and count.strip() != "1 unpublished change":
        raise StepFailed(f"the bar should say '1 unpublished change': {count!r}")
    if maria.value_of("#view-week .plan-bar-count", "aria-live") != "polite":
        raise StepFailed("the bar's count should be read out when it changes")
    if unpublished(maria, monday, sunday) != before + 1:
        raise StepFailed("the server should count the draft")

    # The shift dialog says what the draft is and has no history (not a shift yet).
    maria.click(f"{cell} .grid-shift[data-draft=new]", "maria opens the draft")
    maria.wait_text("dialog[open] .draft-note", lambda text: "Not published" in text, "the dialog should say the shift is not published")
    maria.wait_for("dialog[open] [data-action=revert-draft]", "a draft can be undone")
    if maria.css("dialog[open] .shift-history"):
        raise StepFailed("a shift new in a draft has no history to show")
    maria.click("dialog[open] [data-action=close-dialog]", "maria closes the dialog")
    maria.wait_gone("dialog[open]", "the dialog should close")
    maria.script("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", draft_button)
    maria.screenshot("plan-draft-desktop")
    maria.script("localStorage.removeItem('shifty.week.compact');")
    findings = maria.axe("team week with a draft")
    if findings:
        raise StepFailed(f"axe-core: {findings}")

    # The employee sees nothing of it: neither on her grid nor in GET /team-schedule.
    if worker.css(f"{cell} .grid-shift"):
        raise StepFailed(f"{employee['username']} should not see maria's draft")
    if any(shift["ownerId"] == employee["id"] and shift["date"] == day.isoformat()
           for shift in worker.fetch("GET", f"/team-schedule?from={monday}&to={sunday}")):
        raise StepFailed("GET /team-schedule should not list a draft")

    # On a phone: the shown day's draft, and the bar above the tab bar.
    phone = s.open("maria-plan-phone", PHONE)
    phone.login("maria")
    open_week(phone, monday)
    for _ in range(days.index(day)):
        phone.click("#view-week [data-action=next-day]", "maria moves to the day of the draft")
    phone.wait_for(draft_button, "the phone should show the draft on its day")
    phone.wait_for("#view-week .plan-bar", "the phone should show the publish bar")
    phone.script("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", draft_button)
    overlap = phone.script("""
        const bar = document.querySelector('#view-week .plan-bar').getBoundingClientRect();
        const tabs = document.getElementById('tabbar');
        if (!tabs || tabs.hidden) return 'no tab bar';
        const top = tabs.getBoundingClientRect().top;
        return bar.bottom <= top ? '' : `bar ends at ${bar.bottom}, the tab bar starts at ${top}`;""")
    if overlap:
        raise StepFailed(f"on a phone the publish bar should sit above the tab bar: {overlap}")
    phone.screenshot("plan-draft-phone")
    phone.click("#view-week [data-action=review-publish]", "maria reviews on her phone")
    phone.wait_for(f"dialog[open] .plan-review-person[data-user-id='{employee['id']}']", "the phone's review should list the employee")
    phone.settle("the review on a phone")
    phone.screenshot("plan-review-phone")
    phone.click("dialog[open] [data-action=close-dialog]", "maria closes the review on her phone")

    # Review and publish on the desktop: the employee by name, her added shift, then Publish.
    maria.click("#view-week [data-action=review-publish]", "maria opens Review and publish")
    person = f"dialog[open] .plan-review-person[data-user-id='{employee['id']}']"
    maria.wait_text(person, lambda text: employee["displayName"] in text and "10:00–14:00" in text and "Added" in text,
                    f"the review should name {employee['displayName']} and the added shift")
    maria.settle("the review dialog")
    maria.screenshot("plan-review-desktop")
    findings = maria.axe("the review dialog")
    if findings:
        raise StepFailed(f"axe-core: {findings}")
    maria.click("dialog[open] [data-action=confirm-publish]", "maria publishes")
    maria.wait_gone("dialog[open]", "the review should close after publishing")
    maria.wait_text("#message", lambda text: "Published" in text, "maria should be told what was published")
    if before == 0:
        maria.wait_gone("#view-week .plan-bar", "the bar should go away when nothing is left to publish")
    shift = maria.wait(lambda: next((found for found in maria.fetch("GET", f"/team-schedule?from={day}&to={day}")
                                     if found["ownerId"] == employee["id"] and found["startTime"] == "10:00"), None),
                       WAIT, "the published shift should be in the team schedule", poll=0.3)
    maria.wait_for(f"{cell} .grid-shift[data-shift-id='{shift['id']}']:not([data-draft])", "maria's grid should show the published shift")

    # The employee's week shows it now, without a reload.
    worker.wait_for(f"{cell} .grid-shift[data-shift-id='{shift['id']}']", "the employee's week should show the published shift", timeout=LIVE)
    worker.assert_not_reloaded("seeing the published shift")
    worker.screenshot("plan-published-employee")

    # In Dutch: maria deletes the shift she published; it stays on her grid struck through as a
    # draft ("Vervalt"), the review says so in Dutch, and publishing it tells the employee once more.
    dutch = s.open("maria-plan-nl", DESKTOP)
    dutch.login("maria")
    dutch.go("account")
    dutch.wait_for("#account-language", "Account should offer a language picker")
    dutch.script("const select = document.querySelector('#account-language'); select.value = 'nl';"
                 " select.dispatchEvent(new Event('change'));")
    dutch.wait(lambda: dutch.script("return document.documentElement.lang;") == "nl", WAIT, "maria's page should be Dutch")
    try:
        open_week(dutch, monday)
        published_button = f"{cell} .grid-shift[data-shift-id='{shift['id']}']"
        dutch.click(published_button, "maria opens the published shift")
        dutch.click("dialog[open] [data-action=delete-shift]", "maria deletes it (a draft until published)")
        dutch.confirm_dialog("maria confirms the deletion")
        dutch.wait_for(f"{published_button}[data-draft=removed]", "the deleted shift should stay on the grid as a removed draft")
        dutch.click(published_button, "maria opens the removed draft")
        dutch.wait_for("dialog[open] [data-action=revert-draft]", "a removed draft can be undone")
        if dutch.css("dialog[open] [data-action=assign]") or dutch.css("dialog[open] [data-action=edit-shift]"):
            raise StepFailed("a shift removed in the draft takes only its removal back")
        dutch.click("dialog[open] [data-action=close-dialog]", "maria closes the dialog")
        dutch.wait_gone("dialog[open]", "the dialog should close")
        dutch.script("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", published_button)
        dutch.screenshot("plan-removed-dutch")
        dutch.click("#view-week [data-action=review-publish]", "maria reviews the removal in Dutch")
        dutch.wait_text(person, lambda text: employee["displayName"] in text and "10:00–14:00" in text,
                        "the Dutch review should name the employee and the removed shift")
        dutch.settle("the Dutch review")
        dutch.screenshot("plan-review-dutch")
        dutch.click("dialog[open] [data-action=confirm-publish]", "maria publishes the removal")
        dutch.wait_gone("dialog[open]", "the review should close after publishing")
        dutch.wait(lambda: not any(found["id"] == shift["id"] for found in dutch.fetch("GET", f"/team-schedule?from={day}&to={day}")),
                   WAIT, "the removed shift should leave the team schedule", poll=0.3)
    finally:
        dutch.fetch("PUT", "/me/language", {"language": None})

    # The employee heard of each publication once, with her own change (earlier steps' publications
    # may have told her of other shifts).
    notices = [notice for notice in worker.fetch("GET", "/notifications") if notice["type"] == "schedule.published"
               and any(change["shift"]["id"] == shift["id"] for change in notice["data"]["changes"])]
    kinds = [[change["kind"] for change in notice["data"]["changes"]] for notice in notices]
    if sorted(kinds) != [["added"], ["removed"]]:
        raise StepFailed(f"{employee['username']} should be told once per publication: {kinds}")
    worker.go("notifications")
    worker.wait_text("#view-notifications", lambda text: "10:00–14:00" in text, "the notifications should list the published changes")
    worker.screenshot("plan-employee-notifications")

    # "Move to…" (the keyboard's and the phone's way): a published shift to the next day as one
    # draft, previewed against the plan; the grid shows it on its new day; Undo change puts it back.
    plan = maria.fetch("GET", f"/plan?from={monday}&to={sunday}")
    drafted = {draft["shiftId"] for draft in plan["drafts"]}
    movable = [found for found in plan["shifts"] if found["id"] > 0 and found["id"] not in drafted and found["status"] == "scheduled"
               and not found["unassigned"] and found["date"] in [str(date) for date in days[:6]]]

    def can_move(found):
        target = (datetime.date.fromisoformat(found["date"]) + datetime.timedelta(days=1)).isoformat()
        return maria.fetch("POST", "/plan/changes/preview", {"op": "move", "shiftId": found["id"], "date": target})["allowed"]
    moving = next((found for found in movable if can_move(found)), None)
    if moving is None:
        raise StepFailed(f"the demo data needs a shift next week that may move a day on: {movable}")
    target = (datetime.date.fromisoformat(moving["date"]) + datetime.timedelta(days=1)).isoformat()
    open_week(maria, monday)
    moving_button = f"#view-week .grid-shift[data-shift-id='{moving['id']}']"
    maria.click(moving_button, "maria opens a published shift to move it")
    maria.click("dialog[open] [data-action=move-shift]", "maria chooses Move to…")
    maria.wait_for("dialog[open] select[name=move-date]", "the move form should offer the week's days")
    # (The dialog is drawn again as the preview arrives: change the field in one go, not through a kept element.)
    maria.script("const select = document.querySelector('dialog[open] select[name=move-date]');"
                 " select.value = arguments[0]; select.dispatchEvent(new Event('change'));", target)
    maria.wait_for(f"dialog[open] .move-preview[data-checked^='{target} '] [data-action=confirm-move]", "the move should be checked by the server")
    maria.screenshot("plan-move-desktop")
    maria.click("dialog[open] [data-action=confirm-move]", "maria moves the shift a day on")
    maria.wait_gone("dialog[open]", "the dialog should close after moving")
    moved_button = f"#view-week tr[data-user-id='{moving['ownerId']}'] td[data-date='{target}'] .grid-shift[data-shift-id='{moving['id']}'][data-draft=changed]"
    maria.wait_for(moved_button, "the moved shift should show as a draft on its new day")
    if maria.css(f"#view-week td[data-date='{moving['date']}'] .grid-shift[data-shift-id='{moving['id']}']"):
        raise StepFailed("the moved shift should leave its old day on the plan")
    maria.click(moved_button, "maria opens the moved draft")
    maria.click("dialog[open] [data-action=revert-draft]", "maria undoes the move")
    maria.wait_gone("dialog[open]", "the dialog should close after undoing")
    maria.wait_for(f"#view-week td[data-date='{moving['date']}'] .grid-shift[data-shift-id='{moving['id']}']:not([data-draft])",
                   "undoing the move should put the shift back on its day")
