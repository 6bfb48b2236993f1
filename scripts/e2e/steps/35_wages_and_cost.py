"""Issue 28, slice 7: wages and labour cost. maria opens anna's settings on the team page, adds an
hourly wage from today (14.50) and saves it; in the settings she sets the currency and a weekly
labour budget lower than next week costs. Next week's grid then shows anna's cost in her totals
cell, each day's cost in the footer, and the week's cost against the budget in red with the words
"over budget" — the same figures GET /plan answers. On a phone the day's cost sits in the day's
totals line. anna (an employee) sees no cost anywhere, and her own API answers carry no wage.
maria removes the budget and the wage at the end (wages-team.png, week-cost-desktop.png,
week-cost-phone.png, settings-labour-cost.png)."""

import datetime

from flows import open_week, workplace_today
from harness import DESKTOP, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()


def run(s):
    maria = s.open("maria-wages", DESKTOP)
    maria.login("maria")
    today = workplace_today(maria)
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    anna = members["anna"]
    before_budget = maria.fetch("GET", "/plan/budget")

    # The team page: anna's settings, a wage from today.
    maria.go("team")
    row = f"#view-team li.member[data-user-id='{anna['id']}']"
    maria.click(f"{row} [data-action=manage-member]", "maria opens anna's settings")
    maria.wait_for(f"{row} .wages-form", "anna's settings should have the wages block")
    maria.wait(lambda: maria.visible(f"{row} .wages-form [data-action=add-wage]") is not None, WAIT, "the wages should load")
    existing = len(maria.css(f"{row} .wage-row"))
    maria.click(f"{row} [data-action=add-wage]", "maria adds a wage")
    maria.wait(lambda: len(maria.css(f"{row} .wage-row")) == existing + 1, WAIT, "a new wage row")
    maria.script(
        "const rows = document.querySelectorAll(arguments[0]); const last = rows[rows.length - 1];"
        " last.querySelector('[name=effectiveFrom]').value = arguments[1]; last.querySelector('[name=hourly]').value = '14.50';",
        f"{row} .wage-row", today.isoformat())
    maria.screenshot("wages-team")
    maria.click(f"{row} [data-action=save-wages]", "maria saves anna's wages")
    maria.wait(lambda: any(wage["hourlyCents"] == 1450 for wage in maria.fetch("GET", f"/users/{anna['id']}/wages")["wages"]),
               WAIT, "anna's wage should be stored")

    # Settings: a budget far below next week's cost.
    maria.go("settings")
    maria.wait_for("#settings-form [data-section=labour-cost] input[name=weeklyBudget]", "the settings should have the labour cost section")
    maria.script("const input = document.querySelector('#settings-form input[name=weeklyBudget]'); input.value = '10';"
                 " document.querySelector('#settings-form input[name=currency]').value = 'EUR';")
    maria.script("document.querySelector('#settings-form [data-section=labour-cost]').scrollIntoView();")
    maria.screenshot("settings-labour-cost")
    maria.click("#settings-form button[type=submit]", "maria saves the settings")
    maria.wait(lambda: maria.fetch("GET", "/plan/budget")["weeklyBudgetCents"] == 1000, WAIT, "the budget should be stored")

    # anna needs a shift next week to cost something: one she holds already, or a new one.
    plan = maria.fetch("GET", f"/plan?from={monday}&to={sunday}")
    if not any(shift["ownerId"] == anna["id"] and not shift.get("unassigned") for shift in plan["shifts"]):
        busy = {shift["date"] for shift in plan["shifts"] if shift["ownerId"] == anna["id"]}
        free = next(day for day in (monday + datetime.timedelta(days=offset) for offset in range(5)) if day.isoformat() not in busy)
        maria.fetch("POST", "/shifts", {"ownerId": anna["id"], "date": free.isoformat(), "startTime": "10:00", "durationMinutes": 240,
                                        "override": True, "reason": "e2e: a shift to cost"})
        plan = maria.fetch("GET", f"/plan?from={monday}&to={sunday}")
    week = plan["totals"]["weeks"][0]
    mine = next(person for person in week["people"] if person["userId"] == anna["id"])
    if not mine.get("costCents") or not week["overBudget"] or week["budgetCents"] != 1000:
        raise StepFailed(f"anna's week should cost something and the week be over its budget: {mine} {week['costCents']} {week['overBudget']}")

    open_week(maria, monday)
    # (The compact grid has the person's cost in the cell's title, the line itself hidden.)
    person_cost = f"#view-week td.grid-total[data-user-id='{anna['id']}'] .grid-total-cost"
    cell = maria.wait(lambda: (maria.css(person_cost) or [None])[0], WAIT, "anna's totals cell should have her cost")
    if cell.get_attribute("data-cost-cents") != str(mine["costCents"]):
        raise StepFailed(f"anna's cost should be {mine['costCents']} cents: {cell.get_attribute('data-cost-cents')}")
    title = maria.value_of(f"#view-week td.grid-total[data-user-id='{anna['id']}']", "title") or ""
    if "€" not in title:
        raise StepFailed(f"anna's totals cell should name her cost in its title: {title!r}")
    total = maria.wait_for("#view-week tfoot .grid-week-total .grid-total-cost", "the week's total should have its cost")
    if total.get_attribute("data-cost-cents") != str(week["costCents"]) or total.get_attribute("data-over-budget") != "true":
        raise StepFailed(f"the week should cost {week['costCents']} cents, over budget: {total.get_attribute('data-cost-cents')}")
    if "over budget" not in total.text.lower() or "grid-over" not in (total.get_attribute("class") or ""):
        raise StepFailed(f"the week over budget should say so in red: {total.text!r}")
    costed_day = next(day for day in week["days"] if day["costCents"])
    footer = maria.visible(f"#view-week tfoot td.grid-day-total[data-date='{costed_day['date']}'] .grid-total-cost")
    if footer is None or footer.get_attribute("data-cost-cents") != str(costed_day["costCents"]) or "€" not in footer.text:
        raise StepFailed(f"the footer of {costed_day['date']} should show its cost: {footer.text if footer else None!r}")
    # (Above the sticky publish bar, which covers the bottom of the screen.)
    maria.script("document.querySelector('#view-week tfoot').scrollIntoView({ block: 'center' });")
    maria.screenshot("week-cost-desktop")
    findings = maria.axe("team week with cost")
    if findings:
        raise StepFailed(f"axe-core: {findings}")

    # A new shift for anna in the grid: the preview says what it costs and that the week goes over budget.
    plan = maria.fetch("GET", f"/plan?from={monday}&to={sunday}")
    busy = {shift["date"] for shift in plan["shifts"] if shift["ownerId"] == anna["id"]}
    free = next((day for day in (monday + datetime.timedelta(days=offset) for offset in range(7)) if day.isoformat() not in busy), None)
    if free is not None:
        cell = f"#view-week tr[data-user-id='{anna['id']}'] td[data-date='{free}']"
        maria.click(f"{cell} [data-action=add-shift]", "maria adds a shift for anna")
        for name, value in (("startTime", "10:00"), ("endTime", "14:00")):
            maria.wait_for(f"dialog[open] input[name={name}]", "the new-shift form")
            maria.script("const input = document.querySelector(`dialog[open] input[name=${arguments[0]}]`);"
                         " input.value = arguments[1]; input.dispatchEvent(new Event('change'));", name, value)
        warning = maria.wait_for("dialog[open] .preview-cost[data-over-budget=true]", "the preview should warn that the week goes over budget")
        if "€" not in warning.text or "budget" not in warning.text.lower():
            raise StepFailed(f"the budget warning should name the cost and the budget: {warning.text!r}")
        hours_line = maria.wait_for("dialog[open] .preview-hours", "the preview's hours line")
        if "€" not in hours_line.text:
            raise StepFailed(f"anna's hours line should carry her cost: {hours_line.text!r}")
        maria.screenshot("week-cost-preview")
        maria.script("document.querySelector('dialog[open]').close();")

    # A phone: the shown day's totals line carries its cost.
    phone = s.open("maria-wages-phone", PHONE)
    phone.login("maria")
    open_week(phone, monday)
    # Day by day (›) to the costed day.
    for _ in range(7):
        phone.wait(lambda: (phone.visible(".day-totals") is not None), LOAD, "the phone should show the day's totals")
        if phone.value_of(".day-totals", "data-date") == costed_day["date"]:
            break
        phone.click("#view-week [data-action=next-day]", "maria goes to the next day")
    line = phone.wait(lambda: phone.value_of(".day-totals", "data-date") == costed_day["date"] and phone.visible(".day-totals").text,
                      WAIT, f"the phone should show {costed_day['date']}")
    if "€" not in line:
        raise StepFailed(f"the phone's day totals should show the day's cost: {line!r}")
    phone.screenshot("week-cost-phone")

    # anna: no cost on her page, no wage in her answers.
    worker = s.open("anna-wages", DESKTOP)
    worker.login("anna")
    open_week(worker, monday)
    if worker.css("#view-week .grid-total-cost"):
        raise StepFailed("an employee should see no cost")
    for path in ("/me", "/users", f"/team-schedule?from={monday}&to={sunday}", "/workplace"):
        text = worker.request("GET", path)["text"]
        if "hourlyCents" in text or "costCents" in text or "1450" in text:
            raise StepFailed(f"{path} should carry no wage or cost for an employee")
    if worker.request("GET", f"/users/{anna['id']}/wages")["status"] != 403:
        raise StepFailed("an employee may not read wages, not even her own")

    # Leave the demo as it was.
    maria.fetch("PUT", "/plan/budget", {"currency": before_budget["currency"], "weeklyBudgetCents": before_budget["weeklyBudgetCents"]})
    maria.fetch("PUT", f"/users/{anna['id']}/wages", {"wages": [wage for wage in maria.fetch("GET", f"/users/{anna['id']}/wages")["wages"]
                                                              if wage["hourlyCents"] != 1450]})
