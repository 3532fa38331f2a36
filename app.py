"""Streamlit entry point: a thin router; pages live in app_pages/."""

import streamlit as st

st.set_page_config(page_title="Polis rules reference", page_icon="🏛️", layout="wide")
page = st.navigation(
    [st.Page("app_pages/rulesets.py", title="Rulesets", icon=":material/menu_book:")]
)
page.run()
