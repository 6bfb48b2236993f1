"""Checks the browser test runs on every page (issue 17): accessibility with axe-core, and the
invite QR code (decoded from a screenshot, compared module by module with an independent encoder).

axe-core comes from the pinned PyPI package `axe-core-python` (it bundles axe.min.js); the QR
reference encoder is `segno`, the decoder `zxing-cpp` (see scripts/e2e/requirements.txt). Functions
here return findings; the steps (scripts/e2e/steps/) turn them into failed steps.
"""

import os
import struct
import zlib

import axe_core_python
import segno
import zxingcpp

AXE_SOURCE_PATH = os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js")
BLOCKING_IMPACTS = ("serious", "critical")
# Level M byte-mode capacity of versions 1..10: a full symbol has no padding to differ in.
QR_CAPACITY_M = {1: 14, 2: 26, 3: 42, 4: 62, 5: 84, 6: 106, 7: 122, 8: 152, 9: 180, 10: 213}

_axe_source = None


def axe_violations(driver, page):
    """Runs axe-core in the page as it is now; the serious and critical violations, in words."""
    global _axe_source
    if _axe_source is None:
        with open(AXE_SOURCE_PATH, encoding="utf-8") as source:
            _axe_source = source.read()
    if not driver.execute_script("return typeof window.axe === 'object';"):
        driver.execute_script(_axe_source)
    result = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        window.axe.run(document, { resultTypes: ['violations'] })
          .then((r) => done({ violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + (n.failureSummary ? ' — ' + n.failureSummary.replace(/\\s+/g, ' ').slice(0, 200) : '')) })) }))
          .catch((error) => done({ error: String(error) }));
        """)
    if "error" in result:
        return [f"{page}: axe failed to run: {result['error']}"]
    return [f"{page}: {v['impact']} {v['id']} ({v['help']}): {'; '.join(v['nodes'])}"
            for v in result["violations"] if v["impact"] in BLOCKING_IMPACTS]


def png_to_gray(png):
    """Decodes an 8-bit, non-interlaced PNG (what Chromium's screenshots are) to (width, height, gray bytes)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat, header = 8, [], None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        data = png[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            idat.append(data)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    previous = bytearray(stride)
    gray = bytearray(width * height)
    offset = 0
    for row in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        for x in range(width):
            pixel = line[x * channels:x * channels + min(channels, 3)]
            gray[row * width + x] = pixel[0] if channels < 3 else (pixel[0] * 299 + pixel[1] * 587 + pixel[2] * 114) // 1000
        previous = line
    return width, height, bytes(gray)


def decode_qr_png(png):
    """The texts of the QR codes zxing-cpp finds in a PNG screenshot."""
    width, height, gray = png_to_gray(png)
    image = memoryview(bytearray(gray)).cast("B", (height, width))
    return [barcode.text for barcode in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def decode_qr_matrix(rows, scale=4, quiet=4):
    """Draws a module matrix ('0'/'1' strings) as a gray image and decodes it with zxing-cpp."""
    size = len(rows)
    width = (size + 2 * quiet) * scale
    pixels = bytearray([255]) * (width * width)
    for r, row in enumerate(rows):
        for c, module in enumerate(row):
            if module == "1":
                for dy in range(scale):
                    start = ((r + quiet) * scale + dy) * width + (c + quiet) * scale
                    pixels[start:start + scale] = b"\x00" * scale
    image = memoryview(pixels).cast("B", (width, width))
    return [barcode.text for barcode in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def qr_reference_cases():
    """(text, version, mask) for every version 1..10 and mask 0..7, each text filling its version."""
    cases = []
    for version, capacity in QR_CAPACITY_M.items():
        for mask in range(8):
            prefix = f"https://shifty.example/#/join?v={version}&m={mask}&c="
            text = (prefix + "ABCDEFGHJKMNPQRSTVWXYZ23456789" * 8)[:capacity]
            cases.append((text, version, mask))
    return cases


def qr_reference_matrix(text, version, mask):
    code = segno.make(text, error="m", mode="byte", version=version, mask=mask, boost_error=False)
    return ["".join("1" if module else "0" for module in row) for row in code.matrix]
