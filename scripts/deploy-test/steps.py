"""What the deploy and HA scenarios share for reporting: a failed check and the phase/step lines."""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def phase(title):
    print(f"\n--- {title}", flush=True)


def say(message):
    print(f"    {message}", flush=True)


def isolate_environment(repo):
    """The instances get their settings from the scenario only; the binary is a copy outside the
    repository, as when installed, so it is pointed at the API description."""
    import os
    for key in [k for k in os.environ if k.startswith("SHIFTY_") or k == "DATABASE_URL"]:
        del os.environ[key]
    os.environ["SHIFTY_OPENAPI"] = os.path.join(repo, "openapi.yaml")


async def run_scenario(scenario):
    """Runs a scenario, always shuts it down, and answers the process's exit code."""
    import sys
    import time
    started = time.monotonic()
    try:
        await scenario.run()
    except (Failure, AssertionError) as error:
        print(f"\nFAIL: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        await scenario.shutdown()
    print(f"\nscenario passed in {time.monotonic() - started:.1f} s", flush=True)
    return 0
