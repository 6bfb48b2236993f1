"""A change whose answer is lost (docs/idempotency.md): the page's fetch is made to lose the first
answer after the server acted, as a dropped connection during a failover would. The page sends the
change again with the same Idempotency-Key, says so meanwhile, and the server answers the stored
first answer (Idempotent-Replayed) instead of acting twice."""

from flows import future_own_shifts
from harness import LOAD, StepFailed

NEEDS = ("anna",)
LEAVES = ()


def run(s):
    anna = s.browser("anna")
    anna.go("schedule")
    mine = future_own_shifts(anna)
    if not mine:
        raise StepFailed("the demo data should give anna another future scheduled shift")
    row = f"#view-schedule [data-shift-id='{mine[0]['id']}']"
    anna.wait_for(f"{row} [data-action=supply]", "the shift should be offerable")
    anna.script(
        """
        const real = window.fetch.bind(window);
        window.__sent = [];
        // The retry waits until the test has seen the banner (window.__release), however slow the machine.
        const released = new Promise((resolve) => { window.__release = resolve; });
        window.fetch = async (url, options = {}) => {
          if ((options.method || 'GET') !== 'GET' && window.__sent.length === 1) await released;
          const response = await real(url, options);
          if ((options.method || 'GET') === 'GET') return response;
          window.__sent.push({ key: options.headers['Idempotency-Key'], replayed: response.headers.get('Idempotent-Replayed') });
          if (window.__sent.length === 1) throw new TypeError('Failed to fetch (the test lost this answer)');
          return response;
        };
        """)
    anna.click(f"{row} [data-action=supply]", "anna offers a shift while the answer gets lost")
    anna.wait_for("#retry-banner", "the page should say it sends the change again")
    anna.screenshot("retrying")
    anna.script("window.__release();")
    anna.wait_for(f"{row} [data-action=revoke]", "the retried change should show as done", timeout=LOAD)
    anna.wait_gone("#retry-banner", "the retry banner should go once the change is answered")
    sent = anna.script("return window.__sent;")
    if len(sent) != 2 or not sent[0]["key"] or sent[0]["key"] != sent[1]["key"]:
        raise StepFailed(f"[anna] the change should be sent twice with one Idempotency-Key: {sent!r}")
    if sent[0]["replayed"] is not None or sent[1]["replayed"] != "true":
        raise StepFailed(f"[anna] the second answer should be the stored first one (Idempotent-Replayed): {sent!r}")
    anna.driver.refresh()
