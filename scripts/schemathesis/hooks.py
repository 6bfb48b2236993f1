"""Schemathesis hooks for Shifty's spec run (scripts/schemathesis/run.sh).

Hypothesis names its strategies by parsing the source of their lambdas; on CPython 3.11.7 that
parse sometimes fails inside schemathesis with "AST constructor recursion depth mismatch", which
stops an operation's cases with a runtime error that says nothing about Shifty. The description is
only a name, so a failure to make it falls back to a plain one.
"""
from hypothesis.internal import lambda_sources

_describe = lambda_sources.lambda_description


def _lambda_description(function):
    try:
        return _describe(function)
    except (SystemError, KeyError, SyntaxError, RecursionError):
        return "lambda"


lambda_sources.lambda_description = _lambda_description
