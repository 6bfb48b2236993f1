"""Issue 19, "Done means": the main flow once in Dutch. anna, bram and maria pick Nederlands in the
page's language picker; a guest gets Dutch from the browser's Accept-Language, a kiosk from the
workplace's default language. Offer, take, approve, request + suggestion, a kiosk punch and the
report, in Dutch; every page photographed as nl-<page>-{phone,desktop}.png at 390x844 and 1366x900
and checked at 390 px for text that does not fit.

Leaves everyone back on the workplace's language (English), and the workplace's default English,
so later steps read English."""

import time

from selenium.common.exceptions import WebDriverException

from flows import KIOSK_PUNCHERS, approve, ask_for_work, deal_row, pick_another, switch_to_dutch
from harness import DESKTOP, LIVE, LOAD, PASSWORD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()


def as_dutch_browser(browser):
    """Makes Chromium send `Accept-Language: nl-NL,nl` and report Dutch in navigator.languages."""
    agent = browser.script("return navigator.userAgent;")
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "nl-NL,nl;q=0.9"})


def overflowing(browser):
    """Text that does not fit at this width: the page scrolls sideways, or a text container's
    content is wider than its box (Dutch words are longer). Boxes meant to scroll are left out."""
    return browser.script(
        """
        const found = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
        const texts = 'h1,h2,h3,h4,p,li,label,legend,summary,button,a,dt,dd,th,td,span,strong,.badge';
        for (const element of document.querySelectorAll(texts)) {
          if (!element.getClientRects().length || element.closest('[hidden], dialog:not([open]), .visually-hidden, svg')) continue;
          const style = getComputedStyle(element);
          if (['auto', 'scroll'].includes(style.overflowX) || style.display === 'contents') continue;
          if (element.closest('.table-scroll, .week-grid, .scroll-x, pre, code')) continue;
          if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && style.display !== 'inline') {
            const text = (element.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
            if (text) found.push(`<${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}> "${text}" (${element.scrollWidth} > ${element.clientWidth})`);
          }
        }
        return found.slice(0, 12);
        """)


def dutch_shot(browser, name, findings, sizes=(PHONE, DESKTOP)):
    """Screenshots `nl-<name>-{phone,desktop}.png` once the page is laid out for each size, and
    collects what overflows at 390 px."""
    for size in sizes:
        browser.set_size(size)
        suffix = "phone" if size == PHONE else "desktop"
        browser.screenshot(f"nl-{name}-{suffix}", check=False)
        if size == PHONE:
            findings += [f"{name} (390 px): {problem}" for problem in overflowing(browser)]
    browser.set_size(DESKTOP)


def expect_words(browser, words, where):
    """The page reads Dutch: each of `words` is on screen (nav, tab bar, headings the shell owns);
    innerText follows CSS text-transform, so the comparison ignores case."""
    def shown():
        text = browser.script("return document.body.innerText;").lower()
        return all(word.lower() in text for word in words)
    try:
        browser.wait(shown, WAIT, "")
    except StepFailed:
        text = browser.script("return document.body.innerText;")
        missing = [word for word in words if word.lower() not in text.lower()]
        raise StepFailed(f"[{browser.name}] {where} should read Dutch: missing {missing} in {text[:400]!r}") from None


