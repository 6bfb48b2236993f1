"""Issue 13: previews, so the page never offers what the server will refuse.

a. A coworker's shift that overlaps a day anna works goes on the marketplace: anna reads why she
   cannot pick it up, without clicking it (desktop and a 390x844 phone); the swap form refuses a
   swap for an overlapping shift and says why.
b. maria assigns an open shift to anna on a day anna works: the preview names the overridable
   one-shift-per-day rule, and her explicit override with a reason lands in the shift's history.
c. anna picks up an open shift on a free day; maria then gives her another shift that day (an
   override), so the approval card shows the conflict and anna's hours before maria decides (desktop
   and phone); she approves anyway with a reason, recorded in the history."""

import datetime

from selenium.webdriver.support.ui import Select

from flows import deal_row, tomorrow
from harness import PHONE, StepFailed

NEEDS = ("anna", "maria")
LEAVES = ()


def run(s):
    anna, maria = s.browser("anna"), s.browser("maria")
    after = tomorrow()
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    members = {member["id"]: member for member in maria.fetch("GET", "/users") if member.get("active", True)}
    annas = [shift for week in anna.fetch("GET", "/schedule?weeks=8") for shift in week["shifts"]
             if shift["status"] == "scheduled" and shift["date"] > after]
    if len(annas) < 2:
        raise StepFailed(f"the demo data needs two more days where anna works; found {[shift['date'] for shift in annas]}")
    last = max(shift["date"] for shift in annas)
    team = maria.fetch("GET", f"/team-schedule?from={after}&to={last}")

    def overlaps(a, b):
        return a["startsAt"] < b["endsAt"] and b["startsAt"] < a["endsAt"]

    def free_member(date):
        """An employee (not anna) with no shift on `date`."""
        busy = {shift["ownerId"] for shift in team if shift["date"] == date and shift["status"] != "cancelled"}
        return next(member for member in members.values()
                    if member["role"] == "employee" and member["id"] != anna_id and member["id"] not in busy)

    def one_off_on_market(owner_id, date, start, minutes):
        """A manager's one-off shift, released to the marketplace (unassigned)."""
        shift = maria.fetch("POST", "/shifts", {"ownerId": owner_id, "date": date, "startTime": start, "durationMinutes": minutes})
        maria.fetch("POST", f"/shifts/{shift['id']}/unassign", {"note": "e2e: open shift"})
        return shift

    # a. A coworker's shift that overlaps a day anna works goes on the marketplace.
    clash = next(((mine, other) for mine in annas for other in team
                  if other["ownerId"] != anna_id and other["status"] == "scheduled" and not other.get("unassigned")
                  and other["date"] == mine["date"] and overlaps(mine, other)), None)
    if clash is None:
        raise StepFailed("the demo data needs a coworker's shift that overlaps one of anna's")
    annas_day, theirs = clash
    maria.fetch("POST", f"/shifts/{theirs['id']}/unassign", {"note": "e2e: released"})
    row = f"#view-market [data-shift-id='{theirs['id']}']"
    anna_phone = s.open("anna-phone", PHONE)
    anna_phone.login("anna")
    for browser, name in ((anna, "market-cannot-take"), (anna_phone, "market-cannot-take-phone")):
        browser.go("market")
        # The overlapping shifts are kitchen shifts and anna is a bartender: they wait behind the
        # "not qualified" toggle (issue 16), once the previews that decide it have arrived.
        browser.settle("the marketplace's previews")
        if not browser.css(row):
            browser.click("#view-market [data-action=toggle-unqualified]", f"[{browser.name}] anna shows the other positions")
        reason = browser.wait_for(f"{row} .cannot-take", "anna should read why she cannot pick up the overlapping shift")
        if browser.css(f"{row} [data-action=pick-up]"):
            raise StepFailed(f"[{browser.name}] the marketplace still offers 'Pick up' for a shift anna cannot take")
        if "overlap" not in reason.text or annas_day["startTime"] not in reason.text:
            raise StepFailed(f"[{browser.name}] the reason should name the overlap and anna's own shift: {reason.text!r}")
        browser.screenshot(name)
    s.close("anna-phone")

    # The swap form asks the same rules once both shifts are chosen: wanting a coworker's shift that
    # overlaps one anna keeps cannot be proposed, and the form says why.
    swap_clash = next(((mine, other) for mine in annas for other in team
                       if other["id"] != theirs["id"] and other["ownerId"] != anna_id and other["status"] == "scheduled"
                       and not other.get("unassigned") and other["date"] == mine["date"] and overlaps(mine, other)), None)
    if swap_clash is not None:
        kept, wanted = swap_clash
        offered = next(shift for shift in annas if shift["date"] != kept["date"])
        anna.go("swaps")
        Select(anna.wait_for("#swap-offered", "the swap form")).select_by_value(str(offered["id"]))
        Select(anna.wait_for("#swap-wanted", "the swap form")).select_by_value(str(wanted["id"]))
        reason = anna.wait_for("#swap-form .swap-preview.cannot-take", "the swap form should say why the swap is not possible")
        if "overlap" not in reason.text or anna.visible("#swap-form [data-action=propose-swap]").is_enabled():
            raise StepFailed(f"a refused swap should say why and not be proposable: {reason.text!r}")
        anna.screenshot("swap-cannot")

    # b. maria assigns an open shift to anna on a day anna works (no overlap): the preview names the
    # overridable rule, and she overrides it with a reason that lands in the shift's history.
    other_day = next(shift for shift in annas if shift["date"] != annas_day["date"])
    late_start = (datetime.datetime.fromisoformat(f"{other_day['date']}T{other_day['endTime']}") + datetime.timedelta(hours=1)).strftime("%H:%M")
    if late_start < other_day["endTime"]:
        late_start = "23:00"
    open_shift = one_off_on_market(free_member(other_day["date"])["id"], other_day["date"], late_start, 45)
    maria.go("market")
    market_row = f"#view-market [data-shift-id='{open_shift['id']}']"
    maria.click(f"{market_row} [data-action=assign]", "maria opens the assignment")
    chooser = maria.wait_for(f"{market_row} select[name=assignee]", "the assignment offers the members")
    Select(chooser).select_by_value(str(anna_id))
    maria.wait_for(f"{market_row} .assign-panel [data-code=one_shift_per_day]", "the assignment should name the rule it would override")
    maria.wait_for(f"{market_row} [data-action=override-assign]", "an overridable rule should offer an explicit override")
    maria.screenshot("assign-override")
    maria.type(f"{market_row} input[name=override-reason]", "e2e: anna closes the bar too", "maria gives a reason")
    maria.click(f"{market_row} [data-action=override-assign]", "maria assigns with the override")
    maria.wait_gone(market_row, "the assigned shift should leave the marketplace")
    history = maria.fetch("GET", f"/shifts/{open_shift['id']}/history")
    if not any("rule overridden: one_shift_per_day" in (entry.get("note") or "") and "e2e: anna closes the bar too" in entry["note"] for entry in history):
        raise StepFailed(f"the override should be recorded in the shift's history: {history}")

    # c. anna picks up an open shift on a free day; later maria gives her another shift that day
    # (an explicit override), so the approval card shows the conflict before maria decides.
    free_days = sorted(entry["date"] for entry in anna.fetch("GET", "/requests/free-dates") if entry["date"] > after)
    if not free_days:
        raise StepFailed("anna needs a free day for the approval-conflict step")
    day = free_days[0]
    pending = one_off_on_market(free_member(day)["id"], day, "18:00", 180)
    anna.fetch("POST", f"/shifts/{pending['id']}/pick-up")
    maria.fetch("POST", "/shifts", {"ownerId": anna_id, "date": day, "startTime": "09:00", "durationMinutes": 180,
                                    "override": True, "reason": "e2e: stocktaking in the morning"})
    maria_phone = s.open("maria-phone", PHONE)
    maria_phone.login("maria")
    for browser, name in ((maria, "approvals-conflict"), (maria_phone, "approvals-conflict-phone")):
        browser.go("approvals")
        conflict = browser.wait_for(f"{deal_row(pending['id'])} .preview-conflict [data-code=one_shift_per_day]",
                                    "the approval card should show the conflict before the manager decides")
        browser.wait_for(f"{deal_row(pending['id'])} .preview-hours", "the approval card should show anna's hours that week")
        if "Anna" not in conflict.text:
            raise StepFailed(f"[{browser.name}] the conflict should name the receiver: {conflict.text!r}")
        browser.wait_for(f"{deal_row(pending['id'])} [data-action=approve-override]", "an overridable conflict offers 'Approve anyway'")
        browser.screenshot(name)
    s.close("maria-phone")
    maria.type(f"{deal_row(pending['id'])} input[name=override-reason]", "e2e: anna works a double", "maria gives a reason")
    maria.click(f"{deal_row(pending['id'])} [data-action=approve-override]", "maria approves anyway")
    maria.wait_gone(deal_row(pending['id']), "the deal approved with an override should leave the queue")
    history = maria.fetch("GET", f"/shifts/{pending['id']}/history")
    if not any("e2e: anna works a double" in (entry.get("note") or "") for entry in history):
        raise StepFailed(f"the approval's override should be recorded in the shift's history: {history}")
