"""Issue 7, step 5: anna turns on her calendar feed; the URL the page shows once parses with a real
iCalendar parser (`icalendar`), the shift she traded in step 02 CANCELLED and her others
CONFIRMED; turned off, the URL answers 404.

Builds on 02: `traded_shift` left anna's schedule."""

import urllib.error
import urllib.request

from harness import WAIT, StepFailed

NEEDS = ("anna", "traded_shift")
LEAVES = ()


def run(s):
    anna = s.browser("anna")
    anna.go("calendar")
    anna.click("[data-action=enable-feed]", "anna turns on her calendar feed")
    url = anna.attribute("#calendar-feed-url", "value", "the calendar URL should be shown once")
    anna.screenshot("calendar")
    check_feed(url, anna_lost=s.fact("traded_shift")["id"])
    anna.click("[data-action=disable-feed]", "anna turns her calendar feed off")
    anna.confirm_dialog("anna turns her calendar feed off")
    anna.wait_for("[data-feed-state=off]", "the calendar view should say the feed is off")
    try:
        urllib.request.urlopen(url, timeout=WAIT)
        raise StepFailed("the calendar URL should stop working once the feed is turned off")
    except urllib.error.HTTPError as error:
        if error.code != 404:
            raise StepFailed(f"a turned-off calendar URL should answer 404, not {error.code}") from None


def check_feed(url, anna_lost):
    import icalendar

    with urllib.request.urlopen(url, timeout=WAIT) as response:
        if not response.headers.get("Content-Type", "").startswith("text/calendar"):
            raise StepFailed(f"the calendar feed has Content-Type {response.headers.get('Content-Type')}")
        body = response.read()
    calendar = icalendar.Calendar.from_ical(body)
    events = {str(event["UID"]).split("@")[0]: event for event in calendar.walk("VEVENT")}
    lost = events.get(f"shift-{anna_lost}")
    if lost is None or str(lost["STATUS"]) != "CANCELLED":
        raise StepFailed(f"anna's feed should list the traded shift {anna_lost} as CANCELLED; events: {sorted(events)}")
    if not any(str(event["STATUS"]) == "CONFIRMED" for event in events.values()):
        raise StepFailed("anna's feed should list her remaining shifts as CONFIRMED")
