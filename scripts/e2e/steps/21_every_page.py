"""Issue 17: every page at 390x844 and 1366x900 (pages-<view>-{phone,desktop}.png), each checked by
axe-core for serious and critical violations: the login page (a failed login says why next to the
form), the kiosk page, every manager page at both sizes (chart labels never overlap on the reports,
also on a phone) and every employee page on a phone."""

from flows import views_for
from harness import DESKTOP, LOAD, PHONE, StepFailed

NEEDS = ()
LEAVES = ()

# Chart labels that share a group must not collide (issue 17).
_OVERLAPPING_LABELS = """
const found = [];
for (const group of document.querySelectorAll('#view-reports svg g')) {
  const boxes = [...group.querySelectorAll(':scope > text.chart-label')].map((t) => [t.textContent, t.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i]; const [b, q] = boxes[j];
    if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) found.push(`${a} / ${b}`);
  }
}
return found;
"""


def run(s):
    findings = []
    guest = s.open("pages-guest", PHONE)
    guest.open_page("/")
    guest.wait_for("#login-form", "the login page", timeout=LOAD)
    # A failed login says why next to the form, not only in the toast at the bottom.
    guest.type("#login-form input[name=workplace]", "demo", "a wrong password")
    guest.type("#login-form input[name=username]", "anna", "a wrong password")
    guest.type("#login-form input[name=password]", "not her password", "a wrong password")
    guest.click("#login-form button[type=submit]", "log in with a wrong password")
    error = guest.wait_for("#login-form .form-error[role=alert]", "a failed login should say why next to the form")
    if not error.text.strip():
        raise StepFailed("the login error next to the form is empty")
    guest.screenshot("login-error-phone", check=False)
    findings += guest.axe("login (phone)")
    guest.open_page("/kiosk.html")
    guest.wait(lambda: guest.visible("#kiosk-setup") or guest.visible("#kiosk-punch"), LOAD, "the kiosk page should load")
    findings += guest.axe("kiosk (phone)")
    guest.screenshot("pages-kiosk-phone", check=False)

    desktop = s.open("pages-desktop", DESKTOP)
    desktop.open_page("/kiosk.html")
    desktop.wait(lambda: desktop.visible("#kiosk-setup") or desktop.visible("#kiosk-punch"), LOAD, "the kiosk page should load")
    desktop.screenshot("pages-kiosk-desktop", check=False)
    findings += desktop.axe("kiosk (desktop)")
    desktop.open_page("/")
    desktop.wait_for("#login-form", "the login page", timeout=LOAD)
    desktop.screenshot("pages-login-desktop", check=False)
    findings += desktop.axe("login (desktop)")
    guest.open_page("/")
    guest.wait_for("#login-form", "the login page", timeout=LOAD)
    guest.screenshot("pages-login-phone", check=False)
    s.close("pages-guest")

    phone_maria = s.open("pages-phone", PHONE)
    for browser, size in ((desktop, "desktop"), (phone_maria, "phone")):
        browser.login("maria")
        for view in views_for(browser):
            browser.go(view)
            # Charts and previews fill in after the section renders.
            browser.settle(f"the {view} page")
            browser.screenshot(f"pages-{view}-{size}")
            if view == "reports":
                browser.wait(lambda: browser.css("#view-reports .chart-frame-days[aria-busy=false] svg"), LOAD,
                             "the report's chart should be drawn")
                overlaps = browser.script(_OVERLAPPING_LABELS)
                if overlaps:
                    raise StepFailed(f"chart labels overlap at {size} size: {overlaps}")
            findings += browser.axe(f"{view} ({size}, manager)")
        s.close(browser.name)

    employee = s.open("pages-employee-phone", PHONE)
    employee.login("anna")
    for view in views_for(employee):
        employee.go(view)
        employee.settle(f"the {view} page")
        findings += employee.axe(f"{view} (phone, employee)")
    if findings:
        raise StepFailed("axe-core found serious or critical accessibility problems:\n  " + "\n  ".join(findings))
