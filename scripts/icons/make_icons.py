#!/usr/bin/env python3
"""Draws Shifty's app icons: web/icons/shifty.svg and PNGs at 192 and 512 pixels.

One geometry, two outputs: the shapes below are written as SVG and rasterized here (4x4
supersampling, standard library only: zlib for PNG), so no image tool is needed. The icon is a
calendar page with two shift bars on the accent green, inside the maskable safe zone (the
central 80%), so launchers may crop it to a circle or squircle.

Usage: python3 scripts/icons/make_icons.py   (rewrites the files in web/icons/)
"""
import os
import struct
import zlib

ACCENT = (0x1F, 0x6F, 0x5C)
WHITE = (0xFF, 0xFF, 0xFF)
SOFT = (0xE3, 0xF1, 0xEC)
GOLD = (0xF0, 0xB4, 0x29)

# Shapes on a 512-unit canvas: (kind, x, y, width, height, corner radius, colour).
SHAPES = [
    ("rect", 0, 0, 512, 512, 0, ACCENT),            # full bleed: maskable
    ("rect", 116, 126, 280, 270, 28, WHITE),        # the page
    ("rect", 116, 126, 280, 64, 28, SOFT),          # its header band (rounded top)
    ("rect", 116, 162, 280, 28, 0, SOFT),           # squares off the band's lower corners
    ("rect", 170, 100, 28, 62, 14, WHITE),          # binder rings
    ("rect", 314, 100, 28, 62, 14, WHITE),
    ("rect", 152, 228, 150, 44, 22, ACCENT),        # a shift
    ("rect", 210, 302, 150, 44, 22, GOLD),          # a traded shift
]


def inside(shape, px, py):
    _, x, y, w, h, r, _ = shape
    if px < x or px >= x + w or py < y or py >= y + h:
        return False
    if r == 0:
        return True
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def render(size, samples=4):
    scale = 512 / size
    rows = []
    offsets = [(i + 0.5) / samples for i in range(samples)]
    for row in range(size):
        line = bytearray([0])  # filter: none
        for column in range(size):
            total = [0, 0, 0]
            for dy in offsets:
                for dx in offsets:
                    px, py = (column + dx) * scale, (row + dy) * scale
                    colour = (0, 0, 0)
                    for shape in SHAPES:
                        if inside(shape, px, py):
                            colour = shape[6]
                    for channel in range(3):
                        total[channel] += colour[channel]
            count = samples * samples
            line += bytes(round(value / count) for value in total)
        rows.append(bytes(line))
    return b"".join(rows)


def png(size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(render(size), 9)) + chunk(b"IEND", b"")


def svg():
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">']
    for _, x, y, w, h, r, colour in SHAPES:
        fill = "#%02x%02x%02x" % colour
        parts.append(f'  <rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "web", "icons")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "shifty.svg"), "w") as file:
        file.write(svg())
    for size in (192, 512):
        with open(os.path.join(folder, f"shifty-{size}.png"), "wb") as file:
            file.write(png(size))


if __name__ == "__main__":
    main()
