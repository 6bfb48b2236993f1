"""Issue 19: anna picks Nederlands in Account's language picker; the page redraws in Dutch without a
reload (nav, the view, Mijn rooster/Aangeboden/Gezocht), the account remembers the choice (GET
/me), and "Workplace default" brings the workplace's English back.

Builds on 27: anna's desktop page was reloaded there (its session is kept)."""

from harness import WAIT, StepFailed

NEEDS = ("anna",)
LEAVES = ()


def run(s):
    anna = s.browser("anna")
    try:
        anna.fetch("GET", "/me")
    except StepFailed:
        anna.login("anna")
    anna.mark_same_page()

    def choose(value):
        anna.go("account")
        anna.wait_for("#account-language", "Account should offer a language picker")
        anna.script(
            "const select = document.querySelector('#account-language'); select.value = arguments[0];"
            " select.dispatchEvent(new Event('change'));", value)

    def nav_text(view_id):
        return anna.script("return document.querySelector(`[data-nav='${arguments[0]}']`)?.firstChild?.textContent || '';", view_id)

    choose("nl")
    anna.wait(lambda: anna.script("return document.documentElement.lang;") == "nl", WAIT, "choosing Nederlands should switch the page to Dutch")
    anna.wait(lambda: nav_text("schedule") == "Mijn rooster", WAIT, f"the nav should say Mijn rooster, not {nav_text('schedule')!r}")
    anna.wait(lambda: anna.text("#language-title") == "Taal / Language", WAIT, "the account view should be drawn again in Dutch")
    me = anna.fetch("GET", "/me")
    if me.get("language") != "nl" or me.get("languagePreference") != "nl":
        raise StepFailed(f"the account should remember Dutch: language {me.get('language')!r}, preference {me.get('languagePreference')!r}")
    for view_id, heading in (("schedule", "Mijn rooster"), ("market", "Aangeboden"), ("requests", "Gezocht")):
        anna.go(view_id)
        anna.wait(lambda: anna.text(f"#view-{view_id} h1").startswith(heading), WAIT, f"the {view_id} view should be headed {heading!r} in Dutch")
        anna.screenshot(f"nl-account-language-{view_id}")
    anna.assert_not_reloaded("switching the language")

    choose("")
    anna.wait(lambda: anna.script("return document.documentElement.lang;") == "en", WAIT, "Workplace default should bring English back")
    anna.wait(lambda: nav_text("schedule") == "My schedule", WAIT, "the nav should be English again")
    me = anna.fetch("GET", "/me")
    if me.get("languagePreference") is not None or me.get("language") != "en":
        raise StepFailed(f"following the workplace should clear the preference: {me.get('language')!r}, {me.get('languagePreference')!r}")
