"""Issue 7, step 2b: maria rejects a pick-up with a note (confirmed first, issue 17); bram reads her
name and note in his notifications, live on his desktop and from GET /notifications on his phone;
anna was told at pick-up time that bram picked up her shift.

Builds on 02 and 03: a third shift of anna's on a day bram is free, not on the dates traded there."""

from flows import deal_row, pick_another
from harness import LIVE, PHONE

NEEDS = ("anna", "bram", "maria", "traded_shift", "suggested_shift")
LEAVES = ()

REJECTION_NOTE = "Bram is not trained for the bar yet"


def run(s):
    anna, bram, maria = s.browser("anna"), s.browser("bram"), s.browser("maria")
    third = pick_another(anna, bram, exclude={s.fact("traded_shift")["date"], s.fact("suggested_shift")["date"]})
    anna.fetch("POST", f"/shifts/{third['id']}/supply")
    bram.fetch("POST", f"/shifts/{third['id']}/pick-up")
    maria.go("approvals")
    maria.wait_for(deal_row(third["id"]), "the third pick-up should wait in maria's queue", timeout=LIVE)
    maria.type(f"{deal_row(third['id'])} input[name=note]", REJECTION_NOTE, "maria writes why she rejects")
    maria.click(f"{deal_row(third['id'])} [data-action=reject]", "maria rejects")
    maria.confirm_dialog("maria confirms the rejection (issue 17: confirm before Reject)")
    maria.wait_gone(deal_row(third["id"]), "the rejected deal should leave the queue")
    bram.go("notifications")
    bram.wait(lambda: any(REJECTION_NOTE in element.text and "Maria" in element.text
                          for element in bram.css("#view-notifications .notification-text")),
              LIVE, "bram should read maria's name and note about the rejection")
    bram.screenshot("notifications-rejection-note")

    phone_bram = s.open("phone-bram", PHONE)
    phone_bram.login("bram")
    phone_bram.go("notifications")
    phone_bram.wait(lambda: any(REJECTION_NOTE in element.text for element in phone_bram.css("#view-notifications .notification-text")),
                    LIVE, "bram's phone should show the manager's note too (from GET /notifications)")
    phone_bram.screenshot("notifications-rejection-note-phone")
    s.close("phone-bram")

    anna.go("notifications")
    anna.wait(lambda: any("picked up your shift" in element.text for element in anna.css("#view-notifications .notification-text")),
              LIVE, "anna should hear at pick-up time that bram picked up her shift")
