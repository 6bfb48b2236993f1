"""Issue 17: maria makes an invite, shown as a link and a QR code. The code on screen decodes
(zxing-cpp) to the link; the page's qr.js matches an independent encoder (segno) module by module
for every version 1-10 and mask; the link opens the join form on a phone, filled in with the
workplace and the code."""

import page_checks
from harness import LOAD, PHONE, WAIT, StepFailed

NEEDS = ("maria",)
LEAVES = ()


def run(s):
    maria = s.browser("maria")
    maria.go("team")
    maria.click("#invite-form button[type=submit]", "maria makes an invite")
    link = maria.wait_for(".invite-link", "the invite should be shown as a link").text
    qr = maria.wait_for("svg.invite-qr", "the invite should be shown as a QR code")
    maria.script("arguments[0].scrollIntoView({block: 'center'});", qr)
    decoded = page_checks.decode_qr_png(qr.screenshot_as_png)
    if decoded != [link]:
        raise StepFailed(f"the QR code on screen should decode to the invite link {link!r}; zxing-cpp read {decoded!r}")
    maria.screenshot("team-invite-qr")
    cases = page_checks.qr_reference_cases()
    matrices = maria.driver.execute_async_script(
        """
        const [cases, done] = arguments;
        import('/qr.js').then((qr) => done(cases.map(([text, version, mask]) =>
          qr.encodeQR(text, { version, mask }).map((row) => row.map((on) => (on ? '1' : '0')).join('')))))
          .catch((error) => done(String(error)));
        """, cases)
    if not isinstance(matrices, list):
        raise StepFailed(f"qr.js failed: {matrices}")
    for (text, version, mask), matrix in zip(cases, matrices):
        if matrix != page_checks.qr_reference_matrix(text, version, mask):
            raise StepFailed(f"qr.js differs from segno for version {version}, mask {mask}")
        if page_checks.decode_qr_matrix(matrix) != [text]:
            raise StepFailed(f"zxing-cpp cannot read qr.js's version {version}, mask {mask}")

    joiner = s.open("joiner", PHONE)
    joiner.driver.get(link)
    joiner.wait_for("#signup-form input[name=displayName]", "the invite link should open the join form", timeout=LOAD)
    code = maria.css(".code-box code.code")[0].text

    def filled():
        return joiner.script("const f = document.getElementById('signup-form'); return [f.elements.workplace.value, f.elements.inviteCode.value];")
    try:
        joiner.wait(lambda: filled() == ["demo", code], WAIT, "the join form should be filled with the workplace and code")
    except StepFailed as failure:
        raise StepFailed(f"{failure}: {filled()}") from None
    joiner.screenshot("join-from-invite-link-phone", check=False)
