#!/usr/bin/env python3
"""End-to-end test of the browser page in real headless Chromium (issue 7, "Done means").

Starts its own `shifty serve --demo` (embedded PostgreSQL in a temporary folder, cheap Argon2) and
drives separate browser sessions (employees, a manager, kiosks, guests; phones at 390x844 and
desktops at 1366x900) through the public page only, in English and in Dutch, with axe-core on
every page. The steps are scripts/e2e/steps/<nn>_<what>.py, run in the order of their numbers;
each says in its docstring what it shows, and in `NEEDS`/`LEAVES` which browsers and facts it
takes from earlier steps and hands on. The runner checks that order before it starts, and closes
every browser no later step needs. Shared pieces: harness.py (server, browser, waits, scenario),
flows.py (the shift domain's helpers), page_checks.py (axe-core, the QR code).

No step sleeps for a fixed time: every wait is for a condition, with a generous timeout, and no
step asserts how long something took (the live latencies are printed). A failure names the step,
saves failure-<browser>.png and .txt (the page's text) for every open browser, and prints the
consoles' problems and the server log's tail. Screenshots go to test-artifacts/screenshots/.

Usage: scripts/e2e/test_browser.py --binary .build/debug/shifty [--repeat N]
"""

import argparse
import importlib
import os
import re
import shutil
import sys
import tempfile
import time
import traceback

from selenium.common.exceptions import WebDriverException

from harness import ROOT, SCREENSHOTS, Scenario, StepFailed, find_binary, start_server

STEPS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "steps")


def load_steps():
    """The step modules in the order of their numbers, checked: each needs only what an earlier
    step leaves, and says what it shows."""
    names = sorted(name[:-3] for name in os.listdir(STEPS_DIR) if re.fullmatch(r"\d\d_\w+\.py", name))
    steps, left = [], set()
    for name in names:
        module = importlib.import_module(f"steps.{name}")
        module.NAME = name
        if not module.__doc__ or not callable(getattr(module, "run", None)):
            raise SystemExit(f"error: steps/{name}.py needs a docstring and run(scenario)")
        missing = [need for need in module.NEEDS if need not in left]
        if missing:
            raise SystemExit(f"error: steps/{name}.py needs {missing}, which no earlier step leaves")
        left |= set(module.LEAVES)
        steps.append(module)
    return steps


def run_once(binary, steps, attempt):
    if os.path.isdir(SCREENSHOTS):
        for stale in os.listdir(SCREENSHOTS):
            if stale.startswith("failure-"):
                os.remove(os.path.join(SCREENSHOTS, stale))
    workdir = tempfile.mkdtemp(prefix="shifty-e2e-")
    os.chmod(workdir, 0o755)  # the embedded cluster runs as the postgres user when we are root
    started = time.monotonic()
    server, scenario, step = None, None, None
    try:
        server = start_server(binary, workdir)
        scenario = Scenario(binary, server, workdir)
        for index, step in enumerate(steps):
            began = time.monotonic()
            scenario.begin(step.NAME, step.NEEDS)
            step.run(scenario)
            unmade = [name for name in step.LEAVES if name not in scenario.browsers and name not in scenario.facts]
            if unmade:
                raise StepFailed(f"{step.NAME} should leave {unmade} for later steps")
            scenario.close_all_but({need for later in steps[index + 1:] for need in later.NEEDS})
            print(f"  ok {step.NAME} ({time.monotonic() - began:.1f} s)", flush=True)
        step = None
    except Exception as failure:  # noqa: BLE001 - every failure is reported the same way, then the run ends
        where = f" in {step.NAME}" if step else ""
        if isinstance(failure, StepFailed):
            print(f"FAIL (run {attempt}){where}: {failure}", file=sys.stderr)
        elif isinstance(failure, WebDriverException):
            print(f"FAIL (run {attempt}){where}: the browser failed: {failure.msg or failure}\n{traceback.format_exc(limit=-3)}", file=sys.stderr)
        else:
            print(f"FAIL (run {attempt}){where}:\n{traceback.format_exc()}", file=sys.stderr)
        if scenario:
            for browser in scenario.browsers.values():
                browser.failure_snapshot()
        print(f"Screenshots: {SCREENSHOTS}\n--- server log (tail) ---\n{server.tail() if server else '(no server)'}", file=sys.stderr)
        return False
    finally:
        if scenario:
            scenario.close_all_but(set())
            if scenario.console_problems:
                print("Browser console problems:\n  " + "\n  ".join(scenario.console_problems), file=sys.stderr)
        if server:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    summary = ", ".join(f"{name} {value:.2f}" for name, value in scenario.timings.items())
    print(f"ok (run {attempt}, {time.monotonic() - started:.1f} s): {summary}")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="the shifty executable (default .build/debug/shifty)")
    parser.add_argument("--repeat", type=int, default=1, help="run the whole scenario this many times")
    arguments = parser.parse_args()
    binary = find_binary(arguments.binary)
    steps = load_steps()
    results = [run_once(binary, steps, attempt) for attempt in range(1, arguments.repeat + 1)]
    print(f"browser end-to-end: {results.count(True)} of {len(results)} runs passed; screenshots in {os.path.relpath(SCREENSHOTS, ROOT)}/")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
