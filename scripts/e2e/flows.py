"""Pieces of the shift domain more than one step of the browser test uses: finding demo shifts that
suit a step, the approval queue, asking for work, the language picker, PINs and bearer logins."""

import datetime
import json
import time
import urllib.request

from harness import LIVE, LOAD, PASSWORD, WAIT, StepFailed


def tomorrow():
    return (datetime.date.today() + datetime.timedelta(days=1)).isoformat()


def workplace_today(browser):
    """Today in the workplace's time zone, as the page counts days."""
    zone = browser.fetch("GET", "/me")["workplace"]["timeZone"]
    return datetime.date.fromisoformat(browser.script(
        "return new Intl.DateTimeFormat('en-CA', {timeZone: arguments[0]}).format(new Date());", zone))


def on_shift_now(manager, member_id, minutes=60):
    """Makes sure the member works around now (workplace time): a one-hour shift starting in ten
    minutes (a shift cannot start in the past) unless one already overlaps it. The kiosk's name tiles are the people scheduled from two hours ago to two
    hours ahead, so a step that taps a name must not depend on the hour the test runs at."""
    zone = manager.fetch("GET", "/me")["workplace"]["timeZone"]
    date, clock = manager.script(
        "const parts = new Intl.DateTimeFormat('en-CA', {timeZone: arguments[0], year: 'numeric', month: '2-digit',"
        " day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23'}).formatToParts(new Date(Date.now() + 600000));"
        " const part = (type) => parts.find((p) => p.type === type).value;"
        " return [`${part('year')}-${part('month')}-${part('day')}`, `${part('hour')}:${part('minute')}`];", zone)
    body = {"ownerId": member_id, "date": date, "startTime": clock, "durationMinutes": minutes,
            "override": True, "reason": "e2e: on shift for the kiosk"}
    answer = manager.request("POST", "/shifts", body)
    # 409 shift_overlap: the member already works now, which is all the step needs.
    if answer["status"] not in (201, 409):
        raise StepFailed(f"a shift from now for member {member_id} answered {answer['status']}: {answer['text'][:300]}")
    if answer["status"] == 409 and "overlap" not in answer["text"]:
        raise StepFailed(f"a shift from now for member {member_id} was refused: {answer['text'][:300]}")


def scheduled_shifts(browser, weeks=8):
    """The logged-in member's own shifts (GET /schedule), flattened."""
    return [shift for week in browser.fetch("GET", f"/schedule?weeks={weeks}") for shift in week["shifts"]]


def future_own_shifts(browser):
    """The member's scheduled, assigned shifts after tomorrow."""
    after = tomorrow()
    return [shift for shift in scheduled_shifts(browser)
            if shift["status"] == "scheduled" and not shift.get("unassigned") and shift["date"] > after]


def pick_dates(anna, bram):
    """Two of anna's future scheduled shifts on days bram is free (he may work one shift a day)."""
    free = {entry["date"] for entry in bram.fetch("GET", "/requests/free-dates")}
    candidates = [shift for shift in future_own_shifts(anna) if shift["date"] in free]
    dates = sorted({shift["date"] for shift in candidates})
    if len(dates) < 2:
        raise StepFailed(f"the demo data needs two days where anna works and bram is free; found {dates}")
    first = next(shift for shift in candidates if shift["date"] == dates[0])
    second = next(shift for shift in candidates if shift["date"] == dates[1])
    return first, second


def pick_another(anna, bram, exclude):
    """One more of anna's future scheduled shifts on a day bram is free, not on the `exclude` dates."""
    free = {entry["date"] for entry in bram.fetch("GET", "/requests/free-dates")}
    candidates = sorted((shift for shift in future_own_shifts(anna) if shift["date"] in free and shift["date"] not in exclude),
                        key=lambda shift: shift["date"])
    if not candidates:
        raise StepFailed("the demo data needs another day where anna works and bram is free")
    return candidates[0]


def deal_row(shift_id):
    """A deal's card in the manager's approval queue, found by its shift."""
    return f"#view-approvals li[data-deal-id]:has([data-shift-id='{shift_id}'])"


def approve(maria, shift_id, note, started):
    """Maria approves the deal of `shift_id` from her queue (it must arrive there live); returns
    the seconds from `started` until she saw it."""
    maria.wait_for(deal_row(shift_id), "the pending deal should appear in the approval queue without a reload", timeout=LIVE)
    latency = time.monotonic() - started
    if note:
        maria.type(f"{deal_row(shift_id)} input[name=note]", note, "maria writes a note")
    maria.click(f"{deal_row(shift_id)} [data-action=approve]", "maria approves")
    maria.wait_gone(deal_row(shift_id), "the approved deal should leave the queue")
    return latency


