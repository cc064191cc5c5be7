"""The room's database: the schema (SQLAlchemy 2), the engine, and migrations (Alembic, shipped in the package).

What is stored is exactly what rebuilds every table by :func:`hoyle.replay`: the game and its options, the
record's ``start``, every cut and every deal as they were drawn (the pack orders, with each deal's result once
it is settled), every action in order, and the scores.  No seed: live tables shuffle with the OS CSPRNG, and
the record holds the deals.  Seat tokens are stored only as SHA-256 digests.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import StaticPool

__all__ = [
    "ActionRow",
    "Base",
    "ChanceRow",
    "PlaceRow",
    "TableRow",
    "default_url",
    "make_engine",
    "migrate",
    "safe_url",
]

MIGRATIONS = "hoyle.server:migrations"
"""Alembic's script location, as a package resource: works from an installed package as from a checkout."""


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The room's tables."""


class TableRow(Base):
    """A table of the room: its game, options, state and the record's fixed parts."""

    __tablename__ = "room_tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # waiting | playing | over | broken | closed (by its owner) | expired (nobody came) | abandoned (left in play)
    status: Mapped[str] = mapped_column(String(16), index=True)
    place_count: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # the record's "start"
    n_actions: Mapped[int] = mapped_column(Integer, default=0)
    scores: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)  # why a table is broken, closed or expired
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # SHA-256 of the owner's token
    opened_by: Mapped[str | None] = mapped_column(String(64), nullable=True)  # SHA-256 of the opener's address
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class PlaceRow(Base):
    """A place at a table, in order of arrival: a person (with a seat token's digest) or a bot."""

    __tablename__ = "room_places"

    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(16))  # "human" or a bot kind
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seat: Mapped[str | None] = mapped_column(String(8), nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChanceRow(Base):
    """Chance as it happened: a cut (``kind="cut"``) or a deal's pack order and result (``kind="deal"``).

    ``first_action`` is the number of actions taken when it was drawn: where a deal starts in the actions.
    """

    __tablename__ = "room_chance"

    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_action: Mapped[int] = mapped_column(Integer, default=0)


class ActionRow(Base):
    """One accepted action, written in the same transaction that accepts it."""

    __tablename__ = "room_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(8))
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


def default_url(directory: str | Path = ".") -> str:
    """The embedded database: ``hoyle-room.db`` in ``directory`` (the working directory by default)."""
    return f"sqlite:///{(Path(directory) / 'hoyle-room.db').resolve()}"


def safe_url(url: str) -> str:
    """The URL with any password hidden, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # a message must never fail
        return "(unparseable database URL)"


SYNCHRONOUS = ("full", "normal")


def make_engine(url: str, *, synchronous: str = "full") -> Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout and foreign keys, and ``sqlite://`` one shared memory.

    ``synchronous`` is SQLite's setting for a file: ``"full"`` syncs the WAL to the disk at every commit (a
    committed action survives the loss of power), ``"normal"`` leaves it to the operating system until the
    next checkpoint (it survives the room's process being killed, not the machine failing): docs/room.md,
    "Durability".
    """
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"synchronous is one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        memory = u.database in (None, "", ":memory:")
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        if memory:
            kwargs["poolclass"] = StaticPool
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute(f"PRAGMA synchronous={synchronous.upper()}")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config(url: str) -> Any:
    """An Alembic configuration for the room's migrations, without an ini file."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", MIGRATIONS)
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision: creates it on first start, migrates thereafter."""
    from alembic import command

    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