def run(s):
    findings = []
    people = {}
    workplace_dutch = False
    try:
        guest = s.open("nl-guest", PHONE)
        as_dutch_browser(guest)
        guest.open_page("/")
        guest.wait_for("#login-form", "the login form should show", timeout=LOAD)
        expect_words(guest, ["Inloggen", "Werkplek", "Gebruikersnaam", "Wachtwoord"], "the login page for a Dutch browser")
        dutch_shot(guest, "login", findings)
        s.close("nl-guest")

        for name in ("anna", "bram", "maria"):
            browser = people[name] = s.open(f"nl-{name}", DESKTOP)
            browser.login(name)
            switch_to_dutch(browser)
        anna, bram, maria = people["anna"], people["bram"], people["maria"]
        expect_words(anna, ["Uitloggen", "Meldingen", "medewerker"], "anna's page after choosing Nederlands")
        expect_words(maria, ["Beheer", "leidinggevende"], "maria's page after choosing Nederlands")

        # Offer → take → approve.
        shift = pick_another(anna, bram, exclude=set())
        anna.go("schedule")
        row = f"#view-schedule [data-shift-id='{shift['id']}']"
        dutch_shot(anna, "schedule", findings)
        bram.set_size(PHONE)
        expect_words(bram, ["Rooster", "Teamweek", "Aangeboden", "Gezocht", "Meer"], "bram's tab bar on a phone")
        bram.set_size(DESKTOP)
        bram.go("market")
        maria.go("approvals")
        anna.click(f"{row} [data-action=supply]", "anna offers her shift (Dutch page)")
        market_row = f"#view-market [data-shift-id='{shift['id']}']"
        bram.wait_for(f"{market_row} [data-action=pick-up]", "bram should see anna's shift on the Dutch marketplace", timeout=LIVE)
        dutch_shot(bram, "market", findings)
        bram.click(f"{market_row} [data-action=pick-up]", "bram takes the shift (Dutch page)")
        bram.wait_for("dialog[open]", "taking a shift asks first")
        bram.screenshot("nl-market-confirm-desktop", check=False)
        bram.confirm_dialog("bram takes the shift (Dutch page)")
        maria.wait_for(deal_row(shift["id"]), "maria should see the pick-up in her Dutch approval queue", timeout=LIVE)
        dutch_shot(maria, "approvals", findings)
        approve(maria, shift["id"], "prima", time.monotonic())
        bram.go("schedule")
        bram.wait_for(f"#view-schedule [data-shift-id='{shift['id']}']", "the shift should be on bram's Dutch schedule", timeout=LIVE)
        dutch_shot(bram, "schedule-after-trade", findings)

        # Request + suggestion, accepted and approved.
        second = pick_another(anna, bram, exclude={shift["date"]})
        coworker_row = ask_for_work(bram, anna, second["date"], page=" (Dutch page)")
        dutch_shot(anna, "requests", findings)
        anna.click(f"{coworker_row} [data-action=suggest]", "anna suggests her shift (Dutch page)")
        accept = f"{coworker_row} [data-shift-id='{second['id']}'] [data-action=accept]"
        bram.wait_for(accept, "bram should see anna's suggestion", timeout=LIVE)
        dutch_shot(bram, "requests-suggestion", findings)
        bram.click(accept, "bram accepts the suggestion (Dutch page)")
        bram.confirm_dialog("bram accepts the suggestion (Dutch page)")
        approve(maria, second["id"], "", time.monotonic())

        # The kiosk (no account): it speaks the workplace's language, so maria makes Dutch the
        # workplace's default for this part; the kiosk's browser asks for Dutch too.
        maria.fetch("PATCH", "/workplace", {"settings": {"language": "nl"}})
        workplace_dutch = True
        member = KIOSK_PUNCHERS["nl-kiosk"]
        kiosk = s.open("nl-kiosk", DESKTOP)
        as_dutch_browser(kiosk)
        kiosk.login("maria")
        kiosk.open_page("/kiosk.html")
        kiosk.wait_for("#setup-form", "the kiosk page should offer maria the set-up", timeout=LOAD)
        expect_words(kiosk, ["Dit apparaat is nog geen prikklok"], "the kiosk set-up")
        kiosk.type("#setup-form input[name=name]", "Balie", "name the kiosk")
        kiosk.click("#setup-form button[type=submit]", "set up the kiosk")
        kiosk.wait_for("#punch-form", "the kiosk should show the punch form", timeout=LOAD)
        expect_words(kiosk, ["Inklokken of uitklokken", "Pincode", "Pauze beginnen"], "the kiosk")
        dutch_shot(kiosk, "kiosk", findings)
        kiosk.type("#kiosk-username", member, f"{member} types his username")
        kiosk.click("input[name=mode][value=password]", "choose password")
        kiosk.type("#kiosk-password", PASSWORD, f"{member} types his password")
        kiosk.click("#punch-button", "punch")
        kiosk.wait_for("#result-title", "the kiosk should confirm the punch")
        kiosk.wait_text("#result-title", lambda text: any(word in text for word in ("Welkom", "Tot ziens")),
                        f"the Dutch kiosk should greet {member} in Dutch")
        detail = kiosk.text("#result-detail")
        if not any(word in detail for word in ("Ingeklokt om", "Uitgeklokt om")):
            raise StepFailed(f"the kiosk should say in Dutch when {member} was checked in or out: {detail}")
        dutch_shot(kiosk, "kiosk-result", findings)
        kiosk_id = next(item["id"] for item in maria.fetch("GET", "/kiosks") if item["name"] == "Balie" and not item["revoked"])
        maria.fetch("DELETE", f"/kiosks/{kiosk_id}")
        s.close("nl-kiosk")

        # The report with its chart.
        maria.go("reports")
        maria.wait(lambda: maria.script(
            "return [...document.querySelectorAll('#view-reports svg')].some((s) => s.getBoundingClientRect().width > 0);"),
            LOAD, "the Dutch report page should draw its chart")
        dutch_shot(maria, "reports", findings)

        # The other main pages in Dutch, for people to look at (and for overflow).
        for view in ("week", "swaps", "now", "notifications", "account", "hours"):
            bram.go(view)
            dutch_shot(bram, view, findings)
        for view in ("team", "settings", "kiosks", "timesheets"):
            maria.go(view)
            dutch_shot(maria, view, findings)
        bram.set_size(PHONE)
        bram.click("#tab-more", "bram opens Meer")
        expect_words(bram, ["Uitloggen", "Taal"], "the phone menu")
        bram.screenshot("nl-menu-phone", check=False)

        if findings:
            raise StepFailed("text does not fit at 390 px in Dutch:\n  " + "\n  ".join(findings))
    finally:
        # Back to English for the steps after this one, whether it passed or not.
        for browser in people.values():
            try:
                browser.fetch("PUT", "/me/language", {"language": None})
            except (StepFailed, WebDriverException):
                pass
        if workplace_dutch:
            people["maria"].fetch("PATCH", "/workplace", {"settings": {"language": "en"}})
