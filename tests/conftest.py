"""Fixtures for more than one test module: ``db_url``, the room's database on SQLite and on PostgreSQL (see
test_room_kit.py)."""

from test_room_kit import db_url  # noqa: F401
