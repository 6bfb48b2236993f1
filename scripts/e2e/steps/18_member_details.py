"""Issue 17: on Team maria edits a member's name, e-mail and first day of employment (emma becomes
"Emma van Dijk"); all three are saved and the list shows her again."""

from flows import user_id
from harness import WAIT, StepFailed

NEEDS = ("maria",)
LEAVES = ()


def run(s):
    maria = s.browser("maria")
    emma_id = user_id(maria, "emma")
    maria.go("team")
    row = f"#view-team li.member[data-user-id='{emma_id}']"
    maria.click(f"{row} [data-action=manage-member]", "maria opens emma's settings")
    maria.wait(lambda: maria.value_of(f"{row} input[name=employmentStart]", "value"), WAIT, "emma's employment start should load")
    name = maria.visible(f"{row} input[name=displayName]")
    name.clear()
    name.send_keys("Emma van Dijk")
    email = maria.visible(f"{row} input[name=email]")
    email.clear()
    email.send_keys("emma@example.org")
    maria.script("arguments[0].value = '2025-03-01';", maria.visible(f"{row} input[name=employmentStart]"))
    maria.click(f"{row} [data-action=save-member-details]", "maria saves emma's details")
    maria.wait(lambda: maria.fetch("GET", f"/users/{emma_id}")["displayName"] == "Emma van Dijk", WAIT,
               "emma's new name should be saved", poll=0.3)
    if maria.fetch("GET", f"/users/{emma_id}")["email"] != "emma@example.org":
        raise StepFailed("emma's e-mail should be saved")
    # The page saves the name first and the employment after it: wait for the second request too.
    maria.wait(lambda: maria.fetch("GET", f"/users/{emma_id}/employment")["start"] == "2025-03-01", WAIT,
               "emma's employment start should be saved", poll=0.3)
    maria.wait_for(f"{row} .row-title", "the list should show emma again")
    maria.screenshot("team-member-edited")
