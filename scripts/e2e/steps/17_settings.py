"""Issue 17: maria edits the settings: reminder minutes, a weekly limit that only warns, the
availability rule, a break rule. Typing another time zone explains what it does, saving asks first
and naming the new zone, and cancelling changes nothing; the rest is saved.

Leaves the workplace with reminders 45 minutes before, a 48-hour weekly warning, the availability
rule on warn and a 30-minute break after 6 hours."""

from selenium.webdriver.common.by import By

from harness import WAIT, StepFailed

NEEDS = ("maria",)
LEAVES = ()


def run(s):
    maria = s.browser("maria")
    before = maria.fetch("GET", "/workplace")
    maria.go("settings")
    form = "#settings-form"
    maria.wait_for(f"{form} input[name=reminderMinutesBefore]", "the settings page should show the reminder minutes")
    reminder = maria.visible(f"{form} input[name=reminderMinutesBefore]")
    reminder.clear()
    reminder.send_keys("45")
    weekly = maria.visible(f"{form} input[name='maxWeeklyHours.limit']")
    weekly.clear()
    weekly.send_keys("48")
    maria.script("arguments[0].value = 'warn';", maria.visible(f"{form} select[name='maxWeeklyHours.severity']"))
    maria.script("arguments[0].value = 'warn';", maria.visible(f"{form} select[name=availabilityRule]"))
    rules_before = len(maria.css(f"{form} .break-rule"))
    maria.click(f"{form} [data-action=add-break-rule]", "maria adds a break rule")
    maria.wait(lambda: len(maria.css(f"{form} .break-rule")) > rules_before, WAIT, "the new break rule should show")
    rule = maria.css(f"{form} .break-rule")[-1]
    rule.find_element(By.CSS_SELECTOR, "input[name=afterMinutes]").send_keys("360")
    rule.find_element(By.CSS_SELECTOR, "input[name=breakMinutes]").send_keys("30")
    zone = maria.visible(f"{form} input[name=timeZone]")
    zone.clear()
    zone.send_keys("America/New_York")
    note = maria.wait_for(f"{form} .zone-note", "typing another time zone should explain what it does")
    if "same local times" not in note.text:
        raise StepFailed(f"the time-zone note should explain the effect: {note.text}")
    maria.screenshot("settings-zone-note")
    maria.click(f"{form} button[type=submit]", "maria saves with another zone")
    dialog = maria.wait_for("dialog[open]", "a time-zone change should be confirmed first")
    if "America/New_York" not in dialog.text:
        raise StepFailed(f"the confirmation should name the new zone: {dialog.text}")
    maria.click("dialog[open] button[type=button]", "maria cancels the zone change")
    maria.wait_gone("dialog[open]", "the dialog should close")
    if maria.fetch("GET", "/workplace")["timeZone"] != before["timeZone"]:
        raise StepFailed("cancelling the zone change must not change the zone")
    zone.clear()
    zone.send_keys(before["timeZone"])
    maria.click(f"{form} button[type=submit]", "maria saves the settings")
    maria.wait(lambda: maria.fetch("GET", "/workplace")["settings"]["reminderMinutesBefore"] == 45, WAIT,
               "the reminder minutes should be saved", poll=0.3)
    saved = maria.fetch("GET", "/workplace")["settings"]["hourLimits"]["maxWeeklyHours"]
    if saved != {"limit": 48, "severity": "warn"}:
        raise StepFailed(f"the weekly limit should be 48 hours, warn only: {saved}")
    if maria.fetch("GET", "/workplace")["settings"].get("availabilityRule") != "warn":
        raise StepFailed("the availability rule should be saved as warn only")
    if {"afterMinutes": 360, "breakMinutes": 30} not in maria.fetch("GET", "/timeclock/rules")["breakRules"]:
        raise StepFailed("the break rule should be saved")
    maria.screenshot("settings")
