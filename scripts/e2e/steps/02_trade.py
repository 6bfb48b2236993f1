"""Issue 7, step 1: anna, bram and maria log in at their own desktops. anna offers a shift; bram
sees it on the marketplace without a reload and picks it up; maria sees the pick-up in her approval
queue live and approves it with a note; both schedules follow live and bram's notification badge
counts the approval. How long each live update took is measured and printed (not judged)."""

import time

from flows import approve, deal_row, pick_dates
from harness import LIVE

NEEDS = ()
LEAVES = ("anna", "bram", "maria", "traded_shift", "suggested_shift")


def run(s):
    anna, bram, maria = s.open("anna"), s.open("bram"), s.open("maria")
    for person, browser in (("anna", anna), ("bram", bram), ("maria", maria)):
        browser.login(person)

    # Two of anna's shifts on days bram is free: this step trades the first, step 03 the second.
    supplied, suggested = pick_dates(anna, bram)
    s.leave("traded_shift", supplied)
    s.leave("suggested_shift", suggested)
    shift_id = supplied["id"]

    bram.go("market")
    maria.go("approvals")
    anna.go("schedule")
    anna.screenshot("schedule")
    row_selector = f"#view-schedule [data-shift-id='{shift_id}']"
    anna.click(f"{row_selector} [data-action=supply]", "anna offers her shift")
    started = time.monotonic()
    market_row = f"#view-market [data-shift-id='{shift_id}']"
    bram.wait_for(f"{market_row} [data-action=pick-up]", "bram should see anna's shift on the marketplace without a reload", timeout=LIVE)
    s.timings["marketplace appears (s)"] = time.monotonic() - started
    bram.assert_not_reloaded("seeing the supplied shift")
    anna.wait_for(f"{row_selector} [data-action=revoke]", "anna's schedule should show the shift as offered")
    bram.screenshot("market")

    bram.click(f"{market_row} [data-action=pick-up]", "bram picks up the shift")
    bram.confirm_dialog("bram picks up the shift")
    picked = time.monotonic()
    bram.wait_gone(market_row, "the taken shift should leave the marketplace")
    maria.wait_for(deal_row(shift_id), "maria should see the pick-up in the approval queue live", timeout=LIVE)
    s.timings["approval queue appears (s)"] = time.monotonic() - picked
    maria.screenshot("approvals")
    bram.go("schedule")
    s.timings["approval seen after (s)"] = approve(maria, shift_id, "fine by me", picked)
    approved = time.monotonic()
    anna.wait_gone(row_selector, "the traded shift should leave anna's schedule live", timeout=LIVE)
    bram.wait_for(f"#view-schedule [data-shift-id='{shift_id}']", "the shift should appear on bram's schedule live", timeout=LIVE)
    s.timings["both schedules updated (s)"] = time.monotonic() - approved
    for browser in (anna, bram, maria):
        browser.assert_not_reloaded("following the trade")

    def badge():
        digits = "".join(filter(str.isdigit, bram.text("#notification-count")))
        return bool(digits) and int(digits) > 0
    bram.wait(badge, LIVE, "bram's notification badge should count the approval")
    bram.screenshot("schedule-after-trade")
