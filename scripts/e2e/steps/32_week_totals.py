"""Issue 28, slice 2: the plan's totals on the team week. Seven more people join the demo
workplace (15 in all) and get shifts next week, so maria's grid turns compact by itself: ~36 px
rows, one line per shift, the "Open shifts" row first and the day totals at the bottom, all at
1366x900. Every person's totals cell and every day's footer cell say what GET /plan says; the
demo's finn is over his contract and his cell says so in words. A shift maria makes open moves to
the Open shifts row ("from …") and out of its owner's hours. On a phone the shown day's totals sit
above the list; anna (an employee) sees only her own week's hours. The compact switch is
remembered."""

import datetime
import json
import urllib.request

from flows import open_week, workplace_today
from harness import DESKTOP, LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()

NEWCOMERS = [("kim", "Kim Peters"), ("lars", "Lars Hendriks"), ("mila", "Mila Dekker"), ("noah", "Noah Vos"),
             ("olaf", "Olaf Meijer"), ("pien", "Pien Bos"), ("ruben", "Ruben Kok")]


def sign_up(base, code, username, name):
    """Joins the demo workplace with the invite code, outside any browser (a browser would switch session)."""
    body = json.dumps({"workplace": "demo", "inviteCode": code, "username": username, "displayName": name,
                       "password": "e2e totals password 1"}).encode()
    request = urllib.request.Request(f"{base}/api/v1/signup", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=LOAD) as response:
        if response.status != 201:
            raise StepFailed(f"signing up {username} answered {response.status}")


