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
