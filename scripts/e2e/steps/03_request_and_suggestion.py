"""Issue 7, step 2: bram asks for work on a free date; anna sees the request live and suggests her
shift that day; bram sees the suggestion live and accepts it; maria approves; the shift is on
bram's schedule. Nobody reloads.

Builds on 02: `suggested_shift` is anna's shift on a day bram is free."""

import time

from flows import approve, ask_for_work
from harness import LIVE

NEEDS = ("anna", "bram", "maria", "suggested_shift")
LEAVES = ()


def run(s):
    anna, bram, maria = s.browser("anna"), s.browser("bram"), s.browser("maria")
    suggested = s.fact("suggested_shift")
    second_id = suggested["id"]
    coworker_row = ask_for_work(bram, anna, suggested["date"])
    anna.screenshot("requests")
    anna.click(f"{coworker_row} [data-action=suggest]", "anna suggests her shift")
    accept = f"{coworker_row} [data-shift-id='{second_id}'] [data-action=accept]"
    bram.wait_for(accept, "bram should see anna's suggestion live", timeout=LIVE)
    bram.screenshot("requests-suggestion")
    bram.click(accept, "bram accepts the suggestion")
    bram.confirm_dialog("bram accepts the suggestion")
    accepted = time.monotonic()
    approve(maria, second_id, "", accepted)
    bram.go("schedule")
    bram.wait_for(f"#view-schedule [data-shift-id='{second_id}']", "the suggested shift should be on bram's schedule", timeout=LIVE)
    for browser in (anna, bram, maria):
        browser.assert_not_reloaded("the request, suggestion and approval")
