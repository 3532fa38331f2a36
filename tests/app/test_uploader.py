"""The uploader's button and limits line, worded by the app instead of Streamlit's English."""

from __future__ import annotations

import re

import pytest

from polis.app.uploader import css_string, style


def test_the_style_words_both_texts_of_that_uploader_only() -> None:
    css = style("record_upload", "Загрузить файл", "2 МБ на файл • JSON")
    after = re.findall(r"(\S+(?: \S+)*)::after \{ content: (\"[^\"]*\")", css)
    assert [content for _sel, content in after] == ['"Загрузить файл"', '"2 МБ на файл • JSON"']
    # every rule is scoped to the one uploader's key
    rules = [line for line in css.splitlines() if "{" in line]
    assert len(rules) == 4 and all(r.startswith(".st-key-record_upload ") for r in rules)


def test_no_text_can_end_the_css_string_or_the_style() -> None:
    quoted = css_string('a"b\\c</style><script>\n')
    assert quoted.count('"') == 2 and "<" not in quoted and ">" not in quoted
    assert "\n" not in quoted and "\\" + "5c " in quoted


@pytest.mark.parametrize("key", ["a b", "x{y}", 'k"', ""])
def test_a_key_that_is_not_a_widget_key_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        style(key, "Upload", "2 MB")


def test_an_uploaded_files_size_is_worded_when_there_is_one() -> None:
    bare = style("overlay_upload", "Upload", "256 kB per file • YAML")
    assert "stFileChip" not in bare
    css = style("overlay_upload", "Upload", "256 kB per file • YAML", file_size="1,2 kB")
    chip = [line for line in css.splitlines() if "stFileChip" in line]
    assert len(chip) == 2 and all(r.startswith(".st-key-overlay_upload ") for r in chip)
    assert chip[0].endswith("{ font-size: 0; }") and 'content: "1,2 kB"' in chip[1]
