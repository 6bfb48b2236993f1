"""The browser test's steps, run in the order of their numbers by scripts/e2e/test_browser.py.

Each module has a docstring (what it shows), `NEEDS` (browsers and facts earlier steps left for it),
`LEAVES` (what it hands on) and `run(scenario)`. Steps also build on what earlier steps did to the
demo workplace; each docstring says where it does ("Builds on").
"""
