"""Issue 16: bram asks for a day off; maria sees the request live and approves it with a note; bram
sees the approval and the note live; his kitchen shift that day goes to the marketplace, where daan
(qualified for the kitchen) sees it live and anna (bar only) finds it only behind the "other
positions" toggle, marked and without a pick-up. maria's team week marks bram's day off; bram saves
a recurring unavailable time (removed again afterwards)."""

from flows import future_own_shifts
from harness import LIVE, WAIT, StepFailed

NEEDS = ("anna", "bram", "maria")
LEAVES = ()


def run(s):
    anna, bram, maria = s.browser("anna"), s.browser("bram"), s.browser("maria")
    kitchen = sorted((shift for shift in future_own_shifts(bram) if shift.get("position") == "kitchen"), key=lambda shift: shift["date"])
    if not kitchen:
        raise StepFailed("the demo data needs a future kitchen shift of bram's")
    shift = kitchen[0]
    daan = s.open("daan")
    daan.login("daan")
    daan.go("market")
    anna.go("market")
    maria.go("time-off-queue")
    bram.go("time-off")
    bram.script("document.querySelector(arguments[0]).value = arguments[1];", "#view-time-off input[name=firstDate]", shift["date"])
    bram.type("#view-time-off input[name=reason]", "Family wedding", "bram writes a reason")
    bram.click("#view-time-off [data-action=request-time-off]", "bram asks for the day off")
    pending = "#view-time-off li[data-time-off-id][data-status=pending]"
    bram.wait_for(pending, "bram's request should be listed as waiting")
    time_off_id = bram.attribute(pending, "data-time-off-id", "the request's id")
    bram.screenshot("time-off")
    queued = f"#view-time-off-queue .time-off-queue li[data-time-off-id='{time_off_id}']"
    maria.wait_for(queued, "maria should see bram's request in the time-off queue without a reload", timeout=LIVE)
    maria.assert_not_reloaded("seeing the time-off request")
    maria.screenshot("time-off-queue")
    maria.type(f"{queued} input[name=note]", "Have fun!", "maria writes a note")
    maria.click(f"{queued} [data-action=approve-time-off]", "maria approves the time off")
    maria.wait_gone(queued, "the approved request should leave the queue")
    approved = f"#view-time-off li[data-time-off-id='{time_off_id}']"
    bram.wait_for(f"{approved}[data-status=approved]", "bram should see the approval live", timeout=LIVE)
    bram.wait_text(approved, lambda text: "Have fun!" in text, "bram should see maria's note on his approved time off")
    market_row = f"#view-market [data-shift-id='{shift['id']}']"
    daan.wait_for(f"{market_row} [data-action=pick-up]", "daan (kitchen) should see bram's released shift live", timeout=LIVE)
    daan.assert_not_reloaded("seeing the released shift")
    daan.screenshot("market-time-off-released")
    # anna is not qualified for the kitchen: the shift stays out of her list, behind the toggle.
    anna.wait_for("#view-market [data-action=toggle-unqualified]", "anna should be offered the shifts she is not qualified for", timeout=LIVE)
    if anna.css(market_row):
        raise StepFailed("anna (bar only) should not see bram's kitchen shift on her marketplace")
    anna.click("#view-market [data-action=toggle-unqualified]", "anna shows the other positions")
    anna.wait_for(f"{market_row} .badge.not-qualified", "the kitchen shift should be marked as not her position")
    if anna.css(f"{market_row} [data-action=pick-up]"):
        raise StepFailed("anna should not be offered the pick-up of a kitchen shift")
    anna.screenshot("market-not-qualified")
    anna.click("#view-market [data-action=toggle-unqualified]", "anna hides them again")
    s.close("daan")

    # The team week marks bram's day off; bram keeps a recurring unavailable time.
    bram_id = bram.fetch("GET", "/me")["user"]["id"]
    maria.script("location.hash = arguments[0];", f"#/week?from={shift['date']}")
    maria.wait_for(f"#view-week td[data-date='{shift['date']}'][data-user-id='{bram_id}'] .grid-time-off",
                   "maria's team week should mark bram's day off", timeout=LIVE)
    maria.screenshot("week-time-off")
    bram.go("availability")
    bram.click("#view-availability [data-action=add-availability]", "bram adds an unavailable time")
    bram.click("#view-availability [data-action=save-availability]", "bram saves his availability")
    bram.wait_for("#view-availability .availability-unavailable", "bram's availability should list the new time")

    def saved():
        mine = [member for member in bram.fetch("GET", "/availability") if member["userId"] == bram_id]
        return bool(mine) and len(mine[0]["entries"]) == 1
    bram.wait(saved, WAIT, "bram's availability should be saved", poll=0.3)
    bram.screenshot("availability")
    bram.fetch("PUT", f"/users/{bram_id}/availability", {"entries": []})
