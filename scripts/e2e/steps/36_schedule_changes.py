"""The schedule-change ledger (predictability pay): maria chooses the Oregon preset on the settings
page, which describes its figures with a link to its source and says the presets are the law as we
read it. She then drafts a new shift for an employee a few days ahead, inside the 14-day notice:
the preview says, before she confirms, that the employee is owed an hour of pay (priced at the
wage), and so does Review and publish. Publishing records the entry; Reports → Schedule changes
lists it per person and in the entries table (desktop and a 390 px phone), with a CSV download,
and maria waives it with a reason. The preset goes back to what it was, the wage too
(settings-schedule-changes.png, week-premium-preview.png, plan-review-premium.png,
reports-schedule-changes.png, reports-schedule-changes-phone.png, reports-waive-dialog.png)."""

import datetime

from flows import open_week, workplace_today
from harness import DESKTOP, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()

# Demo employees who can log in with the demo password (the first one free on a day soon is used).
EMPLOYEES = ("chloe", "bram", "anna", "finn", "dewi", "emre")
START, MINUTES, END = "10:00", 240, "14:00"
WAIVE_REASON = "e2e: agreed with the member"


def owed_premium(preview, member_id):
    """The preview's entry for `member_id` that owes something (not asked for by the member)."""
    return next((entry for entry in preview.get("premiums") or []
                 if entry["userId"] == member_id and not entry["exempt"] and (entry["premiumMinutes"] or entry["premiumCents"])), None)


def phone_overflow(browser):
    """Whether the page scrolls sideways at this width (tables scroll inside their own box)."""
    return browser.script("const root = document.documentElement; return root.scrollWidth > root.clientWidth + 1"
                          " ? `${root.scrollWidth} > ${root.clientWidth}` : '';")


def show_ledger_month(browser, month):
    """Reports → Schedule changes for `month` (YYYY-MM): the card's month field, then the card in view."""
    browser.go("reports")
    browser.wait_for("#schedule-changes #ledger-month", "the reports should have the schedule-changes card with a month field")
    if browser.value_of("#schedule-changes #ledger-month", "value") != month:
        browser.script("const input = document.querySelector('#ledger-month'); input.value = arguments[0];"
                       " input.dispatchEvent(new Event('change'));", month)
    browser.click("[data-action=show-schedule-changes]", "maria goes to the schedule changes")


