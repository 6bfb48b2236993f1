"""Every other main page photographed for people to look at (anna's and maria's); positions (issue
16): the team page shows emma's own 20-hour week and saves her as a bartender too; bram's schedule
and calendar feed on a 360x780 phone."""

from flows import user_id
from harness import WAIT

NEEDS = ("anna", "maria")
LEAVES = ()


def run(s):
    anna, maria = s.browser("anna"), s.browser("maria")
    for view in ("swaps", "now", "notifications", "account"):
        anna.go(view)
        anna.screenshot(view)
    for view in ("team", "fixed-shifts", "closed-days", "kiosks", "punches"):
        maria.go(view)
        maria.screenshot(view)

    # Positions (issue 16): the team page shows and saves a member's qualifications and own weekly limit.
    emma_id = user_id(maria, "emma")
    maria.go("team")
    emma_row = f"#view-team li.member[data-user-id='{emma_id}']"
    maria.click(f"{emma_row} [data-action=manage-member]", "maria opens emma's settings")
    maria.wait(lambda: maria.value_of(f"{emma_row} input[name=maxWeeklyHours]", "value") == "20",
               WAIT, "emma's own 20-hour week should be shown")
    maria.visible(f"{emma_row} input[name=positions]").clear()
    maria.type(f"{emma_row} input[name=positions]", "floor, bar", "maria makes emma a bartender too")
    maria.click(f"{emma_row} [data-action=save-qualifications]", "maria saves emma's positions")
    maria.wait(lambda: "bar" in next((m["positions"] for m in maria.fetch("GET", "/positions")["members"] if m["userId"] == emma_id), []),
               WAIT, "emma's qualifications should be saved", poll=0.3)
    maria.screenshot("team-qualifications")

    phone = s.open("phone", (360, 780))
    phone.login("bram")
    phone.go("schedule")
    phone.screenshot("schedule-phone")
    phone.go("calendar")
    phone.click("[data-action=enable-feed]", "bram turns on his calendar feed on a phone")
    phone.wait_for("#calendar-feed-url", "the calendar URL should be shown on a phone")
    phone.screenshot("calendar-phone")
