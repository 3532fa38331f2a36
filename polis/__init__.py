"""Polis: rules compiler, engine and reference for Polis: Fight for the Hegemony."""

from polis import native

__version__ = "0.1.0"

native.install()  # the compiled engine, if it was built from this very source
