"""The room's Alembic migrations (script location ``hoyle.server:migrations``), run by ``db.migrate``."""