def run(s):
    maria = s.open("maria-ledger", DESKTOP)
    maria.login("maria")
    workplace = maria.fetch("GET", "/workplace")
    if "scheduleChanges" not in workplace["settings"]:
        raise StepFailed(f"GET /workplace should answer settings.scheduleChanges: {sorted(workplace['settings'])}")
    before_rule = workplace["settings"]["scheduleChanges"]
    today = workplace_today(maria)
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    wages_before = {}

    try:
        # Settings: the Oregon preset, described with its figures and its source, saved with the settings.
        maria.go("settings")
        section = "#settings-form [data-section=schedule-changes]"
        maria.wait_for(f"{section} #settings-schedule-preset", "the settings should have the schedule-changes section")
        maria.script("const select = document.querySelector('#settings-schedule-preset'); select.value = 'us_oregon';"
                     " select.dispatchEvent(new Event('change'));")
        maria.wait_text("#settings-schedule-description", lambda text: "14 days" in text and "Seattle" in text and "law as we read it" in text,
                        "the Oregon preset should be described, with the caveat that it is the law as we read it")
        source = maria.value_of("#settings-schedule-description a", "href") or ""
        if not source.startswith("https://www.oregonlegislature.gov/"):
            raise StepFailed(f"the Oregon preset should link to its source: {source!r}")
        if maria.visible(f"{section} [data-slot=custom]") is not None:
            raise StepFailed("the custom figures should show for the custom rule only")
        maria.script("document.querySelector(arguments[0]).scrollIntoView();", section)
        maria.screenshot("settings-schedule-changes")
        findings = maria.axe("settings with the schedule-changes section")
        if findings:
            raise StepFailed(f"axe-core: {findings}")
        maria.click("#settings-form button[type=submit]", "maria saves the settings")
        maria.wait(lambda: maria.fetch("GET", "/workplace")["settings"]["scheduleChanges"]["preset"] == "us_oregon", WAIT,
                   "the Oregon preset should be stored")

        # An employee free on a day soon (inside the 14-day notice) whom the rules let work 10:00-14:00
        # then, and whom that new shift would owe a premium (the server's own preview decides).
        days = [today + datetime.timedelta(days=offset) for offset in range(1, 7)]
        plan = maria.fetch("GET", f"/plan?from={days[0]}&to={days[-1]}")
        busy = {(shift["ownerId"], shift["date"]) for shift in plan["shifts"]}
        candidates = [(members[name], day) for day in days for name in EMPLOYEES
                      if name in members and members[name].get("active", True) and members[name].get("role") != "manager"
                      and (members[name]["id"], day.isoformat()) not in busy]

        def owing(candidate):
            member, day = candidate
            preview = maria.fetch("POST", "/plan/changes/preview", {"op": "create", "ownerId": member["id"], "date": day.isoformat(),
                                                                     "startTime": START, "durationMinutes": MINUTES})
            return preview["allowed"] and owed_premium(preview, member["id"]) is not None
        choice = next((candidate for candidate in candidates if owing(candidate)), None)
        if choice is None:
            raise StepFailed(f"the demo data needs an employee free on a day of the next week: {sorted(busy)}")
        employee, day = choice

        # A wage on that day, so the hour of pay is priced (step 35 shows the team page's way; here the API's).
        wages = maria.fetch("GET", f"/users/{employee['id']}/wages")["wages"]
        if not any(wage["effectiveFrom"] <= day.isoformat() for wage in wages):
            wages_before[employee["id"]] = wages
            maria.fetch("PUT", f"/users/{employee['id']}/wages", {"wages": wages + [{"effectiveFrom": today.isoformat(), "hourlyCents": 1600}]})

        # The week planner: a new shift for the employee; the preview says what it owes before "Create".
        open_week(maria, day - datetime.timedelta(days=day.weekday()))
        cell = f"#view-week tr[data-user-id='{employee['id']}'] td[data-date='{day}']"
        maria.click(f"{cell} [data-action=add-shift]", f"maria adds a shift for {employee['displayName']}")
        # (The dialog may be drawn again while it is open: set each field in one go by its selector.)
        for name, value in (("startTime", START), ("endTime", END)):
            maria.wait_for(f"dialog[open] input[name={name}]", "the new-shift form")
            maria.script("const input = document.querySelector(`dialog[open] input[name=${arguments[0]}]`);"
                         " input.value = arguments[1]; input.dispatchEvent(new Event('change'));", name, value)
        checked = f"dialog[open] .create-preview[data-checked='{START}-{END}']"
        line = f"{checked} .preview-premium-owed[data-user-id='{employee['id']}'][data-change=added]"
        text = maria.wait_text(line, lambda words: "is owed" in words, "the preview should say what the new shift owes the employee")
        if employee["displayName"] not in text or "14-day notice" not in text or "1 h of pay (" not in text or "no wage" in text:
            raise StepFailed(f"the premium line should name the employee, the 14-day notice and an hour of pay with its amount: {text!r}")
        maria.wait_for(f"{checked} [data-action=create-shift]", "the new shift should be allowed")
        maria.settle("the new-shift preview")
        maria.screenshot("week-premium-preview")
        maria.click("dialog[open] [data-action=create-shift]", "maria creates the shift (a draft)")
        maria.wait_gone("dialog[open]", "the dialog should close after creating")
        maria.wait_for(f"{cell} .grid-shift[data-draft=new]", "the new shift should show as a draft")

        # Review and publish lists the premium before "Publish".
        maria.click("#view-week [data-action=review-publish]", "maria opens Review and publish")
        review_line = f"dialog[open] .plan-review-premiums .preview-premium-owed[data-user-id='{employee['id']}'][data-change=added]"
        maria.wait_text(review_line, lambda words: employee["displayName"] in words and "1 h of pay (" in words,
                        "the review should say what publishing owes the employee")
        maria.wait_text("dialog[open] .plan-review-premiums h3", lambda words: "owe" in words, "the review's premiums should have a heading")
        maria.settle("the review with premiums")
        maria.screenshot("plan-review-premium")
        findings = maria.axe("the review dialog with premiums")
        if findings:
            raise StepFailed(f"axe-core: {findings}")
        maria.click("dialog[open] [data-action=confirm-publish]", "maria publishes")
        maria.wait_gone("dialog[open]", "the review should close after publishing")
        maria.wait_text("#message", lambda words: "Published" in words, "maria should be told what was published")

        # The ledger has the entry, priced at the wage.
        def recorded():
            report = maria.fetch("GET", f"/reports/schedule-changes?from={day}&to={day}")
            return next((entry for entry in report["entries"] if entry["userId"] == employee["id"] and entry["change"] == "added"
                         and entry.get("id") is not None and not entry["exempt"] and not entry.get("waived")), None)
        entry = maria.wait(recorded, WAIT, "publishing should record the late change in the ledger")
        if entry["premiumMinutes"] != 60 or entry["reason"] != "published" or entry["rule"] != "us_oregon" or entry.get("amountCents") is None:
            raise StepFailed(f"the entry should owe an hour of pay, priced, under the Oregon preset: {entry}")

        # Reports → Schedule changes on a desktop: per person and the entry with its Waive button.
        month = day.isoformat()[:7]
        show_ledger_month(maria, month)
        row = f"#schedule-changes tr[data-entry-id='{entry['id']}']"
        text = maria.wait_text(row, lambda words: employee["displayName"] in words and "Added" in words,
                               "the schedule changes should list the entry")
        if "Published change" not in text or "1 h of pay" not in text:
            raise StepFailed(f"the entry's row should say who made the change and the premium: {text!r}")
        maria.wait_for(f"#schedule-changes table.ledger-people tr[data-user-id='{employee['id']}']", "the per-person totals should list the employee")
        csv_link = maria.value_of("#schedule-changes [data-action=download-ledger-csv]", "href") or ""
        if "format=csv" not in csv_link or f"from={month}-01" not in csv_link:
            raise StepFailed(f"the CSV link should ask for the month as CSV: {csv_link!r}")
        csv = maria.request("GET", f"/reports/schedule-changes?from={month}-01&to={day}&format=csv")
        if csv["status"] != 200 or "premium_minutes" not in csv["text"]:
            raise StepFailed(f"the CSV download should answer the ledger: {csv['status']} {csv['text'][:200]!r}")
        maria.script("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", row)
        maria.screenshot("reports-schedule-changes")
        findings = maria.axe("reports with schedule changes")
        if findings:
            raise StepFailed(f"axe-core: {findings}")

        # On a phone: the same card, each row a small card, nothing wider than the screen.
        phone = s.open("maria-ledger-phone", PHONE)
        phone.login("maria")
        show_ledger_month(phone, month)
        phone.wait_text(row, lambda words: employee["displayName"] in words, "the phone should list the entry")
        phone.script("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", row)
        phone.settle("the schedule changes on a phone")
        overflow = phone_overflow(phone)
        if overflow:
            raise StepFailed(f"the schedule changes should fit a 390 px phone: {overflow}")
        phone.screenshot("reports-schedule-changes-phone")

        # Waive it with a reason: the row says so, the ledger keeps the reason, the totals leave it out.
        maria.click(f"{row} [data-action=waive-entry]", "maria waives the entry")
        maria.wait_for("dialog[open] input[name=waive-reason]", "the waive dialog should ask for a reason")
        maria.type("dialog[open] input[name=waive-reason]", WAIVE_REASON, "maria says why")
        maria.screenshot("reports-waive-dialog")
        maria.click("dialog[open] [data-action=confirm-waive]", "maria confirms the waiver")
        maria.wait_gone("dialog[open]", "the waive dialog should close")
        maria.wait_for(f"{row}[data-waived=true]", "the entry should show as waived")
        maria.wait_text(f"{row} .ledger-status", lambda words: "Waived" in words and WAIVE_REASON in words,
                        "the row should say it was waived and why")
        if maria.css(f"{row} [data-action=waive-entry]"):
            raise StepFailed("a waived entry cannot be waived again")
        report = maria.fetch("GET", f"/reports/schedule-changes?from={day}&to={day}")
        stored = next((found for found in report["entries"] if found.get("id") == entry["id"]), None)
        if not stored or not stored.get("waived") or stored["waived"]["reason"] != WAIVE_REASON:
            raise StepFailed(f"the ledger should keep the waiver and its reason: {stored}")
        again = maria.request("POST", f"/schedule-ledger/{entry['id']}/waive", {"reason": "twice"})
        if again["status"] != 409 or "ledger_entry_already_waived" not in again["text"]:
            raise StepFailed(f"waiving twice should answer 409 ledger_entry_already_waived: {again['status']} {again['text'][:200]}")
    finally:
        # Leave the demo as it was: no schedule-change rule (or the one before), and the wages. (Plain
        # requests, so that a failure above is the one reported; the check below catches a failed reset.)
        maria.request("PATCH", "/workplace", {"settings": {"scheduleChanges": before_rule or {"preset": "none"}}})
        for member_id, wages in wages_before.items():
            maria.request("PUT", f"/users/{member_id}/wages", {"wages": wages})
    rule = maria.fetch("GET", "/workplace")["settings"]["scheduleChanges"]
    if rule["preset"] != (before_rule or {}).get("preset", "none"):
        raise StepFailed(f"the schedule-change rule should be back to {before_rule}: {rule}")
