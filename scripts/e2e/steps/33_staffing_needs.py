"""Staffing needs: maria says the bar needs two people on Friday evenings and one until 02:00 on
Saturday night; a need for 0 people is refused in its own row (the field marked, nothing saved);
the saved list is what the server keeps, sorted, with "(next day)" on the overnight one. The team
week then marks, under its day headers, each day's short stretches exactly as the plan computes
them (week-coverage-desktop.png, week-coverage-phone.png)."""

from harness import PHONE, StepFailed

NEEDS = ("maria",)
LEAVES = ()


def _fill_last(maria, weekday, start, end, position, people):
    maria.script(
        """
        const row = [...document.querySelectorAll('#staffing-form .staffing-need')].pop();
        const set = (name, value) => { const c = row.querySelector(`[name=${name}]`); c.value = value; c.dispatchEvent(new Event('input', { bubbles: true })); };
        set('weekday', arguments[0]); set('startTime', arguments[1]); set('endTime', arguments[2]); set('position', arguments[3]); set('headcount', arguments[4]);
        """, str(weekday), start, end, position, str(people))


def run(s):
    maria = s.browser("maria")
    before = maria.fetch("GET", "/coverage-needs")["needs"]
    maria.go("staffing")
    maria.wait_for("#staffing-form", "the staffing needs form")
    maria.click("#staffing-form [data-action=add-need]", "maria adds a need")
    _fill_last(maria, 6, "22:00", "02:00", "", 1)
    maria.click("#staffing-form [data-action=add-need]", "maria adds another need")
    _fill_last(maria, 5, "17:00", "23:00", "Bar", 0)
    maria.click("#staffing-form [data-action=save-needs]", "maria saves with a need for nobody")
    marked = maria.wait_for("#staffing-form .staffing-need [name=headcount][aria-invalid=true]", "the need for 0 people should be marked")
    row_error = maria.text("#staffing-form .staffing-need:last-child .field-error")
    if str(len(before) + 2) not in row_error:
        raise StepFailed(f"the refusal should name the need by its number: {row_error!r}")
    if maria.fetch("GET", "/coverage-needs")["needs"] != before:
        raise StepFailed("a refused list must not be saved")
    maria.script("arguments[0].value = '2'; arguments[0].dispatchEvent(new Event('input', { bubbles: true }));", marked)
    maria.click("#staffing-form [data-action=save-needs]", "maria saves the needs")
    maria.wait(lambda: len(maria.fetch("GET", "/coverage-needs")["needs"]) == len(before) + 2, 10, "the two needs should be saved")
    saved = maria.fetch("GET", "/coverage-needs")["needs"]
    bar = [need for need in saved if need.get("position") == "Bar" and need["weekday"] == 5]
    night = [need for need in saved if need["weekday"] == 6 and need["endTime"] == "02:00"]
    if not bar or bar[0]["headcount"] != 2 or not night or "position" in night[0]:
        raise StepFailed(f"the saved needs should be the bar's two and anyone overnight: {saved}")
    maria.wait(lambda: maria.script("return document.querySelectorAll('#staffing-form .staffing-overnight:not([hidden])').length") >= 1, 10,
               "the overnight need should say it ends the next day")
    maria.screenshot("staffing-needs")

    # The team week marks the needs against the shifts under the day headers: a day's short
    # stretches are the plan's, and the row's heading leads back to the needs.
    maria.go("week")
    maria.wait_for("#view-week thead tr.grid-coverage-row", "the week should show the staffing row")
    days = maria.script("return [...document.querySelectorAll('#view-week thead th.grid-day')].map((th) => th.dataset.date);")
    plan = maria.fetch("GET", f"/plan?from={days[0]}&to={days[-1]}")
    for date in days:
        short = [seg for seg in plan["coverage"] if seg["date"] == date and seg["staffed"] < seg["needed"]]
        shown = maria.script(f"return document.querySelector(\"#view-week tr.grid-coverage-row td[data-date='{date}']\").dataset.short;")
        if shown != str(len(short)):
            raise StepFailed(f"{date}: the staffing row shows {shown} short stretches, the plan has {len(short)}: {short}")
    if not any(seg["staffed"] < seg["needed"] for seg in plan["coverage"]):
        raise StepFailed(f"the demo week should be short somewhere (the bar on Friday evening): {plan['coverage']}")
    maria.screenshot("week-coverage-desktop")
    phone = s.open("maria-coverage-phone", PHONE)
    phone.login("maria")
    phone.go("week")
    phone.wait_for("#view-week thead tr.grid-coverage-row", "the phone's week should show the staffing row")
    phone.screenshot("week-coverage-phone")
