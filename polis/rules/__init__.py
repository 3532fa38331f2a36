"""Rules as data: the schema, the YAML loader and the semantic checks."""
