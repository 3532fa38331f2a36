"""Streamlit entry point: the frame (language, ruleset) and the router. Pages live in app_pages/."""

import streamlit as st

from polis.app import chrome_words, links, session
from polis.app.session import _
from polis.i18n import LANGUAGES

st.set_page_config(page_title="Polis", page_icon="🏛️", layout="wide")
PHONE_NAV_STYLE = """<style>
.st-key-phone_nav { display: none; }
@media (max-width: 640px) {
  .st-key-phone_nav { display: flex; flex-wrap: wrap; gap: 0 0.2rem; margin: -0.5rem 0 0.3rem; }
  .st-key-phone_nav a { padding: 0.1rem 0.35rem; }
}
</style>"""
session.init()

# option labels are computed here, so the format functions never touch session state
language_labels = {code: session.language_label(code) for code in LANGUAGES}
ruleset_labels = {rid: session.ruleset_label(rid) for rid in session.ruleset_ids()}
with st.sidebar:
    st.selectbox(_("Language"), LANGUAGES, key="lang", format_func=language_labels.__getitem__)
    st.selectbox(
        _("Ruleset"), list(ruleset_labels), key="ruleset", format_func=ruleset_labels.__getitem__
    )
    st.caption(
        _("Polis: Fight for the Hegemony, by Fran Díaz. Rules of both editions as checked data.")
    )
    links.mount()
    chrome_words.mount()
session.sync_params()  # the address follows the sidebar's language and ruleset on every page

pages = [
    st.Page(
        "app_pages/start.py",
        title=session.tr().pgettext("page", "Start"),  # the page, not the button
        icon=":material/home:",
        default=True,
    ),
    st.Page(
        "app_pages/reference.py", title=_("Rules"), icon=":material/menu_book:", url_path="rules"
    ),
    st.Page(
        "app_pages/compare.py",
        title=_("Compare"),
        icon=":material/compare_arrows:",
        url_path="compare",
    ),
    st.Page("app_pages/play.py", title=_("Play"), icon=":material/swords:", url_path="play"),
    st.Page("app_pages/data.py", title=_("Data"), icon=":material/dataset:", url_path="data"),
]
page = st.navigation(pages, position="top")
# a phone folds the top navigation behind the sidebar's button: the pages stay in view here
st.html(PHONE_NAV_STYLE)
with st.container(key="phone_nav", horizontal=True, gap="small"):
    for each in pages:
        st.page_link(each, label=each.title, icon=each.icon)
page.run()
