"""The app's server: Streamlit's own serving app.py, each page told where the server is.

    streamlit run polis/app/serve.py   (./run app, the browser tests, polis bench --app)

Without it Streamlit's page, opened at a page's address (`/play`, a shared game's
link), asks two wrong addresses first, and the browser logs two 404s on every
such visit (polis.app.server_address says why and how).
"""

from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware

from polis.app.server_address import ServerAddress

APP = Path(__file__).resolve().parents[2] / "app.py"
app = st.App(str(APP), middleware=[Middleware(ServerAddress)])
