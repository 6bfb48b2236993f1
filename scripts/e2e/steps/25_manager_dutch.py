"""Issue 19: the manager pages in Dutch on a phone: each headed in Dutch, with plural counts and
month and weekday names by the language's locale, no catalogue key on screen and nothing wider
than 390 px (dutch-<view>-phone.png)."""

from harness import LOAD, PHONE, StepFailed

NEEDS = ()
LEAVES = ()

EXPECTED = {  # view: (heading, words on the page)
    "reports": ("Rapporten", None),  # the month's name is filled in below
    "team": ("Team", "medewerkers."),
    "fixed-shifts": ("Vaste diensten", "maandag"),
    "settings": ("Instellingen", "Prikklok"),
    "timesheets": ("Urenstaten", "Iedereen goedkeuren"),
    "punches": ("Prikken", "Nu ingeklokt"),
    "closed-days": ("Sluitingsdagen", "Dag sluiten"),
    "staffing": ("Bezetting", "Bezetting toevoegen"),
    "kiosks": ("Kiosken", "Kiosk instellen"),
    "time-off-queue": ("Verlofaanvragen", "Goedgekeurd verlof"),
}


def run(s):
    phone = s.open("maria-nl", PHONE)
    phone.login("maria")
    switched = phone.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/i18n.js').then((i18n) => i18n.setLanguage('nl')).then(done, (error) => done(String(error)));")
    if switched != "nl":
        raise StepFailed(f"the page should switch to Dutch: {switched}")
    month = phone.script(
        "return new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: arguments[0] }).format(new Date());",
        phone.fetch("GET", "/me")["workplace"]["timeZone"])
    expectations = dict(EXPECTED, reports=("Rapporten", f"Prikklokrapport, {month}"))
    for view, (heading, words) in expectations.items():
        phone.go(view)
        phone.wait(lambda: words.lower() in phone.text("#view").lower(), LOAD, f"the Dutch {view} page should say {words!r}")
        shown = phone.script(
            """
            const view = document.getElementById('view');
            const width = document.documentElement.clientWidth;
            const wide = [...view.querySelectorAll('*')].filter((element) => !element.closest('.table-scroll, .chart-frame')
              && element.getBoundingClientRect().right > width + 1).map((element) => element.tagName + ' ' + element.textContent.trim().slice(0, 30));
            return { heading: view.querySelector('h1')?.textContent ?? '', keys: view.innerText.match(/\\bmanage\\.[A-Za-z.]+/g) || [], wide: wide.slice(0, 5) };
            """)
        if shown["heading"] != heading:
            raise StepFailed(f"the Dutch {view} page should be headed {heading!r}: {shown['heading']!r}")
        if shown["keys"]:
            raise StepFailed(f"the Dutch {view} page shows catalogue keys instead of sentences: {shown['keys']}")
        if shown["wide"]:
            raise StepFailed(f"the Dutch {view} page is wider than the phone: {shown['wide']}")
        phone.screenshot(f"dutch-{view}-phone")
