"""Polis: rules compiler, engine and reference for Polis: Fight for the Hegemony."""

__version__ = "0.1.0"
