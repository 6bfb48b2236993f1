"""Issue 15: maria approves anna's timesheet for last week (confirmed first); the approval is listed
with an unlock button; anna's My hours shows her hours, the approved week and what an absence is."""

import datetime
from zoneinfo import ZoneInfo

from harness import LOAD

NEEDS = ("anna", "maria")
LEAVES = ()


def run(s):
    anna, maria = s.browser("anna"), s.browser("maria")
    maria.go("timesheets")
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    sheet = f"#view-timesheets section[data-user-id='{anna_id}']"
    maria.wait_for(sheet, "maria should see anna's timesheet for last week", timeout=LOAD)
    maria.screenshot("timesheets")
    maria.click(f"{sheet} [data-action=approve-timesheet]", "maria approves anna's week")
    maria.confirm_dialog("maria approves anna's week")
    maria.wait_for(f"{sheet} .badge.status-approved", "anna's week should show as approved")
    maria.wait_for("#view-timesheets li[data-approval-id] [data-action=unlock-timesheet]", "the approval should be listed with an unlock button")
    maria.screenshot("timesheets-approved")

    anna.go("hours")
    anna.wait_for("#view-hours dl[data-summary=hours]", "anna should see her hours")
    # Last week may be in last month (early in a month): My hours lists a month's approvals, so
    # show the month the approved week starts in, as anna would with the month picker.
    today = datetime.datetime.now(ZoneInfo("Europe/Amsterdam")).date()
    last_monday = today - datetime.timedelta(days=today.weekday() + 7)
    if last_monday.strftime("%Y-%m") != today.strftime("%Y-%m"):
        anna.script(
            "const input = document.querySelector('#view-hours input[name=month]');"
            "input.value = arguments[0]; input.dispatchEvent(new Event('change'));",
            last_monday.strftime("%Y-%m"))
    anna.wait_for("#view-hours li[data-approval-id]", "anna's My hours should list the approved week")
    anna.wait_for("#view-hours [data-rule=absence]", "My hours should explain what an absence is")
    anna.screenshot("my-hours")