def ask_for_work(bram, anna, date, page=""):
    """Bram asks for work on `date` from Requests; anna sees his request live with a suggest button.
    Returns the selector of his request's row as coworkers see it."""
    bram.go("requests")
    anna.go("requests")
    mine = f"#view-requests li[data-request-id]:has(time[datetime='{date}']):has([data-action=withdraw])"
    box = f"#request-form input[name=dates][value='{date}']"
    # The date picker is folded away below what coworkers ask (issue 17); it stays open across live reloads.
    bram.click("#ask-details:not([open]) > summary", f"bram opens the date picker{page}")
    # A live update may draw the form again between the tick and the submit, dropping the tick. The
    # submit therefore goes out in the same turn of the page's event loop as a check that the box is
    # still ticked (the form reads its boxes when submitted); a lost tick is ticked again.
    for _ in range(5):
        bram.click(f"{box}:not(:checked)", f"bram ticks a free date he is offered{page}")
        posted = bram.script(
            """
            const box = document.querySelector(arguments[0]);
            const submit = document.querySelector('#request-form [data-action=post-requests]');
            if (!box || !box.checked || !submit) return false;
            submit.click();
            return true;
            """, box)
        if posted:
            break
    else:
        raise StepFailed(f"[bram] the date picker kept losing the tick on {date}{page}")
    bram.wait_for(mine, f"bram's request should be listed{page}")
    request_id = bram.attribute(mine, "data-request-id", "bram's request should be listed")
    coworker_row = f"#view-requests li[data-request-id='{request_id}']"
    anna.wait_for(f"{coworker_row} [data-action=suggest]", f"anna should see bram's request live with a suggest button{page}", timeout=LIVE)
    return coworker_row


def switch_to_dutch(browser):
    """Chooses Nederlands in the page's own language picker (nav footer; PUT /me/language)."""
    from selenium.webdriver.support.ui import Select
    if not browser.visible("#language-select"):
        browser.click("#menu-button", f"{browser.name} opens the menu to reach the language picker")
    picker = browser.wait_for("#language-select", "the nav should offer a language picker")
    Select(picker).select_by_value("nl")
    browser.wait(lambda: browser.script("return document.documentElement.lang;") == "nl", WAIT,
                 "choosing Nederlands should switch the page to Dutch")
    browser.assert_not_reloaded("switching the page to Dutch")
    if browser.fetch("GET", "/me").get("languagePreference") != "nl":
        raise StepFailed(f"[{browser.name}] the choice should be saved on the account (languagePreference nl)")
    browser.script("document.body.classList.remove('menu-open');")


def give_pin(maria, user_id, candidates):
    """Maria sets a member's kiosk PIN: the first of `candidates` no other member has. Returns it."""
    for pin in candidates:
        try:
            maria.fetch("PUT", f"/users/{user_id}/pin", {"pin": pin})
            return pin
        except StepFailed as failure:
            if "pin_taken" not in str(failure):
                raise
    raise StepFailed(f"every PIN of {candidates} is taken")


def user_id(manager, username):
    return next(member["id"] for member in manager.fetch("GET", "/users") if member["username"] == username)


# Each kiosk punch of the scenario is by a member who has not punched in it before: a second punch
# of one member within a minute is a double tap the server refuses (KioskPunch.repeatWindow), and
# how fast the steps run must not decide whether a punch counts.
KIOSK_PUNCHERS = {"kiosk": "anna", "kiosk-pin": "bram", "kiosk-name-first": "sara", "nl-kiosk": "finn"}


def bearer_token(server, username):
    """A bearer session as another device would make one (plain HTTP, not the page)."""
    request = urllib.request.Request(
        f"{server.base}/api/v1/sessions", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"workplace": "demo", "username": username, "password": PASSWORD, "client": "bearer"}).encode())
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return json.loads(response.read())["token"]


def views_for(browser):
    """The view ids the page's registry offers the logged-in user, in nav order."""
    return browser.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        Promise.all([import('/views/index.js'), fetch('/api/v1/me', { credentials: 'same-origin' }).then((r) => r.json())])
          .then(([registry, me]) => done(registry.viewsFor(me.user.role).map((view) => view.id)))
          .catch((error) => done([]));
        """)


def publish_week(manager, what):
    """Publishes the drafts of the week the manager's grid shows (changes on the grid are drafts
    until then): Review and publish, then Publish with the preview's revision."""
    manager.click("#view-week [data-action=review-publish]", f"{what}: the manager opens Review and publish")
    manager.click("dialog[open] [data-action=confirm-publish]", f"{what}: the manager publishes")
    manager.wait_gone("dialog[open]", f"{what}: the review should close after publishing")


def open_week(browser, monday):
    """Shows the team week of `monday` (the grid with that date's column) and waits for it to load."""
    browser.script("location.hash = arguments[0];", f"#/week?from={monday}")
    browser.wait_for(f"#view-week td[data-date='{monday}']", "the team week should show that week", timeout=LOAD)
    browser.wait(lambda: not browser.css("#view-week[aria-busy=true]"), LOAD, "the team week should finish loading")
