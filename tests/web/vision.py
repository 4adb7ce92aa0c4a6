"""Colour science for the palette test (issue 29): how a colour looks under
protanopia, deuteranopia and tritanopia, how far apart two colours look, and the
contrast of ink on a tile.

- Colour-vision deficiency: Machado, Oliveira and Fernandes, "A Physiologically-based
  Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6), 2009), the
  severity-1.0 matrices of their table, applied to linear sRGB.
- Distance: CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference
  Formula", 2005) on CIELAB under D65.
- Contrast: WCAG 2.x contrast ratio of relative luminances, (L1 + 0.05) / (L2 + 0.05).
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]
RGB = tuple[float, float, float]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)


def parse(hex_colour: str) -> RGB:
    text = hex_colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"{hex_colour!r}: give #rrggbb")
    r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def linear(rgb: RGB) -> RGB:
    r, g, b = rgb
    return _linear(r), _linear(g), _linear(b)


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` (sRGB, 0..1) as seen with ``vision`` (one of ``VISIONS``)."""
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    lin = linear(rgb)
    out = tuple(sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _gamma(out[0]), _gamma(out[1]), _gamma(out[2])


def luminance(rgb: RGB) -> float:
    r, g, b = linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = linear(rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_bar = (h1p + h2p + 360) / 2
    else:
        hp_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_bar - 30))
         + 0.24 * math.cos(math.radians(2 * hp_bar))
         + 0.32 * math.cos(math.radians(3 * hp_bar + 6))
         - 0.20 * math.cos(math.radians(4 * hp_bar - 63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (dc / s_c) * (d_h / s_h))


def distance(a: str, b: str, vision: str = "normal") -> float:
    """CIEDE2000 between two #rrggbb colours as ``vision`` sees them."""
    return ciede2000(lab(simulate(parse(a), vision)), lab(simulate(parse(b), vision)))
