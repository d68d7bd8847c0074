"""``/<game> learn``: a course per game, a lesson per rule (``course``: the lessons as data,
one TOML file per game in this folder, read and checked against the engine)."""
