"""What the file picker accepts from the browser: its state is untrusted."""

from __future__ import annotations

import base64

import pytest

from polis.app.picked_file import MAX_NAME, PickedFile, parse_file

LIMIT = 300


def sent(content: bytes, name: str = "house.yaml") -> dict[str, object]:
    return {"name": name, "size": len(content), "data": base64.b64encode(content).decode()}


def test_a_file_arrives_as_the_bytes_that_were_sent() -> None:
    content = "id: x\ntitle: Ölbaum\n".encode()
    assert parse_file(sent(content), LIMIT) == PickedFile("house.yaml", len(content), content)


def test_a_file_over_the_limit_is_named_but_never_read() -> None:
    announced = parse_file({"name": "big.yaml", "size": LIMIT + 1, "data": None}, LIMIT)
    assert announced == PickedFile("big.yaml", LIMIT + 1, None) and announced.too_large
    # a browser that sends it all the same: too large, decoded or not
    assert parse_file(sent(b"x" * (LIMIT + 1)), LIMIT) == PickedFile("house.yaml", LIMIT + 1, None)
    huge = {"name": "big.yaml", "size": 10, "data": "A" * (4 * LIMIT)}
    assert parse_file(huge, LIMIT) == PickedFile("big.yaml", 10, None)


def test_the_size_is_that_of_what_arrived_not_what_the_browser_said() -> None:
    value = sent(b"abc") | {"size": 99}
    assert parse_file(value, LIMIT) == PickedFile("house.yaml", 3, b"abc")


@pytest.mark.parametrize(
    "value",
    [
        None,
        "house.yaml",
        [],
        {},
        {"name": "", "size": 3, "data": "YWJj"},
        {"name": "n" * (MAX_NAME + 1), "size": 3, "data": "YWJj"},
        {"name": 7, "size": 3, "data": "YWJj"},
        {"name": "a.yaml", "size": True, "data": "YWJj"},
        {"name": "a.yaml", "size": -1, "data": "YWJj"},
        {"name": "a.yaml", "size": "3", "data": "YWJj"},
        {"name": "a.yaml", "size": 3, "data": "not base64!"},
        {"name": "a.yaml", "size": 3, "data": 12},
        {"name": "a.yaml", "size": 3, "data": None},  # announced as too large, but it is not
    ],
)
def test_anything_malformed_is_no_file(value: object) -> None:
    assert parse_file(value, LIMIT) is None
