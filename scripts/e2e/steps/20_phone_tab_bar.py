"""Issue 17: on a 390x844 phone anna navigates by the bottom tab bar: it shows the live state (also
scrolled), marks the current tab, every page has exactly one h1, a message never covers the last
row, Requests lists what coworkers ask before the folded date picker, and More reaches the rest."""

from harness import LOAD, PHONE, WAIT, StepFailed

NEEDS = ()
LEAVES = ()


def run(s):
    phone = s.open("tabs-phone", PHONE)
    phone.login("anna")
    phone.wait_for("#tabbar", "phones should show the bottom tab bar")
    phone.wait(lambda: phone.text("#tab-live") == "Live", WAIT, "the tab bar should say the page is live")
    for view in ("week", "market", "requests", "schedule"):
        phone.click(f"#tabbar a[data-nav='{view}']", f"anna taps {view} in the tab bar")
        phone.wait_for(f"#view-{view}", f"the {view} view should open from the tab bar", timeout=LOAD)
        phone.wait(lambda: phone.css(f"#tabbar a[data-nav='{view}'][aria-current=page]"), WAIT, f"the {view} tab should be marked current")
        shown = [h1.text for h1 in phone.css("h1") if h1.is_displayed()]
        if len(shown) != 1:
            raise StepFailed(f"the {view} page should show exactly one h1, not {shown}")
    phone.script("window.scrollTo(0, document.body.scrollHeight);")
    if not phone.visible("#tab-live"):
        raise StepFailed("the live state should stay visible when the page is scrolled")
    # A message never covers the last row: scrolled to the end, the view ends above the toast and the tab bar.
    covered = phone.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/ui.js').then(({ say }) => {
          say('A message on a phone', 'info');
          window.scrollTo(0, document.body.scrollHeight);
          requestAnimationFrame(() => {
            const rows = document.querySelectorAll('#view .row, #view li');
            const last = rows[rows.length - 1];
            const message = document.getElementById('message').getBoundingClientRect();
            const tabbar = document.getElementById('tabbar').getBoundingClientRect();
            done(last ? [last.getBoundingClientRect().bottom, message.top, tabbar.top] : null);
          });
        });
        """)
    if covered is None or covered[0] > covered[1] or covered[1] > covered[2]:
        raise StepFailed(f"the message or the tab bar covers the last row (row bottom, message top, tab bar top): {covered}")
    phone.click("#tabbar a[data-nav='requests']", "anna opens Requests")
    phone.wait_for("#view-requests #other-requests-title", "Requests should list what coworkers ask", timeout=LOAD)
    order = phone.script(
        "const s = document.getElementById('view-requests'); const o = s.querySelector('#other-requests-title'); const a = s.querySelector('#ask-details');"
        " return [Boolean(o.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING), a.open];")
    if order != [True, False]:
        raise StepFailed(f"Requests should show coworkers first and the date picker folded: {order}")
    phone.screenshot("requests-phone")
    phone.click("#tab-more", "anna opens More")
    phone.click("#nav a[data-nav='notifications']", "anna picks Notifications from More")
    phone.wait_for("#view-notifications", "the notifications view should open from More", timeout=LOAD)
    phone.screenshot("tabbar-more-phone")
