"""Plane geometry for the board layout: outlines as points, point in polygon.

The layout writes outlines and routes like SVG's `points` attribute
("x,y x,y ..."); the schema has checked the form before these run.
"""

from __future__ import annotations

import math

Pt = tuple[int, int]


def parse_points(text: str) -> tuple[Pt, ...]:
    """'12,30 15,33' -> ((12, 30), (15, 33))."""
    out = []
    for pair in text.split():
        x, y = pair.split(",")
        out.append((int(x), int(y)))
    return tuple(out)


def inside(point: tuple[float, float], polygon: tuple[Pt, ...]) -> bool:
    """Even-odd rule: is `point` inside the closed `polygon`?"""
    x, y = point
    hit = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