def run(s):
    maria = s.open("maria-totals", DESKTOP)
    maria.login("maria")
    today = workplace_today(maria)
    monday = today + datetime.timedelta(days=7 - today.weekday())
    days = [(monday + datetime.timedelta(days=offset)).isoformat() for offset in range(7)]

    # Seven newcomers, two shifts each next week (no position: no qualification needed).
    known = {member["username"] for member in maria.fetch("GET", "/users")}
    fresh = [(username, name) for username, name in NEWCOMERS if username not in known]
    if fresh:
        invite = maria.fetch("POST", "/invites", {"maxUses": len(fresh), "validForHours": 1, "note": "e2e: totals"})
        for username, name in fresh:
            sign_up(s.server.base, invite["code"], username, name)
    members = {member["username"]: member for member in maria.fetch("GET", "/users")}
    created = []
    for index, (username, _) in enumerate(NEWCOMERS):
        for day in (days[index % 7], days[(index + 3) % 7]):
            created.append(maria.fetch("POST", "/shifts", {"ownerId": members[username]["id"], "date": day, "startTime": "09:00",
                                                           "durationMinutes": 480 if index % 2 else 300}))
    # One of them is released: it waits in the Open shifts row and counts for nobody.
    released = created[0]
    maria.fetch("POST", f"/shifts/{released['id']}/unassign", {"note": "e2e: open shift for the totals"})

    plan = maria.fetch("GET", f"/plan?from={days[0]}&to={days[6]}")
    week = plan["totals"]["weeks"][0]
    open_week(maria, monday)
    maria.wait_for("#view-week thead th.grid-total", "a manager's grid should have the totals column")
    if "compact" not in (maria.value_of("#view-week .week-grid", "class") or ""):
        raise StepFailed("with 15 people the grid should be compact by itself")

    # Each person's cell and each day's footer cell say what the plan says.
    for person in week["people"]:
        cell = maria.wait_for(f"#view-week td.grid-total[data-user-id='{person['userId']}']", f"{person['name']}'s totals cell")
        if cell.get_attribute("data-minutes") != str(person["minutes"]):
            raise StepFailed(f"{person['name']}'s totals should be {person['minutes']} minutes: {cell.get_attribute('data-minutes')}")
        over = person["overContract"] or person["overLimit"]
        if over != ("grid-over" in cell.get_attribute("class")) or (over and "over" not in cell.text.lower()):
            raise StepFailed(f"{person['name']}'s cell should {'say over' if over else 'not say over'}: {cell.text!r}")
    finn = next(person for person in week["people"] if person["userId"] == members["finn"]["id"])
    if not finn["overContract"]:
        raise StepFailed(f"the demo data should put finn over his 12-hour contract: {finn}")
    for day in week["days"]:
        footer = maria.visible(f"#view-week tfoot td.grid-day-total[data-date='{day['date']}']")
        if footer is None or footer.get_attribute("data-minutes") != str(day["minutes"]) or footer.get_attribute("data-headcount") != str(day["headcount"]):
            raise StepFailed(f"the footer of {day['date']} should show {day['headcount']} people, {day['minutes']} minutes")
    week_total = maria.visible("#view-week tfoot td.grid-week-total")
    if week_total is None or week_total.get_attribute("data-minutes") != str(week["minutes"]):
        raise StepFailed(f"the week's total should be {week['minutes']} minutes")

    # The released shift sits in the Open shifts row, saying whom it came from, and not in its owner's hours.
    button = maria.wait_for(f"#view-week tr.grid-open-row .grid-shift[data-shift-id='{released['id']}']", "the open shift in the Open shifts row")
    if released["ownerName"] not in button.get_attribute("aria-label") or maria.css(
            f"#view-week tr[data-user-id='{released['ownerId']}'] .grid-shift[data-shift-id='{released['id']}']"):
        raise StepFailed("the released shift should be in the Open shifts row only")
    if maria.script("return document.querySelector('#view-week tbody tr').classList.contains('grid-open-row');") is not True:
        raise StepFailed("the Open shifts row should come first")

    # 15 people, the open row, the header and the footer fit at 1366x900: rows of about 36 px.
    heights = maria.script("return [...document.querySelectorAll('#view-week tbody tr')].map((row) => row.getBoundingClientRect().height);")
    # (A cell with two shifts or time off grows; the typical row is what must be small.)
    if len(heights) < 16 or sorted(heights)[len(heights) // 2] > 40:
        raise StepFailed(f"the compact grid's rows should be about 36 px high: {heights}")
    grid_height = maria.script("const r = document.querySelector('#view-week .week-grid').getBoundingClientRect(); return r.height;")
    print(f"    compact grid at 1366x900: {len(heights)} rows, {grid_height:.0f} px high (rows {min(heights):.0f}-{max(heights):.0f} px)")
    if grid_height > 900:
        raise StepFailed(f"the compact grid should fit a 900 px high screen: {grid_height:.0f} px")
    maria.script("document.querySelector('#view-week .week-toolbar').scrollIntoView();")
    maria.screenshot("week-totals-desktop")
    findings = maria.axe("team week with totals")
    if findings:
        raise StepFailed(f"axe-core: {findings}")

    # The switch: off, remembered across a reload of the view, then back to "decide by rows".
    maria.click("#week-compact", "maria turns the compact rows off")
    maria.wait(lambda: "compact" not in (maria.value_of("#view-week .week-grid", "class") or ""), WAIT, "the grid should leave compact")
    maria.screenshot("week-totals-roomy")
    open_week(maria, monday + datetime.timedelta(days=7))
    open_week(maria, monday)
    if "compact" in (maria.value_of("#view-week .week-grid", "class") or ""):
        raise StepFailed("the compact switch should be remembered")
    maria.script("localStorage.removeItem('shifty.week.compact');")

    # A phone: one day, its totals above the list.
    phone = s.open("maria-totals-phone", PHONE)
    phone.login("maria")
    open_week(phone, monday)
    line = phone.wait_for(".day-totals", "the phone should show the day's totals above the list")
    first = week["days"][int(phone.value_of("#view-week .week-grid", "data-day"))]
    if line.get_attribute("data-date") != first["date"] or str(first["headcount"]) not in line.text:
        raise StepFailed(f"the phone's day totals should be {first}: {line.text!r}")
    if phone.visible("#view-week tfoot"):
        raise StepFailed("the phone keeps its layout: no footer row")
    phone.screenshot("week-totals-phone")

    # An employee: only her own week's hours.
    anna = s.open("anna-totals", DESKTOP)
    anna.login("anna")
    anna_id = anna.fetch("GET", "/me")["user"]["id"]
    shifts = anna.fetch("GET", f"/team-schedule?from={days[0]}&to={days[6]}")
    minutes = sum(round((datetime.datetime.fromisoformat(shift["endsAt"].replace("Z", "+00:00"))
                         - datetime.datetime.fromisoformat(shift["startsAt"].replace("Z", "+00:00"))).total_seconds() / 60)
                  for shift in shifts if shift["ownerId"] == anna_id and not shift.get("unassigned"))
    open_week(anna, monday)
    mine = anna.wait_for("#view-week tfoot .grid-my-hours", "anna should see her week's hours")
    if mine.get_attribute("data-minutes") != str(minutes):
        raise StepFailed(f"anna's week should be {minutes} minutes: {mine.get_attribute('data-minutes')} ({mine.text!r})")
    if anna.css("#view-week .grid-total"):
        raise StepFailed("an employee should not see other people's totals")
    anna.wait_for(f"#view-week tr.grid-open-row .grid-shift[data-shift-id='{released['id']}']", "anna sees the open shift in the Open shifts row")
    anna.screenshot("week-totals-employee")
