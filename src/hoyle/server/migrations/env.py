"""Alembic's environment for the room's schema.

Run by :func:`hoyle.server.db.migrate` on every start of ``hoyle serve`` (with the connection in
``config.attributes["connection"]``), or by hand from a checkout or an installed package (docs/room.md)::

    from alembic import command
    from hoyle.server.db import alembic_config
    command.upgrade(alembic_config("sqlite:///hoyle-room.db"), "head")

Importing this module outside Alembic does nothing (the test suite imports every module for its doctests).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, pool

from hoyle.server.db import Base

target_metadata = Base.metadata


def _url() -> str:
    x = context.get_x_argument(as_dictionary=True)
    return x.get("url") or context.config.get_main_option("sqlalchemy.url") or ""


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """Run the migrations offline (SQL to standard output) or online (on a connection)."""
    if context.is_offline_mode():
        context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(_url(), poolclass=pool.NullPool)
    with engine.connect() as conn:
        _run(conn)
        conn.commit()


if getattr(context, "_proxy", None) is not None:  # set only while Alembic runs this file
    main()
