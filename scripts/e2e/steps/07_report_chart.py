"""Issue 7, step 4: the report page draws its chart (an <svg> with data marks)."""

from harness import LOAD

NEEDS = ("maria",)
LEAVES = ()


def run(s):
    maria = s.browser("maria")
    maria.go("reports")
    maria.wait(lambda: maria.script(
        """
        const svg = [...document.querySelectorAll('#view-reports svg')].find((s) => s.getBoundingClientRect().width > 0);
        if (!svg) return false;
        const marks = svg.querySelectorAll('polyline[points]:not([points=""]), rect, circle, path[d], polygon[points]');
        return marks.length > 2;
        """), LOAD, "the report page should draw an <svg> chart with data")
    maria.screenshot("reports")
