"""Issue 17: the team week grid. On a desktop every Friday shift sits in the Friday column on its
person's row with its time (never 24:00), days carry dates, today is marked, one h1; "Only me" and
the position filter narrow it. On a phone it shows one day at a time and the arrows move to Friday,
where anna sees who else works. anna starts a swap from a coworker's shift on the grid; maria, as a
manager, sees the conflict of an assignment and of a new shift before saving, and creates the new
shift with an override that anna's grid shows without a reload."""

import datetime

from selenium.webdriver.support.ui import Select

from flows import publish_week, workplace_today
from harness import DESKTOP, LIVE, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ("anna-week", "maria-week")


def open_week(browser, monday):
    browser.script("location.hash = arguments[0];", f"#/week?from={monday}")
    browser.wait_for("#view-week .week-grid, #view-week .empty", "the team week should render", timeout=LOAD)
    browser.wait(lambda: not browser.css("#view-week[aria-busy=true]"), LOAD, "the team week should finish loading")


def run(s):
    anna = s.open("anna-week", DESKTOP)
    phone = s.open("anna-week-phone", PHONE)
    maria = s.open("maria-week", DESKTOP)
    for browser, person in ((anna, "anna"), (phone, "anna"), (maria, "maria")):
        browser.login(person)
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    today = workplace_today(anna)
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
    monday = friday - datetime.timedelta(days=4)
    week = anna.fetch("GET", f"/team-schedule?from={monday}&to={monday + datetime.timedelta(days=6)}")
    on_friday = [shift for shift in week if shift["date"] == friday.isoformat()]
    # Released shifts (unassigned, step 09) sit in the "Open shifts" row, not in their owner's row.
    coworkers = {shift["ownerName"] for shift in on_friday if shift["ownerId"] != anna_id and not shift.get("unassigned")}
    if not coworkers:
        raise StepFailed(f"the demo data needs coworkers working on {friday}")

    # Desktop: every Friday shift in the Friday column, on its person's row, with its time and state.
    open_week(anna, monday)
    column = f"#view-week td[data-date='{friday}']"
    anna.wait(lambda: len(anna.css(f"{column} .grid-shift")) == len(on_friday), WAIT,
              f"the Friday column should show the {len(on_friday)} shifts of {friday}")
    for shift in on_friday:
        button = anna.visible(f"{column} .grid-shift[data-shift-id='{shift['id']}']")
        row = anna.script("return arguments[0].closest('tr').querySelector('th').textContent;", button)
        if shift.get("unassigned"):
            in_open_row = anna.script("return arguments[0].closest('tr').classList.contains('grid-open-row');", button)
            if not in_open_row or shift["ownerName"] not in button.text or shift["startTime"] not in button.text:
                raise StepFailed(f"the grid should put {shift['ownerName']}'s open {shift['startTime']} shift in the Open shifts row: {row!r} {button.text!r}")
            continue
        if shift["ownerName"] not in row or shift["startTime"] not in button.text:
            raise StepFailed(f"the grid should put {shift['ownerName']}'s {shift['startTime']} shift on their row: {row!r} {button.text!r}")
    if "24:00" in anna.text("#view-week"):
        raise StepFailed("the grid should never show 24:00")
    heading = anna.text(f"#view-week thead th[data-date='{friday}']")
    if str(friday.day) not in heading:
        raise StepFailed(f"the day headings should carry dates: {heading!r}")
    if len([h1 for h1 in anna.css("h1") if h1.is_displayed()]) != 1:  # the login form's h1 is hidden while signed in
        raise StepFailed("one h1 per page")
    if monday <= today <= monday + datetime.timedelta(days=6):
        marked = anna.visible(f"#view-week thead th[aria-current=date][data-date='{today}']")
        if marked is None or "today" not in marked.text.lower():
            raise StepFailed("today's column should be marked")
    anna.screenshot("week-desktop")

    # "Only me" leaves anna's row; the position filter keeps only that position's shifts.
    anna.click("#week-only-me", "anna shows only her own shifts")
    anna.wait(lambda: len(anna.css("#view-week tbody tr")) == 1, WAIT, "only anna's row should stay")
    anna.click("#week-only-me", "anna shows everyone again")
    positions = sorted({shift["position"] for shift in week if shift.get("position")})
    if positions:
        Select(anna.wait_for("#week-position", "the position filter")).select_by_value(positions[0])
        anna.wait(lambda: all(positions[0] in element.text for element in anna.css("#view-week .grid-shift")), WAIT,
                  "the position filter should keep only that position's shifts")
        Select(anna.wait_for("#week-position", "the position filter")).select_by_value("")

    # Phone: one day at a time; the arrows move to Friday, where anna sees who else works. Each tap
    # waits for the grid to show the next day before the next tap.
    open_week(phone, monday)
    friday_cell = f"#view-week td[data-date='{friday}']"
    for _ in range(7):
        if phone.visible(friday_cell):
            break
        shown = phone.attribute("#view-week .week-grid", "data-day", "the phone's grid says which day it shows")
        phone.click("#view-week [data-action=next-day]", "anna moves to the next day on her phone")
        phone.wait(lambda: phone.visible(friday_cell) or phone.value_of("#view-week .week-grid", "data-day") not in (None, shown),
                   WAIT, "the phone's grid should move to the next day")
    names = phone.wait(lambda: [element.text for element in phone.css("#view-week tbody th") if element.is_displayed()] or None, WAIT,
                       "the phone should list the people working that day")
    if not coworkers <= {name.replace(" (you)", "") for name in names}:
        raise StepFailed(f"on a phone anna should see {coworkers} working on Friday, saw {names}")
    if sum(1 for element in phone.css("#view-week td.grid-cell") if element.is_displayed()) != len(names):
        raise StepFailed("a phone should show one day at a time")
    phone.screenshot("week-phone")
    s.close("anna-week-phone")

    # A swap started from the grid: a coworker's Friday shift, offered for one of anna's on a day the
    # coworker is free (and anna is free on Friday), proposed from the swap form the grid opened.
    tomorrow = (today + datetime.timedelta(days=1)).isoformat()
    mine = [shift for schedule_week in anna.fetch("GET", "/schedule?weeks=8")
            for shift in schedule_week["shifts"] if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > tomorrow]
    later = anna.fetch("GET", f"/team-schedule?from={tomorrow}&to={(today + datetime.timedelta(days=55)).isoformat()}")
    anna_friday = any(shift["ownerId"] == anna_id for shift in on_friday)

    def swap_allowed(offered, wanted):
        # The server's own preview decides (positions and qualifications included: which pairs
        # qualify depends on the weekday the test runs on).
        return anna.fetch("GET", f"/shifts/{wanted['id']}/preview?action=swap&offeredShiftId={offered['id']}").get("allowed") is True

    pair = None if anna_friday else next(((offered, wanted) for wanted in on_friday for offered in mine
                                          if wanted["ownerId"] != anna_id and wanted["status"] == "scheduled" and not wanted.get("unassigned")
                                          and offered["date"] != wanted["date"]
                                          and not any(other["ownerId"] == wanted["ownerId"] and other["date"] == offered["date"] for other in later)
                                          and swap_allowed(offered, wanted)), None)
    if pair is None:
        wanted = next(shift for shift in on_friday if shift["ownerId"] != anna_id and shift["status"] == "scheduled" and not shift.get("unassigned"))
        offered = next(shift for shift in mine if shift["date"] != wanted["date"])
    else:
        offered, wanted = pair
    anna.click(f"{column} .grid-shift[data-shift-id='{wanted['id']}']", "anna opens a coworker's shift")
    anna.wait_for("dialog[open] [data-action=swap-from-grid]", "a coworker's shift offers a swap")
    anna.screenshot("week-shift-dialog")
    anna.click("dialog[open] [data-action=swap-from-grid]", "anna starts a swap from the grid")
    anna.wait_for("#view-swaps #swap-form", "the swap form should open", timeout=LOAD)
    anna.wait(lambda: anna.value_of("#swap-wanted", "value") == str(wanted["id"]), WAIT,
              "the swap form should have the coworker's shift chosen")
    Select(anna.wait_for("#swap-offered", "the swap form")).select_by_value(str(offered["id"]))
    anna.wait(lambda: anna.text("#swap-form .swap-preview"), WAIT, "the swap form should show the server's preview")
    if pair is not None:
        anna.click("#swap-form [data-action=propose-swap]", "anna proposes the swap")
        anna.wait(lambda: any(deal["kind"] == "swap" and any(leg["shift"]["id"] == wanted["id"] for leg in deal["legs"])
                              for deal in anna.fetch("GET", "/deals/mine")), WAIT, "the swap started from the grid should be proposed", poll=0.3)
        anna.wait_for("section[aria-labelledby=mine-title] ul.list li", "the proposed swap should be listed under My deals")
    anna.screenshot("week-swap")

    # A manager: assigning a coworker's shift to anna on a day she works shows the rule before saving.
    annas_days = {shift["date"] for shift in later if shift["ownerId"] == anna_id}
    target = next((shift for shift in later if shift["ownerId"] != anna_id and shift["status"] == "scheduled"
                   and not shift.get("unassigned") and shift["date"] in annas_days and shift["date"] > tomorrow), None)
    if target is None:
        raise StepFailed("the demo data needs a coworker's shift on a day anna works")
    target_monday = datetime.date.fromisoformat(target["date"]) - datetime.timedelta(days=datetime.date.fromisoformat(target["date"]).weekday())
    maria.script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    maria.wait_for(f"#view-week .grid-shift[data-shift-id='{target['id']}']", "maria's grid should show the shift", timeout=LOAD)
    maria.screenshot("week-manager")
    maria.click(f"#view-week .grid-shift[data-shift-id='{target['id']}']", "maria opens the shift")
    maria.click("dialog[open] [data-action=assign]", "maria chooses Assign")
    Select(maria.wait_for("dialog[open] select[name=assignee]", "the assignment offers the members")).select_by_value(str(anna_id))
    rule = maria.wait_for("dialog[open] .assign-panel .preview-conflict [data-code]", "the assignment should show the conflict before saving")
    if rule.get_attribute("data-code") not in ("one_shift_per_day", "overlapping_shift") or "Anna" not in rule.text:
        raise StepFailed(f"the conflict should name the rule and anna: {rule.get_attribute('data-code')} {rule.text!r}")
    if maria.visible("dialog[open] [data-action=confirm-assign]"):
        raise StepFailed("a conflicting assignment must not offer a plain Assign")
    maria.screenshot("week-assign-conflict")
    if maria.fetch("GET", f"/shifts/{target['id']}")["ownerId"] != target["ownerId"]:
        raise StepFailed("previewing an assignment must not change the shift")
    maria.click("dialog[open] [data-action=close-dialog]", "maria closes the dialog")

    # A new one-off shift for anna on a day she works: the conflict shows before saving, the plain
    # create is not offered, and the explicit override (with a reason) creates it; anna's grid shows
    # it without a reload.
    day = target["date"]
    open_week(anna, monday)
    anna.script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    anna.wait_for(f"#view-week td[data-date='{day}']", "anna's grid should show that week", timeout=LOAD)
    anna_cell = f"#view-week tr[data-user-id='{anna_id}'] td[data-date='{day}']"
    before = len(anna.css(f"{anna_cell} .grid-shift"))
    final_line = anna.wait_for("#view-week .week-final", "the week should say since when it is final")
    anna.wait(lambda: anna.text("#view-week .week-final").strip(), WAIT, "the final-since line should be filled in")
    final_before = final_line.get_attribute("data-published-at")
    maria.click(f"#view-week tr[data-user-id='{anna_id}'] td[data-date='{day}'] [data-action=add-shift]", "maria adds a shift for anna")
    start = maria.wait_for("dialog[open] input[name=startTime]", "the new-shift form")
    maria.script("arguments[0].value = '23:00'; arguments[0].dispatchEvent(new Event('change'));", start)
    end = maria.wait_for("dialog[open] input[name=endTime]", "the new-shift form")
    maria.script("arguments[0].value = '23:45'; arguments[0].dispatchEvent(new Event('change'));", end)
    maria.wait_for("dialog[open] .create-preview[data-checked='23:00-23:45']", "the new shift should be checked by the server")
    conflict = maria.wait_for("dialog[open] .preview-conflict [data-code]", "the new shift's conflict should show before saving")
    if maria.visible("dialog[open] [data-action=create-shift]"):
        raise StepFailed("a conflicting new shift must not offer a plain Create")
    maria.screenshot("week-create-conflict")
    if conflict.get_attribute("data-code") == "one_shift_per_day":
        maria.type("dialog[open] input[name=override-reason]", "e2e: anna closes up", "maria gives a reason")
        maria.click("dialog[open] [data-action=create-anyway]", "maria creates the shift anyway")
        maria.wait_gone("dialog[open]", "the dialog should close after creating")
        # A change on the grid is a draft: anna sees it once maria publishes the week.
        publish_week(maria, "the new shift for anna")
        anna.wait(lambda: len(anna.css(f"{anna_cell} .grid-shift")) == before + 1,
                  LIVE, "anna's grid should show the new shift without a reload")
        anna.assert_not_reloaded("seeing the new shift on the grid")
        published = anna.fetch("GET", f"/schedule-weeks?from={target_monday}&to={target_monday}")[0]["publishedAt"]
        anna.wait(lambda: anna.value_of("#view-week .week-final", "data-published-at") == published != final_before,
                  LIVE, f"anna's week should be final since maria's new shift ({published}), not {final_before!r}")
    maria_phone = s.open("maria-week-phone", PHONE)
    maria_phone.login("maria")
    maria_phone.script("location.hash = arguments[0];", f"#/week?from={target_monday}")
    maria_phone.wait_for("#view-week .week-grid", "the manager's grid on a phone", timeout=LOAD)
    maria_phone.screenshot("week-manager-phone")
